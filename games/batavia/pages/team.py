"""A team's private page, reached by the unguessable link ``/batavia/t/<token>/`` (no login).

It shows the team's own hand and bills (from the engine's ``private_view`` only) and exactly the
forms of what the team may do now; while another player acts it waits and refreshes by itself
(htmx polls with the version it shows; an unchanged game answers 204 and nothing is redrawn).
A revoked or unknown link gets a friendly "not found" page. Every POST is checked by the services;
anything wrong gives a message and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from camp.pages.base import HtmxHttpRequest
from games.batavia import selectors, services
from games.batavia.engine import private_view
from games.batavia.errors import BataviaServiceError
from games.batavia.forms import ActionForm, CardCountsForm, FormProblem, parse_counts
from games.batavia.models import BataviaSeat, SessionStatus
from games.batavia.pages.shared import POLL_SECONDS, unchanged_poll
from games.batavia.pages.template_data import action_options, play_preview, private_context, text_colour


def _not_found(request: HtmxHttpRequest) -> HttpResponse:
    response = render(request, "batavia/team_missing.html", {}, status=404)
    response["X-Robots-Tag"] = "noindex"
    return response


def _seat(token: str) -> BataviaSeat | None:
    seat = selectors.seat_by_token(token)
    if seat is None or not seat.link_active:
        return None
    return seat


def team_context(
    seat: BataviaSeat, *, message: str = "", posted: dict[str, Any] | None = None, success: str = ""
) -> dict[str, Any]:
    """What the team page shows: the private view of this seat's player and its forms."""
    session = seat.session
    state = selectors.session_state(session)
    ctx: dict[str, Any] = {
        "seat": seat,
        "session": session,
        "team": seat.team,
        "team_ink": text_colour(seat.team.colour),
        "version": session.version,
        "message": message,
        "success": success,
        "posted": posted or {},
        "poll_seconds": POLL_SECONDS,
        "status": session.status,
        "started": session.status != SessionStatus.SETUP,
    }
    if state is None:
        return ctx
    name = state.names[seat.number]
    ctx["game"] = private_context(private_view(state, name), selectors.team_colours(session))
    options = action_options(state, seat.number) if ctx["started"] else {"kind": "wait"}
    if seat.bot and options["kind"] in ("bid", "turn"):
        options = {"kind": "wait"}
    ctx["options"] = options
    if options["kind"] == "turn" and options["can_play"]:
        counts = {}
        if posted:
            try:
                counts = parse_counts(posted)  # type: ignore[arg-type]
            except FormProblem:
                counts = {}
        ctx["preview"] = play_preview(state, seat.number, counts) if any(counts.values()) else None
        ctx["counts"] = counts
    return ctx


@never_cache
@require_http_methods(["GET", "POST"])
def team_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    seat = _seat(token)
    if seat is None:
        return _not_found(request)
    session = seat.session
    if request.method == "GET":
        if (unchanged := unchanged_poll(request, session)) is not None:
            return unchanged
        template = "batavia/team.html#live" if request.htmx else "batavia/team.html"
        success = _("Done.") if request.GET.get("done") else ""
        return render(request, template, team_context(seat, success=success))

    form = ActionForm(request.POST)
    message = form.problem if not form.is_valid() else ""
    if not message:
        try:
            services.session_act(
                session=session,
                seat=seat.number,
                action=form.cleaned_data["action"],
                version=form.cleaned_data["version"],
            )
        except BataviaServiceError as error:
            message = error.text
            session.refresh_from_db()
        else:
            return HttpResponseRedirect(f"{request.path}?done=1")
    return render(request, "batavia/team.html", team_context(seat, message=message, posted=request.POST))


@never_cache
@require_http_methods(["POST"])
def team_play_check(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """htmx: the live check of the cards picked to lay (writes nothing)."""
    seat = _seat(token)
    if seat is None:
        return _not_found(request)
    ctx = team_context(seat, posted=request.POST)
    form = CardCountsForm(request.POST)
    if not form.is_valid():
        ctx["preview"] = None
        ctx["check_problem"] = form.problem
    return render(request, "batavia/_actions.html#play-check", ctx)
