"""The management commands ``batavia_replay`` and ``batavia_simulate``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.batavia.engine import bots, record

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def finished_record(tmp_path: Path) -> Path:
    final = bots.play_game(["greedy", "random", "random"], 21, names=["Red", "Blue", "Green"])
    path = tmp_path / "game.json"
    path.write_text(record.dump_record(final))
    return path


def test_replay_prints_the_output_json(finished_record: Path) -> None:
    code, out, err = run("batavia_replay", str(finished_record))
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["phase"] == "finished" and data["to_act"] is None
    assert [p["name"] for p in data["players"]] == ["Red", "Blue", "Green"]
    assert len(data["track"]) == 35 and set(data["scores"]) == {"Red", "Blue", "Green"}
    assert data == record.state_to_output(record.replay(record.load_record(finished_record.read_text())))


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    path = tmp_path / "short.json"
    data = json.loads(record.dump_record(bots.play_game(["greedy"] * 3, 5)))
    data["actions"] = data["actions"][:20]
    path.write_text(json.dumps(data))
    code, out, _ = run("batavia_replay", str(path))
    assert code == 0
    assert "scores" not in json.loads(out) and json.loads(out)["to_act"] is not None


def test_an_illegal_action_prints_its_number_and_exits_1(finished_record: Path, tmp_path: Path) -> None:
    data = json.loads(finished_record.read_text())
    data["actions"][1] = {"by": data["actions"][1]["by"], "bid": 99}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run("batavia_replay", str(bad))
    assert code == 1 and out == ""
    assert err.strip() == f"action 2: 99 is more bills than {data['actions'][1]['by']} holds"


def test_a_malformed_record_prints_its_json_path_and_exits_1(finished_record: Path, tmp_path: Path) -> None:
    data = json.loads(finished_record.read_text())
    data["track"][4] = "XX-tea"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, err = run("batavia_replay", str(bad))
    assert (code, out) == (1, "")
    assert err.strip() == "$.track[4]: unknown company 'XX' in 'XX-tea'"
    bad.write_text("{")
    code, out, err = run("batavia_replay", str(bad))
    assert (code, out) == (1, "") and err.startswith("$: not valid JSON")
    code, out, err = run("batavia_replay", str(tmp_path / "missing.json"))
    assert (code, out) == (1, "") and "cannot read" in err


def test_the_real_process_exits_1_with_nothing_on_stdout(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "batavia/1", "players": ["A", "B"]}))
    env = {**os.environ, "DJANGO_DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, "manage.py", "batavia_replay", str(bad)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip() == "$.players: Batavia needs 3 to 5 players, not 2"


def test_simulate_prints_win_rates_and_average_scores() -> None:
    code, out, _ = run("batavia_simulate", "--games", "20", "--bots", "greedy,random,random", "--seed", "3")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0] == "20 games, bots greedy,random,random, seed 3"
    assert lines[2].split()[:2] == ["1", "greedy"] and len(lines) == 5
    code, out, _ = run(
        "batavia_simulate", "--games", "20", "--bots", "greedy,random,random", "--seed", "3", "--json"
    )
    data = json.loads(out)
    assert [s["bot"] for s in data["seats"]] == ["greedy", "random", "random"]
    assert sum(s["win_rate"] for s in data["seats"]) == pytest.approx(1.0)
    assert data["seats"][0]["win_rate"] > 0.5  # greedy beats random
    assert all(s["average_score"] > 0 for s in data["seats"])


@pytest.mark.parametrize("bots_arg", ["greedy,random", "greedy,smart,random"])
def test_simulate_refuses_bad_bots(bots_arg: str) -> None:
    with pytest.raises(CommandError):
        call_command("batavia_simulate", "--games", "1", "--bots", bots_arg, stdout=io.StringIO())
