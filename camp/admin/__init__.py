"""The camp's admin pages. Django's autodiscover imports this package: its registrations register."""

from camp.admin import registrations  # noqa: F401
