"""The fair deal of a camp run's board (rozdat férovou mapu): starting one, its progress fragment
(the board page polls it while the search runs) and accepting the board it found. The section
itself is the board page's (``board_setup.html#deal``, its context ``rehearsal_runs.deal_context``);
cancelling is a rehearsal's (a deal is a rehearsal row of kind ``deal``). Wired in
``admin.BoardSetupAdmin.get_urls``; staff with the board permission only (a deal reveals the board).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from camp.models import Camp
from camp.pages.base import HtmxHttpRequest
from games.islands.errors import IslandsError
from games.islands.forms.board import DealAcceptForm
from games.islands.models.rehearsals import Rehearsal, RehearsalKind
from games.islands.pages.rehearsal_runs import PERMISSION, deal_context, newest_deal
from games.islands.pages.shared import check_perm, show_errors
from games.islands.selectors.board import board_setup
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services

TEMPLATE = "islands/board_setup.html"


def _camp(request: HtmxHttpRequest, camp_id: int) -> Camp:
    check_perm(request, PERMISSION)
    return get_object_or_404(Camp, pk=camp_id)


def _board_page(camp: Camp) -> str:
    return reverse("admin:islands_boardsetup_camp", args=[camp.pk]) + "#deal"


@require_POST
def deal_start(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Start a fair deal in the background; a refusal (the game on, impossible settings, another
    run busy) is said on the board page and nothing is stored."""
    camp = _camp(request, camp_id)
    try:
        rehearsal_services.deal_start(camp=camp, user=request.user)
    except IslandsError as exc:
        show_errors(request, exc)
    else:
        messages.success(request, _("The fair deal has started; it runs in the background."))
    return HttpResponseRedirect(_board_page(camp))


@require_GET
def deal_progress(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """The deal's fragment (htmx polls it); followed as a plain link, the board page."""
    camp = _camp(request, camp_id)
    if not request.htmx:
        return HttpResponseRedirect(_board_page(camp))
    context = {"camp": camp, **deal_context(camp, newest_deal(camp)), **_accept_context(camp)}
    return render(request, f"{TEMPLATE}#deal", context)


def _accept_context(camp: Camp) -> dict[str, object]:
    setup = board_setup(camp)
    return {"replacing": setup is not None, "can_generate": not (setup and setup.game_started)}


@require_POST
def deal_accept(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Store the board the deal found (the deal comes back with the form; replacing a board needs
    the box ticked)."""
    camp = _camp(request, camp_id)
    form = DealAcceptForm(request.POST)
    deal = None
    if form.is_valid():
        deals = Rehearsal.objects.filter(camp=camp, kind=RehearsalKind.DEAL)
        deal = deals.filter(pk=form.cleaned_data["deal"]).first()
    if deal is None:
        messages.error(request, _("Choose a fair deal of this camp run."))
        return HttpResponseRedirect(_board_page(camp))
    if board_setup(camp) is not None and not form.cleaned_data["replace"]:
        messages.error(request, _("Tick “replace the current board” to replace it (hand edits are lost)."))
        return HttpResponseRedirect(_board_page(camp))
    try:
        board_services.board_deal_accept(camp=camp, deal=deal)
    except IslandsError as exc:
        show_errors(request, exc)
        return HttpResponseRedirect(_board_page(camp))
    messages.success(request, _("The fair board has been stored; every hex is hidden."))
    return HttpResponseRedirect(reverse("admin:islands_boardsetup_camp", args=[camp.pk]))
