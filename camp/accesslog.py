"""The camp server's access log, and the filter that keeps the teams' private links out of every log.

A Batavia team's page is ``/batavia/t/<token>/``: whoever reads a whole token can play as that team.
Logs keep only a short prefix (enough to tell the teams apart): the access log of ``make camp``
(:class:`AccessLog`, waitress writes none itself) and, through :class:`RedactTokensFilter` in
``settings.LOGGING``, Django's own request logging (``Not Found: /batavia/t/…``).
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

TOKEN_PREFIX = 6
# The token after "batavia/t/", also percent-encoded (a ``?next=`` parameter); tokens are URL-safe base64.
_TOKEN_IN_PATH = re.compile(r"(batavia(?:/|%2F)t(?:/|%2F))([A-Za-z0-9_-]+)", re.IGNORECASE)

access_logger = logging.getLogger("camp.access")


def redact_tokens(text: str) -> str:
    """``text`` with every Batavia team token cut to its first few characters and an ellipsis."""

    def cut(match: re.Match[str]) -> str:
        token = match.group(2)
        return match.group(1) + (token if len(token) <= TOKEN_PREFIX else token[:TOKEN_PREFIX] + "…")

    return _TOKEN_IN_PATH.sub(cut, text)


class RedactTokensFilter(logging.Filter):
    """Rewrites a record's message with the tokens cut (the record is formatted once, here)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_tokens(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        return True


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class AccessLog:
    """WSGI wrapper: one line per request (client, request line, status, size, time) to ``camp.access``."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        started = time.monotonic()

        def logging_start_response(status: str, headers: list[tuple[str, str]], *args: Any) -> Any:
            size = next((v for k, v in headers if k.lower() == "content-length"), "-")
            access_logger.info(
                '%s "%s %s %s" %s %s %dms',
                environ.get("REMOTE_ADDR", "-"),
                environ.get("REQUEST_METHOD", "-"),
                request_target(environ),
                environ.get("SERVER_PROTOCOL", "-"),
                status.split(" ", 1)[0],
                size,
                (time.monotonic() - started) * 1000,
            )
            return start_response(status, headers, *args)

        return self.app(environ, logging_start_response)


def request_target(environ: dict[str, Any]) -> str:
    """The path and query of the request, tokens cut (the log line is redacted again by the filter)."""
    path = environ.get("PATH_INFO", "")
    query = environ.get("QUERY_STRING", "")
    return redact_tokens(f"{path}?{query}" if query else path)
