"""A team's own live page, reached by its private link ``/tym/<token>/`` (no login): the view
(:mod:`.team_link`: the map and the rest of what the team's sheet shows, live) and, while the round
is open for orders, the team's plan form (:mod:`.team_plan`), rendered beside the view, never in it.
A pending telescope is chosen on its own page (:mod:`.team_telescope`).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from camp.pages.base import HtmxHttpRequest
from games.islands.pages.team_link import (
    REFERRER_POLICY,
    TEMPLATE,
    not_found,
    readable_link,
    unchanged_poll,
    view_context,
)
from games.islands.pages.team_plan import PlanDesk, plan_context, plan_watch_context


@never_cache
@require_GET
def team_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    if request.headers.get("HX-Request") == "true" and unchanged_poll(token, request.GET.get("v")):
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    link = readable_link(token)
    if link is None:
        return not_found(request)
    ctx = view_context(link)
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and request.GET.get("v") == ctx["version"]:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    if not htmx:  # ``done``: back from a press of the plan form that was taken
        done = _("Saved.") if request.GET.get("done") == "1" else ""
        ctx.update(plan_context(PlanDesk.read(link), done=done))
        ctx.update(plan_watch_context(link))
    response = render(request, f"{TEMPLATE}#live" if htmx else TEMPLATE, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY  # the token is in the address
    return response
