"""The camp server's access log, and the filter that keeps the teams' private links out of every log.

A team's private page (``/tym/<token>/…``, ``/batavia/t/<token>/…``) opens to whoever reads the whole
token. Logs keep only a short prefix (enough to tell the teams apart): the access log of ``make camp``
(:class:`AccessLog`, waitress writes none itself) and, through :class:`RedactTokensFilter` on every
handler in ``settings.LOGGING``, Django's own logging (``Not Found: /tym/…``) and its tracebacks.
Which paths carry a token is read from the URL patterns (:mod:`camp.web.url_tokens`), not listed here.

The access log is written once per request and off the request threads: :func:`access_log_start`
(``make camp``, before serving) puts a queue in front of the ``camp.access`` handlers of
``settings.LOGGING`` (the file ``logs/access.log``; the console too only with ``ZO_ACCESS_CONSOLE=1``),
so a request thread only appends its record to the queue, with no lock, and one writer thread
formats, redacts and writes it. :func:`access_log_stop` (at the server's stop, and at exit) writes
what is still queued.
"""

from __future__ import annotations

import atexit
import logging
import queue
import re
import threading
import time
from collections.abc import Callable, Iterable
from logging.handlers import QueueHandler, QueueListener
from typing import Any

from django.views.debug import SafeExceptionReporterFilter

TOKEN_PREFIX = 6
# A slash in the path, or percent-encoded in a query (``?next=%2Ftym%2F…``); tokens are URL-safe base64.
_SLASH = r"(?:/|%2F)"

access_logger = logging.getLogger("camp.access")

_token_in_path: re.Pattern[str] | None = None
_building = threading.local()
_lock = threading.Lock()


def token_pattern() -> re.Pattern[str] | None:
    """The regex of every token-carrying path, built once from the URL patterns (None while they load)."""
    global _token_in_path
    if _token_in_path is not None:
        return _token_in_path
    if getattr(_building, "active", False):
        return None  # a record logged while the URLconf itself is imported: no request path yet
    _building.active = True
    try:
        from django.urls import get_resolver

        from camp.web.url_tokens import token_route_prefixes

        with _lock:
            prefixes = token_route_prefixes(get_resolver().url_patterns)
            alternatives = "|".join(_SLASH.join(map(re.escape, p.split("/"))) for p in prefixes)
            _token_in_path = re.compile(rf"({_SLASH}(?:{alternatives}))([A-Za-z0-9_-]+)", re.IGNORECASE)
    finally:
        _building.active = False
    return _token_in_path


def redact_tokens(text: str) -> str:
    """``text`` with every team token in a private link cut to its first few characters and an ellipsis."""
    pattern = token_pattern()
    if pattern is None:
        return text

    def cut(match: re.Match[str]) -> str:
        token = match.group(2)
        return match.group(1) + (token if len(token) <= TOKEN_PREFIX else token[:TOKEN_PREFIX] + "…")

    return pattern.sub(cut, text)


class RedactTokensFilter(logging.Filter):
    """Rewrites a record's message and traceback with the tokens cut (the record is formatted once, here)."""

    _formatter = logging.Formatter()

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        redacted = redact_tokens(message)
        if redacted != message:
            record.msg, record.args = redacted, ()
        if record.exc_info and not record.exc_text:
            # An exception's text may quote the path (a 404's message, a failed lookup by token).
            record.exc_text = self._formatter.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact_tokens(record.exc_text)
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


# ------------------------------------------------------------------------------------ off the request threads
#: Asks for the access log on the console too (each line is then written twice: file and console).
ACCESS_CONSOLE_ENV = "ZO_ACCESS_CONSOLE"

_listener: QueueListener | None = None


class _QueueNoLock(QueueHandler):
    """Hands a record to the writer thread as it is: no formatting here (its arguments are plain
    strings and numbers, safe to pass on), and no handler lock (the queue is thread-safe)."""

    def prepare(self, record: logging.LogRecord) -> logging.LogRecord:
        return record

    def handle(self, record: logging.LogRecord) -> bool:
        if not self.filter(record):
            return False
        self.enqueue(record)
        return True


def access_log_start() -> list[str]:
    """Put a queue in front of ``camp.access``'s handlers and start their writer thread; where the
    lines go (a file's path, "console"), for the server's banner. Started once; [] without handlers."""
    global _listener
    handlers = list(access_logger.handlers)
    if _listener is not None or not handlers:
        return [] if _listener is None else access_log_places(list(_listener.handlers))
    records: queue.SimpleQueue[logging.LogRecord] = queue.SimpleQueue()
    _listener = QueueListener(records, *handlers, respect_handler_level=True)
    for handler in handlers:
        access_logger.removeHandler(handler)
    access_logger.addHandler(_QueueNoLock(records))
    _listener.start()
    atexit.register(access_log_stop)
    return access_log_places(handlers)


def access_log_stop() -> None:
    """Write every line still queued, stop the writer thread and put the handlers back (again:
    nothing happens)."""
    global _listener
    listener, _listener = _listener, None
    if listener is None:
        return
    listener.stop()  # the thread writes what is queued before it ends
    for handler in list(access_logger.handlers):
        if isinstance(handler, _QueueNoLock):
            access_logger.removeHandler(handler)
    for handler in listener.handlers:
        handler.flush()
        access_logger.addHandler(handler)


def access_log_places(handlers: list[logging.Handler]) -> list[str]:
    """Where ``handlers`` write: a file's path, or "console"."""
    return [
        str(getattr(h, "baseFilename", "")) or "console"
        for h in handlers
        if isinstance(h, logging.FileHandler | logging.StreamHandler)
    ]


def request_target(environ: dict[str, Any]) -> str:
    """The path and query of the request, tokens cut (the log line is redacted again by the filter)."""
    path = environ.get("PATH_INFO", "")
    query = environ.get("QUERY_STRING", "")
    return redact_tokens(f"{path}?{query}" if query else path)


class TokenSafeReporterFilter(SafeExceptionReporterFilter):
    """Django's error report without a team's token: its frames' ``token`` variables are cleansed like
    the settings named so, and the request's paths in META are cut as in the logs."""

    def get_traceback_frame_variables(self, request: Any, tb_frame: Any) -> Any:
        variables = super().get_traceback_frame_variables(request, tb_frame)
        return [
            (name, self.cleansed_substitute if self.hidden_settings.search(name) else value)
            for name, value in variables
        ]

    def get_safe_request_meta(self, request: Any) -> dict[str, Any]:
        meta = super().get_safe_request_meta(request)
        return {key: redact_tokens(value) if isinstance(value, str) else value for key, value in meta.items()}
