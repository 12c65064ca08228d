"""The evening checklist of one round (placements → open → orders per team → resolve → after →
close), with undo of the last resolved round, the export of the round file and the print buttons;
and the two steps taken from it: open the round, close it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from camp.models import Round, RoundStatus
from games.islands import selectors
from games.islands.errors import IslandsError
from games.islands.forms import ConfirmForm
from games.islands.maps import style
from games.islands.pages.links import url
from games.islands.pages.shared import (
    check_perm,
    render_page,
    round_or_404,
    sheet_links,
    show_errors,
)
from games.islands.printing.changes import sheet_changes
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


def round_steps(round_: Round, overview: selectors.RoundOverview) -> list[Step]:
    """The evening's steps for one round, each with its link (None: not possible yet)."""
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
            "ap": row.ap,
            "url": url("orders", round_.pk, row.team.pk) if opened else None,
        }
        for row in overview.teams
    )
    stored = sum(1 for t in teams if t["stored"])
    stale = sum(1 for t in teams if t["stale"])
    stored_hint = _("%(stored)d of %(total)d stored") % {"stored": stored, "total": len(teams)}
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
            resolved or (opened and bool(teams) and stored == len(teams) and not stale),
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


def round_page(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The evening checklist of one round; with htmx only its ``checklist`` partial."""
    round_ = round_or_404(round_id)
    overview = selectors.round_overview(round_)
    context = {
        "round": round_,
        "camp": round_.camp,
        "steps": round_steps(round_, overview),
        "overview": overview,
        "can_undo": selectors.round_undoable(round_),
        "exportable": _at_least(round_, RoundStatus.ORDERS_OPEN),
        "public_url": reverse("islands_public:notice_board", args=[round_.camp_id]),
        "sheets": sheet_links(request, round_, overview),
        # Staff only, like the whole page: the changes name every team's cargo and hints. Lazy:
        # the htmx checklist does not build every team's sheet.
        "changes": SimpleLazyObject(lambda: sheet_changes(round_)),
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
def round_open(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
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
def round_close(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
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
