"""One team's orders, typed from its paper sheet (one template, ``islands/round_orders.html``).

GET: the page, the form filled from the stored orders; ``?hex=`` with the form's values is a map
click (htmx: the ``editor`` partial, built by :func:`.orders_map.apply_click`). POST with htmx: the
live check while typing (the ``check`` partial: problems, routes drawn on the map, AP left; nothing
stored). A plain POST stores the orders (``round_services.orders_submit``), refused with the page
kept when another staff member stored newer ones meanwhile. A resolved or closed round's orders
are shown as played, read-only. The fields are read by :class:`games.islands.forms.OrdersForm`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from itertools import takewhile
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Camp, Round, RoundStatus, Team
from camp.request_memo import consistent_reads
from games.islands import orders as islands_orders
from games.islands import selectors, words
from games.islands.engine.hexes import (
    DIRECTIONS,
    DIRECTIONS_FROM_CZECH,
    Hex,
    geometry,
)
from games.islands.engine.orders import STAY
from games.islands.engine.state import BATTLESHIP_COST, CARGO_SHIP_COST, MAX_BATTLESHIPS, MAX_CARGO_SHIPS
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale
from games.islands.forms import FIRE_MODE, OrdersInput, click_modes, read_orders
from games.islands.maps import style, svg, visibility
from games.islands.models import Ship
from games.islands.pages.links import url
from games.islands.pages.orders_map import (
    apply_click,
    fire_label,
    orders_map,
    ship_rows,
    state_ship_rows,
)
from games.islands.pages.shared import (
    check_perm,
    render_page,
    rendered_consistently,
    round_or_404,
)
from games.islands.services import rounds as round_services

TEMPLATE = "islands/round_orders.html"


def _orders_text(
    form: OrdersInput, *, notation: islands_orders.Notation, routes: Mapping[str, str] | None = None
) -> islands_orders.OrdersText:
    """The form's orders (with ``routes`` instead of the form's, if given), in the camp's letters."""
    return islands_orders.OrdersText.typed(
        build_cargo=form.build_cargo,
        build_battleship=form.build_battleship,
        routes=form.routes if routes is None else routes,
        harbor=form.harbor,
        fire=form.fire,
        notation=notation,
    )


def _orders_check(
    round_: Round, team: Team, form: OrdersInput, *, routes: Mapping[str, str] | None = None
) -> islands_orders.OrdersCheck:
    """``orders_check`` on the form's values (with ``routes`` instead of the form's, if given)."""
    text = _orders_text(form, notation=islands_orders.camp_notation(round_.camp), routes=routes)
    return islands_orders.orders_check(round=round_, team=team, text=text)


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
    valid = {
        STAY,
        *(DIRECTIONS_FROM_CZECH if islands_orders.camp_notation(round_.camp) == "cs" else DIRECTIONS),
    }
    routes = {}
    for ident, text in form.routes.items():
        tokens = text.replace(",", " ").replace(";", " ").split()
        routes[ident] = " ".join(takewhile(lambda t: t.upper() in valid, tokens))
    return _orders_check(round_, team, form, routes=routes)


def _stored_input(round_: Round, team: Team, idents: list[str], modes: list[str]) -> OrdersInput:
    """The form filled from the stored orders (routes in the camp's letters), or empty."""
    form = OrdersInput(routes={ident: "" for ident in idents}, mode=modes[0] if modes else "", version="0")
    stored = selectors.team_orders(round_, team)
    if stored is None:
        return form
    form.version = str(stored.version)
    text = islands_orders.stored_orders_text(stored, notation=islands_orders.camp_notation(round_.camp))
    form.build_cargo = str(text["build_cargo"])
    form.build_battleship = str(text["build_battleship"])
    for ident, route in text["routes"].items():
        if ident in form.routes:
            form.routes[ident] = route
    form.harbor = text["harbor"]
    form.fire = text["fire"]
    return form


def _stale_context(stored: Any, *, notation: islands_orders.Notation) -> dict[str, Any]:
    """What another staff member stored while this page was open: who, when, and the orders."""
    text = islands_orders.stored_orders_text(stored, notation=notation)
    return {
        "by": stored.updated_by.get_username() if stored.updated_by else "",
        "at": stored.updated_at,
        "build_cargo": text["build_cargo"],
        "build_battleship": text["build_battleship"],
        "routes": [(ident, route) for ident, route in text["routes"].items() if route],
        "harbor": text["harbor"],
        "fire": text["fire"],
    }


@dataclass
class Entry:
    """One request of the order page, as far as it got: the orders as typed (``form``), their check
    and the problems to show, and what the page says about a save or a map click."""

    form: OrdersInput
    check: islands_orders.OrdersCheck
    form_problems: list[str]
    fragment: str = "editor"
    saved_problems: list[Any] = field(default_factory=list)
    stale: dict[str, Any] | None = None
    submitted: bool = False
    click_message: str = ""


@dataclass(frozen=True)
class OrdersPage:
    """What every request of the order page starts from: the round, the team and its ships (as on
    the sheet: C1 … C6, then B) with the map's click modes, its title and address."""

    round: Round
    team: Team
    ships: list[Ship]
    modes: list[str]

    @classmethod
    def read(cls, round_id: int, team_id: int) -> OrdersPage:
        round_ = round_or_404(round_id)
        team = get_object_or_404(Team, pk=team_id, camp_id=round_.camp_id)
        ships = list(Ship.objects.filter(team=team).order_by("ident"))
        ships.sort(key=lambda s: (s.ident == "B", s.ident))
        return cls(round_, team, ships, click_modes(ships))

    @property
    def idents(self) -> list[str]:
        return [s.ident for s in self.ships]

    @property
    def title(self) -> str:
        return _("Orders of %(team)s – %(round)s") % {"team": self.team.name, "round": self.round}

    @property
    def url(self) -> str:
        return url("orders", self.round.pk, self.team.pk)


def orders_page(request: HttpRequest, round_id: int, team_id: int, *, model_admin: Any) -> HttpResponse:
    """One team's orders. GET: the page (``?hex=`` a map click, htmx: the ``editor`` partial);
    POST with htmx: the live ``check`` partial (nothing stored); plain POST: store the orders.

    Each read of the page is of one moment (:func:`.shared.rendered_consistently`): a round resolved
    or undone meanwhile shows as it is now (its orders as played, or open again)."""
    if request.method == "POST" and not request.htmx:
        return _save(request, model_admin, round_id, team_id)
    return rendered_consistently(lambda: _shown(request, model_admin, OrdersPage.read(round_id, team_id)))


def _shown(request: HttpRequest, model_admin: Any, page: OrdersPage) -> HttpResponse:
    """The page, its map click or its live check (nothing stored)."""
    round_ = page.round
    if round_.status in DONE_STATUSES:
        return _played_orders_page(request, model_admin, page)
    try:
        if request.method == "POST":
            entry = _typed(round_, page.team, read_orders(request.POST, page.idents, page.modes))
        elif "hex" in request.GET:
            entry = _clicked(round_, page.team, page.ships, page.modes, request.GET)
        else:
            form = _stored_input(round_, page.team, page.idents, page.modes)
            entry = Entry(form, *_check(round_, page.team, form))
    except IslandsError as exc:  # the game is not set up (no board, no harbors)
        return _not_ready(request, model_admin, page, exc)
    return _entry_page(request, model_admin, page, entry)


def _save(request: HttpRequest, model_admin: Any, round_id: int, team_id: int) -> HttpResponse:
    """Store the posted orders (``round_services.orders_submit``, outside any read: it writes). What
    was posted is checked first; when the orders are not stored, the page shows why, read afresh:
    the round may have been resolved meanwhile."""
    with consistent_reads():
        page = OrdersPage.read(round_id, team_id)
        check_perm(request)
        if page.round.status != RoundStatus.ORDERS_OPEN:
            messages.error(request, _("The orders can no longer be changed: the round is not open."))
            return HttpResponseRedirect(page.url)
        try:
            entry = _typed(page.round, page.team, read_orders(request.POST, page.idents, page.modes))
        except IslandsError as exc:  # the game is not set up (no board, no harbors)
            return rendered_consistently(lambda error=exc: _not_ready(request, model_admin, page, error))
    if not entry.form_problems and _store(request, page.round, page.team, entry):
        messages.success(request, _("The orders of %(team)s are stored.") % {"team": page.team.name})
        return HttpResponseRedirect(url("page", page.round.pk))
    return rendered_consistently(lambda: _not_stored(request, model_admin, round_id, team_id, entry))


def _not_stored(
    request: HttpRequest, model_admin: Any, round_id: int, team_id: int, entry: Entry
) -> HttpResponse:
    """The page of orders that were not stored, with why; if the round is no longer open (it was
    resolved while the orders were typed), that as a message over the page as it is now."""
    page = OrdersPage.read(round_id, team_id)
    if page.round.status != RoundStatus.ORDERS_OPEN:
        messages.error(request, _("The orders can no longer be changed: the round is not open."))
        return HttpResponseRedirect(page.url)
    entry.check = _orders_check(page.round, page.team, entry.form)  # of the rows the page shows now
    return _entry_page(request, model_admin, page, entry)


def _not_ready(request: HttpRequest, model_admin: Any, page: OrdersPage, exc: IslandsError) -> HttpResponse:
    """Why the orders cannot be typed yet (the game is not set up)."""
    context = {"round": page.round, "camp": page.round.camp, "team": page.team, "here": page.team.name}
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=page.title,
        context={**context, "not_ready": exc.messages},
        fragment=None,
    )


def _entry_page(request: HttpRequest, model_admin: Any, page: OrdersPage, entry: Entry) -> HttpResponse:
    context = _entry_context(request, page.round, page.team, page.ships, page.modes, entry, page_url=page.url)
    return render_page(
        request, model_admin, TEMPLATE, title=page.title, context=context, fragment=entry.fragment
    )


def _typed(round_: Round, team: Team, form: OrdersInput) -> Entry:
    """Orders posted: checked (the htmx ``check`` partial while typing; or a save)."""
    return Entry(form, *_check(round_, team, form), fragment="check")


def _store(request: HttpRequest, round_: Round, team: Team, entry: Entry) -> bool:
    """Store the posted orders; False, with what the page must show, if they were not stored."""
    entry.submitted = True
    form = entry.form
    try:
        round_services.orders_submit(
            round=round_,
            team=team,
            text=_orders_text(form, notation=islands_orders.camp_notation(round_.camp)),
            user=request.user,
            version=int(form.version) if form.version.isdigit() else None,
        )
    except OrdersStale as exc:
        entry.stale = {
            "message": exc.messages[0],
            **_stale_context(exc.stored, notation=islands_orders.camp_notation(round_.camp)),
        }
        # The next save replaces them: it is made knowing what is stored.
        form.version = str(exc.stored.version)
    except OrdersInvalid as exc:
        entry.saved_problems = list(exc.problems)
    except IslandsError as exc:
        entry.form_problems.extend(exc.messages)
    else:
        return True
    return False


def _clicked(round_: Round, team: Team, ships: list[Ship], modes: list[str], query: QueryDict) -> Entry:
    """A click on the map (``?hex=``), with the form's values (or, without them, the stored orders
    in the click ``mode`` asked for): the form changed by the click, checked again."""
    idents = [s.ident for s in ships]
    has_fields = any(k.startswith("route-") or k == "mode" for k in query)
    form = read_orders(query, idents, modes) if has_fields else _stored_input(round_, team, idents, modes)
    if not has_fields and query.get("mode"):
        form.mode = read_orders(query, idents, modes).mode
    entry = Entry(form, *_check(round_, team, form))
    if round_.status == RoundStatus.ORDERS_OPEN:
        camp = round_.camp
        entry.click_message = apply_click(
            form,
            _drawable(round_, team, form, entry.check),
            query.get("hex", ""),
            side=camp.board_side,
            start=_starts(ships, camp, team),
            notation=islands_orders.camp_notation(camp),
        )
        entry.check, entry.form_problems = _check(round_, team, form)
    return entry


def _entry_context(
    request: HttpRequest,
    round_: Round,
    team: Team,
    ships: list[Ship],
    modes: list[str],
    entry: Entry,
    *,
    page_url: str,
) -> dict[str, Any]:
    """What the order page shows: the fields, the ships, the check and the map with the routes."""
    camp = round_.camp
    form = entry.form
    editable = round_.status == RoundStatus.ORDERS_OPEN
    drawn = _drawable(round_, team, form, entry.check)
    return {
        "round": round_,
        "camp": camp,
        "team": team,
        "here": team.name,
        "colour": style.safe_colour(team.colour),
        "form": form,
        "ships": ship_rows(ships, _bay_label(team), camp.board_side),
        "route_fields": [
            {
                "ident": s.ident,
                "value": form.routes.get(s.ident, ""),
                "colour": style.safe_colour(team.colour),
                "dash": style.route_dash(s.ident),
                "clickable": s.ident in modes,
            }
            for s in ships
        ],
        # Without a battleship at the start of the round there is no shot: no field, no click mode
        # (a target typed or posted anyway is still shown, with the check's message).
        "fire_field": FIRE_MODE in modes or bool(form.fire),
        "fire_clickable": FIRE_MODE in modes,
        "click_modes": bool(modes),
        "editable": editable,
        "submitted": entry.submitted,
        "stale": entry.stale,
        "live": bool(request.htmx),
        "page_url": page_url,
        "click_message": entry.click_message,
        "check": _check_context(entry.check, entry.form_problems, entry.saved_problems, drawn=drawn),
        "fire_mode": FIRE_MODE,
        "cargo_cost": CARGO_SHIP_COST,
        "battleship_cost": BATTLESHIP_COST,
        "max_cargo": MAX_CARGO_SHIPS,
        "max_battleships": MAX_BATTLESHIPS,
        "directions": _direction_hint(islands_orders.camp_notation(round_.camp)),
        "route_letters": words.notation_name(islands_orders.camp_notation(round_.camp)),
        "stored": selectors.team_orders(round_, team) is not None,
        **orders_map(
            round_,
            team,
            form,
            drawn,
            own_chests={s.ident: s.chests for s in ships},
            clickable=editable and bool(modes),
            page_url=page_url,
        ),
    }


def _played_orders_page(request: HttpRequest, model_admin: Any, page: OrdersPage) -> HttpResponse:
    """A resolved or closed round's orders of one team, read-only: the stored orders as text, the
    team's ships and the map as they were *before* the round, the routes drawn from there (htmx:
    the ``editor`` partial; ``?show_hidden=1`` the staff map). Nothing on it can be changed."""
    round_, team, title, page_url = page.round, page.team, page.title, page.url
    camp = round_.camp
    show_hidden = bool(request.GET.get("show_hidden"))
    notation = islands_orders.camp_notation(round_.camp)
    played = islands_orders.played_orders(round=round_, team=team, notation=notation)
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
                {
                    "ident": ident,
                    "route": route,
                    "colour": style.safe_colour(team.colour),
                    "dash": style.route_dash(ident),
                }
                for ident, route in sorted(text["routes"].items(), key=lambda kv: (kv[0] == "B", kv[0]))
                if route
            ],
            "harbor": text["harbor"],
            "fire": text["fire"],
        }
    if played.state is not None and played.team is not None:
        g = played.state.geometry
        context["ships"] = state_ship_rows(played.team, g)
        view = selectors.map_view_of_state(played.state, selectors.team_looks(camp.pk), staff=show_hidden)
        if not show_hidden:  # the team's own cargo is no secret to the team at the laptop
            own = {s.id: s.chests for s in played.team.ships}
            view = visibility.for_team(view, team=team.name, cargo=own)
        if played.check is not None:
            check = played.check
            view = replace(
                view,
                routes=tuple(
                    visibility.RouteView(
                        points=plan.points,
                        colour=style.safe_colour(team.colour),
                        dash=style.route_dash(plan.ship),
                    )
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
        context["team_key"] = svg.team_key(view)
        context["legend"] = style.legend(staff=show_hidden)
    return render_page(request, model_admin, TEMPLATE, title=title, context=context, fragment="editor")


def _bay_label(team: Team) -> str:
    harbor = getattr(team, "harbor", None)
    return harbor.bay_label if harbor is not None else "?"


def _starts(ships: list[Ship], camp: Camp, team: Team) -> dict[str, str]:
    g = geometry(camp.board_side)
    bay = _bay_label(team)
    return {s.ident: bay if s.q is None or s.r is None else g.label(Hex(s.q, s.r)) for s in ships}


def _direction_hint(notation: islands_orders.Notation) -> str:
    """The six letters the page reads, north first (the camp's sheets' letters)."""
    return " ".join(words.route_letter(d, notation) for d in ("N", "NE", "SE", "S", "SW", "NW"))


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
        "fire": fire_label(check),
        "warnings": [] if problems else [w.message for w in check.warnings],
    }
