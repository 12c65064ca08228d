"""What one request reads more than once, read once: a memo that lives for one request (opened by
:class:`RequestMemoMiddleware`) and is keyed by the camp run's public version too, so a write
within the request (every write that changes the game draws a new version) is never hidden by it.
Outside a request (services, commands, tests calling selectors) nothing is kept."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any, TypeVar

from django.http import HttpRequest, HttpResponse

T = TypeVar("T")
_MEMO: ContextVar[dict[Any, Any] | None] = ContextVar("zo_request_memo", default=None)


def remembered(camp_id: int, key: tuple[Any, ...], build: Callable[[], T]) -> T:
    """``build()``, once per request for the same ``key`` and the camp run's current public version."""
    memo = _MEMO.get()
    if memo is None:
        return build()
    from camp.public_cache import public_version

    full = (camp_id, public_version(camp_id), *key)
    if full not in memo:
        memo[full] = build()
    return memo[full]  # type: ignore[no-any-return]


class RequestMemoMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _MEMO.set({})
        try:
            return self.get_response(request)
        finally:
            _MEMO.reset(token)
