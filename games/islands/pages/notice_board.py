"""The public notice board (nástěnka) of a camp run: no login, nothing hidden on it.

The page shows what every team may see (rules, section 8): the public map
(:func:`selectors.maps.map_view_for_public`: hidden hexes carry nothing, ships no cargo), the standings
and the public events of the last resolved round (with what its telescopes revealed). Pirate
draws, hints, cargo and undelivered orders never reach this page.

The board polls itself every 10 s with the version it shows (:func:`selectors.maps.notice_board_version`):
an unchanged board answers 204 (htmx swaps nothing) or, to a plain GET with ``If-None-Match``,
304. ``?projektor`` is the dining-hall screen. The round step by step is :mod:`.replay`.

While a round is open for orders the board lists per team whether its plan is handed in, and the
round's deadline (:func:`hand_in_board`): nothing of the plan, and a draft or a plan sent back reads
exactly as no plan at all (a team never learns that another team is writing one).

Below the events, the feed of what staff changed (:func:`selectors.notices.notice_feed`: a corrected
round, a reopened hand-in, a moved deadline, a renewed team link), newest first, who ("staff") and
when, nothing hidden; the projector shows its newest three as the first group of its events column.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.caches.public_pages import cached_public_page
from camp.models import DONE_STATUSES, Camp, Round, RoundStatus
from camp.pages.base import HtmxHttpRequest
from games.islands import results
from games.islands.maps import style, svg
from games.islands.models.plans import PlanState
from games.islands.pages.rows import group_events, standing_rows
from games.islands.selectors.board import board_setup
from games.islands.selectors.maps import map_view_for_public, notice_board_version
from games.islands.selectors.notices import FeedLine, notice_feed
from games.islands.selectors.plans import ENTERED_BY_STAFF, NOTHING_TO_DO, plans_due_at, round_plans
from games.islands.selectors.rounds import round_result

TEMPLATE = "islands/notice_board.html"
#: Seconds between two polls of the notice board.
POLL_SECONDS = 10
#: The plan states the hall reads as "handed in" (on screen, on paper, approved, or orders typed by
#: staff); any other (none, draft, returned) reads "not handed in", the same bytes for each.
HANDED_IN = frozenset(
    {PlanState.HANDED_IN, PlanState.PAPER, PlanState.APPROVED, ENTERED_BY_STAFF, NOTHING_TO_DO}
)
#: The feed's newest lines the projector shows, first in its events column (paged with the events,
#: so the feed never takes their room nor is cut).
PROJECTOR_FEED_LINES = 3


@cached_public_page
def notice_board(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    camp = get_object_or_404(Camp, pk=camp_id)
    version = f"{notice_board_version(camp)}-{get_language()}"
    etag = f'"{version}"'
    htmx = getattr(request, "htmx", False)
    if htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    if not htmx and etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
        response["ETag"] = etag
        return response
    last = Round.objects.filter(camp=camp, status__in=DONE_STATUSES).order_by("-number").first()
    result = round_result(last) if last is not None else None
    has_board = board_setup(camp) is not None
    projector = "projektor" in request.GET
    standings, hand_in = standing_rows(camp), hand_in_board(camp)
    if hand_in is not None:  # the projector shows it as a column of the standings: room for the events
        handed_in = {row["team_id"]: row["handed_in"] for row in hand_in["teams"]}
        nothing = {row["team_id"] for row in hand_in["teams"] if row["nothing"]}
        for row in standings:
            row["handed_in"] = handed_in.get(row["team_id"], False)
            row["nothing"] = row["team_id"] in nothing
    public_map = map_view_for_public(camp) if has_board else None
    events = (
        group_events(results.events_with_telescopes(result, viewer="public")) if result is not None else []
    )
    feed = notice_feed(camp)
    if projector and feed:  # its lines go first in the events column, paged with them: no room of its own
        events = [feed_group(feed[:PROJECTOR_FEED_LINES]), *events]
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
        "standings": standings,
        "hand_in": hand_in,
        "events": events,
        "feed": feed,
    }
    name = f"{TEMPLATE}#board" if htmx else TEMPLATE
    response = render(request, name, context)
    response["ETag"] = etag
    return response


def feed_group(lines: list[FeedLine]) -> dict[str, Any]:
    """The feed's lines as a group of the events column (the projector's), under their heading."""
    return {
        "title": _("What staff changed"),
        "lines": [{"text": f"{line.when} {line.text}", "cls": "zo-feed-line"} for line in lines],
    }


def projector_fonts(side: int) -> dict[str, str]:
    """The projector's font sizes of the map's texts, for its CSS (see ``svg.projector_text_size``)."""
    size = svg.projector_text_size(side)
    mark = max(size, style.PROJECTOR_MARK)
    return {"label": f"{size:.1f}px", "mark": f"{mark:.1f}px", "ship": f"{size:.1f}px"}


def hand_in_board(camp: Camp) -> dict[str, Any] | None:
    """Who has handed in the plan of the round open for orders (None: no round is): the round's
    number, its deadline as the hall reads it ("19:30", "" when none) and per team, in seat order,
    its mark, name and whether it handed in (``nothing``: it counts as handed in, having nothing to
    do: "nemá tah"). A bounded number of queries, whatever the number of teams."""
    open_round = Round.objects.filter(camp=camp, status=RoundStatus.ORDERS_OPEN).order_by("number").first()
    if open_round is None:
        return None
    due = plans_due_at(open_round)
    return {
        "number": open_round.number,
        "due": time_format(timezone.localtime(due), "H:i") if due is not None else "",
        "teams": [
            {
                "team_id": row.team.pk,
                "team": row.team.name,
                "mark": svg.team_mark_svg(row.team.label, row.team.shape, row.team.colour),
                "handed_in": row.state in HANDED_IN,
                "nothing": row.state == NOTHING_TO_DO,
            }
            for row in round_plans(open_round)
        ],
    }
