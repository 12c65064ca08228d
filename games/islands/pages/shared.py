"""What the staff pages of a Golden Islands round share: the permissions, the reads of one moment,
the round a page is about, a refusal's messages, the page in the admin's frame and the print buttons
(the file answers are :mod:`camp.pages.base`'s)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import SimpleTemplateResponse

from camp.caches.request_memo import consistent_reads
from camp.models import Round
from camp.pages.base import HtmxHttpRequest, render_admin_page
from games.islands.maps import style
from games.islands.pages.links import url
from games.islands.printing.data import SheetsUnavailable, sheet_rounds
from games.islands.selectors.rounds import RoundOverview

#: Writing the game's state (open, orders, resolve, telescopes, undo, close, import).
PERMISSION = "islands.change_teamorders"
#: Who may read these pages (the staff map: hidden tiles, cargo, pirate draws; the round file).
#: ``IslandsRoundAdmin`` checks it for every page; the writes check :data:`PERMISSION` as well.
READ_PERMISSIONS = ("islands.view_islandsround", "islands.change_islandsround", PERMISSION)


def check_perm(request: HtmxHttpRequest, permission: str = PERMISSION) -> None:
    """403 unless the user may write the game's state (:data:`PERMISSION`; the board set-up's own
    ``permission``)."""
    if not request.user.has_perm(permission):
        raise PermissionDenied


def read_consistently(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A page asked for with GET (or HEAD) reads the rows of one moment and is rendered from them
    (:func:`camp.caches.request_memo.consistent_reads`): while a resolve, undo or close commits in another
    thread it shows the round as it was before or as it is after, never half of each (a resolved
    round without its result was a 500). A POST writes through a service, outside such a read; the
    page it shows again reads in one of its own (:func:`rendered_consistently`)."""

    @wraps(view)
    def reading(request: HtmxHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return view(request, *args, **kwargs)
        return rendered_consistently(lambda: view(request, *args, **kwargs))

    return reading


def rendered_consistently(page: Callable[[], HttpResponse]) -> HttpResponse:
    """``page()`` read and rendered inside one :func:`consistent_reads` (a template answer is
    rendered there, not after the view returns: its template reads rows too)."""
    with consistent_reads():
        response = page()
        if isinstance(response, SimpleTemplateResponse) and not response.is_rendered:
            response.render()
    return response


def round_or_404(round_id: int) -> Round:
    """The round of a page, with its camp (404 if there is none)."""
    return get_object_or_404(Round.objects.select_related("camp"), pk=round_id)


def messages_of(exc: Exception) -> list[str]:
    """What a refusal says: every message of a ``ValidationError`` (``IslandsError``), else its text."""
    return list(getattr(exc, "messages", None) or [str(exc)])


def show_errors(request: HtmxHttpRequest, exc: Exception) -> None:
    """Every message of a refusal as an error message of the next page."""
    for message in messages_of(exc):
        messages.error(request, message)


def render_page(
    request: HtmxHttpRequest,
    model_admin: admin.ModelAdmin,  # type: ignore[type-arg]
    template: str,
    *,
    title: str,
    context: dict[str, Any],
    fragment: str | None,
    status: int = 200,
) -> HttpResponse:
    """A staff page in the admin's frame; with htmx only its ``fragment`` partial."""
    return render_admin_page(
        request,
        model_admin=model_admin,
        template=template,
        title=title,
        context=context,
        fragment=fragment,
        status=status,
    )


def sheet_links(request: HtmxHttpRequest, round_: Round, overview: RoundOverview) -> dict[str, Any]:
    """The print buttons of the round page: available only from the round of the current state."""
    try:
        sheet_rounds(round_)
    except SheetsUnavailable as exc:
        return {"available": False, "why": str(exc)}
    return {
        "available": True,
        "all": url("sheets", round_.pk),
        "teams": [
            {
                "team": row.team,
                "colour": style.safe_colour(row.team.colour),
                "url": url("sheet", round_.pk, row.team.pk),
            }
            for row in overview.teams
        ],
        "master": url("master", round_.pk),
        "notice": url("notice", round_.pk),
        "evening": url("evening", round_.pk),
    }


def sheets_refused(request: HtmxHttpRequest, round_: Round, exc: SheetsUnavailable) -> HttpResponse:
    """Why the sheets cannot be printed from this round, back on the round page."""
    messages.error(request, str(exc))
    return HttpResponseRedirect(url("page", round_.pk))
