"""Time the rehearsal (issue 23): 200 simulated camps × 14 rounds × 6 teams on a side-9 board, two
worker processes, and the cost of a simulated round against the engine's own resolve of it.

Targets (each recorded with ``bench._targets.check``):

- **the wall time** of the whole rehearsal (``rehearse(spec, workers=2)``: the workers started,
  every camp played, the report worked out) at most 60 s: a fixed limit the issue sets, not a
  measured reference;
- **a simulated round** (the placements, every team's bot planning its orders, the trusted resolve,
  the telescopes and the figures' counting) at most 3× **the engine's trusted resolve of the same
  rounds**: camps are played in this process one at a time as the rehearsal plays them, then
  again keeping each round's state and orders, and those rounds resolved again; both timed by
  this thread's CPU time (:func:`round_against_resolve`);
- **the peak memory** of the run, children included, at most 300 MB: the resident memory (VmRSS)
  of this process and of every worker, summed, sampled every 20 ms while the rehearsal runs;
- **the compiled engine** (``make compiled``, which ``make bench`` runs first): the same rehearsal
  with workers on the compiled engine at most 0.75× its wall time with workers on the pure one,
  both run here one after the other, their reports equal.

First a profile (cProfile) of a few camps prints where a simulated round's time goes.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import re
import threading
import time
from dataclasses import replace
from io import StringIO
from pathlib import Path

from bench._targets import check
from games.islands.engine import compiled
from games.islands.engine.orders import Orders
from games.islands.engine.rehearsal import RehearsalSpec, dealt_board, rehearse
from games.islands.engine.rehearsal.play import play_camp
from games.islands.engine.rehearsal.spec import symmetric_board
from games.islands.engine.resolve import resolve_trusted
from games.islands.engine.state import GameState

#: The issue's case: 200 camps × 14 rounds × 6 teams on side 9, with two workers.
CAMPS, ROUNDS, TEAMS, SIDE, WORKERS = 200, 14, 6, 9, 2
#: The demo camp's board seed (``games.islands.demo.DEMO_BOARD_SEED``): a board of the generator.
BOARD_SEED = 20260705
SEED = 23
#: The AP table a camp run of six teams is offered (``camp.selectors.ap_table_suggestion`` of the
#: default 14, 11, 8): every team plans every round, as at camp.
AP_TABLE = (14, 11, 8, 6, 4, 2)
#: Camps played in this process for the round-against-resolve ratio; camps profiled.
RATIO_CAMPS = 40
PROFILED_CAMPS = 5
#: The issue's limits: the wall time (s), a simulated round against the resolve, the memory (MB).
WALL_LIMIT_S = 60.0
ROUND_RATIO = 3.0
RSS_LIMIT_MB = 300.0
#: The compiled engine's wall time against the pure engine's, at most (it measured some 0.6).
COMPILED_RATIO = 0.75
COMPILED_TARGET = "rehearsal: compiled engine against pure (wall)"


def bench_spec(camps: int = CAMPS) -> RehearsalSpec:
    return RehearsalSpec(
        boards=(dealt_board(SIDE, BOARD_SEED),),
        teams=tuple(f"Tým {i}" for i in range(1, TEAMS + 1)),
        ap_table=AP_TABLE,
        rounds=ROUNDS,
        camps=camps,
        seed=SEED,
    )


def profile(spec: RehearsalSpec) -> None:
    """Print the biggest costs of a few simulated camps (their own time, most first)."""
    profiler = cProfile.Profile()
    profiler.enable()
    for camp in range(PROFILED_CAMPS):
        play_camp(spec.boards[0], spec, camp)
    profiler.disable()
    out = StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:3000])


def round_against_resolve(spec: RehearsalSpec, camps: int = RATIO_CAMPS) -> tuple[float, float, int]:
    """(ms of CPU per simulated round, ms per trusted resolve of the same round, rounds).

    Each camp is played twice: timed as the rehearsal plays it, then again keeping every round's
    state and orders (not timed: the kept states would make the garbage collector's passes, which
    land on whatever runs, longer in the timed camp than in the rehearsal), and its rounds are
    resolved again, timed."""
    simulated = resolved = 0.0
    rounds = 0
    for camp in range(camps):
        started = time.thread_time()
        play_camp(spec.boards[0], spec, camp)
        simulated += time.thread_time() - started
        trace: list[tuple[GameState, dict[str, Orders]]] = []
        play_camp(spec.boards[0], spec, camp, trace=trace)
        started = time.thread_time()
        for state, orders in trace:
            resolve_trusted(state, orders)
        resolved += time.thread_time() - started
        rounds += len(trace)
    return simulated / rounds * 1000, resolved / rounds * 1000, rounds


def rss_mb(pid: int) -> float:
    """The resident memory (MB) of one process (0 when it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"^VmRSS:\s+(\d+)\s+kB$", status, re.MULTILINE)
    return int(found.group(1)) / 1024 if found else 0.0


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children, …)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return found
    for task in tasks:
        try:
            children = [int(c) for c in (task / "children").read_text().split()]
        except OSError:
            continue
        for child in children:
            found += [child, *descendants(child)]
    return found


class PeakMemory:
    """The largest sum of this process's and its descendants' resident memory, sampled in a thread."""

    def __init__(self, every: float = 0.02) -> None:
        self.every, self.peak, self.most_processes = every, 0.0, 0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        me = os.getpid()
        while not self._done.is_set():
            pids = [me, *descendants(me)]
            self.peak = max(self.peak, sum(rss_mb(p) for p in pids))
            self.most_processes = max(self.most_processes, len(pids))
            self._done.wait(self.every)

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()


def rehearsal_on(engine: str, spec: RehearsalSpec) -> tuple[float, dict[str, object]]:
    """The wall time and the report of the rehearsal with its workers on ``engine`` (``ZO_ENGINE``)."""
    before = os.environ.get("ZO_ENGINE")
    os.environ["ZO_ENGINE"] = engine
    try:
        started = time.perf_counter()
        report = rehearse(spec, workers=WORKERS)
        return time.perf_counter() - started, report
    finally:
        if before is None:
            del os.environ["ZO_ENGINE"]
        else:
            os.environ["ZO_ENGINE"] = before


def compiled_against_pure() -> None:
    """On a board fair by construction, so no board is stopped early: every camp of every style played."""
    if compiled.ready_build() is None:
        print("no compiled engine of these sources (make compiled): its target is missed")
        check(COMPILED_TARGET, float("inf"), 1.0, unit="s", at_most=COMPILED_RATIO)
        return
    spec = replace(bench_spec(), boards=(symmetric_board(SIDE, SIDE),))
    pure_wall, pure_report = rehearsal_on("pure", spec)
    compiled_wall, compiled_report = rehearsal_on("compiled", spec)
    same = "the same report" if compiled_report == pure_report else "REPORTS DIFFER"
    print(f"workers on the pure engine {pure_wall:.1f} s, on the compiled {compiled_wall:.1f} s: {same}")
    check(
        COMPILED_TARGET,
        compiled_wall if compiled_report == pure_report else float("inf"),
        pure_wall,
        unit="s",
        at_most=COMPILED_RATIO,
        reference_name="the same rehearsal with the workers on the pure engine",
    )


def main() -> None:
    spec = bench_spec()
    print(f"rehearsal: {CAMPS} camps × {ROUNDS} rounds × {TEAMS} teams, side {SIDE}, board seed {BOARD_SEED}")
    profile(spec)

    round_ms, resolve_ms, rounds = round_against_resolve(spec)
    print(f"a simulated round {round_ms:.2f} ms, its resolve {resolve_ms:.2f} ms ({rounds} rounds, CPU time)")

    engine = "compiled" if compiled.ready_build() else "pure"
    with PeakMemory() as memory:
        started = time.perf_counter()
        report = rehearse(spec, workers=WORKERS)
        wall = time.perf_counter() - started
    figures = report["boards"][0]  # type: ignore[index]
    # The camps played: of every style, fewer when the judge stopped the board early.
    simulated = figures["camps"] * ROUNDS
    print(
        f"{simulated} simulated rounds in {wall:.1f} s with {WORKERS} workers on the {engine} engine: "
        f"{simulated / wall:.0f} rounds/s; "
        f"peak memory {memory.peak:.0f} MB over {memory.most_processes} processes; "
        f"verdict {figures['verdict']['code']}"
    )
    check(
        "rehearsal: 200 camps × 14 rounds, wall time",
        wall,
        WALL_LIMIT_S,
        unit="s",
        at_most=1.0,
        reference_name=f"the issue's fixed limit, {WALL_LIMIT_S:.0f} s (not a measured reference)",
    )
    check(
        "rehearsal: a simulated round (CPU)",
        round_ms,
        resolve_ms,
        unit="ms",
        at_most=ROUND_RATIO,
        reference_name="the engine's resolve_trusted of the same rounds",
    )
    check(
        "rehearsal: peak memory, workers included",
        memory.peak,
        RSS_LIMIT_MB,
        unit="MB",
        at_most=1.0,
        reference_name=f"the issue's fixed limit, {RSS_LIMIT_MB:.0f} MB (not a measured reference)",
    )
    compiled_against_pure()


if __name__ == "__main__":
    main()
