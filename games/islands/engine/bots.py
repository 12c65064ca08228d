"""Bots that play the Golden Islands like a team: pure functions from a :class:`GameState` to legal
:class:`Orders` (and a telescope choice), knowing only what a team knows (revealed hexes, its own
ships and cargo, where ships and pirates are now, not where they will go). The demo camp plays the
planner; the rehearsal (``engine/rehearsal``) plays both (``docs/islands-rehearsal.md``).
(~640 lines: the two bots are one plan with two characters over the same path searches and tables;
split, each would hold half of what the other reads.)

- :func:`plan_orders`, **the planner** (the demo camp's): cargo ships fetch chests from revealed
  treasures or explore the hidden hexes near the ship and near home, loaded ships sail home to
  deliver, the harbor stays put, a ship is built now and then, a battleship hunts the nearest pirate,
  all around revealed reefs, octopuses, mermaids, rum and Poseidon; :func:`telescope_target`.
- :func:`greedy_orders`, **the greedy bot**: builds whenever it can, explores the hidden hex nearest
  to each ship, fears only reefs and octopuses, moves its harbor towards known chests and fires at
  any enemy ship in range; :func:`greedy_telescope_target`.

The orders are legal as they are made (every step to a board hex or into the own harbor, only for
ships that may move, builds within the AP and the limits); with ``checked`` (the default) the
engine's ``check_orders`` looks at them all the same and what it refuses is dropped (:func:`_legal`).
Speed (the rehearsal plays thousands of rounds): the path searches run on numbered cells and
precomputed neighbour tables, and give exactly the ways the demo's first breadth-first search gave
(the demo camp's fixture and its tests guard it).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from .hexes import DIRECTIONS, Hex, distance, geometry, neighbour_table
from .notation import HarborMoves, Route, RouteStep
from .orders import Orders, check_orders
from .state import (
    BATTLESHIP_COST,
    CARGO_SHIP_COST,
    MAX_CARGO_SHIPS,
    SHOT_RANGE,
    Board,
    GameState,
    Ship,
    ShipKind,
)
from .tiles import Tile


def telescope_target(side: int, revealed: Iterable[Hex], harbor: Hex) -> Hex:
    """Where the planner points its telescope: the hex near its harbor (at most 4 away) that shows
    the most hexes still hidden, the nearer one on a tie, then the first label."""
    return _most_hidden(side, revealed, harbor, TELESCOPE_REACH)


def _most_hidden(side: int, revealed: Iterable[Hex], harbor: Hex, reach: int) -> Hex:
    """The hex at most ``reach`` from ``harbor`` (any hex when none is) that shows the most hidden
    hexes (itself and its neighbours on the board), the nearer one on a tie, then the first label."""
    g = geometry(side)
    seen = set(revealed)
    shown = _shown(side)
    far = _distances(side, harbor)
    near = [h for h in g.ordered if far[h] <= reach] or list(g.ordered)
    return min(near, key=lambda h: (-sum(1 for n in shown[h] if n not in seen), far[h], g.sort_key(h)))


#: How far from its harbor the planner looks for a telescope's hex (the waters it sweeps first).
TELESCOPE_REACH = 4


# ------------------------------------------------------------------------------------ what a team knows

_NOWHERE: frozenset[Hex] = frozenset()


class _Known:
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
        #: The hidden hexes as the path searches mark their goals (:func:`_marks`).
        self.hidden_marks = _marks(board.side, hidden)
        self._among: dict[frozenset[Tile], frozenset[Hex]] = {}

    def among(self, tiles: frozenset[Tile]) -> frozenset[Hex]:
        """The revealed hexes that hold one of ``tiles``."""
        hexes = self._among.get(tiles)
        if hexes is None:
            hexes = self._among[tiles] = frozenset(h for h, t in self.tiles.items() if t in tiles)
        return hexes


#: The board :func:`_known` worked out last, and what it knows: the teams of a round ask in turn.
_last_known: tuple[Board, _Known] | None = None


def _known(board: Board) -> _Known:
    global _last_known
    last = _last_known
    if last is not None and last[0] is board:
        return last[1]
    known = _Known(board)
    _last_known = (board, known)
    return known


@cache
def _ways(side: int) -> Mapping[Hex, tuple[Hex, ...]]:
    """From each board hex and bay, the neighbours that are board hexes or bays, in N NE SE S SW NW
    order (cached: every step of a path search reads them). Shared, do not modify."""
    g = geometry(side)
    cells = g.hexes | set(g.bays)
    return {h: tuple(n for n in around if n in cells) for h, around in neighbour_table(side).items()}


_BY_DELTA: dict[tuple[int, int], str] = {delta: name for name, delta in DIRECTIONS.items()}


def _direction(a: Hex, b: Hex) -> str:
    """The direction from ``a`` to its neighbour ``b`` (``hexes.direction_between``, by a table:
    every token of every route asks)."""
    return _BY_DELTA[(b.q - a.q, b.r - a.r)]


@cache
def _sea_ways(side: int) -> Mapping[Hex, tuple[Hex, ...]]:
    """:func:`_ways` to board hexes only: where a ship sails on (from a board hex or a bay)."""
    hexes = geometry(side).hexes
    return {h: tuple(n for n in around if n in hexes) for h, around in _ways(side).items()}


@cache
def _shown(side: int) -> Mapping[Hex, tuple[Hex, ...]]:
    """The board hexes a telescope pointed at each board hex shows: it and its neighbours on the
    board (cached). Shared, do not modify."""
    return {h: (h, *_sea_ways(side)[h]) for h in geometry(side).ordered}


class _Grid:
    """A board's cells by number (its hexes in label order, then its bays) and, by number, the
    board hexes next to each: what the path searches walk."""

    def __init__(self, side: int) -> None:
        g = geometry(side)
        self.cells: tuple[Hex, ...] = (*g.ordered, *g.bays)
        self.number: dict[Hex, int] = {h: i for i, h in enumerate(self.cells)}
        sea = _sea_ways(side)
        self.sea: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.number[n] for n in sea[h]) for h in self.cells
        )


@cache
def _grid(side: int) -> _Grid:
    return _Grid(side)


def _marks(side: int, cells: Iterable[Hex]) -> bytearray:
    """``cells`` marked by their :func:`_grid` numbers: 1 for each, 0 elsewhere."""
    grid = _grid(side)
    marks = bytearray(len(grid.cells))
    for h in cells:
        marks[grid.number[h]] = 1
    return marks


@lru_cache(maxsize=512)
def _home_distances(side: int, home: Hex) -> tuple[int, ...]:
    """:func:`distance` from ``home`` to every cell of :func:`_grid`, by number (cached)."""
    return tuple(distance(home, h) for h in _grid(side).cells)


@lru_cache(maxsize=512)
def _distances(side: int, origin: Hex) -> Mapping[Hex, int]:
    """:func:`distance` from ``origin`` to every board hex and bay of a board of ``side`` (cached: a
    search sweeping near home reads it at every step). Shared, do not modify."""
    return {h: distance(origin, h) for h in _ways(side)}


@cache
def _harbor_distances(side: int, harbor: Hex) -> Mapping[Hex, int]:
    """Steps from each board hex into the bay ``harbor`` over the open sea, the bay itself 0 (cached:
    a team's ships go home by them round after round). Shared, do not modify."""
    g = geometry(side)
    ways = _ways(side)
    near = {harbor: 0}
    queue = deque([harbor])
    while queue:
        at = queue.popleft()
        for n in ways[at]:
            if n not in near and n in g.hexes:
                near[n] = near[at] + 1
                queue.append(n)
    return near


def _nearest(o: int, wanted: bytearray, came: list[int], sea: tuple[tuple[int, ...], ...]) -> int:
    """The first cell ``wanted`` marks that a breadth-first search from ``o`` reaches (-1: none),
    filling ``came`` (each cell reached: the cell it was reached from; cells marked as reached
    before are never entered)."""
    layer = [o]
    while layer:
        following: list[int] = []
        for at in layer:
            for n in sea[at]:
                if came[n] < 0:
                    came[n] = at
                    if wanted[n]:
                        return n
                    following.append(n)
        layer = following
    return -1


def _walk_home(side: int, near: Mapping[Hex, int], start: Hex) -> list[Hex]:
    """The way from ``start`` by ``near`` (:func:`_harbor_distances`) into the harbor: each step to
    the first neighbour one nearer (the first step to the nearest neighbour: the start may be a hex
    the distances leave out). Empty when no neighbour of the start leads there."""
    ways = _ways(side)
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


# ------------------------------------------------------------------------------------ the planner

#: Revealed tiles a sensible team steers around: they sink, hold, stop or befuddle a ship.
AVOID = frozenset({Tile.REEFS, Tile.OCTOPUS, Tile.MERMAID, Tile.RUM, Tile.POSEIDON})


class _TeamPlan:
    """What one team knows before a round, and the hexes its ships have already been sent to."""

    def __init__(self, state: GameState, team_name: str) -> None:
        self.g = state.geometry
        self.team = state.team(team_name)
        self.home = self.team.harbor
        known = _known(state.board)
        self.hidden = known.hidden
        self.avoid = known.among(AVOID)
        self.chests = dict(known.chests)
        #: Where the ships a battleship hunts and fires at are now: the pirates.
        self.prey = [p.at for p in state.pirates]
        #: The hidden hexes no ship of the team will pass through yet (the next ship explores
        #: elsewhere), as the path searches mark their goals (:func:`_marks`).
        self.unexplored = bytearray(known.hidden_marks)
        #: Treasure chests some ship of the team is already on its way to fetch.
        self.promised: dict[Hex, int] = {}

    def path(self, start: Hex | None, goals: bytearray, *, sweep: bool = False) -> list[Hex]:
        """A shortest way from ``start`` (None: in the harbor) to a cell ``goals`` marks
        (:func:`_marks`), start excluded: to the nearest one, or with ``sweep`` to the one of least
        :meth:`explore_rank` (near the ship and near home). Known danger is passed only when there
        is no other way. Ties go to the first direction in N NE SE S SW NW order.

        It is the demo planner's breadth-first search, the same ways found for less work: the search
        runs on the cells' numbers (lists, no hashing of hexes at each step), a layer at a time (the
        order a queue takes them), a cell of known danger that is no goal marked as reached so it is
        never entered. The nearest goal is the first one reached (cells are taken in the order they
        are reached). Sweeping, a cell ``k`` steps away is not gone on from once a goal ranking
        ``(b, d)`` is found with ``k + distance(cell, home) >= b``: a goal further on is at least
        ``distance(cell, home) - steps`` from home, so it ranks at least ``(k + distance(cell, home),
        k + 1)``, worse; and the way to the best goal never passes there."""
        origin = self.home if start is None else start
        grid = _grid(self.g.side)
        number, sea = grid.number, grid.sea
        o = number[origin]
        wanted = goals
        if wanted[o]:
            wanted = bytearray(goals)
            wanted[o] = 0  # (the start is never its own goal)
        if 1 not in wanted:
            return []
        for avoid in (self.avoid, _NOWHERE):
            came = [-1] * len(grid.cells)
            for h in avoid:
                if not wanted[number[h]]:
                    came[number[h]] = o
            came[o] = o
            end = self._sweep(o, wanted, came) if sweep else _nearest(o, wanted, came, sea)
            if end >= 0:
                out = [end]
                while (prev := came[out[-1]]) != o:
                    out.append(prev)
                return [grid.cells[i] for i in reversed(out)]
        return []

    def _sweep(self, o: int, wanted: bytearray, came: list[int]) -> int:
        """The goal of least :meth:`explore_rank` the search from ``o`` reaches (-1: none), filling
        ``came`` (see :meth:`path`)."""
        grid = _grid(self.g.side)
        sea = grid.sea
        home_distance = _home_distances(self.g.side, self.home)
        found: list[tuple[int, int]] = []
        bound: int | None = None  # the least first value of a rank found so far
        layer = [o]
        depth = 0
        while layer:
            following: list[int] = []
            for at in layer:
                if wanted[at]:
                    found.append((at, depth))
                    first = depth + home_distance[at]
                    bound = first if bound is None else min(bound, first)
                if bound is not None and depth + home_distance[at] >= bound:
                    continue  # nothing further on ranks better
                for n in sea[at]:
                    if came[n] < 0:
                        came[n] = at
                        following.append(n)
            layer = following
            depth += 1
        if not found:
            return -1
        cells = grid.cells
        return min(found, key=lambda f: self.explore_rank(cells[f[0]], f[1]))[0]

    def home_path(self, start: Hex | None) -> list[Hex]:
        """A shortest way from ``start`` (a board hex) into the harbor, as a breadth-first search
        from the start finds it (neighbours in N NE SE S SW NW order): around known danger, or
        through it when there is no other way.

        The search's way to a cell is the shortest way whose directions come first in that order,
        step by step; so the way by the open sea's distances from the harbor, each step to the
        first neighbour one nearer (:func:`_walk_home`), is the search's when it passes no known
        danger (it is then also the first of the fewer ways around danger). Otherwise the search
        runs around the danger (:meth:`_search_home`); it finding none, the open sea's way it is."""
        if start is None:
            return []  # (a ship in the harbor is not on its way there)
        side = self.g.side
        out = _walk_home(side, _harbor_distances(side, self.home), start)
        if self.avoid.isdisjoint(out):
            return out
        return self._search_home(start) or out

    def _search_home(self, start: Hex) -> list[Hex]:
        """The breadth-first way from ``start`` into the harbor around known danger (empty: none).
        The harbor being the only goal, the first cell the search takes that touches it ends the
        search: the harbor is entered from there."""
        grid = _grid(self.g.side)
        number, sea = grid.number, grid.sea
        o = number[start]
        mouths = {number[h] for h in self.g.bay_hexes(self.home)}
        came = [-1] * len(grid.cells)
        for h in self.avoid:
            came[number[h]] = o
        came[o] = o
        layer = [o]
        while layer:
            following: list[int] = []
            for at in layer:
                if at in mouths:
                    way = []
                    while at != o:
                        way.append(grid.cells[at])
                        at = came[at]
                    return [*reversed(way), self.home]
                for n in sea[at]:
                    if came[n] < 0:
                        came[n] = at
                        following.append(n)
            layer = following
        return []

    def explore_leg(self, at: Hex | None) -> list[Hex]:
        """The way to the hidden hex a ship at ``at`` explores next (no other ship of the team is
        sent through it): the least :meth:`explore_rank`."""
        return self.path(at, self.unexplored, sweep=True)

    def explore_rank(self, h: Hex, steps: int) -> tuple[int, ...]:
        """Explore close to the ship and close to home: sweep the waters near the harbor first."""
        return (steps + distance(h, self.home), steps, *self.g.sort_key(h))

    def cargo_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """A cargo ship's route: fetch a known chest, explore, bring the cargo home; again."""
        route: list[RouteStep] = []
        at, cargo, room = ship.at, ship.chests, ship.capacity
        home, hidden, chests, promised = self.home, self.hidden, self.chests, self.promised
        number = _grid(self.g.side).number
        while len(route) < tokens:
            wanted = [h for h, n in chests.items() if n > promised.get(h, 0) and h != at]
            if cargo >= room or (cargo and not wanted):
                leg = self.home_path(at)
            elif wanted:
                leg = self.path(at, _marks(self.g.side, wanted))
                if leg:
                    promised[leg[-1]] = promised.get(leg[-1], 0) + 1
            else:
                leg = self.explore_leg(at)
            if not leg:
                break
            for nxt in leg[: tokens - len(route)]:
                was = home if at is None else at
                route.append(_BY_DELTA[(nxt.q - was.q, nxt.r - was.r)])  # (hexes.direction_between)
                if nxt == home:
                    at, cargo = None, 0  # delivered; it may sail out again
                    continue
                at = nxt
                if nxt in hidden:
                    self.unexplored[number[nxt]] = 0
                if chests.get(nxt, 0) > 0 and cargo < room:
                    cargo += 1
                    chests[nxt] -= 1
                    promised[nxt] = max(0, promised.get(nxt, 0) - 1)
        return route, at

    def battleship_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """Towards the nearest prey, stopping two hexes short of it (in range, not alongside)."""
        start = self.home if ship.at is None else ship.at
        if not self.prey:
            return [], ship.at
        prey = min(self.prey, key=lambda p: (distance(start, p), self.g.sort_key(p)))
        route: list[RouteStep] = []
        at = ship.at
        for nxt in self.path(at, _marks(self.g.side, (prey,)))[:tokens]:
            if distance(nxt, prey) < 2:
                break
            route.append(_direction(self.home if at is None else at, nxt))
            at = nxt
        return route, at


def _builds(state: GameState, team_name: str, ap: int) -> tuple[int, int]:
    """Cargo ships and battleships to build: a team without ships builds one; from the second round
    a team with plenty of AP adds a cargo ship (up to three) or, with pirates about, a battleship."""
    team = state.team(team_name)
    if not team.ships:
        return (1, 0) if ap >= CARGO_SHIP_COST else (0, 0)
    if state.round_number < 2:
        return 0, 0
    if state.pirates and team.battleship is None and ap >= BATTLESHIP_COST + 5:
        return 0, 1
    if team.cargo_count < min(3, MAX_CARGO_SHIPS) and ap >= CARGO_SHIP_COST + 6:
        return 1, 0
    return 0, 0


def plan_orders(state: GameState, team_name: str, *, ap: int, checked: bool = True) -> Orders:
    """Sensible, legal orders of one team for the round ``state`` is about to play (deterministic).

    The orders are legal as they are made (every step to a board hex or into the own harbor, only
    for ships that may move, builds within the AP and the limits); ``checked`` runs the engine's
    check all the same and drops what it refuses (:func:`_legal`). The rehearsal, playing thousands
    of rounds, skips it: the tests run the bots' orders of whole camps through the checked path."""
    build_cargo, build_battleships = _builds(state, team_name, ap)
    plan = _TeamPlan(state, team_name)
    sailed = _sail(plan, _steps(ap, build_cargo, build_battleships))
    fire = None
    targets = _targets(plan.prey, sailed)
    if targets and sailed.battleship_end is not None:
        end = sailed.battleship_end
        fire = min(targets, key=lambda p: (distance(end, p), plan.g.sort_key(p)))
    planned = Orders(ap, build_cargo, build_battleships, sailed.routes, HarborMoves(), fire)
    return _legal(state, team_name, planned) if checked else planned


def _steps(ap: int, build_cargo: int, build_battleships: int) -> int:
    """The movement steps of orders with these AP and builds (``Orders.steps``)."""
    return max(0, ap - CARGO_SHIP_COST * build_cargo - BATTLESHIP_COST * build_battleships)


@dataclass(frozen=True)
class _Sailed:
    """The routes a plan gave a team's ships, and where they will be after them (as planned)."""

    #: The routes that move a ship (a ship given none stays).
    routes: tuple[tuple[str, Route], ...]
    #: Where each ship of the team at sea ends, the battleship's included.
    ends: tuple[Hex, ...]
    #: Where the battleship ends: None without one, or in the harbor.
    battleship_end: Hex | None


def _targets(prey: Sequence[Hex], sailed: _Sailed) -> list[Hex]:
    """The prey the battleship may fire at where it ends: in range, and none of its own team's ships
    on or next to it. Empty without a battleship at sea."""
    end = sailed.battleship_end
    if end is None:
        return []
    return [
        p for p in prey if distance(end, p) <= SHOT_RANGE and all(distance(p, h) > 1 for h in sailed.ends)
    ]


def _sail(plan: _TeamPlan, steps: int) -> _Sailed:
    """Each ship's route by the plan: the cargo ships by number, then the battleship."""
    routes: list[tuple[str, Route]] = []
    ends: list[Hex | None] = []
    cargo = sorted((s for s in plan.team.ships if s.kind is ShipKind.CARGO), key=lambda s: s.order_key)
    for ship in cargo:
        end = ship.at
        if ship.may_move and steps:
            route, end = plan.cargo_route(ship, steps * (2 if ship.seahorse else 1))
            routes.append((ship.id, Route(route)))
        ends.append(end)
    battleship = plan.team.battleship
    battleship_end = None
    if battleship is not None:
        battleship_end = battleship.at
        if battleship.may_move and steps:
            route, battleship_end = plan.battleship_route(
                battleship, steps * (2 if battleship.seahorse else 1)
            )
            routes.append((battleship.id, Route(route)))
        ends.append(battleship_end)
    return _Sailed(tuple(r for r in routes if r[1]), tuple(h for h in ends if h is not None), battleship_end)


def _legal(state: GameState, team_name: str, orders: Orders) -> Orders:
    """The orders, less every route (then the harbor's moves and the shot, then the builds) the
    engine would refuse."""
    problems = check_orders(state, team_name, orders)
    if not problems:
        return orders
    bad = {p.ship for p in problems if p.field == "routes"}
    fixed = Orders(
        orders.ap,
        orders.build_cargo,
        orders.build_battleships,
        tuple(r for r in orders.routes if r[0] not in bad),
        HarborMoves() if any(p.field == "harbor" for p in problems) else orders.harbor,
        None if any(p.field == "fire" for p in problems) else orders.fire,
    )
    if check_orders(state, team_name, fixed):
        return Orders(ap=orders.ap)
    return fixed


# ------------------------------------------------------------------------------------ the greedy bot

#: Revealed tiles the greedy bot steers around: only the two that cost it a ship or hold it (reefs,
#: octopus); a mermaid, rum or Poseidon it risks.
GREEDY_AVOID = frozenset({Tile.REEFS, Tile.OCTOPUS})
#: Movement steps the greedy bot keeps when it builds: it builds while as many are left.
GREEDY_KEEP_STEPS = 4
#: Cargo ships the greedy bot has before it builds a battleship.
GREEDY_CARGO_BEFORE_BATTLESHIP = 3
#: How far from its harbor the greedy bot looks for a telescope's hex.
GREEDY_TELESCOPE_REACH = 8


class _GreedyPlan(_TeamPlan):
    """The greedy bot's view: danger is reefs and octopuses only, a ship explores the hidden hex
    nearest to it (not the sweep near home), the prey is every enemy ship at sea (pirates and
    the other teams'), and home is where the harbor is after its move of the round, if any."""

    def __init__(self, state: GameState, team_name: str, home: Hex) -> None:
        super().__init__(state, team_name)
        self.home = home
        self.avoid = _known(state.board).among(GREEDY_AVOID)
        self.prey = [
            *(s.at for t in state.teams if t.name != team_name for s in t.ships if s.at is not None),
            *self.prey,
        ]

    def explore_leg(self, at: Hex | None) -> list[Hex]:
        return self.path(at, self.unexplored)


def greedy_orders(state: GameState, team_name: str, *, ap: int, checked: bool = True) -> Orders:
    """The greedy bot's legal orders for the round ``state`` is about to play (deterministic;
    ``checked`` as for :func:`plan_orders`).

    It builds whenever it can keep :data:`GREEDY_KEEP_STEPS` steps (cargo ships, a battleship once it
    has :data:`GREEDY_CARGO_BEFORE_BATTLESHIP` cargo ships); its cargo ships fetch the nearest known
    chest, go home when full (or loaded with no chest left to fetch), else explore the nearest hidden
    hex; they steer around revealed reefs and octopuses only. Its harbor moves one bay at the first
    step when that brings it nearer to the chests (:func:`greedy_harbor_move`). Its battleship hunts
    the nearest enemy ship (a pirate or another team's) and fires where it hits the most enemies in
    range and none of its own ships."""
    team = state.team(team_name)
    build_cargo, build_battleships = greedy_builds(state, team_name, ap)
    steps = _steps(ap, build_cargo, build_battleships)
    move = greedy_harbor_move(state, team_name, steps)
    home = state.geometry.bay_neighbour(team.harbor, move) if move else team.harbor
    plan = _GreedyPlan(state, team_name, home)
    sailed = _sail(plan, steps)
    fire = None
    targets = _targets(plan.prey, sailed)
    if targets and sailed.battleship_end is not None:
        end = sailed.battleship_end

        def hits(target: Hex) -> int:
            return sum(1 for p in plan.prey if distance(target, p) <= 1)

        fire = min(targets, key=lambda p: (-hits(p), distance(end, p), plan.g.sort_key(p)))
    harbor = HarborMoves((move,)) if move else HarborMoves()
    planned = Orders(ap, build_cargo, build_battleships, sailed.routes, harbor, fire)
    return _legal(state, team_name, planned) if checked else planned


def greedy_builds(state: GameState, team_name: str, ap: int) -> tuple[int, int]:
    """Cargo ships and battleships the greedy bot builds: a team without ships builds one cargo
    ship; otherwise it builds while :data:`GREEDY_KEEP_STEPS` steps are left, a battleship first
    once it has :data:`GREEDY_CARGO_BEFORE_BATTLESHIP` cargo ships, else cargo ships up to the limit."""
    team = state.team(team_name)
    if not team.ships:
        return (1, 0) if ap >= CARGO_SHIP_COST else (0, 0)
    cargo = battleships = 0
    while True:
        left = ap - cargo * CARGO_SHIP_COST - battleships * BATTLESHIP_COST
        have = team.cargo_count + cargo
        if (
            team.battleship is None
            and not battleships
            and have >= GREEDY_CARGO_BEFORE_BATTLESHIP
            and left - BATTLESHIP_COST >= GREEDY_KEEP_STEPS
        ):
            battleships = 1
        elif have < MAX_CARGO_SHIPS and left - CARGO_SHIP_COST >= GREEDY_KEEP_STEPS:
            cargo += 1
        else:
            return cargo, battleships


def greedy_harbor_move(state: GameState, team_name: str, steps: int) -> int:
    """The greedy bot's harbor move at step 1: +1 or -1 (a bay on), or 0 to stay.

    It moves to a neighbouring bay (no other team's harbor) that is nearer to the nearest revealed
    chest (none known: it stays), and only when no loaded ship of its own at sea would have farther
    to go home."""
    if steps < 1:
        return 0
    g = state.geometry
    team = state.team(team_name)
    goals = _known(state.board).chests.keys()
    if not goals:
        return 0
    others = {t.harbor for t in state.teams if t.name != team_name}
    loaded = [s.at for s in team.ships if s.at is not None and s.chests > 0]

    def reach(bay: Hex) -> int:
        far = _distances(g.side, bay)
        return min(far[h] for h in goals)

    best, move = reach(team.harbor), 0
    for delta in (1, -1):
        bay = g.bay_neighbour(team.harbor, delta)
        if bay in others or any(distance(at, bay) > distance(at, team.harbor) for at in loaded):
            continue
        if (near := reach(bay)) < best:
            best, move = near, delta
    return move


def greedy_telescope_target(side: int, revealed: Iterable[Hex], harbor: Hex) -> Hex:
    """Where the greedy bot points its telescope: the hex at most :data:`GREEDY_TELESCOPE_REACH`
    from its harbor that shows the most hidden hexes, the nearer one on a tie, then the first label."""
    return _most_hidden(side, revealed, harbor, GREEDY_TELESCOPE_REACH)
