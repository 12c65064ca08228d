"""How ``make camp`` serves: waitress with the limits a hall full of phones needs (issue 18).

Measured with ``python -m bench.load`` (300 phones polling the notice board every 10 s, 20 screens,
3 staff saving orders, a round resolved and undone meanwhile; see docs/performance.md):

- **Keep-alive on the polls.** Waitress 3 closes the connection after every answer without a body
  (204, 304): it drops their ``Content-Length`` (the RFC forbids it there) and then treats "no
  length" as "close when done", as for a streamed body. Every unchanged poll of the board (204)
  closed its connection, the next one connected again and queued behind the others.
  :class:`KeepAliveTask` keeps the connection after a body-less answer (its end is the end of
  its headers), unless the client asked to close.
- **The connection limit.** Every phone keeps its connection open between polls (browsers keep 2–6
  per server for a while after a page load), so waitress's default of 100 left the rest in the
  kernel's accept queue until a connection timed out. :data:`CONNECTION_LIMIT` holds a camp's
  300 phones three times over (900 passed the benchmark); waitress then waits with ``poll()``
  (``select()`` stops at 1024 file descriptors), and the process may open that many files
  (:func:`raise_open_files_limit`).
- **The threads.** Answers from the public cache take about a millisecond and a board is rendered
  once per change (camp.caches.public_pages), so threads rarely wait for the CPU; they wait for a render
  in flight or for SQLite's write lock. :data:`THREADS` leaves room for those waits (with 2 or 4
  the benchmark's answers queued for seconds, 8 and 16 measured alike), and more threads only add
  switching under Python's single interpreter lock.
"""

from __future__ import annotations

from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server
from waitress.task import WSGITask

try:
    import resource
except ImportError:  # Windows: no such limit to raise (waitress falls back to select() there too)
    resource = None  # type: ignore[assignment]

#: Worker threads (``make camp`` ``--threads``), see the module's docstring and docs/performance.md.
THREADS = 8
#: Open connections at once (waitress's default is 100): a camp's phones, screens and staff browsers.
CONNECTION_LIMIT = 1000
#: File descriptors besides the connections: the database and its journal, logs, static files.
SPARE_FILES = 100


class KeepAliveTask(WSGITask):
    """A waitress task that keeps an HTTP/1.1 connection open after a 1xx, 204 or 304 answer."""

    _bodiless_keep = False

    def build_response_header(self) -> bytes:
        asked_close = self.request.headers.get("CONNECTION", "").lower() == "close"
        self._bodiless_keep = not self.has_body and self.version == "1.1" and not asked_close
        try:
            header: bytes = super().build_response_header()
        finally:
            self._bodiless_keep = False
        return header

    def set_close_on_finish(self) -> None:
        # While the header is built, the only reason left to close is the missing length, which a
        # body-less answer does not need (RFC 9112, 6.3: it ends with its header).
        if self._bodiless_keep:
            return
        super().set_close_on_finish()


class KeepAliveChannel(HTTPChannel):
    task_class = KeepAliveTask


def create_camp_server(app: Any, *, listen: str, threads: int = THREADS) -> Any:
    """The waitress server of ``make camp`` on ``listen`` ("host:port", "*:port"), not yet running."""
    raise_open_files_limit(CONNECTION_LIMIT + SPARE_FILES)
    dispatchers: dict[int, Any] = {}
    server = create_server(
        app,
        map=dispatchers,
        listen=listen,
        threads=threads,
        connection_limit=CONNECTION_LIMIT,
        asyncore_use_poll=True,
        ident="waitress",
    )
    for dispatcher in dispatchers.values():  # one listening server per address (IPv4, IPv6)
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = KeepAliveChannel
    return server


def raise_open_files_limit(wanted: int) -> int:
    """Raise this process's soft limit of open files to ``wanted`` (at most the hard limit); the
    limit now in force (desktop Linux starts processes at 1024)."""
    if resource is None:
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        new = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        if new > soft:
            resource.setrlimit(resource.RLIMIT_NOFILE, (new, hard))
            soft = new
    return int(soft)
