"""Ship names that cannot be mistaken for hexes: ship ``C1`` and hex ``C1``, pirate ``P1`` and hex
``P1``, battleship ``B`` and column ``B`` read alike, so what people read names a ship by a word and
a number ("Loď 1", "Bitevní loď", "Pirátská loď 1"), while the round file keeps its ids."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.islands import words
from games.islands.engine.state import BATTLESHIP_ID, CARGO_IDS
from games.islands.maps import style
from games.islands.maps.visibility import PirateView, ShipView

#: A hex label or a column letter alone: what no ship's name may look like.
HEX_LIKE = re.compile(r"\b[A-Z][0-9]+\b|^[A-Z]$")
IDS = [*CARGO_IDS, BATTLESHIP_ID, "P1", "P12"]


@pytest.mark.parametrize("language", ["cs", "en"])
@pytest.mark.parametrize("ident", IDS)
def test_no_ship_name_reads_like_a_hex(ident: str, language: str) -> None:
    with translation.override(language):
        names = [
            words.ship_label(ident),
            words.ship_phrase(None if ident.startswith("P") else "Žraloci", ident),
            words.who_label(None if ident.startswith("P") else "Žraloci", ident),
        ]
    for name in names:
        assert not HEX_LIKE.search(name), name


def test_the_names_in_czech() -> None:
    with translation.override("cs"):
        assert [words.ship_label(i) for i in ("C2", "B", "P1")] == [
            "Loď 2",
            "Bitevní loď",
            "Pirátská loď 1",
        ]
        assert words.ship_phrase("Žraloci", "B") == "bitevní loď (Žraloci)"
        assert words.who_label("Červení", "C1") == "Loď 1 (Červení)"
        assert words.who_label("Červení piráti", "C1") == "Loď 1 (Červení piráti)"
        assert words.who_label("Červení piráti", "B") == "Bitevní loď (Červení piráti)"
        assert words.who_label(None, "P2") == "Pirátská loď 2"
        assert words.ship_phrase("Červení piráti", "C3") == "loď 3 (Červení piráti)"
        assert words.where_label(field="routes", ship="C3", step=12) == "Loď 3, krok 12"
    with translation.override("en"):
        assert words.who_label("Red pirates", "C1") == "Ship 1 (Red pirates)"
        assert words.ship_phrase("Red pirates", "B") == "the battleship (Red pirates)"


def test_the_map_markers_are_never_hex_labels() -> None:
    ships = [
        ShipView(ident=i, team="Žraloci", colour="#d4ac0d", at="C1", battleship=i == "B", chests=c)
        for i in IDS[:-2]
        for c in (None, 0, 2)
    ]
    pirates = [PirateView(ident=i, at="C1") for i in ("P1", "P12")]
    texts = {style.marker_text(item) for item in (*ships, *pirates)}
    assert {"1", "2·2", "⚔", "☠1", "☠12"} <= texts
    assert not any(HEX_LIKE.search(t) for t in texts), texts


def test_an_unknown_id_typed_in_a_form_is_shown_as_typed() -> None:
    assert words.ship_label("X9") == "X9"
