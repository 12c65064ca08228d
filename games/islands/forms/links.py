"""Turning a camp run's team links on or off."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy


class TeamLinksSwitchForm(forms.Form):
    """Turning a camp run's team links on or off: ``on`` is "1" or "0"."""

    on = forms.TypedChoiceField(
        choices=[("1", "on"), ("0", "off")],
        coerce=lambda value: value == "1",
        error_messages={
            "required": gettext_lazy("Say whether to turn the team links on or off."),
            "invalid_choice": gettext_lazy("Say whether to turn the team links on or off."),
        },
    )
