"""The battleship's range (rules, section 6.5): one test, ``within_shot_range``, asked by the
resolution and by the warnings alike, so staff are warned of a lost shot exactly when it is lost."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.islands.engine.events import What
from games.islands.engine.hexes import Hex, distance, geometry
from games.islands.engine.orders import Orders
from games.islands.engine.resolve import resolve
from games.islands.engine.state import SHOT_RANGE, Board, GameState, Ship, ShipKind, Team, within_shot_range
from games.islands.engine.warnings import WarningCode, orders_warnings

G = geometry(7)
H = G.parse


def at_sea(battleship: Hex) -> GameState:
    """The red team's battleship alone at ``battleship`` on a board of open sea."""
    return GameState(
        board=Board.empty(7),
        teams=(Team("red", harbor=H("Z1"), ships=(Ship("B", ShipKind.BATTLESHIP, at=battleship),)),),
    )


def warned_lost(state: GameState, target: Hex) -> bool:
    warnings = orders_warnings(state, "red", Orders(ap=0, fire=target))
    return any(w.code is WarningCode.FIRE_OUT_OF_RANGE for w in warnings)


def lost_for_range(state: GameState, target: Hex) -> bool:
    events = resolve(state, {"red": Orders(ap=0, fire=target)}).events
    return any(e.what is What.SHOT_LOST and e.get("reason") == "range" for e in events)


def test_the_range_is_four_hexes_and_not_five() -> None:
    origin = H("D4")
    four, five = (
        next(h for h in G.ordered if distance(origin, h) == far) for far in (SHOT_RANGE, SHOT_RANGE + 1)
    )
    assert SHOT_RANGE == 4
    assert within_shot_range(origin, four) and not within_shot_range(origin, five)
    state = at_sea(origin)
    assert not warned_lost(state, four) and not lost_for_range(state, four)
    assert warned_lost(state, five) and lost_for_range(state, five)


@settings(max_examples=200, deadline=None)
@given(battleship=st.sampled_from(G.ordered), target=st.sampled_from(G.ordered))
def test_a_warning_and_the_resolution_never_disagree_on_the_range(battleship: Hex, target: Hex) -> None:
    state = at_sea(battleship)
    lost = lost_for_range(state, target)
    assert warned_lost(state, target) == lost
    assert lost == (distance(battleship, target) > SHOT_RANGE)
