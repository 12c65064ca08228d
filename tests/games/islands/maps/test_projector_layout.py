"""The projector's markers (maps.style.projector_marker_layout): however many ships and pirates share
a hex or a harbor, at any board's text size, every marker is hall-sized (two font sizes across: 37 px
at 1080 p) and carries its text, no two markers overlap or touch, none reaches into the hex's own
texts, and none reaches out of the hex unless the group is marked as spilling (too many or too
large for the hex)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camp.models import MAX_BOARD_SIDE, MIN_BOARD_SIDE
from games.islands.maps.style import (
    HALL_MARKER_EMS,
    HARBOR_RADIUS,
    SIZE,
    TEXT_HALF_HEIGHT,
    hex_texts,
    marker_text,
    marker_width,
    projector_marker_layout,
)
from games.islands.maps.svg import projector_text_size
from games.islands.maps.visibility import PirateView, ShipView

TEXT_SIZES = [projector_text_size(side) for side in range(MIN_BOARD_SIDE, MAX_BOARD_SIDE + 1)]

markers = st.lists(
    st.one_of(
        st.builds(
            ShipView,
            at=st.just("E3"),
            ident=st.sampled_from(["C1", "C2", "C3", "C4", "C5", "C6", "B"]),
            colour=st.just("#c0392b"),
            team=st.sampled_from(["Červení", "Modří", "Zelení"]),
            battleship=st.booleans(),
        ),
        st.builds(PirateView, at=st.just("E3"), ident=st.sampled_from(["P1", "P12"])),
    ),
    min_size=1,
    max_size=16,
)


def _inside_hex(x: float, y: float, r: float, radius: float) -> bool:
    """A marker's round end (centre x, y, radius r) inside a flat-top hexagon of ``radius``."""
    apothem = radius * math.sqrt(3) / 2
    return abs(y) + r <= apothem and math.sqrt(3) * abs(x) + abs(y) + 2 * r <= math.sqrt(3) * radius


@given(items=markers, text=st.sampled_from(TEXT_SIZES), mark=st.booleans(), harbor=st.booleans())
def test_markers_never_touch_each_other_nor_the_hex_texts(
    items: list[ShipView | PirateView], text: float, mark: bool, harbor: bool
) -> None:
    mark = mark and not harbor  # a harbor has no tile mark
    radius = HARBOR_RADIUS if harbor else SIZE
    size, offsets, keep_mark = projector_marker_layout(items, text, mark=mark, radius=radius)
    assert len(offsets) == len(items)
    top = hex_texts(text, mark=keep_mark, radius=radius).markers_top
    boxes = []
    for (x, y), item in zip(offsets, items, strict=True):
        w = marker_width(item, size)
        assert y - size.r >= top - 1e-9, (text, len(items))
        if not size.spill:
            for end in (x - w / 2 + size.r, x + w / 2 - size.r):
                assert _inside_hex(end, y, size.r, radius), (text, len(items), x, y)
        assert 2 * size.r >= HALL_MARKER_EMS * text - 1e-9  # hall-sized
        assert 2 * size.r >= 2 * TEXT_HALF_HEIGHT * text and w >= 0.7 * text * len(marker_text(item))
        boxes.append((x - w / 2, y - size.r, x + w / 2, y + size.r))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] + 1 <= b[0] or b[2] + 1 <= a[0] or a[3] + 1 <= b[1] or b[3] + 1 <= a[1], (a, b)


@pytest.mark.parametrize("side", range(MIN_BOARD_SIDE, MAX_BOARD_SIDE + 1))
def test_one_ship_stays_in_its_hex_up_to_side_11_and_beside_a_mark_up_to_side_6(side: int) -> None:
    text = projector_text_size(side)
    ship = ShipView(at="E3", ident="C1", colour="#2471a3", team="Modří")
    size, _offsets, _keep_mark = projector_marker_layout([ship], text, mark=False)
    assert size.spill == (side >= 12)  # a hex of side 12 or 13 is lower than a label and a 37-px ship
    size, _offsets, keep_mark = projector_marker_layout([ship], text, mark=True)
    assert keep_mark == (side <= 6)  # a larger board's hex has no room for a mark and a 37-px ship
