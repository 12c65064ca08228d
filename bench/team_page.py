"""A team's own page (``/tym/<token>/``, issue 21) beside the notice board, through the real camp
server (``make camp``: waitress, production settings) on the camp night's camp (a board of side 13,
12 teams with their links on, 15 rounds played, the 16th open for orders), each beside its
reference measured in the same run, from the client's side (a request timed from before it is
sent to its answer's last byte, the server's queueing included; each side on its own keep-alive
connection, as a phone keeps one between its polls):

- **the poll, unchanged**: a team page's htmx poll ``?v=<the version it shows>`` (204) against the
  notice board's (204), warm, alternating pairs (the teams in turn), the median of each side: at
  most 1.5×;
- **the first render after a change**: the game master resolves the open round or undoes it again
  (each a new public version of the camp run: every kept page and engine state is stale), then the
  first poll of a team page with the version it showed (200: its view rendered anew) against the
  board's first poll after a change of its own. Each change is followed by one side only, the
  sides taking the resolve and the undo in turns, so both render the same states as often; the
  median of each side: at most 2×.
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from bench._camp_server import Answer, Http, camp_server
from bench._targets import check

#: Pairs of unchanged polls (team page, board), alternating (a pair takes ~10 ms: many, for the noise).
POLL_PAIRS = 61
#: Pairs of first renders; each pair is two changes (a resolve and an undo). Even: each side gets
#: as many of either.
RENDER_PAIRS = 24
POLL_LIMIT = 1.5
RENDER_LIMIT = 2.0
#: What htmx sends with a poll (its trigger and target differ per page; the server reads HX-Request).
BOARD_POLL = {"HX-Request": "true", "HX-Trigger": "board", "HX-Target": "board", "Accept": "*/*"}
TEAM_POLL = {"HX-Request": "true", "HX-Trigger": "team-view", "HX-Target": "team-view", "Accept": "*/*"}


@dataclass
class Page:
    """One phone: a page, the version it shows and its connection."""

    url: str
    headers: dict[str, str]
    http: Http
    version: str = ""

    def load(self) -> None:
        """The whole page (as a phone opens it): the version it shows."""
        answer = self.http.get(self.url, Accept="text/html")
        if answer.status != 200:
            raise RuntimeError(f"{self.url} answered {answer.status}")
        self.version = shown_version(answer)

    def poll(self, expect: int) -> float:
        """One htmx poll with the version shown; milliseconds to its answer, which must be ``expect``
        (a new view, 200, is shown from then on)."""
        started = time.perf_counter()
        answer = self.http.get(f"{self.url}?v={self.version}", **self.headers)
        took = (time.perf_counter() - started) * 1000
        if answer.status != expect:
            raise RuntimeError(f"the poll of {self.url} answered {answer.status}, not {expect}")
        if answer.status == 200:
            self.version = shown_version(answer)
        return took


def shown_version(answer: Answer) -> str:
    """The version a page shows: the board's ETag, else the ``data-version`` of the team's view."""
    etag = answer.headers.get("etag", "").strip().removeprefix("W/").strip('"')
    if etag:
        return etag
    found = re.search(rb'data-version="([^"]+)"', answer.body)
    if found is None:
        raise RuntimeError("an answer without the version it shows")
    return found.group(1).decode()


class GameMaster:
    """Resolves the open round ("Potvrdit" after its preview) and undoes it, by turns; reads no public
    page (the first render after each change is the benchmark's)."""

    def __init__(self, http: Http, urls: dict[str, object]) -> None:
        self.http, self.urls, self.changes = http, urls, 0

    def change(self) -> str:
        what = "resolve" if self.changes % 2 == 0 else "undo"
        url = str(self.urls[what])
        if self.http.get(url).status != 200:
            raise RuntimeError(f"the {what} page did not open")
        answer = self.http.post(url, {"confirm": "1"} if what == "undo" else {})
        if answer.status != 302:
            raise RuntimeError(f"{what} answered {answer.status}")
        self.changes += 1
        return what


def medians(pairs: int, first: Callable[[], float], second: Callable[[], float]) -> tuple[float, float]:
    mine, theirs = [], []
    for _ in range(pairs):  # alternating, so both see the same noise
        mine.append(first())
        theirs.append(second())
    return statistics.median(mine), statistics.median(theirs)


def main() -> None:
    with camp_server(world="night") as (host, port, world, _data):
        urls = world.urls
        board = Page(str(urls["board"]), BOARD_POLL, Http(host, port))
        teams = [Page(str(url), TEAM_POLL, Http(host, port)) for url in urls["team_pages"]]
        cold_started = time.perf_counter()
        board.load()
        cold = {"notice board": (time.perf_counter() - cold_started) * 1000}
        for number, team in enumerate(teams):
            started = time.perf_counter()
            team.load()
            if number == 0:
                cold["team page"] = (time.perf_counter() - started) * 1000
        print(
            f"cold (the first whole page of a fresh server, ms): notice board {cold['notice board']:.0f}, "
            f"team page {cold['team page']:.0f} ({len(teams)} teams)"
        )

        turn = iter(range(10**9))

        def team_poll() -> float:
            return teams[next(turn) % len(teams)].poll(204)

        for _ in range(3):
            team_poll(), board.poll(204)
        team_ms, board_ms = medians(POLL_PAIRS, team_poll, lambda: board.poll(204))
        check(
            "team page poll, unchanged: 204 (warm, median)",
            team_ms,
            board_ms,
            unit="ms",
            at_most=POLL_LIMIT,
            reference_name="the notice board's unchanged poll",
        )

        staff = Http(host, port)
        staff.login()
        game = GameMaster(staff, urls)
        renders: dict[str, list[float]] = {"team page": [], "notice board": []}
        for number in range(RENDER_PAIRS):
            sides = ["team page", "notice board"] if number % 2 == 0 else ["notice board", "team page"]
            for side in sides:
                game.change()
                # A team takes a resolve, then an undo: its page shows the view before each change
                # (a page that never saw the resolve would find the undo's view unchanged: 204).
                page = teams[(number // 2) % len(teams)] if side == "team page" else board
                renders[side].append(page.poll(200))
        team_first, board_first = (statistics.median(renders[k]) for k in ("team page", "notice board"))
        print(
            "first render after a change (ms, in order): "
            + "; ".join(f"{side} " + " ".join(f"{v:.0f}" for v in values) for side, values in renders.items())
        )
        check(
            "team page first render after a change (median)",
            team_first,
            board_first,
            unit="ms",
            at_most=RENDER_LIMIT,
            reference_name="the notice board's first render after a change",
        )


if __name__ == "__main__":
    main()
