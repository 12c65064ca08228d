"""What the pages read again and again, built once: a memo keyed by the camp run's public version,
which every write that changes the game draws anew (``camp.public_version``), so that a kept value
never hides a write.

- Within one request (opened by :class:`RequestMemoMiddleware`) a value is built once.
- A request that writes nothing (outside a transaction) also shares what other requests built for
  the same version, in a small process-wide memo: the order page, its htmx check and the resolve
  preview start from the same engine state until the next write (issue 12).
- Inside a transaction (a service writing, under its row locks) and outside a request (services,
  commands, tests calling selectors) the value is built from the rows every time.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db import connection
from django.http import HttpRequest, HttpResponse

T = TypeVar("T")
_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("zo_request_memo", default=None)

#: How many values the process keeps (the newest used; a few camp runs × rounds is plenty).
SHARED_SIZE = 32
_SHARED: OrderedDict[Any, Any] = OrderedDict()
_SHARED_LOCK = threading.Lock()


def remembered(camp_id: int, key: tuple[Any, ...], build: Callable[[], T], *, shared: bool = False) -> T:
    """``build()``, once per request for the same ``key`` and the camp run's current public version;
    with ``shared``, once per process and version for requests outside a transaction. What ``build``
    returns must then be immutable, and depend only on rows whose writes draw a new version."""
    memo = _MEMO.get()
    if memo is None:
        return build()
    from camp.public_cache import public_version

    full = (camp_id, public_version(camp_id), *key)
    if full in memo:
        return memo[full]  # type: ignore[no-any-return]
    if shared and not connection.in_atomic_block:
        with _SHARED_LOCK:
            if full in _SHARED:
                _SHARED.move_to_end(full)
                memo[full] = _SHARED[full]
                return memo[full]  # type: ignore[no-any-return]
        value = build()
        with _SHARED_LOCK:
            _SHARED[full] = value
            while len(_SHARED) > SHARED_SIZE:
                _SHARED.popitem(last=False)
    else:
        value = build()
    memo[full] = value
    return value


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
