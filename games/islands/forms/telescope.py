"""The telescope choices: staff's on the after-the-round page (and that page's query), a team's own
on its page, and the hex a telescope names."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from camp.forms import RowIdField
from games.islands.engine.hexes import Hex, LabelError, geometry
from games.islands.forms.shared import Text, Ticked


class TelescopeForm(forms.Form):
    """A telescope choice of the after-the-round page, on a board of ``side``: ``action`` is
    ``choose`` (with ``hex``) or ``skip`` (with ``confirm``); ``ship`` is the telescope's
    ``team.ship``. Cleaned, a choice has ``at``: the hex named (the form's error names a label of no
    hex, or a bay)."""

    action = Text()
    ship = Text(cut=80)
    hex = Text(cut=10)
    confirm = Ticked()
    show_hidden = Ticked()

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("action") == "choose":
            cleaned["at"] = telescope_hex(self.side, cleaned.get("hex", ""))
        return cleaned


def telescope_hex(side: int, label: str) -> Hex:
    """The hex a team named for its telescope on a board of ``side``: a ``ValidationError`` says
    that none was named, that the label names no hex, or that it names a bay."""
    g = geometry(side)
    text = label.strip()
    if not text:
        raise ValidationError(_("Enter the hex the team named for its telescope."), code="label")
    try:
        centre = g.parse(text)
    except LabelError:
        raise ValidationError(
            _("“%(label)s” is not a hex of this board (A1 … %(last)s).")
            % {"label": text[:10], "last": g.label(g.ordered[-1])},
            code="label",
        ) from None
    if not g.on_board(centre):
        raise ValidationError(
            _("%(label)s is a bay: name a hex of the board.") % {"label": g.label(centre)}, code="label"
        )
    return centre


class TeamTelescopeForm(forms.Form):
    """A team's own telescope choice on its page (``/tym/<token>/dalekohled/``), on a board of
    ``side``: ``round`` (the round's number; None when none or no number was sent), ``telescope``
    (as the team's page names it: ``C1``, ``C1#2`` for the ship's second), ``hex`` (the label typed
    or clicked; None when not sent) and ``confirm`` (the confirmation step's button). Cleaned, also
    ``at``: the hex named, or None (not named yet, or the error of ``hex`` says what is wrong)."""

    round = RowIdField()
    telescope = Text(cut=20)
    hex = Text(cut=10, absent_none=True)
    confirm = Ticked()

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["at"] = None
        label = cleaned.get("hex")
        if label is None:
            return cleaned
        if not label.strip():
            self.add_error("hex", ValidationError(_("Enter the hex to look at."), code="label"))
            return cleaned
        try:
            cleaned["at"] = telescope_hex(self.side, label)
        except ValidationError as exc:
            self.add_error("hex", exc)
        return cleaned


class TelescopeQuery(forms.Form):
    """The after-the-round page's query: the telescope shown (``ship``), a hex clicked for it
    (``hex``, None when no hex was clicked), ``skip`` (asks whether to skip it), ``show_hidden``."""

    ship = Text(cut=80)
    hex = Text(cut=10, absent_none=True)
    skip = Ticked()
    show_hidden = Ticked()
    # "close": back from "Close the round" without its box ticked (the page says so next to the box)
    unticked = Text(cut=10)

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        """Also ``clicked``: the hex of the board that ``hex`` names (None), and ``clicked_problem``,
        why ``hex`` names none ("" when it does or no hex was clicked)."""
        cleaned = super().clean() or {}
        raw, cleaned["clicked"], cleaned["clicked_problem"] = cleaned.get("hex"), None, ""
        if raw is not None:
            g = geometry(self.side)
            try:
                h: Hex | None = g.parse(raw)
            except LabelError:
                h = None
            if h is not None and g.on_board(h):
                cleaned["clicked"] = h
            else:
                cleaned["clicked_problem"] = _("“%(label)s” is not a hex of this board.") % {
                    "label": raw.strip()
                }
        return cleaned
