"""A time of day with its preposition (``camp.formats.dates.at_time``): Czech says "v 19:30" but
"ve 21:14", by how the hour is read; English says "at" always."""

from __future__ import annotations

import datetime as dt

import pytest
from django.template import engines
from django.utils import translation

from camp.formats.dates import at_time

# Prague is two hours ahead of UTC in July: each moment below is given in UTC, read in the camp.
JULY = dt.date(2026, 7, 14)


def camp_time(hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(JULY, dt.time(hour, minute), tzinfo=dt.UTC) - dt.timedelta(hours=2)


@pytest.mark.parametrize(
    ("hour", "minute", "czech"),
    [
        (0, 5, "v 00:05"),
        (1, 59, "v 01:59"),
        (2, 0, "ve 02:00"),  # dvě
        (4, 59, "ve 04:59"),  # čtyři
        (5, 0, "v 05:00"),  # pět
        (11, 59, "v 11:59"),  # jedenáct
        (12, 0, "ve 12:00"),  # dvanáct
        (14, 59, "ve 14:59"),  # čtrnáct
        (15, 0, "v 15:00"),  # patnáct
        (19, 59, "v 19:59"),  # devatenáct
        (20, 0, "ve 20:00"),  # dvacet
        (23, 59, "ve 23:59"),  # dvacet tři
    ],
)
def test_czech_chooses_v_or_ve_by_the_hour_in_the_camps_time_zone(hour: int, minute: int, czech: str) -> None:
    with translation.override("cs"):
        assert at_time(camp_time(hour, minute)) == czech
    with translation.override("en"):
        assert at_time(camp_time(hour, minute)) == f"at {czech.split()[1]}"


def test_the_template_filter_reads_the_same_and_nothing_for_no_time() -> None:
    template = engines["django"].from_string("{% load camp_dates %}[{{ a|at_time }}][{{ b|at_time }}]")
    with translation.override("cs"):
        assert template.render({"a": camp_time(21, 14), "b": None}) == "[ve 21:14][]"
        assert template.render({"a": camp_time(19, 30), "b": None}) == "[v 19:30][]"
