"""A team's orders on the Django side: the one :class:`OrderSheet` (what its paper sheet says, from
a form, a stored row or the engine's orders), its check (:func:`check`), and the orders stored for a
round read back. Reads only: storing orders is :func:`games.islands.services.rounds.orders_submit`.

Routes are in the camp's letters (:func:`camp_alphabet`, Czech ``S SV JV J JZ SZ`` or English;
stored ones in English), harbor moves ``+ - .``, fire a hex label or nothing. The engine reads the
sheet (:func:`games.islands.engine.sheet.read_sheet`: the orders, and every problem with its code
and where it sits); a check never raises on what was written: every problem becomes an
:class:`OrdersProblem` with a translated message led by where it sits ("Loď 2, krok 3: …").

One concept read top to bottom: the sheet, its check (each problem with its place and words, the
warnings beside them) and the stored orders read back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Camp, Placement, Round, Team
from games.islands import words
from games.islands.engine import state as es
from games.islands.engine.hexes import BoardGeometry, Hex, LabelError
from games.islands.engine.notation import Alphabet, Route, RouteSyntaxError, parse_count, sheet_order
from games.islands.engine.orders import Orders, harbor_positions, harbor_steps, route_points, steps_used
from games.islands.engine.scenario import ScenarioError, load_scenario
from games.islands.engine.sheet import LocatedProblem, Sheet, SheetTeamError, read_sheet
from games.islands.engine.warnings import WarningCode, missing_orders_warning, orders_warnings
from games.islands.errors import IslandsError, OrdersProblem
from games.islands.game_state import before_document, state_before
from games.islands.models.plans import TeamPlan
from games.islands.models.rounds import RoundResult, TeamOrders


def camp_alphabet(camp: Camp) -> Alphabet:
    """The letters routes are typed and shown in: the camp's sheets' (``Camp.route_letters``),
    whatever the page's language."""
    return Alphabet(camp.route_letters)


@dataclass(frozen=True)
class OrderSheet(Sheet):
    """A team's orders as written on its sheet: the engine's :class:`Sheet` (the five fields as
    text, routes in ``alphabet``), with the ways a sheet comes and goes on the Django side.

    ``routes`` pairs ship ids with their route texts, in the sheet's order. A sheet comes from the
    order form (:meth:`games.islands.forms.orders.OrdersForm.clean`), a stored row (:meth:`from_row`, in
    the English letters rows keep) or the engine's orders (:meth:`from_orders`: a bot, a round
    file); it goes to a row (:meth:`row_fields`) and to the form's fields (:meth:`written_in`).
    """

    # A blank order form's: no ships built, routes in the Czech letters.
    build_cargo: str = "0"
    build_battleship: str = "0"
    alphabet: Alphabet = Alphabet.CZECH

    @classmethod
    def typed(
        cls,
        *,
        build_cargo: object = 0,
        build_battleship: object = 0,
        routes: Mapping[str, object] | None = None,
        harbor: object = "",
        fire: object = "",
        alphabet: Alphabet = Alphabet.CZECH,
    ) -> OrderSheet:
        """A sheet from plain values (a test, a script): counts as numbers or text (a tick box is 1),
        routes by ship; None is empty."""
        return cls(
            build_cargo=_text(build_cargo),
            build_battleship=_text(build_battleship),
            routes=tuple((str(ship), _text(route)) for ship, route in (routes or {}).items()),
            harbor=_text(harbor),
            fire=_text(fire),
            alphabet=alphabet,
        )

    @classmethod
    def from_row(cls, row: TeamOrders) -> OrderSheet:
        """Stored orders (kept in the round files' English letters)."""
        return cls(
            build_cargo=str(row.build_cargo),
            build_battleship=str(row.build_battleship),
            routes=tuple((str(ship), str(text)) for ship, text in (row.routes or {}).items()),
            harbor=row.harbor,
            fire=row.fire,
            alphabet=Alphabet.ENGLISH,
        )

    @classmethod
    def from_plan(cls, row: TeamPlan) -> OrderSheet:
        """A team's plan (:class:`TeamPlan`: the sheet as written, routes in its ``letters``)."""
        return cls(
            build_cargo=row.build_cargo,
            build_battleship=row.build_battleship,
            routes=tuple((str(ship), str(text)) for ship, text in (row.routes or {}).items()),
            harbor=row.harbor,
            fire=row.fire,
            alphabet=Alphabet(row.letters),
        )

    @classmethod
    def from_orders(cls, orders: Orders, g: BoardGeometry) -> OrderSheet:
        """The engine's orders as a sheet in English letters (what a round file or a bot hands in)."""
        return cls(
            build_cargo=str(orders.build_cargo),
            build_battleship=str(orders.build_battleships),
            routes=tuple((ship, route.text()) for ship, route in orders.routes),
            harbor=orders.harbor.text(),
            fire="" if orders.fire is None else g.label(orders.fire),
            alphabet=Alphabet.ENGLISH,
        )

    def written_in(self, alphabet: Alphabet) -> OrderSheet:
        """The same orders with the routes in ``alphabet`` (stored ones parse: they were checked)."""
        if alphabet is self.alphabet:
            return self
        routes = tuple((ship, Route.parse(text, self.alphabet).text(alphabet)) for ship, text in self.routes)
        return replace(self, routes=routes, alphabet=alphabet)

    def for_ships(self, idents: list[str]) -> OrderSheet:
        """A route field for each of ``idents`` (empty where the sheet has none), no other."""
        return replace(self, routes=tuple((ident, self.route(ident)) for ident in idents))

    def route(self, ident: str) -> str:
        return next((text for ship, text in self.routes if ship == ident), "")

    def with_route(self, ident: str, text: str) -> OrderSheet:
        return replace(self, routes=tuple((s, text if s == ident else t) for s, t in self.routes))

    @property
    def written_routes(self) -> list[tuple[str, str]]:
        """The routes that say anything, as the sheet lists them (C1 … C6, then B)."""
        return sorted(((s, t) for s, t in self.routes if t), key=lambda st: sheet_order(st[0]))

    def plan_fields(self) -> dict[str, Any]:
        """A plan row's fields (:class:`TeamPlan`): the sheet as written, in English letters when
        every route reads (a draft may hold a typo: it is then kept in its own letters)."""
        try:
            sheet = self.written_in(Alphabet.ENGLISH)
        except RouteSyntaxError:
            sheet = self
        return {
            "build_cargo": sheet.build_cargo,
            "build_battleship": sheet.build_battleship,
            "routes": {ship: route for ship, route in sheet.routes if route},
            "harbor": sheet.harbor,
            "fire": sheet.fire,
            "letters": sheet.alphabet.value,
        }

    def row_fields(self) -> dict[str, Any]:
        """The stored row's fields of legal orders (English letters, as round files keep them)."""
        sheet = self.written_in(Alphabet.ENGLISH)
        return {
            "build_cargo": parse_count(sheet.build_cargo),
            "build_battleship": parse_count(sheet.build_battleship),
            "routes": {ship: route for ship, route in sheet.routes if route},
            "harbor": sheet.harbor,
            "fire": sheet.fire,
        }


def _text(value: object) -> str:
    if value is None:
        return ""
    return str(int(value)) if isinstance(value, bool) else str(value)


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
    be saved). ``stored`` is the sheet as ``orders_submit`` stores it (English letters, routes as
    the check read them); ``team_state`` the team's harbor and ships before the round.
    """

    team: Team
    team_state: es.Team
    ap: int
    build_cargo: int
    build_battleship: int
    build_cost: int
    steps: int
    steps_used: int
    problems: tuple[OrdersProblem, ...]
    orders: Orders
    stored: OrderSheet
    routes: tuple[RoutePlan, ...]
    harbor_path: tuple[str, ...]
    fire: str | None
    warnings: tuple[OrdersWarning, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def ap_left(self) -> int:
        return max(0, self.steps - self.steps_used)


# ------------------------------------------------------------------------------------ the check


def _problem(found: LocatedProblem) -> OrdersProblem:
    """A problem the engine found on a sheet, its message led by where it sits ("Ship C2, step 3: …")."""
    where = words.where_label(field=found.field, ship=found.ship, step=found.step, half=found.half)
    text = words.with_where(where, words.located_problem_text(found))
    return OrdersProblem(text, found.field, found.code.value, found.ship, found.step)


def check(
    sheet: OrderSheet,
    state: es.GameState,
    ap: int,
    *,
    team: Team,
    other_targets: Mapping[str, Hex] | None = None,
    with_warnings: bool = True,
) -> OrdersCheck:
    """Read the sheet into engine orders and check them against ``state`` (the engine's
    :func:`read_sheet`); never raises on what was written (only when the team is not in the game at
    all). Legal orders also get their warnings (``other_targets``: the other teams' stored fire
    targets, see :func:`fire_targets`), unless ``with_warnings`` is false (the caller words them
    itself: :func:`round_warnings`)."""
    g = state.geometry
    try:
        read = read_sheet(sheet, state, team.name, ap)
    except SheetTeamError:
        raise IslandsError(
            _("%(team)s has no harbor and ships in the game.") % {"team": team.name}, code="no_team"
        ) from None
    team_state = state.team(team.name)
    orders = read.orders
    problems = tuple(_problem(found) for found in read.problems)
    steps = orders.steps
    harbor_at = harbor_steps(g, team_state.harbor, orders.harbor[:steps], steps)
    plans = [
        RoutePlan(
            ship_id, tuple(g.label(h) for h in route_points(g, team_state, ship, route, steps, harbor_at))
        )
        for ship_id, route in orders.routes
        if (ship := team_state.ship(ship_id)) is not None and ship.may_move
    ]
    harbor_path = [g.label(team_state.harbor)]
    for bay in harbor_positions(g, team_state.harbor, orders.harbor[:steps]):
        if g.label(bay) != harbor_path[-1]:
            harbor_path.append(g.label(bay))
    return OrdersCheck(
        team=team,
        team_state=team_state,
        ap=ap,
        build_cargo=orders.build_cargo,
        build_battleship=orders.build_battleships,
        build_cost=orders.build_cost,
        steps=steps,
        steps_used=steps_used(team_state, orders),
        problems=problems,
        orders=orders,
        stored=OrderSheet.from_orders(orders, g),
        routes=tuple(plans),
        harbor_path=tuple(harbor_path),
        fire=None if orders.fire is None else g.label(orders.fire),
        warnings=()
        if problems or not with_warnings
        else warnings_of(state, team.name, orders, other_targets=other_targets),
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
        text = words.caution_text(w, label=g.label)
        out.append(OrdersWarning(words.with_where(where, text), w.code.value, w.ship, w.step))
    return tuple(out)


def fire_targets(round: Round, state: es.GameState, *, besides: Team | None = None) -> dict[str, Hex]:  # noqa: A002
    """The fire targets of the teams' stored orders for ``round`` (team name -> hex), but
    ``besides``'s own: what staff know of the coming shots when they type a team's orders."""
    g = state.geometry
    targets: dict[str, Hex] = {}
    rows = (
        TeamOrders.objects.filter(round=round).exclude(fire="").values_list("team_id", "team__name", "fire")
    )
    for team_id, name, fire in rows:
        if besides is not None and team_id == besides.pk:
            continue
        try:
            targets[name] = g.parse(fire)
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


def orders_check(*, round: Round, team: Team, sheet: OrderSheet) -> OrdersCheck:  # noqa: A002
    """Check a team's sheet against the state before ``round``, with the team's AP of this round;
    stores nothing. Raises :class:`IslandsError` only when the game itself is not ready, never for
    what was written."""
    check_team(round, team)
    state = state_before(round)
    other_targets = fire_targets(round, state, besides=team)
    return check(sheet, state, team_ap(round, team), team=team, other_targets=other_targets)


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
                        words.with_where("", words.caution_text(warning, label=state.geometry.label)),
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
        # Their warnings are the round's (:func:`round_warnings`, with the others' targets).
        checked = check(OrderSheet.from_row(row), state, ap, team=team, with_warnings=False)
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
    checked from there (routes as hex labels, start first). ``check`` and ``sheet`` (routes in the
    camp's letters) are None when the team stored no orders; ``state`` is None when the snapshot
    cannot be read."""

    state: es.GameState | None
    team: es.Team | None
    check: OrdersCheck | None
    sheet: OrderSheet | None


def played_orders(*, round: Round, team: Team) -> PlayedOrders:  # noqa: A002
    """What a team ordered in a round that has been resolved, for reading (nothing can change):
    the stored orders (routes in the camp's letters) and checked against the state before the
    round, so its routes start where the ships were then, not where they ended."""
    check_team(round, team)
    result = RoundResult.objects.filter(round=round).first()
    if round.status not in DONE_STATUSES or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: its orders can still change.")
            % {"number": round.number},
            code="not_resolved",
        )
    row = TeamOrders.objects.filter(round=round, team=team).first()
    stored = OrderSheet.from_row(row) if row is not None else None
    sheet = stored.written_in(camp_alphabet(round.camp)) if stored is not None else None
    try:
        state: es.GameState | None = load_scenario(before_document(result)).state
    except ScenarioError:  # pragma: no cover - every resolution stores a readable snapshot
        state = None
    team_state = None
    if state is not None:
        team_state = next((t for t in state.teams if t.name == team.name), None)
    if stored is None or state is None or team_state is None:
        return PlayedOrders(state=state, team=team_state, check=None, sheet=sheet)
    checked = check(stored, state, team_ap(round, team), team=team)
    return PlayedOrders(state=state, team=team_state, check=checked, sheet=sheet)
