"""Orders: the two route alphabets, and the check that names every problem with ship and step."""

from __future__ import annotations

import pytest

from games.islands.engine.hexes import DIRECTIONS, Hex, direction_between, geometry
from games.islands.engine.notation import (
    Alphabet,
    HarborMoves,
    Route,
    RouteSyntaxError,
    ShipId,
    ShipIdError,
    spaced_sheet_text,
)
from games.islands.engine.orders import (
    IllegalOrders,
    Orders,
    ProblemCode,
    check_orders,
    harbor_steps,
    route_points,
    sail_route,
)
from games.islands.engine.resolve import resolve
from games.islands.engine.state import Board, GameState, InvalidState, Pirate, Ship, ShipKind, Team

G = geometry(5)


def cargo(ship_id: str, at: str | None = None, **flags: bool) -> Ship:
    return Ship(ship_id, ShipKind.CARGO, None if at is None else G.parse(at), **flags)


def state_with(*ships: Ship, harbor: str = "Z1") -> GameState:
    return GameState(Board.empty(5), (Team("red", G.parse(harbor), ships=ships),))


def codes(state: GameState, orders: Orders) -> list[tuple[ProblemCode, str | None, int | None]]:
    return [(p.code, p.ship, p.step) for p in check_orders(state, "red", orders)]


def test_routes_in_both_alphabets() -> None:
    assert Route.parse("N NE SE S SW NW .") == ("N", "NE", "SE", "S", "SW", "NW", None)
    assert Route.parse("S SV JV J JZ SZ .", Alphabet.CZECH) == ("N", "NE", "SE", "S", "SW", "NW", None)
    assert Route.parse("n  ne\t.") == ("N", "NE", None)
    assert Route(("N", None, "SW")).text() == "N . SW"
    assert Route(("N", None, "SW")).text(Alphabet.CZECH) == "S . JZ"
    assert Route.parse("") == ()


def test_alphabets_are_never_mixed() -> None:
    # Czech "J" (south) is no English direction, English "E"-words are no Czech ones.
    with pytest.raises(RouteSyntaxError) as error:
        Route.parse("N J")
    assert error.value.position == 2 and error.value.token == "J"
    with pytest.raises(RouteSyntaxError):
        Route.parse("S NE", Alphabet.CZECH)
    # "S" means south in English and north in Czech.
    assert Route.parse("S") == ("S",) and Route.parse("S", Alphabet.CZECH) == ("N",)


def test_harbor_moves() -> None:
    assert HarborMoves.parse("+ . - +") == (1, 0, -1, 1)
    with pytest.raises(RouteSyntaxError):
        HarborMoves.parse("+ x")


def test_legal_orders_have_no_problems() -> None:
    state = state_with(cargo("C1"), cargo("C2", "B2"))
    orders = Orders(ap=4, routes=(("C1", Route.parse("N N")), ("C2", Route.parse("S S . N"))))
    assert check_orders(state, "red", orders) == []


def test_off_board_names_ship_step_and_hex() -> None:
    state = state_with(cargo("C1"), cargo("C2", "A1"))
    orders = Orders(ap=3, routes=(("C1", Route.parse("N N N")), ("C2", Route.parse(". SW N"))))
    problems = check_orders(state, "red", orders)
    assert [(p.code, p.ship, p.step, p.params) for p in problems] == [
        (ProblemCode.OFF_BOARD, "C1", 3, (("at", "B2"),)),
        (ProblemCode.OFF_BOARD, "C2", 2, (("at", "A1"),)),
    ]
    assert str(problems[1]) == "orders.red.routes.C2: off_board (step 2, at=A1)"


def test_only_the_own_harbor_bay_is_a_way_off_the_board() -> None:
    # From B1, S is the team's bay Z1; with the harbor at Z2 it is just off the board.
    assert codes(state_with(cargo("C1", "B1")), Orders(ap=1, routes=(("C1", ("S",)),))) == []
    assert codes(state_with(cargo("C1", "B1"), harbor="Z2"), Orders(ap=1, routes=(("C1", ("S",)),))) == [
        (ProblemCode.OFF_BOARD, "C1", 1)
    ]


def test_leaving_the_harbor_uses_the_bay_after_the_harbor_move() -> None:
    # Harbor Z1 -> Z2 in step 1; from Z2, N is D1 (on the board); from Z1, N would be B1.
    state = state_with(cargo("C1"))
    assert codes(state, Orders(ap=2, harbor=(1,), routes=(("C1", ("N", "N")),))) == []
    # From Z2, SE is off the board.
    assert codes(state, Orders(ap=1, harbor=(1,), routes=(("C1", ("SE",)),))) == [
        (ProblemCode.OFF_BOARD, "C1", 1)
    ]


def test_builds_cost_and_limits() -> None:
    state = state_with(*(cargo(f"C{i}") for i in range(1, 7)))
    problems = codes(state, Orders(ap=14, build_cargo=1, build_battleships=1))
    assert (ProblemCode.BUILD_COST, None, None) in problems
    assert (ProblemCode.CARGO_LIMIT, None, None) in problems
    with_b = state_with(cargo("C1"), Ship("B", ShipKind.BATTLESHIP))
    assert codes(with_b, Orders(ap=9, build_battleships=1)) == [(ProblemCode.BATTLESHIP_LIMIT, None, None)]
    assert codes(state_with(cargo("C1")), Orders(ap=15, build_cargo=1, build_battleships=1)) == []


def test_route_too_long_counts_steps_after_builds() -> None:
    state = state_with(cargo("C1"))
    problems = check_orders(state, "red", Orders(ap=7, build_cargo=1, routes=(("C1", ("N", "N")),)))
    assert [(p.code, p.params) for p in problems] == [
        (ProblemCode.ROUTE_TOO_LONG, (("length", 2), ("allowed", 1)))
    ]


def test_seahorse_ship_has_two_tokens_per_step() -> None:
    state = state_with(cargo("C1", "B1", seahorse=True))
    assert codes(state, Orders(ap=2, routes=(("C1", Route.parse("N NE SE N")),))) == []
    problems = check_orders(state, "red", Orders(ap=1, routes=(("C1", Route.parse("N N")),)))
    assert [(p.step, p.half, p.detail) for p in problems] == [(1, 2, "off_board (step 1.2, at=B2)")]


def test_ships_that_may_not_move_get_no_route_but_stays_are_fine() -> None:
    state = state_with(cargo("C1", "B1", octopus=True), cargo("C2", "A1", mermaid=True))
    problems = check_orders(state, "red", Orders(ap=3, routes=(("C1", (None, "N")), ("C2", (None, None)))))
    assert [(p.code, p.ship, p.step) for p in problems] == [(ProblemCode.SHIP_MAY_NOT_MOVE, "C1", 2)]


def test_unknown_ship_including_one_being_built() -> None:
    state = state_with(cargo("C1"))
    assert codes(state, Orders(ap=7, build_cargo=1, routes=(("C2", ("N",)),))) == [
        (ProblemCode.UNKNOWN_SHIP, "C2", None)
    ]


def test_fire_needs_a_battleship_at_the_start_and_a_board_hex() -> None:
    state = state_with(cargo("C1"))
    assert codes(state, Orders(ap=9, build_battleships=1, fire=G.parse("C2"))) == [
        (ProblemCode.FIRE_WITHOUT_BATTLESHIP, None, None)
    ]
    with_b = state_with(Ship("B", ShipKind.BATTLESHIP))
    assert codes(with_b, Orders(ap=0, fire=Hex(30, 30))) == [(ProblemCode.FIRE_OFF_BOARD, None, None)]
    assert codes(with_b, Orders(ap=0, fire=G.parse("I1"))) == []


def test_every_problem_is_listed_at_once() -> None:
    state = state_with(cargo("C1"), cargo("C2", "A1", mermaid=True))
    orders = Orders(
        ap=5,
        build_cargo=1,
        harbor=(1, 1, 1),
        routes=(("C1", ("SW",)), ("C2", ("N",)), ("C9", ())),
        fire=G.parse("A1"),
    )
    found = {p.code for p in check_orders(state, "red", orders)}
    assert found == {
        ProblemCode.BUILD_COST,
        ProblemCode.HARBOR_TOO_LONG,
        ProblemCode.ROUTE_TOO_LONG,  # the builds cost more than the AP: no steps are left
        ProblemCode.SHIP_MAY_NOT_MOVE,
        ProblemCode.UNKNOWN_SHIP,
        ProblemCode.FIRE_WITHOUT_BATTLESHIP,
    }


def test_unknown_team() -> None:
    problems = check_orders(state_with(cargo("C1")), "blue", Orders(ap=1))
    assert [(p.code, p.path) for p in problems] == [(ProblemCode.UNKNOWN_TEAM, "orders.blue")]


def test_ship_ids_named_by_text_are_read_once_where_ships_and_orders_are_made() -> None:
    """A row or a test names a ship by text: the state and the orders hold a ShipId all the same,
    and text that is no ship id never gets in."""
    orders = Orders(ap=1, routes=(("C1", ("N",)),))
    ship = cargo("C1")
    assert type(orders.routes[0][0]) is ShipId and type(ship.id) is ShipId
    assert type(Pirate("P2", G.parse("C3")).id) is ShipId
    with pytest.raises(ShipIdError):
        Orders(ap=1, routes=(("c1", ("N",)),))
    with pytest.raises(InvalidState):
        cargo("X1")
    with pytest.raises(InvalidState):
        Pirate("X", G.parse("C3"))
    problems = check_orders(state_with(ship), "red", Orders(ap=0, routes=(("C1", ("N",)),)))
    assert [type(p.ship) for p in problems] == [ShipId]


def test_resolve_refuses_illegal_orders_with_all_problems() -> None:
    state = state_with(cargo("C1", "A1"), cargo("C2", "A1"))
    with pytest.raises(IllegalOrders) as error:
        resolve(state, {"red": Orders(ap=2, routes=(("C1", ("S",)), ("C2", ("SW",))))})
    assert [p.ship for p in error.value.problems] == ["C1", "C2"]
    assert isinstance(error.value, ValueError)


def test_a_ship_being_built_may_have_a_route_of_stays_only() -> None:
    # Rules 5: a ship built in these orders may not move, and a route of only "." is accepted for a
    # ship that may not move. Its id is the one the build will give it (lowest free number, or B).
    state = state_with(cargo("C1"), cargo("C3"))
    orders = Orders(ap=15, build_cargo=1, build_battleships=1, routes=(("C2", (None,)), ("B", (None, None))))
    assert codes(state, orders) == []
    result = resolve(state, {"red": orders})
    assert {s.id for s in result.state.team("red").ships} == {"B", "C1", "C2", "C3"}
    # Another id, or a move, is still refused.
    assert codes(state, Orders(ap=7, build_cargo=1, routes=(("C4", (None,)),))) == [
        (ProblemCode.UNKNOWN_SHIP, "C4", None)
    ]
    assert codes(state, Orders(ap=7, build_cargo=1, routes=(("C2", (None, "N")),))) == [
        (ProblemCode.UNKNOWN_SHIP, "C2", None)
    ]


# --------------------------------------------------------------------------- one simulation of movement


def test_route_points_follow_the_check_and_stop_where_it_leaves_the_board() -> None:
    g = G
    ship = cargo("C1")
    state = state_with(ship)
    team = state.team("red")
    bay_hex = g.bay_hexes(team.harbor)[0]
    out = direction_between(team.harbor, bay_hex)
    back = direction_between(bay_hex, team.harbor)
    assert out is not None and back is not None
    route = (out, None, back)
    assert route_points(g, team, ship, route, 3, [team.harbor]) == (team.harbor, bay_hex, team.harbor)
    # Leaving the board ends the points where the check names the step that leaves.
    off = next(d for d in DIRECTIONS if not g.on_board(bay_hex.step(d)) and bay_hex.step(d) != team.harbor)
    legs = list(sail_route(g, ship, (out, off, out), 3, [team.harbor]))
    assert [leg.off_board for leg in legs] == [False, True]
    assert route_points(g, team, ship, (out, off, out), 3, [team.harbor]) == (team.harbor, bay_hex)
    orders = Orders(ap=3, routes=(("C1", (out, off)),))
    assert [(p.code, p.step) for p in check_orders(state, "red", orders)] == [(ProblemCode.OFF_BOARD, 2)]


def test_route_points_show_the_bay_a_moved_harbor_sails_from() -> None:
    g = G
    ship = cargo("C1")
    state = state_with(ship)
    team = state.team("red")
    moved = harbor_steps(g, team.harbor, (1,), 2)
    assert moved == [g.bay_neighbour(team.harbor, 1)] * 2
    bay_hex = g.bay_hexes(moved[0])[0]
    out = direction_between(moved[0], bay_hex)
    assert out is not None
    # Step 1 the harbor moves (the ship stays in it), step 2 the ship leaves from the new bay.
    assert route_points(g, team, ship, (None, out), 2, moved) == (team.harbor, moved[0], bay_hex)


def test_sheet_text_separators_and_harbor_runs() -> None:
    assert HarborMoves.parse(spaced_sheet_text("++-.", harbor=True)) == (1, 1, -1, 0)
    assert HarborMoves.parse(spaced_sheet_text("+, -; .", harbor=True)) == (1, -1, 0)
    assert Route.parse(spaced_sheet_text("S,SV;J"), Alphabet.CZECH) == ("N", "NE", "S")
    with pytest.raises(RouteSyntaxError):
        HarborMoves.parse("++")  # the files' format stays one token per step
