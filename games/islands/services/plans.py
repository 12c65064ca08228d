"""A team's plan for a round: drafts, hand-in, taking back, the paper form received, and staff's
approval or return; the round's hand-in deadline and its reopening for one team.

Each write is one transaction that locks the round row and then the team's plan row, so two staff
members, or two phones of one team, get one result each in turn. The team's own writes (draft,
hand in, take back) carry the plan's ``version`` their page showed: an older one is refused with
the plan as stored (:class:`PlanStale`), never silently overwritten. Every write is a line of the
round's plan log (:class:`PlanLogEntry`: who, when, what).

Nothing here resolves anything: an approval stores the plan as the team's orders
(``orders_submit``), exactly what the team handed in; resolving stays staff's step.

Decisions (see ``docs/islands-rounds.md``, "A team's plan"):

- The team may write while the round is open for orders, until the deadline (``plans_due_at``)
  unless staff reopened it for the team; staff's actions are not bound by the deadline.
- A draft is kept as written, problems and all; a plan with problems cannot be handed in
  (:class:`OrdersInvalid`, the same check as the order page); warnings do not stop it.
- Handed in on screen, a plan is taken back (``plan_withdraw``) or approved or returned; a paper
  plan is approved by typing it on the order page (then the plan reads "entered by staff").
- Orders staff store on the order page (``plan_orders_entered``) settle a plan handed in, on screen
  or on paper: it reads "entered by staff" and no longer waits for approval (a later "approve all"
  cannot replace staff's correction with it); the team's sheet stays its draft.
- A press sent again (a phone that lost its connection before the answer came, and sends what it
  kept on the phone once the connection is back) stores nothing twice: when the plan as stored
  already holds that very sheet in the state pressed, the answer is :class:`PlanAlreadyStored`
  (the page says it as done), whatever version the phone had seen; any other stale press is refused
  (:class:`PlanStale`) and never overwrites the newer plan.
- Drafts change nothing the hall sees; every other state change draws a new public version (the
  board will show who has handed in).
- A deadline set, moved or removed and a hand-in reopened for a team are lines of the notice
  board's feed (:class:`PublicNotice`), written in the same transaction: the hall sees what staff
  changed. The other writes are not (a plan's state shows in the hand-in line already).
- A team with nothing to order this round counts as handed in (worked out by
  :mod:`games.islands.selectors.plans`, nothing stored); staff may undo that for one team
  (``plan_nothing_undo``: it is to hand in as usual) and take the undo back
  (``plan_nothing_restore``). See docs/islands-rules-decisions.md, "Nothing to do".
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _

from camp.formats.dates import at_time
from camp.models import Round, RoundStatus, Team
from games.islands.errors import IslandsError, OrdersInvalid, PlanAlreadyStored, PlanStale
from games.islands.models.notices import NoticeCode, PublicNotice
from games.islands.models.plans import PlanAction, PlanBy, PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders
from games.islands.orders import OrderSheet, check_team, orders_check
from games.islands.selectors.plans import (
    NOTHING_TO_DO,
    TEAM_WRITABLE,
    hand_in_closed,
    nothing_to_do,
    plan_row,
    plans_due_at,
)
from games.islands.services import rounds as round_services

#: Who writes: a staff user, or :data:`BY_TEAM` (the team on its own page, through its link).
BY_TEAM = PlanBy.TEAM
Writer = User | PlanBy

#: States the team may write a draft over or hand in from.
_WRITABLE = TEAM_WRITABLE


# ------------------------------------------------------------------------------------ helpers


def _lock(round_: Round, team: Team) -> tuple[Round, TeamPlan]:
    """The round and the team's plan, both locked (the plan row is made when there is none)."""
    locked = Round.objects.select_for_update().select_related("camp").get(pk=round_.pk)
    check_team(locked, team)
    TeamPlan.objects.get_or_create(round=locked, team=team)
    plan = TeamPlan.objects.select_for_update().select_related("team").get(round=locked, team=team)
    return locked, plan


def _user(by: Writer) -> User | None:
    return by if isinstance(by, User) and by.pk else None


def _by(by: Writer) -> str:
    return PlanBy.TEAM if by == BY_TEAM else PlanBy.STAFF


def _log(plan: TeamPlan, action: str, by: Writer, *, note: str = "", at: datetime | None = None) -> None:
    PlanLogEntry.objects.create(
        round_id=plan.round_id,
        team_id=plan.team_id,
        at=at or timezone.now(),
        by=_by(by),
        user=_user(by),
        action=action,
        note=note,
    )


def _save(plan: TeamPlan, **fields: Any) -> TeamPlan:
    for name, value in fields.items():
        setattr(plan, name, value)
    plan.version += 1
    plan.save()
    return plan


def _names(locked: Round, plan: TeamPlan) -> dict[str, Any]:
    return {"team": plan.team.name, "number": locked.number}


def _open(locked: Round) -> None:
    if locked.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Plans for round %(number)d cannot be handed in now (the round is %(status)s).")
            % {"number": locked.number, "status": RoundStatus(locked.status).label},
            code="not_open",
        )


def _team_may_write(locked: Round, plan: TeamPlan, version: int) -> None:
    """The team's own write: the round open, before the deadline (or reopened), the version seen."""
    _open(locked)
    if version != plan.version:
        raise PlanStale(plan)
    due = plans_due_at(locked)
    if due is not None and hand_in_closed(due, reopened=plan.reopened):
        raise IslandsError(
            _("The hand-in of round %(number)d closed %(at)s; ask staff to reopen it for your team.")
            % {"number": locked.number, "at": at_time(due)},
            code="closed",
        )


def _holds(plan: TeamPlan, fields: dict[str, Any], states: tuple[str, ...]) -> bool:
    """Whether the plan as stored already holds ``fields`` (a sheet's :meth:`OrderSheet.plan_fields`)
    in one of ``states``: a press sent again, whatever version the phone had seen."""
    return plan.version > 0 and plan.state in states and all(getattr(plan, k) == v for k, v in fields.items())


def _refuse_state(locked: Round, plan: TeamPlan) -> IslandsError:
    """Why the team cannot write over its plan in its state."""
    names = _names(locked, plan)
    if plan.state == PlanState.HANDED_IN:
        message = _("The plan of %(team)s is handed in: take it back first to change it.")
    elif plan.state == PlanState.PAPER:
        message = _("%(team)s handed in its plan of round %(number)d on paper; staff type it in.")
    else:
        message = _("The plan of %(team)s for round %(number)d is approved: it can no longer change.")
    return IslandsError(message % names, code=f"plan_{plan.state}")


# ------------------------------------------------------------------------------------ the team


@transaction.atomic
def plan_save_draft(
    *,
    round: Round,  # noqa: A002
    team: Team,
    sheet: OrderSheet,
    version: int,
    by: Writer,
) -> TeamPlan:
    """Keep the team's sheet as a draft, as written (a draft may have problems). ``version`` is
    the plan's version the page showed (0: none yet); ``by`` a staff user or :data:`BY_TEAM`.
    The same draft already stored (a phone sending its press again): :class:`PlanAlreadyStored`."""
    locked, plan = _lock(round, team)
    _open(locked)
    if _holds(plan, sheet.plan_fields(), (PlanState.DRAFT,)):
        raise PlanAlreadyStored(plan, handed_in=False)
    _team_may_write(locked, plan, version)
    if plan.state not in _WRITABLE:
        raise _refuse_state(locked, plan)
    _save(plan, state=PlanState.DRAFT, saved_at=timezone.now(), **sheet.plan_fields())
    _log(plan, PlanAction.SAVED, by)
    return plan


@transaction.atomic
def plan_hand_in(
    *,
    round: Round,  # noqa: A002
    team: Team,
    sheet: OrderSheet,
    version: int,
    by: Writer,
) -> TeamPlan:
    """Hand the team's sheet in (checked as on the order page: any problem refuses it with
    :class:`OrdersInvalid` naming them; warnings do not). Kept in English letters, as read. The
    same sheet already handed in (or approved since): :class:`PlanAlreadyStored`, nothing stored."""
    locked, plan = _lock(round, team)
    _open(locked)
    if plan.state in (PlanState.HANDED_IN, PlanState.APPROVED):
        try:
            again = orders_check(round=locked, team=team, sheet=sheet)
        except IslandsError:  # the game cannot read it: surely not the plan stored
            again = None
        if again is not None and not again.problems:
            if _holds(plan, again.stored.plan_fields(), (PlanState.HANDED_IN, PlanState.APPROVED)):
                raise PlanAlreadyStored(plan, handed_in=True)
    _team_may_write(locked, plan, version)
    if plan.state not in _WRITABLE:
        raise _refuse_state(locked, plan)
    check = orders_check(round=locked, team=team, sheet=sheet)
    if check.problems:
        raise OrdersInvalid(check.problems)
    now = timezone.now()
    _save(
        plan,
        state=PlanState.HANDED_IN,
        saved_at=now,
        handed_in_at=now,
        handed_in_by=_by(by),
        handed_in_user=_user(by),
        note="",
        **check.stored.plan_fields(),
    )
    _log(plan, PlanAction.HANDED_IN, by, at=now)
    return plan


@transaction.atomic
def plan_withdraw(*, round: Round, team: Team, version: int, by: Writer) -> TeamPlan:  # noqa: A002
    """Take a handed-in plan back (a draft again, kept as it was) until staff approve it."""
    locked, plan = _lock(round, team)
    _team_may_write(locked, plan, version)
    if plan.state != PlanState.HANDED_IN:
        if plan.state in (PlanState.APPROVED, PlanState.PAPER):
            raise _refuse_state(locked, plan)
        raise IslandsError(
            _("The plan of %(team)s is not handed in: there is nothing to take back.") % _names(locked, plan),
            code="not_handed_in",
        )
    _save(plan, state=PlanState.DRAFT, handed_in_at=None, handed_in_by="", handed_in_user=None)
    _log(plan, PlanAction.WITHDRAWN, by)
    return plan


# ------------------------------------------------------------------------------------ staff


@transaction.atomic
def plan_paper_received(*, round: Round, team: Team, user: Any) -> TeamPlan:  # noqa: A002
    """The team's paper form is in staff's hands: its plan reads "handed in (paper)" (staff type it
    on the order page). Again for a plan already so: nothing changes."""
    locked, plan = _lock(round, team)
    _open(locked)
    if plan.state == PlanState.PAPER:
        return plan
    if plan.state == PlanState.HANDED_IN:
        raise IslandsError(
            _("%(team)s has already handed in its plan on screen; approve it or send it back first.")
            % _names(locked, plan),
            code="plan_handed_in",
        )
    if plan.state == PlanState.APPROVED:
        raise _refuse_state(locked, plan)
    now = timezone.now()
    _save(
        plan, state=PlanState.PAPER, handed_in_at=now, handed_in_by=PlanBy.STAFF, handed_in_user=_user(user)
    )
    _log(plan, PlanAction.PAPER, user, at=now)
    return plan


def _approve(locked: Round, plan: TeamPlan, user: Any) -> TeamPlan:
    if plan.state != PlanState.HANDED_IN:
        names = _names(locked, plan)
        if plan.state == PlanState.PAPER:
            message = _("The plan of %(team)s is on paper: approve it by typing it on the order page.")
        elif plan.state == PlanState.APPROVED:
            message = _("The plan of %(team)s for round %(number)d is already approved.")
        else:
            message = _("%(team)s has not handed in a plan for round %(number)d: nothing to approve.")
        raise IslandsError(message % names, code="not_handed_in")
    existing = (
        TeamOrders.objects.filter(round=locked, team=plan.team).values_list("version", flat=True).first()
    )
    stored = round_services.orders_submit(
        round=locked, team=plan.team, sheet=OrderSheet.from_plan(plan), user=user, version=existing or 0
    )
    now = timezone.now()
    _save(
        plan,
        state=PlanState.APPROVED,
        approved_at=now,
        approved_by=_user(user),
        orders_version=stored.version,
    )
    _log(plan, PlanAction.APPROVED, user, at=now)
    return plan


def _seen(locked: Round, plan: TeamPlan, version: int | None) -> None:
    """Refuse staff's press about a plan that changed after their page showed it (``version``;
    None: not asked, as from a script): they approve or send back only what they read."""
    if version is not None and version != plan.version:
        raise IslandsError(
            _(
                "The plan of %(team)s changed after your page showed it (the team took it back or"
                " handed in another); nothing was done: read it again."
            )
            % _names(locked, plan),
            code="plan_changed",
        )


@transaction.atomic
def plan_approve(
    *,
    round: Round,  # noqa: A002
    team: Team,
    user: Any,
    version: int | None = None,
) -> TeamPlan:
    """Store a plan handed in on screen as the team's orders (``orders_submit``: checked again,
    replacing orders stored before). Resolves nothing. ``version``: the plan's version the page
    showed (refused when it has changed since)."""
    locked, plan = _lock(round, team)
    _open(locked)
    if plan.state == PlanState.HANDED_IN:
        _seen(locked, plan, version)
    approved = _approve(locked, plan, user)
    return approved


@transaction.atomic
def plan_orders_entered(
    *,
    round: Round,  # noqa: A002
    team: Team,
    sheet: OrderSheet,
    user: Any,
    version: int | None,
) -> TeamOrders:
    """Store the orders staff typed on the order page (``orders_submit``: its checks, its
    ``version``, its refusals). A plan handed in (screen or paper) is settled by them in the same
    transaction: a draft again (the team's sheet kept), so it reads "entered by staff", leaves the
    waiting plans and no approval replaces these orders with it. Other plans are left as they are."""
    locked = Round.objects.select_for_update().select_related("camp").get(pk=round.pk)
    plan = TeamPlan.objects.select_for_update().filter(round=locked, team=team).first()
    stored = round_services.orders_submit(round=locked, team=team, sheet=sheet, user=user, version=version)
    if plan is not None and plan.state in (PlanState.HANDED_IN, PlanState.PAPER):
        _save(plan, state=PlanState.DRAFT, handed_in_at=None, handed_in_by="", handed_in_user=None)
        _log(plan, PlanAction.ENTERED, user)
    return stored


@transaction.atomic
def plans_approve_all(*, round: Round, user: Any) -> list[TeamPlan]:  # noqa: A002
    """Approve every plan handed in on screen (all or none: one that no longer passes the check,
    e.g. the AP changed, refuses them all, naming it). The others are left as they are."""
    locked = Round.objects.select_for_update().select_related("camp").get(pk=round.pk)
    _open(locked)
    plans = list(
        TeamPlan.objects.select_for_update()
        .filter(round=locked, state=PlanState.HANDED_IN)
        .select_related("team")
        .order_by("team__order", "team__name", "team_id")
    )
    if not plans:
        raise IslandsError(
            _("No plan of round %(number)d is handed in and waiting for approval.")
            % {"number": locked.number},
            code="none_handed_in",
        )
    approved = [_approve(locked, plan, user) for plan in plans]
    return approved


@transaction.atomic
def plan_return(
    *,
    round: Round,  # noqa: A002
    team: Team,
    user: Any,
    note: str,
    version: int | None = None,
) -> TeamPlan:
    """Send a handed-in plan (screen or paper) back to the team with ``note`` (the team sees it);
    the sheet stays as the team's draft. ``version`` as for :func:`plan_approve`."""
    locked, plan = _lock(round, team)
    _open(locked)
    note = note.strip()
    if not note:
        raise IslandsError(_("Write the team a note: what should it change?"), code="no_note")
    if plan.state not in (PlanState.HANDED_IN, PlanState.PAPER):
        if plan.state == PlanState.APPROVED:
            raise _refuse_state(locked, plan)
        raise IslandsError(
            _("%(team)s has not handed in a plan for round %(number)d: there is nothing to send back.")
            % _names(locked, plan),
            code="not_handed_in",
        )
    _seen(locked, plan, version)
    now = timezone.now()
    _save(plan, state=PlanState.RETURNED, returned_at=now, note=note)
    _log(plan, PlanAction.RETURNED, user, note=note, at=now)
    return plan


#: The code of the refusal that asks before a deadline in the past closes the hand-in for all.
DUE_PAST = "due_past"


@transaction.atomic
def plans_deadline_set(
    *,
    round: Round,  # noqa: A002
    due: datetime | None,
    user: Any,
    confirmed: bool = False,
) -> IslandsRound:
    """Set the round's hand-in deadline (None: no deadline). Only for a round open for orders.

    A deadline already past (or now: the next moment closes it) closes the hand-in for every team
    at once, so it is refused (code :data:`DUE_PAST`, the page's question) unless ``confirmed``:
    staff asked once and answered yes. A future one is set at once."""
    locked = Round.objects.select_for_update().select_related("camp").get(pk=round.pk)
    _open(locked)
    islands_round = IslandsRound.objects.select_for_update().filter(round=locked).first()
    if islands_round is None:  # pragma: no cover - opening a round makes its row
        raise IslandsError(
            _("Round %(number)d has not been opened.") % {"number": locked.number}, code="not_open"
        )
    if islands_round.plans_due_at == due:  # the same again: nothing to write down
        return islands_round
    if due is not None and due <= timezone.now() and not confirmed:
        raise IslandsError(
            _("The deadline has passed already — close the hand-in for every team now?"), code=DUE_PAST
        )
    was = islands_round.plans_due_at
    islands_round.plans_due_at = due
    islands_round.save(update_fields=["plans_due_at"])
    PublicNotice.objects.create(
        camp=locked.camp,
        code=NoticeCode.DEADLINE,
        params={
            "number": locked.number,
            "due": due.isoformat() if due is not None else None,
            "was": was.isoformat() if was is not None else None,
        },
    )
    note = time_format(timezone.localtime(due), "H:i") if due is not None else "—"
    PlanLogEntry.objects.create(
        round=locked,
        at=timezone.now(),
        by=PlanBy.STAFF,
        user=_user(user),
        action=PlanAction.DEADLINE,
        note=note,
    )
    return islands_round


@transaction.atomic
def plan_reopen(*, round: Round, team: Team, user: Any) -> TeamPlan:  # noqa: A002
    """Let one team write and hand in after the round's deadline."""
    locked, plan = _lock(round, team)
    _open(locked)
    if plan.reopened:
        raise IslandsError(
            _("The hand-in is already reopened for %(team)s.") % _names(locked, plan), code="reopened"
        )
    _save(plan, reopened=True)
    _log(plan, PlanAction.REOPENED, user)
    PublicNotice.objects.create(
        camp=locked.camp,
        code=NoticeCode.HAND_IN_REOPENED,
        params={"number": locked.number, "team": plan.team.name},
    )
    return plan


@transaction.atomic
def plan_nothing_undo(*, round: Round, team: Team, user: Any) -> TeamPlan:  # noqa: A002
    """Undo the automatic hand-in of a team with nothing to do this round: it is to hand in as
    usual (an empty plan, or one for what it may do after a corrected placement). Refused unless
    its plan reads "nothing to do" now."""
    locked, plan = _lock(round, team)
    _open(locked)
    orders = TeamOrders.objects.filter(round=locked, team=team).first()
    nothing = team.pk in nothing_to_do(locked, [team])
    if plan_row(team, plan, orders, nothing=nothing).state != NOTHING_TO_DO:
        raise IslandsError(
            _("%(team)s does not count as handed in for having nothing to do: there is nothing to undo.")
            % _names(locked, plan),
            code="not_nothing",
        )
    _save(plan, hand_in_expected=True)
    _log(plan, PlanAction.EXPECTED, user)
    return plan


@transaction.atomic
def plan_nothing_restore(*, round: Round, team: Team, user: Any) -> TeamPlan:  # noqa: A002
    """Take back :func:`plan_nothing_undo`: the team counts as handed in again while it has
    nothing to do (with something to do after all it hands in as any team)."""
    locked, plan = _lock(round, team)
    _open(locked)
    if not plan.hand_in_expected:
        raise IslandsError(
            _("Nothing to do was not undone for %(team)s: there is nothing to take back.")
            % _names(locked, plan),
            code="not_expected",
        )
    _save(plan, hand_in_expected=False)
    _log(plan, PlanAction.NOTHING, user)
    return plan
