"""Fixtures shared by every test package."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import connection, connections
from django.db.backends.signals import connection_created

from tests.browser import launched_chromium


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless Chromium (module marked with ``tests.browser.NEEDS_CHROMIUM``)."""
    monkeypatch.setitem(os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
    # Queries a test runs while Playwright drives the page open their own connection (Playwright
    # runs an event loop, so Django keeps connections per context); close every one opened meanwhile,
    # or PostgreSQL will not drop the test database at the end.
    opened: list[Any] = []
    test_thread = threading.get_ident()

    def remember(sender: Any, connection: Any, **kwargs: Any) -> None:
        if connection._thread_ident == test_thread:  # the live server's threads close their own
            opened.append(connection)

    connection_created.connect(remember)
    try:
        with launched_chromium() as chromium:
            yield chromium
    finally:
        connection_created.disconnect(remember)
        for connection in opened:
            connection.close()


@pytest.fixture
def page(browser: Any) -> Any:
    """A desktop-sized page, as on the staff laptop."""
    return browser.new_page(viewport={"width": 1400, "height": 1000})


@pytest.fixture(autouse=True)
def _empty_page_cache() -> Iterator[None]:
    """Every test starts with no kept public page (camp.caches.public_pages), version or printed sheet: a
    page kept by an earlier test would answer for a camp run the database rolled back, and query
    counts would depend on the order."""
    from django.core.cache import cache

    from camp.caches.printed import forget_printed
    from camp.caches.public_pages import forget_front
    from camp.caches.request_memo import forget_shared
    from camp.caches.version import public_version_forget

    cache.clear()
    forget_shared()
    public_version_forget()
    forget_front()
    forget_printed()  # a test that counts a sheet's drawing draws it
    yield


@pytest.fixture
def production_journal() -> Iterator[None]:
    """SQLite: the test database in WAL mode, as production's (``SQLITE_SERVER_PRAGMAS``: a reader
    keeps its snapshot while a writer commits), back to the tests' journal afterwards. PostgreSQL:
    as it is."""
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        for pragma in settings.SQLITE_SERVER_PRAGMAS.split(";"):
            cursor.execute(pragma)
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    yield
    connections.close_all()
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode=DELETE")
