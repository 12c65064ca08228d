"""The camp night's crowd for :mod:`bench.load`: phones on the notice board, projector screens,
replay pages and the teams' own pages, each a raw HTTP/1.1 client on one keep-alive connection
under asyncio, polling as htmx drives it; every answer timed from the moment its request was due,
so a connection left in the accept queue, a reconnection and a request queued in the server all
count. Only loopback addresses.
"""

from __future__ import annotations

import asyncio
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

PROJECTORS = 10
REPLAYS = 10
#: The notice board's poll interval (games/islands/pages/notice_board.py, POLL_SECONDS).
POLL = 10.0
#: Seconds an answer may take before it counts as a timeout.
TIMEOUT = 30.0
ENGLISH_EVERY = 10

HTMX_POLL = {"HX-Request": "true", "HX-Trigger": "board", "HX-Target": "board", "Accept": "*/*"}
#: A team page's poll (games/islands/templates/islands/team.html: ``#team-view``, outerHTML).
TEAM_POLL = {"HX-Request": "true", "HX-Trigger": "team-view", "HX-Target": "team-view", "Accept": "*/*"}
PAGE = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8", "Accept-Language": "cs"}


# ------------------------------------------------------------------------------ HTTP on raw sockets


@dataclass
class Head:
    status: int
    headers: dict[str, str]


def parse_head(data: bytes) -> Head:
    """The status and headers (names in lower case) of an answer's head (up to the blank line)."""
    lines = data.decode("latin-1").rstrip("\r\n").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
        raise ValueError(f"not an HTTP status line: {lines[0][:80]!r}")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, colon, value = line.partition(":")
        if not colon:
            raise ValueError(f"not a header line: {line[:80]!r}")
        headers[name.strip().lower()] = value.strip()
    return Head(int(parts[1]), headers)


def keeps_connection(head: Head) -> bool:
    return head.headers.get("connection", "").lower() != "close"


def held_version(head: Head, body: bytes) -> str | None:
    """The board version an answer gives its client: the ETag, else the page's ``data-version``."""
    etag = head.headers.get("etag", "").strip()
    if etag:
        return etag.removeprefix("W/").strip('"')
    found = re.search(rb'data-version="([^"]+)"', body)
    return found.group(1).decode() if found else None


def request_bytes(path: str, headers: dict[str, str], host: str) -> bytes:
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host}",
        "User-Agent: bench.load",
        *(f"{k}: {v}" for k, v in headers.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class Closed(Exception):
    """The server closed or reset the connection before the whole answer."""


async def read_answer(reader: asyncio.StreamReader) -> tuple[Head, bytes]:
    try:
        head = parse_head(await reader.readuntil(b"\r\n\r\n"))
        if head.status in (204, 304) or 100 <= head.status < 200:
            return head, b""
        if head.headers.get("transfer-encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                body += await reader.readexactly(size + 2)
                if size == 0:
                    return head, body[:-2]
                body = body[:-2]
        if "content-length" in head.headers:
            return head, await reader.readexactly(int(head.headers["content-length"]))
        return head, await reader.read()  # to the end: the server closes
    except (asyncio.IncompleteReadError, ConnectionResetError, BrokenPipeError) as error:
        raise Closed(type(error).__name__) from error


# ------------------------------------------------------------------------------ the clients


@dataclass
class Tally:
    """What all the clients saw."""

    answers: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    connects_ms: list[float] = field(default_factory=list)
    late_ms: list[float] = field(default_factory=list)  # how late the benchmark sent (its own CPU)
    answers_ms: list[float] = field(default_factory=list)
    closed_by_server: int = 0
    #: The htmx polls alone (not a page's first load, its scripts or a replay's reload).
    polls: Counter[int] = field(default_factory=Counter)
    polls_ms: list[float] = field(default_factory=list)
    unchanged_ms: list[float] = field(default_factory=list)  # the polls answered 204

    def poll(self, status: int, took_ms: float) -> None:
        self.polls[status] += 1
        self.polls_ms.append(took_ms)
        if status == 204:
            self.unchanged_ms.append(took_ms)

    def poll_summary(self) -> str:
        """How many polls, the share answered 204, the p50 / p99 of all and of the 204s alone."""
        count = sum(self.polls.values())
        if not count:
            return "none"

        def p50_p99(values: list[float]) -> str:
            if not values:
                return "none"
            return f"p50 {statistics.median(values):.1f} ms, p99 {percentile(values, 0.99):.1f} ms"

        return (
            f"{count} polls, {100 * self.polls[204] / count:.0f} % 204: {p50_p99(self.polls_ms)}; "
            f"the 204s {p50_p99(self.unchanged_ms)}"
        )

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] += 1
        if len(self.examples) < 10:
            self.examples.append(f"{kind}: {what}")


@dataclass
class Client:
    """One phone or screen: one keep-alive connection, the versions it held and when."""

    name: str
    page: str  # the address it opens
    kind: str  # "board" (htmx polls), "team" (a team's page, htmx polls) or "replay" (reloads)
    projector: bool = False
    held: list[tuple[float, str]] = field(default_factory=list)
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None

    @property
    def version(self) -> str | None:
        return self.held[-1][1] if self.held else None

    def hold(self, at: float, version: str | None) -> None:
        if version is not None and version != self.version:
            self.held.append((at, version))

    def next_request(self, etag: str) -> tuple[str, dict[str, str]]:
        """The path and headers of its next request (the whole page first)."""
        if self.version is None:
            return self.page, PAGE
        if self.kind == "replay":
            return self.page, {**PAGE, "If-None-Match": etag}
        query = f"?v={self.version}" + ("&projektor" if self.projector else "")
        poll = TEAM_POLL if self.kind == "team" else HTMX_POLL
        return self.page.split("?")[0] + query, {**poll, "HX-Current-URL": self.page}

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def fetch(
    client: Client, host: str, port: int, path: str, headers: dict[str, str], tally: Tally, due: float
) -> tuple[Head, bytes] | None:
    """One request on the client's connection (opened when needed), timed from ``due`` (monotonic:
    when it was to be sent); None on an error (tallied)."""
    tally.late_ms.append(max(0.0, time.monotonic() - due) * 1000)
    try:
        async with asyncio.timeout(TIMEOUT):
            if client.writer is None:
                started = time.perf_counter()
                client.reader, client.writer = await asyncio.open_connection(host, port)
                tally.connects_ms.append((time.perf_counter() - started) * 1000)
            assert client.reader is not None
            client.writer.write(request_bytes(path, headers, f"{host}:{port}"))
            await client.writer.drain()
            head, body = await read_answer(client.reader)
    except ConnectionRefusedError as error:
        tally.error("refused", f"{client.name} {path}: {error}")
    except (Closed, ConnectionResetError, BrokenPipeError) as error:
        tally.error("reset", f"{client.name} {path}: {error}")
    except TimeoutError:
        tally.error("timeout", f"{client.name} {path}: no answer within {TIMEOUT:.0f} s")
    except (OSError, ValueError) as error:
        tally.error("other", f"{client.name} {path}: {error!r}")
    else:
        tally.answers_ms.append((time.monotonic() - due) * 1000)
        tally.answers[head.status] += 1
        if not keeps_connection(head):
            tally.closed_by_server += 1
            client.close()
        return head, body
    client.close()
    return None


async def run_client(client: Client, host: str, port: int, start: float, until: float, tally: Tally) -> None:
    due, etag = start, ""
    while due < until:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        first = client.version is None
        path, headers = client.next_request(etag)
        got = await fetch(client, host, port, path, headers, tally, due)
        if got is not None:
            head, body = got
            if not first and client.kind != "replay":
                tally.poll(head.status, tally.answers_ms[-1])  # fetch's figure, just recorded
            expected = (200,) if first else (200, 304) if client.kind == "replay" else (200, 204)
            if head.status not in expected:
                kind = "5xx" if head.status >= 500 else "unexpected"
                tally.error(kind, f"{client.name} {path}: {head.status}")
            elif head.status == 200:
                client.hold(time.monotonic(), held_version(head, body))
                etag = head.headers.get("etag", "")
                if client.kind != "replay":
                    due = time.monotonic()  # htmx swapped the view in: its poll timer starts anew
                if first:
                    for script in re.findall(rb'<script src="([^"]+)"', body):  # the page's scripts
                        src, src_due = script.decode(), time.monotonic()
                        loaded = await fetch(client, host, port, src, {"Accept": "*/*"}, tally, src_due)
                        if loaded is not None and loaded[0].status != 200:
                            tally.error("unexpected", f"{client.name} {src}: {loaded[0].status}")
        # The next tick (htmx skips a tick while its request is still out).
        due += POLL
        while due < time.monotonic():
            due += POLL
    client.close()


def crowd(world_urls: dict[str, object], clients: int) -> list[Client]:
    """The notice board's crowd: phones, projector screens and replay pages."""
    board, board_en, replay = (str(world_urls[k]) for k in ("board", "board_en", "replay"))
    phones = [
        Client(f"phone {i}", board_en if i % ENGLISH_EVERY == ENGLISH_EVERY - 1 else board, "board")
        for i in range(clients)
    ]
    screens = [
        Client(f"projector {i}", f"{board}?projektor", "board", projector=True) for i in range(PROJECTORS)
    ]
    replays = [Client(f"replay {i}", replay, "replay") for i in range(REPLAYS)]
    return phones + screens + replays


def team_phones(world_urls: dict[str, object]) -> list[Client]:
    """One phone per team on its own page (``/tym/<token>/``)."""
    pages = world_urls.get("team_pages") or []
    assert isinstance(pages, list)
    return [Client(f"team {i + 1}", str(page), "team") for i, page in enumerate(pages)]


async def drive_crowd(
    everyone: list[Client],
    host: str,
    port: int,
    seconds: float,
    tally: Tally,
    team_tally: Tally | None = None,
) -> None:
    """Every client until ``seconds`` have passed, each joining at a random moment of the first poll
    interval; the team phones' answers go to ``team_tally`` (else to ``tally``)."""
    began = time.monotonic()
    rng = random.Random(18)
    runs = [
        run_client(
            c,
            host,
            port,
            began + rng.uniform(0, POLL),
            began + seconds,
            team_tally if team_tally is not None and c.kind == "team" else tally,
        )
        for c in everyone
    ]
    async with asyncio.timeout(seconds + TIMEOUT + 30):  # bounded, whatever the server does
        await asyncio.gather(*runs)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]
