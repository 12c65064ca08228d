"""Czech date formats: Django's, plus the project's own day formats (see camp.templatetags.camp_dates)."""

from django.conf.locale.cs.formats import *  # noqa: F403

WEEKDAY_DATE_FORMAT = "l j. n."  # pondělí 6. 7.
WEEKDAY_DATE_YEAR_FORMAT = "l j. n. Y"  # pondělí 6. 7. 2026
DAY_MONTH_FORMAT = "j. n."  # 6. 7.
DATETIME_SECONDS_FORMAT = "j. n. Y H:i:s"  # 6. 7. 2026 21:05:09
