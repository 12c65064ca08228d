"""Known answers for the board geometry (rules, section 2)."""

from __future__ import annotations

import math

import pytest

from games.islands.engine.hexes import (
    CZECH_COMPASS16,
    DIRECTIONS,
    Hex,
    LabelError,
    compass16,
    distance,
    geometry,
    neighbours,
)
from games.islands.engine.notation import Alphabet


@pytest.mark.parametrize(
    ("side", "hexes", "bays"),
    [(3, 10, 6), (4, 19, 9), (5, 31, 12), (6, 46, 15), (7, 64, 18), (8, 85, 21), (9, 109, 24),
     (10, 136, 27), (11, 166, 30), (12, 199, 33), (13, 235, 36)],
)  # fmt: skip
def test_hex_and_bay_counts(side: int, hexes: int, bays: int) -> None:
    g = geometry(side)
    assert len(g.hexes) == hexes == 1 + 3 * side * (side - 1) // 2
    assert len(g.bays) == bays == 3 * (side - 1)
    for board_side in ("bottom", "right", "left"):
        assert len(g.bays_on(board_side)) == side - 1


@pytest.mark.parametrize("side", [2, 14, 0, -1])
def test_sides_out_of_range_are_refused(side: int) -> None:
    with pytest.raises(ValueError, match="board side"):
        geometry(side)


def test_corner_labels_of_side_9() -> None:
    g = geometry(9)
    assert g.label(Hex(0, 0)) == "A1"
    assert g.label(Hex(8, -16)) == "I13"
    assert g.label(Hex(16, -8)) == "Q1"
    assert g.parse("I1") == Hex(8, -4)
    assert g.parse(" i 13 ") == Hex(8, -16)


def test_every_bay_touches_three_board_hexes_and_no_other_bay() -> None:
    for side in range(3, 14):
        g = geometry(side)
        for bay in g.bays:
            assert bay not in g.hexes
            assert len(g.bay_hexes(bay)) == 3
            assert not any(n in g.bay_sides for n in neighbours(bay))


def test_bay_labels_and_sides_of_side_9() -> None:
    g = geometry(9)
    assert g.bays[0] == Hex(1, 0) and g.label(Hex(1, 0)) == "Z1"
    assert g.bay_sides[g.parse("Z1")] == "bottom"
    assert g.bay_sides[g.parse("Z8")] == "bottom"
    assert g.bay_sides[g.parse("Z9")] == "right"
    assert g.bay_sides[g.parse("Z16")] == "right"
    assert g.bay_sides[g.parse("Z17")] == "left"
    assert g.bay_sides[g.parse("Z24")] == "left"
    assert sorted(g.bay_hexes(g.parse("Z1"))) == sorted([Hex(0, 0), Hex(1, -1), Hex(2, -1)])
    # Harbor moves wrap around the corners in both directions.
    assert g.bay_neighbour(g.parse("Z24"), +1) == g.parse("Z1")
    assert g.bay_neighbour(g.parse("Z1"), -1) == g.parse("Z24")
    assert g.bay_neighbour(g.parse("Z8"), +1) == g.parse("Z9")


def test_unknown_labels_are_refused() -> None:
    g = geometry(5)
    for label in ("Z13", "A4", "X1", "", "11"):
        with pytest.raises(LabelError):
            g.parse(label)


def test_distances() -> None:
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(0, 0), Hex(1, -1)) == 1
    assert distance(Hex(0, 0), Hex(16, -8)) == 16
    assert distance(Hex(0, 0), Hex(8, -16)) == 16
    assert distance(Hex(3, -2), Hex(1, 0)) == 2
    for d in DIRECTIONS:
        assert distance(Hex(4, -4), Hex(4, -4).step(d)) == 1


@pytest.mark.parametrize(
    ("target", "point"),
    [
        (Hex(0, -3), "N"),
        (Hex(0, 3), "S"),
        (Hex(2, -1), "E"),
        (Hex(-2, 1), "W"),
        (Hex(1, -2), "NNE"),  # 1.5 east, 2.6 north: 30 degrees, nearer NNE (26.6) than NE (45)
        (Hex(1, -1), "ENE"),  # 1.5 east, 0.87 north: 60 degrees, nearer ENE (63.4) than NE (45)
        (Hex(2, -2), "ENE"),  # the same bearing, twice as far
        (Hex(3, -3), "ENE"),
        (Hex(-1, -1), "NNW"),  # 1.5 west, 2.6 north
        (Hex(1, 1), "SSE"),  # 1.5 east, 2.6 south
    ],
)
def test_compass16_points(target: Hex, point: str) -> None:
    assert compass16(Hex(0, 0), target) == point
    # The answer is the nearest of the 16 bearings, worked out here independently.
    east = 1.5 * target.q
    north = -math.sqrt(3) * (target.r + target.q / 2)
    angle = math.degrees(math.atan2(east, north)) % 360
    gaps = [min(abs(angle - b), 360 - abs(angle - b)) for b in _BEARINGS]
    assert _NAMES[gaps.index(min(gaps))] == point


_NAMES = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
_BEARINGS = [math.degrees(math.atan2(e, n)) % 360 for e, n in [
    (0, 1), (1, 2), (1, 1), (2, 1), (1, 0), (2, -1), (1, -1), (1, -2),
    (0, -1), (-1, -2), (-1, -1), (-2, -1), (-1, 0), (-2, 1), (-1, 1), (-1, 2)]]  # fmt: skip


def test_compass16_fixed_answers() -> None:
    origin = Hex(4, -4)
    assert compass16(origin, origin + (0, -5)) == "N"
    assert compass16(origin, origin + (1, -2)) == "NNE"
    assert compass16(origin, origin + (2, -1)) == "E"
    assert compass16(origin, origin + (1, -1)) == "ENE"
    assert compass16(origin, origin + (-1, 0)) == "WNW"
    assert compass16(origin, origin + (0, 4)) == "S"
    assert compass16(origin, origin + (-1, 2)) == "SSW"
    with pytest.raises(ValueError):
        compass16(origin, origin)


def test_czech_tables_are_inverse_and_complete() -> None:
    czech = Alphabet.CZECH
    assert {czech.tokens[czech.letter(d)] for d in DIRECTIONS} == set(DIRECTIONS)
    assert czech.letter("N") == "S" and czech.letter("S") == "J"
    assert len(CZECH_COMPASS16) == 16 and CZECH_COMPASS16["NNE"] == "SSV"
