"""The life of a Golden Islands round: open → orders → preview → resolve → telescopes → close (and undo).

Every public function is re-exported by :mod:`games.islands.services` (import them from there).
Writes are one transaction each and lock the round row (``select_for_update``), reading its status
again inside the transaction, so two staff members pressing the same button get exactly one result
and a clear :class:`IslandsError` for the other. Reads that only check (``orders_check``,
``round_preview``) store nothing.

Decisions (see ``docs/islands-rounds.md``):

- A round opens only with placements recorded (at least one team placed) and every earlier round
  resolved or closed. Priority: placement rank, ties by lot (``rng.random_for(seed, round, "priority")``),
  teams without a placement last. The priority is worked out again at resolve time, so placements
  corrected after opening still count (the lot is the same draw).
- A team without stored orders is resolved with empty orders carrying its placement AP: nothing of
  it moves, but the AP it earned counts as received (the tie-break of the final standings).
- ``RoundResult.before`` is the ``zlate-ostrovy/1`` document of the state before the round (pirate
  moves included) plus one extra key, ``camp_rows``, with what the document cannot hold (the round
  each ship was built in), so that undo restores the rows exactly. :func:`before_document` strips it.
- A ship that found two telescopes has two pending choices; the second is stored as ``red.C1#2``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.backups import snapshot_after_commit
from camp.models import DONE_STATUSES, OPENED_STATUSES, Camp, Placement, Round, RoundStatus, Team
from camp.services import round_set_status
from games.islands import display
from games.islands.engine import events as ee
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, LabelError, geometry
from games.islands.engine.orders import (
    HARBOR_TOKENS,
    OrderProblem,
    Orders,
    Route,
    RouteSyntaxError,
    check_orders,
    format_czech_route,
    format_harbor_moves,
    format_route,
    harbor_positions,
    parse_czech_route,
    parse_route,
)
from games.islands.engine.resolve import open_round, resolve_trusted, reveal_by_telescope, telescope_hexes
from games.islands.engine.rng import Draws
from games.islands.engine.scenario import (
    ScenarioError,
    draws_document,
    load_scenario,
    parse_scenario,
    read_draws,
    scenario_document,
    state_document,
)
from games.islands.maps.visibility import MapView
from games.islands.models import (
    BoardHex,
    BoardSetup,
    Harbor,
    IslandsRound,
    RoundResult,
    Ship,
    TeamOrders,
    TelescopeChoice,
)
from games.islands.models import Pirate as PirateRow
from games.islands.selectors import (
    StateUnavailable,
    game_state,
    later_opened_round,
    map_view_of_state,
    priority_team_ids,
    round_priority,
)
from games.islands.services import IslandsError, game_state_store

Notation = Literal["cs", "en"]
CAMP_ROWS_KEY = "camp_rows"
DEFAULT_COLOURS = ("#c0392b", "#2471a3", "#229954", "#d4ac0d", "#8e44ad", "#d35400", "#17a589", "#7f8c8d")


# ------------------------------------------------------------------------------------ errors, data


@dataclass(frozen=True)
class OrdersProblem:
    """One problem of a team's orders, translated: ``message`` is what staff read.

    ``field`` is ``build_cargo``, ``build_battleship``, ``build``, ``routes``, ``harbor``, ``fire``,
    ``ap`` or ``team``; ``ship`` and ``step`` say where when known. ``team`` is set for problems of
    stored orders (resolve, preview), where the message starts with the team's name; ``detail`` is
    then the message without it, for a page that names the team itself (:attr:`team_message`).
    """

    message: str
    field: str
    code: str
    ship: str | None = None
    step: int | None = None
    team: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        return self.message

    @property
    def team_message(self) -> str:
        """The message without the team's name ("Loď C1: …"), for a row that shows the team."""
        return self.detail or self.message


class OrdersInvalid(IslandsError):
    """Orders with problems; ``problems`` lists every one (nothing was stored)."""

    def __init__(self, problems: Sequence[OrdersProblem]) -> None:
        self.problems = list(problems)
        super().__init__([p.message for p in self.problems], code="orders_invalid")


class OrdersStale(IslandsError):
    """Someone stored this team's orders after the page was loaded (``stored``: what they stored);
    nothing was stored."""

    def __init__(self, stored: TeamOrders) -> None:
        self.stored = stored
        super().__init__(
            _("Someone else stored orders for this team after this page was loaded; nothing was stored."),
            code="stale",
        )


@dataclass(frozen=True)
class RoutePlan:
    """Where one ship's route leads: hex labels (a bay label while in harbor), start first."""

    ship: str
    points: tuple[str, ...]


@dataclass(frozen=True)
class OrdersCheck:
    """What :func:`orders_check` found: the problems, and the orders as understood (for the map).

    ``steps`` are the movement steps (AP − build cost, never below 0); ``steps_used`` the steps
    the longest route (or the harbor moves) use; ``ap_left`` the AP no route uses (lost: AP cannot
    be saved). ``routes_text``/``harbor_text``/``fire_text`` are the canonical forms that
    :func:`orders_submit` stores (English letters).
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

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def ap_left(self) -> int:
        return max(0, self.steps - self.steps_used)

    @property
    def fire_text(self) -> str:
        return self.fire or ""


@dataclass(frozen=True)
class RoundPreviewData:
    """A round resolved in memory (nothing stored) with the orders stored so far.

    Teams whose stored orders no longer pass (their AP changed) are in ``problems`` and are
    previewed as if they had handed in nothing; ``missing`` teams handed in nothing.
    """

    round: Round
    state: es.GameState
    orders: dict[str, Orders]
    problems: dict[str, list[OrdersProblem]]
    missing: list[str]
    result: ee.RoundResult
    map: MapView

    @property
    def complete(self) -> bool:
        return not self.problems


# ------------------------------------------------------------------------------------ helpers


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("camp").get(pk=round_.pk)


def _number(round_: Round) -> dict[str, int]:
    return {"number": round_.number}


def _state(camp: Camp, round_: Round) -> es.GameState:
    try:
        return game_state(camp, round=round_)
    except StateUnavailable:
        raise IslandsError(
            _("The board is not ready: generate it, draw the sides, pick the bays and start the game."),
            code="no_state",
        ) from None


def _fixed_draws(round_: Round) -> Draws:
    """The draws fixed for the round (an imported round file's ``draws``; usually none)."""
    fixed = IslandsRound.objects.filter(round=round_).values_list("fixed_draws", flat=True).first()
    return read_draws(fixed or None, round_.camp.board_side)


def team_ap(round_: Round, team: Team) -> int:
    """The team's AP in this round, as recorded with its placement (0 without one)."""
    ap = Placement.objects.filter(round=round_, team=team).values_list("ap", flat=True).first()
    return int(ap or 0)


def _as_count(value: object, field_name: str, problems: list[OrdersProblem]) -> int:
    if value is None:
        return 0
    if isinstance(value, bool):
        value = int(value)
    if isinstance(value, int):
        return value
    text = str(value).strip()
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


def _split_tokens(text: str) -> str:
    return text.replace(",", " ").replace(";", " ")


def _parse_harbor(text: str) -> tuple[int, ...]:
    """``+ . -``; a run without spaces (``++-.``) is read token by token too."""
    text = _split_tokens(text).strip()
    if text and " " not in text and len(text) > 1 and set(text) <= set(HARBOR_TOKENS):
        text = " ".join(text)
    moves: list[int] = []
    for position, token in enumerate(text.split(), start=1):
        if token not in HARBOR_TOKENS:
            raise RouteSyntaxError(text, position, token, HARBOR_TOKENS)
        moves.append(HARBOR_TOKENS[token])
    return tuple(moves)


def _route_plan(
    g: Any, team: es.Team, ship: es.Ship, route: Route, steps: int, harbor_at: list[Hex]
) -> tuple[str, ...]:
    """The labels a route passes through (start first), as far as it stays legal."""
    per_step = 2 if ship.seahorse else 1
    at = ship.at
    points = [g.label(team.harbor if at is None else at)]
    for i, token in enumerate(route[: steps * per_step]):
        if token is None:
            continue
        harbor = harbor_at[i // per_step] if harbor_at else team.harbor
        origin = harbor if at is None else at
        if at is None and points[-1] != g.label(harbor):
            points.append(g.label(harbor))
        target = origin.step(token)
        if g.on_board(target):
            at = target
        elif at is not None and target == harbor:
            at = None
        else:
            break
        points.append(g.label(harbor if at is None else at))
    return tuple(points)


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
    where = display.where_label(field=field, ship=ship, step=step, half=half)
    return OrdersProblem(display.with_where(where, text), field, code, ship, step)


def _problem_from_engine(problem: OrderProblem, *, fire_label: str = "") -> OrdersProblem:
    return _located_problem(
        display.order_problem_text(problem, fire_label=fire_label),
        problem.field,
        problem.code.value,
        ship=problem.ship,
        step=problem.step,
        half=problem.half,
    )


def _parse_and_check(
    *,
    state: es.GameState,
    team: Team,
    ap: int,
    build_cargo: object,
    build_battleship: object,
    routes: Mapping[str, object] | None,
    harbor: object,
    fire: object,
    notation: str,
) -> OrdersCheck:
    """Parse the text fields, build engine orders and check them; never raises on user text."""
    g = state.geometry
    problems: list[OrdersProblem] = []
    czech = notation != "en"
    cargo = _as_count(build_cargo, "build_cargo", problems)
    battleships = _as_count(build_battleship, "build_battleship", problems)
    try:
        team_state = state.team(team.name)
    except KeyError:
        raise IslandsError(
            _("%(team)s has no harbor and ships in the game.") % {"team": team.name}, code="no_team"
        ) from None

    # harbor
    harbor_moves: tuple[int, ...] = ()
    harbor_raw = "" if harbor is None else str(harbor)
    try:
        harbor_moves = _parse_harbor(harbor_raw)
    except RouteSyntaxError as e:
        problems.append(
            _located_problem(
                display.harbor_token_text(e.token[:10]), "harbor", "harbor_syntax", step=e.position
            )
        )

    # routes
    parsed: list[tuple[str, Route]] = []
    parse = parse_czech_route if czech else parse_route
    for raw_ship, raw_text in (routes or {}).items():
        ship_id = str(raw_ship).strip().upper()[:10]
        text = _split_tokens("" if raw_text is None else str(raw_text)).strip()
        if not text:
            continue
        try:
            parsed.append((ship_id, parse(text)))
        except RouteSyntaxError as e:
            ship = team_state.ship(ship_id)
            step, half = e.position, None
            if ship is not None and ship.seahorse:
                step, half = (e.position - 1) // 2 + 1, (e.position - 1) % 2 + 1
            problems.append(
                _located_problem(
                    display.route_token_text(e.token[:10], czech=czech),
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
    fire_raw = "" if fire is None else str(fire).strip()
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
    clean = [m for m in harbor_moves[:steps]]
    harbor_at = harbor_positions(g, team_state.harbor, clean)
    harbor_at += [harbor_at[-1] if harbor_at else team_state.harbor] * (steps - len(harbor_at))
    plans = []
    used = len(harbor_moves)
    for ship_id, route in parsed:
        ship = team_state.ship(ship_id)
        if ship is None or not ship.may_move:
            continue
        plans.append(RoutePlan(ship_id, _route_plan(g, team_state, ship, route, steps, harbor_at)))
        per_step = 2 if ship.seahorse else 1
        used = max(used, -(-len(route) // per_step))
    harbor_path = [g.label(team_state.harbor)]
    for bay in harbor_at[: len(clean)]:
        if g.label(bay) != harbor_path[-1]:
            harbor_path.append(g.label(bay))
    return OrdersCheck(
        team=team,
        ap=ap,
        build_cargo=cargo,
        build_battleship=battleships,
        build_cost=orders.build_cost,
        steps=steps,
        steps_used=min(used, steps),
        problems=tuple(problems),
        orders=orders,
        routes=tuple(plans),
        harbor_path=tuple(harbor_path),
        fire=fire_label if fire_hex is not None else None,
        routes_text={ship_id: format_route(route) for ship_id, route in parsed},
        harbor_text=format_harbor_moves(harbor_moves),
    )


def _check_team(round_: Round, team: Team) -> None:
    if team.camp_id != round_.camp_id:
        raise IslandsError(
            _("%(team)s is not a team of this camp run.") % {"team": team.name}, code="other_camp"
        )


# ------------------------------------------------------------------------------------ open


@transaction.atomic
def round_open(*, round: Round) -> IslandsRound:  # noqa: A002
    """Open a round for orders: fix the priority order and draw the pirates' moves.

    Needs the game started (board, sides, bays, ships), the round's placements recorded, and every
    earlier round resolved or closed. The round goes to "orders open".
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Generate and accept a board first."), code="no_board")
    if not setup.game_started:
        raise IslandsError(
            _("Start the game first (draw the sides, pick the bays, put the ships in the harbors)."),
            code="not_started",
        )
    if locked.status in OPENED_STATUSES or RoundResult.objects.filter(round=locked).exists():
        raise IslandsError(_("Round %(number)d has already been opened.") % n, code="opened")
    if locked.status == RoundStatus.PLANNED:
        raise IslandsError(
            _("Record the placements of round %(number)d first: they decide the AP and the order.") % n,
            code="no_placements",
        )
    earlier = (
        Round.objects.filter(camp=camp, number__lt=locked.number)
        .exclude(status__in=DONE_STATUSES)
        .order_by("number")
        .first()
    )
    if earlier is not None:
        raise IslandsError(
            _("Round %(earlier)d is not resolved yet: resolve it before opening round %(number)d.")
            % {"earlier": earlier.number, "number": locked.number},
            code="earlier_open",
        )
    placements = list(Placement.objects.filter(round=locked))
    if not placements:
        raise IslandsError(
            _("Round %(number)d has no placements: record the mini-game's placements first.") % n,
            code="no_placements",
        )
    state = _state(camp, locked)
    opened = open_round(state)
    islands_round, _created = IslandsRound.objects.update_or_create(
        round=locked,
        defaults={
            "pirate_moves": {p.id: list(p.moves) for p in opened.pirates if p.moves},
            "priority": priority_team_ids(locked),
            "opened_at": timezone.now(),
        },
    )
    round_set_status(round=locked, to=RoundStatus.ORDERS_OPEN)
    round.status = locked.status
    return islands_round


# ------------------------------------------------------------------------------------ orders


def orders_check(
    *,
    round: Round,  # noqa: A002
    team: Team,
    build_cargo: object = 0,
    build_battleship: object = 0,
    routes: Mapping[str, object] | None = None,
    harbor: object = "",
    fire: object = "",
    notation: Notation = "cs",
) -> OrdersCheck:
    """Parse and check a team's orders as typed from its sheet; stores nothing.

    Routes use the Czech letters ``S SV JV J JZ SZ`` and ``.`` (or English with ``notation="en"``),
    harbor moves ``+ - .``, fire a hex label or nothing. The AP are the team's AP of this round.
    Raises :class:`IslandsError` only when the game itself is not ready, never for what was typed.
    """
    _check_team(round, team)
    state = _state(round.camp, round)
    return _parse_and_check(
        state=state,
        team=team,
        ap=team_ap(round, team),
        build_cargo=build_cargo,
        build_battleship=build_battleship,
        routes=routes,
        harbor=harbor,
        fire=fire,
        notation=notation,
    )


@transaction.atomic
def orders_submit(
    *,
    round: Round,  # noqa: A002
    team: Team,
    build_cargo: object = 0,
    build_battleship: object = 0,
    routes: Mapping[str, object] | None = None,
    harbor: object = "",
    fire: object = "",
    notation: Notation = "cs",
    user: Any = None,
    version: int | None = None,
) -> TeamOrders:
    """Store a team's orders (replacing earlier ones) when they have no problem.

    Only while the round's orders are open. On any problem raises :class:`OrdersInvalid` with all of
    them and stores nothing. Routes are stored in English letters (the round file's tokens).
    ``version`` is the stored orders' ``version`` the caller saw (0: none stored). When orders are
    stored and the caller saw another version, or none (``None``), two staff are saving the same team:
    :class:`OrdersStale` is raised with the stored orders and nothing changes.
    """
    locked = _lock_round(round)
    _check_team(locked, team)
    if locked.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Orders for round %(number)d cannot be entered now (the round is %(status)s).")
            % {"number": locked.number, "status": RoundStatus(locked.status).label},
            code="not_open",
        )
    existing = TeamOrders.objects.select_for_update().filter(round=locked, team=team).first()
    if existing is not None and version != existing.version:
        raise OrdersStale(existing)
    check = orders_check(
        round=locked,
        team=team,
        build_cargo=build_cargo,
        build_battleship=build_battleship,
        routes=routes,
        harbor=harbor,
        fire=fire,
        notation=notation,
    )
    if check.problems:
        raise OrdersInvalid(check.problems)
    stored, _created = TeamOrders.objects.update_or_create(
        round=locked,
        team=team,
        defaults={
            "ap": check.ap,
            "build_cargo": check.build_cargo,
            "build_battleship": check.build_battleship,
            "routes": {ship: text for ship, text in check.routes_text.items() if text},
            "harbor": check.harbor_text,
            "fire": check.fire_text,
            "updated_by": user if getattr(user, "pk", None) else None,
            "version": (existing.version if existing is not None else 0) + 1,
        },
    )
    return stored


def stored_orders_text(orders: TeamOrders, *, notation: Notation = "cs") -> dict[str, Any]:
    """Stored orders as the text fields of the entry form (routes in the chosen letters)."""
    routes: dict[str, str] = {}
    for ship, text in (orders.routes or {}).items():
        route = parse_route(text)
        routes[ship] = display_route(route, notation)
    return {
        "build_cargo": orders.build_cargo,
        "build_battleship": orders.build_battleship,
        "routes": routes,
        "harbor": orders.harbor,
        "fire": orders.fire,
    }


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
    _check_team(round, team)
    result = RoundResult.objects.filter(round=round).first()
    if round.status not in DONE_STATUSES or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: its orders can still change.") % _number(round),
            code="not_resolved",
        )
    stored = TeamOrders.objects.filter(round=round, team=team).first()
    text = stored_orders_text(stored, notation=notation) if stored is not None else None
    try:
        state: es.GameState | None = load_scenario(before_document(result)).state
    except ScenarioError:  # pragma: no cover - every resolution stores a readable snapshot
        state = None
    team_state = None
    if state is not None:
        team_state = next((t for t in state.teams if t.name == team.name), None)
    if stored is None or state is None or team_state is None:
        return PlayedOrders(state=state, team=team_state, check=None, text=text)
    check = _check_stored(state, team, team_ap(round, team), stored)
    return PlayedOrders(state=state, team=team_state, check=check, text=text)


def _check_stored(state: es.GameState, team: Team, ap: int, row: TeamOrders) -> OrdersCheck:
    """Check a team's stored orders (kept in the files' English notation) against ``state``."""
    return _parse_and_check(
        state=state,
        team=team,
        ap=ap,
        build_cargo=row.build_cargo,
        build_battleship=row.build_battleship,
        routes=row.routes,
        harbor=row.harbor,
        fire=row.fire,
        notation="en",
    )


def display_route(route: Route, notation: Notation = "cs") -> str:
    return format_czech_route(route) if notation == "cs" else format_route(route)


def _stored_orders(
    round_: Round, state: es.GameState
) -> tuple[dict[str, Orders], dict[str, list[OrdersProblem]], list[str]]:
    """Every team's stored orders with the team's current AP, checked against ``state``.

    Teams without stored orders get empty orders with their AP. Returns (orders by team name,
    problems by team name, names of teams without orders).
    """
    teams = {t.pk: t for t in Team.objects.filter(camp_id=round_.camp_id)}
    ap_by_team = dict(Placement.objects.filter(round=round_).values_list("team_id", "ap"))
    stored = {o.team_id: o for o in TeamOrders.objects.filter(round=round_)}
    result: dict[str, Orders] = {}
    problems: dict[str, list[OrdersProblem]] = {}
    missing: list[str] = []
    for tid, team in teams.items():
        ap = int(ap_by_team.get(tid, 0))
        row = stored.get(tid)
        if row is None:
            result[team.name] = Orders(ap=ap)
            missing.append(team.name)
            continue
        check = _check_stored(state, team, ap, row)
        if check.problems:
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
                for p in check.problems
            ]
        result[team.name] = check.orders
    state_names = set(state.team_names())
    result = {name: o for name, o in result.items() if name in state_names}
    return result, problems, missing


def _state_in_priority(round_: Round) -> es.GameState:
    """The state before ``round_`` with the priority worked out from the current placements."""
    state = _state(round_.camp, round_)
    names = round_priority(round_)
    if names:
        state = state.with_team_order(names)
    return state


def round_preview(*, round: Round) -> RoundPreviewData:  # noqa: A002
    """Resolve the round in memory with the orders stored so far; nothing is stored."""
    if round.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Only a round open for orders can be previewed (round %(number)d is %(status)s).")
            % {"number": round.number, "status": RoundStatus(round.status).label},
            code="not_open",
        )
    state = _state_in_priority(round)
    orders, problems, missing = _stored_orders(round, state)
    usable = {name: (Orders(ap=o.ap) if name in problems else o) for name, o in orders.items()}
    result = resolve_trusted(state, usable, _fixed_draws(round))
    colours = dict(Team.objects.filter(camp_id=round.camp_id).values_list("name", "colour"))
    return RoundPreviewData(
        round=round,
        state=state,
        orders=orders,
        problems=problems,
        missing=missing,
        result=result,
        map=map_view_of_state(result.state, colours, staff=True),
    )


# ------------------------------------------------------------------------------------ resolve


def event_to_json(g: Any, event: ee.Event) -> dict[str, Any]:
    """An engine event as stored in ``RoundResult.events``."""
    return {
        "step": event.step,
        "half": event.half,
        "what": event.what.value,
        "at": g.label(event.at),
        "team": event.team,
        "actor": event.actor,
        "visibility": event.visibility.value,
        "detail": dict(event.detail),
    }


def _before_with_rows(camp: Camp, state: es.GameState) -> dict[str, Any]:
    doc = state_document(state)
    built = {
        f"{team_name}.{ident}": round_id
        for team_name, ident, round_id in Ship.objects.filter(
            team__camp=camp, built_round__isnull=False
        ).values_list("team__name", "ident", "built_round_id")
    }
    doc[CAMP_ROWS_KEY] = {"built": built}
    return doc


def before_document(result: RoundResult) -> dict[str, Any]:
    """The ``zlate-ostrovy/1`` document of the state before a resolved round (no camp extras)."""
    return {k: v for k, v in result.before.items() if k != CAMP_ROWS_KEY}


@transaction.atomic
def round_resolve(*, round: Round, user: Any = None) -> RoundResult:  # noqa: A002
    """Resolve the round with every team's stored orders and store the result and the new state.

    Exactly once: the round row is locked and its status read again, so a second press (another
    tab, another laptop) gets "already resolved". Every stored order is checked again with the
    current AP; any problem refuses the whole resolution, listing them (:class:`OrdersInvalid`).
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    if locked.status in DONE_STATUSES or RoundResult.objects.filter(round=locked).exists():
        raise IslandsError(_("Round %(number)d has already been resolved.") % n, code="resolved")
    if locked.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Round %(number)d is not open for orders yet: open it first.") % n, code="not_open"
        )
    islands_round = IslandsRound.objects.filter(round=locked).first()
    if islands_round is None:  # pragma: no cover - opening creates it
        raise IslandsError(_("Round %(number)d has not been opened.") % n, code="not_open")
    priority = priority_team_ids(locked)
    if priority != islands_round.priority:
        islands_round.priority = priority
        islands_round.save(update_fields=["priority"])
    state = _state(camp, locked)
    orders, problems, _missing = _stored_orders(locked, state)
    if problems:
        raise OrdersInvalid([p for team_problems in problems.values() for p in team_problems])
    result = resolve_trusted(state, orders, _fixed_draws(locked))
    g = state.geometry
    events = [event_to_json(g, e) for e in result.events]
    revealed_by: dict[Hex, str] = {}
    for e in result.events:
        if e.what is ee.What.REVEAL and e.team is not None:
            revealed_by.setdefault(e.at, e.team)
    before = _before_with_rows(camp, state)
    game_state_store(camp=camp, state=result.state, round=locked, revealed_by=revealed_by)
    stored = RoundResult.objects.create(
        round=locked,
        before=before,
        events=events,
        draws=draws_document(result.draws, g),
        hints={h.who: h.point for h in result.hints},
        pending_telescopes=[t.who for t in result.telescopes],
        standings=[
            {"team": s.team, "delivered": s.delivered, "ap_total": s.ap_total} for s in result.standings
        ],
        resolved_at=timezone.now(),
        resolved_by=user if getattr(user, "pk", None) else None,
    )
    round_set_status(round=locked, to=RoundStatus.RESOLVED)
    snapshot_after_commit(event=f"round-{locked.number}-resolved")
    round.status = locked.status
    return stored


@transaction.atomic
def round_undo(*, round: Round, user: Any = None) -> Round:  # noqa: A002
    """Undo the resolution of the most recent round: the state before it comes back exactly.

    The result and its telescope choices go (telescope reveals live only in the state after the
    round, so they go too); the teams' orders stay; the round is open for orders again.
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(_("Round %(number)d is closed: it can no longer be undone.") % n, code="closed")
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(_("Round %(number)d is not resolved: there is nothing to undo.") % n, code="open")
    later = later_opened_round(locked)
    if later is not None:
        raise IslandsError(
            _("Round %(later)d has been opened already: only the most recent round can be undone.")
            % {"later": later.number},
            code="not_latest",
        )
    before = load_scenario(before_document(result)).state
    game_state_store(camp=camp, state=before, round=locked)
    built = (result.before.get(CAMP_ROWS_KEY) or {}).get("built", {})
    ships = Ship.objects.filter(team__camp=camp).select_related("team")
    changed = []
    for ship in ships:
        want = built.get(f"{ship.team.name}.{ship.ident}")
        if ship.built_round_id != want:
            ship.built_round_id = want
            changed.append(ship)
    Ship.objects.bulk_update(changed, ["built_round"])
    result.delete()
    round_set_status(round=locked, to=RoundStatus.ORDERS_OPEN, allow_undo=True)
    snapshot_after_commit(event=f"round-{locked.number}-undone")
    round.status = locked.status
    return round


# ------------------------------------------------------------------------------------ telescopes


def telescope_keys(pending: Sequence[str]) -> list[str]:
    """One key per pending choice: ``red.C1``, and ``red.C1#2`` for the same ship's second."""
    seen: dict[str, int] = {}
    keys = []
    for who in pending:
        seen[who] = seen.get(who, 0) + 1
        keys.append(who if seen[who] == 1 else f"{who}#{seen[who]}")
    return keys


def _result_after(locked: Round) -> RoundResult:
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(
            _("Round %(number)d is closed: its telescope choices can no longer change.") % n, code="closed"
        )
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: telescopes are chosen after resolving.") % n,
            code="not_resolved",
        )
    return result


def _open_telescope_key(result: RoundResult, ship: str) -> str:
    who = (ship or "").strip()
    keys = [k for k in telescope_keys(result.pending_telescopes) if k.split("#")[0] == who]
    if not keys:
        raise IslandsError(
            _("%(ship)s has no telescope to choose for in this round.")
            % {"ship": display.dotted_who_label(who) if who else "—"},
            code="no_telescope",
        )
    done = set(TelescopeChoice.objects.filter(result=result).values_list("ship", flat=True))
    for key in keys:
        if key not in done:
            return key
    raise IslandsError(
        _("The telescope choice of %(ship)s has already been entered.")
        % {"ship": display.dotted_who_label(who)},
        code="chosen",
    )


@transaction.atomic
def telescope_choose(*, round: Round, ship: str, label: str) -> TelescopeChoice:  # noqa: A002
    """Enter the hex a team named for a telescope (``ship`` like ``red.C1``): the hex and its
    neighbours are revealed for all. Triggers nothing (revealing is not entering)."""
    locked = _lock_round(round)
    camp = locked.camp
    result = _result_after(locked)
    key = _open_telescope_key(result, ship)
    g = geometry(camp.board_side)
    text = (label or "").strip() if isinstance(label, str) else ""
    if not text:
        raise IslandsError(_("Enter the hex the team named for its telescope."), code="label")
    try:
        centre = g.parse(text)
    except LabelError:
        raise IslandsError(
            _("“%(label)s” is not a hex of this board (A1 … %(last)s).")
            % {"label": text[:10], "last": g.label(g.ordered[-1])},
            code="label",
        ) from None
    if not g.on_board(centre):
        raise IslandsError(
            _("%(label)s is a bay: name a hex of the board.") % {"label": g.label(centre)}, code="label"
        )
    state = _state(camp, locked)
    after = reveal_by_telescope(state, centre)
    team_name = key.split("#")[0].rpartition(".")[0]
    newly = {h: team_name for h in telescope_hexes(g, centre) if not state.board.cell(h).revealed}
    game_state_store(camp=camp, state=after, round=locked, revealed_by=newly)
    return TelescopeChoice.objects.create(result=result, ship=key, hex=g.label(centre))


@transaction.atomic
def telescope_skip(*, round: Round, ship: str) -> TelescopeChoice:  # noqa: A002
    """Skip a pending telescope choice (the team named nothing): nothing is revealed."""
    locked = _lock_round(round)
    result = _result_after(locked)
    key = _open_telescope_key(result, ship)
    return TelescopeChoice.objects.create(result=result, ship=key, hex="")


@transaction.atomic
def round_close(*, round: Round) -> Round:  # noqa: A002
    """Close a resolved round; refused while a telescope choice is pending (enter or skip it)."""
    locked = _lock_round(round)
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(_("Round %(number)d is already closed.") % n, code="closed")
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: resolve it first.") % n, code="not_resolved"
        )
    done = set(TelescopeChoice.objects.filter(result=result).values_list("ship", flat=True))
    pending = [k for k in telescope_keys(result.pending_telescopes) if k not in done]
    if pending:
        raise IslandsError(
            _("Telescope choices are still pending: %(ships)s. Enter or skip them first.")
            % {"ships": ", ".join(display.dotted_who_label(k.split("#")[0]) for k in pending)},
            code="telescopes_pending",
        )
    round_set_status(round=locked, to=RoundStatus.CLOSED)
    snapshot_after_commit(event=f"round-{locked.number}-closed")
    round.status = locked.status
    return round


# ------------------------------------------------------------------------------------ round files


def round_export(*, round: Round) -> str:  # noqa: A002
    """The round as a ``zlate-ostrovy/1`` file: its ``round`` number, the state before it, every
    team's orders (a team without orders: its AP and nothing else) and every draw the round
    consumed (or would consume), so that ``manage.py islands_scenario`` replays it to the same result."""
    if round.status in (RoundStatus.PLANNED, RoundStatus.MINIGAME_RECORDED):
        raise IslandsError(
            _("Round %(number)d has not been opened yet: there is nothing to export.") % _number(round),
            code="not_open",
        )
    result_row = RoundResult.objects.filter(round=round).first()
    if result_row is not None:
        # A before document stored before round files had a round number reads as round 1.
        state = replace(load_scenario(before_document(result_row)).state, round_number=round.number)
        orders, _problems, _missing = _stored_orders(round, state)
    else:
        state = _state_in_priority(round)
        orders, problems, _missing = _stored_orders(round, state)
        if problems:
            raise OrdersInvalid([p for team_problems in problems.values() for p in team_problems])
    if result_row is not None and result_row.draws is not None:
        draws = read_draws(result_row.draws, state.side)
    else:  # not resolved yet, or resolved before the draws were kept: the same pure resolution
        draws = resolve_trusted(state, orders, _fixed_draws(round)).draws
    ordered = {t.name: orders[t.name] for t in state.teams if t.name in orders}
    return json.dumps(scenario_document(state, ordered, draws), ensure_ascii=False, indent=2)


def _team_name_problems(teams: Sequence[es.Team]) -> list[str]:
    """What the file allows in a team name but a camp's team cannot store (``teams[i].name: …``)."""
    limit = Team._meta.get_field("name").max_length or 0
    problems = []
    for i, t in enumerate(teams):  # the file's teams in order: a file with a bad team never gets here
        if len(t.name) > limit:
            problems.append(
                _("teams[%(index)d].name: a team name has at most %(limit)d characters, not %(length)d")
                % {"index": i, "limit": limit, "length": len(t.name)}
            )
        elif any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in t.name):
            problems.append(
                _("teams[%(index)d].name: the name holds a character that cannot be stored") % {"index": i}
            )
    return problems


def _carried_problems(state: es.GameState) -> list[str]:
    """What the file allows in ``round`` but a camp cannot store (``ap_total`` past its column's
    range is named earlier, by :func:`_storable_problems`)."""
    problems = []
    round_limit = 32767  # Round.number is a small integer
    if state.round_number > round_limit:
        problems.append(
            _("round: a camp's round number is at most %(limit)d, not %(number)d")
            % {"limit": round_limit, "number": state.round_number}
        )
    return problems


#: The largest number each stored value of a round file can hold (the model fields' ranges on every
#: database: PositiveSmallIntegerField 2^15 − 1, PositiveIntegerField 2^31 − 1); any other integer
#: at most 2^63 − 1 (SQLite's integers, a BigIntegerField).
_STORABLE_LIMITS = [
    (re.compile(r"teams\[\d+\]\.(delivered|ap_total)"), 2**31 - 1),
    (re.compile(r"teams\[\d+\]\.ships\[\d+\]\.(chests|boat)"), 2**15 - 1),
    (re.compile(r"hexes\.[^.]*\.chests"), 2**15 - 1),
    (re.compile(r"orders\..*\.(ap|build\.cargo|build\.battleship)"), 2**15 - 1),
]
_LARGEST_INTEGER = 2**63 - 1


def _storable_problems(text: str) -> list[str]:
    """What a round file holds that the parser takes but no database can store, each named by its
    JSON path: numbers beyond a field's range and text with a lone surrogate (``"\\ud800"``, which
    JSON allows and UTF-8 cannot encode). Checked before the parser, which would echo such text."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return []  # the parser names it
    problems: list[str] = []

    def not_text(value: str) -> bool:
        return any("\ud800" <= ch <= "\udfff" for ch in value)

    def safe(value: str) -> str:
        return value.encode("ascii", "backslashreplace").decode()[:40]

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if not_text(key):
                    problems.append(
                        _("%(path)s: the key “%(key)s” holds a character that is not text (lone surrogate).")
                        % {"path": path or "(top)", "key": safe(key)}
                    )
                    continue
                walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        elif isinstance(value, str) and not_text(value):
            problems.append(
                _("%(path)s: “%(value)s” holds a character that is not text (lone surrogate).")
                % {"path": path, "value": safe(value)}
            )
        elif isinstance(value, int) and not isinstance(value, bool):
            limit = next((n for pattern, n in _STORABLE_LIMITS if pattern.fullmatch(path)), _LARGEST_INTEGER)
            if abs(value) > limit:
                digits = str(value)
                shown = digits[:20] + ("…" if len(digits) > 20 else "")
                params = {"path": path, "value": shown, "limit": limit}
                message = (
                    _("%(path)s: the number %(value)s is too large (at most %(limit)d).")
                    if value > 0
                    else _("%(path)s: the number %(value)s is too small (at least −%(limit)d).")
                )
                problems.append(message % params)

    try:
        walk(document, "")
    except RecursionError:
        return [_("The round file is nested too deeply.")]
    return problems


@transaction.atomic
def camp_import_round(*, text: str, name: str, year: int | None = None) -> Camp:
    """Import a round file as a new camp run: its teams (default colours), board, harbors, ships,
    pirates, and the file's round (``round``, default 1) open for orders with its orders stored.

    The camp's only round has the file's number, so its draws derive from (seed, round, purpose)
    as ``islands_scenario`` derives them; the file's fixed ``draws`` are kept for that round and
    win over the seed, and each team's ``ap_total`` counts as AP received before the import
    (the tie-break). Each team gets a placement in the file's priority order (1st, 2nd, …) with
    the AP of its orders (0 without). Resolved in the tool, the round gives what the command
    prints for the file. On any problem nothing is stored.
    """
    name = (name or "").strip()
    if not name:
        raise IslandsError(_("Give the new camp run a name."), code="name")
    problems = _storable_problems(text if isinstance(text, str) else "")
    if problems:
        raise IslandsError([_("The round file cannot be imported:"), *problems], code="scenario")
    try:
        scenario = parse_scenario(text if isinstance(text, str) else "")
    except ScenarioError as e:
        raise IslandsError(
            [_("The round file cannot be imported:")]
            + [display.scenario_problem_line(p) for p in e.problems],
            code="scenario",
        ) from None
    data = json.loads(text)
    state = scenario.state
    if not 0 <= state.seed < 2**63:
        raise IslandsError(_("seed: a camp's seed is a whole number from 0 to 2^63 − 1."), code="seed")
    if len(state.teams) < 1:
        raise IslandsError(_("teams: the round file has no team."), code="teams")
    name_problems = _team_name_problems(state.teams) + _carried_problems(state)
    if name_problems:
        raise IslandsError([_("The round file cannot be imported:"), *name_problems], code="scenario")
    g = state.geometry
    camp = Camp(
        name=name[:200],
        year=year or timezone.localdate().year,
        board_side=state.side,
        seed=state.seed,
    )
    camp.full_clean()
    camp.save()
    now = timezone.now()
    BoardSetup.objects.create(
        camp=camp,
        generator_seed=0,
        mix="imported",
        generated_at=now,
        sides_draw=1,
        sides_drawn_at=now,
        game_started_at=now,
    )
    BoardHex.objects.bulk_create(
        BoardHex(camp=camp, q=h.q, r=h.r, tile=c.tile.value, chests=c.chests, revealed=c.revealed)
        for h, c in state.board.items()
    )
    teams: dict[str, Team] = {}
    for seat, t in enumerate(state.teams, start=1):
        team = Team(
            camp=camp, name=t.name, colour=DEFAULT_COLOURS[(seat - 1) % len(DEFAULT_COLOURS)], order=seat
        )
        team.full_clean()
        team.save()
        teams[t.name] = team
        Harbor.objects.create(
            team=team,
            side=g.bay_sides[t.harbor],
            bay=g.bay_number(t.harbor),
            delivered=t.delivered,
            ap_before_import=t.ap_total,
        )
    Ship.objects.bulk_create(
        Ship(
            team=teams[t.name],
            ident=s.id,
            kind=s.kind.value,
            q=None if s.at is None else s.at.q,
            r=None if s.at is None else s.at.r,
            chests=s.chests,
            boat=s.boat,
            seahorse=s.seahorse,
            mermaid=s.mermaid,
            octopus=s.octopus,
        )
        for t in state.teams
        for s in t.ships
    )
    PirateRow.objects.bulk_create(
        PirateRow(
            camp=camp,
            ident=p.id,
            q=p.at.q,
            r=p.at.r,
            seahorse=p.seahorse,
            mermaid=p.mermaid,
            octopus=p.octopus,
        )
        for p in state.pirates
    )
    round_ = Round.objects.create(camp=camp, number=state.round_number, status=RoundStatus.ORDERS_OPEN)
    orders = scenario.orders_by_team
    Placement.objects.bulk_create(
        Placement(
            round=round_,
            team=teams[t.name],
            rank=seat,
            ap=max(0, orders[t.name].ap) if t.name in orders else 0,
        )
        for seat, t in enumerate(state.teams, start=1)
    )
    opened = open_round(state)
    given = {p.get("id"): p.get("moves") for p in data.get("pirates") or [] if isinstance(p, dict)}
    IslandsRound.objects.create(
        round=round_,
        pirate_moves={
            p.id: list(p.moves) if given.get(p.id) else list(o.moves)
            for p, o in zip(state.pirates, opened.pirates, strict=True)
            if p.moves or o.moves
        },
        priority=[teams[t.name].pk for t in state.teams],
        fixed_draws=draws_document(scenario.draws, g),
        opened_at=now,
    )
    TeamOrders.objects.bulk_create(
        TeamOrders(
            round=round_,
            team=teams[team_name],
            ap=max(0, o.ap),
            build_cargo=o.build_cargo,
            build_battleship=o.build_battleships,
            routes={ship: format_route(route) for ship, route in o.routes if route},
            harbor=format_harbor_moves(o.harbor),
            fire="" if o.fire is None else g.label(o.fire),
        )
        for team_name, o in scenario.orders
    )
    return camp


__all__ = [
    "OrdersCheck",
    "OrdersInvalid",
    "OrdersStale",
    "OrdersProblem",
    "PlayedOrders",
    "RoundPreviewData",
    "RoutePlan",
    "before_document",
    "camp_import_round",
    "event_to_json",
    "orders_check",
    "orders_submit",
    "played_orders",
    "round_close",
    "round_export",
    "round_open",
    "round_preview",
    "round_resolve",
    "round_undo",
    "stored_orders_text",
    "team_ap",
    "telescope_choose",
    "telescope_keys",
    "telescope_skip",
]
