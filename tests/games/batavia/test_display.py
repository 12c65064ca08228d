"""Every engine log entry and every engine error code reads as Czech (never the English fallback)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from games.batavia import display
from games.batavia.engine import bots
from games.batavia.engine.errors import IllegalAction

ENGINE = Path(display.__file__).parent / "engine"


@pytest.fixture(autouse=True)
def czech() -> None:
    translation.activate("cs")


def test_every_log_entry_of_many_games_is_translated() -> None:
    seen: set[str] = set()
    for seed in range(12):
        state = bots.play_game(["greedy", "random", "greedy", "random"][: 3 + seed % 3], seed=seed)
        for e in state.log:
            entry = {"round": e.round, "player": e.player, "event": e.event, "text": e.text}
            czech = display.translate_log_entry(entry)
            assert czech != e.text, e.text
            seen.add(e.event)
    assert {"round", "roll", "bid", "pass", "sold", "draw", "play", "seal", "move", "end"} <= seen


def test_every_error_code_has_its_own_message() -> None:
    codes = set()
    for path in ENGINE.glob("*.py"):
        if path.name == "errors.py":  # its docstring example ("too_low") is not a real code
            continue
        codes |= set(
            re.findall(r'(?:Illegal\w+|NotYourTurn|WrongPhase|GameOver)\(\s*"([a-z_]+)"', path.read_text())
        )
    assert len(codes) > 20
    generic = display.error_message(IllegalAction("something_new", "x"))
    for code in codes:
        message = display.error_message(IllegalAction(code, "english text"))
        assert message != generic and message != "english text", code
