"""``manage.py islands_scenario FILE``: JSON on stdout, or every problem on stderr and status 1."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

from django.core.management import call_command

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def run(path: Path | str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("islands_scenario", str(path), stdout=out, stderr=err)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_good_file_prints_the_state_after(tmp_path: Path) -> None:
    status, out, err = run(SCENARIOS / "treasure.json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert doc["format"] == "zlate-ostrovy/1"
    assert doc["teams"][0]["delivered"] == 1
    assert [e["what"] for e in doc["events"]][:2] == ["reveal", "load"]


def test_bad_json(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "zlate-ostrovy/1",', encoding="utf-8")
    status, out, err = run(bad)
    assert (status, out) == (1, "")
    assert "not valid JSON" in err


def test_json_nested_too_deeply_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    status, out, err = run(deep)
    assert (status, out) == (1, "")
    assert err.strip() == "not valid JSON (nested too deeply)"


def test_bad_format_lists_every_problem_with_its_path(tmp_path: Path) -> None:
    doc = json.loads((SCENARIOS / "harbor.json").read_text(encoding="utf-8"))
    doc["side"] = 5
    doc["teams"][0]["harbor"] = "Z99"
    doc["teams"][0]["ships"][1]["chests"] = -1
    doc["pirates"] = [{"id": "X1", "at": "A1"}]
    path = tmp_path / "format.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run(path)
    assert (status, out) == (1, "")
    lines = err.strip().splitlines()
    assert any(line.startswith("teams[0].harbor: ") for line in lines)
    assert "teams[0].ships[1].chests: must be at least 0" in lines
    assert "pirates[0].id: a pirate id is P1, P2, …, each once" in lines


def test_illegal_order(tmp_path: Path) -> None:
    doc = json.loads((SCENARIOS / "open_sea.json").read_text(encoding="utf-8"))
    doc["orders"]["red"]["routes"]["C1"] = "N N NW"
    doc["orders"]["red"]["build"] = {"cargo": 1}
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run(path)
    assert (status, out) == (1, "")
    assert err.strip().splitlines() == [
        "orders.red.build: the ships cost 6 AP but the team has 3",
        "orders.red.routes.C1: the route has 3 tokens but the team has 0",
    ]


def test_illegal_route_names_step_and_hex(tmp_path: Path) -> None:
    doc = json.loads((SCENARIOS / "open_sea.json").read_text(encoding="utf-8"))
    doc["orders"]["red"]["routes"]["C1"] = "N N NW"
    path = tmp_path / "route.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run(path)
    assert (status, out) == (1, "")
    assert err.strip() == "orders.red.routes.C1: step 3 leaves the board at B2"


def test_missing_file(tmp_path: Path) -> None:
    status, out, err = run(tmp_path / "nothing.json")
    assert (status, out) == (1, "")
    assert "cannot read" in err
