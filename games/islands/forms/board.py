"""The board set-up: a seed to preview or store, a fair deal's board to store, the set-up page's
query, a hex set by hand, the sides' draw, a team's bay and every team's bay at once."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp.models import Team
from games.islands.engine.hexes import Hex, LabelError, geometry
from games.islands.engine.tiles import Tile
from games.islands.forms.shared import Text, Ticked
from games.islands.models.board import MAX_CHESTS_PER_HEX, TileChoice
from games.islands.services import board as board_services


class SeedForm(forms.Form):
    seed = forms.IntegerField(label=gettext_lazy("Seed"), min_value=0, max_value=board_services.MAX_SEED)


class BoardAcceptForm(SeedForm):
    """The previewed board to store: its seed, and ``replace`` ticked when a board is stored already."""

    replace = Ticked()


class DealAcceptForm(forms.Form):
    """The fair deal whose board to store (its id), and ``replace`` ticked when a board is stored."""

    deal = forms.IntegerField(min_value=1, max_value=2**63 - 1)
    replace = Ticked()


class BoardQuery(forms.Form):
    """The set-up page's query: a ``seed`` to preview, a ``hex`` to edit (each None when absent)."""

    seed = Text(absent_none=True)
    hex = Text(absent_none=True)
    # "replace" or "redraw": back from a button whose box was not ticked (said next to the box)
    unticked = Text(cut=10)


def read_hex(side: int, label: str) -> Hex:
    """The hex of a board of ``side`` that ``label`` names (``"C2"``, ``" c 2 "``; a bay is no hex);
    a ``ValidationError`` that names the label otherwise."""
    g = geometry(side)
    try:
        h: Hex | None = g.parse(label)
    except LabelError:
        h = None
    if h is None or not g.on_board(h):
        raise ValidationError(
            _("“%(label)s” is not a hex of this board (e.g. A1 … %(last)s).")
            % {"label": label.strip()[:10], "last": g.label(g.ordered[-1])},
            code="label",
        )
    return h


class HexForm(forms.Form):
    """One hex set by hand on a board of ``side``. Cleaned: ``at`` (the hex that ``hex`` names; a
    label of no hex is the form's own error, listed above its fields), ``tile`` (a :class:`Tile`),
    ``chests`` (blank is 0) and ``revealed``. Which chests a tile may hold, the service says."""

    hex = forms.CharField(
        label=gettext_lazy("Hex"), max_length=10, error_messages={"required": gettext_lazy("Choose a hex.")}
    )
    tile = forms.ChoiceField(label=gettext_lazy("Tile"), choices=TileChoice.choices)
    chests = forms.IntegerField(
        label=gettext_lazy("Chests"),
        min_value=0,
        max_value=MAX_CHESTS_PER_HEX,
        required=False,
        help_text=gettext_lazy("Treasure only: 1 to 9."),
    )
    revealed = forms.BooleanField(label=gettext_lazy("Revealed"), required=False)

    def __init__(self, data: Any = None, *, side: int, initial: dict[str, Any] | None = None) -> None:
        super().__init__(data, initial=initial)
        self.side = side

    def clean_tile(self) -> Tile:
        return Tile(self.cleaned_data["tile"])

    def clean_chests(self) -> int:
        return self.cleaned_data["chests"] or 0

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if (label := cleaned.get("hex")) is not None:
            cleaned["at"] = read_hex(self.side, label)
        return cleaned


class SidesForm(forms.Form):
    """Draw the harbors' sides by lot; ``redraw`` ticked draws them again."""

    redraw = Ticked()


def bay_number(text: str) -> int | None:
    """``"Z3"``, ``"z 3"`` or ``"3"`` -> 3; None for anything else."""
    digits = text.strip().upper().replace(" ", "").removeprefix("Z")
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 3 else None


class BaysForm(forms.Form):
    """Every team's bay in one form on a board of ``side``: a field ``bay-<team id>`` per team of
    ``teams`` (``"Z3"``, ``"3"``; empty: the team keeps its bay), cleaned to ``bays``, a dict team
    -> bay number. A bay that is none of the board is refused naming its team; whether the team may
    take it, the service says (:func:`board_services.harbors_set_bays`)."""

    def __init__(self, data: Any, *, side: int, teams: list[Team]) -> None:
        super().__init__(data)
        self.side = side
        self.teams = teams
        for team in teams:
            self.fields[f"bay-{team.pk}"] = Text(cut=10)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        last = len(geometry(self.side).bays)
        bays: dict[Team, int] = {}
        problems = []
        for team in self.teams:
            raw = (cleaned.get(f"bay-{team.pk}") or "").strip()
            if not raw:
                continue
            number = bay_number(raw)
            if number is None or not 1 <= number <= last:
                problems.append(
                    _("%(team)s: “%(bay)s” is not a bay of this board (Z1 … Z%(last)d).")
                    % {"team": team.name, "bay": raw, "last": last}
                )
            else:
                bays[team] = number
        if problems:
            raise ValidationError(problems, code="bay")
        if not bays:
            raise ValidationError(_("Choose a bay for at least one team."), code="no_bay")
        cleaned["bays"] = bays
        return cleaned
