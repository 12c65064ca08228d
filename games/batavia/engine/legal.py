"""What the game waits for and what may be done (rules, "A round"): whose turn it is, the stations
ahead of a merchant, the cards a majority needs, every legal action of the player to act, and the
seeded die roll or reshuffle when one is due. Reads a state, changes nothing.

>>> from .setup import new_game
>>> s = new_game(["Red", "Blue", "Green"], seed=1)
>>> whose_turn(s), legal_actions(s, "Red")[:2], legal_actions(s, "Blue")
('Red', [Roll(k=1), Roll(k=2)], [])
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from . import rng
from .actions import Action, Bid, Draw, Pass, Play, Reshuffle, Roll
from .components import COMPANIES, COMPANY_INDEX, GOAL, Counts
from .state import GameState

DIE_FACES = range(1, 7)


def whose_turn(state: GameState) -> str | None:
    """The name of the player the game waits for (None once finished)."""
    seat = state.to_act
    return None if seat is None else state.names[seat]


def next_station(state: GameState, seat: int, company: str) -> int | None:
    """The field of the next untaken ``company`` station ahead of ``seat``'s merchant, or None.

    >>> from .setup import new_game
    >>> s = new_game(["A", "B", "C"], seed=1)
    >>> f = next_station(s, 0, "DK"); s.track[f - 1].tile.company, f <= 5
    ('DK', True)
    """
    for fld in state.track[state.players[seat].field :]:
        if fld.taken_by is None and fld.tile.company == company:
            return fld.number
    return None


def stations_ahead(state: GameState, seat: int) -> tuple[int | None, ...]:
    """:func:`next_station` for every company, in company order."""
    out: list[int | None] = [None] * len(COMPANIES)
    missing = len(COMPANIES)
    for fld in state.track[state.players[seat].field :]:
        if fld.taken_by is None:
            i = COMPANY_INDEX[fld.tile.company]
            if out[i] is None:
                out[i] = fld.number
                missing -= 1
                if not missing:
                    break
    return tuple(out)


def cards_needed(state: GameState, seat: int) -> Counts:
    """Per company, how many cards ``seat`` must lay to hold its majority (0: holds it already).

    >>> from .setup import new_game
    >>> cards_needed(new_game(["A", "B", "C"], seed=1), 0)
    (1, 1, 1, 1, 1)
    """
    players = state.players
    own = players[seat].laid
    out = []
    for i in range(len(COMPANIES)):
        other = 0
        for s, p in enumerate(players):
            if s != seat and p.laid[i] > other:
                other = p.laid[i]
        need = other - own[i] + 1
        out.append(need if need > 0 else 0)
    return tuple(out)


def can_play(state: GameState) -> bool:
    """Whether the player to act may lay cards now (otherwise they can only draw)."""
    if state.phase != "turns" or state.pending is not None:
        return False
    seat = state.to_act
    assert seat is not None
    hand = state.players[seat].hand
    total = sum(hand)
    if not total:
        return False
    need = cards_needed(state, seat)
    stations = stations_ahead(state, seat) if state.end_round else None
    for i in range(len(COMPANIES)):
        if need[i] <= hand[i] and (stations is None or stations[i] is not None):
            return True
    return False


def legal_plays(state: GameState) -> Iterator[Play]:
    """Every legal :class:`Play` of the player to act: every combination of cards from hand that
    leaves them a majority, times every allowed move, times the allowed cash-in choices."""
    if not can_play(state):
        return
    seat = state.to_act
    assert seat is not None
    p = state.players[seat]
    need = cards_needed(state, seat)
    stations = stations_ahead(state, seat)
    held = {t.company for t in p.tiles}
    n = len(COMPANIES)
    for cards in product(*(range(h + 1) for h in p.hand)):
        if not any(cards):
            continue
        sealed = [i for i in range(n) if cards[i] >= need[i]]
        if not sealed:
            continue
        moves = [i for i in sealed if stations[i] is not None]
        if not moves:
            if not state.end_round:
                yield Play(cards, GOAL, False)
            continue
        for i in moves:
            company = COMPANIES[i]
            yield Play(cards, company, False)
            if company not in held:
                yield Play(cards, company, True)


def legal_actions(state: GameState, player: str) -> list[Action]:
    """Exactly the actions ``player`` may take now ([] when it is not their turn).

    The one exception is a due :class:`Reshuffle`: any order of the discards is legal, and this lists
    only the seeded one (:func:`chance_action`). Plays can be many; use :func:`can_play` or
    :func:`legal_plays` when a list is not needed.
    """
    seat = state.to_act
    if seat is None or state.names[seat] != player:
        return []
    chance = chance_action(state)
    if isinstance(chance, Reshuffle):
        return [chance]
    if state.phase == "auction":
        auction = state.auction
        assert auction is not None
        if not auction.rolled:
            return [Roll(k) for k in DIE_FACES]
        bills = state.players[seat].bills
        return [Pass(), *(Bid(n) for n in range(max(auction.high_bid + 1, 1), bills + 1))]
    return [Draw(), *legal_plays(state)]


def chance_action(state: GameState) -> Roll | Reshuffle | None:
    """The seeded die roll or reshuffle when one is due, else None.

    Rolls come from (seed, round), reshuffles from (seed, number of actions so far); a state without
    a seed (replayed from a record) uses a seed made from its setup.
    """
    if state.phase == "finished":
        return None
    seed = _chance_seed(state)
    if state.pending is not None:
        pile = [c for c, n in zip(COMPANIES, state.discards, strict=True) for _ in range(n)]
        return Reshuffle(tuple(rng.shuffled(seed, pile, "reshuffle", len(state.history))))
    if state.phase == "auction" and state.auction is not None and not state.auction.rolled:
        return Roll(rng.roll(seed, state.round))
    return None


def _chance_seed(state: GameState) -> rng.Seed:
    if state.seed is not None:
        return state.seed
    s = state.setup
    return f"setup:{rng.derive(s.players, s.auctioneer, s.open_tiles, [str(t) for t in s.track], s.deck)}"


__all__ = [
    "DIE_FACES",
    "can_play",
    "cards_needed",
    "chance_action",
    "legal_actions",
    "legal_plays",
    "next_station",
    "stations_ahead",
    "whose_turn",
]
