"""Resolving a round: the preview of the whole round (nothing stored; the staff log, the board
after, the standings, orders that no longer fit), then "Commit" (``round_services.round_resolve``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Round, RoundStatus, Team
from camp.pages.base import HtmxHttpRequest
from games.islands import results
from games.islands.engine import events as ee
from games.islands.engine.orders import team_nothing_to_order
from games.islands.errors import IslandsError
from games.islands.maps import style, svg
from games.islands.models.rounds import RoundResult
from games.islands.pages.links import url
from games.islands.pages.rows import group_events
from games.islands.pages.shared import (
    check_perm,
    messages_of,
    render_page,
    round_or_404,
    show_errors,
)
from games.islands.selectors.rounds import RoundPreviewData, round_preview
from games.islands.services import rounds as round_services

TEMPLATE = "islands/round_resolve.html"


def resolve_page(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """GET: the preview of the round (nothing stored; htmx: the ``preview`` partial).
    POST: commit it (``round_services.round_resolve``); a second press is a message, not an error."""
    round_ = round_or_404(round_id)
    if request.method == "POST":
        check_perm(request)
        try:
            round_services.round_resolve(round=round_, user=request.user)
        except IslandsError as exc:
            show_errors(request, exc)
            round_.refresh_from_db()
            if round_.status in DONE_STATUSES:
                return HttpResponseRedirect(url("after", round_.pk))
            return HttpResponseRedirect(url("resolve", round_.pk))
        messages.success(
            request, _("%(round)s is resolved. Now the telescopes and the map hints.") % {"round": round_}
        )
        return HttpResponseRedirect(url("after", round_.pk))

    context: dict[str, Any] = {"round": round_, "camp": round_.camp, "here": _("Resolve")}
    if round_.status in DONE_STATUSES:
        context["already"] = True
    elif round_.status != RoundStatus.ORDERS_OPEN:
        context["not_open"] = True
    else:
        try:
            preview = round_preview(round=round_)
        except IslandsError as exc:
            context["preview_error"] = messages_of(exc)
        else:
            context.update(_preview_context(round_, preview))
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("Resolve %(round)s") % {"round": round_},
        context=context,
        fragment="preview",
    )


def _preview_context(round_: Round, preview: RoundPreviewData) -> dict[str, Any]:
    """The preview: the staff event log grouped by step, the board after, standings, problems."""
    g = preview.state.geometry
    unsaved = RoundResult(round=round_, events=[ee.event_document(g, e) for e in preview.result.events])
    teams = {t.name: t for t in Team.objects.filter(camp_id=round_.camp_id)}
    before = {t.name: t for t in preview.state.teams}
    idle = {
        name
        for name, orders in preview.orders.items()
        if name in before and team_nothing_to_order(before[name], orders.ap)
    }
    ships_after = {t.name: len(t.ships) for t in preview.result.state.teams}
    standings = []
    for i, s in enumerate(preview.result.standings, start=1):
        team = teams.get(s.team)
        standings.append(
            {
                "rank": i,
                "team": s.team,
                "colour": style.safe_colour(team.colour if team else ""),
                "delivered": s.delivered,
                "ap_total": s.ap_total,
                "ships": ships_after.get(s.team, 0),
            }
        )
    team_problems = []
    for name, problems in preview.problems.items():
        team = teams.get(name)
        for problem in problems:
            team_problems.append(
                {
                    "team": name,
                    "message": problem.team_message,  # the row names the team
                    "url": url("orders", round_.pk, team.pk) if team else None,
                }
            )
    team_warnings = [
        {
            "team": name,
            "messages": warnings,
            "url": url("orders", round_.pk, teams[name].pk) if name in teams else None,
        }
        for name, warnings in preview.warnings.items()
    ]
    return {
        "team_warnings": team_warnings,
        "events": group_events(results.result_events(unsaved, viewer="staff")),
        "map_svg": svg.render_svg(preview.map),
        "team_key": svg.team_key(preview.map),
        "legend": style.legend(staff=True),
        "standings": standings,
        "team_problems": team_problems,
        # A team with nothing to order is not missing: its empty orders are all it could hand in.
        "missing": [name for name in preview.missing if name not in idle],
        "nothing": [name for name in preview.missing if name in idle],
    }
