"""The project's day formats (a weekday with the day, a day without the year) in the active language.

They live next to Django's own formats in ``camp/formats/<language>/formats.py``
(``FORMAT_MODULE_PATH``), named ``<NAME>_FORMAT``; templates use them through the ``day_format``
filter (:mod:`camp.templatetags.camp_dates`), Python code through :func:`day_pattern`.
"""

from __future__ import annotations

from django.utils import formats
from django.utils.translation import get_language

from camp.formats.cs import formats as default_formats


def day_pattern(name: str) -> str:
    """The pattern of the project's format ``name`` (e.g. ``WEEKDAY_DATE``) in the active language."""
    setting = f"{name}_FORMAT"
    for module in formats.get_format_modules(get_language() or "cs"):
        if hasattr(module, setting):
            return str(getattr(module, setting))
    return str(getattr(default_formats, setting))
