"""Staff at work during :mod:`bench.load`: sessions entering and saving one team's orders again and
again, and the game master resolving the open round and undoing it by turns, each resolve or undo a
:class:`Change` (a new board for every client), on the camp server's staff pages.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from bench._camp_server import Answer, Http, form_fields

#: A staff member's pause between two saves (hands type slower; still about a save a second each).
STAFF_PAUSE = 1.0


@dataclass(frozen=True)
class Change:
    at: float  # monotonic time the change was acknowledged (the redirect after the write)
    version: str  # the board's version (token-language) it made, in Czech
    what: str


@dataclass
class Staff:
    """A staff member entering one team's orders again and again (plain form posts, as the page)."""

    host: str
    port: int
    page: str
    until: float
    saved: int = 0
    errors: list[str] = field(default_factory=list)
    saves_ms: list[float] = field(default_factory=list)
    pages_ms: list[float] = field(default_factory=list)
    last_route: tuple[str, str] = ("", "")
    dropped: int = 0

    def run(self) -> None:
        client = Http(self.host, self.port)
        try:
            client.login()
            while time.monotonic() < self.until:
                self.save_once(client)
                time.sleep(STAFF_PAUSE)
        except Exception as error:  # a socket error: the run fails, and says so
            self.errors.append(f"staff {self.page}: {error!r}")
        self.dropped = client.dropped

    def save_once(self, client: Http) -> None:
        started = time.perf_counter()
        page = client.get(self.page)
        self.pages_ms.append((time.perf_counter() - started) * 1000)
        if page.status != 200:
            self.errors.append(f"order page {page.status}")
            return
        fields = form_fields(page.body)
        routes = sorted(k for k in fields if k.startswith("route-"))
        if not routes:
            self.errors.append("no route field on the order page")
            return
        route = "." if fields[routes[0]] == "" else ""
        fields[routes[0]] = route
        started = time.perf_counter()
        answer = client.post(self.page, fields)
        self.saves_ms.append((time.perf_counter() - started) * 1000)
        if answer.status == 302:
            self.saved += 1
            self.last_route = (routes[0].removeprefix("route-"), route)
        else:
            problem = re.search(rb'class="errorlist[^"]*"[^>]*>(.*?)</ul>', answer.body, re.S)
            self.errors.append(f"save answered {answer.status}: {problem.group(1)[:200] if problem else ''}")


@dataclass
class GameMaster:
    """Resolves the open round ("Potvrdit" after its preview) and undoes it, by turns: the changes."""

    host: str
    port: int
    urls: dict[str, object]
    at: list[float]  # monotonic times of the changes
    versions: list[str] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    steps_ms: dict[str, list[float]] = field(default_factory=dict)

    def timed(self, what: str, call: Callable[..., Answer], *args: object) -> Answer:
        started = time.perf_counter()
        answer = call(*args)
        self.steps_ms.setdefault(what, []).append((time.perf_counter() - started) * 1000)
        return answer

    def board_version(self, client: Http) -> str:
        answer = client.get(str(self.urls["board"]))
        if answer.status != 200:
            raise RuntimeError(f"the notice board answered the game master {answer.status}")
        return answer.headers.get("etag", "").strip('"')

    def run(self) -> None:
        client = Http(self.host, self.port)
        try:
            client.login()
            self.versions.append(self.board_version(client))
            for number, when in enumerate(self.at):
                time.sleep(max(0.0, when - time.monotonic()))
                what = "resolve" if number % 2 == 0 else "undo"
                if not self.change(client, what):
                    return
        except Exception as error:
            self.errors.append(f"game master: {error!r}")

    def change(self, client: Http, what: str) -> bool:
        url = str(self.urls[what])
        page = self.timed(f"{what} page", client.get, url)
        form = f'action="{url}"'.encode()
        if page.status != 200 or form not in page.body or b'class="errornote"' in page.body:
            self.errors.append(f"{what} page: answered {page.status} without its form, or with an error")
            return False
        answer = self.timed(what, client.post, url, {"confirm": "1"} if what == "undo" else {})
        acknowledged = time.monotonic()
        if answer.status != 302:
            self.errors.append(f"{what} answered {answer.status}")
            return False
        version = self.board_version(client)
        if version == self.versions[-1]:
            self.errors.append(f"{what} left the notice board as it was (the write did not happen)")
            return False
        self.versions.append(version)
        self.changes.append(Change(acknowledged, version, what))
        return True
