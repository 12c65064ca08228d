"""A team's orders: the text typed from its sheet (:class:`OrdersText`), checked (:func:`check`), and
the orders stored for a round read back. Reads only: storing orders is
:func:`games.islands.services.rounds.orders_submit`.

Routes use the Czech letters ``S SV JV J JZ SZ`` and ``.`` (or the English ones with
``notation="en"``, as stored), harbor moves ``+ - .``, fire a hex label or nothing. A check never
raises on what was typed: every problem is an :class:`OrdersProblem` with a translated message
led by where it sits ("Loď C2, krok 3: …").

Long (~550 lines) because it is one concept read top to bottom: the typed text, its check (each
problem with its place and words, the warnings beside them) and the stored orders read back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Camp, Placement, Round, RouteLetters, Team
from games.islands import words
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, LabelError
from games.islands.engine.orders import (
    OrderProblem,
    Orders,
    Route,
    RouteSyntaxError,
    check_orders,
    format_czech_route,
    format_harbor_moves,
    format_route,
    harbor_positions,
    harbor_steps,
    parse_czech_route,
    parse_harbor_moves,
    parse_route,
    route_points,
    spaced_sheet_text,
    steps_used,
)
from games.islands.engine.scenario import ScenarioError, load_scenario
from games.islands.engine.warnings import WarningCode, missing_orders_warning, orders_warnings
from games.islands.errors import IslandsError, OrdersProblem
from games.islands.game_state import before_document, state_before
from games.islands.models import RoundResult, TeamOrders

Notation = Literal["cs", "en"]
#: A count as typed (text from a form) or as stored (a whole number).
Count = int | str


@dataclass(frozen=True)
class OrdersText:
    """A team's orders as written: the five fields of its sheet and the letters its routes use.

    ``routes`` pairs ship ids with their route texts. Build it from loose values (a form, a test)
    with :meth:`typed`, from stored orders with :meth:`stored`; :func:`check` parses it once.
    """

    build_cargo: Count = 0
    build_battleship: Count = 0
    routes: tuple[tuple[str, str], ...] = ()
    harbor: str = ""
    fire: str = ""
    notation: Notation = "cs"

    @classmethod
    def typed(
        cls,
        *,
        build_cargo: object = 0,
        build_battleship: object = 0,
        routes: Mapping[str, object] | None = None,
        harbor: object = "",
        fire: object = "",
        notation: Notation = "cs",
    ) -> OrdersText:
        """Orders from whatever a page or a caller hands in (None is empty, a tick box a count)."""
        return cls(
            build_cargo=_count_text(build_cargo),
            build_battleship=_count_text(build_battleship),
            routes=tuple(
                (str(ship), "" if route is None else str(route)) for ship, route in (routes or {}).items()
            ),
            harbor="" if harbor is None else str(harbor),
            fire="" if fire is None else str(fire),
            notation=notation,
        )

    @classmethod
    def stored(cls, row: TeamOrders) -> OrdersText:
        """Stored orders (kept in the round files' English letters)."""
        return cls.typed(
            build_cargo=row.build_cargo,
            build_battleship=row.build_battleship,
            routes=row.routes,
            harbor=row.harbor,
            fire=row.fire,
            notation="en",
        )


def _count_text(value: object) -> Count:
    if value is None:
        return 0
    if isinstance(value, bool):
        return int(value)
    return value if isinstance(value, int) else str(value)


@dataclass(frozen=True)
class RoutePlan:
    """Where one ship's route leads: hex labels (a bay label while in harbor), start first."""

    ship: str
    points: tuple[str, ...]


@dataclass(frozen=True)
class OrdersWarning:
    """A warning about legal orders that are probably a mistake, translated ("Loď C1, krok 3: vpluje
    na odhalené útesy v H7…"). It never stops the orders from being stored."""

    message: str
    code: str
    ship: str | None = None
    step: int | None = None

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class OrdersCheck:
    """What :func:`check` found: the problems, and the orders as understood (for the map).

    ``steps`` are the movement steps (AP − build cost, never below 0); ``steps_used`` the steps
    the longest route (or the harbor moves) use; ``ap_left`` the AP no route uses (lost: AP cannot
    be saved). ``routes_text``/``harbor_text``/``fire_text`` are the canonical forms that
    ``orders_submit`` stores (English letters).
    """

    team: Team
    ap: int
    build_cargo: int
    build_battleship: int
    build_cost: int
    steps: int
    steps_used: int
    problems: tuple[OrdersProblem, ...]
    orders: Orders
    routes: tuple[RoutePlan, ...]
    harbor_path: tuple[str, ...]
    fire: str | None
    routes_text: dict[str, str] = field(default_factory=dict)
    harbor_text: str = ""
    warnings: tuple[OrdersWarning, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def ap_left(self) -> int:
        return max(0, self.steps - self.steps_used)

    @property
    def fire_text(self) -> str:
        return self.fire or ""


# ------------------------------------------------------------------------------------ the check


def _located_problem(
    text: str,
    field: str,
    code: str,
    *,
    ship: str | None = None,
    step: int | None = None,
    half: int | None = None,
) -> OrdersProblem:
    """A problem of the orders, its message led by where it sits ("Ship C2, step 3: …")."""
    where = words.where_label(field=field, ship=ship, step=step, half=half)
    return OrdersProblem(words.with_where(where, text), field, code, ship, step)


def _problem_from_engine(problem: OrderProblem, *, fire_label: str = "") -> OrdersProblem:
    return _located_problem(
        words.order_problem_text(problem, fire_label=fire_label),
        problem.field,
        problem.code.value,
        ship=problem.ship,
        step=problem.step,
        half=problem.half,
    )


def _as_count(value: Count, field_name: str, problems: list[OrdersProblem]) -> int:
    if isinstance(value, int):
        return value
    text = value.strip()
    if not text:
        return 0
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    problems.append(
        _located_problem(
            _("“%(value)s” is not a whole number of ships") % {"value": text[:20]}, field_name, "not_a_number"
        )
    )
    return 0


def check(
    *,
    state: es.GameState,
    team: Team,
    ap: int,
    text: OrdersText,
    other_targets: Mapping[str, Hex] | None = None,
) -> OrdersCheck:
    """Parse the text fields, build engine orders and check them against ``state``; never raises on
    user text (only when the team is not in the game at all). Legal orders also get their
    warnings (``other_targets``: the other teams' stored fire targets, see :func:`fire_targets`)."""
    g = state.geometry
    problems: list[OrdersProblem] = []
    czech = text.notation != "en"
    cargo = _as_count(text.build_cargo, "build_cargo", problems)
    battleships = _as_count(text.build_battleship, "build_battleship", problems)
    try:
        team_state = state.team(team.name)
    except KeyError:
        raise IslandsError(
            _("%(team)s has no harbor and ships in the game.") % {"team": team.name}, code="no_team"
        ) from None

    # harbor
    harbor_moves: tuple[int, ...] = ()
    try:
        harbor_moves = parse_harbor_moves(spaced_sheet_text(text.harbor, harbor=True))
    except RouteSyntaxError as e:
        problems.append(
            _located_problem(
                words.harbor_token_text(e.token[:10]), "harbor", "harbor_syntax", step=e.position
            )
        )

    # routes
    parsed: list[tuple[str, Route]] = []
    parse = parse_czech_route if czech else parse_route
    for raw_ship, raw_text in text.routes:
        ship_id = raw_ship.strip().upper()[:10]
        route_text = spaced_sheet_text(raw_text)
        if not route_text:
            continue
        try:
            parsed.append((ship_id, parse(route_text)))
        except RouteSyntaxError as e:
            ship = team_state.ship(ship_id)
            step, half = e.position, None
            if ship is not None and ship.seahorse:
                step, half = (e.position - 1) // 2 + 1, (e.position - 1) % 2 + 1
            problems.append(
                _located_problem(
                    words.route_token_text(e.token[:10], czech=czech),
                    "routes",
                    "route_syntax",
                    ship=ship_id,
                    step=step,
                    half=half,
                )
            )

    # fire
    fire_hex: Hex | None = None
    fire_label = ""
    fire_raw = text.fire.strip()
    if fire_raw:
        fire_label = fire_raw[:10]
        try:
            fire_hex = g.parse(fire_raw)
        except LabelError:
            problems.append(
                _located_problem(
                    _("“%(label)s” is not a hex of this board (A1 … %(last)s)")
                    % {"label": fire_label, "last": g.label(g.ordered[-1])},
                    "fire",
                    "fire_label",
                )
            )
        else:
            fire_label = g.label(fire_hex)
            if g.is_bay(fire_hex):
                problems.append(
                    _located_problem(
                        _("%(label)s is a bay: a battleship fires at a hex of the board")
                        % {"label": fire_label},
                        "fire",
                        "fire_bay",
                    )
                )
                fire_hex = None

    orders = Orders(
        ap=ap,
        build_cargo=cargo,
        build_battleships=battleships,
        routes=tuple(parsed),
        harbor=harbor_moves,
        fire=fire_hex,
    )
    problems.extend(
        _problem_from_engine(p, fire_label=fire_label) for p in check_orders(state, team.name, orders)
    )

    steps = orders.steps
    harbor_at = harbor_steps(g, team_state.harbor, harbor_moves[:steps], steps)
    plans = []
    for ship_id, route in parsed:
        ship = team_state.ship(ship_id)
        if ship is None or not ship.may_move:
            continue
        points = route_points(g, team_state, ship, route, steps, harbor_at)
        plans.append(RoutePlan(ship_id, tuple(g.label(h) for h in points)))
    harbor_path = [g.label(team_state.harbor)]
    for bay in harbor_positions(g, team_state.harbor, harbor_moves[:steps]):
        if g.label(bay) != harbor_path[-1]:
            harbor_path.append(g.label(bay))
    return OrdersCheck(
        team=team,
        ap=ap,
        build_cargo=cargo,
        build_battleship=battleships,
        build_cost=orders.build_cost,
        steps=steps,
        steps_used=steps_used(team_state, orders),
        problems=tuple(problems),
        orders=orders,
        routes=tuple(plans),
        harbor_path=tuple(harbor_path),
        fire=fire_label if fire_hex is not None else None,
        routes_text={ship_id: format_route(route) for ship_id, route in parsed},
        harbor_text=format_harbor_moves(harbor_moves),
        warnings=() if problems else warnings_of(state, team.name, orders, other_targets=other_targets),
    )


def warnings_of(
    state: es.GameState, team_name: str, orders: Orders, *, other_targets: Mapping[str, Hex] | None = None
) -> tuple[OrdersWarning, ...]:
    """The engine's warnings about legal orders, in words, each led by where it sits."""
    g = state.geometry
    out = []
    for w in orders_warnings(state, team_name, orders, other_targets=other_targets):
        field_name = "fire" if w.code in (WarningCode.FIRE_OUT_OF_RANGE, WarningCode.FIRE_FROM_HARBOR) else ""
        where = words.where_label(field=field_name, ship=None if field_name else w.ship, step=w.step)
        text = words.order_warning_text(w, label=g.label)
        out.append(OrdersWarning(words.with_where(where, text), w.code.value, w.ship, w.step))
    return tuple(out)


def fire_targets(round: Round, state: es.GameState, *, besides: Team | None = None) -> dict[str, Hex]:  # noqa: A002
    """The fire targets of the teams' stored orders for ``round`` (team name -> hex), but
    ``besides``'s own: what staff know of the coming shots when they type a team's orders."""
    g = state.geometry
    targets: dict[str, Hex] = {}
    rows = TeamOrders.objects.filter(round=round).exclude(fire="").select_related("team")
    for row in rows:
        if besides is not None and row.team_id == besides.pk:
            continue
        try:
            targets[row.team.name] = g.parse(row.fire)
        except LabelError:
            continue  # a stored target that no longer parses is named by the orders' own check
    return targets


# ------------------------------------------------------------------------------------ a round's orders


def check_team(round: Round, team: Team) -> None:  # noqa: A002
    """Refuse a team of another camp run."""
    if team.camp_id != round.camp_id:
        raise IslandsError(
            _("%(team)s is not a team of this camp run.") % {"team": team.name}, code="other_camp"
        )


def team_ap(round: Round, team: Team) -> int:  # noqa: A002
    """The team's AP in this round, as recorded with its placement (0 without one)."""
    ap = Placement.objects.filter(round=round, team=team).values_list("ap", flat=True).first()
    return int(ap or 0)


def orders_check(*, round: Round, team: Team, text: OrdersText) -> OrdersCheck:  # noqa: A002
    """Check a team's orders as typed from its sheet against the state before ``round``, with the
    team's AP of this round; stores nothing. Raises :class:`IslandsError` only when the game itself
    is not ready, never for what was typed."""
    check_team(round, team)
    state = state_before(round)
    return check(
        state=state,
        team=team,
        ap=team_ap(round, team),
        text=text,
        other_targets=fire_targets(round, state, besides=team),
    )


def round_warnings(
    state: es.GameState,
    orders: Mapping[str, Orders],
    problems: Mapping[str, object],
    missing: list[str],
) -> dict[str, tuple[OrdersWarning, ...]]:
    """The warnings of every team's stored orders (as :func:`stored_orders` read them), by team
    name, for the resolve preview: each team's legal orders against the others' fire targets, and
    a team with AP that handed in nothing. Teams with problems are named by their problems."""
    targets = {name: o.fire for name, o in orders.items() if o.fire is not None and name not in problems}
    out: dict[str, tuple[OrdersWarning, ...]] = {}
    for name, team_orders in orders.items():
        if name in problems:
            continue
        if name in missing:
            warning = missing_orders_warning(team_orders.ap)
            found = (
                ()
                if warning is None
                else (
                    OrdersWarning(
                        words.with_where("", words.order_warning_text(warning, label=state.geometry.label)),
                        warning.code.value,
                    ),
                )
            )
        else:
            others = {t: h for t, h in targets.items() if t != name}
            found = warnings_of(state, name, team_orders, other_targets=others)
        if found:
            out[name] = found
    return out


def camp_notation(camp: Camp) -> Notation:
    """The letters routes are typed and shown in: the camp's sheets' (``Camp.route_letters``),
    whatever the page's language."""
    return "en" if camp.route_letters == RouteLetters.ENGLISH else "cs"


def display_route(route: Route, notation: Notation = "cs") -> str:
    return format_czech_route(route) if notation == "cs" else format_route(route)


def stored_orders_text(orders: TeamOrders, *, notation: Notation = "cs") -> dict[str, Any]:
    """Stored orders as the text fields of the entry form (routes in the chosen letters)."""
    routes: dict[str, str] = {}
    for ship, text in (orders.routes or {}).items():
        routes[ship] = display_route(parse_route(text), notation)
    return {
        "build_cargo": orders.build_cargo,
        "build_battleship": orders.build_battleship,
        "routes": routes,
        "harbor": orders.harbor,
        "fire": orders.fire,
    }


def stored_orders(
    round: Round,  # noqa: A002
    state: es.GameState,
) -> tuple[dict[str, Orders], dict[str, list[OrdersProblem]], list[str]]:
    """Every team's stored orders with the team's current AP, checked against ``state``.

    Teams without stored orders get empty orders with their AP. Returns (orders by team name,
    problems by team name, names of teams without orders); each problem's message starts with
    the team's name.
    """
    teams = {t.pk: t for t in Team.objects.filter(camp_id=round.camp_id)}
    ap_by_team = dict(Placement.objects.filter(round=round).values_list("team_id", "ap"))
    rows = {o.team_id: o for o in TeamOrders.objects.filter(round=round)}
    result: dict[str, Orders] = {}
    problems: dict[str, list[OrdersProblem]] = {}
    missing: list[str] = []
    for tid, team in teams.items():
        ap = int(ap_by_team.get(tid, 0))
        row = rows.get(tid)
        if row is None:
            result[team.name] = Orders(ap=ap)
            missing.append(team.name)
            continue
        checked = check(state=state, team=team, ap=ap, text=OrdersText.stored(row))
        if checked.problems:
            problems[team.name] = [
                OrdersProblem(
                    _("%(team)s: %(problem)s") % {"team": team.name, "problem": p.message},
                    p.field,
                    p.code,
                    p.ship,
                    p.step,
                    team=team.name,
                    detail=p.message,
                )
                for p in checked.problems
            ]
        result[team.name] = checked.orders
    state_names = set(state.team_names())
    result = {name: o for name, o in result.items() if name in state_names}
    return result, problems, missing


@dataclass(frozen=True)
class PlayedOrders:
    """A resolved (or closed) round's stored orders of one team, read against the state *before*
    the round (``RoundResult.before``): where its ships were, which ships it had, and the orders
    checked from there (routes as hex labels, start first). ``check`` and ``text`` are None when
    the team stored no orders; ``state`` is None when the snapshot cannot be read."""

    state: es.GameState | None
    team: es.Team | None
    check: OrdersCheck | None
    text: dict[str, Any] | None


def played_orders(*, round: Round, team: Team, notation: Notation = "cs") -> PlayedOrders:  # noqa: A002
    """What a team ordered in a round that has been resolved, for reading (nothing can change):
    the stored orders as text (routes in the chosen letters) and checked against the state before
    the round, so its routes start where the ships were then, not where they ended."""
    check_team(round, team)
    result = RoundResult.objects.filter(round=round).first()
    if round.status not in DONE_STATUSES or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: its orders can still change.")
            % {"number": round.number},
            code="not_resolved",
        )
    row = TeamOrders.objects.filter(round=round, team=team).first()
    text = stored_orders_text(row, notation=notation) if row is not None else None
    try:
        state: es.GameState | None = load_scenario(before_document(result)).state
    except ScenarioError:  # pragma: no cover - every resolution stores a readable snapshot
        state = None
    team_state = None
    if state is not None:
        team_state = next((t for t in state.teams if t.name == team.name), None)
    if row is None or state is None or team_state is None:
        return PlayedOrders(state=state, team=team_state, check=None, text=text)
    checked = check(state=state, team=team, ap=team_ap(round, team), text=OrdersText.stored(row))
    return PlayedOrders(state=state, team=team_state, check=checked, text=text)
