"""The rehearsal's run: every simulated camp of every board and style, in worker processes, the
early stop of a clear loser, and the report.

Camps are played a few at a time per task (:data:`CHUNK`) by ``workers`` processes
(``concurrent.futures.ProcessPoolExecutor``, started fresh by ``spawn``: nothing of the caller's
process, its threads or open database connections, is copied into them) through a
:class:`CampRunner`, which the fair deal's search (:mod:`.deal`) shares. The runner keeps only a few
tasks ahead of the workers, so it reports progress and looks at ``cancelled`` at least every
:data:`POLL` seconds; a cancel stops the workers within a round of their camps. Each camp's record
goes to its place by (board, style, camp), so the report is the same for any number of workers.

**Stopping a clear loser early** (as engine testers do): a board's camps are played in
:data:`LOOKS` parts; after each, a board the judge already calls unfair (:mod:`.judge`, its false
alarm split over the looks) plays no more camps. The verdict is the judge's at the look it stopped.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import ExitStack
from dataclasses import dataclass, replace
from multiprocessing.synchronize import Event
from types import TracebackType

from ..compiled import workers_marked
from .figures import board_figures, board_rank, shares
from .judge import verdict
from .play import CampRecord, Stopped, play_camp, styles, team_bots
from .spec import RehearsalCancelled, RehearsalSpec, RehearsalSpecError, check_spec

FORMAT = "zlate-ostrovy-rehearsal/2"
#: The most worker processes a rehearsal starts.
MAX_WORKERS = 16
#: At most this many seconds between two looks at ``cancelled`` (and two progress reports).
POLL = 0.25
#: Tasks queued per worker beyond the one it plays (enough to keep it busy, few to cancel).
AHEAD = 2
#: Camps a task plays (the spec goes to the worker with each task).
CHUNK = 4
#: The parts a board's camps are played in, the judge looking after each.
LOOKS = 5

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


@dataclass(frozen=True)
class CampTask:
    """Camps ``first`` to ``last - 1`` of board ``board`` of ``spec``, played in ``style``."""

    spec: RehearsalSpec
    board: int
    style: str
    first: int
    last: int

    @property
    def camps(self) -> int:
        return self.last - self.first


def camp_tasks(spec: RehearsalSpec, board: int, style: str, first: int, last: int) -> list[CampTask]:
    """Camps ``first`` to ``last - 1`` of a board in one style, as tasks of :data:`CHUNK` camps."""
    return [CampTask(spec, board, style, k, min(last, k + CHUNK)) for k in range(first, last, CHUNK)]


def rehearse(
    spec: RehearsalSpec,
    *,
    workers: int = 2,
    progress: Progress | None = None,
    cancelled: Cancelled | None = None,
) -> dict[str, object]:
    """Play ``spec.camps`` simulated camps in each style on each board of ``spec`` (a clear loser
    stopped early) and return the report document.

    Raises :class:`RehearsalSpecError` for a spec it cannot play (before anything is played) and
    :class:`RehearsalCancelled` when ``cancelled()`` turned true. ``progress(done, total)`` counts
    camps over all boards and styles (a board stopped early takes its camps left off the total)."""
    check_spec(spec)
    check_workers(workers)
    played = styles(spec)
    cuts = [spec.camps * look // LOOKS for look in range(LOOKS + 1)]
    records: list[list[CampRecord]] = [[] for _ in spec.boards]
    looks = [0] * len(spec.boards)
    going = list(range(len(spec.boards)))
    watch = Watch(len(spec.boards) * len(played) * spec.camps, progress, cancelled)
    with CampRunner(workers, watch) as runner:
        for look in range(1, LOOKS + 1):
            if cuts[look] == cuts[look - 1]:
                continue
            tasks = [
                task
                for b in going
                for style in played
                for task in camp_tasks(spec, b, style, cuts[look - 1], cuts[look])
            ]
            for task, found in zip(tasks, runner.play(tasks), strict=True):
                records[task.board].extend(found)
            for b in list(going):
                looks[b] = look
                code = str(verdict(shares(records[b], len(spec.teams)), LOOKS)["code"])
                if look < LOOKS and code.startswith("unfair"):
                    going.remove(b)
                    watch.total -= len(played) * (spec.camps - cuts[look])
    watch.report(force=True)
    ordered = [sorted(board, key=lambda r: (played.index(r.style), r.camp)) for board in records]
    return report(spec, ordered)


def check_workers(workers: object) -> None:
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise RehearsalSpecError("workers", workers=str(workers), max=MAX_WORKERS)


def report(spec: RehearsalSpec, records: Sequence[Sequence[CampRecord]]) -> dict[str, object]:
    """The report document of ``spec`` from each board's camp records (by style, in camp order)."""
    boards = [board_figures(board, spec, records[i], LOOKS) for i, board in enumerate(spec.boards)]
    best: int | None = None
    if len(boards) > 1:
        best = min(range(len(boards)), key=lambda i: (*board_rank(boards[i]), _worst(boards[i]), i))
    return {"format": FORMAT, "spec": report_spec(spec), "boards": boards, "best_board": best}


def report_spec(spec: RehearsalSpec) -> dict[str, object]:
    """The report's ``spec``: what was rehearsed (the boards by label and seed, not their cells)."""
    played = styles(spec)
    return {
        "side": spec.side,
        "teams": list(spec.teams),
        "styles": list(played),
        "team_bots": list(team_bots(spec, played[0])) if len(played) == 1 else None,
        "ap_table": list(spec.ap_table),
        "rounds": spec.rounds,
        "camps": spec.camps,
        "placement": spec.placement,
        "bots": spec.bots,
        "seed": spec.seed,
        "boards": [{"label": b.label, "board_seed": b.board_seed} for b in spec.boards],
    }


def _worst(figures: dict[str, object]) -> float:
    """How far the check furthest from its fair share is from it, over every style (ties between
    boards)."""
    per_style = figures["styles"]
    assert isinstance(per_style, list)
    return max(
        (abs(float(s["share"]) - float(s["fair_share"])) for style in per_style for s in style["sides"]),
        default=0.0,
    )


class Watch:
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


# -- worker processes ------------------------------------------------------------------------------

_worker_stop: Event | None = None


def _start_worker(stop: Event) -> None:
    global _worker_stop
    _worker_stop = stop
    # A worker holds both ends of its task queue, so when its run is killed outright (SIGKILL, a
    # crash) it would wait for tasks for ever; it leaves as soon as the process that started it.
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_leave_with, args=(parent.sentinel,), daemon=True).start()


def _leave_with(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


def play_task(task: CampTask, stop: Callable[[], bool] | None = None) -> list[CampRecord]:
    """The camps of one task, in order (:class:`Stopped` when ``stop`` said so)."""
    board = task.spec.boards[task.board]
    return [play_camp(board, task.spec, k, task.style, stop=stop) for k in range(task.first, task.last)]


def _play_in_worker(task: CampTask) -> list[CampRecord] | None:
    """One task in a worker; None when the run was cancelled while it played."""
    stop = _worker_stop
    assert stop is not None
    try:
        return play_task(task, stop.is_set)
    except Stopped:
        return None


def _picklable(spec: RehearsalSpec) -> RehearsalSpec:
    """The spec with its boards' cells as plain dicts (a mapping proxy, which a generated board
    holds, cannot be pickled)."""
    if all(type(b.cells) is dict for b in spec.boards):
        return spec
    return replace(spec, boards=tuple(replace(b, cells=dict(b.cells)) for b in spec.boards))


class CampRunner:
    """Plays :class:`CampTask` lists, here (one worker) or in worker processes started once for all
    the lists a run plays, reporting to a :class:`Watch`. Use it as a context manager."""

    def __init__(self, workers: int, watch: Watch) -> None:
        self.workers, self.watch = workers, watch
        self.pool: ProcessPoolExecutor | None = None
        self.stop: Event | None = None
        self.marked = ExitStack()

    def __enter__(self) -> CampRunner:
        if self.workers > 1:
            # The workers start as they are needed, so they are marked till the run ends; they run
            # the compiled engine when it is built (``..compiled``).
            self.marked.enter_context(workers_marked())
            context = multiprocessing.get_context("spawn")
            self.stop = context.Event()
            self.pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=_start_worker, initargs=(self.stop,)
            )
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self.pool is not None:
            if self.stop is not None and error is not None:
                self.stop.set()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None
        self.marked.close()

    def play(self, tasks: Sequence[CampTask]) -> list[list[CampRecord]]:
        """Every task's records, in the order of ``tasks``. Raises :class:`RehearsalCancelled`."""
        if self.pool is None:
            return [self._play_here(task) for task in tasks]
        found: list[list[CampRecord] | None] = [None] * len(tasks)
        specs = {id(t.spec): _picklable(t.spec) for t in tasks}
        running: dict[Future[list[CampRecord] | None], int] = {}
        queue = iter(range(len(tasks)))
        watch = self.watch
        try:
            while True:
                while len(running) < self.workers * (1 + AHEAD) and (i := next(queue, None)) is not None:
                    task = replace(tasks[i], spec=specs[id(tasks[i].spec)])
                    running[self.pool.submit(_play_in_worker, task)] = i
                if not running:
                    break
                done, _ = wait(running, timeout=POLL, return_when=FIRST_COMPLETED)
                for future in done:
                    i = running.pop(future)
                    found[i] = future.result()
                    watch.done += tasks[i].camps
                if watch.stopped():
                    assert self.stop is not None
                    self.stop.set()
                    raise watch.give_up()
                watch.report()
        finally:
            for future in running:
                future.cancel()
        return [records or [] for records in found]

    def _play_here(self, task: CampTask) -> list[CampRecord]:
        watch = self.watch
        records: list[CampRecord] = []
        for k in range(task.first, task.last):
            if watch.stopped():
                raise watch.give_up()
            try:
                records.extend(play_task(replace(task, first=k, last=k + 1), watch.stopped))
            except Stopped:
                raise watch.give_up() from None
            watch.done += 1
            watch.report()
        return records
