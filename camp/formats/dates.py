"""The project's day formats (a weekday with the day, a day without the year) in the active language.

They live next to Django's own formats in ``camp/formats/<language>/formats.py``
(``FORMAT_MODULE_PATH``), named ``<NAME>_FORMAT``; templates use them through the ``day_format``
filter (:mod:`camp.templatetags.camp_dates`), Python code through :func:`day_pattern`.
"""

from __future__ import annotations

import datetime

from django.utils import formats, timezone
from django.utils.formats import time_format
from django.utils.translation import get_language, gettext, pgettext

from camp.formats.cs import formats as default_formats


def day_pattern(name: str) -> str:
    """The pattern of the project's format ``name`` (e.g. ``WEEKDAY_DATE``) in the active language."""
    setting = f"{name}_FORMAT"
    for module in formats.get_format_modules(get_language() or "cs"):
        if hasattr(module, setting):
            return str(getattr(module, setting))
    return str(getattr(default_formats, setting))


#: Hours whose Czech reading begins with two consonants (dvě, tři, čtyři, dvanáct, třináct,
#: čtrnáct, dvacet…): the preposition before them is "ve" ("ve 21:14"), else "v" ("v 19:30").
CLUSTER_HOURS = frozenset({2, 3, 4, 12, 13, 14, 20, 21, 22, 23})


def at_time(moment: datetime.datetime) -> str:
    """A moment's time of day with its preposition, in the camp's time zone: "v 19:30", "ve 21:14",
    "at 21:14". Czech chooses "v" or "ve" by how the hour is read, so the two are two messages,
    the second with a context naming those hours (other languages translate both alike)."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    clock = time_format(local, "H:i")
    if local.hour in CLUSTER_HOURS:
        return pgettext("a time whose hour is 2-4, 12-14 or 20-23", "at %(time)s") % {"time": clock}
    return gettext("at %(time)s") % {"time": clock}
