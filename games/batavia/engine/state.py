"""The immutable state of a game of Batavia.

Everything is a frozen dataclass of tuples, so a state can be shared, cached, compared and hashed.
Players are referred to by *seat* (their index in :attr:`GameState.players`, clockwise); companies,
goods, card counts and tiles come from :mod:`.components`, log entries from :mod:`.log`.

>>> from .setup import new_game
>>> s = new_game(["Red", "Blue", "Green"], seed=1)
>>> s.phase, s.to_act, s.players[0].hand_size, s.pirate_threshold
('auction', 0, 10, 21)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .actions import Action
from .components import COMPANIES, GOOD_INDEX, NO_CARDS, Counts, Tile
from .log import LogEntry

TRACK_LENGTH = 35
BLOCK = 5
INITIAL_FACE_UP = 10
#: ``PlayerState.field`` of a merchant on the goal field (0 is the start field, 1-35 the track).
GOAL_FIELD = TRACK_LENGTH + 1

CARDS_PER_COMPANY = 22
HAND_SIZE = 10
BILLS = 15
CRATES = 12
MIN_PLAYERS, MAX_PLAYERS = 3, 5
DRAW_COUNT = 2

GOAL_GOLD = 4
SEAL_GOLD = 2
EXCHANGE_GOLD: tuple[int, ...] = (10, 11, 12, 13, 14, 15, 16)
EXCHANGE_TIE_GOLD: tuple[int, ...] = (5, 5, 6, 6, 7, 7, 8)
BILLS_GOLD = 5
BILLS_TIE_GOLD = 2
#: Gold for cashing in 1, 2, 3, 4, 5 tiles of different companies (the last two are our decision).
DEFAULT_CASH_TABLE: tuple[int, ...] = (1, 3, 6, 10, 15)

Phase = Literal["auction", "turns", "finished"]


@dataclass(frozen=True, slots=True)
class Field:
    """One field of the track (``number`` 1 to 35) with its tile, face up or not, and who took it."""

    number: int
    tile: Tile
    face_up: bool
    taken_by: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player. ``hand`` and ``laid`` count cards per company; ``tiles`` are the station tiles
    still held, in the order taken; ``cashed`` the ones given back for gold."""

    name: str
    hand: Counts
    bills: int
    gold: int = 0
    laid: Counts = NO_CARDS
    field: int = 0
    tiles: tuple[Tile, ...] = ()
    cashed: tuple[Tile, ...] = ()
    crates_left: int = CRATES

    @property
    def goal(self) -> bool:
        """Whether this merchant took the goal tile."""
        return self.field == GOAL_FIELD

    @property
    def hand_size(self) -> int:
        return sum(self.hand)


@dataclass(frozen=True, slots=True)
class AuctionState:
    """The running auction: the die is rolled first, then bids go clockwise from the auctioneer's left."""

    rolled: bool
    high_bid: int
    high_bidder: int | None
    out: tuple[bool, ...]
    to_bid: int


@dataclass(frozen=True, slots=True)
class PendingDraw:
    """A roll or draw found the deck short: ``seat`` must now reshuffle the discards, then ``owed``
    more cards go to the lot (``to_lot``) or to that player's hand."""

    seat: int
    owed: int
    to_lot: bool


@dataclass(frozen=True, slots=True)
class Setup:
    """How the game began; with the action history it is the whole game record."""

    players: tuple[str, ...]
    auctioneer: int
    open_tiles: bool
    track: tuple[Tile, ...]
    deck: tuple[str, ...]
    cash_table: tuple[int, ...] = DEFAULT_CASH_TABLE


@dataclass(frozen=True, slots=True)
class Score:
    """A player's final gold by source."""

    cashed: int
    exchanges: int
    bills: int
    goal: int
    seals: int

    @property
    def total(self) -> int:
        return self.cashed + self.exchanges + self.bills + self.goal + self.seals


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole game at one moment. Build it with :func:`setup.new_game`, change it with
    :func:`rules.apply`; never construct one by hand outside tests."""

    setup: Setup
    players: tuple[PlayerState, ...]
    track: tuple[Field, ...]
    #: Fields 1..revealed are (or were) turned face up by the setup or the merchants' progress.
    revealed: int
    #: ``exchanges[good][company]``: the seat whose crate stands on that field, or None.
    exchanges: tuple[tuple[int | None, ...], ...]
    #: ``seals[company]``: the seat holding that company's seal, or None (on the board).
    seals: tuple[int | None, ...]
    lot: Counts
    deck: tuple[str, ...]
    discards: Counts
    phase: Phase
    round: int
    start_player: int | None
    auctioneer: int
    auction: AuctionState | None
    #: How many players have had their turn in this round's turns phase.
    turn: int
    #: Someone took the goal tile: this round is the last.
    end_round: bool
    pending: PendingDraw | None
    scores: tuple[Score, ...] | None
    log: tuple[LogEntry, ...]
    history: tuple[tuple[int, Action], ...]
    #: Source of the seeded die rolls and reshuffles; not part of the game itself.
    seed: int | str | None = field(default=None, compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        return self.setup.players

    def seat_of(self, name: str) -> int:
        """The seat of a player by name; :class:`KeyError` if nobody has that name."""
        try:
            return self.setup.players.index(name)
        except ValueError:
            raise KeyError(name) from None

    @property
    def to_act(self) -> int | None:
        """The seat whose action the game waits for, or None once finished."""
        if self.phase == "finished":
            return None
        if self.pending is not None:
            return self.pending.seat
        if self.phase == "auction":
            assert self.auction is not None
            return self.auction.to_bid if self.auction.rolled else self.auctioneer
        assert self.start_player is not None
        return (self.start_player + self.turn) % len(self.players)

    @property
    def markers(self) -> Counts:
        """The ship markers: laid cards per company, all players together."""
        m = [0, 0, 0, 0, 0]
        for p in self.players:
            for i, n in enumerate(p.laid):
                m[i] += n
        return tuple(m)

    @property
    def cannon(self) -> int:
        """All laid cards (the board's cannon stops at 25; this count does not)."""
        return sum(sum(p.laid) for p in self.players)

    @property
    def pirate_threshold(self) -> int:
        """Pirates strike when the cannon reaches this: 21 with three players, 25 with four or five."""
        return 21 if len(self.players) == 3 else 25

    def seals_of(self, seat: int) -> tuple[str, ...]:
        """The companies whose seal ``seat`` holds, in company order."""
        return tuple(c for c, s in zip(COMPANIES, self.seals, strict=True) if s == seat)

    def crates(self, good: str) -> tuple[int, ...]:
        """Crates per seat in the exchange of ``good``."""
        out = [0] * len(self.players)
        for s in self.exchanges[GOOD_INDEX[good]]:
            if s is not None:
                out[s] += 1
        return tuple(out)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Seats grouped by place, best first; tied totals share a place. Empty until finished."""
        if self.scores is None:
            return ()
        totals = sorted({s.total for s in self.scores}, reverse=True)
        return tuple(tuple(i for i, s in enumerate(self.scores) if s.total == t) for t in totals)
