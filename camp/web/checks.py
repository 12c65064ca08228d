"""System checks of the camp project's own settings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, register
from django.core.checks import Warning as CheckWarning


@register(Tags.security, deploy=True)
def check_secret_key_configured(app_configs: Any, **kwargs: Any) -> list[CheckMessage]:
    """A throwaway key is fine for a command-line tool, never for the web server."""
    if getattr(settings, "SECRET_KEY_IS_THROWAWAY", False):
        return [
            CheckWarning(
                "DJANGO_SECRET_KEY is not set: this command runs with a throwaway key.",
                hint="Set DJANGO_SECRET_KEY in the environment before serving the site.",
                id="camp.W001",
            )
        ]
    return []
