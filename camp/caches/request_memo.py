"""What the pages read again and again, built once: a memo keyed by the camp run's public version,
which every write of the game's rows draws anew (:mod:`camp.caches.version`), so that a kept value
never hides a write.

- Within one request (opened by :class:`RequestMemoMiddleware`) a value is built once.
- A request that writes nothing (outside a transaction, or in :func:`consistent_reads`) also
  shares what other requests built for the same version, in a small process-wide memo: the order
  page, its htmx check and the resolve preview start from the same engine state until the next
  write (issue 12).
- Inside a transaction (a service writing, under its row locks) and outside a request (services,
  commands, tests calling selectors) the value is built from the rows every time.

A page that reads in several queries while a service commits would see some rows before the commit
and some after (a resolved round without its result, a memoised state beside rows of the next
version): :func:`consistent_reads` reads them all as of one moment, in one read transaction, and the
version the memo is keyed by is read in it too, so the shared memo serves it as well. Outside a
transaction a value is kept only if no write came in while it was built.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse

from camp.caches.version import public_version

T = TypeVar("T")
_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("zo_request_memo", default=None)

#: How many values the process keeps (the newest used; a few camp runs × rounds is plenty).
SHARED_SIZE = 32
_SHARED: OrderedDict[Any, Any] = OrderedDict()
_SHARED_LOCK = threading.Lock()
#: Set while :func:`consistent_reads` holds the read transaction it opened (per thread and request).
_READING: ContextVar[bool] = ContextVar("zo_consistent_reads", default=False)
#: The camp runs' public versions read inside that transaction (they cannot change in it): one
#: query per camp run and read, not one per value remembered.
_VERSIONS: ContextVar[dict[int, str | None] | None] = ContextVar("zo_read_versions", default=None)


@contextmanager
def consistent_reads() -> Iterator[None]:
    """Every query inside reads the database as of one moment: one read transaction (PostgreSQL:
    repeatable read; SQLite: a deferred transaction, a snapshot in WAL mode, no write lock taken,
    so readers never wait for one another). Nothing may be written inside: a page reads in it, a
    service writes outside it. Inside a transaction already (a service, a test's), its reads are
    that transaction's and nothing changes."""
    if connection.in_atomic_block:
        yield
        return
    connection.ensure_connection()
    with ExitStack() as stack:
        if connection.vendor == "sqlite":
            # The settings' BEGIN IMMEDIATE would take the write lock: readers would queue behind
            # every writer and one another. A reader begins deferred.
            mode = connection.transaction_mode  # type: ignore[attr-defined]
            connection.transaction_mode = "DEFERRED"  # type: ignore[attr-defined]
            try:
                stack.enter_context(transaction.atomic())
            finally:
                connection.transaction_mode = mode  # type: ignore[attr-defined]
        else:
            stack.enter_context(transaction.atomic())
            if connection.vendor == "postgresql":  # read committed would read each query afresh
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        token = _READING.set(True)
        stack.callback(_READING.reset, token)
        versions = _VERSIONS.set({})
        stack.callback(_VERSIONS.reset, versions)
        yield


def _reading_consistently() -> bool:
    """Inside the read transaction :func:`consistent_reads` opened (not in a writer's savepoint)."""
    return _READING.get() and connection.in_atomic_block and len(connection.atomic_blocks) == 1


def remembered(camp_id: int, key: tuple[Any, ...], build: Callable[[], T], *, shared: bool = False) -> T:
    """``build()``, once per request for the same ``key`` and the camp run's current public version;
    with ``shared``, once per process and version for requests outside a writer's transaction. What
    ``build`` returns must then be immutable, and depend only on rows whose writes draw a new version.

    A value is kept only under the version its rows are of: inside :func:`consistent_reads` the
    version is read in the same transaction; outside any transaction a commit may land between the
    queries, so the value is kept only if the version is still the same once it is built."""
    memo = _MEMO.get()
    if memo is None:
        return build()
    version = _version(camp_id)
    full = (camp_id, version, *key)
    if full in memo:
        return memo[full]  # type: ignore[no-any-return]
    share = shared and (not connection.in_atomic_block or _reading_consistently())
    if share:
        with _SHARED_LOCK:
            if full in _SHARED:
                _SHARED.move_to_end(full)
                memo[full] = _SHARED[full]
                return memo[full]  # type: ignore[no-any-return]
    value = build()
    if not connection.in_atomic_block and _version(camp_id) != version:
        return value  # a write came in while it was built: its rows may be of two versions
    if share:
        with _SHARED_LOCK:
            _SHARED[full] = value
            while len(_SHARED) > SHARED_SIZE:
                _SHARED.popitem(last=False)
    memo[full] = value
    return value


def _version(camp_id: int) -> str | None:
    """The camp run's public version now; inside :func:`consistent_reads`, read once."""
    versions = _VERSIONS.get()
    if versions is None or not _reading_consistently():
        return public_version(camp_id)
    if camp_id not in versions:
        versions[camp_id] = public_version(camp_id)
    return versions[camp_id]


def forget_shared() -> None:
    """Drop every value the process keeps (tests: a rolled-back database may reuse a version)."""
    with _SHARED_LOCK:
        _SHARED.clear()


class RequestMemoMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _MEMO.set({})
        try:
            return self.get_response(request)
        finally:
            _MEMO.reset(token)
