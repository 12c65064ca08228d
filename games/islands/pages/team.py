"""A team's own live page, reached by its private link ``/tym/<token>/`` (no login; read only).

It shows what the team's printed sheet shows, from the same data (:func:`printing.data.team_sheets_for`
for the round that is "now"): the map as the team may see it (:func:`visibility.for_team`: the
public map with its own ships' cargo), its ships, its map hints, its pending telescope choices, its
AP for the coming round once placements are recorded, the round's events it may read, and its line
of the standings. Nothing else is read for it, so nothing hidden and nothing of another team can
reach it.

Live: the page polls itself every :data:`POLL_SECONDS` with the version it shows. The version is a
hash of the bytes of what the page shows (the ``view`` partial), nothing else: a change of hidden
data (an unrevealed hex, a pirate draw, another team's cargo or orders) renders the same bytes, so
the same version, and the poll answers 204. The rendered view is kept in the cache under the team's
link and the camp run's :attr:`~camp.models.Camp.public_version` (which every write of the game's
rows draws anew, hidden ones too): a poll costs one query (the link, its team, camp run and board
set-up) and, when the camp's version is unchanged, no render. The cache key is never shown.

A revoked, renewed-away or unknown link, and every link while the camp run's team links are off,
get the same "not found" page, which says nothing of the team or the camp run.

The order form comes later: it will be a partial of this page's template, posted to its own URL
(the team's plan, see the plans' services); :func:`team_context` is where its data joins.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from camp.models import DONE_STATUSES, Camp, Round
from camp.public_cache import public_version
from games.islands import selectors
from games.islands.maps import style, svg
from games.islands.models import TeamLink
from games.islands.pages.rows import standing_rows
from games.islands.printing.canvas import state_text
from games.islands.printing.data import SheetsUnavailable, TeamSheet, sheet_rounds, team_sheets_for

TEMPLATE = "islands/team.html"
#: Seconds between two polls of a team page (as the notice board's).
POLL_SECONDS = 10
#: Seconds a rendered view stays cached (a changed camp run is found under a new key at once anyway).
TIMEOUT = 60 * 60


def readable_link(token: str) -> TeamLink | None:
    """The link of ``token`` if it may be read now: known, not revoked, the camp's links on."""
    link = selectors.team_link_by_token(token)
    if link is None or not link.link_active:
        return None
    try:
        on = link.team.camp.islands_setup.team_links
    except ObjectDoesNotExist:
        return None
    return link if on else None


def now_round(camp: Camp) -> Round | None:
    """The round the game stands at (the round a sheet printed now is printed from): the first round
    not resolved yet, else the last one resolved; None before the first round."""
    rounds = list(Round.objects.filter(camp=camp).order_by("number"))
    first_open = next((r for r in rounds if r.status not in DONE_STATUSES), None)
    if first_open is not None:
        return first_open
    return rounds[-1] if rounds else None


def team_sheet(link: TeamLink) -> tuple[TeamSheet | None, list[str]]:
    """The team's sheet as printed now and its pending telescope choices (ship idents); (None, [])
    before the game has started."""
    team = link.team
    round_ = now_round(team.camp)
    if round_ is None:
        return None, []
    try:
        rounds = sheet_rounds(round_)
        (sheet,) = team_sheets_for(round_, [team])
    except SheetsUnavailable:
        return None, []
    pending = [t.ship for t in selectors.team_pending_telescopes(rounds.result, team)]
    return sheet, pending


def team_context(link: TeamLink) -> dict[str, Any]:
    """What the ``view`` partial shows, all of it the team's own or public."""
    team = link.team
    sheet, pending = team_sheet(link)
    standing = next((row for row in standing_rows(team.camp) if row["team"] == team.name), None)
    ctx: dict[str, Any] = {"team": team, "sheet": sheet, "standing": standing, "telescopes": pending}
    if sheet is not None:
        ctx.update(
            {
                "title": _("Golden Islands – team map: %(state)s") % {"state": state_text(sheet.state_round)},
                "ap_text": _("AP for round %(round)d: not known yet (the mini-game is not recorded)")
                % {"round": sheet.orders_round}
                if sheet.ap is None
                else _("AP for round %(round)d: %(ap)d") % {"round": sheet.orders_round, "ap": sheet.ap},
                "map_svg": svg.render_svg(sheet.map),
                "legend": style.legend(staff=False),
                "team_key": svg.team_key(sheet.map),
            }
        )
    return ctx


def _view_key(link: TeamLink, camp_version: str) -> str:
    # Whatever the team sees is written with a new camp version (the game's rows, placements, rounds).
    # The team's plan (a later step) joins here with its own version.
    return ":".join(["zo-team", str(link.pk), link.token, camp_version, get_language()])


def team_view(link: TeamLink) -> tuple[str, SafeString]:
    """(version, the rendered ``view`` partial) of the team's page, from the cache when the camp run
    has not changed since it was rendered. The version is a hash of the view's bytes only."""
    camp_version = link.team.camp.public_version
    key = _view_key(link, camp_version)
    kept = cache.get(key)
    if kept is not None:
        return kept[0], mark_safe(kept[1])  # noqa: S308 - our own render, kept as it was
    html = render_to_string(f"{TEMPLATE}#view", team_context(link))
    version = hashlib.sha256(html.encode()).hexdigest()[:20]
    if public_version(link.team.camp_id) == camp_version:  # no write came in meanwhile: keep it
        cache.set(key, (version, html), TIMEOUT)
    return version, mark_safe(html)  # noqa: S308 - rendered by the template engine just now


def _not_found(request: HttpRequest) -> HttpResponse:
    response = render(request, "islands/team_missing.html", {}, status=404)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


@never_cache
@require_GET
def team_page(request: HttpRequest, token: str) -> HttpResponse:
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    version, view = team_view(link)
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    ctx = {"team": link.team, "view": view, "version": version, "poll_ms": POLL_SECONDS * 1000}
    response = render(request, f"{TEMPLATE}#live" if htmx else TEMPLATE, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"  # the token is in the address
    return response
