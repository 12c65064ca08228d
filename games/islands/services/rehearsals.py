"""Rehearsals of the game (zkouška hry): starting one, running it in the background, cancelling it.

A rehearsal plays simulated camps on 1 to 4 candidate boards with bots (the pure simulator,
:func:`games.islands.engine.rehearsal.rehearse`); it takes a minute or more, so the page never waits
for it. :func:`rehearsal_start` stores a queued :class:`Rehearsal` row and, once committed, hands it
to the runner that ``settings.ISLANDS_REHEARSAL_RUNNER`` names:

- ``process`` (the camp server and ``runserver``): a detached process of its own,
  ``manage.py islands_rehearsal_run <id>``, which calls :func:`rehearsal_run`. It is no thread of
  the server, so a restarted server (or the dev server reloading) leaves it running, and the
  simulator's own worker processes are never forked from a server's threads;
- ``inline``: :func:`rehearsal_run` at once, in the request (a test that wants the report);
- ``manual``: nobody (the tests' default: a test runs :func:`rehearsal_run` itself).

The worker writes its progress into the row at most every :data:`WRITE_EVERY` seconds and reads the
cancel flag as seldom; a thread beside it writes a sign of life every :data:`HEARTBEAT_EVERY`
seconds. A run whose worker fell silent (:data:`games.islands.rehearsals.STALE_AFTER`) is shown as
interrupted, and the next write marks it so (:func:`rehearsals_interrupt_silent`).
"""

from __future__ import annotations

import logging
import os
import secrets
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import connections, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from camp.models import Camp
from games.islands.deals import camp_deal_spec, deal_report, deal_spec, dealt_cells, proofs
from games.islands.engine.rehearsal import (
    RehearsalBoard,
    RehearsalCancelled,
    RehearsalSpec,
    RehearsalSpecError,
    check_spec,
    rehearse,
)
from games.islands.engine.rehearsal.deal import DealError, DealStatus, check_deal, deal_fair_board
from games.islands.errors import IslandsError
from games.islands.models.board import BoardSetup
from games.islands.models.rehearsals import REHEARSAL_ACTIVE, Rehearsal, RehearsalKind, RehearsalStatus
from games.islands.rehearsals import (
    KEEP_FINISHED,
    RehearsalPlan,
    board_label,
    cells_of,
    fallen_silent,
    kept_rehearsal,
    spec_document,
    spec_key,
    styles_played,
)
from games.islands.selectors.board import game_is_on
from games.islands.words import deal as deal_words
from games.islands.words import rehearsal as rehearsal_words

logger = logging.getLogger(__name__)

#: The progress and the cancel flag: written and read at most this often (seconds).
WRITE_EVERY = 0.5
#: The worker's sign of life, written by a thread beside the simulator (seconds).
HEARTBEAT_EVERY = 5.0
#: The simulator's worker processes (the laptop has two cores).
WORKERS = 2
RUNNERS = ("process", "inline", "manual")


@dataclass(frozen=True)
class RehearsalStarted:
    """What :func:`rehearsal_start` did: the row it started, or the kept one (``kept``) of the same
    boards and parameters, done or still going, shown instead of running them again."""

    rehearsal: Rehearsal
    kept: bool


@transaction.atomic
def rehearsal_start(
    *,
    camp: Camp,
    plan: RehearsalPlan,
    user: User | AnonymousUser | None = None,
    again: bool = False,
) -> RehearsalStarted:
    """Rehearse ``plan`` on the camp run's side: a new queued row handed to the runner once
    committed, or (without ``again``) the kept rehearsal of the same boards and parameters.

    Refused with an :class:`IslandsError` (nothing stored): the camp's board asked for and none
    stored, a seed that deals no board, what the simulator cannot play (its ``check_spec``),
    another rehearsal still running on this laptop (they would share its two cores)."""
    Camp.objects.select_for_update().filter(pk=camp.pk).first()  # one start per camp at a time
    rehearsals_interrupt_silent()
    spec = spec_document(camp, plan, seed=secrets.randbits(63))
    _check(spec)
    key = spec_key(spec)
    if not again and (kept := kept_rehearsal(camp, key)) is not None:
        return RehearsalStarted(kept, kept=True)
    _refuse_busy()
    row = Rehearsal.objects.create(
        camp=camp,
        key=key,
        spec=spec,
        board_seeds=list(plan.board_seeds),
        # every style plays its own camps on every board (the simulator's count of its progress)
        camps_total=plan.camps * len(plan.board_seeds) * len(styles_played(plan.bots)),
        created_by=user if isinstance(user, User) else None,
    )
    _prune(camp)
    transaction.on_commit(lambda: _launch(row.pk))
    return RehearsalStarted(row, kept=False)


@transaction.atomic
def deal_start(*, camp: Camp, user: User | AnonymousUser | None = None) -> Rehearsal:
    """Start a fair deal for the camp run (its side, teams and AP table) in the background: a
    queued row of kind ``deal`` handed to the runner once committed, with a fresh 63-bit seed of
    the search's own (no one finds the board by trying seeds).

    Refused with an :class:`IslandsError` (nothing stored): the game has started, settings that
    make a fair board impossible (the words name the setting and what to change), another
    rehearsal or deal still running on this laptop (they would share its two cores)."""
    Camp.objects.select_for_update().filter(pk=camp.pk).first()  # one start per camp at a time
    rehearsals_interrupt_silent()
    setup = BoardSetup.objects.filter(camp=camp).first()
    if game_is_on(camp) or (setup is not None and setup.game_started):
        raise IslandsError(
            _("The game has started: the board can no longer be dealt again."), code="game_started"
        )
    spec = camp_deal_spec(camp, secrets.randbits(63))
    try:
        check_deal(deal_spec(spec))
    except DealError as error:
        text = deal_words.impossible_text(error.code, dict(error.params))
        raise IslandsError(text, code="impossible") from None
    _refuse_busy()
    row = Rehearsal.objects.create(
        camp=camp,
        kind=RehearsalKind.DEAL,
        key=spec_key(spec),
        spec=spec,
        stage="screening",
        created_by=user if isinstance(user, User) else None,
    )
    _prune(camp)
    transaction.on_commit(lambda: _launch(row.pk))
    return row


def _refuse_busy() -> None:
    running = Rehearsal.objects.filter(status__in=REHEARSAL_ACTIVE).select_related("camp").first()
    if running is not None:
        raise IslandsError(
            _("Another rehearsal is running (%(camp)s): wait until it ends, or cancel it.")
            % {"camp": running.camp},
            code="busy",
        )


def _check(spec: dict[str, Any]) -> None:
    """The simulator's own check of what it is asked to play, before anything is stored (a team
    name it cannot play, too many teams for the side, a board without treasure)."""
    played = engine_spec(spec)
    try:
        check_spec(played)
    except RehearsalSpecError as error:
        params = dict(error.params)
        board = params.get("board")
        if isinstance(board, int) and 1 <= board <= len(played.boards):
            params["board"] = played.boards[board - 1].label
        raise IslandsError(rehearsal_words.spec_error_text(error.code, params), code="spec") from None


def _prune(camp: Camp) -> None:
    """Keep the newest :data:`KEEP_FINISHED` finished rehearsals of the camp run."""
    finished = (
        Rehearsal.objects.filter(camp=camp)
        .exclude(status__in=REHEARSAL_ACTIVE)
        .order_by("-created_at", "-id")
        .values_list("pk", flat=True)
    )
    old = list(finished[KEEP_FINISHED:])
    if old:
        Rehearsal.objects.filter(pk__in=old).delete()


@transaction.atomic
def rehearsal_cancel(*, rehearsal: Rehearsal) -> Rehearsal:
    """Stop a rehearsal: one waiting to start is cancelled at once, a running one is asked to stop
    (its worker stops within a moment and marks it cancelled), one whose worker fell silent is
    marked interrupted. Refused for one that is over."""
    row = Rehearsal.objects.select_for_update().filter(pk=rehearsal.pk).first()
    if row is None or row.status not in REHEARSAL_ACTIVE:
        raise IslandsError(_("This rehearsal has ended already: there is nothing to cancel."), code="over")
    now = timezone.now()
    if fallen_silent(row, now):
        _finish(row.pk, RehearsalStatus.INTERRUPTED)
    elif row.status == RehearsalStatus.QUEUED:
        _finish(row.pk, RehearsalStatus.CANCELLED)
    else:
        Rehearsal.objects.filter(pk=row.pk).update(cancel_requested=True)
    row.refresh_from_db()
    return row


@transaction.atomic
def rehearsals_interrupt_silent() -> int:
    """Mark every active rehearsal whose worker fell silent as interrupted; how many there were."""
    now = timezone.now()
    silent = [row.pk for row in Rehearsal.objects.filter(status__in=REHEARSAL_ACTIVE).defer("spec", "report")
              if fallen_silent(row, now)]  # fmt: skip
    for pk in silent:
        _finish(pk, RehearsalStatus.INTERRUPTED)
    return len(silent)


def _finish(pk: int, status: str, **fields: Any) -> None:
    Rehearsal.objects.filter(pk=pk).update(status=status, finished_at=timezone.now(), **fields)


# ---------------------------------------------------------------------------------- the runners


def _launch(rehearsal_id: int) -> None:
    """Hand a committed row to ``settings.ISLANDS_REHEARSAL_RUNNER`` (see the module's doc)."""
    runner = settings.ISLANDS_REHEARSAL_RUNNER
    if runner == "inline":
        rehearsal_run(rehearsal_id=rehearsal_id)
    elif runner == "process":
        _spawn(rehearsal_id)


def _spawn(rehearsal_id: int) -> None:
    """``manage.py islands_rehearsal_run <id>`` as a process of its own session (the server's
    Ctrl+C and restarts do not stop it), with the server's environment (the same database). A thread
    waits for it, so an ended worker leaves no zombie behind."""
    command = [
        sys.executable,
        str(settings.BASE_DIR / "manage.py"),
        "islands_rehearsal_run",
        str(rehearsal_id),
    ]
    log = settings.LOG_DIR / "rehearsals.log"
    try:
        with open(log if settings.LOG_DIR.is_dir() else os.devnull, "ab") as out:
            process = subprocess.Popen(  # our own command, no shell
                command,
                cwd=settings.BASE_DIR,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=out,
                start_new_session=True,
                close_fds=True,
            )
    except OSError as error:
        logger.exception("rehearsal %s: the worker could not start", rehearsal_id)
        _finish(rehearsal_id, RehearsalStatus.FAILED, problem=f"The worker could not start: {error}")
        return
    threading.Thread(target=process.wait, name=f"rehearsal-{rehearsal_id}-wait", daemon=True).start()


class _Worker:
    """The callbacks :func:`rehearse` calls: the progress written, the cancel flag read, each at
    most every :data:`WRITE_EVERY` seconds (the last camp's progress always)."""

    def __init__(self, rehearsal_id: int) -> None:
        self.id = rehearsal_id
        self.written = 0.0
        self.read = 0.0
        self.stop = False

    def progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.written < WRITE_EVERY and done < total:
            return
        self.written = now
        Rehearsal.objects.filter(pk=self.id).update(
            camps_done=done, camps_total=total, heartbeat_at=timezone.now()
        )

    def deal_progress(self, status: DealStatus) -> None:
        """A deal's stage: while screening, the camps played so far (no total: a candidate is
        dropped or confirmed as its camps tell); while confirming, the confirmation's camps."""
        now = time.monotonic()
        if now - self.written < WRITE_EVERY:
            return
        self.written = now
        confirming = status.stage == "confirming"
        Rehearsal.objects.filter(pk=self.id).update(
            stage=status.stage,
            candidate=status.candidate,
            camps_done=status.confirm_done if confirming else status.camps,
            camps_total=status.confirm_total if confirming else 0,
            heartbeat_at=timezone.now(),
        )

    def cancelled(self) -> bool:
        now = time.monotonic()
        if not self.stop and now - self.read >= WRITE_EVERY:
            self.read = now
            self.stop = bool(
                Rehearsal.objects.filter(pk=self.id).values_list("cancel_requested", flat=True).first()
            )
        return self.stop


def _heartbeat(rehearsal_id: int, done: threading.Event) -> None:
    """Write the worker's sign of life until ``done`` (a thread: the simulator may go quiet between
    two camps for longer than the progress is written)."""
    try:
        while not done.wait(HEARTBEAT_EVERY):
            Rehearsal.objects.filter(pk=rehearsal_id, status=RehearsalStatus.RUNNING).update(
                heartbeat_at=timezone.now()
            )
    finally:
        connections.close_all()


def engine_spec(spec: dict[str, Any]) -> RehearsalSpec:
    """A row's ``spec`` as the simulator's :class:`RehearsalSpec` (boards labelled in the camp's
    language, as the simulator's own output prints them)."""
    with translation.override(settings.LANGUAGE_CODE):
        boards = tuple(
            RehearsalBoard(
                label=board_label(board["board_seed"]),
                side=spec["side"],
                cells=cells_of(board["cells"]),
                board_seed=board["board_seed"],
            )
            for board in spec["boards"]
        )
    return RehearsalSpec(
        boards=boards,
        teams=tuple(spec["teams"]),
        ap_table=tuple(spec["ap_table"]),
        rounds=spec["rounds"],
        camps=spec["camps"],
        placement=spec["placement"],
        bots=spec["bots"],
        seed=spec["seed"],
    )


def rehearsal_run(*, rehearsal_id: int, background: bool = False, workers: int = WORKERS) -> str:
    """Run a queued rehearsal to its end (the worker; not one transaction: it writes its progress
    as it goes) and return its final status ("" for a row that is not queued: another worker took
    it, or it was cancelled meanwhile; it is left alone).

    ``background``: the worker's own process (``manage.py islands_rehearsal_run``), which records its
    process id, writes a sign of life from a thread beside the simulator and lets go of the database
    while the simulator forks its workers. Without it (run in the request) neither."""
    claimed = Rehearsal.objects.filter(pk=rehearsal_id, status=RehearsalStatus.QUEUED).update(
        status=RehearsalStatus.RUNNING,
        started_at=timezone.now(),
        heartbeat_at=timezone.now(),
        worker_pid=os.getpid() if background else None,
    )
    if not claimed:
        return ""
    kind, document = Rehearsal.objects.values_list("kind", "spec").get(pk=rehearsal_id)
    worker = _Worker(rehearsal_id)
    done = threading.Event()
    if background:
        connections.close_all()  # the simulator's processes inherit no open database
        threading.Thread(target=_heartbeat, args=(rehearsal_id, done), daemon=True).start()
    try:
        if kind == RehearsalKind.DEAL:
            report, proven = _deal(document, worker, workers)
        else:
            spec = engine_spec(document)
            report = rehearse(spec, workers=workers, progress=worker.progress, cancelled=worker.cancelled)
            boards = report["boards"]
            assert isinstance(boards, list)
            proven = proofs(list(zip((board.cells for board in spec.boards), boards, strict=True)))
    except RehearsalCancelled:
        _finish(rehearsal_id, RehearsalStatus.CANCELLED)
        return RehearsalStatus.CANCELLED
    except (RehearsalSpecError, DealError) as error:  # checked at the start: a deal found no board
        with translation.override(settings.LANGUAGE_CODE):
            if isinstance(error, DealError):
                problem = deal_words.impossible_text(error.code, dict(error.params))
            else:
                problem = rehearsal_words.spec_error_text(error.code, dict(error.params))
        _finish(rehearsal_id, RehearsalStatus.FAILED, problem=problem)
        return RehearsalStatus.FAILED
    except KeyboardInterrupt:  # Ctrl+C, or the worker's SIGTERM (a shutdown): stopped, not failed
        _finish(rehearsal_id, RehearsalStatus.INTERRUPTED)
        raise
    except Exception as error:  # the worker's last word, whatever went wrong, for staff to read
        logger.exception("rehearsal %s failed", rehearsal_id)
        _finish(rehearsal_id, RehearsalStatus.FAILED, problem=f"{type(error).__name__}: {error}"[:2000])
        return RehearsalStatus.FAILED
    finally:
        done.set()
    _finish(rehearsal_id, RehearsalStatus.DONE, report=report, proven=proven, camps_done=F("camps_total"))
    return RehearsalStatus.DONE


def _deal(document: dict[str, Any], worker: _Worker, workers: int) -> tuple[dict[str, Any], list[Any]]:
    """Run a deal's search: its report (the board found and its confirmation) and its proof."""
    spec = deal_spec(document)
    found = deal_fair_board(spec, workers=workers, progress=worker.deal_progress, cancelled=worker.cancelled)
    return deal_report(spec.seed, found), proofs([(found.cells, found.confirmation)])


@transaction.atomic
def deal_record(*, camp: Camp, spec: dict[str, Any], report: dict[str, Any]) -> Rehearsal:
    """Keep a fair deal found outside the background runner (``manage.py islands_deal``, the demo
    camp's board) as a done deal of the camp run, with its proof: the board page shows it, and
    accepting it makes the camp's board proven."""
    now = timezone.now()
    cells = dealt_cells(report)
    found = report.get("confirmation")
    confirmation: dict[str, Any] = found if isinstance(found, dict) else {}
    row = Rehearsal.objects.create(
        camp=camp,
        kind=RehearsalKind.DEAL,
        key=spec_key(spec),
        spec=spec,
        status=RehearsalStatus.DONE,
        report=report,
        proven=proofs([(cells, confirmation)]),
        started_at=now,
        finished_at=now,
    )
    _prune(camp)
    return row
