"""The public notice board (nástěnka) of a camp run: no login, nothing hidden on it.

The page shows what every team may see (rules, section 8): the public map
(:func:`selectors.map_view_for_public`: hidden hexes carry nothing, ships no cargo), the standings
and the public events of the last resolved round. Pirate draws, hints, telescope choices, cargo
and undelivered orders never reach this page.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from camp.models import DONE_STATUSES, Camp, Round
from games.islands import results, selectors
from games.islands.maps import style, svg

TEMPLATE = "islands/notice_board.html"


def standing_rows(camp: Camp) -> list[dict[str, Any]]:
    """The camp's standings as table rows (nothing private: chests delivered, AP, ships afloat)."""
    return [
        {
            "rank": s.rank,
            "team": s.team.name,
            "colour": style.safe_colour(s.team.colour),
            "delivered": s.delivered,
            "ap_total": s.ap_received,
            "ships": s.ships_afloat,
        }
        for s in results.final_standings(camp)
    ]


def notice_board(request: HttpRequest, camp_id: int) -> HttpResponse:
    camp = get_object_or_404(Camp, pk=camp_id)
    last = Round.objects.filter(camp=camp, status__in=DONE_STATUSES).order_by("-number").first()
    result = selectors.round_result(last) if last is not None else None
    has_board = selectors.board_setup(camp) is not None
    context = {
        "camp": camp,
        "last_round": last,
        "map_svg": svg.render_svg(selectors.map_view_for_public(camp)) if has_board else None,
        "legend": style.legend(staff=False),
        "standings": standing_rows(camp),
        "events": group_events(results.result_events(result, viewer="public")) if result is not None else [],
    }
    name = f"{TEMPLATE}#board" if getattr(request, "htmx", False) else TEMPLATE
    return render(request, name, context)


def group_events(lines: list[results.EventLine]) -> list[dict[str, Any]]:
    """Event lines grouped under their "when" (round and step), in order."""
    groups: list[dict[str, Any]] = []
    for line in lines:
        if not groups or groups[-1]["title"] != line.when:
            groups.append({"title": line.when, "lines": []})
        cls = "" if line.visibility == "public" else line.visibility
        groups[-1]["lines"].append({"text": line.description, "cls": cls})
    return groups
