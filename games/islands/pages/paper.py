"""The staff's "Paper plan" page: a team's paper order form handed in, looked up by the code on it.

Typed (or read by the camera: static/js/zo-paper.js fills in the same form), the code is posted and
opens the team's order page of the round. The QR code on the form carries this page's address with
the code: opened (a GET, which never writes: phones and browsers open scanned addresses ahead), it
shows whose plan it is with one button that posts it. A wrong code is named (a typo, another camp
run's, a round not open) and opens nothing. Posting it records the plan as handed in on paper
(``plans.plan_paper_received``)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest
from games.islands.errors import IslandsError, PaperCodeRefused
from games.islands.forms.plans import PaperCodeForm
from games.islands.pages.links import url
from games.islands.pages.shared import check_perm, messages_of, render_page
from games.islands.paper import PaperPlan, paper_lookup
from games.islands.services import plans

TEMPLATE = "islands/paper_plan.html"


def paper_page(request: HtmxHttpRequest, *, model_admin: Any) -> HttpResponse:
    """GET: the code field (``?code=``, the QR code's address: whose plan it is, to open); POST: the
    code's team's order page of the round, or the page again with what is wrong with the code."""
    check_perm(request)  # handing a plan in is entering orders
    data = request.POST if request.method == "POST" else request.GET
    typed = PaperCodeForm(data).typed()
    plan: PaperPlan | None = None
    problems: list[str] = []
    if typed is not None:
        try:
            plan = paper_lookup(typed)
        except PaperCodeRefused as exc:
            problems = messages_of(exc)
    if plan is not None and request.method == "POST":
        try:
            plans.plan_paper_received(round=plan.round, team=plan.team, user=request.user)
        except IslandsError as exc:  # handed in on screen already, or approved: said on the page
            problems = messages_of(exc)
        else:
            return _opened(request, plan)
    context = {"code": typed or "", "problems": problems, "plan": plan}
    return render_page(request, model_admin, TEMPLATE, title=_("Paper plan"), context=context, fragment=None)


def _opened(request: HtmxHttpRequest, plan: PaperPlan) -> HttpResponse:
    messages.success(
        request,
        _("Paper plan of %(team)s for round %(round)d: type it in and save it.")
        % {"team": plan.team.name, "round": plan.round.number},
    )
    return HttpResponseRedirect(url("orders", plan.round.pk, plan.team.pk))
