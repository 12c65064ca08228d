"""The state of a Golden Islands game between two rounds, as immutable values.

Everything here is a frozen dataclass built of tuples, so a state can be shared, compared and
kept for undo without copying. The rules engine (``resolve``) works on private mutable copies and
hands back a new :class:`GameState`.

>>> from games.islands.engine.hexes import geometry
>>> g = geometry(5)
>>> state = GameState(
...     board=Board.empty(5),
...     teams=(Team("red", harbor=g.parse("Z2"), ships=(Ship("C1", ShipKind.CARGO),)),),
... )
>>> state.team("red").ships[0].in_harbor
True
>>> state.board.cell(g.parse("A1"))
Cell(tile=<Tile.OPEN_SEA: 'open-sea'>, chests=0, revealed=False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cache

from .hexes import BoardGeometry, Hex, distance, geometry
from .notation import ShipId, is_pirate_id
from .tiles import Tile

#: Limits and prices of the rules, section 4.
MAX_CARGO_SHIPS = 6
MAX_BATTLESHIPS = 1
CARGO_SHIP_COST = 6
BATTLESHIP_COST = 9
#: A battleship reaches this far; a random shot lands this near and far (rules, section 6.5).
SHOT_RANGE = 4
RANDOM_SHOT_MIN, RANDOM_SHOT_MAX = 2, 4
#: Directions drawn for a pirate when a round is opened (twice as many for a doubled pirate).
PIRATE_MOVES = 11

CARGO_IDS: tuple[ShipId, ...] = tuple(ShipId.cargo_ship(i) for i in range(1, MAX_CARGO_SHIPS + 1))
BATTLESHIP_ID = ShipId.parse("B")


def within_shot_range(at: Hex, target: Hex) -> bool:
    """Whether a battleship at ``at`` reaches ``target``: at most :data:`SHOT_RANGE` hexes away
    (rules, section 6.5). The one test of the range: the resolution, the warnings and the bots ask it."""
    return distance(at, target) <= SHOT_RANGE


class InvalidState(ValueError):
    """A state that breaks the rules' invariants (a ship off the board, two ships with one id, …)."""


class ShipKind(StrEnum):
    CARGO = "cargo"
    BATTLESHIP = "battleship"


def capacity(kind: ShipKind, boat: int) -> int:
    """Chests a ship may carry: ``1 + boat`` for a cargo ship, none for a battleship."""
    return 1 + boat if kind is ShipKind.CARGO else 0


@dataclass(frozen=True, slots=True)
class Ship:
    """A team's ship. ``at`` is a board hex, or None while the ship is in its team's harbor.

    Flags describe the round that comes next (the one these ships are about to play):
    ``seahorse`` moves double, ``mermaid`` may not move, ``octopus`` is held until freed.
    ``new`` marks a ship built or found in the round that produced this state.
    """

    id: ShipId
    kind: ShipKind
    at: Hex | None = None
    chests: int = 0
    boat: int = 0
    seahorse: bool = False
    mermaid: bool = False
    octopus: bool = False
    new: bool = False

    def __post_init__(self) -> None:
        if type(self.id) is not ShipId:  # named by text (a row, a test): read it once, here
            object.__setattr__(self, "id", _state_ship_id(self.id))

    @property
    def in_harbor(self) -> bool:
        return self.at is None

    @property
    def capacity(self) -> int:
        """Chests it may carry (:func:`capacity`)."""
        return capacity(self.kind, self.boat)

    @property
    def may_move(self) -> bool:
        """Whether the coming round lets it move at all (not held, not enchanted)."""
        return not (self.octopus or self.mermaid)

    @property
    def order_key(self) -> int:
        """Priority within a team: the battleship first, then cargo ships by number."""
        return ship_priority(self.id)


@cache  # read for every ship at every step of a resolution
def ship_priority(ship_id: ShipId) -> int:
    """``B`` -> 0, ``C3`` -> 3: simultaneous effects apply the battleship first, then by number."""
    return ship_id.number  # the battleship's is 0


def _state_ship_id(text: str) -> ShipId:
    """A ship's or pirate's id named by text, as a state refuses one that is none."""
    ship_id = ShipId.read(text)
    if ship_id is None:
        raise InvalidState(f"{text!r} is not a ship id (C1…C6, B, P1, …)")
    return ship_id


@dataclass(frozen=True, slots=True)
class Team:
    """A shipping company: its harbor (a bay cell), its ships and its score so far."""

    name: str
    harbor: Hex
    ships: tuple[Ship, ...] = ()
    delivered: int = 0
    ap_total: int = 0

    def ship(self, ship_id: ShipId) -> Ship | None:
        for ship in self.ships:
            if ship.id == ship_id:
                return ship
        return None

    @property
    def cargo_count(self) -> int:
        return sum(1 for s in self.ships if s.kind is ShipKind.CARGO)

    @property
    def battleship(self) -> Ship | None:
        return self.ship(BATTLESHIP_ID)

    def free_cargo_ids(self) -> list[ShipId]:
        """Cargo ship ids not in use, lowest first (a new ship takes the first)."""
        used = {s.id for s in self.ships}
        return [i for i in CARGO_IDS if i not in used]


@dataclass(frozen=True, slots=True)
class Pirate:
    """A pirate ship. ``moves`` are the directions drawn when the round was opened (staff only)."""

    id: ShipId
    at: Hex
    moves: tuple[str, ...] = ()
    seahorse: bool = False
    mermaid: bool = False
    octopus: bool = False

    def __post_init__(self) -> None:
        if type(self.id) is not ShipId:
            object.__setattr__(self, "id", _state_ship_id(self.id))

    @property
    def number(self) -> int:
        return pirate_number(self.id)

    @property
    def may_move(self) -> bool:
        return not (self.octopus or self.mermaid)


@cache  # read for every pirate of every round resolved
def pirate_number(pirate_id: str) -> int:
    """``P12`` -> 12; pirates act in the order of their numbers.

    >>> pirate_number("P12")
    12
    """
    ship = ShipId.read(pirate_id)
    if ship is None or not ship.pirate:
        raise InvalidState(f"{pirate_id!r} is not a pirate id (P1, P2, …)")
    return ship.number


@dataclass(frozen=True, slots=True)
class Cell:
    """What one board hex holds: its tile, the chests left (treasure only), and whether it is revealed."""

    tile: Tile = Tile.OPEN_SEA
    chests: int = 0
    revealed: bool = False

    def __reduce__(self) -> tuple[type[Cell], tuple[Tile, int, bool]]:
        # Pickled by its fields: the compiled engine's frozen classes refuse the default (see compiled.py).
        return (Cell, (self.tile, self.chests, self.revealed))


HIDDEN_OPEN_SEA = Cell()


@cache
def hex_index(side: int) -> Mapping[Hex, int]:
    """Position of each board hex in :attr:`Board.cells` (label order). Shared, do not modify."""
    return {h: i for i, h in enumerate(geometry(side).ordered)}


@dataclass(frozen=True)
class Board:
    """The board's hexes: one :class:`Cell` per hex, in label order (A1, A2, …, B1, …)."""

    side: int
    cells: tuple[Cell, ...] = field(repr=False)

    def __post_init__(self) -> None:
        if len(self.cells) != len(geometry(self.side).hexes):
            raise InvalidState(f"a board of side {self.side} needs {len(geometry(self.side).hexes)} cells")

    @classmethod
    def empty(cls, side: int) -> Board:
        """All hidden open sea."""
        return cls(side, (HIDDEN_OPEN_SEA,) * len(geometry(side).hexes))

    @classmethod
    def from_cells(cls, side: int, cells: Mapping[Hex, Cell]) -> Board:
        """Hidden open sea except where ``cells`` says otherwise.

        >>> b = Board.from_cells(3, {Hex(0, 0): Cell(Tile.REEFS, revealed=True)})
        >>> b.cell(Hex(0, 0)).tile
        <Tile.REEFS: 'reefs'>
        """
        index = hex_index(side)
        unknown = [h for h in cells if h not in index]
        if unknown:
            raise InvalidState(f"{unknown[0]} is not a hex of a board of side {side}")
        return cls(side, tuple(cells.get(h, HIDDEN_OPEN_SEA) for h in geometry(side).ordered))

    @property
    def geometry(self) -> BoardGeometry:
        return geometry(self.side)

    def cell(self, h: Hex) -> Cell:
        return self.cells[hex_index(self.side)[h]]

    def items(self) -> Iterator[tuple[Hex, Cell]]:
        """Every (hex, cell) in label order."""
        return zip(geometry(self.side).ordered, self.cells, strict=True)

    def with_cells(self, changes: Mapping[Hex, Cell]) -> Board:
        """A copy with some cells replaced."""
        cells = list(self.cells)
        index = hex_index(self.side)
        for h, c in changes.items():
            cells[index[h]] = c
        return Board(self.side, tuple(cells))

    @property
    def chests_on_map(self) -> int:
        return sum(c.chests for c in self.cells)


@dataclass(frozen=True)
class GameState:
    """Everything the rules need between two rounds.

    ``teams`` are in priority order for the coming round (better placement first): simultaneous
    effects apply in this order (rules, section 6.3). ``seed`` and ``round_number`` feed every
    random draw of the coming round (see ``rng``).
    """

    board: Board
    teams: tuple[Team, ...]
    pirates: tuple[Pirate, ...] = ()
    seed: int = 0
    round_number: int = 1

    def __post_init__(self) -> None:
        problems = state_problems(self)
        if problems:
            raise InvalidState("; ".join(problems))

    @property
    def side(self) -> int:
        return self.board.side

    @property
    def geometry(self) -> BoardGeometry:
        return self.board.geometry

    def team(self, name: str) -> Team:
        for team in self.teams:
            if team.name == name:
                return team
        raise KeyError(name)

    def team_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.teams)

    def with_team_order(self, names: Iterable[str]) -> GameState:
        """The same state with the teams in a new priority order (all names, each once)."""
        return replace(self, teams=self.teams_in_order(names))

    def teams_in_order(self, names: Iterable[str]) -> tuple[Team, ...]:
        """The teams in the order of ``names`` (all names, each once; ValueError otherwise)."""
        order = list(names)
        if sorted(order) != sorted(self.team_names()):
            raise ValueError(f"{order} is not an order of the teams {list(self.team_names())}")
        return tuple(self.team(n) for n in order)

    @property
    def chests_in_play(self) -> int:
        """Chests on the map, aboard ships and delivered: what a round may only move or lose."""
        aboard = sum(s.chests for t in self.teams for s in t.ships)
        return self.board.chests_on_map + aboard + sum(t.delivered for t in self.teams)


def state_problems(state: GameState) -> list[str]:
    """What breaks the invariants of a state (empty when it is sound)."""
    g = state.geometry
    problems: list[str] = []
    names = [t.name for t in state.teams]
    if len(set(names)) != len(names):
        problems.append("two teams share a name")
    for h, c in state.board.items():
        if c.chests < 0 or (c.chests and c.tile is not Tile.TREASURE):
            problems.append(f"{g.label(h)}: only a treasure holds chests, never fewer than 0")
    for team in state.teams:
        if not g.is_bay(team.harbor):
            problems.append(f"{team.name}: the harbor {team.harbor} is not a bay")
        if team.delivered < 0 or team.ap_total < 0:
            problems.append(f"{team.name}: delivered and ap_total cannot be negative")
        ids = [s.id for s in team.ships]
        if len(set(ids)) != len(ids):
            problems.append(f"{team.name}: two ships share an id")
        for ship in team.ships:
            expected = ShipKind.BATTLESHIP if ship.id == BATTLESHIP_ID else ShipKind.CARGO
            if ship.id != BATTLESHIP_ID and ship.id not in CARGO_IDS:
                problems.append(f"{team.name}.{ship.id}: a ship id is C1…C6 or B")
            elif ship.kind is not expected:
                problems.append(f"{team.name}.{ship.id}: the id says {expected.value}")
            if ship.at is not None and not g.on_board(ship.at):
                problems.append(f"{team.name}.{ship.id}: {ship.at} is not a board hex")
            if not 0 <= ship.chests <= ship.capacity or ship.boat < 0:
                problems.append(f"{team.name}.{ship.id}: {ship.chests} chests do not fit its room")
            if ship.at is None and ship.octopus:
                problems.append(f"{team.name}.{ship.id}: no octopus holds a ship in its harbor")
    pirate_ids = [p.id for p in state.pirates]
    if len(set(pirate_ids)) != len(pirate_ids):
        problems.append("two pirates share an id")
    for pirate in state.pirates:
        if not is_pirate_id(pirate.id):
            problems.append(f"{pirate.id!r} is not a pirate id (P1, P2, …)")
        if not g.on_board(pirate.at):
            problems.append(f"{pirate.id}: {pirate.at} is not a board hex")
    return problems
