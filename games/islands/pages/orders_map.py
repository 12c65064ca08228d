"""What the order page shows beside its fields: the team's ships (a table row each), the map with
this team's routes and target drawn on it, and what a click on the map does to the form."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext as _

from camp.models import Round, Team
from games.islands import orders as islands_orders
from games.islands import selectors, words
from games.islands.engine.hexes import (
    Hex,
    LabelError,
    direction_between,
    geometry,
)
from games.islands.engine.orders import STAY
from games.islands.engine.state import ShipKind, capacity
from games.islands.forms import FIRE_MODE, OrdersInput
from games.islands.maps import style, svg, visibility
from games.islands.models import Ship


def ship_rows(ships: list[Ship], bay_label: str, side: int) -> list[dict[str, Any]]:
    """A row per ship of the team (``islands/_ships_table.html``): where it is, its cargo and room."""
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


def state_ship_rows(team: Any, g: Any) -> list[dict[str, Any]]:
    """The rows of :func:`ship_rows` for an engine team (e.g. in the state before a round)."""
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
        "room": capacity(ShipKind.BATTLESHIP if battleship else ShipKind.CARGO, boat),
        "flags": flags,
        "may_move": not (mermaid or octopus),
    }




def orders_map(
    round_: Round,
    team: Team,
    form: OrdersInput,
    check: Any,
    *,
    own_chests: Mapping[str, int],
    clickable: bool,
    page_url: str,
) -> dict[str, Any]:
    """The order-entry map of a round not resolved yet (the board as it stands before it): hidden
    tiles only when asked for; this team's routes and target on it."""
    if form.show_hidden:
        view = selectors.map_view_before(round_, staff=True)
    else:
        # The team's own cargo is no secret to the team at the laptop; others' cargo stays hidden.
        public = selectors.map_view_before(round_, staff=False)
        view = visibility.for_team(public, team=team.name, cargo=own_chests)
    routes = []
    highlights = set()
    for ident, labels in route_labels(check).items():
        if labels:
            routes.append(
                visibility.RouteView(
                    points=tuple(labels), colour=style.safe_colour(team.colour), dash=style.route_dash(ident)
                )
            )
            if ident == form.mode and len(labels) > 1:
                highlights.add(labels[-1])
    target = fire_label(check)
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
        "team_key": svg.team_key(view),
        "legend": style.legend(staff=form.show_hidden),
    }


def route_labels(check: islands_orders.OrdersCheck) -> dict[str, list[str]]:
    """Per ship, the labels its checked route passes (start first), as the service drew them."""
    return {plan.ship: list(plan.points) for plan in check.routes}


def fire_label(check: islands_orders.OrdersCheck) -> str | None:
    return check.fire or None


def apply_click(
    form: OrdersInput, check: Any, label: str, *, side: int, start: Mapping[str, str], notation: str = "cs"
) -> str:
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
    labels = route_labels(check).get(ident) or []
    end_label = labels[-1] if labels else start.get(ident, "")
    try:
        end = g.parse(end_label)
    except LabelError:
        ship = words.ship_label(ident)
        return _("Fix the route of %(ship)s first: its end is not known.") % {"ship": ship}
    tokens = form.routes[ident].split()
    if clicked == end:
        tokens.append(STAY)
    else:
        direction = direction_between(end, clicked)
        if direction is None:
            return _(
                "%(hex)s is not next to the end of %(ship)s's route (%(end)s): click a neighbouring hex."
            ) % {"hex": label, "ship": words.ship_label(ident), "end": end_label}
        tokens.append(words.route_letter(direction, notation))
    form.routes[ident] = " ".join(tokens)
    return ""
