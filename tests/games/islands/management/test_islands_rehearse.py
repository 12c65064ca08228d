"""``manage.py islands_rehearse``: the report as JSON on stdout (the same seed, the same bytes), or
the problem in plain words on stderr and status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from camp.models import Camp, Team
from games.islands.services import board as board_services

ROOT = Path(__file__).resolve().parents[4]
QUICK = ["--camps", "4", "--rounds", "6", "--workers", "1"]


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("islands_rehearse", *args, stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_the_same_seed_prints_the_same_report_byte_for_byte() -> None:
    args = ["--board-seed", "7", "--board-seed", "8", "--side", "5", "--teams", "4", "--seed", "99", *QUICK]
    status, out, err = run(*args)
    assert (status, err) == (0, "")
    assert run(*args)[1] == out
    doc = json.loads(out)
    assert doc["format"] == "zlate-ostrovy-rehearsal/2"
    assert doc["spec"]["seed"] == 99 and doc["spec"]["teams"] == ["Team 1", "Team 2", "Team 3", "Team 4"]
    assert [b["label"] for b in doc["boards"]] == ["Seed 7", "Seed 8"] and doc["best_board"] in (0, 1)
    assert out == json.dumps(doc, indent=2, sort_keys=True) + "\n"
    # Two workers: the same report.
    assert run(*args[:-2], "--workers", "2")[1] == out


def test_without_a_seed_a_fresh_one_is_drawn_and_named_in_the_report() -> None:
    first = json.loads(run("--board-seed", "7", "--side", "5", *QUICK)[1])["spec"]["seed"]
    second = json.loads(run("--board-seed", "7", "--side", "5", *QUICK)[1])["spec"]["seed"]
    assert first != second and 0 <= first < 2**63


def test_a_camp_runs_board_teams_and_ap_table(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=11)
    Camp.objects.filter(pk=camp.pk).update(ap_table=[20, 10, 5])
    status, out, err = run("--camp", str(camp.pk), "--board-seed", "12", "--seed", "3", *QUICK)
    assert (status, err) == (0, "")
    doc = json.loads(out)
    assert doc["spec"]["teams"] == [
        t.name for t in Team.objects.filter(camp=camp).order_by("order", "name", "id")
    ]
    assert doc["spec"]["ap_table"] == [20, 10, 5] and doc["spec"]["side"] == camp.board_side == 5
    assert doc["spec"]["boards"] == [
        {"label": "Camp board", "board_seed": 11},
        {"label": "Seed 12", "board_seed": 12},
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "Name the boards: --camp ID (a camp run's board) and/or --board-seed S (repeatable)."),
        (["--board-seed", "7", "--camps", "0"], "--camps must be from 1 to 10000, not 0."),
        (["--board-seed", "7", "--rounds", "61"], "--rounds must be from 1 to 60, not 61."),
        (
            ["--board-seed", "7", "--bots", "smart"],
            "--bots must be one of: every planner greedy novice mixed (not smart).",
        ),
        (
            ["--board-seed", "7", "--placement", "lucky"],
            "--placement must be one of: uniform strong (not lucky).",
        ),
        (["--board-seed", "7", "--teams", "1"], "A rehearsal needs 2 to 12 teams, not 1."),
        (
            ["--board-seed", "7", "--side", "3", "--teams", "7"],
            "7 teams do not fit a board of side 3: a side has 2 bays.",
        ),
        (["--board-seed", "7", "--workers", "0"], "--workers must be from 1 to 16, not 0."),
        (["--board-seed", "7", "--seed", "-5"], "--seed must be a whole number, 0 or more, not -5."),
        (
            ["--board-seed", "7", "--ap-table", "14,x"],
            "--ap-table must list whole numbers separated by commas",
        ),
        (
            [
                "--board-seed",
                "1",
                "--board-seed",
                "2",
                "--board-seed",
                "3",
                "--board-seed",
                "4",
                "--board-seed",
                "5",
            ],
            "Rehearse 1 to 4 boards at once, not 5.",
        ),
        (
            ["--board-seed", "7", "--side", "2"],
            "--board-seed 7: board side must be a whole number from 3 to 13",
        ),
    ],
)
def test_bad_options_are_named_on_stderr_with_status_2(args: list[str], message: str) -> None:
    status, out, err = run(*args)
    assert (status, out) == (2, "")
    assert err.startswith(message)


def test_a_camp_that_does_not_exist_or_has_no_board(camp: Camp) -> None:
    assert run("--camp", str(camp.pk + 1000))[::2] == (2, f"No camp run has the id {camp.pk + 1000}.\n")
    status, _out, err = run("--camp", str(camp.pk))
    assert status == 2 and err.startswith(f"The camp run “{camp}” has no board yet")
    status, _out, err = run("--camp", str(camp.pk), "--teams", "4")
    assert status == 2 and "drop --side, --teams and --ap-table" in err


def test_from_the_command_line_a_bad_option_exits_with_status_2(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", "islands_rehearse", "--board-seed", "7", "--camps", "0"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            "DJANGO_DEBUG": "1",
            "ZO_DATA_DIR": str(tmp_path),
            "PATH": "/usr/bin:/bin",
            "PYTHONPATH": str(ROOT),
        },
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == "--camps must be from 1 to 10000, not 0."
