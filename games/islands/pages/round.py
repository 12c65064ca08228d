"""The evening checklist of one round (placements → open → orders per team → resolve → after →
close), with undo of the last resolved round, the export of the round file and the print buttons;
the two steps taken from it: open the round, close it; and the hand-in panel of the teams' plans
(approve, approve all, send back with a note, the deadline, reopen for one team; htmx: its
``plans`` partial)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from camp.models import OPENED_STATUSES, Round, RoundStatus, Team
from camp.pages.base import HtmxHttpRequest
from camp.staff.permissions import may_see_seed, may_see_team_links
from games.islands.errors import IslandsError
from games.islands.forms.plans import PlanDeadlineForm, PlanReturnForm, PlanTeamForm
from games.islands.forms.shared import ConfirmForm
from games.islands.maps import style
from games.islands.models.plans import PlanState
from games.islands.orders import camp_alphabet
from games.islands.pages.hand_in import plan_entry
from games.islands.pages.links import url
from games.islands.pages.shared import (
    check_perm,
    messages_of,
    render_page,
    rendered_consistently,
    round_or_404,
    sheet_links,
    show_errors,
)
from games.islands.printing.changes import sheet_changes
from games.islands.selectors.plans import (
    NOTHING_TO_DO,
    hand_in_closed,
    plan_log,
    plans_due_at,
    round_plans,
)
from games.islands.selectors.rounds import RoundOverview, round_overview, round_undoable
from games.islands.services import plans as plan_services
from games.islands.services import rounds as round_services

TEMPLATE = "islands/round.html"


@dataclass(frozen=True)
class Step:
    label: str
    url: str | None
    done: bool
    current: bool = False
    hint: str = ""
    action: str = ""
    children: tuple[dict[str, Any], ...] = field(default=())


def _at_least(round_: Round, status: str) -> bool:
    order = [s.value for s in RoundStatus]
    return order.index(round_.status) >= order.index(status)


def round_steps(round_: Round, overview: RoundOverview, idle: frozenset[int] = frozenset()) -> list[Step]:
    """The evening's steps for one round, each with its link (None: not possible yet); ``idle``: the
    ids of the teams with nothing to do that count as handed in (their empty orders need no typing)."""
    placed = _at_least(round_, RoundStatus.MINIGAME_RECORDED)
    opened = _at_least(round_, RoundStatus.ORDERS_OPEN)
    resolved = _at_least(round_, RoundStatus.RESOLVED)
    closed = _at_least(round_, RoundStatus.CLOSED)
    teams = tuple(
        {
            "team": row.team,
            "colour": style.safe_colour(row.team.colour),
            "stored": row.has_orders,
            # Stored, but no longer passing the check (e.g. the placements changed the AP).
            "stale": row.problems,
            "nothing": row.orders is None and row.team.pk in idle,
            "ap": row.ap,
            "url": url("orders", round_.pk, row.team.pk) if opened else None,
        }
        for row in overview.teams
    )
    stored = sum(1 for t in teams if t["stored"])
    stale = sum(1 for t in teams if t["stale"])
    nothing = sum(1 for t in teams if t["nothing"])
    stored_hint = _("%(stored)d of %(total)d stored") % {"stored": stored, "total": len(teams)}
    if nothing and not resolved:
        stored_hint += ", " + ngettext("%(n)d has nothing to do", "%(n)d have nothing to do", nothing) % {
            "n": nothing
        }
    if stale and not resolved:
        stored_hint += ", " + ngettext("%(n)d no longer fits", "%(n)d no longer fit", stale) % {"n": stale}
    pending = len(overview.pending_telescopes)
    return [
        Step(
            _("Record the placements (AP)"),
            reverse("admin:camp_round_placements", args=[round_.pk]) if round_.placements_editable else None,
            placed,
            current=not placed,
        ),
        Step(
            _("Open the round (draws the pirates' moves)"),
            None,
            opened,
            current=placed and not opened,
            action="open" if placed and not opened else "",
        ),
        Step(
            _("Type in every team's orders"),
            None,
            resolved or (opened and bool(teams) and stored + nothing == len(teams) and not stale),
            current=opened and not resolved,
            hint=stored_hint,
            children=teams,
        ),
        Step(
            _("Resolve the round (preview, then commit)"),
            url("resolve", round_.pk) if opened and not resolved else None,
            resolved,
            current=opened and not resolved,
        ),
        Step(
            _("After the round: telescopes, map hints, notice board, printed sheets"),
            url("after", round_.pk) if resolved else None,
            closed or (resolved and not pending),
            current=resolved and not closed,
            hint=ngettext("%(n)d telescope choice pending", "%(n)d telescope choices pending", pending)
            % {"n": pending}
            if pending
            else "",
        ),
        Step(
            _("Close the round"),
            None,
            closed,
            current=resolved and not closed and not pending,
            action="close" if overview.closable else "",
        ),
    ]


def round_page(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The evening checklist of one round; with htmx only its ``checklist`` partial."""
    round_ = round_or_404(round_id)
    overview = round_overview(round_)
    panel = plans_panel(round_, asked=asked_deadline(request, round_))
    idle = frozenset(p["row"].team.pk for p in panel["plans"] if p["row"].state == NOTHING_TO_DO)
    context = {
        "round": round_,
        "camp": round_.camp,
        "steps": round_steps(round_, overview, idle),
        "overview": overview,
        "can_undo": round_undoable(round_),
        # A round file carries the camp run's seed (pages.round_files.may_export).
        "exportable": _at_least(round_, RoundStatus.ORDERS_OPEN) and may_see_seed(request.user),
        "public_url": reverse("islands_public:notice_board", args=[round_.camp_id]),
        "sheets": sheet_links(request, round_, overview),
        # The teams' links and their QR handouts, for staff who may see them (the page needs it).
        "team_links_url": reverse("admin:islands_teamlink_camp", args=[round_.camp_id])
        if may_see_team_links(request.user)
        else "",
        # Staff only, like the whole page: the changes name every team's cargo and hints. Lazy:
        # the htmx checklist does not build every team's sheet.
        "changes": SimpleLazyObject(lambda: sheet_changes(round_)),
        **panel,
    }
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("%(round)s – the evening") % {"round": round_},
        context=context,
        fragment="checklist",
    )


@require_POST
def round_open(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    check_perm(request)
    round_ = round_or_404(round_id)
    try:
        round_services.round_open(round=round_)
    except IslandsError as exc:
        show_errors(request, exc)
    else:
        messages.success(request, _("%(round)s is open: type in the teams' orders.") % {"round": round_})
    return HttpResponseRedirect(url("page", round_.pk))


@require_POST
def round_close(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Close the round: only with the box "Yes, close the round (cannot be undone)" ticked
    (``confirm``); without it a message and nothing changes. A closed round cannot be undone."""
    check_perm(request)
    round_ = round_or_404(round_id)
    if not ConfirmForm(request.POST).is_ticked():  # the after page says so next to its box
        return HttpResponseRedirect(url("after", round_.pk, unticked="close"))
    try:
        round_services.round_close(round=round_)
    except IslandsError as exc:
        show_errors(request, exc)
        return HttpResponseRedirect(url("after", round_.pk))
    messages.success(request, _("%(round)s is closed.") % {"round": round_})
    return HttpResponseRedirect(url("page", round_.pk))


# ------------------------------------------------------------------------------------ the hand-in panel


def plans_panel(round_: Round, *, asked: str = "") -> dict[str, Any]:
    """What the hand-in panel shows: each team's plan with its time, the deadline and the log;
    ``asked``: a deadline already past staff typed ("19:30"), to ask before it closes the hand-in."""
    due = plans_due_at(round_)
    rows = round_plans(round_)
    alphabet = camp_alphabet(round_.camp)
    return {
        "plans": [plan_entry(round_, row, alphabet, due) for row in rows],
        "plans_shown": round_.status in OPENED_STATUSES,
        "plans_open": round_.status == RoundStatus.ORDERS_OPEN,
        "plans_due": timezone.localtime(due) if due is not None else None,
        "plans_closed": hand_in_closed(due, reopened=False),
        "plans_waiting": sum(1 for row in rows if row.state == PlanState.HANDED_IN),
        "plan_log": plan_log(round_),
        "plans_asked": asked,
    }


def asked_deadline(request: HtmxHttpRequest, round_: Round) -> str:
    """The deadline already past to ask about, from the round page's address (``?deadline=19:30``,
    where a plain post of the deadline goes back to), as the form reads it: "" when there is none,
    it does not read or it is not past (nothing to ask)."""
    text = request.GET.get("deadline")
    if text is None:
        return ""
    form = PlanDeadlineForm({"due": text}, day=round_.date or timezone.localdate())
    due = form.cleaned_data["due"] if form.is_valid() else None
    return timezone.localtime(due).strftime("%H:%M") if due is not None and due <= timezone.now() else ""


def _plans_answer(
    request: HtmxHttpRequest,
    round_id: int,
    model_admin: Any,
    *,
    done: str = "",
    refused: Exception | None = None,
    form: PlanTeamForm | None = None,
    asked: str = "",
) -> HttpResponse:
    """After a button of the panel: with htmx the panel again (saying what happened), else the round
    page with a message (pressed on a team's order page, ``form``: that page). ``asked``: a deadline
    already past, asked about before it is set (the panel's question)."""
    if not request.htmx:
        if asked:
            return HttpResponseRedirect(url("page", round_id, deadline=asked) + "#plans-deadline-confirm")
        if refused is not None:
            show_errors(request, refused)
        else:
            messages.success(request, done)
        return HttpResponseRedirect(_back(round_id, form))

    def panel() -> HttpResponse:
        round_ = round_or_404(round_id)
        context = {
            "round": round_,
            "camp": round_.camp,
            **plans_panel(round_, asked=asked),
            "plans_done": done if refused is None else "",
            "plans_refused": messages_of(refused) if refused is not None else [],
        }
        title = _("%(round)s – the evening") % {"round": round_}
        return render_page(request, model_admin, TEMPLATE, title=title, context=context, fragment="plans")

    return rendered_consistently(panel)


def _back(round_id: int, form: PlanTeamForm | None) -> str:
    """Where a plain press goes back to: the team's order page it was pressed on, else the panel."""
    team_id = form.team_id() if form is not None and form.back_to_orders() else None
    if team_id is not None and Team.objects.filter(pk=team_id, camp__rounds__pk=round_id).exists():
        return url("orders", round_id, team_id) + "#team-plan"
    return url("page", round_id) + "#plans"


def _team(round_: Round, team_id: int | None) -> Team:
    team = Team.objects.filter(pk=team_id, camp_id=round_.camp_id).first() if team_id is not None else None
    if team is None:
        raise IslandsError(_("There is no such team in this camp run."), code="no_team")
    return team


@require_POST
def plan_approve(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    check_perm(request)
    round_ = round_or_404(round_id)
    form = PlanTeamForm(request.POST)
    try:
        team = _team(round_, form.team_id())
        plan_services.plan_approve(round=round_, team=team, user=request.user, version=form.seen_version())
    except IslandsError as exc:
        return _plans_answer(request, round_id, model_admin, refused=exc, form=form)
    done = _("The plan of %(team)s is approved and stored as its orders.") % {"team": team.name}
    return _plans_answer(request, round_id, model_admin, done=done, form=form)


@require_POST
def plans_approve_all(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    check_perm(request)
    round_ = round_or_404(round_id)
    try:
        approved = plan_services.plans_approve_all(round=round_, user=request.user)
    except IslandsError as exc:
        return _plans_answer(request, round_id, model_admin, refused=exc)
    names = ", ".join(plan.team.name for plan in approved)
    done = ngettext(
        "%(n)d plan approved and stored as orders: %(teams)s.",
        "%(n)d plans approved and stored as orders: %(teams)s.",
        len(approved),
    ) % {"n": len(approved), "teams": names}
    return _plans_answer(request, round_id, model_admin, done=done)


@require_POST
def plan_return(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    check_perm(request)
    round_ = round_or_404(round_id)
    form = PlanReturnForm(request.POST)
    try:
        team = _team(round_, form.team_id())
        plan_services.plan_return(
            round=round_, team=team, user=request.user, note=form.note_text(), version=form.seen_version()
        )
    except IslandsError as exc:
        return _plans_answer(request, round_id, model_admin, refused=exc, form=form)
    done = _("The plan of %(team)s is sent back with the note.") % {"team": team.name}
    return _plans_answer(request, round_id, model_admin, done=done, form=form)


@require_POST
def plans_deadline(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    check_perm(request)
    round_ = round_or_404(round_id)
    form = PlanDeadlineForm(request.POST, day=round_.date or timezone.localdate())
    if not form.is_valid():
        refused = IslandsError([str(e) for e in form.errors.get("due", ())], code="due")
        return _plans_answer(request, round_id, model_admin, refused=refused)
    due = form.cleaned_data["due"]
    try:
        plan_services.plans_deadline_set(round=round_, due=due, user=request.user, confirmed=form.confirmed())
    except IslandsError as exc:
        if exc.code == plan_services.DUE_PAST and due is not None:  # ask; the answer posts it again
            asked = timezone.localtime(due).strftime("%H:%M")
            return _plans_answer(request, round_id, model_admin, asked=asked)
        return _plans_answer(request, round_id, model_admin, refused=exc)
    if due is None:
        done = _("The plans have no deadline now.")
    elif due <= timezone.now():
        done = _("The plans were due at %(time)s: the hand-in is closed for every team now.") % {
            "time": timezone.localtime(due).strftime("%H:%M")
        }
    else:
        done = _("The plans are due at %(time)s.") % {"time": timezone.localtime(due).strftime("%H:%M")}
    return _plans_answer(request, round_id, model_admin, done=done)


def _team_plan_act(
    request: HtmxHttpRequest, round_id: int, model_admin: Any, act: Callable[..., object], done: str
) -> HttpResponse:
    """One team's plan changed by staff (``act``, a plans service taking round, team and user);
    ``done`` says it, with ``%(team)s`` for the team's name."""
    check_perm(request)
    round_ = round_or_404(round_id)
    try:
        team = _team(round_, PlanTeamForm(request.POST).team_id())
        act(round=round_, team=team, user=request.user)
    except IslandsError as exc:
        return _plans_answer(request, round_id, model_admin, refused=exc)
    return _plans_answer(request, round_id, model_admin, done=done % {"team": team.name})


@require_POST
def plan_reopen(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    done = _("%(team)s may hand in its plan after the deadline.")
    return _team_plan_act(request, round_id, model_admin, plan_services.plan_reopen, done)


@require_POST
def plan_nothing_undo(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """A team with nothing to do counts as handed in: "Přesto čekat na plán" undoes that for it."""
    done = _("%(team)s is to hand in a plan after all.")
    return _team_plan_act(request, round_id, model_admin, plan_services.plan_nothing_undo, done)


@require_POST
def plan_nothing_restore(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Take the undo back: the team with nothing to do counts as handed in again."""
    done = _("%(team)s counts as handed in again while it has nothing to do.")
    return _team_plan_act(request, round_id, model_admin, plan_services.plan_nothing_restore, done)
