"""The staff login's password rules beyond Django's own validators."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

# The demo's login (``make run``), printed in the README: never the password of a real camp.
DEMO_PASSWORD = "zlate-ostrovy"


class NotTheDemoPasswordValidator:
    """Refuses the demo's published password (and it with other capitals or spaces around it)."""

    def validate(self, password: str, user: Any = None) -> None:
        if password.strip().lower() == DEMO_PASSWORD:
            raise ValidationError(
                _("This is the demo's password, printed in the README: choose another one."),
                code="password_is_the_demo",
            )

    def get_help_text(self) -> str:
        return _("Your password can't be the demo's password.")
