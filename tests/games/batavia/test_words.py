"""Every engine log code and every engine error code reads as Czech (never the English words)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.utils import translation

from games.batavia import words
from games.batavia.engine import bots, public_view
from games.batavia.engine.errors import IllegalAction
from games.batavia.engine.log import LogCode

ENGINE = Path(words.__file__).parent / "engine"


@pytest.fixture(autouse=True)
def czech() -> None:
    translation.activate("cs")


def test_every_log_code_of_many_games_reads_as_czech() -> None:
    """Each entry has its sentence, and the Czech one is not the English one."""
    seen: set[str] = set()
    for seed in range(12):
        state = bots.play_game(["greedy", "random", "greedy", "random"][: 3 + seed % 3], seed=seed)
        for entry in public_view(state)["log"]:
            czech = words.log_text(entry)
            with translation.override("en"):
                english = words.log_text(entry)
            assert czech != english, english
            seen.add(entry["code"])
    assert {"round", "roll", "bid", "pass", "sold", "draw", "play", "seal.taken", "move", "end"} <= seen


def entry(code: LogCode, player: str | None = "Modří", **params: object) -> dict[str, object]:
    return {"round": 4, "player": player, "code": str(code), "kind": code.partition(".")[0], "params": params}


@pytest.mark.parametrize(
    ("log_entry", "czech"),
    [
        (entry(LogCode.ROUND), "Kolo 4: dražbu vede tým Modří."),
        (entry(LogCode.DRAW, n=1), "Tým Modří si bere 1 kartu."),
        (entry(LogCode.DRAW, n=2), "Tým Modří si bere 2 karty."),
        (entry(LogCode.DRAW, n=0), "Tým Modří si bere 0 karet."),
        (entry(LogCode.BID, n=4), "Tým Modří nabízí 4 směnky."),
        (entry(LogCode.PASS), "Tým Modří pasuje."),
        (entry(LogCode.SEAL_RETURNED, company="DK"), "Pečeť DK se vrací na herní plán."),
        (
            entry(LogCode.UNSOLD, None, start="Zelení"),
            "Nikdo nepřihodil, karty zůstávají. Tahy začíná tým Zelení.",
        ),
        (
            entry(LogCode.END, None, winners=("Modří", "Zelení"), gold=40),
            "Konec hry: vítězí Modří a Zelení se ziskem 40 zlatých.",
        ),
    ],
)
def test_a_log_entry_reads_from_its_code_and_parameters(log_entry: dict[str, object], czech: str) -> None:
    assert words.log_text(log_entry) == czech


def test_every_log_code_has_its_sentence() -> None:
    assert set(words._LOG_WORDS) == set(LogCode)


def test_every_error_code_has_its_own_message() -> None:
    codes = set()
    for path in ENGINE.glob("*.py"):
        if path.name == "errors.py":  # its docstring example ("too_low") is not a real code
            continue
        codes |= set(
            re.findall(r'(?:Illegal\w+|NotYourTurn|WrongPhase|GameOver)\(\s*"([a-z_]+)"', path.read_text())
        )
    assert len(codes) > 20
    generic = words.error_message(IllegalAction("something_new", "x"))
    for code in codes:
        message = words.error_message(IllegalAction(code, "english text"))
        assert message != generic and message != "english text", code
