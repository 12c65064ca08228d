"""The fair deal and the rehearsal that judges it (issue 30), the long checks:

1. **The rehearsal has no direction**: on boards fair by construction (a third turned onto the other
   two, ``spec.symmetric_board``) of sides 7, 9 and 13 with 3 and 6 teams, in every bot mode, every
   side's share of the won camps lies within 5 points of its fair share at 1,000 camps (a fair side
   strays that far by chance less than once in a thousand). Target per case: the worst side's
   distance against 5 points.
2. **Fast enough to wait for**: a fair deal (a board the rehearsal proves fair) of side 9 with six
   teams in at most 60 s and of side 13 with twelve in at most 120 s, wall time with two workers;
   the CPU seconds (the workers' included) are printed beside, so a busy machine cannot hide or
   fake the figure.
3. **Every board dealt is fair**: boards dealt by the default path (sides 9 with 3 and 6 teams, 7
   with 3, 13 with 12), each judged by a rehearsal on a fresh seed at 1,000 camps a style: at least
   9 in 10 with every side of every style within 5 points. ``ZO_FAIR_BOARDS`` sets how many boards
   a case deals (default 3: ten of each take hours on the 2-core machine; the figures of a run with
   ten are in docs/islands-map-generator.md), from seed ``ZO_FAIR_FIRST_SEED`` on (default 1000).
   Each board dealt is kept, with its deal's figures and its judge's seed and report, in
   ``var/bench/fair-deal/`` (:func:`keep`): a miss can be looked at again without dealing it anew.

``ZO_FAIR_PARTS`` runs some of the three (``symmetric,speed,dealt``: the default is all) or
``again``: the kept boards judged again on more camps (:func:`again`); ``ZO_FAIR_CASES`` some of the
dealt cases (``7x3,13x12``: side and teams), so one setting's ten boards can be dealt on their own.
A deal says each new board it tries, and each proof, on standard error (:func:`progress_lines`).
"""

from __future__ import annotations

import json
import os
import resource
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench._targets import check
from games.islands.engine.rehearsal import RehearsalSpec, rehearse
from games.islands.engine.rehearsal.deal import (
    DealError,
    DealProgress,
    DealSpec,
    DealStatus,
    FairDeal,
    board_from_rows,
    board_rows,
    deal_fair_board,
    rehearsal_cells,
)
from games.islands.engine.rehearsal.judge import TOLERANCE
from games.islands.engine.rehearsal.spec import RehearsalBoard, symmetric_board

WORKERS = 2
#: The AP tables a camp run of that many teams is offered (``camp.selectors.ap_table_suggestion``).
AP_TABLES = {
    3: (14, 11, 8),
    6: (14, 11, 8, 6, 4, 2),
    12: (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3),
}
SYMMETRIC_CASES = [(side, teams) for side in (7, 9, 13) for teams in (3, 6)]
MODES = ("planner", "greedy", "novice", "mixed")
JUDGE_CAMPS = 1000
SPEED_CASES = [(9, 6, 60.0), (13, 12, 120.0)]
DEALT_CASES = [(9, 3), (9, 6), (7, 3), (13, 12)]
PARTS = ("symmetric", "speed", "dealt")
#: Parts run only when named: judging kept boards again.
NAMED_PARTS = ("again",)
#: Where each dealt board is kept (git-ignored, as everything in ``var/``).
KEPT = Path(__file__).resolve().parents[1] / "var" / "bench" / "fair-deal"


def chosen(
    text: str | None, allowed: Sequence[str], what: str, default: Sequence[str] | None = None
) -> list[str]:
    """The items of a comma-separated choice (``default``, or all of ``allowed``, when not given), in
    their order; an item not allowed is refused with what is."""
    if text is None or not text.strip():
        return list(allowed if default is None else default)
    items = [item.strip() for item in text.split(",") if item.strip()]
    wrong = [item for item in items if item not in allowed]
    if wrong:
        raise SystemExit(f"{what}: {', '.join(wrong)} not one of {', '.join(allowed)}")
    return items


def dealt_cases(text: str | None) -> list[tuple[int, int]]:
    """The dealt cases ``ZO_FAIR_CASES`` names (``9x6,7x3``), all of :data:`DEALT_CASES` without."""
    names = chosen(text, [f"{side}x{count}" for side, count in DEALT_CASES], "ZO_FAIR_CASES")
    return [(int(side), int(count)) for side, count in (name.split("x") for name in names)]


def teams(count: int) -> tuple[str, ...]:
    return tuple(f"Tým {i}" for i in range(1, count + 1))


def worst_side(board: dict[str, object]) -> float:
    """The largest distance of a side's share from its fair share, over every style played."""
    styles = board["styles"]
    assert isinstance(styles, list)
    return max(abs(s["share"] - s["fair_share"]) for style in styles for s in style["sides"])


def camps_read(board: dict[str, object]) -> int:
    """The camps a style the judge read: a clear loser stops early, so fewer than it was asked for."""
    styles = board["styles"]
    assert isinstance(styles, list)
    return min(int(style["camps"]) for style in styles)


def symmetric() -> None:
    for side, count in SYMMETRIC_CASES:
        board = symmetric_board(side, side)
        for mode in MODES:
            spec = RehearsalSpec(
                (board,), teams(count), AP_TABLES[count], camps=JUDGE_CAMPS, bots=mode, seed=30 + side
            )
            (figures,) = rehearse(spec, workers=WORKERS)["boards"]
            worst = 100 * worst_side(figures)
            check(
                f"symmetric side {side}, {count} teams, {mode}: worst side",
                worst,
                100 * TOLERANCE,
                unit="pts",
                at_most=1.0,
                reference_name="5 points",
            )


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended (the deal's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def progress_lines(deal: DealSpec) -> DealProgress:
    """A line on standard error at each new candidate and proof (a long deal shows it is alive;
    the figures printed on standard output are not touched)."""
    started, last = time.monotonic(), (0, "")

    def progress(status: DealStatus) -> None:
        nonlocal last
        if (status.candidate, status.stage) != last:
            last = (status.candidate, status.stage)
            minutes = (time.monotonic() - started) / 60
            print(
                f"  side {deal.side}, {deal.teams} teams, seed {deal.seed}: board {status.candidate}, "
                f"{status.stage}, {status.camps} camps, {minutes:.1f} min",
                file=sys.stderr,
                flush=True,
            )

    return progress


def speed() -> None:
    for side, count, limit in SPEED_CASES:
        spec = DealSpec(side, count, AP_TABLES[count], seed=secrets.randbits(63))
        cpu, started = cpu_seconds(), time.monotonic()
        found = deal_fair_board(spec, workers=WORKERS, progress=progress_lines(spec))
        wall, used = time.monotonic() - started, cpu_seconds() - cpu
        print(
            f"side {side}, {count} teams: a proven board in {wall:.0f} s wall, {used:.0f} CPU s "
            f"(board {found.candidate}, {found.moves} chests moved, {found.camps} simulated camps)"
        )
        check(f"fair deal, side {side}, {count} teams (wall)", wall, limit, unit="s", at_most=1.0)


def keep(
    folder: Path,
    deal: DealSpec,
    found: FairDeal,
    judge: RehearsalSpec,
    figures: dict[str, object],
    **timing: float,
) -> Path:
    """Write a dealt board to ``folder``: the deal asked for, the board (``[q, r, tile, chests]`` of
    every hex holding a tile), how it was found and proven, and its judge's seed and figures."""
    document = {
        "deal": {"side": deal.side, "teams": deal.teams, "ap_table": list(deal.ap_table), "seed": deal.seed},
        "cells": board_rows(found.cells),
        "found": {"candidate": found.candidate, "moves": found.moves, "camps": found.camps, **timing},
        "confirmation": dict(found.confirmation),
        "judge": {
            "seed": judge.seed,
            "camps": judge.camps,
            "worst_side": worst_side(figures),
            "figures": figures,
        },
    }
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"side{deal.side}-teams{deal.teams}-seed{deal.seed}.json"
    path.write_text(json.dumps(document, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path


def kept_board(path: Path) -> tuple[DealSpec, RehearsalBoard]:
    """A board :func:`keep` wrote: the deal it was dealt by, and the board to rehearse."""
    document = json.loads(path.read_text(encoding="utf-8"))
    deal = document["deal"]
    spec = DealSpec(deal["side"], deal["teams"], tuple(deal["ap_table"]), seed=deal["seed"])
    return spec, RehearsalBoard(path.stem, spec.side, rehearsal_cells(board_from_rows(document["cells"])))


def judged(
    board: RehearsalBoard, count: int, ap_table: Sequence[int], camps: int
) -> tuple[RehearsalSpec, dict[str, object]]:
    """A board judged by a rehearsal on a fresh seed, ``camps`` camps a style: its spec and figures."""
    spec = RehearsalSpec((board,), teams(count), tuple(ap_table), camps=camps, seed=secrets.randbits(63))
    (figures,) = rehearse(spec, workers=WORKERS)["boards"]
    return spec, figures


def again() -> None:
    """Judge the kept boards of the chosen cases again, each on a fresh seed at
    ``ZO_FAIR_JUDGE_CAMPS`` camps a style (default 4,000: a side's standard error of some 0.75
    points), to tell a board near the tolerance from the judge's own false alarm."""
    camps = int(os.environ.get("ZO_FAIR_JUDGE_CAMPS", "4000"))
    for side, count in dealt_cases(os.environ.get("ZO_FAIR_CASES")):
        for path in sorted(KEPT.glob(f"side{side}-teams{count}-seed*.json")):
            deal, board = kept_board(path)
            _spec, figures = judged(board, count, deal.ap_table, camps)
            print(
                f"{path.name}: worst side {100 * worst_side(figures):.1f} points "
                f"at {camps_read(figures)} camps a style, verdict {figures['verdict']['code']}"
            )


def dealt() -> None:
    boards = int(os.environ.get("ZO_FAIR_BOARDS", "3"))
    first = int(os.environ.get("ZO_FAIR_FIRST_SEED", "1000"))
    for side, count in dealt_cases(os.environ.get("ZO_FAIR_CASES")):
        fair = 0
        for n in range(boards):
            deal = DealSpec(side, count, AP_TABLES[count], seed=first + n)
            cpu, started = cpu_seconds(), time.monotonic()
            try:
                found = deal_fair_board(deal, workers=WORKERS, progress=progress_lines(deal))
            except DealError as exc:
                # A search that ends without a board dealt none: it counts against the nine in ten.
                print(f"side {side}, {count} teams, seed {deal.seed}: no board dealt ({exc})")
                continue
            wall, used = time.monotonic() - started, cpu_seconds() - cpu
            board = RehearsalBoard(f"Dealt {n}", side, rehearsal_cells(found.cells))
            spec, figures = judged(board, count, AP_TABLES[count], JUDGE_CAMPS)
            within = worst_side(figures) < TOLERANCE
            fair += within
            worst = 100 * worst_side(figures)
            kept = keep(KEPT, deal, found, spec, figures, wall=round(wall, 1), cpu=round(used, 1))
            print(
                f"side {side}, {count} teams, seed {deal.seed}: worst side {worst:.1f} points "
                f"at {camps_read(figures)} camps a style, "
                f"verdict {figures['verdict']['code']} (candidate {found.candidate}, {found.camps} camps, "
                f"{wall:.0f} s wall, {used:.0f} CPU s; kept in {kept})"
            )
        check(
            f"dealt boards fair at 1000 camps, side {side}, {count} teams",
            fair,
            boards,
            unit="boards",
            at_least=0.9,
            reference_name="boards dealt",
        )


def main() -> None:
    parts = {"symmetric": symmetric, "speed": speed, "dealt": dealt, "again": again}
    for part in chosen(os.environ.get("ZO_FAIR_PARTS"), PARTS + NAMED_PARTS, "ZO_FAIR_PARTS", PARTS):
        parts[part]()
