"""English date formats: Django's, plus the project's own day formats (see camp.templatetags.camp_dates)."""

from django.conf.locale.en.formats import *  # noqa: F403

WEEKDAY_DATE_FORMAT = "l, F j"  # Monday, July 6
WEEKDAY_DATE_YEAR_FORMAT = "l, F j, Y"  # Monday, July 6, 2026
DAY_MONTH_FORMAT = "M j"  # Jul 6
DATETIME_SECONDS_FORMAT = "M j, Y, H:i:s"  # Jul 6, 2026, 21:05:09
