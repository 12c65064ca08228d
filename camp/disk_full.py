"""A full disk: a write that fails for want of space answers a page saying so (503), not a 500.

The laptop's disk can fill up at camp (photos, videos, snapshots). SQLite then answers "database
or disk is full", PostgreSQL ``DiskFull`` (SQLSTATE 53100), a file write ``ENOSPC``. The write was
in a transaction (every service is atomic, and so are the admin's saves), so nothing of it is
stored; pages that only read still work. :class:`DiskFullMiddleware` turns the error into the page
"The laptop's disk is full" (what to do: free space, copy the backups away, try again) and writes
one line to the log, without a traceback (the traceback says nothing more, and fills the log).
"""

from __future__ import annotations

import errno
import logging
import sqlite3
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

logger = logging.getLogger("camp.disk_full")

#: PostgreSQL's SQLSTATE of ``DiskFull`` (psycopg: ``sqlstate``; psycopg2: ``pgcode``).
POSTGRES_DISK_FULL = "53100"


def is_disk_full(error: BaseException | None) -> bool:
    """Whether ``error`` (or an error it was raised from: Django wraps the driver's) is a full disk."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno == errno.ENOSPC:
            return True
        if getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL:
            return True
        if POSTGRES_DISK_FULL in (getattr(error, "sqlstate", None), getattr(error, "pgcode", None)):
            return True
        if "database or disk is full" in str(error):  # SQLite's words (also when Django re-raises)
            return True
        error = error.__cause__ or error.__context__
    return False


class DiskFullMiddleware:
    """Answers a view's disk-full error with the 503 page (and one log line)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_disk_full(exception):
            return None
        first_line = (str(exception).splitlines() or [type(exception).__name__])[0]
        logger.error(
            "The disk is full: %s %s was not saved (%s)",
            request.method,
            request.path[:200],
            first_line[:200],
        )
        session = getattr(request, "session", None)
        if session is not None:
            session.modified = False  # saving it would fail the same way, after the page
        response = render(request, "503.html", {"backup_dir": settings.BACKUP_DIR}, status=503)
        response._has_been_logged = True  # type: ignore[attr-defined]  # the line above says it all
        if request.headers.get("HX-Request"):
            # htmx swaps no error answer: the page replaces the one the form was on, or the
            # click would seem to do nothing.
            response.status_code = 200
            response["HX-Retarget"] = "body"
            response["HX-Reswap"] = "innerHTML"
        return response
