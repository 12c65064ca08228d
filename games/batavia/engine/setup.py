"""Setting up a game of Batavia (rules, "Setup"): the track and the deck shuffled from a seed, the
checks a given track and deck must pass (a record brings its own), and the game's first state.

>>> s = new_game(["Red", "Blue", "Green"], seed=1)
>>> s.phase, s.round, s.names[s.auctioneer], len(s.track)
('auction', 1, 'Red', 35)
"""

from __future__ import annotations

from collections.abc import Sequence

from . import rng
from .components import COMPANIES, COMPANY_INDEX, GOODS, NO_CARDS, Tile, count_cards
from .errors import SetupError
from .log import LogCode, LogEntry
from .state import (
    BILLS,
    BLOCK,
    CARDS_PER_COMPANY,
    DEFAULT_CASH_TABLE,
    HAND_SIZE,
    INITIAL_FACE_UP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TRACK_LENGTH,
    AuctionState,
    Field,
    GameState,
    PlayerState,
    Setup,
)


def random_track(seed: rng.Seed) -> tuple[Tile, ...]:
    """The setup's track: each company's 7 tiles shuffled into a pile, then 7 blocks of five fields,
    each block taking the top tile of every pile in random order.

    >>> t = random_track(5)
    >>> len(t), sorted(x.company for x in t[:5])
    (35, ['DK', 'EN', 'FR', 'NL', 'SE'])
    """
    piles = {c: rng.shuffled(seed, [Tile(c, g) for g in GOODS], "tiles", c) for c in COMPANIES}
    track: list[Tile] = []
    for b in range(TRACK_LENGTH // BLOCK):
        track += rng.shuffled(seed, [piles[c][b] for c in COMPANIES], "block", b)
    return tuple(track)


def random_deck(seed: rng.Seed) -> tuple[str, ...]:
    """All 110 cards, shuffled, top first."""
    return tuple(rng.shuffled(seed, [c for c in COMPANIES for _ in range(CARDS_PER_COMPANY)], "deck"))


def track_problem(track: Sequence[Tile]) -> tuple[int | None, str] | None:
    """The first reason ``track`` is not a setup's track, as (0-based index or None, message).

    >>> track_problem(random_track(1)) is None
    True
    >>> track_problem(random_track(1)[:34])
    (None, 'the track needs 35 tiles, not 34')
    """
    if len(track) != TRACK_LENGTH:
        return None, f"the track needs {TRACK_LENGTH} tiles, not {len(track)}"
    seen: set[Tile] = set()
    for i, tile in enumerate(track):
        if tile in seen:
            return i, f"{tile} appears twice on the track"
        seen.add(tile)
        block = track[i - i % BLOCK : i]
        if any(t.company == tile.company for t in block):
            first = i - i % BLOCK + 1
            return i, f"fields {first}-{first + BLOCK - 1} hold a second {tile.company} tile"
    return None


def deck_problem(deck: Sequence[str]) -> tuple[int | None, str] | None:
    """The first reason ``deck`` is not the full deck, as (0-based index or None, message)."""
    for i, c in enumerate(deck):
        if c not in COMPANY_INDEX:
            return i, f"unknown company {c!r}"
    total = CARDS_PER_COMPANY * len(COMPANIES)
    if len(deck) != total:
        return None, f"the deck needs {total} cards, not {len(deck)}"
    for c, n in zip(COMPANIES, count_cards(deck), strict=True):
        if n != CARDS_PER_COMPANY:
            return None, f"the deck holds {n} {c} cards, not {CARDS_PER_COMPANY}"
    return None


def new_game(
    players: Sequence[str],
    seed: rng.Seed,
    open_tiles: bool = False,
    auctioneer: str | None = None,
    cash_table: Sequence[int] = DEFAULT_CASH_TABLE,
) -> GameState:
    """A new game with a track and deck shuffled from ``seed`` (which also drives the die rolls and
    reshuffles offered by :func:`chance_action`). ``auctioneer`` defaults to the first player.

    >>> s = new_game(["A", "B", "C", "D"], seed="camp")
    >>> [p.hand_size for p in s.players], len(s.deck), s.revealed, s.track[9].face_up, s.track[10].face_up
    ([10, 10, 10, 10], 70, 10, True, False)
    """
    return setup_game(
        players,
        random_track(seed),
        random_deck(seed),
        auctioneer=auctioneer,
        open_tiles=open_tiles,
        cash_table=cash_table,
        seed=seed,
    )


def setup_game(
    players: Sequence[str],
    track: Sequence[Tile],
    deck: Sequence[str],
    *,
    auctioneer: str | None = None,
    open_tiles: bool = False,
    cash_table: Sequence[int] = DEFAULT_CASH_TABLE,
    seed: rng.Seed | None = None,
) -> GameState:
    """A new game from a given track (fields 1-35) and deck (top first), as a record describes it."""
    names = tuple(players)
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SetupError("player_count", f"Batavia needs 3 to 5 players, not {len(names)}")
    if any(not isinstance(n, str) or not n for n in names):
        raise SetupError("player_name", "every player needs a non-empty name")
    if len(set(names)) != len(names):
        raise SetupError("player_name", "player names must be distinct")
    if auctioneer is None:
        first = 0
    elif auctioneer in names:
        first = names.index(auctioneer)
    else:
        raise SetupError("auctioneer", f"the auctioneer {auctioneer!r} is not a player")
    problem = track_problem(track) or deck_problem(deck)
    if problem is not None:
        raise SetupError("setup", problem[1])
    table = tuple(cash_table)
    if len(table) != len(COMPANIES) or any(not isinstance(g, int) or g < 0 for g in table):
        raise SetupError("cash_table", "the cash table needs 5 non-negative whole numbers")

    cards = tuple(deck)
    hands = [count_cards(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(len(names))]
    revealed = TRACK_LENGTH if open_tiles else INITIAL_FACE_UP
    return GameState(
        setup=Setup(names, first, bool(open_tiles), tuple(track), cards, table),
        players=tuple(PlayerState(name=n, hand=h, bills=BILLS) for n, h in zip(names, hands, strict=True)),
        track=tuple(Field(i + 1, t, i < revealed) for i, t in enumerate(track)),
        revealed=revealed,
        exchanges=tuple((None,) * len(COMPANIES) for _ in GOODS),
        seals=(None,) * len(COMPANIES),
        lot=NO_CARDS,
        deck=cards[len(names) * HAND_SIZE :],
        discards=NO_CARDS,
        phase="auction",
        round=1,
        start_player=None,
        auctioneer=first,
        auction=fresh_auction(len(names), first),
        turn=0,
        end_round=False,
        pending=None,
        scores=None,
        log=(LogEntry(1, names[first], LogCode.ROUND),),
        history=(),
        seed=seed,
    )


def fresh_auction(n_players: int, auctioneer: int) -> AuctionState:
    """A round's auction before the roll: no bid yet, everyone in, the bidding to start at the
    auctioneer's left."""
    return AuctionState(False, 0, None, (False,) * n_players, (auctioneer + 1) % n_players)


__all__ = [
    "deck_problem",
    "fresh_auction",
    "new_game",
    "random_deck",
    "random_track",
    "setup_game",
    "track_problem",
]
