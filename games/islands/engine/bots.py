"""Bots that play the Golden Islands like a team: pure functions from a :class:`GameState` to legal
:class:`Orders` (and a telescope choice), knowing only what a team knows (revealed hexes, its own
ships and cargo, where the pirates are now, not where they will go).

- :func:`plan_orders`, **the planner** (the demo camp's): cargo ships fetch chests from revealed
  treasures or explore the nearest hidden hexes, loaded ships sail home to deliver, the harbor stays
  put, a ship is built now and then, and a battleship hunts the nearest pirate.
- :func:`telescope_target`: where a team points a telescope it found.

Every bot's orders are checked with the engine's ``check_orders``; a route that does not pass is
dropped (:func:`_legal`), so the orders a bot returns always pass the checked path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from .hexes import Hex, direction_between, distance, geometry, neighbours
from .notation import HarborMoves, Route, RouteStep
from .orders import Orders, check_orders
from .state import (
    BATTLESHIP_COST,
    CARGO_SHIP_COST,
    MAX_CARGO_SHIPS,
    SHOT_RANGE,
    GameState,
    Ship,
    ShipKind,
)
from .tiles import Tile


def telescope_target(side: int, revealed: Iterable[Hex], harbor: Hex) -> Hex:
    """Where a team points its telescope: the hex near its harbor (at most 4 away) that shows the
    most hexes still hidden, the nearer one on a tie, then the first label."""
    g = geometry(side)
    seen = set(revealed)

    def hidden_around(h: Hex) -> int:
        return sum(1 for n in (h, *neighbours(h)) if g.on_board(n) and n not in seen)

    near = [h for h in g.ordered if distance(h, harbor) <= 4] or list(g.ordered)
    return min(near, key=lambda h: (-hidden_around(h), distance(h, harbor), g.sort_key(h)))


# ------------------------------------------------------------------------------------ the planner

#: Revealed tiles a sensible team steers around: they sink, hold, stop or befuddle a ship.
AVOID = frozenset({Tile.REEFS, Tile.OCTOPUS, Tile.MERMAID, Tile.RUM, Tile.POSEIDON})


class _TeamPlan:
    """What one team knows before a round, and the hexes its ships have already been sent to."""

    def __init__(self, state: GameState, team_name: str) -> None:
        self.g = state.geometry
        self.team = state.team(team_name)
        self.home = self.team.harbor
        revealed = {h: c for h, c in state.board.items() if c.revealed}
        self.hidden = {h for h in self.g.ordered if h not in revealed}
        self.avoid = {h for h, c in revealed.items() if c.tile in AVOID}
        self.chests = {h: c.chests for h, c in revealed.items() if c.tile is Tile.TREASURE and c.chests > 0}
        self.pirates = [p.at for p in state.pirates]
        #: Hidden hexes some ship of the team will pass through: the next ship explores elsewhere.
        self.explored: set[Hex] = set()
        #: Treasure chests some ship of the team is already on its way to fetch.
        self.promised: dict[Hex, int] = {}

    def path(
        self,
        start: Hex | None,
        goal: Callable[[Hex], bool],
        *,
        home: bool = False,
        rank: Callable[[Hex, int], tuple[int, ...]] | None = None,
    ) -> list[Hex]:
        """A shortest way from ``start`` (None: in the harbor) to a cell ``goal`` accepts, start
        excluded: to the nearest one, or with ``rank`` to the one of least ``rank(cell, steps)``.
        Known danger is passed only when there is no other way; ``home`` lets the own harbor's bay
        be the goal. Ties go to the first direction in N NE SE S SW NW order."""
        origin = self.home if start is None else start
        for careful in (True, False):
            came: dict[Hex, Hex | None] = {origin: None}
            steps = {origin: 0}
            queue = deque([origin])
            found: list[Hex] = []
            while queue:
                at = queue.popleft()
                if at != origin and goal(at):
                    found.append(at)
                    if rank is None:
                        break
                if at == self.home and at != origin:
                    continue  # a ship that enters the harbor stops there (it is the goal or not a way)
                for n in neighbours(at):
                    if n in came or not (self.g.on_board(n) or (home and n == self.home)):
                        continue
                    if careful and n in self.avoid and not goal(n):
                        continue
                    came[n], steps[n] = at, steps[at] + 1
                    queue.append(n)
            if found:
                best = found[0] if rank is None else min(found, key=lambda h: rank(h, steps[h]))
                out = [best]
                while (prev := came[out[-1]]) is not None and prev != origin:
                    out.append(prev)
                return out[::-1]
        return []

    def explore_rank(self, h: Hex, steps: int) -> tuple[int, ...]:
        """Explore close to the ship and close to home: sweep the waters near the harbor first."""
        return (steps + distance(h, self.home), steps, *self.g.sort_key(h))

    def cargo_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """A cargo ship's route: fetch a known chest, explore, bring the cargo home; again."""
        route: list[RouteStep] = []
        at, cargo = ship.at, ship.chests
        while len(route) < tokens:
            wanted = [h for h, n in self.chests.items() if n > self.promised.get(h, 0) and h != at]
            if cargo >= ship.capacity or (cargo and not wanted):
                leg = self.path(at, lambda h: h == self.home, home=True)
            elif wanted:
                leg = self.path(at, frozenset(wanted).__contains__)
                if leg:
                    self.promised[leg[-1]] = self.promised.get(leg[-1], 0) + 1
            else:
                leg = self.path(
                    at, lambda h: h in self.hidden and h not in self.explored, rank=self.explore_rank
                )
            if not leg:
                break
            for nxt in leg[: tokens - len(route)]:
                route.append(direction_between(self.home if at is None else at, nxt))
                if nxt == self.home:
                    at, cargo = None, 0  # delivered; it may sail out again
                    continue
                at = nxt
                if nxt in self.hidden:
                    self.explored.add(nxt)
                if self.chests.get(nxt, 0) > 0 and cargo < ship.capacity:
                    cargo += 1
                    self.chests[nxt] -= 1
                    self.promised[nxt] = max(0, self.promised.get(nxt, 0) - 1)
        return route, at

    def battleship_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        """Towards the nearest pirate, stopping two hexes short of it (in range, not alongside)."""
        start = self.home if ship.at is None else ship.at
        if not self.pirates:
            return [], ship.at
        prey = min(self.pirates, key=lambda p: (distance(start, p), self.g.sort_key(p)))
        route: list[RouteStep] = []
        at = ship.at
        for nxt in self.path(at, lambda h: h == prey)[:tokens]:
            if distance(nxt, prey) < 2:
                break
            route.append(direction_between(self.home if at is None else at, nxt))
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


def plan_orders(state: GameState, team_name: str, *, ap: int) -> Orders:
    """Sensible, legal orders of one team for the round ``state`` is about to play (deterministic)."""
    build_cargo, build_battleships = _builds(state, team_name, ap)
    orders = Orders(ap=ap, build_cargo=build_cargo, build_battleships=build_battleships)
    plan = _TeamPlan(state, team_name)
    routes: list[tuple[str, Route]] = []
    ends: dict[str, Hex | None] = {}
    cargo = sorted((s for s in plan.team.ships if s.kind is ShipKind.CARGO), key=lambda s: s.order_key)
    for ship in cargo:
        ends[ship.id] = ship.at
        if ship.may_move and orders.steps:
            tokens = orders.steps * (2 if ship.seahorse else 1)
            route, ends[ship.id] = plan.cargo_route(ship, tokens)
            routes.append((ship.id, Route(route)))
    fire = None
    battleship = plan.team.battleship
    if battleship is not None:
        end = battleship.at
        if battleship.may_move and orders.steps:
            route, end = plan.battleship_route(battleship, orders.steps * (2 if battleship.seahorse else 1))
            routes.append((battleship.id, Route(route)))
        own = [h for h in ends.values() if h is not None]
        targets = [
            p
            for p in plan.pirates
            if end is not None
            and distance(end, p) <= SHOT_RANGE
            and all(distance(p, h) > 1 for h in [*own, end])
        ]
        if targets:
            fire = min(targets, key=lambda p: (distance(end, p), plan.g.sort_key(p)))  # type: ignore[arg-type]
    planned = Orders(
        ap, build_cargo, build_battleships, tuple(r for r in routes if r[1]), HarborMoves(), fire
    )
    return _legal(state, team_name, planned)


def _legal(state: GameState, team_name: str, orders: Orders) -> Orders:
    """The orders, less every route (then the shot, then the builds) the engine would refuse."""
    problems = check_orders(state, team_name, orders)
    if not problems:
        return orders
    bad = {p.ship for p in problems if p.field == "routes"}
    fixed = Orders(
        orders.ap,
        orders.build_cargo,
        orders.build_battleships,
        tuple(r for r in orders.routes if r[0] not in bad),
        HarborMoves(),
        None if any(p.field == "fire" for p in problems) else orders.fire,
    )
    if check_orders(state, team_name, fixed):
        return Orders(ap=orders.ap)
    return fixed
