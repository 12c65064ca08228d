"""A team's order sheet read into the engine's :class:`~.orders.Orders`: the five fields as written
(the counts to build, each ship's route in the sheet's letters, the harbor's moves, the fire
target), every problem found at once with where it sits.

A sheet is what staff typed or a team wrote, any text: :func:`read_sheet` never raises on it. What
cannot be read is a :class:`SheetProblem` (a code, where, the values a message needs); what reads
but breaks a rule is the check's :class:`~.orders.Breach`. The words are the Django layer's
(``games.islands.words``), in the reader's language.

>>> from games.islands.engine.hexes import geometry
>>> from games.islands.engine.state import Board, GameState, Ship, ShipKind, Team
>>> g = geometry(5)
>>> red = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO, seahorse=True),))
>>> state = GameState(Board.empty(5), (red,))
>>> read = read_sheet(Sheet(routes=(("c1", "S, SV X"),), alphabet=Alphabet.CZECH), state, "red", ap=3)
>>> [(p.code.value, p.ship, p.step, p.half, p.params) for p in read.problems]
[('route_syntax', 'C1', 2, 1, (('token', 'X'), ('alphabet', 'cs')))]
>>> read_sheet(Sheet(routes=(("C1", "S SV"),), alphabet=Alphabet.CZECH), state, "red", ap=3).orders.routes
(('C1', ('N', 'NE')),)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .hexes import BoardGeometry, Hex, LabelError
from .notation import (
    Alphabet,
    CountSyntaxError,
    HarborMoves,
    Route,
    RouteSyntaxError,
    ShipId,
    parse_count,
    spaced_sheet_text,
)
from .orders import Breach, Orders, ProblemParam, check_orders, token_step
from .state import GameState, Team

#: How much of what was written a problem quotes: a message names the mistake, not a page of text.
QUOTED = 10
QUOTED_COUNT = 20


@dataclass(frozen=True)
class Sheet:
    """The five fields of a team's order sheet as written, routes in ``alphabet``.

    ``routes`` pairs each route's ship, as the sheet names it (``C1``; ``c1`` reads the same), with
    its route text. Blank counts build nothing; the English letters are the files' and the engine's.
    """

    build_cargo: str = ""
    build_battleship: str = ""
    routes: tuple[tuple[str, str], ...] = ()
    harbor: str = ""
    fire: str = ""
    alphabet: Alphabet = Alphabet.ENGLISH


class SheetCode(StrEnum):
    """What cannot be read on a sheet; the comment names the problem's values."""

    NOT_A_NUMBER = "not_a_number"  # value: a count that is no whole number
    HARBOR_SYNTAX = "harbor_syntax"  # token: a harbor move that is not + - .
    ROUTE_SYNTAX = "route_syntax"  # token, alphabet: a route token that is no letter of the alphabet
    NOT_A_SHIP = "not_a_ship"  # ship: a route under a name that is no ship id
    FIRE_LABEL = "fire_label"  # label, last: a target that is no hex of the board
    FIRE_BAY = "fire_bay"  # label: a target that is a bay


@dataclass(frozen=True)
class SheetProblem:
    """One thing on a sheet that cannot be read: ``field`` is the sheet's field (``build_cargo``,
    ``build_battleship``, ``harbor``, ``routes``, ``fire``); ``ship``, ``step`` and ``half`` (1 or 2
    for a ship that moves double) say where, when known; ``params`` feed the message."""

    code: SheetCode
    field: str
    ship: ShipId | None = None
    step: int | None = None
    half: int | None = None
    params: tuple[tuple[str, ProblemParam], ...] = ()


#: A problem of a sheet with where it sits: one it cannot be read for, or one of the rules.
LocatedProblem = SheetProblem | Breach


@dataclass(frozen=True)
class ReadSheet:
    """A sheet as read: the orders it gives (what could be read of it) and every problem, in the
    sheet's order (counts, harbor, routes, target), then the rules' (:func:`~.orders.check_orders`
    on those orders). Orders with problems are only for showing: never resolve them."""

    orders: Orders
    problems: tuple[LocatedProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


class SheetTeamError(ValueError):
    """The sheet's team is not in the game (no harbor, no ships): there is nothing to read it for."""

    def __init__(self, team: str) -> None:
        self.team = team
        super().__init__(f"there is no team {team!r} in the game")


def read_sheet(sheet: Sheet, state: GameState, team_name: str, ap: int) -> ReadSheet:
    """Read ``sheet`` as the orders of team ``team_name`` with ``ap`` action points this round, and
    check them against ``state``, the state before the round. Raises :class:`SheetTeamError` only
    when the team is not in the game, never for what was written."""
    try:
        team = state.team(team_name)
    except KeyError:
        raise SheetTeamError(team_name) from None
    problems: list[LocatedProblem] = []
    cargo = _count(sheet.build_cargo, "build_cargo", problems)
    battleships = _count(sheet.build_battleship, "build_battleship", problems)
    harbor = _harbor(sheet.harbor, problems)
    routes = _routes(sheet, team, problems)
    fire = _fire(sheet.fire, state.geometry, problems)
    orders = Orders(ap, cargo, battleships, routes, harbor, fire)
    problems.extend(check_orders(state, team_name, orders))
    return ReadSheet(orders, tuple(problems))


def _count(text: str, field: str, problems: list[LocatedProblem]) -> int:
    try:
        return parse_count(text)
    except CountSyntaxError as e:
        problems.append(
            SheetProblem(SheetCode.NOT_A_NUMBER, field, params=(("value", e.text[:QUOTED_COUNT]),))
        )
        return 0


def _harbor(text: str, problems: list[LocatedProblem]) -> HarborMoves:
    try:
        return HarborMoves.from_sheet(text)
    except RouteSyntaxError as e:
        params: tuple[tuple[str, ProblemParam], ...] = (("token", e.token[:QUOTED]),)
        problems.append(SheetProblem(SheetCode.HARBOR_SYNTAX, "harbor", step=e.position, params=params))
        return HarborMoves()


def _routes(sheet: Sheet, team: Team, problems: list[LocatedProblem]) -> tuple[tuple[ShipId, Route], ...]:
    """The routes that say anything; a route of a ship the team lacks is the check's to name (a
    ship built now has an id already), one under a name that is no ship id the reader's."""
    routes: list[tuple[ShipId, Route]] = []
    for name, text in sheet.routes:
        written = name.strip().upper()[:QUOTED]
        ship_id = ShipId.read(written)
        if ship_id is None:
            if spaced_sheet_text(text):  # a blank route says nothing, whoever it is for
                problems.append(SheetProblem(SheetCode.NOT_A_SHIP, "routes", params=(("ship", written),)))
            continue
        try:
            route = Route.from_sheet(text, sheet.alphabet)
        except RouteSyntaxError as e:
            step, half = token_step(e.position - 1, team.ship(ship_id))
            params: tuple[tuple[str, ProblemParam], ...] = (
                ("token", e.token[:QUOTED]),
                ("alphabet", sheet.alphabet.value),
            )
            problems.append(SheetProblem(SheetCode.ROUTE_SYNTAX, "routes", ship_id, step, half, params))
            continue
        if route:
            routes.append((ship_id, route))
    return tuple(routes)


def _fire(text: str, g: BoardGeometry, problems: list[LocatedProblem]) -> Hex | None:
    written = text.strip()
    if not written:
        return None
    try:
        target = g.parse(written)
    except LabelError:
        params = (("label", written[:QUOTED]), ("last", g.label(g.ordered[-1])))
        problems.append(SheetProblem(SheetCode.FIRE_LABEL, "fire", params=params))
        return None
    if g.is_bay(target):
        problems.append(SheetProblem(SheetCode.FIRE_BAY, "fire", params=(("label", g.label(target)),)))
        return None
    return target
