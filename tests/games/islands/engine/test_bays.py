"""The teams choose their bays (``engine/bays.py``): each, in the order of choice, the free bay of
its side with the most sea of its own; the first takes a middle bay; turned by a third, the sides'
choices turn with them."""

from __future__ import annotations

import pytest

from games.islands.engine.bays import choose_bays
from games.islands.engine.hexes import SIDES, geometry, turned


@pytest.mark.parametrize("side", [5, 7, 9, 13])
def test_the_first_team_takes_a_middle_bay_of_its_side(side: int) -> None:
    g = geometry(side)
    for own in SIDES:
        (bay,) = choose_bays(side, (own,))
        bays = g.bays_on(own)
        middle = (len(bays) - 1) / 2
        assert abs(bays.index(bay) - middle) <= 0.5


def test_a_team_takes_the_sea_the_others_left() -> None:
    """The second team of a side does not moor next to the first when there is room farther off."""
    g = geometry(9)
    first, second = choose_bays(9, ("bottom", "bottom"))
    assert g.bay_sides[second] == "bottom" and abs(g.bay_number(second) - g.bay_number(first)) >= 1
    assert choose_bays(9, ("bottom", "right", "left", "bottom"))[3] == g.bay(6)


@pytest.mark.parametrize(
    "order", [("bottom", "right", "left"), ("left", "left", "bottom", "right", "bottom")]
)
def test_choices_turn_with_the_board(order: tuple[str, ...]) -> None:
    side = 9
    nxt = {"bottom": "right", "right": "left", "left": "bottom"}
    turned_order = tuple(nxt[s] for s in order)
    assert choose_bays(side, turned_order) == tuple(turned(b, side, 1) for b in choose_bays(side, order))  # type: ignore[arg-type]


def test_a_side_without_a_free_bay_is_refused() -> None:
    with pytest.raises(ValueError, match="no bay left"):
        choose_bays(3, ("bottom", "bottom", "bottom"))
