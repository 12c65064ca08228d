"""The planner, the demo camp's bot (:func:`plan_orders`): cargo ships fetch chests from revealed
treasures or explore the hidden hexes near the ship and near home, loaded ships sail home to
deliver, the harbor stays put, a ship is built now and then, a battleship hunts the nearest pirate,
all around revealed reefs, octopuses, mermaids, rum and Poseidon; :func:`telescope_target`.

:class:`TeamPlan` is the plan the other bots vary: what a team knows before a round, and how its
ships are sent (its path searches run on numbered cells and the team's own frame, ``ways.Frame``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..hexes import Hex, distance
from ..notation import HarborMoves, Route, RouteStep, ShipId
from ..orders import Orders, check_orders
from ..rng import FewDraws
from ..state import (
    BATTLESHIP_COST,
    CARGO_SHIP_COST,
    MAX_CARGO_SHIPS,
    GameState,
    Ship,
    ShipKind,
    within_shot_range,
)
from ..tiles import Tile
from .ways import (
    NOWHERE,
    direction,
    frame_of,
    grid,
    harbor_distances,
    home_distances,
    known,
    marks,
    most_hidden,
    nearest,
    walk_home,
)

#: Revealed tiles a sensible team steers around: they sink, hold, stop or befuddle a ship.
AVOID = frozenset({Tile.REEFS, Tile.OCTOPUS, Tile.MERMAID, Tile.RUM, Tile.POSEIDON})
#: How far from its harbor the planner looks for a telescope's hex (the waters it sweeps first).
TELESCOPE_REACH = 4


def telescope_target(side: int, revealed: Iterable[Hex], harbor: Hex) -> Hex:
    """Where the planner points its telescope: the hex near its harbor (at most 4 away) that shows
    the most hexes still hidden, the nearer one on a tie, then the team's first label."""
    return most_hidden(side, revealed, harbor, TELESCOPE_REACH)


class TeamPlan:
    """What one team knows before a round, and the hexes its ships have already been sent to."""

    def __init__(self, state: GameState, team_name: str) -> None:
        self.g = state.geometry
        self.team = state.team(team_name)
        self.home = self.team.harbor
        #: The round's draws of the team's plan: the direction it tries first, the goals it takes.
        self.mood = FewDraws(state.seed, state.round_number, f"{team_name}.plan")
        #: The board from the team's own side: every order it tries and every tie it breaks.
        self.view = frame_of(state.side, self.team.harbor, self.mood.randrange(6))
        board = known(state.board)
        self.hidden = board.hidden
        self.avoid = board.among(AVOID)
        self.chests = dict(board.chests)
        #: Where the ships a battleship hunts and fires at are now: the pirates.
        self.prey = [p.at for p in state.pirates]
        #: The hidden hexes no ship of the team will pass through yet (the next ship explores
        #: elsewhere), as the path searches mark their goals (``ways.marks``).
        self.unexplored = bytearray(board.hidden_marks)
        #: Treasure chests some ship of the team is already on its way to fetch.
        self.promised: dict[Hex, int] = {}

    def key(self, h: Hex) -> tuple[int, int]:
        """The team's own tie-break of a hex (``ways.Frame.key``)."""
        return self.view.key[h]

    def pick(self, cells: list[int]) -> int:
        """One of equally good goals (by the grid's numbers), drawn: in the team's own label order,
        the one at a drawn place."""
        numbers = grid(self.g.side).cells
        ordered = sorted(cells, key=lambda i: self.view.key[numbers[i]])
        return ordered[self.mood.randrange(len(ordered))]

    def path(self, start: Hex | None, goals: bytearray, *, sweep: bool = False) -> list[Hex]:
        """A shortest way from ``start`` (None: in the harbor) to a cell ``goals`` marks
        (``ways.marks``), start excluded: to the nearest one, or with ``sweep`` to the one of least
        :meth:`explore_rank` (near the ship and near home). Known danger is passed only when there
        is no other way. Ties go to the first direction in the team's own order.

        The search runs on the cells' numbers (lists, no hashing of hexes at each step), a layer at
        a time (the order a queue takes them), a cell of known danger that is no goal marked as
        reached so it is never entered. Of the nearest goals (the first layer holding any) :meth:`pick`
        draws one. Sweeping, a cell ``k`` steps away is not gone on from once a
        goal ranking ``(b, d)`` is found with ``k + distance(cell, home) >= b``: a goal further on
        is at least ``distance(cell, home) - steps`` from home, so it ranks at least ``(k +
        distance(cell, home), k + 1)``, worse; and the way to the best goal never passes there."""
        origin = self.home if start is None else start
        numbers = grid(self.g.side)
        number, sea = numbers.number, self.view.sea
        o = number[origin]
        wanted = goals
        if wanted[o]:
            wanted = bytearray(goals)
            wanted[o] = 0  # (the start is never its own goal)
        if 1 not in wanted:
            return []
        for avoid in (self.avoid, NOWHERE):
            came = [-1] * len(numbers.cells)
            for h in avoid:
                if not wanted[number[h]]:
                    came[number[h]] = o
            came[o] = o
            end = self._sweep(o, wanted, came) if sweep else nearest(o, wanted, came, sea, self.pick)
            if end >= 0:
                out = [end]
                while (prev := came[out[-1]]) != o:
                    out.append(prev)
                return [numbers.cells[i] for i in reversed(out)]
        return []

    def _sweep(self, o: int, wanted: bytearray, came: list[int]) -> int:
        """The goal of least :meth:`explore_rank` the search from ``o`` reaches (-1: none), filling
        ``came`` (see :meth:`path`)."""
        numbers = grid(self.g.side)
        sea = self.view.sea
        home_distance = home_distances(self.g.side, self.home)
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
        cells = numbers.cells
        ranks = [self.explore_rank(cells[at], steps) for at, steps in found]
        best = min(ranks)
        return self.pick([at for (at, _steps), rank in zip(found, ranks, strict=True) if rank == best])

    def home_path(self, start: Hex | None) -> list[Hex]:
        """A shortest way from ``start`` (a board hex) into the harbor, as a breadth-first search
        from the start finds it (neighbours in the team's order): around known danger, or through
        it when there is no other way.

        The search's way to a cell is the shortest way whose directions come first in that order,
        step by step; so the way by the open sea's distances from the harbor, each step to the
        first neighbour one nearer (``ways.walk_home``), is the search's when it passes no known
        danger (it is then also the first of the fewer ways around danger). Otherwise the search
        runs around the danger (:meth:`_search_home`); it finding none, the open sea's way it is."""
        if start is None:
            return []  # (a ship in the harbor is not on its way there)
        out = walk_home(self.view, harbor_distances(self.g.side, self.home), start)
        if self.avoid.isdisjoint(out):
            return out
        return self._search_home(start) or out

    def _search_home(self, start: Hex) -> list[Hex]:
        """The breadth-first way from ``start`` into the harbor around known danger (empty: none).
        The harbor being the only goal, the first cell the search takes that touches it ends the
        search: the harbor is entered from there."""
        numbers = grid(self.g.side)
        number, sea = numbers.number, self.view.sea
        o = number[start]
        mouths = {number[h] for h in self.g.bay_hexes(self.home)}
        came = [-1] * len(numbers.cells)
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
                        way.append(numbers.cells[at])
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

    def explore_rank(self, h: Hex, steps: int) -> tuple[int, int]:
        """Explore close to the ship and close to home: sweep the waters near the harbor first (the
        goals of the best rank are equally good: :meth:`pick` draws one)."""
        return (steps + distance(h, self.home), steps)

    def cargo_leg(self, at: Hex | None, cargo: int, room: int) -> list[Hex]:
        """The next leg of a cargo ship at ``at`` carrying ``cargo`` of ``room``: home when full (or
        loaded and no chest left to fetch), else to the nearest chest nobody is sent to yet (it is
        promised), else exploring."""
        chests, promised = self.chests, self.promised
        wanted = [h for h, n in chests.items() if n > promised.get(h, 0) and h != at]
        if cargo >= room or (cargo and not wanted):
            return self.home_path(at)
        if wanted:
            leg = self.path(at, marks(self.g.side, wanted))
            if leg:
                promised[leg[-1]] = promised.get(leg[-1], 0) + 1
            return leg
        return self.explore_leg(at)

    def cargo_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """A cargo ship's route: fetch a known chest, explore, bring the cargo home; again."""
        route: list[RouteStep] = []
        at, cargo, room = ship.at, ship.chests, ship.capacity
        home, hidden, chests, promised = self.home, self.hidden, self.chests, self.promised
        number = grid(self.g.side).number
        while len(route) < tokens:
            leg = self.cargo_leg(at, cargo, room)
            if not leg:
                break
            for nxt in leg[: tokens - len(route)]:
                route.append(direction(home if at is None else at, nxt))
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
            if self.leg_ends_route():
                break
        return route, at

    def leg_ends_route(self) -> bool:
        """Whether a ship's route ends with the leg just planned (the planner goes on)."""
        return False

    def battleship_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """Towards the nearest prey, stopping two hexes short of it (in range, not alongside)."""
        start = self.home if ship.at is None else ship.at
        if not self.prey:
            return [], ship.at
        prey = min(self.prey, key=lambda p: (distance(start, p), self.view.key[p]))
        route: list[RouteStep] = []
        at = ship.at
        for nxt in self.path(at, marks(self.g.side, (prey,)))[:tokens]:
            if distance(nxt, prey) < 2:
                break
            route.append(direction(self.home if at is None else at, nxt))
            at = nxt
        return route, at


def planner_builds(state: GameState, team_name: str, ap: int) -> tuple[int, int]:
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
    check all the same and drops what it refuses (:func:`legal`). The rehearsal, playing thousands
    of rounds, skips it: the tests run the bots' orders of whole camps through the checked path."""
    build_cargo, build_battleships = planner_builds(state, team_name, ap)
    return planned_orders(TeamPlan(state, team_name), state, ap, build_cargo, build_battleships, checked)


def planned_orders(
    plan: TeamPlan, state: GameState, ap: int, build_cargo: int, build_battleships: int, checked: bool
) -> Orders:
    """The orders of a plan (the planner's and the novice's): its ships sailed, a shot at the nearest
    prey in range."""
    sailed = sail(plan, steps_left(ap, build_cargo, build_battleships))
    fire = None
    in_range = targets(plan.prey, sailed)
    if in_range and sailed.battleship_end is not None:
        end = sailed.battleship_end
        fire = min(in_range, key=lambda p: (distance(end, p), plan.key(p)))
    planned = Orders(ap, build_cargo, build_battleships, sailed.routes, HarborMoves(), fire)
    return legal(state, plan.team.name, planned) if checked else planned


def steps_left(ap: int, build_cargo: int, build_battleships: int) -> int:
    """The movement steps of orders with these AP and builds (``Orders.steps``)."""
    return max(0, ap - CARGO_SHIP_COST * build_cargo - BATTLESHIP_COST * build_battleships)


@dataclass(frozen=True)
class Sailed:
    """The routes a plan gave a team's ships, and where they will be after them (as planned)."""

    #: The routes that move a ship (a ship given none stays).
    routes: tuple[tuple[ShipId, Route], ...]
    #: Where each ship of the team at sea ends, the battleship's included.
    ends: tuple[Hex, ...]
    #: Where the battleship ends: None without one, or in the harbor.
    battleship_end: Hex | None


def targets(prey: Sequence[Hex], sailed: Sailed) -> list[Hex]:
    """The prey the battleship may fire at where it ends: in range, and none of its own team's ships
    on or next to it. Empty without a battleship at sea."""
    end = sailed.battleship_end
    if end is None:
        return []
    return [p for p in prey if within_shot_range(end, p) and all(distance(p, h) > 1 for h in sailed.ends)]


def sail(plan: TeamPlan, steps: int) -> Sailed:
    """Each ship's route by the plan: the cargo ships by number, then the battleship."""
    routes: list[tuple[ShipId, Route]] = []
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
    return Sailed(tuple(r for r in routes if r[1]), tuple(h for h in ends if h is not None), battleship_end)


def legal(state: GameState, team_name: str, orders: Orders) -> Orders:
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
