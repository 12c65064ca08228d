"""Warnings about legal orders that are probably a mistake (engine.warnings)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Route
from games.islands.engine.orders import Orders, check_orders
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.state import Board, Cell, GameState, Ship, ShipKind, Team
from games.islands.engine.tiles import Tile
from games.islands.engine.warnings import (
    Caution,
    WarningCode,
    missing_orders_warning,
    orders_warnings,
)

G = geometry(5)
H = G.parse


def state_with(
    cells: dict[str, Cell], ships: tuple[Ship, ...], *, others: tuple[Team, ...] = ()
) -> GameState:
    board = Board.empty(5).with_cells({H(k): c for k, c in cells.items()})
    return GameState(board=board, teams=(Team("red", harbor=H("Z1"), ships=ships), *others))


def cargo(at: str | None, ident: str = "C1", **flags: bool) -> Ship:
    return Ship(ident, ShipKind.CARGO, at=None if at is None else H(at), **flags)


def codes(warnings: tuple[Caution, ...]) -> list[str]:
    return [w.code.value for w in warnings]


def test_a_route_into_revealed_reefs_is_warned_at_its_step() -> None:
    state = state_with({"C2": Cell(Tile.REEFS, revealed=True)}, (cargo("B1"),))
    orders = Orders(ap=2, routes=(("C1", Route.parse(". NE")),))
    assert check_orders(state, "red", orders) == []  # legal: staff only warn
    (warning,) = orders_warnings(state, "red", orders)
    assert (warning.code, warning.ship, warning.step, warning.at, warning.tile) == (
        WarningCode.DANGER,
        "C1",
        2,
        H("C2"),
        Tile.REEFS,
    )


def test_hidden_reefs_are_not_warned_about() -> None:
    state = state_with({"C2": Cell(Tile.REEFS, revealed=False)}, (cargo("B1"),))
    assert orders_warnings(state, "red", Orders(ap=2, routes=(("C1", Route.parse(". NE")),))) == ()


def test_each_revealed_danger_is_warned_about_and_the_route_stops_at_the_first() -> None:
    for tile in (Tile.OCTOPUS, Tile.MERMAID, Tile.POSEIDON):
        state = state_with(
            {"C2": Cell(tile, revealed=True), "C3": Cell(Tile.REEFS, revealed=True)}, (cargo("B1"),)
        )
        warnings = orders_warnings(state, "red", Orders(ap=2, routes=(("C1", Route.parse("NE N")),)))
        assert [(w.code, w.at, w.tile) for w in warnings] == [(WarningCode.DANGER, H("C2"), tile)]


def test_a_seahorse_ship_names_the_step_of_its_second_move() -> None:
    state = state_with({"C3": Cell(Tile.REEFS, revealed=True)}, (cargo("B1", seahorse=True),))
    (warning,) = orders_warnings(state, "red", Orders(ap=2, routes=(("C1", Route.parse(". NE N")),)))
    assert (warning.step, warning.at) == (2, H("C3"))


def test_a_ship_ending_next_to_its_own_battleships_target_is_warned() -> None:
    ships = (Ship("B", ShipKind.BATTLESHIP, at=H("B2")), cargo("B1"))
    state = state_with({}, ships)
    orders = Orders(ap=1, routes=(("C1", Route.parse("NE")),), fire=H("C3"))
    warnings = orders_warnings(state, "red", orders)
    shot = [w for w in warnings if w.code is WarningCode.SHOT]
    assert [(w.ship, w.at, w.shooter, w.target) for w in shot] == [
        ("B", H("B2"), "red", H("C3")),
        ("C1", H("C2"), "red", H("C3")),
    ]


def test_a_revealed_peace_zone_protects_from_the_warning_as_from_the_shot() -> None:
    ships = (cargo("B1"),)
    state = state_with({"C1": Cell(Tile.PEACE, revealed=True)}, ships)
    orders = Orders(ap=1, routes=(("C1", Route.parse("NE")),))
    assert orders_warnings(state, "red", orders, other_targets={"blue": H("C3")}) == ()
    hidden = state_with({"C1": Cell(Tile.PEACE, revealed=False)}, ships)
    assert codes(orders_warnings(hidden, "red", orders, other_targets={"blue": H("C3")})) == ["shot"]


def test_another_teams_stored_target_is_a_known_shot() -> None:
    state = state_with({}, (cargo("B1"),))
    (warning,) = orders_warnings(
        state, "red", Orders(ap=1, routes=(("C1", Route.parse("N")),)), other_targets={"blue": H("C3")}
    )
    assert (warning.code, warning.ship, warning.at, warning.shooter, warning.target) == (
        WarningCode.SHOT,
        "C1",
        H("B2"),
        "blue",
        H("C3"),
    )


def test_a_target_beyond_four_hexes_of_the_battleships_end_is_lost() -> None:
    state = state_with({}, (Ship("B", ShipKind.BATTLESHIP, at=H("B1")),))
    (warning,) = orders_warnings(
        state, "red", Orders(ap=2, routes=(("B", Route.parse("N .")),), fire=H("I1"))
    )
    assert (warning.code, warning.at, warning.target, warning.number) == (
        WarningCode.FIRE_OUT_OF_RANGE,
        H("B2"),
        H("I1"),
        7,
    )
    near = Orders(ap=2, routes=(("B", Route.parse("N .")),), fire=H("E3"))
    assert WarningCode.FIRE_OUT_OF_RANGE not in codes(orders_warnings(state, "red", near))


def test_a_battleship_ending_in_its_harbor_does_not_fire() -> None:
    state = state_with({}, (Ship("B", ShipKind.BATTLESHIP, at=None),))
    (warning,) = orders_warnings(state, "red", Orders(ap=0, fire=H("C3")))
    assert warning.code is WarningCode.FIRE_FROM_HARBOR


def test_steps_no_route_uses_are_warned_as_lost_ap() -> None:
    state = state_with({}, (cargo("B1"), cargo(None, "C2")))
    warnings = orders_warnings(state, "red", Orders(ap=5, routes=(("C1", Route.parse("N N")),)))
    assert [(w.code, w.number) for w in warnings] == [(WarningCode.AP_LEFT, 3)]
    # Stays written out are meant: no warning.
    assert orders_warnings(state, "red", Orders(ap=5, routes=(("C1", Route.parse("N N . . .")),))) == ()
    # A seahorse's two moves fill one step.
    horse = state_with({}, (cargo("A1", seahorse=True),))
    assert orders_warnings(horse, "red", Orders(ap=2, routes=(("C1", Route.parse("N N N N")),))) == ()


def test_no_ship_that_may_move_means_no_lost_ap_warning() -> None:
    state = state_with({}, (cargo("B1", mermaid=True),))
    assert orders_warnings(state, "red", Orders(ap=4)) == ()


def test_a_team_with_ap_but_no_orders() -> None:
    assert missing_orders_warning(8) == Caution(WarningCode.NO_ORDERS, number=8)
    assert missing_orders_warning(0) is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(3, 7))
def test_warnings_read_nothing_hidden(seed: int, side: int) -> None:
    """Changing only hidden hexes changes no warning: a warning tells staff nothing hidden."""
    rnd = random.Random(seed)
    state = random_state(rnd, side=side, teams=2, ships_per_team=4, pirates=2)
    name = state.teams[0].name
    orders = random_legal_orders(rnd, state, name, ap=rnd.randint(0, 12))
    before = orders_warnings(state, name, orders)
    hidden = {h: c for h, c in state.board.items() if not c.revealed}
    changed = {}
    for h, c in hidden.items():
        tile = rnd.choice(list(Tile))
        changed[h] = replace(c, tile=tile, chests=rnd.randint(1, 3) if tile is Tile.TREASURE else 0)
    other = replace(state, board=state.board.with_cells(changed))
    assert orders_warnings(other, name, orders) == before
