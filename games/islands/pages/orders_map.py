"""What the order page shows of a sheet: the team's ships (a table row each), the map with this
team's routes and target drawn on it, what a click on the map does to the sheet, the fields, the
check's summary, and stored orders (another's meanwhile, or a resolved round's) as text. The team's
own plan form (``team.py``) draws its planning map and takes its clicks with the same functions
(:func:`team_orders_map`, :func:`map_click`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from camp.models import Camp, Round, Team
from games.islands import orders as islands_orders
from games.islands import words
from games.islands.engine import state as es
from games.islands.engine.hexes import BoardGeometry, LabelError, direction_between, geometry
from games.islands.engine.notation import STAY, Alphabet, Route, ShipId, sheet_order
from games.islands.engine.state import (
    BATTLESHIP_COST,
    CARGO_SHIP_COST,
    MAX_BATTLESHIPS,
    MAX_CARGO_SHIPS,
    ShipKind,
    capacity,
)
from games.islands.forms.orders import FIRE_MODE, OrderEntry
from games.islands.maps import style, svg, visibility
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.selectors.maps import map_view_before, map_view_of_state, team_looks


def ship_rows(team: es.Team, g: BoardGeometry) -> list[dict[str, Any]]:
    """A row per ship of the team (``islands/_ships_table.html``), as on the sheet (C1 … C6, then
    B): where it is, its cargo and room, what holds or helps it."""
    rows = []
    for ship in sorted(team.ships, key=lambda s: sheet_order(s.id)):
        battleship = ship.kind is ShipKind.BATTLESHIP
        bay = g.label(team.harbor)
        rows.append(
            {
                "ident": ship.id,
                "kind": _("battleship") if battleship else _("cargo ship"),
                "battleship": battleship,
                "at": _("in the harbor (%(bay)s)") % {"bay": bay} if ship.at is None else g.label(ship.at),
                "chests": ship.chests,
                "room": capacity(ship.kind, ship.boat),
                "flags": words.ship_flags(
                    seahorse=ship.seahorse, mermaid=ship.mermaid, octopus=ship.octopus, boat=ship.boat
                ),
                "may_move": ship.may_move,
            }
        )
    return rows


def _routes_drawn(check: islands_orders.OrdersCheck, colour: str) -> tuple[visibility.RouteView, ...]:
    return tuple(
        visibility.RouteView(points=plan.points, colour=colour, dash=style.route_dash(plan.ship))
        for plan in check.routes
        if plan.points
    )


def orders_map(
    round_: Round,
    team: Team,
    entry: OrderEntry,
    check: islands_orders.OrdersCheck,
    *,
    clickable: bool,
    page_url: str,
) -> dict[str, Any]:
    """The order-entry map of a round not resolved yet (the board as it stands before it): hidden
    tiles only when asked for; this team's routes and target on it."""
    click_url = page_url if clickable else ""
    if entry.show_hidden:
        view = map_view_before(round_, staff=True)
        return _drawn(view, team, entry.mode, check, click_url=click_url, target="#editor", staff=True)
    return team_orders_map(round_, team, entry.mode, check, click_url=click_url, target="#editor")


def team_orders_map(
    round_: Round,
    team: Team,
    mode: str,
    check: islands_orders.OrdersCheck,
    *,
    click_url: str = "",
    target: str = "",
) -> dict[str, Any]:
    """The order-entry map as the team itself may see it (:func:`visibility.for_team`: the public
    map and its own ships' cargo; never a hidden tile, nobody else's cargo or target), this team's
    routes and target on it, the route end of the ship of ``mode`` marked; with ``click_url`` each
    hex a link to it (htmx swaps ``target``)."""
    public = map_view_before(round_, staff=False)
    own: dict[str, int] = {s.id: s.chests for s in check.team_state.ships}
    view = visibility.for_team(public, team=team.name, cargo=own)
    return _drawn(view, team, mode, check, click_url=click_url, target=target, staff=False)


def _drawn(
    view: visibility.MapView,
    team: Team,
    mode: str,
    check: islands_orders.OrdersCheck,
    *,
    click_url: str,
    target: str,
    staff: bool,
) -> dict[str, Any]:
    ends = {plan.points[-1] for plan in check.routes if plan.ship == mode and len(plan.points) > 1}
    view = replace(
        view,
        routes=_routes_drawn(check, style.safe_colour(team.colour)),
        target=check.fire or None,
        highlights=frozenset(h for h in ends if not h.startswith("Z")),
    )
    if click_url:
        view = view.clicking(click_url, target)
    return {
        "map_svg": svg.render_svg(view),
        "team_key": svg.team_key(view),
        "legend": style.legend(staff=staff),
    }


def played_map(
    camp: Camp, team: Team, played: islands_orders.PlayedOrders, *, show_hidden: bool
) -> dict[str, Any]:
    """The map and ships of a resolved round's order page: the board *before* the round, the
    team's routes drawn from where its ships were then, and what the orders cost and left."""
    if played.state is None or played.team is None:
        return {}
    context: dict[str, Any] = {"ships": ship_rows(played.team, played.state.geometry)}
    view = map_view_of_state(played.state, team_looks(camp.pk), staff=show_hidden)
    if not show_hidden:  # the team's own cargo is no secret to the team at the laptop
        view = visibility.for_team(view, team=team.name, cargo={s.id: s.chests for s in played.team.ships})
    check = played.check
    if check is not None:
        routes = tuple(r for r in _routes_drawn(check, style.safe_colour(team.colour)) if len(r.points) > 1)
        view = replace(view, routes=routes, target=check.fire)
        context["summary"] = {
            "build_cost": check.build_cost,
            "steps": check.steps,
            "ap_left": check.ap_left,
            "harbor_path": list(check.harbor_path) if len(check.harbor_path) > 1 else [],
        }
    context.update(
        map_svg=svg.render_svg(view), team_key=svg.team_key(view), legend=style.legend(staff=show_hidden)
    )
    return context


#: Checks a sheet of the page's team (the staff's check, or the team's own without the others'
#: fire targets).
Checker = Callable[[OrderSheet], islands_orders.OrdersCheck]


def drawable(
    sheet: OrderSheet, check: islands_orders.OrdersCheck, checker: Checker
) -> islands_orders.OrdersCheck:
    """The check whose routes the map draws: a route with a typo is drawn up to the typo."""
    if not any(p.code == "route_syntax" and p.ship for p in check.problems):
        return check
    routes = tuple((i, Route.leading(t, sheet.alphabet).text(sheet.alphabet)) for i, t in sheet.routes)
    return checker(replace(sheet, routes=routes))


def map_click(
    entry: OrderEntry, check: islands_orders.OrdersCheck, label: str, *, side: int, checker: Checker
) -> tuple[OrderEntry, islands_orders.OrdersCheck, str]:
    """A click on hex ``label`` of the map of ``entry`` (``check``: its check): the entry changed
    by it (:func:`apply_click`, from the routes as drawn), its check, and a message ("" if none)."""
    clicked, message = apply_click(entry, drawable(entry.sheet, check, checker), label, side=side)
    return clicked, check if clicked is entry else checker(clicked.sheet), message


def apply_click(
    entry: OrderEntry, check: islands_orders.OrdersCheck, label: str, *, side: int
) -> tuple[OrderEntry, str]:
    """The entry changed by a click on hex ``label``, and a message for the page ("" if none).

    In fire mode the hex becomes the target. In a ship's mode a neighbour of the route's end gets
    its direction appended (in the sheet's letters); the end itself appends a stay (``.``).
    """
    g = geometry(side)
    try:
        clicked = g.parse(label)
    except LabelError:
        return entry, _("“%(label)s” is not a hex of this board.") % {"label": label.strip()[:10]}
    if not g.on_board(clicked):
        return entry, _("“%(label)s” is not a hex of this board.") % {"label": label.strip()[:10]}
    label = g.label(clicked)
    sheet, ident = entry.sheet, entry.mode
    if not ident:
        return entry, _("No ship may move this round and the team has no battleship: the map sets nothing.")
    if ident == FIRE_MODE:
        return replace(entry, sheet=replace(sheet, fire=label)), ""
    if ident not in dict(sheet.routes):
        return entry, _("Choose a ship first.")
    end_label = route_end(check, ident, g)
    try:
        end = g.parse(end_label)
    except LabelError:
        return entry, _("Fix the route of %(ship)s first: its end is not known.") % {
            "ship": words.ship_label(ident)
        }
    direction = None if clicked == end else direction_between(end, clicked)
    if clicked != end and direction is None:
        return entry, _(
            "%(hex)s is not next to the end of %(ship)s's route (%(end)s): click a neighbouring hex."
        ) % {"hex": label, "ship": words.ship_label(ident), "end": end_label}
    token = STAY if direction is None else sheet.alphabet.letter(direction)
    return replace(entry, sheet=sheet.with_route(ident, " ".join([*sheet.route(ident).split(), token]))), ""


def route_end(check: islands_orders.OrdersCheck, ident: str, g: BoardGeometry) -> str:
    """Where a click extends the route of ship ``ident`` from: the end of its route as drawn, or
    where the ship is ("" for a ship the team does not have)."""
    labels = next((plan.points for plan in check.routes if plan.ship == ident), ())
    return labels[-1] if labels else _start(check.team_state, ident, g)


def _start(team: es.Team, ident: str, g: BoardGeometry) -> str:
    """Where a ship's route starts: its hex, or its harbor's bay."""
    ship_id = ShipId.read(ident)
    ship = None if ship_id is None else team.ship(ship_id)
    if ship is None:
        return ""
    return g.label(team.harbor if ship.at is None else ship.at)


# ------------------------------------------------------------------------------------ the fields

#: What the builds cost and allow (the form's hints and limits).
COSTS: dict[str, int] = {
    "cargo_cost": CARGO_SHIP_COST,
    "battleship_cost": BATTLESHIP_COST,
    "max_cargo": MAX_CARGO_SHIPS,
    "max_battleships": MAX_BATTLESHIPS,
}


def fields(idents: list[str], modes: list[str], sheet: OrderSheet, *, colour: str) -> dict[str, Any]:
    """The form's fields beside the orders: a route field per ship, the fire field, the click
    modes, the costs and the help line with the sheet's letters."""
    return {
        "route_fields": [
            {
                "ident": ident,
                "value": sheet.route(ident),
                "colour": colour,
                "dash": style.route_dash(ident),
                "clickable": ident in modes,
            }
            for ident in idents
        ],
        # Without a battleship at the start of the round there is no shot: no field, no click mode
        # (a target typed or posted anyway is still shown, with the check's message).
        "fire_field": FIRE_MODE in modes or bool(sheet.fire),
        "fire_clickable": FIRE_MODE in modes,
        "click_modes": bool(modes),
        "fire_mode": FIRE_MODE,
        **COSTS,
        "directions": " ".join(sheet.alphabet.letters),
        "route_letters": words.ALPHABET_NAMES[sheet.alphabet],
    }


def check_summary(
    check: islands_orders.OrdersCheck, drawn: islands_orders.OrdersCheck, *, problems: list[str]
) -> dict[str, Any]:
    """What the ``check`` partial shows: every problem (ship, step), AP, cost, steps and AP left."""
    return {
        "problems": problems,
        "ok": not problems,
        "ap": check.ap,
        "build_cost": check.build_cost,
        "steps": check.steps,
        "ap_left": drawn.ap_left,  # a route with a typo counts up to the typo
        "harbor_path": list(check.harbor_path) if len(check.harbor_path) > 1 else [],
        "fire": check.fire or None,
        "warnings": [] if problems else [w.message for w in check.warnings],
    }


def stale_orders(stored: TeamOrders, alphabet: Alphabet) -> dict[str, Any]:
    """What another staff member stored while the page was open: who, when, and the orders."""
    sheet = OrderSheet.from_row(stored).written_in(alphabet)
    return {
        "by": stored.updated_by.get_username() if stored.updated_by else "",
        "at": stored.updated_at,
        "build_cargo": sheet.build_cargo,
        "build_battleship": sheet.build_battleship,
        "routes": [(ident, route) for ident, route in sheet.routes if route],
        "harbor": sheet.harbor,
        "fire": sheet.fire,
    }


def played_text(sheet: OrderSheet, colour: str) -> dict[str, Any]:
    """Stored orders as the read-only page lists them (routes as the sheet lists them)."""
    return {
        "build_cargo": sheet.build_cargo,
        "build_battleship": sheet.build_battleship,
        "routes": [
            {"ident": ident, "route": route, "colour": colour, "dash": style.route_dash(ident)}
            for ident, route in sheet.written_routes
        ],
        "harbor": sheet.harbor,
        "fire": sheet.fire,
    }
