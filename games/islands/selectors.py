"""Reads of the Golden Islands game: the board, the map views, where a round stands (its orders,
its preview, its telescopes). The engine state lives in :mod:`games.islands.game_state`, a team's
orders in :mod:`games.islands.orders`, what resolved rounds tell in :mod:`games.islands.results`.

Every function here runs a fixed number of queries, whatever the size of the board or the number
of ships (tests check it with ``django_assert_num_queries``). One short function per read; the next
read of a new noun gets its own module.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.models import OPENED_STATUSES, Camp, Placement, Round, RoundStatus, Team
from camp.prepared import NO_ROW_ID, PreparedRead
from camp.request_memo import remembered
from games.islands.engine import events as ee
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.notation import who_parts
from games.islands.engine.orders import Orders
from games.islands.engine.resolve import resolve_trusted
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError, OrdersProblem
from games.islands.game_state import (
    StateUnavailable,
    fixed_draws,
    game_state,
    state_before,
    state_in_priority,
    state_rows,
)
from games.islands.maps.visibility import (
    BoardCell,
    HarborView,
    MapView,
    PirateView,
    ShipView,
    TeamLook,
    for_public,
    for_staff,
)
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders, TelescopeChoice
from games.islands.orders import OrdersWarning, round_warnings, stored_orders


def derived_seed(seed: int, *purpose: object) -> int:
    """A non-negative 63-bit seed derived from a camp's seed and a purpose: recorded, repeatable.

    >>> derived_seed(7, "sides", 1) == derived_seed(7, "sides", 1) != derived_seed(7, "sides", 2)
    True
    """
    key = ":".join(["zlate-ostrovy", str(seed), *map(str, purpose)])
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


# ------------------------------------------------------------------------------------ the board


def board_setup(camp: Camp) -> BoardSetup | None:
    return BoardSetup.objects.filter(camp=camp).first()


def board_cells(camp: Camp) -> list[BoardCell]:
    """Every stored hex of the camp's board as plain data (one query)."""
    return [
        BoardCell(q=q, r=r, tile=tile, chests=chests, revealed=bool(revealed))
        for q, r, tile, chests, revealed in state_rows("hexes", camp.pk)
    ]


def board_hex(camp: Camp, label: str) -> BoardHex | None:
    """The row of one hex by its label; None for a label that is not a hex of this board (or no row)."""
    try:
        h = geometry(camp.board_side).parse(label)
    except ValueError:
        return None
    return BoardHex.objects.filter(camp=camp, q=h.q, r=h.r).first()


def board_preview(*, side: int, seed: int, teams: int | None = None) -> generator.GeneratedMap:
    """A board dealt from a seed for ``teams`` teams, not stored (raises ``generator.GeneratorError``)."""
    return generator.generate_map(side, seed, teams=teams)


def preview_cells(board: generator.GeneratedMap) -> list[BoardCell]:
    return [BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests) for h, c in board.tiles.items()]


def fairness_of_cells(side: int, cells: Iterable[BoardCell]) -> generator.FairnessReport:
    """Chests near each side's bays for a stored (maybe hand-edited) board."""
    tiles = {Hex(c.q, c.r): generator.Cell(Tile(c.tile), c.chests) for c in cells}
    return generator.fairness_report(side, tiles)


def game_is_on(camp: Camp) -> bool:
    """Whether any round has been opened (orders open, resolved or closed): the board is then fixed."""
    return (
        Round.objects.filter(camp=camp)
        .filter(Q(status__in=OPENED_STATUSES) | Q(islands__isnull=False) | Q(islands_result__isnull=False))
        .exists()
    )


@dataclass(frozen=True)
class TeamHarbor:
    """A team with its harbor row (None before the sides are drawn)."""

    team: Team
    harbor: Harbor | None

    @property
    def bay_choices(self) -> list[int]:
        if self.harbor is None or not self.harbor.side:
            return []
        g = geometry(self.team.camp.board_side)
        return [g.bay_number(b) for b in g.bays_on(self.harbor.side)]  # type: ignore[arg-type]


def team_harbors(camp: Camp) -> list[TeamHarbor]:
    """Every team of the camp with its harbor, in seat order (one query)."""
    teams = Team.objects.filter(camp=camp).select_related("harbor", "camp").order_by("order", "name", "id")
    result = []
    for team in teams:
        try:
            harbor: Harbor | None = team.harbor
        except Harbor.DoesNotExist:
            harbor = None
        result.append(TeamHarbor(team=team, harbor=harbor))
    return result


# ------------------------------------------------------------------------------------ map views


def _pieces(camp: Camp) -> tuple[list[BoardCell], list[ShipView], list[HarborView], list[PirateView]]:
    """Four queries: hexes, harbors, ships, pirates (built by the ORM once per process: after every
    write the maps and sheets read them anew)."""
    cells = board_cells(camp)
    harbors = _MAP_READS["harbors"].rows(camp.pk)
    bay_of = {team_id: bay for team_id, bay, *_team in harbors}
    g = geometry(camp.board_side)
    ships = []
    for team_id, ident, kind, q, r, chests, colour, name, label, shape in _MAP_READS["ships"].rows(camp.pk):
        if q is None or r is None:
            bay = bay_of.get(team_id)
            if bay is None:
                continue
            at = f"Z{bay}"
        else:
            at = g.label(Hex(q, r))
        ships.append(
            ShipView(
                at=at,
                ident=ident,
                colour=colour,
                team=name,
                battleship=kind == es.ShipKind.BATTLESHIP.value,
                chests=chests,
                label=label,
                shape=shape,
            )
        )
    harbor_views = [
        HarborView(bay=bay, colour=colour, team=name, label=label, shape=shape)
        for _team_id, bay, colour, name, label, shape in harbors
    ]
    pirates = [
        PirateView(at=g.label(Hex(q, r)), ident=ident) for ident, q, r in _MAP_READS["pirates"].rows(camp.pk)
    ]
    return cells, ships, harbor_views, pirates


_TEAM_LOOK = ("team__colour", "team__name", "team__label", "team__shape")
#: The map views' reads (:func:`_pieces`; the hexes are the game state's), in the order the models'
#: own ordering gives.
_MAP_READS = {
    "harbors": PreparedRead(
        lambda camp_id: Harbor.objects.filter(team__camp_id=camp_id, bay__isnull=False).values_list(
            "team_id", "bay", *_TEAM_LOOK
        ),
        marker=NO_ROW_ID,
    ),
    "ships": PreparedRead(
        lambda camp_id: (
            Ship.objects.filter(team__camp_id=camp_id)
            .order_by("team__order", "team_id", "ident")
            .values_list("team_id", "ident", "kind", "q", "r", "chests", *_TEAM_LOOK)
        ),
        marker=NO_ROW_ID,
    ),
    "pirates": PreparedRead(
        lambda camp_id: Pirate.objects.filter(camp_id=camp_id).values_list("ident", "q", "r"),
        marker=NO_ROW_ID,
    ),
}


def map_view_for_staff(camp: Camp) -> MapView:
    """Everything on the camp's board, hidden tiles included (four queries, once per version of the
    camp run's game: the pages and sheets share it)."""

    def build() -> MapView:
        cells, ships, harbors, pirates = _pieces(camp)
        return for_staff(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)

    return remembered(camp.pk, ("islands-map-staff",), build, shared=True)


def map_view_for_public(camp: Camp) -> MapView:
    """What every team may see (four queries, once per version of the camp run's game): hidden hexes
    carry nothing, ships no cargo."""

    def build() -> MapView:
        cells, ships, harbors, pirates = _pieces(camp)
        return for_public(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)

    return remembered(camp.pk, ("islands-map-public",), build, shared=True)


def map_view_before(round: Round, *, staff: bool) -> MapView:  # noqa: A002
    """The board as it stood before ``round``, from the engine state the round's pages share
    (``state_before``; while the round is not resolved, what the rows hold now): for the staff,
    or what every team may see."""

    def build() -> MapView:
        return map_view_of_state(state_before(round), team_looks(round.camp_id), staff=staff)

    return remembered(round.camp_id, ("islands-map-before", round.pk, staff), build, shared=True)


# ------------------------------------------------------------------------------------ engine state


def round_result(round: Round) -> RoundResult | None:  # noqa: A002
    return RoundResult.objects.filter(round=round).first()


# ------------------------------------------------------------------------------------ rounds


def team_link_by_token(token: str) -> TeamLink | None:
    """The team link of ``token`` with its team, camp run and board set-up (one query), or None.
    Whether it may be read (not revoked, links on) is the page's to ask."""
    if not token or len(token) > 64:
        return None
    return TeamLink.objects.select_related("team__camp__islands_setup").filter(token=token).first()


def readable_team_link_version(token: str) -> tuple[int, str] | None:
    """(link id, its camp run's public version) when the link of ``token`` may be read now (known,
    not revoked, the camp run's links on), else None. One small query in plain SQL: every team's
    phone polls its page every 10 s, and building the ORM query cost several times the rest of an
    unchanged poll's answer (as :func:`camp.public_cache.public_version`)."""
    if not token or len(token) > 64:
        return None
    row = _READABLE_LINK.first(token)
    return None if row is None else (int(row[0]), str(row[1]))


_READABLE_LINK = PreparedRead(
    lambda token: TeamLink.objects.filter(
        token=token, token_revoked_at__isnull=True, team__camp__islands_setup__team_links=True
    ).values_list("id", "team__camp__public_version"),
    marker="zo: no link has this token",
)


def team_links(camp: Camp) -> list[TeamLink]:
    """The camp run's team links, in seat order."""
    return list(
        TeamLink.objects.filter(team__camp=camp)
        .select_related("team")
        .order_by("team__order", "team__name", "team__id")
    )


def team_pending_telescopes(result: RoundResult | None, team: Team) -> list[TelescopePending]:
    """The telescope choices of ``result`` still to make by ``team``'s ships (its own only)."""
    if result is None:
        return []
    choices = TelescopeChoice.objects.filter(result=result)
    return [t for t in _telescopes(result, choices) if t.open and t.team == team.name]


def team_telescopes(result: RoundResult | None, team: Team) -> list[TelescopePending]:
    """Every telescope choice of ``result`` that is ``team``'s (open, chosen or skipped; its own only)."""
    if result is None:
        return []
    choices = TelescopeChoice.objects.filter(result=result)
    return [t for t in _telescopes(result, choices) if t.team == team.name]


def later_opened_round(round: Round) -> Round | None:  # noqa: A002
    """The first later round of the camp that has been opened (its orders open, or resolved), or
    None. While there is one, ``round`` can no longer be undone."""
    return (
        Round.objects.filter(camp_id=round.camp_id, number__gt=round.number)
        .filter(Q(status__in=OPENED_STATUSES) | Q(islands__isnull=False))
        .order_by("number")
        .first()
    )


def round_undoable(round: Round) -> bool:  # noqa: A002
    """Whether the staff pages offer undo: exactly when ``services.rounds.round_undo`` allows it (the round
    is resolved, not closed, and no later round has been opened)."""
    return round.status == RoundStatus.RESOLVED and later_opened_round(round) is None


def team_looks(camp_id: int) -> dict[str, TeamLook]:
    """How each team of a camp run is drawn on a map, by name: its colour and its mark."""
    rows = Team.objects.filter(camp_id=camp_id).values_list("name", "colour", "label", "shape")
    return {name: TeamLook(colour, label, shape) for name, colour, label, shape in rows}


def map_view_of_state(state: es.GameState, looks: Mapping[str, TeamLook], *, staff: bool = True) -> MapView:
    """A map view of an engine state (e.g. a previewed result), for staff or for the public; each
    team drawn as ``looks`` says (a team missing there in grey, without a mark)."""
    unknown = TeamLook("")
    g = state.geometry
    cells = [
        BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests, revealed=c.revealed)
        for h, c in state.board.items()
    ]
    ships = [
        ShipView(
            at=g.label(t.harbor if s.at is None else s.at),
            ident=s.id,
            colour=looks.get(t.name, unknown).colour,
            team=t.name,
            battleship=s.kind is es.ShipKind.BATTLESHIP,
            chests=s.chests,
            label=looks.get(t.name, unknown).label,
            shape=looks.get(t.name, unknown).shape,
        )
        for t in state.teams
        for s in t.ships
    ]
    harbors = [
        HarborView(
            bay=g.bay_number(t.harbor),
            colour=looks.get(t.name, unknown).colour,
            team=t.name,
            label=looks.get(t.name, unknown).label,
            shape=looks.get(t.name, unknown).shape,
        )
        for t in state.teams
    ]
    pirates = [PirateView(at=g.label(p.at), ident=p.id) for p in state.pirates]
    make = for_staff if staff else for_public
    return make(side=state.side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


@dataclass(frozen=True)
class TeamRoundRow:
    """One team in a round: its AP, its stored orders (None: none yet) and, while the round is open
    for orders, why those no longer pass the check against the current state and AP (e.g. the
    placements were recorded again): the problems' messages without the team's name."""

    team: Team
    ap: int
    orders: TeamOrders | None
    problems: tuple[str, ...] = ()

    @property
    def stale(self) -> bool:
        return bool(self.problems)

    @property
    def has_orders(self) -> bool:
        return self.orders is not None


@dataclass(frozen=True)
class TelescopePending:
    """One telescope choice of a resolved round: ``key`` (``red.C1``, ``red.C1#2``), who, and the
    hex chosen (``""`` skipped, None not entered yet)."""

    key: str
    team: str
    ship: str
    chosen: str | None

    @property
    def open(self) -> bool:
        return self.chosen is None


@dataclass(frozen=True)
class RoundOverview:
    round: Round
    status: str
    opened: bool
    teams: list[TeamRoundRow]
    result: RoundResult | None
    telescopes: list[TelescopePending]
    #: Why the round cannot be resolved now (translated); empty when it can.
    blockers: list[str]

    @property
    def resolvable(self) -> bool:
        return not self.blockers

    @property
    def teams_without_orders(self) -> list[Team]:
        return [row.team for row in self.teams if row.orders is None]

    @property
    def pending_telescopes(self) -> list[TelescopePending]:
        return [t for t in self.telescopes if t.open]

    @property
    def closable(self) -> bool:
        return self.status == RoundStatus.RESOLVED and not self.pending_telescopes


def _telescopes(result: RoundResult | None, choices: Iterable[TelescopeChoice]) -> list[TelescopePending]:
    if result is None:
        return []
    chosen = {c.ship: c.hex for c in choices}
    out = []
    for key in ee.telescope_keys(result.pending_telescopes):
        team, ship = who_parts(ee.telescope_ship(key))
        out.append(TelescopePending(key=key, team=team, ship=ship, chosen=chosen.get(key)))
    return out


def round_overview(round: Round) -> RoundOverview:  # noqa: A002
    """Where a round stands: status, which teams have orders, whether it can be resolved, pending
    telescope choices. A constant number of queries, however many rounds the camp has."""
    round = Round.objects.select_related("camp").get(pk=round.pk)  # noqa: A001
    teams = list(Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id"))
    ap = dict(Placement.objects.filter(round=round).values_list("team_id", "ap"))
    orders = {o.team_id: o for o in TeamOrders.objects.filter(round=round).select_related("updated_by")}
    result = RoundResult.objects.filter(round=round).first()
    choices = list(TelescopeChoice.objects.filter(result=result)) if result is not None else []
    opened = IslandsRound.objects.filter(round=round).exists()
    blockers: list[str] = []
    problems: dict[str, list[OrdersProblem]] = {}
    if round.status != RoundStatus.ORDERS_OPEN:
        blockers.append(
            _("Round %(number)d is %(status)s.")
            % {"number": round.number, "status": RoundStatus(round.status).label}
        )
    else:  # the same check as the preview and the resolution: stored orders gone stale show here
        try:
            state = game_state(round.camp, round=round)
            _orders, problems, _missing = stored_orders(round, state)
            blockers.extend(p.message for team_problems in problems.values() for p in team_problems)
        except (StateUnavailable, IslandsError) as e:  # pragma: no cover - an opened round has a state
            blockers.append(str(e))
    return RoundOverview(
        round=round,
        status=round.status,
        opened=opened,
        teams=[
            TeamRoundRow(
                team=t,
                ap=int(ap.get(t.pk, 0)),
                orders=orders.get(t.pk),
                problems=tuple(p.team_message for p in problems.get(t.name, [])),
            )
            for t in teams
        ],
        result=result,
        telescopes=_telescopes(result, choices),
        blockers=blockers,
    )


def team_orders(round: Round, team: Team) -> TeamOrders | None:  # noqa: A002
    return TeamOrders.objects.filter(round=round, team=team).first()


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
    warnings: dict[str, tuple[OrdersWarning, ...]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not self.problems


def round_preview(*, round: Round) -> RoundPreviewData:  # noqa: A002
    """Resolve the round in memory with the orders stored so far; nothing is stored.

    Resolved once per version of the camp run's game and of the round's stored orders (each save
    of a team's orders gives them a new ``version``): the preview page and its reloads share it."""
    if round.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Only a round open for orders can be previewed (round %(number)d is %(status)s).")
            % {"number": round.number, "status": RoundStatus(round.status).label},
            code="not_open",
        )
    stored = tuple(
        TeamOrders.objects.filter(round=round)
        .order_by("team_id")
        .values_list("team_id", "pk", "version", "updated_at")
    )
    preview = remembered(
        round.camp_id,
        ("islands-preview", round.pk, stored, get_language()),  # its problems are in words
        lambda: _round_preview(round),
        shared=True,
    )
    return preview if preview.round is round else replace(preview, round=round)


def _round_preview(round: Round) -> RoundPreviewData:  # noqa: A002
    state = state_in_priority(round)
    orders, problems, missing = stored_orders(round, state)
    usable = {name: (Orders(ap=o.ap) if name in problems else o) for name, o in orders.items()}
    result = resolve_trusted(state, usable, fixed_draws(round))
    looks = team_looks(round.camp_id)
    return RoundPreviewData(
        round=round,
        state=state,
        orders=orders,
        problems=problems,
        missing=missing,
        result=result,
        map=map_view_of_state(result.state, looks, staff=True),
        warnings=round_warnings(state, orders, problems, missing),
    )


# ------------------------------------------------------------------------------------ notice board


def notice_board_version(camp: Camp) -> str:
    """The camp's public version (its ETag and its polling version), read from the row: a random
    token that every write changing the board draws anew (``camp.public_version.public_version_bump``),
    so it tells nothing hidden. One small query; nothing is drawn."""
    return str(Camp.objects.filter(pk=camp.pk).values_list("public_version", flat=True).get())


# ------------------------------------------------------------------------------------ the teams' plans

#: The state a plan shows when the stored orders are staff's own, typed on the order page.
ENTERED_BY_STAFF = "staff"
#: The plan states the team may write over (save a draft, hand in): the services' rule and the pages'.
TEAM_WRITABLE = (PlanState.NONE, PlanState.DRAFT, PlanState.RETURNED)


@dataclass(frozen=True)
class PlanRow:
    """A team's plan for a round as staff's hand-in panel (and the team's page) show it: ``state``
    is a :class:`PlanState` value, or :data:`ENTERED_BY_STAFF` when the stored orders were typed by
    staff on the order page ("plán zadali vedoucí"; a plan handed in since waits for approval
    and shows so); ``at`` when it came to be."""

    team: Team
    plan: TeamPlan | None
    state: str
    at: datetime | None
    note: str = ""
    reopened: bool = False

    @property
    def label(self) -> str:
        if self.state == ENTERED_BY_STAFF:
            return _("entered by staff")
        return str(PlanState(self.state).label)

    @property
    def version(self) -> int:
        return self.plan.version if self.plan is not None else 0

    def closed(self, due: datetime | None) -> bool:
        """Whether the team can no longer write its plan because of the deadline ``due``."""
        return hand_in_closed(due, reopened=self.reopened)

    def team_writable(self, closed: bool) -> bool:
        """Whether the team may write its plan now (``closed``: after the deadline). Read from the plan
        as stored, not the state shown: orders staff typed over an approved plan read "entered by
        staff", and the plan stays approved."""
        stored = self.plan.state if self.plan is not None else PlanState.NONE
        return not closed and stored in TEAM_WRITABLE


def hand_in_closed(due: datetime | None, *, reopened: bool) -> bool:
    """After the round's deadline (and not reopened for the team): the team's page reads
    "uzavřeno" and the team's writes are refused."""
    return due is not None and timezone.now() > due and not reopened


def plan_row(team: Team, plan: TeamPlan | None, orders: TeamOrders | None) -> PlanRow:
    """One team's :class:`PlanRow` from its plan and stored orders (either may be None)."""
    state = plan.state if plan is not None else PlanState.NONE
    if orders is not None and state != PlanState.HANDED_IN:
        if plan is None or plan.orders_version != orders.version:
            return PlanRow(
                team, plan, ENTERED_BY_STAFF, orders.updated_at, reopened=bool(plan and plan.reopened)
            )
    if plan is None:
        return PlanRow(team, None, PlanState.NONE, None)
    at = {
        PlanState.DRAFT: plan.saved_at,
        PlanState.HANDED_IN: plan.handed_in_at,
        PlanState.PAPER: plan.handed_in_at,
        PlanState.APPROVED: plan.approved_at,
        PlanState.RETURNED: plan.returned_at,
    }.get(PlanState(plan.state))
    note = plan.note if plan.state == PlanState.RETURNED else ""
    return PlanRow(team, plan, plan.state, at, note=note, reopened=plan.reopened)


def round_plans(round: Round) -> list[PlanRow]:  # noqa: A002
    """Each team's plan for ``round`` (the camp's teams in their order): three queries."""
    teams = list(Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id"))
    plans = {p.team_id: p for p in TeamPlan.objects.filter(round=round)}
    orders = {o.team_id: o for o in TeamOrders.objects.filter(round=round)}
    return [plan_row(t, plans.get(t.pk), orders.get(t.pk)) for t in teams]


def team_plan(round: Round, team: Team) -> PlanRow:  # noqa: A002
    """One team's plan for ``round`` (for the team's own page: its state, note, version)."""
    return team_plan_beside(round, team, TeamOrders.objects.filter(round=round, team=team).first())


def team_plan_beside(round: Round, team: Team, orders: TeamOrders | None) -> PlanRow:  # noqa: A002
    """:func:`team_plan` beside the team's stored orders for ``round``, read already (the order page)."""
    return plan_row(team, TeamPlan.objects.filter(round=round, team=team).first(), orders)


def plans_due_at(round: Round) -> datetime | None:  # noqa: A002
    """The round's hand-in deadline (None: none set)."""
    return IslandsRound.objects.filter(round=round).values_list("plans_due_at", flat=True).first()


def plan_log(round: Round) -> list[PlanLogEntry]:  # noqa: A002
    """Every write to the round's plans and deadline, oldest first (staff only)."""
    return list(PlanLogEntry.objects.filter(round=round).select_related("team", "user").order_by("at", "id"))
