"""What the staff pages of a Batavia game share: the session a page is about (404 when there is
none, 403 without the permission), POST only, the game master's address (and the way back to it
with a refusal), the poll interval and its "nothing changed" answer, and the sentence of recorded
placements."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest
from games.batavia import selectors
from games.batavia.models import BataviaSession

#: How often the live pages ask whether the game changed (htmx polls with the version they show).
POLL_SECONDS = 3


def session_for_page(
    request: HtmxHttpRequest,
    pk: int,
    *,
    model_admin: admin.ModelAdmin[Any],
    change: bool = False,
) -> BataviaSession:
    """The session of a staff page, if the user may view it (or change it, with ``change``)."""
    session = selectors.session_by_pk(pk)
    if session is None:
        raise Http404(_("No such Batavia game."))
    allowed = (
        model_admin.has_change_permission(request, session)
        if change
        else model_admin.has_view_permission(request, session)
    )
    if not allowed:
        raise PermissionDenied
    return session


def require_post(request: HtmxHttpRequest) -> None:
    if request.method != "POST":
        raise Http404


def master_url(session: BataviaSession) -> str:
    return reverse("admin:batavia_bataviasession_master", args=[session.pk])


def back_to_master(request: HtmxHttpRequest, session: BataviaSession, refusal: str) -> HttpResponse:
    """Back on the game master's page, the ``refusal`` on top (nothing was changed)."""
    messages.error(request, refusal)
    return HttpResponseRedirect(master_url(session))


def unchanged_poll(request: HtmxHttpRequest, session: BataviaSession) -> HttpResponse | None:
    """204 to an htmx poll that already shows the game's version (htmx keeps the page as it is)."""
    if request.htmx and request.GET.get("v") == str(session.version):
        return HttpResponse(status=204)
    return None


def placements_summary(ranks: dict[int, int], names: dict[int, str]) -> str:
    """``1. Červení, 2. Modří`` from the ranks by team id and the teams' names."""
    return ", ".join(f"{rank}. {names[tid]}" for tid, rank in sorted(ranks.items(), key=lambda kv: kv[1]))
