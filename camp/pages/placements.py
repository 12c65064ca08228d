"""The page that records all placements of a round at once: a row per team (its place, or "did not
play"), a preview of the AP each team gets (live with htmx while staff type), then
:func:`camp.services.placements_record`; after saving, back to the game's round page staff came
from, or to the AP overview."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp import selectors
from camp.forms import PlacementRowValue, PlacementsForm
from camp.models import Placement, Round, Team
from camp.pages.base import HtmxHttpRequest, render_admin_page
from camp.services import (
    PlacementsError,
    Problem,
    placements_check,
    placements_locked_message,
    placements_record,
)


def placements_page(
    request: HtmxHttpRequest, object_id: str, *, model_admin: admin.ModelAdmin[Any]
) -> HttpResponse:
    round_ = model_admin.get_object(request, unquote(object_id))
    if round_ is None:
        raise Http404(_("No such round."))
    if not model_admin.has_change_permission(request, round_):
        raise PermissionDenied
    teams = selectors.camp_teams(round_.camp)
    if request.method != "POST":
        return _page(request, model_admin, round_, teams, *_recorded(round_, teams), problems=[])
    parsed = PlacementsForm(request.POST, teams=teams).read()
    checked, accepted = placements_check(round=round_, ranks=parsed.ranks)
    problems = parsed.with_check(checked)
    if not problems and not request.htmx:
        try:
            saved = placements_record(round=round_, ranks=parsed.ranks)
        except PlacementsError as error:  # e.g. resolved meanwhile in another tab
            problems = error.problems
        else:
            messages.success(request, _saved_message(round_, teams, saved))
            if back := _round_page_back(request, round_, request.POST.get("next", "")):
                return HttpResponseRedirect(back)
            overview = reverse("admin:camp_camp_ap_overview", args=[round_.camp.pk])
            return HttpResponseRedirect(f"{overview}?round={round_.number}")
    return _page(request, model_admin, round_, teams, accepted, parsed.values, {}, problems=problems)


def _recorded(
    round_: Round, teams: list[Team]
) -> tuple[dict[int, int | None], dict[int, PlacementRowValue], dict[int, int]]:
    """The placements as recorded: each team's place, what its row shows, and its AP as stored (not
    as the current table would say)."""
    accepted: dict[int, int | None] = {}
    stored_ap: dict[int, int] = {}
    for placement in round_.placements.all():
        accepted[placement.team_id] = placement.rank
        stored_ap[placement.team_id] = placement.ap
    recorded = bool(accepted)
    values = {}
    for team in teams:
        rank = accepted.get(team.pk)
        values[team.pk] = _row_value(rank, absent=recorded and rank is None)
    return accepted, values, stored_ap


def _saved_message(round_: Round, teams: list[Team], saved: list[Placement]) -> str:
    names = {t.pk: t.name for t in teams}
    summary = ", ".join(
        _("%(team)s %(rank)d. (%(ap)d AP)") % {"team": names[p.team_id], "rank": p.rank, "ap": p.ap}
        for p in saved
    )
    placed = {p.team_id for p in saved}
    absent = [t.name for t in teams if t.pk not in placed]
    message = _("Placements of round %(number)d saved: %(summary)s.") % {
        "number": round_.number,
        "summary": summary,
    }
    if absent:
        message += " " + ngettext(
            "Did not play: %(teams)s.",
            "Did not play (%(count)d teams): %(teams)s.",
            len(absent),
        ) % {"teams": ", ".join(absent), "count": len(absent)}
    return message


def _page(
    request: HtmxHttpRequest,
    model_admin: admin.ModelAdmin[Any],
    round_: Round,
    teams: list[Team],
    accepted: dict[int, int | None],
    values: dict[int, PlacementRowValue],
    stored_ap: dict[int, int],
    *,
    problems: list[Problem],
) -> HttpResponse:
    """The page (or, for htmx, its preview): the rows as typed or recorded, every problem by its
    team, and the AP the places give."""
    camp = round_.camp
    rows = _rows(request, camp.ap_table, teams, accepted, values, stored_ap, problems)
    preview = sorted(
        (r for r in rows if r["preview_rank"] is not None),
        key=lambda r: (r["preview_rank"], r["team"].order),
    )
    context = {
        "round": round_,
        "camp": camp,
        "rows": rows,
        "preview": preview,
        "not_playing": [r for r in rows if r["absent"] and not r["errors"]],
        "problems": problems,
        "submitted": request.method == "POST",
        "live": bool(request.htmx),
        "ap_table": list(enumerate(camp.ap_table, start=1)),
        "ap_warning": selectors.ap_table_warning(camp.ap_table, len(teams)),
        "editable": round_.placements_editable,
        "locked_message": "" if round_.placements_editable else placements_locked_message(round_),
        "next": _round_page_back(
            request,
            round_,
            request.POST.get("next", "")
            if request.method == "POST"
            else request.GET.get("next") or request.META.get("HTTP_REFERER", ""),
        ),
    }
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/camp/round/placements.html",
        title=_("Record placements – round %(number)d") % {"number": round_.number},
        obj=round_,
        context=context,
        fragment="preview",
    )


def _rows(
    request: HtmxHttpRequest,
    ap_table: list[int],
    teams: list[Team],
    accepted: dict[int, int | None],
    values: dict[int, PlacementRowValue],
    stored_ap: dict[int, int],
    problems: list[Problem],
) -> list[dict[str, Any]]:
    """A row per team: what it holds, its problems, and its place and AP for the preview (a GET: the
    AP as recorded; a POST: by the camp's table)."""
    by_team: dict[int, list[str]] = {}
    for problem in problems:
        if problem.team_id is not None:
            by_team.setdefault(problem.team_id, []).append(problem.message)
    rows = []
    for team in teams:
        value = values.get(team.pk) or _row_value(None, absent=False)
        rank = accepted.get(team.pk) if isinstance(accepted.get(team.pk), int) else None
        rows.append(
            {
                "team": team,
                "rank": value.rank,
                "absent": value.absent,
                "errors": by_team.get(team.pk, []),
                "preview_rank": rank,
                "preview_ap": stored_ap.get(team.pk, 0)
                if request.method != "POST"
                else selectors.ap_for_rank(ap_table, rank),
            }
        )
    return rows


def _round_page_back(request: HtmxHttpRequest, round_: Round, url: str) -> str:
    """``url`` as a path to go back to after saving the placements, or "" (then the AP overview).

    Only a page of this very round that staff came from (a game's round page: an admin URL with
    ``round_id``, e.g. the islands evening checklist), given as ``next`` or read from the Referer;
    anything else (another host, another round, the home page) keeps the AP overview."""
    if not url or not url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    parts = urlsplit(url)
    try:
        match = resolve(parts.path)
    except Resolver404:
        return ""
    if match.namespace != "admin" or match.kwargs.get("round_id") != round_.pk:
        return ""
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _row_value(rank: int | None, *, absent: bool) -> PlacementRowValue:
    return PlacementRowValue(rank="" if rank is None else str(rank), absent=absent)
