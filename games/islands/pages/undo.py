"""Undo of the last resolved round: a confirmation page, then ``round_services.round_undo`` (the
orders stay)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from camp.models import Round
from camp.pages.base import HtmxHttpRequest
from games.islands.errors import IslandsError
from games.islands.forms.shared import ConfirmForm
from games.islands.pages.links import url
from games.islands.pages.shared import (
    check_perm,
    render_page,
    round_or_404,
    show_errors,
)
from games.islands.printing.changes import sheets_shown
from games.islands.selectors.rounds import round_undoable
from games.islands.services import rounds as round_services

TEMPLATE = "islands/round_undo.html"


def undo_page(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """GET: what undoing does, with a confirmation box (htmx: the ``confirm`` partial).
    POST with ``confirm``: ``round_services.round_undo``; the orders stay."""
    round_ = round_or_404(round_id)
    refusal = ""
    if request.method == "POST":
        check_perm(request)
        if not ConfirmForm(request.POST).is_ticked():
            refusal = _("Tick the box to confirm the undo.")  # next to the box; nothing changed
        else:
            return _undo(request, round_)
    context = {
        "round": round_,
        "camp": round_.camp,
        "here": _("Undo"),
        "can_undo": round_undoable(round_),
        "refusal": refusal,
    }
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("Undo %(round)s") % {"round": round_},
        context=context,
        fragment="confirm",
        status=400 if refusal else 200,
    )


def _undo(request: HtmxHttpRequest, round_: Round) -> HttpResponse:
    try:
        round_services.round_undo(round=round_, user=request.user, shown=sheets_shown)
    except IslandsError as exc:
        show_errors(request, exc)
        return HttpResponseRedirect(url("page", round_.pk))
    messages.success(
        request,
        _("%(round)s is undone: the board is as it was before it. The orders are kept.") % {"round": round_},
    )
    return HttpResponseRedirect(url("page", round_.pk))
