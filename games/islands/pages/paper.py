"""The staff's "Paper plan" page: a team's paper order form handed in, looked up by the code on it
(typed, or its QR code scanned: the QR carries this page's address with the code, and the
camera's reading in static/js/zo-paper.js sends the same form). A valid code opens the team's order
page of the round; a wrong one is named (a typo, another camp run's, a round not open) and opens
nothing. The lookup itself records nothing."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from games.islands.errors import PaperCodeRefused
from games.islands.forms import PaperCodeForm
from games.islands.pages.links import url
from games.islands.pages.shared import check_perm, messages_of, render_page
from games.islands.paper import paper_lookup

TEMPLATE = "islands/paper_plan.html"


def paper_page(request: HttpRequest, *, model_admin: Any) -> HttpResponse:
    """GET: the code field; with ``?code=`` (typed, or the QR code's address): that team's order
    page of the round, or the page again with what is wrong with the code."""
    check_perm(request)  # handing a plan in is entering orders
    typed = PaperCodeForm(request.GET).typed()
    problems: list[str] = []
    if typed is not None:
        try:
            plan = paper_lookup(typed)
        except PaperCodeRefused as exc:
            problems = messages_of(exc)
        else:
            # The plan's hand-in on paper is recorded here, by the plans' service, before the redirect.
            messages.success(
                request,
                _("Paper plan of %(team)s for round %(round)d: type it in and save it.")
                % {"team": plan.team.name, "round": plan.round.number},
            )
            return HttpResponseRedirect(url("orders", plan.round.pk, plan.team.pk))
    context = {"code": typed or "", "problems": problems}
    return render_page(request, model_admin, TEMPLATE, title=_("Paper plan"), context=context, fragment=None)
