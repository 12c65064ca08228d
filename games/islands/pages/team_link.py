"""A team's own link ``/tym/<token>/``: whether it may be read, the round "now", and the live view
its page shows (the ``view`` partial of ``islands/team.html``), shared by the team's pages
(:mod:`.team`, :mod:`.team_plan`, :mod:`.team_telescope`).

The view shows what the team's printed sheet shows, from the same data
(:func:`printing.data.team_sheets_for` for the round that is "now"): the map as the team may see it
(:func:`visibility.for_team`: the public map with its own ships' cargo), its ships, its map hints,
its pending telescope choices, its AP for the coming round once placements are recorded, the round's
events it may read, and its line of the standings. Nothing else is read for it, so nothing hidden
and nothing of another team can reach it.

Live: the page polls itself every :data:`POLL_SECONDS` with the version it shows. The version is a
hash of the bytes of what the page shows (the ``view`` partial), nothing else: a change of hidden
data (an unrevealed hex, a pirate draw, another team's cargo or orders) renders the same bytes, so
the same version, and the poll answers 204. The rendered view is kept in the cache under the team's
link and the camp run's :attr:`~camp.models.Camp.public_version` (which every write of the game's
rows draws anew, hidden ones too), and its version beside it: an unchanged poll is answered 204 by
:func:`unchanged_poll` before anything else is read, for one small query in plain SQL (is the link
readable, the camp run's version) and a short cache read, as cheap as the notice board's (issue 21;
``python -m bench team_page``); any other request reads the link with the ORM (one query) and, when
the camp's version is unchanged, renders nothing. The cache key is never shown.

A revoked, renewed-away or unknown link, and every link while the camp run's team links are off,
get the same "not found" page (:func:`not_found`), which says nothing of the team or the camp run.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.caches.public_pages import forget_older
from camp.caches.version import public_version
from camp.models import DONE_STATUSES, Camp, Round
from camp.pages.base import HtmxHttpRequest
from games.islands.maps import style, svg
from games.islands.models.links import TeamLink
from games.islands.pages.rows import standing_rows
from games.islands.printing.canvas import state_text
from games.islands.printing.data import SheetsUnavailable, TeamSheet, sheet_rounds, team_sheets_for
from games.islands.selectors.links import readable_team_link_version, team_link_by_token
from games.islands.selectors.rounds import team_pending_telescopes

TEMPLATE = "islands/team.html"
#: Seconds between two polls of a team page (as the notice board's).
POLL_SECONDS = 10
#: Seconds a rendered view stays cached (a changed camp run is found under a new key at once anyway).
TIMEOUT = 60 * 60
#: The token in the address goes to no other site. Not "no-referrer": with it a browser sends
#: ``Origin: null`` with a plain form post (the plan form without JavaScript, the telescope's
#: confirmation), and Django's CSRF check refuses that.
REFERRER_POLICY = "same-origin"


def readable_link(token: str) -> TeamLink | None:
    """The link of ``token`` if it may be read now: known, not revoked, the camp's links on."""
    link = team_link_by_token(token)
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
    pending = [t.ship for t in team_pending_telescopes(rounds.result, team)]
    return sheet, pending


def team_context(link: TeamLink) -> dict[str, Any]:
    """What the ``view`` partial shows, all of it the team's own or public."""
    team = link.team
    sheet, pending = team_sheet(link)
    standing = next((row for row in standing_rows(team.camp) if row["team"] == team.name), None)
    ctx: dict[str, Any] = {"team": team, "sheet": sheet, "standing": standing, "telescopes": pending}
    ctx["telescope_url"] = reverse("islands_public:team_telescope", args=[link.token])
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
    # The team's plan is not in the view: its form is rendered beside it, afresh on every request.
    return ":".join(["zo-team", str(link.pk), link.token, camp_version, get_language()])


def _version_key(link_id: int, token: str, camp_version: str) -> str:
    # The view's version alone, kept beside it: an unchanged poll reads this short string, not the view.
    return ":".join(["zo-team-version", str(link_id), token, camp_version, get_language()])


def unchanged_poll(token: str, shown: str | None) -> bool:
    """Whether a poll of the page showing the version ``shown`` is answered "unchanged" at once: the
    link may be read and the view kept for its camp run's version is the one shown. One small query
    and one short cache read, no ORM and no render: the team page's poll as cheap as the notice
    board's (issue 21). Anything else (a link not readable, nothing kept, another version) goes the
    whole way."""
    if not shown:
        return False
    readable = readable_team_link_version(token)
    if readable is None:
        return False
    link_id, camp_version = readable
    return bool(cache.get(_version_key(link_id, token, camp_version)) == shown)


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
        version_key = _version_key(link.pk, link.token, camp_version)
        cache.set(version_key, version, TIMEOUT)
        # The views of older versions are never asked for again: dropped now, not at MAX_ENTRIES.
        page = f"zo-team:{link.pk}:{get_language()}"
        forget_older(page, key)
        forget_older(page + ":version", version_key)
    return version, mark_safe(html)  # noqa: S308 - rendered by the template engine just now


def not_found(request: HtmxHttpRequest) -> HttpResponse:
    response = render(request, "islands/team_missing.html", {}, status=404)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


def view_context(link: TeamLink) -> dict[str, Any]:
    """What the page's ``live`` partial needs: the view, its version, and where it polls (the team
    page's own address: a page shown at another one, after a press or a tap without htmx, polls it)."""
    version, view = team_view(link)
    return {
        "team": link.team,
        "view": view,
        "version": version,
        "poll_ms": POLL_SECONDS * 1000,
        "view_url": reverse("islands_public:team", args=[link.token]),
    }
