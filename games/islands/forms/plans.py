"""The teams' plans on the staff's pages: the hand-in panel's buttons about one team, a plan returned
with a note, the round's hand-in deadline, and a paper plan's code."""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.forms import RowIdField
from games.islands.forms.shared import Text, Ticked

#: Longest note staff may send back with a plan.
MAX_PLAN_NOTE = 500


class PlanTeamForm(forms.Form):
    """A button of the hand-in panel about one team (``team``: its id; ``version``: its plan's
    version the page showed, if sent); ``back=orders`` when it was pressed on the team's order page
    (the answer goes back there)."""

    team = RowIdField()
    version = RowIdField()

    def team_id(self) -> int | None:
        return self.cleaned_data["team"] if self.is_valid() else None

    def seen_version(self) -> int | None:
        """The plan's version the page showed (None: not sent, or no number)."""
        return self.cleaned_data["version"] if self.is_valid() else None

    def back_to_orders(self) -> bool:
        """Pressed on the team's order page (anything else: the round page)."""
        return self.data.get("back") == "orders"


class PlanReturnForm(PlanTeamForm):
    """ "Vrátit": the team and staff's note to it (the service refuses an empty one)."""

    note = Text(cut=MAX_PLAN_NOTE)

    def note_text(self) -> str:
        return self.cleaned_data["note"] if self.is_valid() else ""


def _due_time(text: str) -> time | None:
    """``19:30`` (or ``19.30``, ``19``) -> a time of day; "" -> None; anything else refused."""
    value = text.strip().replace(".", ":")
    if not value:
        return None
    hours, _sep, minutes = value.partition(":")
    if not (hours.isascii() and hours.isdigit() and len(hours) <= 2):
        hours = "x"
    if minutes and not (minutes.isascii() and minutes.isdigit() and len(minutes) == 2):
        hours = "x"
    if hours == "x" or int(hours) > 23 or int(minutes or 0) > 59:
        raise ValidationError(
            _("“%(value)s” is not a time of day: write it as 19:30 (or leave it empty for no deadline).")
            % {"value": text.strip()[:10]},
            code="due",
        )
    return time(int(hours), int(minutes or 0))


class PlanDeadlineForm(forms.Form):
    """The round's hand-in deadline as a time of day (``due``: "19:30"; empty: no deadline) on
    ``day`` (the round's date, else today), in the camp's time zone: cleaned, an aware moment.
    ``confirm``: sent only by the page's question about a deadline already past (its second submit)."""

    due = Text(cut=20, absent_none=True)
    confirm = Ticked()

    def __init__(self, data: Any, *, day: date) -> None:
        super().__init__(data)
        self.day = day

    def clean_due(self) -> datetime | None:
        if self.cleaned_data["due"] is None:  # not sent at all: no form of the page
            raise ValidationError(_("Write the time of the deadline, e.g. 19:30."), code="no_due")
        at = _due_time(self.cleaned_data["due"])
        return None if at is None else timezone.make_aware(datetime.combine(self.day, at))

    def confirmed(self) -> bool:
        """Staff answered yes to closing the hand-in now (the question's own submit)."""
        return bool(self.is_valid() and self.cleaned_data["confirm"])


class PaperCodeForm(forms.Form):
    """The paper plan's code as typed or scanned (``code``: any text, cut; the lookup names its
    mistakes). A scanned QR code's whole address is read for the code it carries."""

    code = Text(cut=200, absent_none=True)

    def typed(self) -> str | None:
        """The code's text (None: no code asked for: the empty page)."""
        self.is_valid()
        text: str | None = self.cleaned_data["code"]
        if text is not None and "code=" in text:  # the QR code's address pasted or read whole
            text = text.rsplit("code=", 1)[1].split("&", 1)[0]
        return text
