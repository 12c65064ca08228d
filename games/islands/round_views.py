"""Staff pages for running a Golden Islands round (wired in ``admin.IslandsRoundAdmin.get_urls``).

Long (~1,300 lines) until the pages are split into a ``pages/`` package (issue 9, planned).

The evening, page by page (every page is one template with named partials for htmx):

- ``round``: the checklist of one round (placements → open → orders per team → resolve → after →
  close), with undo of the last resolved round and the export of the round file;
- ``orders``: one team's orders typed from its paper sheet, checked live while typing (htmx POST
  → ``check`` partial: problems, routes drawn on the map, AP left) and built by clicking the map
  (htmx GET with the form's values → ``editor`` partial); a plain POST stores them;
- ``resolve``: the preview of the whole round (nothing stored), then "Commit";
- ``after``: pending telescope choices (click a hex, confirm, or skip), map hints, public log, close;
- ``undo``: a confirmation page, then undo;
- ``import``: a round file as a new camp; ``standings``: the final standings (printable).

Views parse, call one service or selector, render. A user's mistake (or a tampered POST) becomes a
message on the page, never a 500 and never a partial write.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import takewhile
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from camp.adminpages import render_admin_page
from camp.models import DONE_STATUSES, Camp, Round, RoundStatus, Team
from games.islands import orders as islands_orders
from games.islands import results, selectors, words
from games.islands.engine import events as ee
from games.islands.engine.hexes import (
    DIRECTIONS,
    DIRECTIONS_FROM_CZECH,
    Hex,
    LabelError,
    direction_between,
    geometry,
)
from games.islands.engine.orders import STAY
from games.islands.engine.resolve import telescope_hexes
from games.islands.engine.state import BATTLESHIP_COST, CARGO_SHIP_COST, MAX_BATTLESHIPS, MAX_CARGO_SHIPS
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale
from games.islands.maps import style, svg, visibility
from games.islands.models import RoundResult, Ship, ShipKindChoice
from games.islands.printing.bundle import render_evening
from games.islands.printing.data import (
    SheetsUnavailable,
    master_sheet_for,
    notice_sheet_for,
    sheet_rounds,
    team_sheets_for,
)
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import render_team_sheets
from games.islands.public_views import group_events, standing_rows
from games.islands.services import round_files
from games.islands.services import rounds as round_services

#: Writing the game's state (open, orders, resolve, telescopes, undo, close, import).
PERMISSION = "islands.change_teamorders"
#: Who may read these pages (the staff map: hidden tiles, cargo, pirate draws; the round file).
#: ``IslandsRoundAdmin`` checks it for every page; the writes check :data:`PERMISSION` as well.
READ_PERMISSIONS = ("islands.view_islandsround", "islands.change_islandsround", PERMISSION)
#: Longest text accepted in one order field (a route of 99 AP with a seahorse is ~300 characters).
MAX_FIELD = 600
MAX_BUILD = 99
FIRE_MODE = "fire"

TEMPLATES = {
    "round": "islands/round.html",
    "orders": "islands/round_orders.html",
    "resolve": "islands/round_resolve.html",
    "after": "islands/round_after.html",
    "undo": "islands/round_undo.html",
    "import": "islands/round_import.html",
    "standings": "islands/standings.html",
}


def _check_perm(request: HttpRequest) -> None:
    if not request.user.has_perm(PERMISSION):
        raise PermissionDenied


def _round(round_id: int) -> Round:
    return get_object_or_404(Round.objects.select_related("camp"), pk=round_id)


def url(name: str, *args: object, **query: str) -> str:
    """``url("orders", round.pk, team.pk)`` -> the admin URL of one of these pages."""
    path = reverse(f"admin:islands_round_{name}", args=list(args))
    return f"{path}?{urlencode(query)}" if query else path


def _messages_of(exc: Exception) -> list[str]:
    """What a refusal says: every message of a ``ValidationError`` (``IslandsError``), else its text."""
    return list(getattr(exc, "messages", None) or [str(exc)])


def _errors(request: HttpRequest, exc: Exception) -> None:
    for message in _messages_of(exc):
        messages.error(request, message)


def _page(
    request: HttpRequest,
    model_admin: admin.ModelAdmin,  # type: ignore[type-arg]
    page: str,
    *,
    title: str,
    context: dict[str, Any],
    fragment: str | None,
    status: int = 200,
) -> HttpResponse:
    return render_admin_page(
        request,
        model_admin=model_admin,
        template=TEMPLATES[page],
        title=title,
        context=context,
        fragment=fragment,
        status=status,
    )


# ------------------------------------------------------------------------------------ the round page


@dataclass(frozen=True)
class Step:
    label: str
    url: str | None
    done: bool
    current: bool = False
    hint: str = ""
    action: str = ""
    children: tuple[dict[str, Any], ...] = field(default=())


def _at_least(round_: Round, status: str) -> bool:
    order = [s.value for s in RoundStatus]
    return order.index(round_.status) >= order.index(status)


def round_steps(round_: Round, overview: selectors.RoundOverview) -> list[Step]:
    """The evening's steps for one round, each with its link (None: not possible yet)."""
    placed = _at_least(round_, RoundStatus.MINIGAME_RECORDED)
    opened = _at_least(round_, RoundStatus.ORDERS_OPEN)
    resolved = _at_least(round_, RoundStatus.RESOLVED)
    closed = _at_least(round_, RoundStatus.CLOSED)
    teams = tuple(
        {
            "team": row.team,
            "colour": style.safe_colour(row.team.colour),
            "stored": row.has_orders,
            # Stored, but no longer passing the check (e.g. the placements changed the AP).
            "stale": row.problems,
            "ap": row.ap,
            "url": url("orders", round_.pk, row.team.pk) if opened else None,
        }
        for row in overview.teams
    )
    stored = sum(1 for t in teams if t["stored"])
    stale = sum(1 for t in teams if t["stale"])
    stored_hint = _("%(stored)d of %(total)d stored") % {"stored": stored, "total": len(teams)}
    if stale and not resolved:
        stored_hint += ", " + ngettext("%(n)d no longer fits", "%(n)d no longer fit", stale) % {"n": stale}
    pending = len(overview.pending_telescopes)
    return [
        Step(
            _("Record the placements (AP)"),
            reverse("admin:camp_round_placements", args=[round_.pk]) if round_.placements_editable else None,
            placed,
            current=not placed,
        ),
        Step(
            _("Open the round (draws the pirates' moves)"),
            None,
            opened,
            current=placed and not opened,
            action="open" if placed and not opened else "",
        ),
        Step(
            _("Type in every team's orders"),
            None,
            resolved or (opened and bool(teams) and stored == len(teams) and not stale),
            current=opened and not resolved,
            hint=stored_hint,
            children=teams,
        ),
        Step(
            _("Resolve the round (preview, then commit)"),
            url("resolve", round_.pk) if opened and not resolved else None,
            resolved,
            current=opened and not resolved,
        ),
        Step(
            _("After the round: telescopes, map hints, notice board, printed sheets"),
            url("after", round_.pk) if resolved else None,
            closed or (resolved and not pending),
            current=resolved and not closed,
            hint=ngettext("%(n)d telescope choice pending", "%(n)d telescope choices pending", pending)
            % {"n": pending}
            if pending
            else "",
        ),
        Step(
            _("Close the round"),
            None,
            closed,
            current=resolved and not closed and not pending,
            action="close" if overview.closable else "",
        ),
    ]


def round_page(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The evening checklist of one round; with htmx only its ``checklist`` partial."""
    round_ = _round(round_id)
    overview = selectors.round_overview(round_)
    context = {
        "round": round_,
        "camp": round_.camp,
        "steps": round_steps(round_, overview),
        "overview": overview,
        "can_undo": selectors.round_undoable(round_),
        "exportable": _at_least(round_, RoundStatus.ORDERS_OPEN),
        "public_url": reverse("islands_public:notice_board", args=[round_.camp_id]),
        "sheets": _sheets_links(request, round_, overview),
    }
    return _page(
        request,
        model_admin,
        "round",
        title=_("%(round)s – the evening") % {"round": round_},
        context=context,
        fragment="checklist",
    )


def _sheets_links(request: HttpRequest, round_: Round, overview: selectors.RoundOverview) -> dict[str, Any]:
    """The print buttons of the round page: available only from the round of the current state."""
    try:
        sheet_rounds(round_)
    except SheetsUnavailable as exc:
        return {"available": False, "why": str(exc)}
    return {
        "available": True,
        "all": url("sheets", round_.pk),
        "teams": [
            {
                "team": row.team,
                "colour": style.safe_colour(row.team.colour),
                "url": url("sheet", round_.pk, row.team.pk),
            }
            for row in overview.teams
        ],
        "master": url("master", round_.pk),
        "notice": url("notice", round_.pk),
        "evening": url("evening", round_.pk),
    }


@require_POST
def round_open(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    _check_perm(request)
    round_ = _round(round_id)
    try:
        round_services.round_open(round=round_)
    except IslandsError as exc:
        _errors(request, exc)
    else:
        messages.success(request, _("%(round)s is open: type in the teams' orders.") % {"round": round_})
    return HttpResponseRedirect(url("page", round_.pk))


@require_POST
def round_close(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Close the round: only with the box "Yes, close the round (cannot be undone)" ticked
    (``confirm``); without it a message and nothing changes. A closed round cannot be undone."""
    _check_perm(request)
    round_ = _round(round_id)
    if not request.POST.get("confirm"):
        messages.error(request, _("Tick “Yes, close the round (cannot be undone)” to close the round."))
        return HttpResponseRedirect(url("after", round_.pk))
    try:
        round_services.round_close(round=round_)
    except IslandsError as exc:
        _errors(request, exc)
        return HttpResponseRedirect(url("after", round_.pk))
    messages.success(request, _("%(round)s is closed.") % {"round": round_})
    return HttpResponseRedirect(url("page", round_.pk))


# ------------------------------------------------------------------------------------ order entry


@dataclass
class OrdersInput:
    """What staff typed for one team (raw text, as posted), plus the page's own switches."""

    build_cargo: str = "0"
    build_battleship: str = "0"
    routes: dict[str, str] = field(default_factory=dict)
    harbor: str = ""
    fire: str = ""
    mode: str = ""
    show_hidden: bool = False
    #: The stored orders' version the page showed ("0": none stored), posted back as ``v``.
    version: str = ""
    #: Problems found while reading the form itself (not numbers, too long, unknown ship).
    problems: list[str] = field(default_factory=list)

    def query(self) -> dict[str, str]:
        data = {
            "build_cargo": self.build_cargo,
            "build_battleship": self.build_battleship,
            "harbor": self.harbor,
            "fire": self.fire,
            "mode": self.mode,
        }
        data.update({f"route-{ident}": text for ident, text in self.routes.items()})
        if self.show_hidden:
            data["show_hidden"] = "1"
        return data


def _text(data: QueryDict, key: str, what: str, problems: list[str]) -> str:
    value = data.get(key, "") or ""
    if len(value) > MAX_FIELD:
        problems.append(
            _("%(what)s: the text is too long (%(length)d characters, at most %(max)d).")
            % {"what": what, "length": len(value), "max": MAX_FIELD}
        )
        return ""
    return value


def click_modes(ships: list[Ship]) -> list[str]:
    """What a click on the map may set, in the page's order: the route of each ship that may move
    this round, then the fire target if the team has a battleship (the engine refuses a shot
    without one, and a route that moves a held ship)."""
    modes = [s.ident for s in ships if not (s.mermaid or s.octopus)]
    if any(s.kind == ShipKindChoice.BATTLESHIP for s in ships):
        modes.append(FIRE_MODE)
    return modes


def read_orders(data: QueryDict, idents: list[str], modes: list[str]) -> OrdersInput:
    """The order form's fields, whatever was posted: never raises. ``modes``: the map-click modes
    on offer (:func:`click_modes`); any other mode becomes the first of them (or none)."""
    problems: list[str] = []
    routes: dict[str, str] = {}
    for ident in idents:
        routes[ident] = _text(data, f"route-{ident}", _("Route of %(ship)s") % {"ship": ident}, problems)
    for key in data:
        if key.startswith("route-") and key[6:] not in routes:
            problems.append(_("This team has no ship “%(ship)s”.") % {"ship": key[6:][:10]})
    mode = (data.get("mode") or "")[:10]
    if mode not in modes:
        mode = modes[0] if modes else ""
    return OrdersInput(
        build_cargo=_text(data, "build_cargo", _("Cargo ships to build"), problems)[:20],
        build_battleship=_text(data, "build_battleship", _("Battleships to build"), problems)[:20],
        routes=routes,
        harbor=_text(data, "harbor", _("Harbor moves"), problems),
        fire=_text(data, "fire", _("Fire at"), problems)[:20],
        mode=mode,
        show_hidden=bool(data.get("show_hidden")),
        version=(data.get("v") or "")[:20],
        problems=problems,
    )


def _orders_text(form: OrdersInput, *, routes: Mapping[str, str] | None = None) -> islands_orders.OrdersText:
    """The form's orders (with ``routes`` instead of the form's, if given), in the page's letters."""
    return islands_orders.OrdersText.typed(
        build_cargo=form.build_cargo,
        build_battleship=form.build_battleship,
        routes=form.routes if routes is None else routes,
        harbor=form.harbor,
        fire=form.fire,
        notation=_notation(),
    )


def _orders_check(
    round_: Round, team: Team, form: OrdersInput, *, routes: Mapping[str, str] | None = None
) -> islands_orders.OrdersCheck:
    """``orders_check`` on the form's values (with ``routes`` instead of the form's, if given)."""
    return islands_orders.orders_check(round=round_, team=team, text=_orders_text(form, routes=routes))


def _check(round_: Round, team: Team, form: OrdersInput) -> tuple[islands_orders.OrdersCheck, list[str]]:
    """``orders_check`` on the form's values; the form's own problems come with it."""
    return _orders_check(round_, team, form), list(form.problems)


def _drawable(
    round_: Round, team: Team, form: OrdersInput, check: islands_orders.OrdersCheck
) -> islands_orders.OrdersCheck:
    """The check whose routes the map draws: a route with a typo is drawn up to the typo."""
    broken = {p.ship for p in check.problems if p.code == "route_syntax" and p.ship}
    if not broken:
        return check
    valid = {STAY, *(DIRECTIONS_FROM_CZECH if words.czech_active() else DIRECTIONS)}
    routes = {}
    for ident, text in form.routes.items():
        tokens = text.replace(",", " ").replace(";", " ").split()
        routes[ident] = " ".join(takewhile(lambda t: t.upper() in valid, tokens))
    return _orders_check(round_, team, form, routes=routes)


def _notation() -> str:
    return "cs" if words.czech_active() else "en"


def _stored_input(round_: Round, team: Team, idents: list[str], modes: list[str]) -> OrdersInput:
    """The form filled from the stored orders (routes in the page's letters), or empty."""
    form = OrdersInput(routes={ident: "" for ident in idents}, mode=modes[0] if modes else "", version="0")
    stored = selectors.team_orders(round_, team)
    if stored is None:
        return form
    form.version = str(stored.version)
    text = islands_orders.stored_orders_text(stored, notation=_notation())
    form.build_cargo = str(text["build_cargo"])
    form.build_battleship = str(text["build_battleship"])
    for ident, route in text["routes"].items():
        if ident in form.routes:
            form.routes[ident] = route
    form.harbor = text["harbor"]
    form.fire = text["fire"]
    return form


def _stale_context(stored: Any) -> dict[str, Any]:
    """What another staff member stored while this page was open: who, when, and the orders."""
    text = islands_orders.stored_orders_text(stored, notation=_notation())
    return {
        "by": stored.updated_by.get_username() if stored.updated_by else "",
        "at": stored.updated_at,
        "build_cargo": text["build_cargo"],
        "build_battleship": text["build_battleship"],
        "routes": [(ident, route) for ident, route in text["routes"].items() if route],
        "harbor": text["harbor"],
        "fire": text["fire"],
    }


def _ship_rows(ships: list[Ship], bay_label: str, side: int) -> list[dict[str, Any]]:
    g = geometry(side)
    return [
        _ship_row(
            ident=ship.ident,
            battleship=ship.kind == "battleship",
            at=None if ship.q is None or ship.r is None else g.label(Hex(ship.q, ship.r)),
            bay_label=bay_label,
            chests=ship.chests,
            boat=ship.boat,
            seahorse=ship.seahorse,
            mermaid=ship.mermaid,
            octopus=ship.octopus,
        )
        for ship in ships
    ]


def _state_ship_rows(team: Any, g: Any) -> list[dict[str, Any]]:
    """The rows of :func:`_ship_rows` for an engine team (e.g. in the state before a round)."""
    ships = sorted(team.ships, key=lambda s: (s.id == "B", s.id))  # as on the sheet: C1 … C6, then B
    return [
        _ship_row(
            ident=ship.id,
            battleship=ship.kind.value == "battleship",
            at=None if ship.at is None else g.label(ship.at),
            bay_label=g.label(team.harbor),
            chests=ship.chests,
            boat=ship.boat,
            seahorse=ship.seahorse,
            mermaid=ship.mermaid,
            octopus=ship.octopus,
        )
        for ship in ships
    ]


def _ship_row(
    *,
    ident: str,
    battleship: bool,
    at: str | None,
    bay_label: str,
    chests: int,
    boat: int,
    seahorse: bool,
    mermaid: bool,
    octopus: bool,
) -> dict[str, Any]:
    flags = words.ship_flags(seahorse=seahorse, mermaid=mermaid, octopus=octopus, boat=boat)
    return {
        "ident": ident,
        "kind": _("battleship") if battleship else _("cargo ship"),
        "battleship": battleship,
        "at": _("in the harbor (%(bay)s)") % {"bay": bay_label} if at is None else at,
        "chests": chests,
        "room": 0 if battleship else 1 + boat,
        "flags": flags,
        "may_move": not (mermaid or octopus),
    }


#: One colour per ship on the order-entry map (all ships of one team would share the team colour).
SHIP_COLOURS = {
    "C1": "#d62828",
    "C2": "#1d4ed8",
    "C3": "#047857",
    "C4": "#9333ea",
    "C5": "#c2410c",
    "C6": "#0e7490",
    "B": "#111827",
}


def _orders_map(
    camp: Camp,
    team: Team,
    form: OrdersInput,
    check: Any,
    *,
    own_chests: Mapping[str, int],
    clickable: bool,
    page_url: str,
) -> dict[str, Any]:
    """The order-entry map: hidden tiles only when asked for; this team's routes and target on it."""
    if form.show_hidden:
        view = selectors.map_view_for_staff(camp)
    else:
        # The team's own cargo is no secret to the team at the laptop; others' cargo stays hidden.
        view = visibility.for_team(selectors.map_view_for_public(camp), team=team.name, cargo=own_chests)
    routes = []
    highlights = set()
    for ident, labels in _route_labels(check).items():
        if labels:
            routes.append(visibility.RouteView(points=tuple(labels), colour=SHIP_COLOURS.get(ident, "#222")))
            if ident == form.mode and len(labels) > 1:
                highlights.add(labels[-1])
    target = _fire_label(check)
    view = replace(
        view,
        routes=tuple(routes),
        target=target,
        highlights=frozenset(h for h in highlights if not h.startswith("Z")),
    )
    if clickable:
        view = view.clicking(page_url, "#editor")
    return {
        "map_svg": svg.render_svg(view),
        "legend": style.legend(staff=form.show_hidden),
    }


def _route_labels(check: islands_orders.OrdersCheck) -> dict[str, list[str]]:
    """Per ship, the labels its checked route passes (start first), as the service drew them."""
    return {plan.ship: list(plan.points) for plan in check.routes}


def _fire_label(check: islands_orders.OrdersCheck) -> str | None:
    return check.fire or None


def apply_click(form: OrdersInput, check: Any, label: str, *, side: int, start: Mapping[str, str]) -> str:
    """Change ``form`` for a click on hex ``label``; returns a message for the page ("" if none).

    In fire mode the hex becomes the target. In a ship's mode a neighbour of the route's end gets
    its direction appended; the end itself appends a stay (``.``).
    """
    g = geometry(side)
    try:
        clicked = g.parse(label)
    except LabelError:
        return _("“%(label)s” is not a hex of this board.") % {"label": label.strip()[:10]}
    if not g.on_board(clicked):
        return _("“%(label)s” is not a hex of this board.") % {"label": label.strip()[:10]}
    label = g.label(clicked)
    if not form.mode:
        return _("No ship may move this round and the team has no battleship: the map sets nothing.")
    if form.mode == FIRE_MODE:
        form.fire = label
        return ""
    ident = form.mode
    if ident not in form.routes:
        return _("Choose a ship first.")
    labels = _route_labels(check).get(ident) or []
    end_label = labels[-1] if labels else start.get(ident, "")
    try:
        end = g.parse(end_label)
    except LabelError:
        return _("Fix the route of %(ship)s first: its end is not known.") % {"ship": ident}
    tokens = form.routes[ident].split()
    if clicked == end:
        tokens.append(STAY)
    else:
        direction = direction_between(end, clicked)
        if direction is None:
            return _(
                "%(hex)s is not next to the end of %(ship)s's route (%(end)s): click a neighbouring hex."
            ) % {"hex": label, "ship": ident, "end": end_label}
        tokens.append(words.direction_label(direction))
    form.routes[ident] = " ".join(tokens)
    return ""


def orders_page(request: HttpRequest, round_id: int, team_id: int, *, model_admin: Any) -> HttpResponse:
    """One team's orders. GET: the page (``?hex=`` a map click, htmx: the ``editor`` partial);
    POST with htmx: the live ``check`` partial (nothing stored); plain POST: store the orders."""
    round_ = _round(round_id)
    camp = round_.camp
    team = get_object_or_404(Team, pk=team_id, camp_id=camp.pk)
    page_url = url("orders", round_.pk, team.pk)
    title = _("Orders of %(team)s – %(round)s") % {"team": team.name, "round": round_}
    if round_.status in DONE_STATUSES:
        if request.method == "POST" and not request.htmx:
            _check_perm(request)
            messages.error(request, _("The orders can no longer be changed: the round is not open."))
            return HttpResponseRedirect(page_url)
        return _played_orders_page(request, model_admin, round_, team, title=title, page_url=page_url)
    ships = list(Ship.objects.filter(team=team).order_by("ident"))
    ships.sort(key=lambda s: (s.ident == "B", s.ident))  # as on the sheet: C1 … C6, then B
    idents = [s.ident for s in ships]
    modes = click_modes(ships)
    editable = round_.status == RoundStatus.ORDERS_OPEN
    click_message = ""
    saved_problems: list[Any] = []
    stale: dict[str, Any] | None = None
    submitted = False
    try:
        if request.method == "POST":
            form = read_orders(request.POST, idents, modes)
            check, form_problems = _check(round_, team, form)
            if not request.htmx:
                _check_perm(request)
                submitted = True
                if not editable:
                    messages.error(request, _("The orders can no longer be changed: the round is not open."))
                    return HttpResponseRedirect(page_url)
                if not form_problems:
                    try:
                        round_services.orders_submit(
                            round=round_,
                            team=team,
                            text=_orders_text(form),
                            user=request.user,
                            version=int(form.version) if form.version.isdigit() else None,
                        )
                    except OrdersStale as exc:
                        stale = {"message": exc.messages[0], **_stale_context(exc.stored)}
                        # The next save replaces them: it is made knowing what is stored.
                        form.version = str(exc.stored.version)
                    except OrdersInvalid as exc:
                        saved_problems = list(exc.problems)
                    except IslandsError as exc:
                        form_problems.extend(exc.messages)
                    else:
                        messages.success(
                            request, _("The orders of %(team)s are stored.") % {"team": team.name}
                        )
                        return HttpResponseRedirect(url("page", round_.pk))
            fragment = "check"
        elif "hex" in request.GET:
            has_fields = any(k.startswith("route-") or k == "mode" for k in request.GET)
            form = (
                read_orders(request.GET, idents, modes)
                if has_fields
                else _stored_input(round_, team, idents, modes)
            )
            if not has_fields and request.GET.get("mode"):
                form.mode = read_orders(request.GET, idents, modes).mode
            check, form_problems = _check(round_, team, form)
            if editable:
                start = _starts(ships, camp, team)
                click_message = apply_click(
                    form,
                    _drawable(round_, team, form, check),
                    request.GET.get("hex", ""),
                    side=camp.board_side,
                    start=start,
                )
                check, form_problems = _check(round_, team, form)
            fragment = "editor"
        else:
            form = _stored_input(round_, team, idents, modes)
            check, form_problems = _check(round_, team, form)
            fragment = "editor"
    except IslandsError as exc:  # the game is not set up (no board, no harbors)
        return _page(
            request,
            model_admin,
            "orders",
            title=title,
            context={
                "round": round_,
                "camp": camp,
                "team": team,
                "here": team.name,
                "not_ready": exc.messages,
            },
            fragment=None,
        )

    own = {s.ident: s.chests for s in ships}
    drawn = _drawable(round_, team, form, check)
    context = {
        "round": round_,
        "camp": camp,
        "team": team,
        "here": team.name,
        "colour": style.safe_colour(team.colour),
        "form": form,
        "ships": _ship_rows(ships, _bay_label(team), camp.board_side),
        "route_fields": [
            {
                "ident": i,
                "value": form.routes.get(i, ""),
                "colour": SHIP_COLOURS.get(i, "#222"),
                "clickable": i in modes,
            }
            for i in idents
        ],
        # Without a battleship at the start of the round there is no shot: no field, no click mode
        # (a target typed or posted anyway is still shown, with the check's message).
        "fire_field": FIRE_MODE in modes or bool(form.fire),
        "fire_clickable": FIRE_MODE in modes,
        "click_modes": bool(modes),
        "editable": editable,
        "submitted": submitted,
        "stale": stale,
        "live": bool(request.htmx),
        "page_url": page_url,
        "click_message": click_message,
        "check": _check_context(check, form_problems, saved_problems, drawn=drawn),
        "fire_mode": FIRE_MODE,
        "cargo_cost": CARGO_SHIP_COST,
        "battleship_cost": BATTLESHIP_COST,
        "max_cargo": MAX_CARGO_SHIPS,
        "max_battleships": MAX_BATTLESHIPS,
        "directions": _direction_hint(),
        "stored": selectors.team_orders(round_, team) is not None,
        **_orders_map(
            camp,
            team,
            form,
            drawn,
            own_chests=own,
            clickable=editable and bool(modes),
            page_url=page_url,
        ),
    }
    return _page(
        request,
        model_admin,
        "orders",
        title=title,
        context=context,
        fragment=fragment,
    )


def _played_orders_page(
    request: HttpRequest,
    model_admin: Any,
    round_: Round,
    team: Team,
    *,
    title: str,
    page_url: str,
) -> HttpResponse:
    """A resolved or closed round's orders of one team, read-only: the stored orders as text, the
    team's ships and the map as they were *before* the round, the routes drawn from there (htmx:
    the ``editor`` partial; ``?show_hidden=1`` the staff map). Nothing on it can be changed."""
    camp = round_.camp
    show_hidden = bool(request.GET.get("show_hidden"))
    played = islands_orders.played_orders(round=round_, team=team, notation=_notation())
    context: dict[str, Any] = {
        "round": round_,
        "camp": camp,
        "team": team,
        "here": team.name,
        "colour": style.safe_colour(team.colour),
        "played": True,
        "editable": False,
        "stored": played.text is not None,
        "page_url": page_url,
        "show_hidden": show_hidden,
        "check": {"ap": islands_orders.team_ap(round_, team)},  # the page's header line reads it
        "cargo_cost": CARGO_SHIP_COST,
        "battleship_cost": BATTLESHIP_COST,
    }
    if played.text is not None:
        text = played.text
        context["orders_text"] = {
            "build_cargo": text["build_cargo"],
            "build_battleship": text["build_battleship"],
            "routes": [
                {"ident": ident, "route": route, "colour": SHIP_COLOURS.get(ident, "#222")}
                for ident, route in sorted(text["routes"].items(), key=lambda kv: (kv[0] == "B", kv[0]))
                if route
            ],
            "harbor": text["harbor"],
            "fire": text["fire"],
        }
    if played.state is not None and played.team is not None:
        g = played.state.geometry
        context["ships"] = _state_ship_rows(played.team, g)
        colours = dict(Team.objects.filter(camp_id=camp.pk).values_list("name", "colour"))
        view = selectors.map_view_of_state(played.state, colours, staff=show_hidden)
        if not show_hidden:  # the team's own cargo is no secret to the team at the laptop
            own = {s.id: s.chests for s in played.team.ships}
            view = visibility.for_team(view, team=team.name, cargo=own)
        if played.check is not None:
            check = played.check
            view = replace(
                view,
                routes=tuple(
                    visibility.RouteView(points=plan.points, colour=SHIP_COLOURS.get(plan.ship, "#222"))
                    for plan in check.routes
                    if len(plan.points) > 1
                ),
                target=check.fire,
            )
            context["summary"] = {
                "build_cost": check.build_cost,
                "steps": check.steps,
                "ap_left": check.ap_left,
                "harbor_path": list(check.harbor_path) if len(check.harbor_path) > 1 else [],
            }
        context["map_svg"] = svg.render_svg(view)
        context["legend"] = style.legend(staff=show_hidden)
    return _page(request, model_admin, "orders", title=title, context=context, fragment="editor")


def _bay_label(team: Team) -> str:
    harbor = getattr(team, "harbor", None)
    return harbor.bay_label if harbor is not None else "?"


def _starts(ships: list[Ship], camp: Camp, team: Team) -> dict[str, str]:
    g = geometry(camp.board_side)
    bay = _bay_label(team)
    return {s.ident: bay if s.q is None or s.r is None else g.label(Hex(s.q, s.r)) for s in ships}


def _direction_hint() -> str:
    letters = [words.direction_label(d) for d in ("N", "NE", "SE", "S", "SW", "NW")]
    return " ".join(letters)


def _check_context(
    check: islands_orders.OrdersCheck,
    form_problems: list[str],
    saved_problems: list[Any],
    *,
    drawn: islands_orders.OrdersCheck,
) -> dict[str, Any]:
    """What the ``check`` partial shows: every problem (ship, step), AP, cost, steps and AP left."""
    messages_seen: set[str] = set()
    problems = []
    for message in [
        *form_problems,
        *(p.message for p in check.problems),
        *(p.message for p in saved_problems),
    ]:
        if message not in messages_seen:
            messages_seen.add(message)
            problems.append(message)
    return {
        "problems": problems,
        "ok": not problems,
        "ap": check.ap,
        "build_cost": check.build_cost,
        "steps": check.steps,
        "ap_left": drawn.ap_left,  # a route with a typo counts up to the typo
        "harbor_path": list(check.harbor_path) if len(check.harbor_path) > 1 else [],
        "fire": _fire_label(check),
    }


# ------------------------------------------------------------------------------------ resolve


def resolve_page(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """GET: the preview of the round (nothing stored; htmx: the ``preview`` partial).
    POST: commit it (``round_services.round_resolve``); a second press is a message, not an error."""
    round_ = _round(round_id)
    if request.method == "POST":
        _check_perm(request)
        try:
            round_services.round_resolve(round=round_, user=request.user)
        except IslandsError as exc:
            _errors(request, exc)
            round_.refresh_from_db()
            if round_.status in DONE_STATUSES:
                return HttpResponseRedirect(url("after", round_.pk))
            return HttpResponseRedirect(url("resolve", round_.pk))
        messages.success(
            request, _("%(round)s is resolved. Now the telescopes and the map hints.") % {"round": round_}
        )
        return HttpResponseRedirect(url("after", round_.pk))

    context: dict[str, Any] = {"round": round_, "camp": round_.camp, "here": _("Resolve")}
    if round_.status in DONE_STATUSES:
        context["already"] = True
    elif round_.status != RoundStatus.ORDERS_OPEN:
        context["not_open"] = True
    else:
        try:
            preview = selectors.round_preview(round=round_)
        except IslandsError as exc:
            context["preview_error"] = _messages_of(exc)
        else:
            context.update(_preview_context(round_, preview))
    return _page(
        request,
        model_admin,
        "resolve",
        title=_("Resolve %(round)s") % {"round": round_},
        context=context,
        fragment="preview",
    )


def _preview_context(round_: Round, preview: selectors.RoundPreviewData) -> dict[str, Any]:
    """The preview: the staff event log grouped by step, the board after, standings, problems."""
    g = preview.state.geometry
    unsaved = RoundResult(round=round_, events=[ee.event_document(g, e) for e in preview.result.events])
    teams = {t.name: t for t in Team.objects.filter(camp_id=round_.camp_id)}
    ships_after = {t.name: len(t.ships) for t in preview.result.state.teams}
    standings = []
    for i, s in enumerate(preview.result.standings, start=1):
        team = teams.get(s.team)
        standings.append(
            {
                "rank": i,
                "team": s.team,
                "colour": style.safe_colour(team.colour if team else ""),
                "delivered": s.delivered,
                "ap_total": s.ap_total,
                "ships": ships_after.get(s.team, 0),
            }
        )
    team_problems = []
    for name, problems in preview.problems.items():
        team = teams.get(name)
        for problem in problems:
            team_problems.append(
                {
                    "team": name,
                    "message": problem.team_message,  # the row names the team
                    "url": url("orders", round_.pk, team.pk) if team else None,
                }
            )
    return {
        "events": group_events(results.result_events(unsaved, viewer="staff")),
        "map_svg": svg.render_svg(preview.map),
        "legend": style.legend(staff=True),
        "standings": standings,
        "team_problems": team_problems,
        "missing": preview.missing,
    }


# ------------------------------------------------------------------------------------ after the round


def after_page(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Telescopes, map hints and the public log of a resolved round.

    GET ``?ship=red.C1&hex=X``: a map click picks that telescope's hex (htmx: the ``telescopes``
    partial with the choice to confirm); ``?ship=red.C1&skip=1`` asks whether to skip it. POST
    ``action=choose``: store the choice; ``action=skip`` with ``confirm``: skip it (without
    ``confirm``: a message, nothing stored — one misclick must not throw a telescope away).

    The map is the public one (a team's runner is often at the table), with the picked hex and its
    neighbours highlighted; ``show_hidden=1`` (a box to tick, carried by every link and form of the
    page) shows the staff map with the hidden tiles.
    """
    round_ = _round(round_id)
    camp = round_.camp
    show_hidden = bool((request.POST if request.method == "POST" else request.GET).get("show_hidden"))
    keep = {"show_hidden": "1"} if show_hidden else {}
    if request.method == "POST":
        _check_perm(request)
        action = request.POST.get("action")
        ship = (request.POST.get("ship") or "")[:80]
        who = words.dotted_who_label(ship) if ship else "—"
        try:
            if action == "skip" and not request.POST.get("confirm"):
                messages.error(
                    request, _("Skipping the telescope of %(ship)s needs a confirmation.") % {"ship": who}
                )
            elif action == "skip":
                round_services.telescope_skip(round=round_, ship=ship)
                messages.success(request, _("Telescope of %(ship)s skipped.") % {"ship": who})
            elif action == "choose":
                label = (request.POST.get("hex") or "")[:10]
                choice = round_services.telescope_choose(round=round_, ship=ship, label=label)
                messages.success(
                    request,
                    _("Telescope of %(ship)s: %(hex)s and its neighbours are revealed.")
                    % {"ship": who, "hex": choice.hex},
                )
            else:
                messages.error(request, _("Choose a hex or skip the telescope."))
        except IslandsError as exc:
            _errors(request, exc)
        return HttpResponseRedirect(url("after", round_.pk, **keep))

    overview = selectors.round_overview(round_)
    result = overview.result
    pending = [f"{t.team}.{t.ship}" for t in overview.pending_telescopes]
    chosen_ship = (request.GET.get("ship") or "")[:80]
    if chosen_ship not in pending:
        chosen_ship = pending[0] if pending else ""
    g = geometry(camp.board_side)
    picked, message = "", ""
    if "hex" in request.GET and chosen_ship:
        raw = (request.GET.get("hex") or "")[:10]
        try:
            h = g.parse(raw)
            if not g.on_board(h):
                raise LabelError(raw)
            picked = g.label(h)
        except LabelError:
            message = _("“%(label)s” is not a hex of this board.") % {"label": raw.strip()}
    asking_skip = bool(chosen_ship and not picked and request.GET.get("skip"))

    context: dict[str, Any] = {
        "round": round_,
        "camp": camp,
        "here": _("After the round"),
        "result": result,
        "pending": [{"key": p, "label": words.dotted_who_label(p)} for p in pending],
        "chosen_ship": chosen_ship,
        "chosen_label": words.dotted_who_label(chosen_ship) if chosen_ship else "",
        "done_telescopes": [t for t in overview.telescopes if not t.open],
        "picked": picked,
        "asking_skip": asking_skip,
        "show_hidden": show_hidden,
        # Appended to the page's own links (each starts with ``?ship=…``), so the box stays as set.
        "keep_hidden": "&show_hidden=1" if show_hidden else "",
        "message": message,
        "can_close": overview.closable,
        "resolved": round_.status == RoundStatus.RESOLVED,
        "closed": round_.status == RoundStatus.CLOSED,
        "public_url": reverse("islands_public:notice_board", args=[camp.pk]),
        "sheets": _sheets_links(request, round_, overview),
    }
    if result is not None:
        view = selectors.map_view_for_staff(camp) if show_hidden else selectors.map_view_for_public(camp)
        if picked:
            centre = g.parse(picked)
            view = replace(view, highlights=frozenset(g.label(x) for x in telescope_hexes(g, centre)))
        if chosen_ship and round_.status == RoundStatus.RESOLVED:
            view = view.clicking(url("after", round_.pk, ship=chosen_ship, **keep), "#telescopes")
        hint_rows = []
        for row in overview.teams:
            for hint in results.team_hints(result, row.team):
                hint_rows.append(
                    {
                        "team": row.team.name,
                        "colour": style.safe_colour(row.team.colour),
                        "ship": hint.ship,
                        "origin": hint.origin,
                        "point": hint.point_label,
                    }
                )
        context.update(
            map_svg=svg.render_svg(view),
            legend=style.legend(staff=show_hidden),
            public_events=group_events(results.result_events(result, viewer="public")),
            hint_rows=hint_rows,
        )
    return _page(
        request,
        model_admin,
        "after",
        title=_("After %(round)s") % {"round": round_},
        context=context,
        fragment="telescopes",
    )


# ------------------------------------------------------------------------------------ undo


def undo_page(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """GET: what undoing does, with a confirmation box (htmx: the ``confirm`` partial).
    POST with ``confirm``: ``round_services.round_undo``; the orders stay."""
    round_ = _round(round_id)
    if request.method == "POST":
        _check_perm(request)
        if not request.POST.get("confirm"):
            messages.error(request, _("Tick the box to confirm the undo."))
            return HttpResponseRedirect(url("undo", round_.pk))
        try:
            round_services.round_undo(round=round_, user=request.user)
        except IslandsError as exc:
            _errors(request, exc)
            return HttpResponseRedirect(url("page", round_.pk))
        messages.success(
            request,
            _("%(round)s is undone: the board is as it was before it. The orders are kept.")
            % {"round": round_},
        )
        return HttpResponseRedirect(url("page", round_.pk))
    context = {
        "round": round_,
        "camp": round_.camp,
        "here": _("Undo"),
        "can_undo": selectors.round_undoable(round_),
    }
    return _page(
        request,
        model_admin,
        "undo",
        title=_("Undo %(round)s") % {"round": round_},
        context=context,
        fragment="confirm",
    )


# ------------------------------------------------------------------------------------ export / import

JSON_TYPE = "application/json; charset=utf-8"


def _download(content: str | bytes, *, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export_name(round_: Round) -> str:
    return f"zlate-ostrovy-{slugify(str(round_.camp))[:40] or 'camp'}-round-{round_.number}.json"


def export_round(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The round as a ``zlate-ostrovy/1`` file (download)."""
    round_ = _round(round_id)
    try:
        text = round_files.round_export(round=round_)
    except IslandsError as exc:
        _errors(request, exc)
        return HttpResponseRedirect(url("page", round_.pk))
    return _download(text, content_type=JSON_TYPE, filename=_export_name(round_))


def export_rounds_response(request: HttpRequest, rounds: QuerySet[Round]) -> HttpResponse | None:
    """The admin action: one file for one round, a zip of files for several."""
    chosen = list(rounds.select_related("camp").order_by("camp_id", "number"))
    files: list[tuple[str, str]] = []
    for round_ in chosen:
        try:
            files.append((_export_name(round_), round_files.round_export(round=round_)))
        except IslandsError as exc:
            for message in _messages_of(exc):
                messages.error(request, f"{round_}: {message}")
    if not files:
        return None
    if len(files) == 1:
        name, text = files[0]
        return _download(text, content_type=JSON_TYPE, filename=name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files:
            archive.writestr(name, text)
    return _download(buffer.getvalue(), content_type="application/zip", filename="zlate-ostrovy-rounds.zip")


MAX_IMPORT_BYTES = 2_000_000


def import_page(request: HttpRequest, *, model_admin: Any) -> HttpResponse:
    """A round file (upload or pasted) as a new camp run; every problem with its JSON path."""
    problems: list[str] = []
    text = ""
    name = ""
    if request.method == "POST":
        _check_perm(request)
        name = (request.POST.get("name") or "").strip()[:200]
        upload = request.FILES.get("file")
        if upload is not None:
            if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
                problems.append(_("The file is too large (at most 2 MB)."))
            else:
                try:
                    text = upload.read().decode("utf-8-sig")
                except UnicodeDecodeError:
                    problems.append(_("The file is not UTF-8 text: is it a zlate-ostrovy/1 JSON file?"))
        else:
            text = request.POST.get("text") or ""
        if not problems and not text.strip():
            problems.append(_("Choose a file or paste its text."))
        if not problems and not name:
            problems.append(_("Give the new camp run a name."))
        if not problems:
            try:
                camp = round_files.camp_import_round(text=text, name=name)
            except IslandsError as exc:
                problems.extend(_messages_of(exc))
            else:
                messages.success(request, _("Imported as the new camp run “%(camp)s”.") % {"camp": camp})
                return HttpResponseRedirect(reverse("admin:islands_boardsetup_camp", args=[camp.pk]))
    context = {
        "problems": problems,
        "text": text if len(text) < 200_000 else "",
        "name": name,
        "submitted": request.method == "POST",
    }
    return _page(
        request,
        model_admin,
        "import",
        title=_("Import a round file"),
        context=context,
        fragment="result",
        status=200,
    )


# ------------------------------------------------------------------------------------ standings


def standings_page(request: HttpRequest, camp_id: int, *, model_admin: Any) -> HttpResponse:
    """The camp's standings (staff, printable): chests delivered, AP received, ships afloat."""
    camp = get_object_or_404(Camp, pk=camp_id)
    context = {"camp": camp, "rows": standing_rows(camp)}
    return _page(
        request,
        model_admin,
        "standings",
        title=_("Standings – %(camp)s") % {"camp": camp},
        context=context,
        fragment="standings",
    )


# ------------------------------------------------------------------------------------ printed sheets


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def _sheets_refused(request: HttpRequest, round_: Round, exc: SheetsUnavailable) -> HttpResponse:
    messages.error(request, str(exc))
    return HttpResponseRedirect(url("page", round_.pk))


def _team_sheets_pdf(
    request: HttpRequest, round_: Round, teams: list[Team] | None, name: str
) -> HttpResponse:
    # Team sheets go to the children: always in the camp's language (Czech), whatever the staff use.
    with translation.override(settings.LANGUAGE_CODE):
        try:
            data = team_sheets_for(round_, teams)
        except SheetsUnavailable as exc:
            return _sheets_refused(request, round_, exc)
        content = render_team_sheets(data, font_dir=settings.PDF_FONT_DIR)
    return _pdf(content, f"zlate-ostrovy-round-{round_.number}-{name}.pdf")


@require_GET
def team_sheets_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Every team's map sheet and order form in one PDF (each sheet holds only what its team may
    know)."""
    round_ = _round(round_id)
    return _team_sheets_pdf(request, round_, None, "teams")


@require_GET
def team_sheet_pdf(request: HttpRequest, round_id: int, team_id: int, *, model_admin: Any) -> HttpResponse:
    """One team's map sheet and order form."""
    round_ = _round(round_id)
    team = get_object_or_404(Team, pk=team_id, camp_id=round_.camp_id)
    return _team_sheets_pdf(request, round_, [team], f"team-{slugify(team.name)[:40] or team.pk}")


@require_GET
def master_sheet_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The staff master sheet: everything, hidden tiles included."""
    round_ = _round(round_id)
    try:
        data = master_sheet_for(round_)
    except SheetsUnavailable as exc:
        return _sheets_refused(request, round_, exc)
    return _pdf(
        render_master_sheet(data, font_dir=settings.PDF_FONT_DIR),
        f"zlate-ostrovy-round-{round_.number}-staff.pdf",
    )


# ------------------------------------------------------------------------------ tonight's printing


@require_GET
def notice_sheet_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The notice-board sheet: standings, the public map, the round's public events, the AP of the
    resolved rounds (public data only: it is pinned up in the dining hall)."""
    round_ = _round(round_id)
    with translation.override(settings.LANGUAGE_CODE):  # pinned up for the children: Czech
        try:
            data = notice_sheet_for(round_)
        except SheetsUnavailable as exc:
            return _sheets_refused(request, round_, exc)
        content = render_notice_sheet(data, font_dir=settings.PDF_FONT_DIR)
    return _pdf(content, f"zlate-ostrovy-round-{round_.number}-notice-board.pdf")


@require_GET
def evening_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Tonight's printing in one PDF, in hand-out order: each team's map sheet and order form, the
    notice-board sheet, a "jen pro vedoucí" page, the staff master sheet last."""
    round_ = _round(round_id)
    with translation.override(settings.LANGUAGE_CODE):
        try:
            teams, notice = team_sheets_for(round_), notice_sheet_for(round_)
            master = master_sheet_for(round_)
        except SheetsUnavailable as exc:
            return _sheets_refused(request, round_, exc)
        content = render_evening(teams, notice, master, font_dir=settings.PDF_FONT_DIR)
    return _pdf(content, f"zlate-ostrovy-round-{round_.number}-tonight.pdf")
