"""The public notice board (nástěnka) of a camp run: no login, nothing hidden on it.

The page shows what every team may see (rules, section 8): the public map
(:func:`selectors.map_view_for_public`: hidden hexes carry nothing, ships no cargo), the standings
and the public events of the last resolved round (with what its telescopes revealed). Pirate
draws, hints, cargo and undelivered orders never reach this page.

The board polls itself every 10 s with the version it shows (:func:`selectors.notice_board_version`):
an unchanged board answers 204 (htmx swaps nothing) or, to a plain GET with ``If-None-Match``,
304. ``?projektor`` is the dining-hall screen. The round step by step is :mod:`.replay`.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language

from camp.models import DONE_STATUSES, Camp, Round
from camp.public_cache import cached_public_page
from games.islands import results, selectors
from games.islands.maps import style, svg
from games.islands.pages.rows import group_events, standing_rows

TEMPLATE = "islands/notice_board.html"
#: Seconds between two polls of the notice board.
POLL_SECONDS = 10


@cached_public_page
def notice_board(request: HttpRequest, camp_id: int) -> HttpResponse:
    camp = get_object_or_404(Camp, pk=camp_id)
    version = f"{selectors.notice_board_version(camp)}-{get_language()}"
    etag = f'"{version}"'
    htmx = getattr(request, "htmx", False)
    if htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    if not htmx and etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
        response["ETag"] = etag
        return response
    last = Round.objects.filter(camp=camp, status__in=DONE_STATUSES).order_by("-number").first()
    result = selectors.round_result(last) if last is not None else None
    has_board = selectors.board_setup(camp) is not None
    projector = "projektor" in request.GET
    public_map = selectors.map_view_for_public(camp) if has_board else None
    context = {
        "camp": camp,
        "last_round": last,
        "version": version,
        "projector": projector,
        "poll_ms": POLL_SECONDS * 1000,
        "replay_round": last if result is not None else None,
        "map_svg": svg.render_svg(
            public_map,
            text_size=svg.projector_text_size(camp.board_side) if projector else None,
        )
        if public_map is not None
        else None,
        "projector_fonts": projector_fonts(camp.board_side),
        "legend": style.legend(staff=False),
        "team_key": svg.team_key(public_map) if public_map is not None else [],
        "standings": standing_rows(camp),
        "events": group_events(results.events_with_telescopes(result, viewer="public"))
        if result is not None
        else [],
    }
    name = f"{TEMPLATE}#board" if htmx else TEMPLATE
    response = render(request, name, context)
    response["ETag"] = etag
    return response


def projector_fonts(side: int) -> dict[str, str]:
    """The projector's font sizes of the map's texts, for its CSS (see ``svg.projector_text_size``)."""
    size = svg.projector_text_size(side)
    mark = max(size, style.PROJECTOR_MARK)
    return {"label": f"{size:.1f}px", "mark": f"{mark:.1f}px", "ship": f"{size:.1f}px"}
