"""The teams' plans for a round as the hand-in panel and a team's own page show them, the round's
hand-in deadline and the log of the writes to its plans."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Round, Team
from games.islands.models.plans import PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders

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
