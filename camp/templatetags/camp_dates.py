"""Dates in the page's language: ``{{ round.date|day_format:"WEEKDAY_DATE" }}``, and a time with its
preposition: ``{{ moment|at_time }}`` ("ve 21:14").

Django's ``date`` filter knows only its own format names (DATE_FORMAT, SHORT_DATE_FORMAT …); the
project's day formats (a weekday with the day, a day without the year) live next to them in
``camp/formats/<language>/formats.py`` (``FORMAT_MODULE_PATH``), named ``<NAME>_FORMAT``. A
template never writes a Czech pattern like "j. n." itself: an English page would show it too.
"""

from __future__ import annotations

import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_pattern

from camp.formats.dates import at_time as at_time_words
from camp.formats.dates import day_pattern

register = template.Library()


@register.filter
def day_format(value: datetime.date | datetime.datetime | None, name: str) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)  # as the date filter does: the camp's time zone
    return date_pattern(value, day_pattern(name))


@register.filter
def at_time(value: datetime.datetime | None) -> str:
    return "" if value is None or value == "" else at_time_words(value)
