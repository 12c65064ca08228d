"""One log line for a refusal that says it all: Django's request logger is told to stay quiet.

A refused Host and a save on a full disk each write one line of their own (what was refused and
why); Django would add its own "Bad Request: …" or "Service Unavailable: …" line for the same
request. :func:`mark_logged` marks the request, and :class:`LoggedOnceFilter` on the
``django.request`` logger (settings ``LOGGING``) drops that logger's lines about a marked request:
Django's documented logging (its records carry the ``request``), no private attribute.
"""

from __future__ import annotations

import logging
from typing import Any

#: The request's attribute that says its one line is written.
ALREADY_LOGGED = "zo_already_logged"


def mark_logged(request: Any) -> None:
    setattr(request, ALREADY_LOGGED, True)


class LoggedOnceFilter(logging.Filter):
    """Drops a ``django.request`` record about a request whose one line is already written."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not getattr(getattr(record, "request", None), ALREADY_LOGGED, False)
