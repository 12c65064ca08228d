"""The words of the notice board's feed (what staff changed), by the notice's code
(``games.islands.models.notices.NoticeCode``): rendered when the board is read, so each reader gets
their language. The actor is always "staff" (vedoucí), never a person's name (docs/staff-guide.md,
"What the hall sees")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.utils import dateformat, timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import time_format
from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from camp.formats.dates import day_pattern

#: The feed's sentences, by the notice's code and, where one code reads several ways, its variant.
NOTICE_TEXTS: dict[str, Promise] = {
    "round_undone": _("Staff undid the resolution of round %(number)s to correct it"),
    "round_corrected": ngettext_lazy(
        "Staff corrected round %(number)s — a change for %(teams)s",
        "Staff corrected round %(number)s — changes for %(teams)s",
        "count",
    ),
    "round_corrected_same": _("Staff corrected round %(number)s — nothing the hall sees changed"),
    "hand_in_reopened": _("Staff reopened the hand-in of round %(number)s for %(team)s"),
    "deadline_set": _("Staff set the hand-in deadline of round %(number)s: %(due)s"),
    "deadline_moved": _("Staff moved the hand-in of round %(number)s from %(was)s to %(due)s"),
    "deadline_removed": _("Staff removed the hand-in deadline of round %(number)s"),
    "link_renewed": _("Staff gave %(team)s a new team link; the old one no longer opens"),
}


def _clock(value: Any) -> str:
    """A stored moment (ISO text) as the hall's clock reads it ("19:30"); "—" when there is none."""
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None:
        return "—"
    return time_format(timezone.localtime(moment), "H:i")


def _round_corrected(params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    teams = [str(t) for t in params.get("teams") or []]
    if not teams:
        return "round_corrected_same", {}
    return "round_corrected", {"teams": ", ".join(teams), "count": len(teams)}


def _deadline(params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    due, was = params.get("due"), params.get("was")
    if due is None:
        return "deadline_removed", {}
    if was is None:
        return "deadline_set", {"due": _clock(due)}
    return "deadline_moved", {"due": _clock(due), "was": _clock(was)}


def _team(params: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    return "", {"team": str(params.get("team", "—"))}


#: A code whose sentence depends on its parameters: its variant and the values it adds.
_VARIANTS: dict[str, Callable[[Mapping[str, Any]], tuple[str, dict[str, Any]]]] = {
    "round_corrected": _round_corrected,
    "deadline": _deadline,
    "hand_in_reopened": _team,
    "link_renewed": _team,
}


def notice_text(code: str, params: Mapping[str, Any]) -> str:
    """A notice's sentence in the active language; a code this program does not know (a newer
    program's row read back) or parameters that do not fit say only that staff changed something."""
    try:
        variant, values = _VARIANTS.get(code, lambda p: ("", {}))(params)
        words = NOTICE_TEXTS.get(variant or code)
        if words is None:
            raise KeyError(code)
        return str(words % {"number": int(params.get("number", 0)), **values})
    except (KeyError, TypeError, ValueError):
        return gettext("Staff changed something")


def notice_when(at: datetime, *, with_date: bool) -> str:
    """When, as the feed shows it: "21:14", with the day for a line of an earlier
    evening than the feed's newest (in the language's day format: "6. 7. 21:14", "Jul 6 21:14")."""
    local = timezone.localtime(at)
    if not with_date:
        return time_format(local, "H:i")
    return f"{dateformat.format(local, day_pattern('DAY_MONTH'))} {time_format(local, 'H:i')}"
