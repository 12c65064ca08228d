"""A full disk: a write that fails for want of space answers a page saying so (503), not a 500.

The laptop's disk can fill up at camp (photos, videos, snapshots). SQLite then answers "database
or disk is full", PostgreSQL ``DiskFull`` (SQLSTATE 53100), a file write ``ENOSPC``. The write was
in a transaction (every service is atomic, and so are the admin's saves), so nothing of it is
stored; pages that only read still work. :class:`DiskFullMiddleware` turns the error into the page
"The laptop's disk is full" (what to do: free space, copy the backups away, try again) and writes
one line to the log, without a traceback (the traceback says nothing more, and fills the log).

That line cannot reach ``camp.log`` while the disk is full (the log is on the same disk), so the
refused saves are also kept in memory (:data:`refused_saves`, the last :data:`KEPT_REFUSED_SAVES`):
the first request after space has come back writes them to the log, and the admin home says how many
saves were refused since the server started.
"""

from __future__ import annotations

import errno
import logging
import shutil
import sqlite3
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from camp.web.logged_once import mark_logged

logger = logging.getLogger("camp.web.disk_full")

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


#: How many refused saves are kept in memory until they can be logged (the count goes on).
KEPT_REFUSED_SAVES = 50
#: The free space that counts as "room again" on the log's disk: the lines are a few KB.
ROOM_AGAIN_BYTES = 1024 * 1024


@dataclass(frozen=True)
class RefusedSave:
    at: datetime
    method: str
    path: str
    reason: str


class RefusedSaves:
    """The saves refused for a full disk since the server started: how many, the last one's time,
    and the last :data:`KEPT_REFUSED_SAVES` not logged yet. One per process (waitress's threads
    share it)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._unlogged: deque[RefusedSave] = deque(maxlen=KEPT_REFUSED_SAVES)
        self._not_kept = 0
        self.count = 0
        self.last: datetime | None = None

    def add(self, save: RefusedSave) -> None:
        with self._lock:
            self.count += 1
            self.last = save.at
            if len(self._unlogged) == self._unlogged.maxlen:
                self._not_kept += 1
            self._unlogged.append(save)

    @property
    def waiting(self) -> bool:
        """Whether some refused saves are not in the log yet (read without the lock: a hint)."""
        return bool(self._unlogged)

    def log_if_room(self, folder: Path) -> bool:
        """Writes the refused saves not logged yet to the log when ``folder``'s disk has room
        again; whether it did."""
        try:
            if shutil.disk_usage(folder).free < ROOM_AGAIN_BYTES:
                return False
        except OSError:
            return False
        with self._lock:
            saves, not_kept = list(self._unlogged), self._not_kept
            self._unlogged.clear()
            self._not_kept = 0
        if not saves:
            return False
        logger.warning(
            "The disk has room again. Saves refused while it was full: %d (the %d oldest not kept)",
            len(saves) + not_kept,
            not_kept,
        )
        for save in saves:
            logger.warning(
                "Refused while the disk was full, at %s: %s %s (%s)",
                timezone.localtime(save.at).strftime("%Y-%m-%d %H:%M:%S"),
                save.method,
                save.path,
                save.reason,
            )
        return True

    def forget(self) -> None:
        """Back to a fresh start (the tests)."""
        with self._lock:
            self._unlogged.clear()
            self._not_kept = 0
            self.count = 0
            self.last = None


refused_saves = RefusedSaves()


def log_folder() -> Path:
    """The folder of ``camp.log``, or its nearest folder that exists (the demo writes no log file)."""
    folder = Path(settings.LOG_DIR)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


class DiskFullMiddleware:
    """Answers a view's disk-full error with the 503 page (and one log line), and writes the saves
    refused meanwhile to the log once the disk has room again."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if refused_saves.waiting:
            refused_saves.log_if_room(log_folder())
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_disk_full(exception):
            return None
        first_line = (str(exception).splitlines() or [type(exception).__name__])[0]
        refused_saves.add(
            RefusedSave(
                at=timezone.now(),
                method=request.method or "",
                path=request.path[:200],
                reason=first_line[:200],
            )
        )
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
        mark_logged(request)  # the line above says it all
        if request.headers.get("HX-Request"):
            # htmx swaps no error answer: the page replaces the one the form was on, or the
            # click would seem to do nothing.
            response.status_code = 200
            response["HX-Retarget"] = "body"
            response["HX-Reswap"] = "innerHTML"
        return response
