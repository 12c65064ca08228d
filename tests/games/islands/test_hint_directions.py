"""A map hint names the treasure's compass point (one of 16, as the engine gives it) and the two
of the six move directions it lies between, so a team knows which way to sail: "SSV (mezi S a SV)";
a point along a move direction is named alone (docs/islands-rules-decisions.md)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.islands import words
from games.islands.engine.hexes import COMPASS16
from games.islands.words.names import hex_directions_around

#: Each point and the move directions it lies on or between; the boundaries are the two points on
#: a move direction (N, S), those next to one (NNE/NNW, SSE/SSW) and ENE, 3.4° past NE.
EXPECTED = {
    "N": ("N",),
    "NNE": ("N", "NE"),
    "NE": ("N", "NE"),
    "ENE": ("NE", "SE"),
    "E": ("NE", "SE"),
    "ESE": ("NE", "SE"),
    "SE": ("SE", "S"),
    "SSE": ("SE", "S"),
    "S": ("S",),
    "SSW": ("S", "SW"),
    "SW": ("S", "SW"),
    "WSW": ("SW", "NW"),
    "W": ("SW", "NW"),
    "WNW": ("SW", "NW"),
    "NW": ("NW", "N"),
    "NNW": ("NW", "N"),
}


def test_every_compass_point_of_the_engine_is_placed() -> None:
    assert {point for point, _vector in COMPASS16} == set(EXPECTED)
    assert {point: hex_directions_around(point) for point in EXPECTED} == EXPECTED


@pytest.mark.parametrize(
    ("point", "czech", "english"),
    [
        ("N", "S", "N"),
        ("S", "J", "S"),
        ("NNE", "SSV (mezi S a SV)", "NNE (between N and NE)"),
        ("ENE", "VSV (mezi SV a JV)", "ENE (between NE and SE)"),
        ("NNW", "SSZ (mezi SZ a S)", "NNW (between NW and N)"),
        ("W", "Z (mezi JZ a SZ)", "W (between SW and NW)"),
    ],
)
def test_the_words_of_a_point(point: str, czech: str, english: str) -> None:
    with translation.override("cs"):
        assert words.compass_label(point) == czech
    with translation.override("en"):
        assert words.compass_label(point) == english


def test_a_hint_sentence_names_the_move_directions() -> None:
    with translation.override("cs"):
        assert words.map_hint_text(ship="C2", point="NNE", found="D3", origin="Z2") == (
            "Loď 2 (mapa nalezená na D3, nápověda získaná na Z2): "
            "nejbližší poklad leží směrem SSV (mezi S a SV)"
        )
