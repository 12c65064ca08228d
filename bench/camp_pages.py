"""The staff's pages through the real camp server (``make camp``: waitress, production settings) on
two camps (issue 22): today's small one (side 9, 3 teams, 15 rounds played) and the large one (side
13, 12 teams, 30 rounds played), each with the open round holding every team's real orders (the demo
planner's), so the resolve preview moves ships and the htmx check posts real routes. Every figure
stands beside its reference measured in the same run: the admin index page, in alternating pairs
(the median of each side), from the client's side.

- **Warm**: the page asked again and again with nothing written in between (the engine state, its
  map and the preview are shared between requests per ``Camp.public_version``: this measures that
  memo).
- **Right after a change**: before each timed request staff save the open round's placements (as
  they are: a real write through its page that draws a new ``public_version``, not timed), so the
  page reads and builds everything anew: what staff feel after every save.
- **The sheets (PDF) with new data**: before each, staff give the first team another shade of its
  colour (a new one each time, through its admin page): every sheet prints it, so the PDF is drawn
  anew, what staff wait for the first time they print a round's sheets. Warm and after a change, a
  sheet whose data did not change is answered as printed before (``camp.caches.printed``: its data is
  gathered afresh, then found unchanged).
- **"Potvrdit"**: the resolve page's POST (resolve, commit, the database snapshot), then the undo
  page's POST, both timed, each pair starting from the same state.
- **The notice board** against a static file of its own byte size that the same server serves
  (written among its collected static files): the throughput with 4 and with 64 connections (``wrk``).

Targets (ratios to the admin index), the same on both camps: the order page after a change ≤ 2×,
the htmx check (warm: staff type, each keystroke a check) ≤ 1.5×, the resolve preview after a change
≤ 2.5×, the notice board right after a change ≤ 3×, one team's sheet ≤ 2× and all teams' sheets
≤ 3× (warm, after a change and drawn anew), "Potvrdit" ≤ 5×, undo ≤ 5×; the notice board ≥ 0.9×
the static file's throughput; the all-teams PDF reads no more queries for 12 teams than for 3
(counted in a child process, :mod:`bench._queries`).
The other figures (warm, or after a change) are printed beside them, with no target.
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench import _queries as queries
from bench._camp_server import Answer, Http, World, camp_server, form_fields, timed_ms
from bench._targets import check

#: Pairs of each figure (medians of each side).
PAIRS = 21
#: Pairs of the slow ones (a PDF, a change before each request, a resolve and an undo).
SLOW_PAIRS = 15
WRK_SECONDS = 4
WRK_RUNS = 3  # of each side, interleaved (the mean of each)
WRK_CONNECTIONS = (4, 64)
CAMPS = ("played", "large")
NAMES = {"played": "small camp", "large": "large camp"}
#: The limits (a ratio to the admin index) of each figure; a figure not listed is printed only.
LIMITS = {
    "order page (after a change)": 2.0,
    "htmx check (warm)": 1.5,
    "resolve preview (after a change)": 2.5,
    "notice board (after a change)": 3.0,
    "one team sheet PDF (warm)": 2.0,
    "one team sheet PDF (after a change)": 2.0,
    "one team sheet PDF (new data: drawn anew)": 2.0,
    "all-teams PDF (warm)": 3.0,
    "all-teams PDF (after a change)": 3.0,
    "all-teams PDF (new data: drawn anew)": 3.0,
    "Potvrdit (resolve + commit + snapshot)": 5.0,
    "undo": 5.0,
}
BOARD_FILE = "bench-board-size.html"  # the static file of the notice board's own size


def wrk(url: str, connections: int, seconds: int = WRK_SECONDS) -> tuple[float, float]:
    """Requests per second and p99 (ms) of ``wrk`` on ``url``."""
    done = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise RuntimeError(f"wrk saw errors on {url}:\n{out}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    if rate == 0:  # a stalled server: no ratio to take (0 / 0 would pass as infinite)
        raise RuntimeError(f"wrk completed no request on {url}:\n{out}")
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return rate, float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


class StaffPages:
    """One camp's staff pages on a running server, and the change drawn before a request."""

    def __init__(self, host: str, port: int, world: World) -> None:
        self.world, self.urls = world, world.urls
        self.staff = Http(host, port)
        self.staff.login()
        self.public = Http(host, port)  # a phone: no login
        self.turn = 0
        self.placements = [("team", team) for team in world.places] + [
            (f"rank-{team}", str(rank)) for team, rank in world.places.items()
        ]
        self.team_url = f"/admin/camp/team/{world.teams[0]}/change/"
        self.team_fields = _admin_form(self.staff.get(self.team_url).body)
        self.recolours = 0
        for url in self.urls["orders"]:  # the htmx check posts a team's real routes (the planner's)
            fields = form_fields(self.staff.get(url).body)
            self.check_data = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
            self.check_url = url
            if any(k.startswith("route-") and v.strip() for k, v in self.check_data.items()):
                break
        else:
            raise AssertionError("no order page shows a stored route: the open round has no real orders")
        version = self.board_version()
        self.change()
        assert self.board_version() != version, "saving the placements drew no new public version"

    def change(self) -> None:
        """Staff save the open round's placements as they are: a write drawing a new public version
        (checked once, at the start: reading the board here would render it, warming what it shares)."""
        answer = self.staff.post(self.urls["placements"], self.placements)  # type: ignore[arg-type]
        assert answer.status == 302, f"saving the placements answered {answer.status}"

    def change_sheets(self) -> None:
        """Staff give the first team another shade of its colour through its admin page, a new one
        each time (its name is fixed once it has placements): every team's sheet prints it (the
        map's key, its harbor), so each PDF is drawn anew rather than answered as printed before
        (camp.caches.printed)."""
        self.recolours += 1
        base = int(self.team_fields["colour"][1:], 16)
        fields = dict(self.team_fields, colour=f"#{base ^ (self.recolours % 256):06x}")
        answer = self.staff.post(self.team_url, fields)
        assert answer.status == 302, f"changing the team's colour answered {answer.status}"

    def board_version(self) -> str:
        return self.staff.get(self.urls["board"], HX_Request="true").headers.get("etag", "")

    def order_page(self) -> Answer:
        self.turn += 1  # the teams in turn
        return self.staff.get(self.urls["orders"][self.turn % len(self.urls["orders"])])

    def pages(self) -> dict[str, tuple[Callable[[], Answer], int]]:
        """name: (the request, pairs)."""
        urls = self.urls
        return {
            "order page": (self.order_page, PAIRS),
            "htmx check": (
                lambda: self.staff.post(self.check_url, self.check_data, HX_Request="true"),
                PAIRS,
            ),
            "resolve preview": (lambda: self.staff.get(urls["resolve"]), PAIRS),
            "notice board": (lambda: self.public.get(urls["board"]), PAIRS),
            "one team sheet PDF": (lambda: self.staff.get(urls["sheet"][0]), SLOW_PAIRS),
            "all-teams PDF": (lambda: self.staff.get(urls["sheets"]), SLOW_PAIRS),
        }

    def reference(self) -> Answer:
        return self.staff.get(self.urls["admin_index"])

    def pairs(
        self, call: Callable[[], Answer], pairs: int, before: Callable[[], None] | None
    ) -> tuple[float, float]:
        """(median ms of ``call``, median ms of the admin index) over alternating pairs; ``before``
        runs (untimed) before each timed ``call``."""
        for _ in range(2):
            call(), self.reference()
        mine, theirs = [], []
        for _ in range(pairs):
            if before is not None:
                before()
            mine.append(timed_ms(call))
            theirs.append(timed_ms(self.reference))
        return statistics.median(mine), statistics.median(theirs)

    def resolve_and_undo(self, pairs: int) -> tuple[float, float, float]:
        """Medians (ms) of "Potvrdit" (the resolve page's POST), of undo (the undo page's POST) and of
        the admin index between them."""
        resolved, undone, theirs = [], [], []
        for _ in range(pairs):
            self.staff.get(self.urls["resolve"])  # the preview staff read before they press it
            resolved.append(timed_ms(lambda: self.staff.post(self.urls["resolve"], {}), status=302))
            theirs.append(timed_ms(self.reference))
            self.staff.get(self.urls["undo"])
            undone.append(timed_ms(lambda: self.staff.post(self.urls["undo"], {"confirm": "1"}), status=302))
            theirs.append(timed_ms(self.reference))
        return statistics.median(resolved), statistics.median(undone), statistics.median(theirs)


def _admin_form(html: bytes) -> dict[str, str]:
    """The fields a Django admin change form posts back unchanged: its inputs and its selects'
    chosen options."""
    fields = {k: v for k, v in form_fields(html).items() if not k.startswith("_")}
    for name, options in re.findall(rb'<select\b[^>]*\bname="([^"]*)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(rb'<option value="([^"]*)"[^>]*\bselected\b', options)
        fields[name.decode()] = chosen.group(1).decode() if chosen else ""
    fields["_save"] = "Save"
    return fields


#: The queries of the all-teams PDF on each camp (:func:`measure`), compared at the end.
PDF_QUERIES: dict[str, int] = {}


def measure(kind: str) -> None:
    """The staff pages of one camp, then the notice board's throughput against a static file of its size."""
    camp = NAMES[kind]
    with tempfile.TemporaryDirectory(prefix="zo-bench-static-") as tmp:
        static = Path(tmp) / "static"
        with camp_server(world=kind) as (host, port, world, data):
            board = Http(host, port).get(world.urls["board"]).body  # as the next server will serve it
            pages = StaffPages(host, port, world)
            for name, (call, pairs) in pages.pages().items():
                for when, before in (("warm", None), ("after a change", pages.change)):
                    if name == "notice board" and when == "warm":
                        continue  # warm, it is the front door's kept copy: see the throughput below
                    label = f"{name} ({when})"
                    mine, theirs = pages.pairs(call, pairs, before)
                    _target(f"{camp}: {label}", mine, theirs, LIMITS.get(label))
                if name.endswith("PDF"):  # its first print: other data, drawn anew
                    label = f"{name} (new data: drawn anew)"
                    mine, theirs = pages.pairs(call, pairs, pages.change_sheets)
                    _target(f"{camp}: {label}", mine, theirs, LIMITS.get(label))
            PDF_QUERIES[kind] = queries.count(data, [world.urls["sheets"]])[world.urls["sheets"]]
            print(f"({camp}: the all-teams PDF of {len(world.teams)} teams: {PDF_QUERIES[kind]} queries)")
            resolved, undone, theirs = pages.resolve_and_undo(SLOW_PAIRS)
            _target(
                f"{camp}: Potvrdit (resolve + commit + snapshot)",
                resolved,
                theirs,
                LIMITS["Potvrdit (resolve + commit + snapshot)"],
            )
            _target(f"{camp}: undo", undone, theirs, LIMITS["undo"])
            shutil.copytree(data / "static", static)
        (static / BOARD_FILE).write_bytes(b"x" * len(board))  # the board's own size
        if shutil.which("wrk") is None:
            raise RuntimeError("wrk is not installed: the notice board's throughput needs it")
        with camp_server(world=kind, static=static) as (host, port, world, _data):
            base = f"http://{host}:{port}"
            answer = Http(host, port).get(world.urls["board"])  # rendered once: what every screen then gets
            kept = Http(host, port).get(f"/static/{BOARD_FILE}")
            assert kept.status == 200 and len(kept.body) == len(answer.body), (
                "the static file is not the board's size"
            )
            for connections in WRK_CONNECTIONS:
                static_runs, board_runs = [], []
                for _ in range(WRK_RUNS):  # interleaved, so both see the same noise
                    static_runs.append(wrk(f"{base}/static/{BOARD_FILE}", connections))
                    board_runs.append(wrk(base + world.urls["board"], connections))
                check(
                    f"{camp}: notice board throughput, {connections} conn.",
                    statistics.mean(r for r, _p in board_runs),
                    statistics.mean(r for r, _p in static_runs),
                    unit="req/s",
                    at_least=0.9,
                    reference_name=f"a static file of its size ({len(answer.body)} bytes)",
                )
                board_p99 = statistics.mean(p for _r, p in board_runs)
                static_p99 = statistics.mean(p for _r, p in static_runs)
                print(
                    f"({camp}, {connections} conn.: p99 board {board_p99:.1f} ms, static {static_p99:.1f} ms)"
                )


def _target(name: str, mine: float, theirs: float, limit: float | None) -> None:
    if limit is None:
        print(f"{name:<60} {mine:>9.2f} ms vs {theirs:>9.2f} ms = {mine / theirs:5.2f}× (printed, no target)")
        return
    check(name, mine, theirs, unit="ms", at_most=limit, reference_name="admin index page")


def main() -> None:
    for kind in CAMPS:
        measure(kind)
    check(
        "all-teams PDF: queries, 12 teams vs 3",
        PDF_QUERIES["large"],
        PDF_QUERIES["played"],
        unit="query",
        at_most=1.0,
        reference_name="the small camp's (3 teams)",
    )


if __name__ == "__main__":
    main()
