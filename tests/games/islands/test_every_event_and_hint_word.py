"""Every event kind and hint kind, in both languages, with counts 1, 2, 5 and 21.

The kinds come from the engines' own codes (the islands' ``What``, the 16 compass points of
``COMPASS16``, Batavia's ``LogCode``), so a new kind fails here until it has its words. A sentence
with a count takes the plural form the catalogue's header chooses for it: Czech's header is
Django's (``nplurals=4``): 1 → form 0, 2–4 → form 1, a fraction → form 2, every other whole number
(0, 5, 21…) → form 3, so "21 truhel", like "5 truhel". A Czech sentence never falls back to
English.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest
from django.utils import translation

from games.batavia import words as batavia_words
from games.batavia.engine.log import LogCode
from games.islands import words
from games.islands.engine.events import What
from games.islands.engine.hexes import COMPASS16
from games.islands.printing.changes import team_sheet_lines
from games.islands.words.events import EVENT_TEXTS, EVENT_VARIANTS
from games.islands.words.names import hex_directions_around
from tests.test_czech_words import english_in

COUNTS = (1, 2, 5, 21)
ROOT = Path(__file__).resolve().parents[3]
CATALOGUES = {
    "islands": ROOT / "games/islands/locale/cs/LC_MESSAGES/django.po",
    "batavia": ROOT / "games/batavia/locale/cs/LC_MESSAGES/django.po",
}


@cache
def catalogue(game: str) -> polib.POFile:
    return polib.pofile(str(CATALOGUES[game]))


def czech_form(game: str, n: int) -> int:
    """The plural form the catalogue's own header chooses for ``n``."""
    header = catalogue(game).metadata["Plural-Forms"]
    expression = re.search(r"plural=(.*?);?\s*$", header)
    assert expression is not None
    return int(gettext.c2py(expression.group(1))(n))


def test_the_header_is_djangos_czech_plural() -> None:
    for game in CATALOGUES:
        assert [czech_form(game, n) for n in (1, 2, 4, 5, 21, 0)] == [0, 1, 1, 3, 3, 3]


def _pattern(text: str) -> re.Pattern[str]:
    """A catalogue string as a pattern its sentences match (each ``%(name)x`` any text)."""
    parts = re.split(r"%\([a-z_]+\)[sd]", text.replace("%%", "%"))
    return re.compile("(.+?)".join(re.escape(p) for p in parts))


def plural_forms_matched(game: str, text: str, *, czech: bool) -> list[tuple[polib.POEntry, set[int]]]:
    """Each plural entry of the catalogue that ``text`` is a sentence of, with the forms it fits."""
    found = []
    for entry in catalogue(game):
        if not entry.msgid_plural:
            continue
        if czech:
            forms = {int(i): s for i, s in entry.msgstr_plural.items()}
        else:
            forms = {0: entry.msgid, 1: entry.msgid_plural}
        fits = {i for i, s in forms.items() if _pattern(s).fullmatch(text)}
        if fits:
            found.append((entry, fits))
    return found


def assert_plural_form(game: str, text: str, n: int, *, czech: bool) -> bool:
    """When ``text`` is a plural entry's sentence, it is in the form for ``n``; whether it is one."""
    matched = plural_forms_matched(game, text, czech=czech)
    for entry, fits in matched:
        expected = czech_form(game, n) if czech else (0 if n == 1 else 1)
        assert expected in fits, f"{n}: {text!r} is form {sorted(fits)} of {entry.msgid!r}, not {expected}"
    return bool(matched)


def assert_czech(text: str, english: str) -> None:
    assert text != english, english
    assert not english_in(text), f"English in Czech: {text!r} {english_in(text)}"
    assert "%(" not in text and "%(" not in english, text


# ------------------------------------------------------------------------------------ islands


def event(what: str, team: str | None, actor: str, **detail: object) -> dict[str, object]:
    return {"what": what, "team": team, "actor": actor, "at": "F4", "step": 1, "half": 1, "detail": detail}


def islands_events(n: int) -> Iterator[dict[str, object]]:
    """Every kind of the engine's log and every variant of its words, with ``n`` in every count."""
    counts = {"left": n, "chests": n, "bonus": n}
    details: dict[str, dict[str, object]] = {
        "build": {"kind": "cargo"},
        "reveal": {"tile": "treasure"},
        "stop": {"tile": "mermaid"},
        "free": {"by": "Modří.C2"},
        "pirate": {"by": "Žraloci.C1"},
        "convert": {"by": "P1", "pirate": "P4"},
        "hit": {"by": "Modří.B"},
        "rum-move": {"direction": "N"},
        "redraw": {"direction": "SE"},
        "hint": {"point": "NNE"},
        "boat": {"used": True},
    }
    for what in What:
        kind = what.value
        team, actor = (None, "P2") if kind in ("pirate", "redraw") else ("Červení piráti", "C1")
        if kind in ("build", "harbor", "found-lost"):
            actor = "C2" if kind == "build" else ""
        detail = details.get(kind, {}) | counts
        yield event(kind, team, actor, **detail)
        for (variant_of, item), texts in EVENT_VARIANTS.items():
            if variant_of == kind:
                for value in texts:
                    yield event(kind, team, actor, **(detail | {item: value}))


def test_every_kind_of_the_engine_has_its_words() -> None:
    assert {w.value for w in What} == set(EVENT_TEXTS)
    assert {str(e["what"]) for e in islands_events(1)} == {w.value for w in What}


@pytest.mark.parametrize("n", COUNTS)
def test_every_event_in_both_languages_with_its_plural(n: int) -> None:
    plural_kinds = set()
    for e in islands_events(n):
        with translation.override("en"):
            english = words.event_text(e)
        with translation.override("cs"):
            czech = words.event_text(e)
        assert_czech(czech, english)
        counted = assert_plural_form("islands", czech, n, czech=True)
        assert assert_plural_form("islands", english, n, czech=False) == counted, english
        if counted:
            plural_kinds.add(str(e["what"]))
    assert plural_kinds == {"load", "deliver", "boat"}


@pytest.mark.parametrize("n", COUNTS)
def test_a_count_reads_in_its_czech_form(n: int) -> None:
    """The forms themselves, for the chests (1 truhlu, 2 truhly, 5 truhel, 21 truhel)."""
    chests = {1: "1 truhlu", 2: "2 truhly", 5: "5 truhel", 21: "21 truhel"}
    with translation.override("cs"):
        text = words.event_text(event("deliver", "Modří", "C1", chests=n))
    assert text == f"Loď 1 (Modří) dovezla do přístavu {chests[n]}"


@pytest.mark.parametrize(("point", "_vector"), COMPASS16)
def test_every_hint_direction_in_both_languages(point: str, _vector: Any) -> None:
    """Every compass point a map hint can give, in its sheet's sentence and in the log."""
    for found, origin in (("D3", "Z2"), ("", "Z2"), ("", "")):
        with translation.override("en"):
            english = words.map_hint_text(ship="C2", point=point, found=found, origin=origin)
            english_log = words.event_text(event("hint", "Modří", "C2", point=point))
        with translation.override("cs"):
            czech = words.map_hint_text(ship="C2", point=point, found=found, origin=origin)
            czech_log = words.event_text(event("hint", "Modří", "C2", point=point))
        assert_czech(czech, english)
        assert_czech(czech_log, english_log)
        between = hex_directions_around(point)
        if len(between) == 2:
            assert re.search(r"\(between [A-Z]{1,2} and [A-Z]{1,2}\)$", english), english
            assert re.search(r"\(mezi [A-Z]{1,2} a [A-Z]{1,2}\)$", czech), czech
        else:
            assert "(" not in english.rpartition(":")[2] and "(mezi" not in czech, czech


def test_a_lost_ship_shows_where_it_was_in_both_languages() -> None:
    ship = {"ident": "C1", "battleship": False, "at": "F4", "chests": 0, "notes": []}
    old = {"ships": [ship], "map": {"cells": {}}, "ap": 3, "hints": [], "events": [], "team": "Modří"}
    new = {**old, "ships": []}
    with translation.override("cs"):
        assert team_sheet_lines(old, new) == ["Loď 1: ztracena (byla na F4)"]
    with translation.override("en"):
        assert team_sheet_lines(old, new) == ["Ship 1: lost (was at F4)"]


# ------------------------------------------------------------------------------------ Batavia


def log_entry(code: LogCode, n: int) -> dict[str, object]:
    params: dict[str, Any] = {
        "k": 3,
        "taken": (1, 0, 2, 0, 0),
        "lot": (1, 0, 2, 0, 0),
        "n": n,
        "bid": n,
        "start": "Zelení",
        "cards": (0, 2, 0, 0, 1),
        "company": "DK",
        "field": 7,
        "tile": "DK-tea",
        "first": 3,
        "last": 6,
        "tiles": ("DK-tea", "SE-silk"),
        "gold": n,
        "cannon": 4,
        "count": n,
        "companies": ("DK", "EN"),
        "winners": ("Modří",),
    }
    player = None if code in (LogCode.UNSOLD, LogCode.END, LogCode.REVEAL) else "Červení piráti"
    return {"round": 2, "player": player, "code": str(code), "kind": code.partition(".")[0], "params": params}


@pytest.mark.parametrize("n", COUNTS)
def test_every_batavia_log_code_in_both_languages_with_its_plural(n: int) -> None:
    plural_codes = set()
    for code in LogCode:
        entry = log_entry(code, n)
        with translation.override("en"):
            english = batavia_words.log_text(entry)
        with translation.override("cs"):
            czech = batavia_words.log_text(entry)
        assert_czech(czech, english)
        assert czech.endswith((".", "!")), czech  # a whole sentence
        if assert_plural_form("batavia", czech, n, czech=True):
            plural_codes.add(code)
        assert_plural_form("batavia", english, n, czech=False)
    assert plural_codes == {
        LogCode.BID,
        LogCode.SOLD,
        LogCode.RESHUFFLE,
        LogCode.DRAW,
        LogCode.CASH_IN,
        LogCode.PIRATES,
        LogCode.END,
    }


@pytest.mark.parametrize(
    ("n", "czech"),
    [
        (1, "Tým Červení piráti si bere 1 kartu."),
        (2, "Tým Červení piráti si bere 2 karty."),
        (5, "Tým Červení piráti si bere 5 karet."),
        (21, "Tým Červení piráti si bere 21 karet."),
    ],
)
def test_a_batavia_count_reads_in_its_czech_form(n: int, czech: str) -> None:
    with translation.override("cs"):
        assert batavia_words.log_text(log_entry(LogCode.DRAW, n)) == czech
