"""Growth: each staff page's time and queries as the camp grows (issue 22's growth table: rounds
1/10/30/60, teams 3/6/12, sides 5/9/13), for docs/performance.md.

``python -m bench growth`` (or ``python -m bench.growth [--repeats 5]``) builds the camps in child
processes with data folders of their own (:mod:`bench._grown_camp`: the large camp's seed, every
round played by the demo planner, the open round holding every team's real orders) and asks each
staff page through Django's test client in the same process (``DEBUG`` off, the production
middleware; no HTTP server, no network): the median of ``--repeats`` requests **warm** (nothing
written in between) and **right after a change** (before each, untimed, staff save the open round's
placements as they are: a new ``public_version``), and the queries of one request of each
(``CaptureQueriesContext``). The admin index page is measured beside them, as the noise's yardstick.

Not all 27 combinations are built: one axis varies at a time around the large camp (12 teams, side
13, 30 rounds played): rounds 1/10/30/60 on one camp grown round by round (measured at each), teams
3/6/12 and sides 5/9/13 at 30 rounds (:data:`CAMPS`). Printed as a Markdown table, no target.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench._camp_server import ROOT, camp_env

REPEATS = 7


@dataclass(frozen=True)
class Camp:
    """One camp grown in a child process, measured after each of ``rounds`` played."""

    axis: str  # which axis it stands for ("rounds", "teams", "sides")
    teams: int
    side: int
    rounds: tuple[int, ...]


#: One axis at a time around the large camp (12 teams, side 13, 30 rounds): its row is the rounds
#: axis's 30 and stands in the other two axes too.
CAMPS = (
    Camp("rounds", teams=12, side=13, rounds=(1, 10, 30, 60)),
    Camp("teams", teams=3, side=13, rounds=(30,)),
    Camp("teams", teams=6, side=13, rounds=(30,)),
    Camp("sides", teams=12, side=5, rounds=(30,)),
    Camp("sides", teams=12, side=9, rounds=(30,)),
)
#: The pages in the table's order (the admin index last: the yardstick).
PAGES = (
    "order page",
    "htmx check",
    "resolve preview",
    "notice board",
    "one team sheet PDF",
    "all-teams PDF",
    "admin index",
)


@dataclass(frozen=True)
class Figure:
    """One page of one camp: median ms and the queries of one request, warm and after a change."""

    page: str
    warm_ms: float
    changed_ms: float
    warm_queries: int
    changed_queries: int


@dataclass(frozen=True)
class Row:
    rounds: int
    teams: int
    side: int
    figures: dict[str, Figure]
    #: Whether the open round's orders (the planner's) move a ship (else the preview moves none).
    moves: bool = True


def cell(figure: Figure) -> str:
    """``warm / after a change`` ms, then the queries the same way."""
    return (
        f"{_ms(figure.warm_ms)} / {_ms(figure.changed_ms)} ms · "
        f"{figure.warm_queries} / {figure.changed_queries} q"
    )


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def table(rows: Sequence[Row]) -> str:
    """The growth table in Markdown: a row per camp (each once: the large camp's 12 teams on side 13
    first, by rounds; then the others by teams and side), a column per page."""
    seen: dict[tuple[int, int, int], Row] = {}
    for row in rows:
        seen.setdefault((row.teams, row.side, row.rounds), row)
    lines = [
        "| rounds | teams | side | " + " | ".join(PAGES) + " |",
        "|---:|---:|---:|" + "---:|" * len(PAGES),
    ]
    for key in sorted(seen, key=lambda k: (k[:2] != (12, 13), k)):
        row = seen[key]
        cells = [cell(row.figures[page]) if page in row.figures else "–" for page in PAGES]
        rounds = f"{row.rounds}{'' if row.moves else ' *'}"
        lines.append(f"| {rounds} | {row.teams} | {row.side} | " + " | ".join(cells) + " |")
    if not all(row.moves for row in seen.values()):
        lines += [
            "",
            "\\* the open round's orders (the demo planner's) move no ship: the htmx check posts"
            " empty routes, the preview moves no team ship.",
        ]
    return "\n".join(lines)


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.growth", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeats", type=int, default=REPEATS, help=f"requests per page and state (default {REPEATS})"
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)  # the data folder
    parser.add_argument("--camp", type=int, default=0, help=argparse.SUPPRESS)  # an index into CAMPS
    args = parser.parse_args(argv)
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    if not 0 <= args.camp < len(CAMPS):
        parser.error(f"--camp must be between 0 and {len(CAMPS) - 1}")
    return args


# ------------------------------------------------------------------------------ the child


def _timed(call: Callable[[], Any], status: int) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        started = time.perf_counter()
        answer = call()
        took = (time.perf_counter() - started) * 1000
    assert answer.status_code == status, f"status {answer.status_code}, not {status}"
    return took, len(queries.captured_queries)


class Pages:
    """The staff pages of one camp's open round, through Django's test client."""

    def __init__(self, camp: Any, round_: Any) -> None:
        from django.conf import settings
        from django.contrib.auth import get_user_model
        from django.test import Client
        from django.urls import reverse

        from bench._camp_server import STAFF, form_fields
        from camp.models import Team

        host = f"localhost:{settings.CAMP_PORT}"  # a Host the camp's host check serves
        self.staff = Client(HTTP_HOST=host)
        self.staff.force_login(get_user_model().objects.get(username=STAFF))
        self.public = Client(HTTP_HOST=host)
        teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))

        def admin(name: str, *args: int) -> str:
            return reverse(f"admin:islands_round_{name}", args=[round_.pk, *args])

        self.orders = [admin("orders", t.pk) for t in teams]
        self.turn = 0
        self.urls = {
            "resolve": admin("resolve"),
            "sheet": admin("sheet", teams[0].pk),
            "sheets": admin("sheets"),
            "board": reverse("islands_public:notice_board", args=[camp.pk]),
            "admin": reverse("admin:index"),
            "placements": reverse("admin:camp_round_placements", args=[round_.pk]),
        }
        self.placements: dict[str, Any] = {"team": [str(p.team_id) for p in round_.placements.all()]}
        self.placements.update({f"rank-{p.team_id}": str(p.rank) for p in round_.placements.all()})
        for url in self.orders:  # the htmx check posts a team's real routes (the planner's)
            page = self.staff.get(url)
            assert page.status_code == 200, f"the order page answered {page.status_code}"
            fields = form_fields(page.content)
            self.check = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
            self.check_url = url
            if any(k.startswith("route-") and v.strip() for k, v in self.check.items()):
                self.moves = True
                break
        else:  # late in a long game the planner may move no ship at all: the row says so
            self.moves = False
            self.check_url = self.orders[0]
            page = self.staff.get(self.check_url)
            self.check = {k: v for k, v in form_fields(page.content).items() if k != "csrfmiddlewaretoken"}

    def change(self) -> None:
        answer = self.staff.post(self.urls["placements"], self.placements)
        assert answer.status_code == 302, f"saving the placements answered {answer.status_code}"

    def order_page(self) -> Any:
        self.turn += 1
        return self.staff.get(self.orders[self.turn % len(self.orders)])

    def calls(self) -> dict[str, Callable[[], Any]]:
        urls = self.urls
        return {
            "order page": self.order_page,
            "htmx check": lambda: self.staff.post(self.check_url, self.check, HTTP_HX_REQUEST="true"),
            "resolve preview": lambda: self.staff.get(urls["resolve"]),
            "notice board": lambda: self.public.get(urls["board"]),
            "one team sheet PDF": lambda: self.staff.get(urls["sheet"]),
            "all-teams PDF": lambda: self.staff.get(urls["sheets"]),
            "admin index": lambda: self.staff.get(urls["admin"]),
        }

    def measure(self, repeats: int) -> dict[str, Figure]:
        figures = {}
        for page, call in self.calls().items():
            call()  # warmed
            warm = [_timed(call, 200) for _ in range(repeats)]
            changed = []
            for _ in range(repeats):
                self.change()
                changed.append(_timed(call, 200))
            figures[page] = Figure(
                page=page,
                warm_ms=statistics.median(ms for ms, _q in warm),
                changed_ms=statistics.median(ms for ms, _q in changed),
                warm_queries=max(q for _ms, q in warm),
                changed_queries=max(q for _ms, q in changed),
            )
        return figures


def _child(camp_index: int, repeats: int) -> None:
    """(child process) Grow one of :data:`CAMPS`, printing a JSON :class:`Row` at each of its rounds."""
    from bench._grown_camp import camp_new, open_with_orders, play_to, setup_django

    setup_django()
    from django.test import override_settings

    plan = CAMPS[camp_index]
    camp = camp_new(teams=plan.teams, side=plan.side)
    # Static files by their names (no collected manifest in this data folder).
    static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    storages = {"default": {"BACKEND": "django.core.files.storage.FileSystemStorage"}, "staticfiles": static}
    with override_settings(STORAGES=storages):
        for rounds in plan.rounds:
            play_to(camp, rounds)
            round_ = open_with_orders(camp, rounds)
            pages = Pages(camp, round_)
            figures = pages.measure(repeats)
            row = {"rounds": rounds, "teams": plan.teams, "side": plan.side, "moves": pages.moves}
            row["figures"] = {page: figure.__dict__ for page, figure in figures.items()}
            print(json.dumps(row), flush=True)


def grow(camp_index: int, repeats: int) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="zo-bench-growth-") as tmp:
        data = Path(tmp)
        (data / "static").mkdir()  # WhiteNoise's folder (empty: the pages' own bytes are measured)
        command = [sys.executable, "-m", "bench.growth", "--child", str(data)]
        command += ["--camp", str(camp_index), "--repeats", str(repeats)]
        done = subprocess.run(
            command, cwd=ROOT, env=camp_env(data), capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"measuring camp {CAMPS[camp_index]} failed:\n{done.stderr[-3000:]}")
        for line in done.stdout.splitlines():
            if line.startswith("{"):
                found = json.loads(line)
                figures = {page: Figure(**f) for page, f in found.pop("figures").items()}
                rows.append(Row(figures=figures, **found))
    return rows


def main(argv: Sequence[str] = ()) -> None:
    args = parse(argv)
    if args.child is not None:
        _child(args.camp, args.repeats)
        return
    rows: list[Row] = []
    for index, plan in enumerate(CAMPS):
        started = time.perf_counter()
        rows += grow(index, args.repeats)
        print(
            f"(camp of {plan.teams} teams on side {plan.side}, rounds {'/'.join(map(str, plan.rounds))}:"
            f" {time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    print(
        "\nEach cell: the median ms of the page warm / right after a change, then the queries of one"
        " request warm / after a change (in-process test client, no HTTP server).\n",
        flush=True,
    )
    print(table(rows), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
