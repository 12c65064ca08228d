"""The map's ink: the text on a marker or a tile swatch reads on its colour, whatever the colour."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.islands.maps.style import NAMED_COLOURS, TILE_FILLS, contrast_ratio, ink, legend
from games.islands.maps.svg import render_svg
from games.islands.maps.visibility import HarborView, ShipView, for_staff

hex_colours = st.from_regex(r"\A#[0-9a-fA-F]{6}\Z") | st.from_regex(r"\A#[0-9a-fA-F]{3}\Z")


@given(hex_colours)
def test_the_ink_of_any_colour_contrasts_at_least_4_5(colour: str) -> None:
    assert contrast_ratio(ink(colour), colour) >= 4.5


@pytest.mark.parametrize("colour", [*TILE_FILLS.values(), *NAMED_COLOURS, "#f1c40f", "#ffff00", "#777"])
def test_tiles_named_and_team_colours_get_readable_ink(colour: str) -> None:
    assert contrast_ratio(ink(colour), colour) >= 4.5


def test_known_contrast_ratios() -> None:
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1)
    assert ink("#ffff00") == "#000000" and ink("#000080") == "#ffffff" and ink("yellow") == "#000000"


def test_a_yellow_ship_in_a_yellow_harbor_has_black_letters_a_navy_one_white() -> None:
    view = for_staff(
        side=5,
        cells=[],
        ships=[
            ShipView(at="Z2", ident="C1", colour="#f1c40f", team="Žlutí"),
            ShipView(at="C2", ident="C2", colour="#1a237e", team="Modří"),
        ],
        harbors=[HarborView(bay=2, colour="#f1c40f", team="Žlutí")],
    )
    svg = str(render_svg(view))
    fills = dict(re.findall(r'<g class="ship" data-ship="(C\d)">.*?<text[^>]* fill="(#[0-9a-f]+)"', svg))
    assert fills == {"C1": "#000000", "C2": "#ffffff"}


def test_every_legend_swatch_has_its_ink() -> None:
    for row in legend(staff=True):
        assert contrast_ratio(row["ink"], row["fill"]) >= 4.5, row
