"""Table rows both the staff and the public pages show: the standings, and event lines grouped
under their round and step."""

from __future__ import annotations

from typing import Any

from camp.models import Camp
from games.islands import results
from games.islands.maps import style, svg


def standing_rows(camp: Camp) -> list[dict[str, Any]]:
    """The camp's standings as table rows (nothing private: chests delivered, AP, ships afloat)."""
    return [
        {
            "rank": s.rank,
            "team_id": s.team.pk,
            "team": s.team.name,
            "colour": style.safe_colour(s.team.colour),
            "mark": svg.team_mark_svg(s.team.label, s.team.shape, s.team.colour),
            "delivered": s.delivered,
            "ap_total": s.ap_received,
            "ships": s.ships_afloat,
        }
        for s in results.final_standings(camp)
    ]


def group_events(lines: list[results.EventLine]) -> list[dict[str, Any]]:
    """Event lines grouped under their "when" (round and step), in order."""
    groups: list[dict[str, Any]] = []
    for line in lines:
        if not groups or groups[-1]["title"] != line.when:
            groups.append({"title": line.when, "lines": []})
        cls = "" if line.visibility == "public" else line.visibility
        groups[-1]["lines"].append({"text": line.description, "cls": cls})
    return groups
