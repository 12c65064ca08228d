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
rows draws anew, hidden ones too), and its version beside it: an unchanged poll is answered 204 by
:func:`unchanged_poll` before anything else is read, for one small query in plain SQL (is the link
readable, the camp run's version) and a short cache read, as cheap as the notice board's (issue 21;
``python -m bench team_page``); any other request reads the link with the ORM (one query) and, when
the camp's version is unchanged, renders nothing. The cache key is never shown.

A revoked, renewed-away or unknown link, and every link while the camp run's team links are off,
get the same "not found" page, which says nothing of the team or the camp run.

While the round is open for orders the page carries the team's plan form (the ``plan`` partial,
outside the polled view: it holds what is being typed and the request's CSRF token), posted to
``/tym/<token>/plan/`` (:func:`team_plan`): one of the plans' services per press, the team always
the link's. A stale version, a plan with problems, the deadline: refused, shown with why. The form
carries its own planning map (the ``plan_map`` partial): the routes being typed drawn on the team's
map, and a tap on a hex extends a route as a click on the staff's order page does
(``/tym/<token>/plan/mapa/``, :func:`team_plan_map`; nothing stored).

The plan's state line is polled on its own (``/tym/<token>/plan/stav/``, :func:`team_plan_watch`), so staff's
answer reaches the page without a reload and never over what the team is typing (below, "the plan,
live").

A pending telescope of the team is chosen on ``/tym/<token>/dalekohled/`` (:func:`team_telescope`):
a hex picked, confirmed, then revealed by the same service staff's after page uses.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from functools import partial
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import time_format
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from camp.models import DONE_STATUSES, Camp, Round, RoundStatus
from camp.public_cache import public_version
from games.islands import orders as islands_orders
from games.islands import selectors, words
from games.islands.engine.hexes import LabelError, geometry, to_pixel
from games.islands.engine.notation import Alphabet, sheet_order
from games.islands.engine.resolve import telescope_hexes
from games.islands.engine.state import InvalidState
from games.islands.errors import IslandsError, OrdersInvalid, PlanStale
from games.islands.forms import (
    FIRE_MODE,
    ROUTE_PREFIX,
    OrderEntry,
    TeamTelescopeForm,
    Text,
    click_modes,
    read_orders,
    route_field,
)
from games.islands.game_state import state_before
from games.islands.maps import style, svg
from games.islands.maps.style import SIZE
from games.islands.models import PlanState, Ship, TeamLink, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.pages.orders_map import drawable, fields, map_click, route_end, team_orders_map
from games.islands.pages.rows import standing_rows
from games.islands.printing.canvas import state_text
from games.islands.printing.data import SheetsUnavailable, TeamSheet, sheet_rounds, team_sheets_for
from games.islands.services import plans
from games.islands.services import rounds as round_services

TEMPLATE = "islands/team.html"
#: Seconds between two polls of a team page (as the notice board's).
POLL_SECONDS = 10
#: Seconds a rendered view stays cached (a changed camp run is found under a new key at once anyway).
#: The token in the address goes to no other site. Not "no-referrer": with it a browser sends
#: ``Origin: null`` with a plain form post (the plan form without JavaScript, the telescope's
#: confirmation), and Django's CSRF check refuses that.
REFERRER_POLICY = "same-origin"
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
    readable = selectors.readable_team_link_version(token)
    if readable is None:
        return False
    link_id, camp_version = readable
    return cache.get(_version_key(link_id, token, camp_version)) == shown


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
        cache.set(_version_key(link.pk, link.token, camp_version), version, TIMEOUT)
    return version, mark_safe(html)  # noqa: S308 - rendered by the template engine just now


def _not_found(request: HttpRequest) -> HttpResponse:
    response = render(request, "islands/team_missing.html", {}, status=404)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = "no-referrer"
    return response


@never_cache
@require_GET
def team_page(request: HttpRequest, token: str) -> HttpResponse:
    if request.headers.get("HX-Request") == "true" and unchanged_poll(token, request.GET.get("v")):
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    version, view = team_view(link)
    htmx = request.headers.get("HX-Request") == "true"
    if htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    ctx = {"team": link.team, "view": view, "version": version, "poll_ms": POLL_SECONDS * 1000}
    if not htmx:  # ``done``: back from a press of the plan form that was taken
        done = _("Saved.") if request.GET.get("done") == "1" else ""
        ctx.update(plan_context(PlanDesk.read(link), done=done))
        ctx.update(plan_watch_context(link))
    response = render(request, f"{TEMPLATE}#live" if htmx else TEMPLATE, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY  # the token is in the address
    return response


# ------------------------------------------------------------------------------------ the telescope
# The team names the hex of its own pending telescope itself: a hex clicked on the map or typed (a
# GET: nothing is stored), then a confirmation step whose button posts it (one misclick must not use
# a telescope up), then the reveal staff's after page makes (``telescope_team_choose``: the round
# row locked; whichever of the team and staff comes first counts). A team never skips one.

TELESCOPE_TEMPLATE = "islands/team_telescope.html"


def telescope_name(t: selectors.TelescopePending) -> str:
    """How the team's page names one of its telescopes in addresses and forms: ``C1``, and ``C1#2``
    for the same ship's second of the round."""
    return t.key[len(t.team) + 1 :]


def telescope_label(t: selectors.TelescopePending) -> str:
    """The telescope as the team reads it: its ship's name ("Loď 1"; "Loď 1, 2. dalekohled")."""
    ship = words.ship_label(t.ship)
    _key, mark, number = t.key.rpartition("#")
    return _("%(ship)s, telescope %(number)s") % {"ship": ship, "number": number} if mark else ship


@dataclass(frozen=True)
class TelescopeDesk:
    """The round whose telescopes the team's page speaks of (the round named by its number, else the
    last one resolved) and the team's own telescopes of it, open or done."""

    link: TeamLink
    round: Round | None
    telescopes: list[selectors.TelescopePending]

    @classmethod
    def read(cls, link: TeamLink, number: int | None) -> TelescopeDesk:
        rounds = Round.objects.filter(camp_id=link.team.camp_id)
        if number is None:
            round_ = rounds.filter(status__in=DONE_STATUSES).order_by("-number").first()
        else:
            round_ = rounds.filter(number=number).first()
        result = selectors.round_result(round_) if round_ is not None else None
        return cls(link, round_, selectors.team_telescopes(result, link.team))

    def find(self, name: str) -> selectors.TelescopePending | None:
        """The telescope ``name`` names; without a name the only open one (None: several or none)."""
        if not name.strip():
            waiting = self.waiting
            return waiting[0] if len(waiting) == 1 else None
        return next((t for t in self.telescopes if telescope_name(t) == name.strip()), None)

    @property
    def waiting(self) -> list[selectors.TelescopePending]:
        """The team's telescopes a hex can be chosen for now (the round resolved, not closed)."""
        if self.round is None or self.round.status != RoundStatus.RESOLVED:
            return []
        return [t for t in self.telescopes if t.open]

    def url(self, t: selectors.TelescopePending, **extra: str) -> str:
        number = self.round.number if self.round is not None else ""
        query = urlencode({"round": number, "telescope": telescope_name(t), **extra})
        return f"{reverse('islands_public:team_telescope', args=[self.link.token])}?{query}"


def telescope_context(
    desk: TelescopeDesk, form: TeamTelescopeForm, *, problems: list[str] | None = None, done: bool = False
) -> dict[str, Any]:
    """What the telescope page shows: the telescope named (or why none), its state, the hex picked
    (to confirm) or why the label names none, and the public map (clickable while it is open)."""
    data = form.cleaned_data
    camp = desk.link.team.camp
    g = geometry(camp.board_side)
    t = desk.find(data["telescope"])
    view = selectors.map_view_for_public(camp)
    ctx: dict[str, Any] = {
        "team": desk.link.team,
        "back_url": reverse("islands_public:team", args=[desk.link.token]),
        "problems": problems or [],
        "others": [{"label": telescope_label(o), "url": desk.url(o)} for o in desk.waiting if o != t],
        "telescope": t,
    }
    if t is None:
        ctx["missing"] = _("No telescope of yours waits for a hex here.")
    else:
        ctx["label"] = telescope_label(t)
        ctx["open"] = t in desk.waiting
        shown = t.chosen or None
        if ctx["open"]:
            hex_errors: list[str] = list(form.errors.get("hex", []))
            picked = data["at"]
            ctx.update(
                {
                    "typed": (form.data.get("hex") or "")[:10] if hex_errors else "",
                    "hex_errors": hex_errors,
                    "picked": g.label(picked) if picked is not None else "",
                    "pick_url": reverse("islands_public:team_telescope", args=[desk.link.token]),
                    "round_number": desk.round.number if desk.round is not None else "",
                    "name": telescope_name(t),
                    "again_url": desk.url(t),
                }
            )
            shown = ctx["picked"] or None
            view = view.clicking(desk.url(t), "#telescope")
        elif t.open:
            ctx["closed"] = _("The round's telescopes can no longer be chosen.")
        ctx["done"] = done and bool(t.chosen)
        if shown:
            ctx["shown"] = shown
            view = replace(view, highlights=frozenset(g.label(h) for h in telescope_hexes(g, g.parse(shown))))
    ctx.update(map_svg=svg.render_svg(view), legend=style.legend(staff=False), team_key=svg.team_key(view))
    return ctx


def _telescope_choose(desk: TelescopeDesk, form: TeamTelescopeForm, name: str) -> list[str]:
    """Store the team's confirmed choice for its telescope ``name`` (one service call); why not, when
    refused."""
    data = form.cleaned_data
    if form.errors.get("hex") or desk.round is None:  # the field says why, or the page: no telescope
        return [_("Nothing was saved.")]
    if data["at"] is None:
        return [_("Choose the hex to look at: click it on the map or type its label.")]
    if not data["confirm"]:
        return [_("Nothing was saved: confirm the hex with its button.")]
    try:
        round_services.telescope_team_choose(
            round=desk.round, team=desk.link.team, telescope=name, at=data["at"]
        )
    except IslandsError as exc:
        return list(exc.messages)
    return []


@never_cache
@require_http_methods(["GET", "POST"])
def team_telescope(request: HttpRequest, token: str) -> HttpResponse:
    """The team's telescope page: GET shows a telescope (``?round=4&telescope=C1``, the only open one
    without them) and, with ``hex``, the hex to confirm (htmx, a map click: the ``telescope``
    partial); POST with ``confirm`` stores the choice, then back to the page (``done=1``)."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    post = request.method == "POST"
    form = TeamTelescopeForm(request.POST if post else request.GET, side=link.team.camp.board_side)
    form.is_valid()
    desk = TelescopeDesk.read(link, form.cleaned_data["round"])
    problems: list[str] = []
    if post:
        t = desk.find(form.cleaned_data["telescope"])  # the team's own, or the name as sent (refused)
        name = telescope_name(t) if t is not None else form.cleaned_data["telescope"]
        problems = _telescope_choose(desk, form, name)
        if not problems and t is not None:
            return redirect(desk.url(t, done="1"))
        desk = TelescopeDesk.read(link, form.cleaned_data["round"])  # as it stands after the refusal
    ctx = telescope_context(desk, form, problems=problems, done=request.GET.get("done") == "1")
    htmx = request.headers.get("HX-Request") == "true" and not post
    response = render(request, f"{TELESCOPE_TEMPLATE}#telescope" if htmx else TELESCOPE_TEMPLATE, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


# ------------------------------------------------------------------------------------ the plan form
# Rendered beside the cached view, never inside it: the form carries the request's CSRF token and
# what was typed, and the view's version (the poll) stays a hash of the map's bytes only.

#: The buttons of the plan form (``action``).
ACTIONS = ("draft", "hand_in", "withdraw")


class PlanActionForm(forms.Form):
    """Which button of the plan form was pressed; the sheet itself is read by ``OrdersForm``."""

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])


@dataclass(frozen=True)
class PlanDesk:
    """The team's round open for orders, its ships as on the sheet and the camp's letters."""

    link: TeamLink
    round: Round
    ships: list[Ship]

    @classmethod
    def read(cls, link: TeamLink) -> PlanDesk | None:
        round_ = now_round(link.team.camp)
        if round_ is None or round_.status != RoundStatus.ORDERS_OPEN:
            return None
        ships = sorted(Ship.objects.filter(team=link.team), key=lambda s: sheet_order(s.ident))
        return cls(link, round_, ships)

    @property
    def idents(self) -> list[str]:
        return [s.ident for s in self.ships]

    @property
    def alphabet(self) -> Alphabet:
        return islands_orders.camp_alphabet(self.round.camp)

    def read_form(self, data: QueryDict) -> OrderEntry:
        return read_orders(data, self.idents, click_modes(self.ships), self.alphabet)

    def sheet_of(self, plan: TeamPlan | None) -> OrderSheet:
        """The plan's sheet in the camp's letters, a field per ship (empty without a plan)."""
        if plan is None:
            return OrderSheet(alphabet=self.alphabet).for_ships(self.idents)
        sheet = OrderSheet.from_plan(plan)
        try:
            sheet = sheet.written_in(self.alphabet)
        except ValueError:  # a draft kept with a typo in other letters: shown as written
            pass
        return sheet.for_ships(self.idents)


def state_line(row: selectors.PlanRow, closed: bool) -> str:
    """The plan's state as the team reads it ("koncept uložen 18:02", "vráceno: …", "uzavřeno")."""
    if closed and row.state in (PlanState.NONE, PlanState.DRAFT, PlanState.RETURNED):
        return _("hand-in closed")
    if row.state == PlanState.DRAFT and row.at is not None:
        return _("draft saved %(time)s") % {"time": time_format(timezone.localtime(row.at), "H:i")}
    if row.state == PlanState.RETURNED:
        return _("returned: %(note)s") % {"note": row.note} if row.note else _("returned")
    return row.label


def plan_context(
    desk: PlanDesk | None,
    *,
    typed: OrderSheet | None = None,
    version: int | None = None,
    message: str = "",
    problems: list[str] | None = None,
    stale: OrderSheet | None = None,
    done: str = "",
    mode: str = "",
) -> dict[str, Any]:
    """What the ``plan`` partial shows: the form (``typed``, else the plan as stored), its state
    line and buttons, and why the last press was refused (``message``, ``problems``, ``stale``)."""
    if desk is None:
        return {"plan_open": False}
    row = selectors.team_plan(desk.round, desk.link.team)
    closed = row.closed(selectors.plans_due_at(desk.round))
    sheet = typed if typed is not None else desk.sheet_of(row.plan)
    orders = selectors.team_orders(desk.round, desk.link.team)
    if typed is None and row.state == selectors.ENTERED_BY_STAFF and orders is not None:
        # Staff typed the team's orders: the form starts from them (a draft saved builds on them).
        sheet = OrderSheet.from_row(orders).written_in(desk.alphabet).for_ships(desk.idents)
    writable = row.team_writable(closed)
    return {
        "plan_open": True,
        "plan_url": reverse("islands_public:team_plan", args=[desk.link.token]),
        "plan_round": desk.round.number,
        "plan_state": state_line(row, closed),
        "plan_version": row.version if version is None else version,
        "plan_writable": writable,
        "plan_withdrawable": row.state == PlanState.HANDED_IN and not closed,
        "plan_sheet": sheet,
        "plan_routes": [{"ident": i, "field": route_field(i), "value": sheet.route(i)} for i in desk.idents],
        "plan_message": message,
        "plan_problems": problems or [],
        "plan_stale": stale,
        "plan_stale_routes": [(i, stale.route(i)) for i in desk.idents if stale.route(i)] if stale else [],
        "plan_done": done,
        "plan_check_url": reverse("islands_public:team_plan_check", args=[desk.link.token]),
        **plan_map_context(desk, OrderEntry(sheet, mode=mode), writable=writable),
    }


def _pressed(desk: PlanDesk, action: str, entry: OrderEntry) -> dict[str, Any]:
    """One service call for the button pressed; the partial's context, with why when refused."""
    team, version = desk.link.team, entry.version if entry.version is not None else -1
    try:
        if entry.problems and action != "withdraw":
            raise IslandsError(list(entry.problems), code="form")
        if action == "draft":
            plans.plan_save_draft(
                round=desk.round, team=team, sheet=entry.sheet, version=version, by=plans.BY_TEAM
            )
            done = _("The draft is saved.")
        elif action == "hand_in":
            plans.plan_hand_in(
                round=desk.round, team=team, sheet=entry.sheet, version=version, by=plans.BY_TEAM
            )
            done = _("The plan is handed in.")
        else:
            plans.plan_withdraw(round=desk.round, team=team, version=version, by=plans.BY_TEAM)
            done = _("The plan is taken back: it is a draft again.")
    except PlanStale as exc:
        # What was typed stays in the form; the next save is made knowing the plan as stored now.
        return plan_context(
            desk,
            typed=entry.sheet,
            version=exc.stored.version,
            message=exc.messages[0],
            stale=desk.sheet_of(exc.stored),
        )
    except OrdersInvalid as exc:
        message = _("The plan was not handed in: it has problems.")
        return plan_context(desk, typed=entry.sheet, message=message, problems=exc.messages)
    except IslandsError as exc:
        return plan_context(desk, typed=entry.sheet, message=_("Nothing was saved."), problems=exc.messages)
    return plan_context(desk, done=done)


@never_cache
@require_POST
def team_plan(request: HttpRequest, token: str) -> HttpResponse:
    """A press of the plan form: one service call (the team is the link's, never the form's); htmx
    gets the ``plan`` partial, a plain post the page again (refused: with why, as typed)."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    desk = PlanDesk.read(link)
    action = PlanActionForm(request.POST)
    if desk is None:
        ctx = {"plan_open": False, "plan_message": _("The round is not open for orders now.")}
    elif not action.is_valid():
        ctx = plan_context(desk, message=_("Nothing was saved: press one of the form's buttons."))
    else:
        ctx = _pressed(desk, action.cleaned_data["action"], desk.read_form(request.POST))
    ctx.update(plan_watch_context(link, typed=bool(ctx.get("plan_message"))))  # refused: as typed
    if request.headers.get("HX-Request") == "true":
        response = render(request, f"{TEMPLATE}#plan", ctx)
    elif not ctx.get("plan_message") and not ctx.get("plan_problems"):
        response = redirect(reverse("islands_public:team", args=[token]) + "?done=1")
    else:
        response = plan_page(request, link, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


# ------------------------------------------------------------------------------------ the plan, live
# The ``plan_watch`` partial shows the plan's state line and is polled every POLL_SECONDS
# (``/tym/<token>/plan/stav/``), as the map is. Its version is a hash of what it shows (the state
# line with a returned plan's note, whether the form may be written or taken back, which stored plan
# and orders the form starts from), all of it the team's own: a change of hidden data or of another
# team's plan leaves it byte for byte the same, and the poll answers 204. It is rendered inside the
# ``plan`` partial, so the team's own press brings its new version with it (no notice of one's own
# change). The form below it holds what is being typed: when the poll brings a change, zo-plan-watch.js
# loads the fresh ``plan`` partial (``/tym/<token>/plan/formular/``) only if nothing was typed into
# it; otherwise it shows the watch's notice, with a button to load it. Without JavaScript nothing
# polls: a reload shows the plan as stored.


def watch_notice(row: selectors.PlanRow, closed: bool) -> str:
    """What changed, as the notice above a form the team has typed into says it."""
    if closed:
        return _("Hand-in has closed meanwhile: the plan can no longer be changed.")
    notices = {
        PlanState.RETURNED: _("The leaders returned the plan meanwhile."),
        PlanState.APPROVED: _("The leaders approved the plan meanwhile."),
        selectors.ENTERED_BY_STAFF: _("The leaders entered your plan themselves meanwhile."),
        PlanState.HANDED_IN: _("The plan was handed in meanwhile (on another phone)."),
        PlanState.PAPER: _("The leaders received your plan on paper meanwhile."),
        PlanState.DRAFT: _("A draft was saved meanwhile (on another phone)."),
    }
    return notices.get(row.state, _("The plan changed meanwhile."))


def watch_state(link: TeamLink) -> dict[str, Any]:
    """What the ``plan_watch_body`` partial shows: the state line as the form shows it and the
    form's buttons (the same rules as :func:`plan_context`), read in four queries; the notice."""
    round_ = now_round(link.team.camp)
    if round_ is None or round_.status != RoundStatus.ORDERS_OPEN:
        notice = _("The round is no longer open for orders: the plan can no longer be changed.")
        return {"watch_open": False, "watch_notice": notice}
    row = selectors.team_plan(round_, link.team)
    closed = row.closed(selectors.plans_due_at(round_))
    writable = row.team_writable(closed)
    stored = f"{row.version}|{row.at.isoformat() if row.at else ''}"
    return {
        "watch_open": True,
        "watch_round": round_.number,
        "watch_state": state_line(row, closed),
        "watch_writable": writable,
        "watch_withdrawable": row.state == PlanState.HANDED_IN and not closed,
        "watch_stored": hashlib.sha256(stored.encode()).hexdigest()[:12],
        "watch_notice": watch_notice(row, closed),
    }


def plan_watch_context(link: TeamLink, *, typed: bool = False, changed: bool = False) -> dict[str, Any]:
    """The ``plan_watch`` partial's context: its body, its version (a hash of the body), its URLs;
    ``typed``: the form below holds what was typed, not the stored plan (a refused press);
    ``changed``: the poll's answer to a page showing another version (the notice is offered)."""
    state = watch_state(link)
    body = render_to_string(f"{TEMPLATE}#plan_watch_body", state)
    return {
        "watch_body": mark_safe(body),  # noqa: S308 - rendered by the template engine just now
        "watch_version": hashlib.sha256(body.encode()).hexdigest()[:20],
        "watch_notice": state["watch_notice"],
        "watch_url": reverse("islands_public:team_plan_watch", args=[link.token]),
        "watch_form_url": reverse("islands_public:team_plan_form", args=[link.token]),
        "watch_poll_ms": POLL_SECONDS * 1000,
        "watch_typed": typed,
        "watch_changed": changed,
    }


@never_cache
@require_GET
def team_plan_watch(request: HttpRequest, token: str) -> HttpResponse:
    """The poll of the plan's state (``?v=`` the version shown): 204 unchanged, else the ``plan_watch``
    partial with its notice."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    if request.headers.get("HX-Request") != "true":  # a plain visit: the page itself
        return redirect(reverse("islands_public:team", args=[token]))
    ctx = plan_watch_context(link, changed=True)
    if request.GET.get("v") == ctx["watch_version"]:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    response = render(request, f"{TEMPLATE}#plan_watch", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


@never_cache
@require_GET
def team_plan_form(request: HttpRequest, token: str) -> HttpResponse:
    """The ``plan`` partial as stored now (what replaces the form after a change the poll found)."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    if request.headers.get("HX-Request") != "true":  # a plain visit: the page itself
        return redirect(reverse("islands_public:team", args=[token]))
    ctx = {**plan_context(PlanDesk.read(link)), **plan_watch_context(link)}
    response = render(request, f"{TEMPLATE}#plan", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


def plan_page(request: HttpRequest, link: TeamLink, ctx: dict[str, Any]) -> HttpResponse:
    """The whole page with the plan form of ``ctx`` (a press or a map's tap without htmx)."""
    version, view = team_view(link)
    page_ctx = {"team": link.team, "view": view, "version": version, "poll_ms": POLL_SECONDS * 1000}
    return render(request, TEMPLATE, {**page_ctx, **ctx})


def team_check(desk: PlanDesk, entry: OrderEntry) -> dict[str, Any]:
    """The live check of the sheet being typed, as the staff's order page checks it, but against
    nothing of the other teams: their fire targets (the staff's warning of a shot into a route's
    end) are theirs to keep, so the team's check gets none of them."""
    found = team_orders_check(desk, entry.sheet)
    problems = [*entry.problems, *(p.message for p in found.problems)]
    return {
        "check_ap": found.ap,
        "check_ap_left": found.ap_left,
        "check_problems": list(dict.fromkeys(problems)),
        "check_warnings": [w.message for w in found.warnings],
    }


@never_cache
@require_POST
def team_plan_check(request: HttpRequest, token: str) -> HttpResponse:
    """The live check while typing (htmx: the ``plan_check`` partial, and the planning map redrawn
    out of band); nothing is stored."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    desk = PlanDesk.read(link)
    if desk is None:
        ctx: dict[str, Any] = {"check_closed": _("The round is not open for orders now.")}
    else:
        try:
            entry = desk.read_form(request.POST)
            ctx = team_check(desk, entry)
        except IslandsError as exc:  # the game is not set up (no board, no harbors)
            ctx = {"check_closed": " ".join(exc.messages)}
        else:  # the planning map redrawn with the routes as typed (swapped in beside the check)
            ctx.update(plan_map_context(desk, entry, writable=plan_writable(desk)), plan_map_oob=True)
    response = render(request, f"{TEMPLATE}#plan_live", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


def team_orders_check(desk: PlanDesk, sheet: OrderSheet) -> islands_orders.OrdersCheck:
    """The team's sheet checked as the staff's order page checks it, against nothing of the other
    teams (:func:`team_check`). Raises :class:`IslandsError` only when the game is not set up."""
    team = desk.link.team
    islands_orders.check_team(desk.round, team)
    return islands_orders.check(
        sheet, state_before(desk.round), islands_orders.team_ap(desk.round, team), team=team
    )


# ------------------------------------------------------------------------------------ the planning map
# The plan form's own map (the ``plan_map`` partial, inside the form, never in the polled view): the
# board before the round as the team may see it (orders_map.team_orders_map: never a hidden tile,
# nobody else's cargo or target), the routes being typed drawn on it. While the plan may be written,
# a tap on a hex extends the route of the ship chosen or sets the fire target, as a click on the
# staff's order page does (orders_map.map_click): a GET with the form's values
# (``/tym/<token>/plan/mapa/?hex=…``) that stores nothing and answers the ``plan`` partial with the
# form changed. The live check redraws the map as the routes are typed.

#: What the planning map's hexes swap.
PLAN_TARGET = "#team-plan"


def plan_writable(desk: PlanDesk) -> bool:
    """May the team write its plan now (read afresh: a tap or a check comes from a page shown before)?"""
    row = selectors.team_plan(desk.round, desk.link.team)
    return row.team_writable(row.closed(selectors.plans_due_at(desk.round)))


def plan_map_context(desk: PlanDesk, entry: OrderEntry, *, writable: bool) -> dict[str, Any]:
    """The planning map with ``entry``'s routes and target on it and, while the plan may be written,
    its hexes to tap and what a tap sets (``plan_click``: the modes, ``plan_mode`` the one chosen).
    Nothing while the game is not set up (the check says why), or its rows cannot be played."""
    modes = click_modes(desk.ships) if writable else []
    mode = entry.mode if entry.mode in modes else (modes[0] if modes else "")
    try:
        found = team_orders_check(desk, entry.sheet)
        drawn = drawable(entry.sheet, found, partial(team_orders_check, desk))
        url = reverse("islands_public:team_plan_map", args=[desk.link.token]) if modes else ""
        shown = team_orders_map(desk.round, desk.link.team, mode, drawn, click_url=url, target=PLAN_TARGET)
    except (IslandsError, InvalidState):  # (rows the rules cannot hold: the page still shows the rest)
        return {}
    colour = style.safe_colour(desk.link.team.colour)
    return {
        "plan_map": shown,
        "plan_mode": mode,
        "plan_click": fields(desk.idents, modes, entry.sheet, colour=colour) if modes else None,
        "plan_focus": _focus(desk, drawn, mode) if modes else "",
    }


def _focus(desk: PlanDesk, drawn: islands_orders.OrdersCheck, mode: str) -> str:
    """Where a phone's planning map zooms in to (``data-zoom-focus`` of static/js/zo-board.js: x, y
    and a hex's width, in the map's units): the end of the chosen ship's route (the fire target)."""
    g = geometry(desk.round.camp.board_side)
    label = drawn.fire if mode == FIRE_MODE else route_end(drawn, mode, g)
    try:
        x, y = to_pixel(g.parse(label), SIZE)
    except LabelError:  # no target yet, or a route whose end is not known
        return ""
    return f"{x:.1f} {y:.1f} {SIZE * math.sqrt(3):.1f}"


class PlanTapForm(forms.Form):
    """A tap on the planning map: the hex and the map's mode as sent (the sheet is read by
    ``OrdersForm``, which turns a mode it does not know into the first; a tap must not)."""

    hex = Text(cut=20)
    mode = Text(cut=20, absent_none=True)


def tap_refusal(desk: PlanDesk, mode: str | None) -> str:
    """Why a tap in ``mode`` (as sent) may set nothing; "" when it may."""
    if not mode or mode in click_modes(desk.ships):
        return ""
    if mode == FIRE_MODE:
        return _("Your team has no battleship this round: it cannot fire, the map sets no target.")
    if mode in desk.idents:
        return _("%(ship)s may not move this round: the map sets no route for it.") % {
            "ship": words.ship_label(mode)
        }
    return _("This team has no ship “%(ship)s”.") % {"ship": mode[:10]}


def plan_tapped(desk: PlanDesk, query: QueryDict) -> dict[str, Any]:
    """The ``plan`` partial after a tap: the form as sent (without its fields, a tap of a page
    without scripts: the plan as shown) changed by the tap, checked; or why it changed nothing."""
    if not plan_writable(desk):
        return {
            **plan_context(desk),
            "plan_tap_message": _("The plan cannot be changed now: the tap set nothing."),
        }
    tap = PlanTapForm(query)
    tap.is_valid()
    entry = desk.read_form(query)
    if not any(key.startswith(ROUTE_PREFIX) or key == "mode" for key in query):
        entry = replace(entry, sheet=plan_context(desk)["plan_sheet"])
    message = tap_refusal(desk, tap.cleaned_data["mode"])
    try:
        if not message:
            entry, _found, message = map_click(
                entry,
                team_orders_check(desk, entry.sheet),
                tap.cleaned_data["hex"],
                side=desk.round.camp.board_side,
                checker=partial(team_orders_check, desk),
            )
        checked = team_check(desk, entry)
    except IslandsError as exc:  # the game is not set up (no board, no harbors)
        checked, message = {}, " ".join(exc.messages)
    ctx = plan_context(desk, typed=entry.sheet, version=entry.version, mode=entry.mode)
    return {**ctx, **checked, "plan_tap_message": message}


@never_cache
@require_GET
def team_plan_map(request: HttpRequest, token: str) -> HttpResponse:
    """A tap on the planning map (``?hex=`` and the form's values; htmx: the ``plan`` partial, else
    the page with it): the form changed by the tap, nothing stored; the team is the link's."""
    link = readable_link(token)
    if link is None:
        return _not_found(request)
    htmx = request.headers.get("HX-Request") == "true"
    if "hex" not in request.GET:  # the poll of a page shown at this address (a tap without htmx)
        return team_page(request, token) if htmx else redirect(reverse("islands_public:team", args=[token]))
    desk = PlanDesk.read(link)
    if desk is None:
        ctx = {"plan_open": False, "plan_message": _("The round is not open for orders now.")}
    else:
        ctx = plan_tapped(desk, request.GET)
    response = render(request, f"{TEMPLATE}#plan", ctx) if htmx else plan_page(request, link, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response
