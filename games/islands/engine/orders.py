"""A team's orders for one round and the check that names every problem.
(The orders, their check and the one simulation of a route, which the check and the drawn route
both read, kept together.)

The orders are built of the values of :mod:`.notation` (routes, harbor moves, read from text in an
alphabet). :func:`check_orders` lists every problem at once, each with a machine ``code`` and
``params``: the words are the Django layer's (``games.islands.words``), in the staff's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .hexes import DIRECTIONS, BoardGeometry, Hex, step_table
from .notation import HarborMoves, Route, RouteStep, ShipId
from .state import (
    BATTLESHIP_COST,
    BATTLESHIP_ID,
    CARGO_SHIP_COST,
    MAX_BATTLESHIPS,
    MAX_CARGO_SHIPS,
    GameState,
    Ship,
    Team,
)

#: A route as the simulation reads it: a :class:`.notation.Route`, or any tuple of steps.
Steps = tuple[RouteStep, ...]


@dataclass(frozen=True)
class Orders:
    """One team's orders for a round.

    ``routes`` pairs ship ids with their routes (one token per step, two per step for a ship that
    moves double this round); ``harbor`` holds +1/-1/0 per step; ``fire`` is the battleship's target.

    >>> c1 = ShipId.parse("C1")
    >>> o = Orders(ap=14, build_cargo=1, routes=((c1, Route.parse("N N")),))
    >>> o.steps, o.route(c1), o.route(ShipId.parse("C2"))
    (8, ('N', 'N'), ())

    Plain tuples of steps and ids as text are taken too (a test, a bot): they become a
    :class:`.notation.Route`, :class:`.notation.HarborMoves` and :class:`.notation.ShipId` (raising
    :class:`.notation.ShipIdError` for text that is no ship id), so the orders always print themselves.
    """

    ap: int
    build_cargo: int = 0
    build_battleships: int = 0
    routes: tuple[tuple[ShipId, Route], ...] = ()
    harbor: HarborMoves = HarborMoves()
    fire: Hex | None = None

    def __post_init__(self) -> None:
        if not all(type(ship) is ShipId and isinstance(route, Route) for ship, route in self.routes):
            routes = tuple((ShipId.parse(ship), Route(route)) for ship, route in self.routes)
            object.__setattr__(self, "routes", routes)
        if not isinstance(self.harbor, HarborMoves):
            object.__setattr__(self, "harbor", HarborMoves(self.harbor))

    @property
    def build_cost(self) -> int:
        return CARGO_SHIP_COST * self.build_cargo + BATTLESHIP_COST * self.build_battleships

    @property
    def steps(self) -> int:
        """Movement steps: the AP left after building (never below 0)."""
        return max(0, self.ap - self.build_cost)

    def route(self, ship_id: ShipId) -> Route:
        for sid, route in self.routes:
            if sid == ship_id:
                return route
        return Route()


#: Orders of a team that handed in none: it builds nothing and nothing moves.
NO_ORDERS = Orders(ap=0)


class ProblemCode(StrEnum):
    UNKNOWN_TEAM = "unknown_team"
    NEGATIVE_AP = "negative_ap"
    NEGATIVE_BUILD = "negative_build"
    BUILD_COST = "build_cost"
    CARGO_LIMIT = "cargo_limit"
    BATTLESHIP_LIMIT = "battleship_limit"
    UNKNOWN_SHIP = "unknown_ship"
    DUPLICATE_ROUTE = "duplicate_route"
    SHIP_MAY_NOT_MOVE = "ship_may_not_move"
    ROUTE_TOO_LONG = "route_too_long"
    UNKNOWN_DIRECTION = "unknown_direction"
    OFF_BOARD = "off_board"
    HARBOR_TOO_LONG = "harbor_too_long"
    BAD_HARBOR_MOVE = "bad_harbor_move"
    FIRE_WITHOUT_BATTLESHIP = "fire_without_battleship"
    FIRE_OFF_BOARD = "fire_off_board"


ProblemParam = str | int


@dataclass(frozen=True)
class Breach:
    """One rule a team's orders break (a code and its values: no words, those are the Django
    layer's).

    ``field`` is the part of the orders it concerns (``ap``, ``build``, ``routes``, ``harbor``,
    ``fire``, or ``team`` for the orders as a whole); ``ship`` and ``step`` say where, when known;
    ``half`` is 1 or 2 for a ship that moves double (two tokens per step). ``params`` feed the text.
    """

    team: str
    code: ProblemCode
    field: str
    ship: ShipId | None = None
    step: int | None = None
    half: int | None = None
    params: tuple[tuple[str, ProblemParam], ...] = ()

    @property
    def detail(self) -> str:
        """The code with where and its values, for logs and the command line (the words people
        read are the Django layer's): ``off_board (step 3, at=A1)``."""
        values = [f"step {self.step_text}"] if self.step is not None else []
        values += [f"{name}={value}" for name, value in self.params]
        return f"{self.code.value} ({', '.join(values)})" if values else self.code.value

    @property
    def step_text(self) -> str:
        if self.step is None:
            return ""
        return f"{self.step}" if self.half is None else f"{self.step}.{self.half}"

    @property
    def path(self) -> str:
        """Where in a round file the problem sits: ``orders.red.routes.C2``."""
        parts = ["orders", self.team]
        if self.field != "team":
            parts.append(self.field)
        if self.field == "routes" and self.ship is not None:
            parts.append(self.ship)
        return ".".join(parts)

    def __str__(self) -> str:
        return f"{self.path}: {self.detail}"


class IllegalOrders(ValueError):
    """Orders that break the rules; ``problems`` lists every one of them."""

    def __init__(self, problems: Iterable[Breach]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


def harbor_positions(g: BoardGeometry, start: Hex, moves: Iterable[int]) -> list[Hex]:
    """Where the harbor is during each step (after that step's move); ``[i]`` is step ``i + 1``."""
    positions: list[Hex] = []
    bay = start
    for move in moves:
        bay = g.bay_neighbour(bay, move) if move else bay
        positions.append(bay)
    return positions


def harbor_steps(g: BoardGeometry, start: Hex, moves: Iterable[int], steps: int) -> list[Hex]:
    """The harbor's bay during each of ``steps`` steps: :func:`harbor_positions`, then it stays."""
    positions = harbor_positions(g, start, moves)[:steps]
    return positions + [positions[-1] if positions else start] * (steps - len(positions))


class RouteLeg(NamedTuple):
    """One token of a route as sailed (the ``token_index``-th, from 0): from ``origin`` (the
    harbor's bay while in harbor) to ``at`` (None: into its own harbor). ``off_board`` marks the
    token that would leave the board: the route ends there (``at`` is then where the ship still
    is). (A named tuple, not a frozen dataclass: every order check makes one per token.)"""

    token_index: int
    harbor: Hex
    origin: Hex
    at: Hex | None
    off_board: bool = False


def sail_route(
    g: BoardGeometry, ship: Ship, route: Steps, steps: int, harbor_at: Sequence[Hex]
) -> Iterator[RouteLeg]:
    """The moves of one ship's route (its stays skipped), as far as it stays legal: the one
    simulation of movement that both the check and the drawn route points read (:func:`_sailing`).

    ``harbor_at[i]`` is the harbor's bay during step ``i + 1`` (not empty); past its end the harbor
    stays. Only the tokens the steps allow are sailed (two per step for a ship that moves double).
    """
    for leg in _sailing(g, ship, route, steps, harbor_at):
        yield RouteLeg(*leg)


_Leg = tuple[int, Hex, Hex, "Hex | None", bool]


def _sailing(
    g: BoardGeometry, ship: Ship, route: Steps, steps: int, harbor_at: Sequence[Hex]
) -> Iterator[_Leg]:
    """:func:`sail_route`'s legs as plain tuples (the order check reads them for every token of
    every route: a named tuple costs several times more to make)."""
    per_step = 2 if ship.seahorse else 1
    at = ship.at
    board = g.hexes
    around = step_table(g.side)  # (every order check walks every token: the neighbours are kept)
    last = len(harbor_at) - 1
    for i, token in enumerate(route[: steps * per_step]):
        if token is None:
            continue
        harbor = harbor_at[min(i // per_step, last)]  # after its last move it stays
        origin = harbor if at is None else at
        nearby = around.get(origin)
        target = origin.step(token) if nearby is None else nearby[token]
        if target in board:
            at = target
        elif at is not None and target == harbor:
            at = None  # into its own harbor: delivers, may leave again later
        else:
            yield (i, harbor, origin, at, True)
            return  # past this the route means nothing
        yield (i, harbor, origin, at, False)


def route_points(
    g: BoardGeometry, team: Team, ship: Ship, route: Steps, steps: int, harbor_at: Sequence[Hex]
) -> tuple[Hex, ...]:
    """The hexes a route passes through, start first (a bay while the ship is in harbor, and the
    bay again when the harbor moved under it before it left), as far as it stays legal."""
    points = [team.harbor if ship.at is None else ship.at]
    for leg in sail_route(g, ship, route, steps, harbor_at or [team.harbor]):
        if leg.off_board:
            break
        if leg.origin == leg.harbor and points[-1] != leg.harbor:
            points.append(leg.harbor)
        points.append(leg.harbor if leg.at is None else leg.at)
    return tuple(points)


def token_step(token_index: int, ship: Ship | None) -> tuple[int, int | None]:
    """Where the ``token_index``-th token of a ship's route (from 0) is played: its step, and its
    half-step (1 or 2) for a ship that moves double (a seahorse: two tokens a step); None for any
    other ship, or a route of a ship the team does not have.

    >>> from games.islands.engine.state import ShipKind
    >>> seahorse = Ship(ShipId.parse("C1"), ShipKind.CARGO, seahorse=True)
    >>> token_step(2, seahorse), token_step(2, None)
    ((2, 1), (3, None))
    """
    if ship is None or not ship.seahorse:
        return token_index + 1, None
    return token_index // 2 + 1, token_index % 2 + 1


def steps_used(team: Team, orders: Orders) -> int:
    """The movement steps the orders use, at most ``orders.steps``: the harbor's moves or the longest
    route of a ship that may move, whichever is longer (a seahorse's two moves fill one step)."""
    used = len(orders.harbor)
    for ship in team.ships:
        if ship.may_move:
            used = max(used, -(-len(orders.route(ship.id)) // (2 if ship.seahorse else 1)))
    return min(used, orders.steps)


def nothing_to_order(ap: int, *, battleship_on_board: bool) -> bool:
    """Whether no order of a team with ``ap`` this round can change anything, so its empty orders
    are all it could hand in ("nemá tah").

    Every order but the battleship's shot spends AP: a build costs AP, each movement step (a ship's
    or the harbor's) is one AP. So with AP the team always has something to order (at least its
    harbor may move); with none, only a battleship on the board can still act: it fires at its
    target, held by an octopus or kept by a mermaid too. A battleship in its harbor does not fire
    and cannot leave it without a step. (The rows' readers ask this with two plain facts;
    :func:`team_nothing_to_order` with a state's team.)

    >>> nothing_to_order(0, battleship_on_board=False), nothing_to_order(1, battleship_on_board=False)
    (True, False)
    >>> nothing_to_order(0, battleship_on_board=True)
    False
    """
    return ap <= 0 and not battleship_on_board


def team_nothing_to_order(team: Team, ap: int) -> bool:
    """:func:`nothing_to_order` for ``team`` of a state before the round.

    >>> from games.islands.engine.hexes import geometry
    >>> from games.islands.engine.state import ShipKind
    >>> g = geometry(5)
    >>> home = Ship(BATTLESHIP_ID, ShipKind.BATTLESHIP)
    >>> team = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO, at=g.parse("A1")), home))
    >>> team_nothing_to_order(team, 0), team_nothing_to_order(team, 1)
    (True, False)
    >>> at_sea = Ship(BATTLESHIP_ID, ShipKind.BATTLESHIP, at=g.parse("B2"))
    >>> team_nothing_to_order(Team("red", g.parse("Z1"), ships=(at_sea,)), 0)
    False
    """
    battleship = team.battleship
    return nothing_to_order(ap, battleship_on_board=battleship is not None and battleship.at is not None)


def check_orders(state: GameState, team_name: str, orders: Orders) -> list[Breach]:
    """Every problem of one team's orders against the state before the round (empty: legal).

    >>> from games.islands.engine.state import Board, ShipKind
    >>> from games.islands.engine.hexes import geometry
    >>> g = geometry(5)
    >>> team = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO, at=g.parse("A1")),))
    >>> state = GameState(Board.empty(5), (team,))
    >>> [str(p) for p in check_orders(state, "red", Orders(ap=3, routes=(("C1", ("SW",)),)))]
    ['orders.red.routes.C1: off_board (step 1, at=A1)']
    """
    try:
        team = state.team(team_name)
    except KeyError:
        return [Breach(team_name, ProblemCode.UNKNOWN_TEAM, "team")]
    problems: list[Breach] = []

    def problem(code: ProblemCode, field: str, **kw: object) -> None:
        ship = kw.pop("ship", None)
        step = kw.pop("step", None)
        half = kw.pop("half", None)
        params = tuple((k, v) for k, v in kw.items() if isinstance(v, str | int))
        problems.append(
            Breach(
                team_name,
                code,
                field,
                ship=ship if isinstance(ship, ShipId) else None,
                step=step if isinstance(step, int) else None,
                half=half if isinstance(half, int) else None,
                params=params,
            )
        )

    if orders.ap < 0:
        problem(ProblemCode.NEGATIVE_AP, "ap", ap=orders.ap)
    for count in (orders.build_cargo, orders.build_battleships):
        if count < 0:
            problem(ProblemCode.NEGATIVE_BUILD, "build", count=count)
    if orders.build_cost > max(orders.ap, 0):
        problem(ProblemCode.BUILD_COST, "build", cost=orders.build_cost, ap=orders.ap)
    if orders.build_cargo > 0 and team.cargo_count + orders.build_cargo > MAX_CARGO_SHIPS:
        problem(
            ProblemCode.CARGO_LIMIT,
            "build",
            have=team.cargo_count,
            build=orders.build_cargo,
            limit=MAX_CARGO_SHIPS,
        )
    have_battleships = 0 if team.battleship is None else 1
    if orders.build_battleships > 0 and have_battleships + orders.build_battleships > MAX_BATTLESHIPS:
        problem(
            ProblemCode.BATTLESHIP_LIMIT,
            "build",
            have=have_battleships,
            build=orders.build_battleships,
            limit=MAX_BATTLESHIPS,
        )

    steps = orders.steps
    g = state.geometry
    if len(orders.harbor) > steps:
        problem(ProblemCode.HARBOR_TOO_LONG, "harbor", length=len(orders.harbor), allowed=steps)
    for number, move in enumerate(orders.harbor, start=1):
        if move not in (-1, 0, 1):
            problem(ProblemCode.BAD_HARBOR_MOVE, "harbor", step=number, move=move)
    clean_harbor = [m if m in (-1, 0, 1) else 0 for m in orders.harbor[:steps]]
    harbor_at = harbor_positions(g, team.harbor, clean_harbor) or [team.harbor]

    # Ships built in these orders may not move: like any such ship, a route of stays is accepted.
    being_built = set(team.free_cargo_ids()[: max(orders.build_cargo, 0)])
    if orders.build_battleships > 0 and team.battleship is None:
        being_built.add(BATTLESHIP_ID)
    seen: set[ShipId] = set()
    for ship_id, route in orders.routes:
        ship = team.ship(ship_id)
        if ship is None:
            if ship_id not in being_built or any(t is not None for t in route):
                problem(ProblemCode.UNKNOWN_SHIP, "routes", ship=ship_id)
            elif ship_id in seen:
                problem(ProblemCode.DUPLICATE_ROUTE, "routes", ship=ship_id)
            seen.add(ship_id)
            continue
        if ship_id in seen:
            problem(ProblemCode.DUPLICATE_ROUTE, "routes", ship=ship_id)
            continue
        seen.add(ship_id)
        problems.extend(_route_problems(state, team, ship, route, steps, harbor_at))

    if orders.fire is not None:
        if team.battleship is None:
            problem(ProblemCode.FIRE_WITHOUT_BATTLESHIP, "fire")
        if not g.on_board(orders.fire):
            problem(ProblemCode.FIRE_OFF_BOARD, "fire", target=f"({orders.fire.q}, {orders.fire.r})")
    return problems


def _route_problems(
    state: GameState, team: Team, ship: Ship, route: Steps, steps: int, harbor_at: list[Hex]
) -> list[Breach]:
    """Problems of one ship's route: may it move, is it too long, does it stay on the board.

    ``harbor_at[i]`` is the harbor's bay during step ``i + 1``; past its end the harbor stays.
    """
    per_step = 2 if ship.seahorse else 1
    allowed = steps * per_step

    def make(code: ProblemCode, token_index: int | None = None, **params: ProblemParam) -> Breach:
        step, half = token_step(token_index, ship) if token_index is not None else (None, None)
        return Breach(team.name, code, "routes", ship.id, step, half, tuple(params.items()))

    problems: list[Breach] = []
    for i, token in enumerate(route):
        if token is not None and token not in DIRECTIONS:
            problems.append(make(ProblemCode.UNKNOWN_DIRECTION, i, token=str(token)))
    if problems:
        return problems
    if not ship.may_move:
        first_move = next((i for i, t in enumerate(route) if t is not None), None)
        if first_move is not None:
            reason = "octopus" if ship.octopus else "mermaid"  # what holds the ship
            problems.append(make(ProblemCode.SHIP_MAY_NOT_MOVE, first_move, reason=reason))
        return problems
    if len(route) > allowed:
        extra: dict[str, ProblemParam] = {"per_step": per_step} if per_step > 1 else {}
        problems.append(make(ProblemCode.ROUTE_TOO_LONG, None, length=len(route), allowed=allowed, **extra))
    for token_index, _harbor, origin, _at, off_board in _sailing(
        state.geometry, ship, route, steps, harbor_at
    ):
        if off_board:
            problems.append(make(ProblemCode.OFF_BOARD, token_index, at=state.geometry.label(origin)))
    return problems


def check_all_orders(state: GameState, orders_by_team: Mapping[str, Orders]) -> list[Breach]:
    """Problems of every team's orders, teams in the order given."""
    problems: list[Breach] = []
    for name, orders in orders_by_team.items():
        problems.extend(check_orders(state, name, orders))
    return problems
