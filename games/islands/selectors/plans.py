"""The teams' plans for a round as the hand-in panel and a team's own page show them, the round's
hand-in deadline and the log of the writes to its plans.

A team with nothing to order this round (no AP and no battleship on the board:
:func:`~games.islands.engine.orders.nothing_to_order`) counts as handed in
(:data:`NOTHING_TO_DO`, "nemá tah"): worked out here from the ship rows (the state before the
round while it is open for orders) and its placements as they are now, so a corrected placement
moves it at once; nothing is stored for it but staff's undo (``TeamPlan.hand_in_expected``). See
docs/islands-rules-decisions.md."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Placement, Round, RoundStatus, Team
from games.islands.engine.orders import nothing_to_order
from games.islands.models.board import Ship, ShipKindChoice
from games.islands.models.plans import PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders

#: The state a plan shows when the stored orders are staff's own, typed on the order page.
ENTERED_BY_STAFF = "staff"
#: The state a plan shows when the team has nothing to order this round: it counts as handed in.
NOTHING_TO_DO = "nothing"
#: The plan states the team may write over (save a draft, hand in): the services' rule and the pages';
#: they are the states not handed in, so a team with nothing to do shows these as :data:`NOTHING_TO_DO`.
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
    #: The team has nothing to order this round (whether it counts as handed in or staff undid it).
    nothing: bool = False

    @property
    def label(self) -> str:
        if self.state == ENTERED_BY_STAFF:
            return _("entered by staff")
        if self.state == NOTHING_TO_DO:
            return _("nothing to do (counts as handed in)")
        return str(PlanState(self.state).label)

    @property
    def expected(self) -> bool:
        """Staff undid "nothing to do" for the team: it is to hand in as usual."""
        return self.nothing and self.plan is not None and self.plan.hand_in_expected

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


def plan_row(
    team: Team, plan: TeamPlan | None, orders: TeamOrders | None, *, nothing: bool = False
) -> PlanRow:
    """One team's :class:`PlanRow` from its plan and stored orders (either may be None); ``nothing``:
    the team has nothing to order this round, so a plan not handed in reads :data:`NOTHING_TO_DO`
    (unless staff undid it)."""
    row = _plan_row(team, plan, orders)
    if not nothing:
        return row
    if row.state in TEAM_WRITABLE and not (plan is not None and plan.hand_in_expected):
        return replace(row, state=NOTHING_TO_DO, at=None, nothing=True)
    return replace(row, nothing=True)


def _plan_row(team: Team, plan: TeamPlan | None, orders: TeamOrders | None) -> PlanRow:
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


def nothing_to_do(round: Round, teams: list[Team]) -> frozenset[int]:  # noqa: A002
    """The ids of those ``teams`` that have nothing to order in ``round``: no AP by its placements
    as they are now and no battleship on the board (``engine.orders.nothing_to_order``). Only for a
    round open for orders (none else is planned), whose ship rows are the state before it: two
    queries, whatever the number of teams (the panel, the board and a team's own page read it on
    every render)."""
    if round.status != RoundStatus.ORDERS_OPEN or not teams:
        return frozenset()
    ids = [t.pk for t in teams]
    ap = dict(Placement.objects.filter(round=round, team_id__in=ids).values_list("team_id", "ap"))
    at_sea = set(
        Ship.objects.filter(team_id__in=ids, kind=ShipKindChoice.BATTLESHIP, q__isnull=False).values_list(
            "team_id", flat=True
        )
    )
    return frozenset(
        pk for pk in ids if nothing_to_order(int(ap.get(pk, 0)), battleship_on_board=pk in at_sea)
    )


def round_plans(round: Round) -> list[PlanRow]:  # noqa: A002
    """Each team's plan for ``round`` (the camp's teams in their order): five queries."""
    teams = list(Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id"))
    plans = {p.team_id: p for p in TeamPlan.objects.filter(round=round)}
    orders = {o.team_id: o for o in TeamOrders.objects.filter(round=round)}
    idle = nothing_to_do(round, teams)
    return [plan_row(t, plans.get(t.pk), orders.get(t.pk), nothing=t.pk in idle) for t in teams]


def team_plan(round: Round, team: Team) -> PlanRow:  # noqa: A002
    """One team's plan for ``round`` (for the team's own page: its state, note, version; "nemá tah"
    as the hand-in panel and the notice board read it)."""
    orders = TeamOrders.objects.filter(round=round, team=team).first()
    return team_plan_beside(round, team, orders, nothing=team.pk in nothing_to_do(round, [team]))


def team_plan_beside(
    round: Round,  # noqa: A002
    team: Team,
    orders: TeamOrders | None,
    *,
    nothing: bool = False,
) -> PlanRow:
    """:func:`team_plan` beside the team's stored orders for ``round``, read already (the order page,
    where staff type the orders: it shows the plan as stored, without "nemá tah")."""
    return plan_row(team, TeamPlan.objects.filter(round=round, team=team).first(), orders, nothing=nothing)


def plans_due_at(round: Round) -> datetime | None:  # noqa: A002
    """The round's hand-in deadline (None: none set)."""
    return IslandsRound.objects.filter(round=round).values_list("plans_due_at", flat=True).first()


def plan_log(round: Round) -> list[PlanLogEntry]:  # noqa: A002
    """Every write to the round's plans and deadline, oldest first (staff only)."""
    return list(PlanLogEntry.objects.filter(round=round).select_related("team", "user").order_by("at", "id"))
