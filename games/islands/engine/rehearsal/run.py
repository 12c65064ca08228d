"""The rehearsal's run: every simulated camp of every board, in worker processes, and the report.

Camps are played one per task by ``workers`` processes (``concurrent.futures.ProcessPoolExecutor``,
started fresh by ``spawn``: nothing of the caller's process, its threads or open database
connections, is copied into them). The run keeps only a few tasks ahead of the workers, so it
reports progress and looks at ``cancelled`` at least every :data:`POLL` seconds; a cancel stops
the workers within a round of their camps. Each camp's record goes to its place by (board, camp),
so the report is the same for any number of workers.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import replace
from multiprocessing.synchronize import Event

from .figures import board_figures, verdict_rank
from .play import CampRecord, Stopped, play_camp, team_bots
from .spec import RehearsalCancelled, RehearsalSpec, RehearsalSpecError, check_spec

FORMAT = "zlate-ostrovy-rehearsal/1"
#: The most worker processes a rehearsal starts.
MAX_WORKERS = 16
#: At most this many seconds between two looks at ``cancelled`` (and two progress reports).
POLL = 0.25
#: Tasks queued per worker beyond the one it plays (enough to keep it busy, few to cancel).
AHEAD = 2

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


def rehearse(
    spec: RehearsalSpec,
    *,
    workers: int = 2,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> dict[str, object]:
    """Play ``spec.camps`` simulated camps on each board of ``spec`` and return the report document.

    Raises :class:`RehearsalSpecError` for a spec it cannot play (before anything is played) and
    :class:`RehearsalCancelled` when ``cancelled()`` turned true. ``progress(done, total)`` counts
    camps over all boards."""
    check_spec(spec)
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise RehearsalSpecError("workers", workers=str(workers), max=MAX_WORKERS)
    tasks = [(b, k) for k in range(spec.camps) for b in range(len(spec.boards))]
    records: list[list[CampRecord | None]] = [[None] * spec.camps for _ in spec.boards]
    watch = _Watch(len(tasks), progress, cancelled)
    if workers == 1 or len(tasks) == 1:
        _play_here(spec, tasks, records, watch)
    else:
        _play_in_workers(spec, tasks, records, watch, workers)
    watch.report(force=True)
    return report(spec, [[r for r in board if r is not None] for board in records])


def report(spec: RehearsalSpec, records: list[list[CampRecord]]) -> dict[str, object]:
    """The report document of ``spec`` from each board's camp records (in camp order)."""
    boards = [board_figures(board, spec, records[i]) for i, board in enumerate(spec.boards)]
    best: int | None = None
    if len(boards) > 1:
        best = min(range(len(boards)), key=lambda i: (*verdict_rank(boards[i]), _side_spread(boards[i]), i))
    return {"format": FORMAT, "spec": report_spec(spec), "boards": boards, "best_board": best}


def report_spec(spec: RehearsalSpec) -> dict[str, object]:
    """The report's ``spec``: what was rehearsed (the boards by label and seed, not their cells)."""
    return {
        "side": spec.side,
        "teams": list(spec.teams),
        "team_bots": list(team_bots(spec)),
        "ap_table": list(spec.ap_table),
        "rounds": spec.rounds,
        "camps": spec.camps,
        "placement": spec.placement,
        "bots": spec.bots,
        "seed": spec.seed,
        "boards": [{"label": b.label, "board_seed": b.board_seed} for b in spec.boards],
    }


def _side_spread(figures: dict[str, object]) -> float:
    """How far the side furthest from its fair win share is from it (ties between boards)."""
    sides = figures["sides"]
    assert isinstance(sides, list)
    return max(abs(float(s["win_share"]) - float(s["fair_share"])) for s in sides)


class _Watch:
    """Progress and cancel, looked at no more often than every :data:`POLL` seconds."""

    def __init__(self, total: int, progress: Progress | None, cancelled: Cancelled | None) -> None:
        self.total, self.done = total, 0
        self.progress, self.cancelled = progress, cancelled
        self.reported = time.monotonic()
        self.looked = -POLL  # the first look is at once
        self.stop = False

    def report(self, *, force: bool = False) -> None:
        now = time.monotonic()
        if self.progress is not None and (force or now - self.reported >= POLL):
            self.reported = now
            self.progress(self.done, self.total)

    def stopped(self) -> bool:
        """Whether ``cancelled`` said so (it is asked at most every :data:`POLL` seconds)."""
        now = time.monotonic()
        if not self.stop and self.cancelled is not None and now - self.looked >= POLL:
            self.looked = now
            self.stop = bool(self.cancelled())
        return self.stop

    def give_up(self) -> RehearsalCancelled:
        return RehearsalCancelled(self.done, self.total)


def _play_here(
    spec: RehearsalSpec, tasks: list[tuple[int, int]], records: list[list[CampRecord | None]], watch: _Watch
) -> None:
    for b, k in tasks:
        if watch.stopped():
            raise watch.give_up()
        try:
            records[b][k] = play_camp(spec.boards[b], spec, k, stop=watch.stopped)
        except Stopped:
            raise watch.give_up() from None
        watch.done += 1
        watch.report()


# -- worker processes ------------------------------------------------------------------------------

_worker_spec: RehearsalSpec | None = None
_worker_stop: Event | None = None


def _start_worker(spec: RehearsalSpec, stop: Event) -> None:
    global _worker_spec, _worker_stop
    _worker_spec, _worker_stop = spec, stop


def _play_task(board: int, camp: int) -> CampRecord | None:
    """One camp in a worker; None when the run was cancelled while it played."""
    spec, stop = _worker_spec, _worker_stop
    assert spec is not None and stop is not None
    try:
        return play_camp(spec.boards[board], spec, camp, stop=stop.is_set)
    except Stopped:
        return None


def _play_in_workers(
    spec: RehearsalSpec,
    tasks: list[tuple[int, int]],
    records: list[list[CampRecord | None]],
    watch: _Watch,
    workers: int,
) -> None:
    # The spec goes to every worker pickled: the boards' cells as plain dicts (a mapping proxy,
    # which a generated board holds, cannot be pickled).
    spec = replace(spec, boards=tuple(replace(b, cells=dict(b.cells)) for b in spec.boards))
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    pool = ProcessPoolExecutor(
        max_workers=min(workers, len(tasks)),
        mp_context=context,
        initializer=_start_worker,
        initargs=(spec, stop),
    )
    running: dict[Future[CampRecord | None], tuple[int, int]] = {}
    queue = iter(tasks)
    try:
        while True:
            while len(running) < workers * (1 + AHEAD) and (task := next(queue, None)) is not None:
                running[pool.submit(_play_task, *task)] = task
            if not running:
                break
            done, _ = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in done:
                b, k = running.pop(future)
                records[b][k] = future.result()
                watch.done += 1
            if watch.stopped():
                stop.set()
                raise watch.give_up()
            watch.report()
    finally:
        for future in running:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
