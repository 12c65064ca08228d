"""What every bot reads: the board as one team sees it from its own side (:class:`Frame`), what
every team knows of a board (:class:`Known`) and the path searches on numbered cells.

**No direction of its own.** Every order a search tries and every tie a bot breaks is the team's
own: a team's frame is the board turned so that its harbor's side is the bottom (``hexes.turned``),
its neighbours tried from its own "north" (away from its side) clockwise and its ties broken by the
labels the board would have if its side were the bottom. So a whole game state turned by a third
gives every bot's orders turned by a third: no side, bay or compass point is preferred (issue 30;
``tests/games/islands/engine/test_bots_turned.py``).

**A mood each round.** Real teams do not sail the same way every evening: each team's plan of a
round draws, from the game's scheme (the state's seed and round, the team's name), which of its six
directions it tries first and, among equally good goals, which one it takes (``TeamPlan.pick``).
Without it every simulated camp's teams took the same ways on a board, and a treasure one hex to
the left or right decided a side's fate: the rehearsal measured the bots' habits more than the
board (docs/islands-rehearsal.md).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from functools import cache, lru_cache

from ..hexes import DIRECTION_NAMES, DIRECTIONS, SIDE_TURNS, Hex, distance, geometry, turned, turned_direction
from ..state import Board
from ..tiles import Tile

NOWHERE: frozenset[Hex] = frozenset()
_BY_DELTA: dict[tuple[int, int], str] = {delta: name for name, delta in DIRECTIONS.items()}


def direction(a: Hex, b: Hex) -> str:
    """The direction from ``a`` to its neighbour ``b`` (``hexes.direction_between``, by a table:
    every token of every route asks)."""
    return _BY_DELTA[(b.q - a.q, b.r - a.r)]


class Grid:
    """A board's cells by number (its hexes in label order, then its bays): what the path searches
    walk. The numbers are only indexes; the order of a search is the frame's (:class:`Frame`)."""

    def __init__(self, side: int) -> None:
        g = geometry(side)
        self.cells: tuple[Hex, ...] = (*g.ordered, *g.bays)
        self.number: dict[Hex, int] = {h: i for i, h in enumerate(self.cells)}


@cache
def grid(side: int) -> Grid:
    return Grid(side)


class Frame:
    """A board of ``side`` as a team on the side ``turns`` thirds from the bottom sees it: from each
    cell the neighbours in its own order (its "north" first, away from its side, then clockwise;
    ``spin`` directions on: the team's mood of the round), each hex's label as it would be with its
    side at the bottom (its tie-break), the hexes in that order. Built once per side, frame and spin
    (:func:`frame`)."""

    def __init__(self, side: int, turns: int, spin: int = 0) -> None:
        g = geometry(side)
        self.side, self.turns, self.spin = side, turns, spin
        order = tuple(turned_direction(DIRECTION_NAMES[(i + spin) % 6], turns) for i in range(6))
        cells = g.hexes | set(g.bays)
        #: From each board hex and bay, the neighbours that are board hexes or bays, in order.
        self.ways: Mapping[Hex, tuple[Hex, ...]] = {
            h: tuple(n for n in (h.step(d) for d in order) if n in cells) for h in cells
        }
        #: The same to board hexes only: where a ship sails on.
        self.sea_ways: Mapping[Hex, tuple[Hex, ...]] = {
            h: tuple(n for n in around if n in g.hexes) for h, around in self.ways.items()
        }
        #: Each cell's tie-break: its label's order with the team's side at the bottom.
        self.key: Mapping[Hex, tuple[int, int]] = {h: g.sort_key(turned(h, side, -turns)) for h in cells}
        #: The board hexes in that order.
        self.ordered: tuple[Hex, ...] = tuple(sorted(g.hexes, key=self.key.__getitem__))
        numbers = grid(side)
        #: :attr:`sea_ways` by the grid's numbers.
        self.sea: tuple[tuple[int, ...], ...] = tuple(
            tuple(numbers.number[n] for n in self.sea_ways[h]) for h in numbers.cells
        )
        #: The board hexes a telescope pointed at each hex shows: it and its neighbours on the board.
        self.shown: Mapping[Hex, tuple[Hex, ...]] = {h: (h, *self.sea_ways[h]) for h in g.hexes}


@cache
def frame(side: int, turns: int, spin: int = 0) -> Frame:
    return Frame(side, turns % 3, spin % 6)


def frame_of(side: int, harbor: Hex, spin: int = 0) -> Frame:
    """The frame of a team whose harbor is the bay ``harbor``."""
    return frame(side, SIDE_TURNS[geometry(side).bay_sides[harbor]], spin)


class Known:
    """What every team knows of a board: the hidden hexes, the revealed tiles and chests. Worked
    out once per board (each team's plan of a round reads the same one)."""

    def __init__(self, board: Board) -> None:
        hidden: list[Hex] = []
        self.tiles: dict[Hex, Tile] = {}
        self.chests: dict[Hex, int] = {}
        for h, c in zip(board.geometry.ordered, board.cells, strict=True):
            if not c.revealed:
                hidden.append(h)
                continue
            self.tiles[h] = c.tile
            if c.tile is Tile.TREASURE and c.chests > 0:
                self.chests[h] = c.chests
        self.hidden = frozenset(hidden)
        #: The hidden hexes as the path searches mark their goals (:func:`marks`).
        self.hidden_marks = marks(board.side, hidden)
        self._among: dict[frozenset[Tile], frozenset[Hex]] = {}

    def among(self, tiles: frozenset[Tile]) -> frozenset[Hex]:
        """The revealed hexes that hold one of ``tiles``."""
        hexes = self._among.get(tiles)
        if hexes is None:
            hexes = self._among[tiles] = frozenset(h for h, t in self.tiles.items() if t in tiles)
        return hexes


#: The board :func:`known` worked out last, and what it knows: the teams of a round ask in turn.
_last_known: tuple[Board, Known] | None = None


def known(board: Board) -> Known:
    global _last_known
    last = _last_known
    if last is not None and last[0] is board:
        return last[1]
    found = Known(board)
    _last_known = (board, found)
    return found


def marks(side: int, cells: Iterable[Hex]) -> bytearray:
    """``cells`` marked by their :func:`grid` numbers: 1 for each, 0 elsewhere."""
    numbers = grid(side)
    out = bytearray(len(numbers.cells))
    for h in cells:
        out[numbers.number[h]] = 1
    return out


@lru_cache(maxsize=512)
def home_distances(side: int, home: Hex) -> tuple[int, ...]:
    """:func:`distance` from ``home`` to every cell of :func:`grid`, by number (cached)."""
    return tuple(distance(home, h) for h in grid(side).cells)


@lru_cache(maxsize=512)
def distances(side: int, origin: Hex) -> Mapping[Hex, int]:
    """:func:`distance` from ``origin`` to every board hex and bay of a board of ``side`` (cached: a
    search sweeping near home reads it at every step). Shared, do not modify."""
    return {h: distance(origin, h) for h in frame(side, 0).ways}


@cache
def harbor_distances(side: int, harbor: Hex) -> Mapping[Hex, int]:
    """Steps from each board hex into the bay ``harbor`` over the open sea, the bay itself 0 (cached:
    a team's ships go home by them round after round). Shared, do not modify."""
    g = geometry(side)
    ways = frame(side, 0).ways
    near = {harbor: 0}
    queue = deque([harbor])
    while queue:
        at = queue.popleft()
        for n in ways[at]:
            if n not in near and n in g.hexes:
                near[n] = near[at] + 1
                queue.append(n)
    return near


def nearest(
    o: int,
    wanted: bytearray,
    came: list[int],
    sea: tuple[tuple[int, ...], ...],
    pick: Callable[[list[int]], int],
) -> int:
    """A nearest cell ``wanted`` marks that a breadth-first search from ``o`` reaches (-1: none):
    ``pick`` chooses among those of the first layer that has any. Fills ``came`` (each cell reached:
    the cell it was reached from; cells marked as reached before are never entered)."""
    layer = [o]
    while layer:
        following: list[int] = []
        found: list[int] = []
        for at in layer:
            for n in sea[at]:
                if came[n] < 0:
                    came[n] = at
                    if wanted[n]:
                        found.append(n)
                    following.append(n)
        if found:
            return found[0] if len(found) == 1 else pick(found)
        layer = following
    return -1


def walk_home(view: Frame, near: Mapping[Hex, int], start: Hex) -> list[Hex]:
    """The way from ``start`` by ``near`` (:func:`harbor_distances`) into the harbor: each step to
    the first neighbour (in the frame's order) one nearer (the first step to the nearest neighbour:
    the start may be a hex the distances leave out). Empty when no neighbour of the start leads
    there."""
    ways = view.ways
    first: Hex | None = None
    for n in ways[start]:
        if n in near and (first is None or near[n] < near[first]):
            first = n
    if first is None:
        return []
    out = [first]
    while near[out[-1]]:
        at = out[-1]
        out.append(next(n for n in ways[at] if near.get(n, -1) == near[at] - 1))
    return out


def most_hidden(side: int, revealed: Iterable[Hex], harbor: Hex, reach: int) -> Hex:
    """The hex at most ``reach`` from ``harbor`` (any hex when none is) that shows the most hidden
    hexes (itself and its neighbours on the board), the nearer one on a tie, then the first in the
    team's own label order."""
    view = frame_of(side, harbor)
    seen = set(revealed)
    far = distances(side, harbor)
    near = [h for h in view.ordered if far[h] <= reach] or list(view.ordered)
    shown = view.shown
    return min(near, key=lambda h: (-sum(1 for n in shown[h] if n not in seen), far[h], view.key[h]))
