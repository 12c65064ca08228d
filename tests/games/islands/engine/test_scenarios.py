"""Every rule case in ``tests/games/islands/scenarios``: a round file and its ``.expect.json``.

The file runs through the whole path staff use (read, check, resolve, write). The expect file
states what must come out:

- ``events``: ``"[STEP.HALF ]WHO WHAT AT"`` lines that must appear in this order (others may come
  between); ``absent``: token sets (``"red.C2 deliver"``, ``"hit"``) that no event may match;
  ``counts``: how often an exact ``"WHO WHAT AT"`` occurs; ``private``: events that must be private.
- ``ships`` (``"red.C2"``: fields or null for gone), ``ship_count``, ``pirates``, ``hexes``
  (an unlisted hex is hidden open sea), ``teams``: fields that must match.
- ``pending``, ``standings``: the whole value; ``chests_lost``: chests before minus after.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.islands.engine.scenario_writer import run_scenario

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios"
CASES = sorted(p for p in SCENARIOS.glob("*.json") if not p.name.endswith(".expect.json"))


def _line(event: dict[str, Any]) -> str:
    return f"{event['who']} {event['what']} {event['at']}"


def _matches_line(expected: str, event: dict[str, Any]) -> bool:
    parts = expected.split()
    if len(parts) == 4:
        step, half = parts[0].split(".")
        if (event["step"], event["half"]) != (int(step), int(half)):
            return False
        parts = parts[1:]
    return " ".join(parts) == _line(event)


def _chests(doc: dict[str, Any]) -> int:
    on_map = sum(h.get("chests", 0) for h in doc.get("hexes", {}).values())
    aboard = sum(s.get("chests", 0) for t in doc["teams"] for s in t.get("ships", []))
    return int(on_map + aboard + sum(t.get("delivered", 0) for t in doc["teams"]))


def _partial(actual: dict[str, Any], expected: dict[str, Any], where: str) -> None:
    for key, value in expected.items():
        assert actual.get(key) == value, f"{where}.{key}: {actual.get(key)!r} != {value!r}"


def test_there_are_rule_cases() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_scenario(case: Path) -> None:
    text = case.read_text(encoding="utf-8")
    expect = json.loads(case.with_name(f"{case.stem}.expect.json").read_text(encoding="utf-8"))
    out = json.loads(run_scenario(text))
    assert json.loads(run_scenario(text)) == out, "the same file must give the same result"
    events = out["events"]

    position = 0
    for expected in expect.get("events", []):
        while position < len(events) and not _matches_line(expected, events[position]):
            position += 1
        assert position < len(events), (
            f"event {expected!r} missing or out of order in {[_line(e) for e in events]}"
        )
        position += 1
    for tokens in expect.get("absent", []):
        wanted = set(tokens.split())
        found = [_line(e) for e in events if wanted <= {e["who"], e["what"], e["at"]}]
        assert not found, f"no event may match {tokens!r}: {found}"
    for line, count in expect.get("counts", {}).items():
        assert sum(_line(e) == line for e in events) == count, line
    for line in expect.get("private", []):
        matching = [e for e in events if _line(e) == line]
        assert matching and all(e.get("private") is True for e in matching), line
    assert all("private" not in e or e["private"] is True for e in events)

    ships = {f"{t['name']}.{s['id']}": s for t in out["teams"] for s in t["ships"]}
    for who, fields in expect.get("ships", {}).items():
        if fields is None:
            assert who not in ships, f"{who} should be gone"
        else:
            assert who in ships, f"{who} is missing"
            _partial(ships[who], fields, who)
    for name, count in expect.get("ship_count", {}).items():
        assert sum(who.startswith(f"{name}.") for who in ships) == count
    pirates = {p["id"]: p for p in out["pirates"]}
    assert all("moves" not in p for p in out["pirates"])
    for pid, fields in expect.get("pirates", {}).items():
        if fields is None:
            assert pid not in pirates, f"{pid} should be gone"
        else:
            assert pid in pirates, f"{pid} is missing"
            _partial(pirates[pid], fields, pid)
    for label, fields in expect.get("hexes", {}).items():
        _partial(out["hexes"].get(label, {"tile": "open-sea", "revealed": False}), fields, label)
    teams = {t["name"]: t for t in out["teams"]}
    for name, fields in expect.get("teams", {}).items():
        _partial(teams[name], fields, name)
    if "pending" in expect:
        assert out["pending"] == expect["pending"]
    if "standings" in expect:
        assert out["standings"] == expect["standings"]
    lost = _chests(json.loads(text)) - _chests(out)
    assert lost == expect.get("chests_lost", 0)
