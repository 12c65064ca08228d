"""A team's order sheet as typed on the order page, and the page's own switches.

The order fields are read as typed, whatever was posted, into the one
:class:`~games.islands.orders.OrderSheet`: the orders' own check (:func:`games.islands.orders.check`)
names every mistake in them, with ship and step, so the form refuses nothing but a text too long to
be an order (:data:`MAX_FIELD`) and a route of a ship the team does not have. Its problems come with
the sheet (:attr:`OrderEntry.problems`), never as a refusal, so the page still draws what can be
drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp.forms import parse_row_id, refuse_nul_characters
from games.islands import words
from games.islands.engine.notation import Alphabet
from games.islands.forms.shared import Text, Ticked
from games.islands.models.board import Ship, ShipKindChoice
from games.islands.orders import OrderSheet

#: Longest text accepted in one order field (a route of 99 AP with a seahorse is ~300 characters).
MAX_FIELD = 600
#: The click mode that sets the fire target (the others are ships' idents).
FIRE_MODE = "fire"


class OrderText(forms.Field):
    """One field of the order sheet: any text (the check names its mistakes), at most
    :data:`MAX_FIELD` characters; ``cut`` shortens what is kept (the counts and the target)."""

    def __init__(self, *, cut: int | None = None, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.cut = cut

    def to_python(self, value: Any) -> str:
        return value or ""

    def validate(self, value: Any) -> None:
        refuse_nul_characters(value, label=str(self.label))  # a draft is stored as typed
        if len(value) > MAX_FIELD:
            raise ValidationError(
                _("%(what)s: the text is too long (%(length)d characters, at most %(max)d).")
                % {"what": self.label, "length": len(value), "max": MAX_FIELD},
                code="too_long",
            )

    def clean(self, value: Any) -> str:
        text: str = super().clean(value)
        return text if self.cut is None else text[: self.cut]


@dataclass(frozen=True)
class OrderEntry:
    """The order page's form as read: the team's :class:`~games.islands.orders.OrderSheet` and the
    page's own switches (the map's click ``mode``, ``show_hidden``; ``version``, the stored orders'
    version the page showed, None when none was posted or it is no number)."""

    sheet: OrderSheet
    mode: str = ""
    show_hidden: bool = False
    version: int | None = None
    #: Problems found while reading the form itself (too long, unknown ship), as the page lists them.
    problems: tuple[str, ...] = ()


def click_modes(ships: list[Ship]) -> list[str]:
    """What a click on the map may set, in the page's order: the route of each ship that may move
    this round, then the fire target if the team has a battleship (the engine refuses a shot
    without one, and a route that moves a held ship)."""
    modes = [s.ident for s in ships if not (s.mermaid or s.octopus)]
    if any(s.kind == ShipKindChoice.BATTLESHIP for s in ships):
        modes.append(FIRE_MODE)
    return modes


#: The order sheet's fields beside the routes, in the order their problems are listed.
ORDER_FIELDS = ("build_cargo", "build_battleship", "harbor", "fire")
ROUTE_PREFIX = "route-"


def route_field(ident: str) -> str:
    return f"{ROUTE_PREFIX}{ident}"


class OrdersForm(forms.Form):
    """A team's order sheet as typed (``route-<ship>`` for each of its ships, in ``alphabet``), and
    the page's own switches: the click ``mode`` (one of ``modes``: :func:`click_modes`; any other
    becomes the first of them, or none), ``show_hidden`` and ``v``, the stored orders' version the
    page showed. :meth:`clean` gives the :class:`~games.islands.orders.OrderSheet`."""

    build_cargo = OrderText(label=gettext_lazy("Cargo ships to build"), cut=20)
    build_battleship = OrderText(label=gettext_lazy("Battleships to build"), cut=20)
    harbor = OrderText(label=gettext_lazy("Harbor moves"))
    fire = OrderText(label=gettext_lazy("Fire at"), cut=20)
    mode = Text(cut=10)
    show_hidden = Ticked()
    v = Text(cut=20)

    def __init__(self, data: Any, *, idents: list[str], modes: list[str], alphabet: Alphabet) -> None:
        super().__init__(data)
        self.idents = idents
        self.modes = modes
        self.alphabet = alphabet
        # The routes first: a problem of a route is listed before those of the other fields.
        routes = {
            route_field(i): OrderText(label=_("Route of %(ship)s") % {"ship": words.ship_label(i)})
            for i in idents
        }
        self.fields = {**routes, **self.fields}

    def clean_v(self) -> int | None:
        return parse_row_id(self.cleaned_data["v"])  # a version is a row's number: same digits

    def clean(self) -> OrderSheet:  # type: ignore[override]
        """The sheet as typed, never refused: a field too long is empty (its problem is listed).
        The page's switches are kept beside it (:meth:`entry`)."""
        data = super().clean() or {}
        for key in self.data:
            if key.startswith(ROUTE_PREFIX) and key.removeprefix(ROUTE_PREFIX) not in self.idents:
                ship = key.removeprefix(ROUTE_PREFIX)[:10]
                self.add_error(None, _("This team has no ship “%(ship)s”.") % {"ship": ship})
        mode = data.get("mode")
        self.switches = {
            "mode": mode if mode in self.modes else (self.modes[0] if self.modes else ""),
            "show_hidden": data["show_hidden"],
            "version": data.get("v"),
        }
        return OrderSheet(
            build_cargo=data.get("build_cargo", ""),
            build_battleship=data.get("build_battleship", ""),
            routes=tuple((i, data.get(route_field(i), "")) for i in self.idents),
            harbor=data.get("harbor", ""),
            fire=data.get("fire", ""),
            alphabet=self.alphabet,
        )

    def entry(self) -> OrderEntry:
        """The sheet and the page's switches, whatever was posted (never raises)."""
        self.is_valid()
        names = [*(route_field(i) for i in self.idents), NON_FIELD_ERRORS, *ORDER_FIELDS]
        problems = tuple(str(e) for name in names for e in self.errors.get(name, ()))
        return OrderEntry(sheet=cast(OrderSheet, self.cleaned_data), **self.switches, problems=problems)


def read_orders(data: Any, idents: list[str], modes: list[str], alphabet: Alphabet) -> OrderEntry:
    """The order form's fields, whatever was posted (never raises): :meth:`OrdersForm.entry`."""
    return OrdersForm(data, idents=idents, modes=modes, alphabet=alphabet).entry()
