"""The rehearsal services: starting one (or showing the kept one), running it to its end with its
progress written, cancelling it, a worker fallen silent marked interrupted, the worker command."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import timedelta
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from camp import services as camp_services
from camp.models import Camp, Team
from games.islands import rehearsal_report, rehearsals
from games.islands.engine.rehearsal import RehearsalSpecError
from games.islands.errors import IslandsError
from games.islands.models.board import BoardHex
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services
from games.islands.words import rehearsal as rehearsal_words

SEED = 1234567890123456789


def plan(
    *seeds: int | None, camps: int = 3, rounds: int = 5, bots: str = "every"
) -> rehearsals.RehearsalPlan:
    return rehearsals.RehearsalPlan(
        board_seeds=seeds or (SEED,), teams=("Tým 1", "Tým 2", "Tým 3"), ap_table=(14, 11, 8), rounds=rounds,
        camps=camps, bots=bots,
    )  # fmt: skip


def dead_pid() -> int:
    """The id of a process that has ended (and been waited for): no process has it now."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_start_stores_a_queued_rehearsal_of_the_boards_cells(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=77)
    started = rehearsal_services.rehearsal_start(camp=camp, plan=plan(None, SEED))
    row = started.rehearsal
    assert not started.kept
    # 3 camps of each style (planner, greedy bot, novice) on each of the 2 boards
    assert row.status == RehearsalStatus.QUEUED and row.camps_total == 18 and row.board_seeds == [None, SEED]
    spec = Rehearsal.objects.get(pk=row.pk).spec
    assert [b["board_seed"] for b in spec["boards"]] == [None, SEED]
    stored = rehearsals.camp_board_cells(camp)
    assert stored is not None and rehearsals.cells_of(spec["boards"][0]["cells"]) == {
        h: c for h, c in stored.items() if c.tile.value != "open-sea" or c.revealed
    }
    assert rehearsals.cells_of(spec["boards"][1]["cells"]) == {
        h: c
        for h, c in rehearsals.seed_board_cells(camp.board_side, SEED, teams=3).items()
        if c.tile.value != "open-sea"
    }
    assert spec["seed"] >= 0 and spec["teams"] == ["Tým 1", "Tým 2", "Tým 3"]


def test_one_style_plays_only_its_own_camps(camp: Camp) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan(SEED, SEED + 1, bots="greedy")).rehearsal
    assert row.camps_total == 6 and row.spec["bots"] == "greedy"


def test_the_same_boards_and_parameters_show_the_kept_rehearsal(camp: Camp, fake_simulator: None) -> None:
    first = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    rehearsal_services.rehearsal_run(rehearsal_id=first.pk)
    again = rehearsal_services.rehearsal_start(camp=camp, plan=plan())
    assert again.kept and again.rehearsal.pk == first.pk
    assert Rehearsal.objects.count() == 1
    other = rehearsal_services.rehearsal_start(camp=camp, plan=plan(camps=4))  # another parameter: new
    assert not other.kept and Rehearsal.objects.count() == 2
    rehearsal_services.rehearsal_run(rehearsal_id=other.rehearsal.pk)
    forced = rehearsal_services.rehearsal_start(camp=camp, plan=plan(), again=True)
    assert not forced.kept and forced.rehearsal.pk not in (first.pk, other.rehearsal.pk)
    assert forced.rehearsal.key == first.key and forced.rehearsal.spec["seed"] != first.spec["seed"]


def test_a_cancelled_rehearsal_is_not_kept(camp: Camp) -> None:
    first = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    rehearsal_services.rehearsal_cancel(rehearsal=first)
    again = rehearsal_services.rehearsal_start(camp=camp, plan=plan())
    assert not again.kept and again.rehearsal.pk != first.pk


def test_a_hand_edit_makes_another_board(camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=77)
    first = rehearsal_services.rehearsal_start(camp=camp, plan=plan(None)).rehearsal
    rehearsal_services.rehearsal_cancel(rehearsal=first)
    h = next(iter(rehearsals.camp_board_cells(camp) or {}))
    board_services.board_hex_set(camp=camp, at=h, tile=board_services.Tile.REEFS, chests=0, revealed=False)
    second = rehearsal_services.rehearsal_start(camp=camp, plan=plan(None)).rehearsal
    assert second.key != first.key


def test_the_camps_board_without_a_board_is_refused_and_nothing_stored(camp: Camp) -> None:
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.rehearsal_start(camp=camp, plan=plan(None))
    assert refused.value.messages == ["Tento běh tábora ještě nemá herní plán: zkoušejte jen semínka."]
    assert not Rehearsal.objects.exists()


def test_another_running_rehearsal_is_said_and_nothing_stored(camp: Camp, other_camp: Camp) -> None:
    running = rehearsal_services.rehearsal_start(camp=other_camp, plan=plan()).rehearsal
    Rehearsal.objects.filter(pk=running.pk).update(
        status=RehearsalStatus.RUNNING, heartbeat_at=timezone.now()
    )
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.rehearsal_start(camp=camp, plan=plan())
    assert refused.value.messages == [
        f"Právě běží jiná zkouška hry ({other_camp}): počkejte, až skončí, nebo ji zrušte."
    ]
    assert list(Rehearsal.objects.values_list("pk", flat=True)) == [running.pk]


def test_run_writes_the_report_and_the_progress(camp: Camp, fake_simulator: None) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan(SEED, SEED + 1, camps=5)).rehearsal
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk) == RehearsalStatus.DONE
    row.refresh_from_db()
    # 5 camps of each of the 3 styles on each of the 2 boards
    assert row.status == RehearsalStatus.DONE and row.camps_done == row.camps_total == 30
    assert row.report["format"] == rehearsal_report.REPORT_FORMAT
    assert [b["board_seed"] for b in row.report["boards"]] == [SEED, SEED + 1]
    assert row.report["boards"][0]["label"] == f"Semínko {SEED}"
    assert row.started_at and row.finished_at and row.finished_at >= row.started_at
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk) == ""  # not queued: left alone


def test_progress_is_written_at_most_every_half_second(camp: Camp, monkeypatch: pytest.MonkeyPatch) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    clock = [100.0]
    monkeypatch.setattr(rehearsal_services.time, "monotonic", lambda: clock[0])
    worker = rehearsal_services._Worker(row.pk)
    with CaptureQueriesContext(connection) as queries:
        for done in range(1, 50):
            worker.progress(done, 100)  # no time passes: only the first is written
            worker.cancelled()
    assert len(queries) == 2  # one progress, one read of the cancel flag
    assert Rehearsal.objects.get(pk=row.pk).camps_done == 1
    clock[0] += rehearsal_services.WRITE_EVERY
    worker.progress(60, 100)
    assert Rehearsal.objects.get(pk=row.pk).camps_done == 60
    worker.progress(100, 100)  # the last camp always
    assert Rehearsal.objects.get(pk=row.pk).camps_done == 100


def test_cancel_a_queued_rehearsal_at_once(camp: Camp) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    cancelled = rehearsal_services.rehearsal_cancel(rehearsal=row)
    assert cancelled.status == RehearsalStatus.CANCELLED and cancelled.finished_at is not None
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.rehearsal_cancel(rehearsal=row)
    assert refused.value.messages == ["Tato zkouška už skončila: není co rušit."]


def test_cancel_a_running_rehearsal_stops_its_worker(camp: Camp, fake_simulator: None) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    Rehearsal.objects.filter(pk=row.pk).update(status=RehearsalStatus.RUNNING, heartbeat_at=timezone.now())
    asked = rehearsal_services.rehearsal_cancel(rehearsal=row)
    assert asked.status == RehearsalStatus.RUNNING and asked.cancel_requested
    Rehearsal.objects.filter(pk=row.pk).update(status=RehearsalStatus.QUEUED)  # its worker starts now
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk) == RehearsalStatus.CANCELLED
    row.refresh_from_db()
    assert row.status == RehearsalStatus.CANCELLED and row.report is None and row.camps_done == 0


def test_a_failing_simulator_marks_the_rehearsal_failed(camp: Camp, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> dict[str, object]:
        raise RuntimeError("the bots fell overboard")

    monkeypatch.setattr(rehearsal_services, "rehearse", broken)
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk) == RehearsalStatus.FAILED
    row.refresh_from_db()
    assert row.status == RehearsalStatus.FAILED and row.problem == "RuntimeError: the bots fell overboard"


def test_a_spec_the_simulator_refuses_in_the_worker_is_said_in_czech(
    camp: Camp, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refusing(*args: Any, **kwargs: Any) -> dict[str, object]:
        raise RehearsalSpecError("bays", teams=12, side=5, bays=2)

    monkeypatch.setattr(rehearsal_services, "rehearse", refusing)
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk) == RehearsalStatus.FAILED
    assert Rehearsal.objects.get(pk=row.pk).problem == (
        "Příliš mnoho týmů (12) pro herní plán se stranou 5: zátok na každé straně je jen 2."
    )


def test_a_worker_stopped_by_a_signal_marks_its_rehearsal_interrupted(
    camp: Camp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker command turns SIGTERM into KeyboardInterrupt (as Ctrl+C): the row says
    interrupted at once, and the interrupt goes on (the process ends)."""

    def stopped(*args: Any, **kwargs: Any) -> dict[str, object]:
        raise KeyboardInterrupt

    monkeypatch.setattr(rehearsal_services, "rehearse", stopped)
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    with pytest.raises(KeyboardInterrupt):
        rehearsal_services.rehearsal_run(rehearsal_id=row.pk)
    assert Rehearsal.objects.get(pk=row.pk).status == RehearsalStatus.INTERRUPTED


def test_a_worker_fallen_silent_is_interrupted(camp: Camp) -> None:
    """A server restarted (or a laptop shut down) under a running rehearsal: its worker is gone and
    writes no sign of life. It is shown as interrupted at once, marked so by the next write, and
    does not keep another rehearsal from starting."""
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    long_ago = timezone.now() - rehearsals.STALE_AFTER - timedelta(seconds=1)
    Rehearsal.objects.filter(pk=row.pk).update(
        status=RehearsalStatus.RUNNING, started_at=long_ago, heartbeat_at=long_ago, worker_pid=os.getpid()
    )
    row.refresh_from_db()
    assert rehearsals.shown_status(row) == RehearsalStatus.INTERRUPTED  # our own process lives: the heartbeat
    fresh = rehearsal_services.rehearsal_start(camp=camp, plan=plan(camps=7))
    assert not fresh.kept
    row.refresh_from_db()
    assert row.status == RehearsalStatus.INTERRUPTED and row.finished_at is not None


def test_a_worker_process_gone_is_interrupted_before_its_heartbeat_is_old(camp: Camp) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    Rehearsal.objects.filter(pk=row.pk).update(
        status=RehearsalStatus.RUNNING, heartbeat_at=timezone.now(), worker_pid=dead_pid()
    )
    row.refresh_from_db()
    assert rehearsals.shown_status(row) == RehearsalStatus.INTERRUPTED
    assert rehearsal_services.rehearsal_cancel(rehearsal=row).status == RehearsalStatus.INTERRUPTED


def test_a_queued_rehearsal_nobody_started_is_interrupted(camp: Camp) -> None:
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    assert rehearsals.shown_status(row) == RehearsalStatus.QUEUED
    Rehearsal.objects.filter(pk=row.pk).update(created_at=timezone.now() - rehearsals.STALE_AFTER * 2)
    assert rehearsal_services.rehearsals_interrupt_silent() == 1
    assert Rehearsal.objects.get(pk=row.pk).status == RehearsalStatus.INTERRUPTED


def test_only_the_newest_finished_rehearsals_are_kept(camp: Camp) -> None:
    for camps in range(1, rehearsals.KEEP_FINISHED + 3):
        row = rehearsal_services.rehearsal_start(camp=camp, plan=plan(camps=camps)).rehearsal
        rehearsal_services.rehearsal_cancel(rehearsal=row)
    assert Rehearsal.objects.filter(camp=camp).count() == rehearsals.KEEP_FINISHED + 1  # + the newest queued
    assert not Rehearsal.objects.filter(spec__camps=1).exists()


@pytest.mark.django_db(transaction=True)
def test_the_worker_command_runs_a_queued_rehearsal(fake_simulator: None) -> None:
    camp = camp_services.camp_create(name="Běh", year=2026, board_side=5)
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    call_command("islands_rehearsal_run", str(row.pk))
    row.refresh_from_db()
    assert row.status == RehearsalStatus.DONE and row.worker_pid == os.getpid()
    assert row.report["boards"][0]["board_seed"] == SEED


def test_the_process_runner_starts_the_worker_command(
    camp: Camp, monkeypatch: pytest.MonkeyPatch, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    started: list[list[str]] = []

    class Process:
        pid = 4242

        def __init__(self, command: list[str], **options: Any) -> None:
            started.append(command)
            assert options["start_new_session"] is True and options["stdin"] == subprocess.DEVNULL

        def wait(self) -> int:
            return 0

    monkeypatch.setattr(rehearsal_services.subprocess, "Popen", Process)
    settings.ISLANDS_REHEARSAL_RUNNER = "process"
    with django_capture_on_commit_callbacks(execute=True):
        row = rehearsal_services.rehearsal_start(camp=camp, plan=plan()).rehearsal
    assert started == [
        [sys.executable, str(settings.BASE_DIR / "manage.py"), "islands_rehearsal_run", str(row.pk)]
    ]


def test_what_the_simulator_cannot_play_is_said_before_anything_is_stored(
    camp: Camp, teams: list[Team]
) -> None:
    """Too many teams for the side's bays, a board without treasure: refused at the start in the
    staff's words (sim's ``check_spec``), not by the worker in the simulator's."""
    camp.board_side = 3  # two bays a side: six teams at most
    crowded = rehearsals.RehearsalPlan(
        board_seeds=(SEED,), teams=tuple(f"Tým {n}" for n in range(1, 8)), ap_table=(14, 11, 8)
    )
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.rehearsal_start(camp=camp, plan=crowded)
    assert refused.value.messages == [
        "Příliš mnoho týmů (7) pro herní plán se stranou 3: zátok na každé straně je jen 2."
    ]
    camp.refresh_from_db()
    board_services.board_generate(camp=camp, seed=77)
    BoardHex.objects.filter(camp=camp).update(tile="open-sea", chests=0)
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.rehearsal_start(camp=camp, plan=plan(SEED, None))
    assert refused.value.messages == ["Herní plán tábora nemá žádný poklad: není co zkoušet."]
    assert not Rehearsal.objects.exists()


# ----------------------------------------------------------------------------- the real simulator


def test_a_real_rehearsal_through_the_services(camp: Camp, teams: list[Team]) -> None:
    """sim's simulator itself (no fake), small: its report is kept, in the contract's shape, with the
    boards labelled as the page labels them."""
    board_services.board_generate(camp=camp, seed=77)
    small = rehearsals.RehearsalPlan(
        board_seeds=(None, SEED), teams=tuple(t.name for t in teams), ap_table=(14, 11, 8), rounds=4, camps=2
    )
    row = rehearsal_services.rehearsal_start(camp=camp, plan=small).rehearsal
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk, workers=1) == RehearsalStatus.DONE
    row.refresh_from_db()
    report = row.report
    assert report["format"] == rehearsal_report.REPORT_FORMAT == "zlate-ostrovy-rehearsal/2"
    assert report["best_board"] in (0, 1)
    assert [b["label"] for b in report["boards"]] == ["Herní plán tábora", f"Semínko {SEED}"]
    assert [b["board_seed"] for b in report["boards"]] == [None, SEED]
    assert report["spec"]["teams"] == [t.name for t in teams] and report["spec"]["camps"] == 2
    assert report["spec"]["styles"] == ["planner", "greedy", "novice"]
    assert len(report["boards"][0]["home_by_round"]) == 4
    assert [s["style"] for s in report["boards"][0]["styles"]] == ["planner", "greedy", "novice"]
    assert report["boards"][0]["verdict"]["code"] in rehearsal_words.VERDICT_TEXTS
    assert row.camps_done == row.camps_total == 12  # 2 camps × 3 styles × 2 boards
    with translation.override("cs"):
        view = rehearsal_report.report_view(report)
    assert not view.older and view.boards[0].shares.columns == ("plánovač", "hladový bot", "začátečník")


def test_the_page_s_figures_are_the_command_line_s_for_the_same_seed(camp: Camp, teams: list[Team]) -> None:
    """A rehearsal started from the page and ``manage.py islands_rehearse`` given its simulation's
    seed (in its report) report the same figures for every board; only the labels differ (the page's
    Czech, the command's English) and the camp board's seed (the page names none: its board may be
    edited by hand; the command names the seed it was dealt from while it is not)."""
    import json
    from io import StringIO

    board_services.board_generate(camp=camp, seed=77)
    small = rehearsals.RehearsalPlan(
        board_seeds=(None, SEED), teams=tuple(t.name for t in teams), ap_table=(14, 11, 8), rounds=4, camps=3
    )
    row = rehearsal_services.rehearsal_start(camp=camp, plan=small).rehearsal
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk, workers=1) == RehearsalStatus.DONE
    row.refresh_from_db()
    page = row.report
    out = StringIO()
    call_command(
        "islands_rehearse", "--camp", str(camp.pk), "--board-seed", str(SEED),
        "--seed", str(page["spec"]["seed"]), "--rounds", "4", "--camps", "3",
        "--placement", "uniform", "--bots", "every", "--workers", "1",
        stdout=out,
    )  # fmt: skip
    command = json.loads(out.getvalue())

    def figures(report: dict[str, Any]) -> list[dict[str, Any]]:
        named = ("label", "board_seed")
        return [{k: v for k, v in board.items() if k not in named} for board in report["boards"]]

    assert command["spec"] == page["spec"] | {"boards": command["spec"]["boards"]}
    assert figures(command) == figures(page)
    assert command["best_board"] == page["best_board"]
    assert [b["label"] for b in command["boards"]] != [b["label"] for b in page["boards"]]


@pytest.mark.django_db(transaction=True)
def test_the_process_runner_plays_a_real_rehearsal_in_its_own_process(
    monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """The whole way, as on the camp laptop: the start hands the row to a process of its own
    (``manage.py islands_rehearsal_run``) that runs sim's simulator and writes the report; the
    test's server only reads the row."""
    name = connection.settings_dict["NAME"]
    if connection.vendor != "sqlite" or ":memory:" in str(name) or "mode=memory" in str(name):
        pytest.skip("the worker process needs the test database in a file")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{name}")
    settings.ISLANDS_REHEARSAL_RUNNER = "process"
    camp = camp_services.camp_create(name="Běh", year=2026, board_side=5)
    small = rehearsals.RehearsalPlan(
        board_seeds=(SEED,), teams=("Tým 1", "Tým 2", "Tým 3"), ap_table=(14, 11, 8), rounds=3, camps=2
    )
    row = rehearsal_services.rehearsal_start(camp=camp, plan=small).rehearsal
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        row.refresh_from_db()
        if not row.active:
            break
        time.sleep(0.3)
    assert row.status == RehearsalStatus.DONE, row.problem
    assert row.worker_pid not in (None, os.getpid())
    assert row.report["boards"][0]["board_seed"] == SEED and row.camps_done == 6  # 2 camps × 3 styles
