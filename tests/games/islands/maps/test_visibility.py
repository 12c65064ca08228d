"""What a team may see: the public map with only its own ships' cargo put back."""

from __future__ import annotations

import pytest

from games.islands.maps.visibility import ShipView, for_public, for_staff, for_team

SHIPS = [
    ShipView(at="B1", ident="C1", colour="#c0392b", team="Červení", chests=2),
    ShipView(at="C2", ident="C1", colour="#2471a3", team="Modří", chests=3),
]


def test_for_team_puts_back_only_the_teams_own_cargo() -> None:
    public = for_public(side=5, cells=[], ships=SHIPS)
    red = for_team(public, team="Červení", cargo={"C1": 2})
    assert [(s.team, s.chests) for s in red.ships] == [("Červení", 2), ("Modří", None)]
    assert red.cells == public.cells and not red.staff


def test_for_team_refuses_the_staff_map() -> None:
    with pytest.raises(ValueError, match="public map"):
        for_team(for_staff(side=5, cells=[], ships=SHIPS), team="Červení", cargo={})
