"""The notice board's feed of what staff changed (:class:`PublicNotice`), read for the hall; and what
the hall sees of each team after a round, to tell which teams a corrected round changed."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from camp.models import Camp, Team
from games.islands.models.board import Harbor, Ship
from games.islands.models.notices import PublicNotice
from games.islands.models.rounds import RoundResult
from games.islands.words.notices import notice_text, notice_when

#: How many lines of the feed the notice board shows (newest first).
FEED_LINES = 10


@dataclass(frozen=True)
class FeedLine:
    """One line of the feed as the board shows it, in the reader's language."""

    #: The moment, ISO 8601 (the ``<time>``'s ``datetime``).
    at: str
    #: "21:14" (with the day for a line of an earlier day than the newest).
    when: str
    text: str


def notice_feed(camp: Camp, *, limit: int = FEED_LINES) -> list[FeedLine]:
    """The camp run's newest ``limit`` notices, newest first, in the active language. One query."""
    rows = list(PublicNotice.objects.filter(camp=camp).order_by("-at", "-id")[:limit])
    if not rows:
        return []
    newest_day = timezone.localtime(rows[0].at).date()
    return [
        FeedLine(
            at=timezone.localtime(row.at).isoformat(timespec="seconds"),
            when=notice_when(row.at, with_date=timezone.localtime(row.at).date() != newest_day),
            text=notice_text(row.code, row.params),
        )
        for row in rows
    ]


def public_marks(camp: Camp, result: RoundResult) -> dict[str, str]:
    """Per team name, a short digest of what the hall sees of the team after ``result`` (its ships
    and where they are, its harbor's bay, its standing, its public events): two resolutions of a
    round differ for the hall about a team exactly when its digests differ. Read from the rows as
    they are (after a resolve is stored, or before an undo restores the state before it); only
    public facts go in (no cargo, no hint, no hidden hex), so the list of teams it names tells
    nothing hidden. Three queries."""
    seen: dict[str, dict[str, Any]] = {
        name: {"ships": [], "bay": None, "standing": None, "events": []}
        for name in Team.objects.filter(camp=camp).values_list("name", flat=True)
    }
    for team, ident, q, r in (
        Ship.objects.filter(team__camp=camp)
        .order_by("team_id", "ident")
        .values_list("team__name", "ident", "q", "r")
    ):
        seen[team]["ships"].append([ident, q, r])
    for team, bay in Harbor.objects.filter(team__camp=camp).values_list("team__name", "bay"):
        seen[team]["bay"] = bay
    for row in result.standings or []:
        if row.get("team") in seen:
            seen[row["team"]]["standing"] = [row.get("delivered"), row.get("ap_total")]
    for event in result.events or []:
        if event.get("visibility", "public") == "public" and event.get("team") in seen:
            seen[event["team"]]["events"].append(event)
    return {
        name: hashlib.sha256(json.dumps(facts, sort_keys=True, default=str).encode()).hexdigest()[:16]
        for name, facts in seen.items()
    }


def changed_teams(before: dict[str, str], after: dict[str, str], order: list[str]) -> list[str]:
    """The teams (in ``order``, the seat order) whose public digests differ; a team only in one of
    them counts as changed."""
    return [name for name in order if before.get(name) != after.get(name)]
