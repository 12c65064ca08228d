"""Reading a team's order sheet (``engine/sheet.py``): the five fields as written become the
engine's orders, and every problem is named with its code and where it sits: field, ship, step and
a seahorse's half-step. The boundaries of the rules (AP, counts) are read exactly at and one past
their limits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Alphabet, Route, ShipId
from games.islands.engine.orders import Orders, ProblemCode
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.sheet import ReadSheet, Sheet, SheetCode, SheetProblem, SheetTeamError, read_sheet
from games.islands.engine.state import (
    BATTLESHIP_COST,
    CARGO_SHIP_COST,
    MAX_CARGO_SHIPS,
    Board,
    GameState,
    Ship,
    ShipKind,
    Team,
)

G = geometry(5)
H = G.parse
#: Routes that stay on the board from the middle of it (E5), in both alphabets.
SAFE = {Alphabet.ENGLISH: ("N", "S"), Alphabet.CZECH: ("S", "J")}


def cargo(ident: str, at: str | None = "E5", **flags: bool) -> Ship:
    return Ship(ident, ShipKind.CARGO, None if at is None else H(at), **flags)


def state_with(*ships: Ship) -> GameState:
    return GameState(Board.empty(5), (Team("red", H("Z1"), ships=ships),))


def read(state: GameState, ap: int = 14, **fields: object) -> ReadSheet:
    return read_sheet(Sheet(**fields), state, "red", ap)  # type: ignore[arg-type]


def where(found: ReadSheet) -> list[tuple[str, str, str | None, int | None, int | None]]:
    """Each problem's code and where it sits: field, ship, step, half-step."""
    return [(p.code.value, p.field, p.ship, p.step, p.half) for p in found.problems]


def safe_route(steps: int, alphabet: Alphabet = Alphabet.ENGLISH) -> str:
    there, back = SAFE[alphabet]
    return " ".join(there if i % 2 == 0 else back for i in range(steps))


# ------------------------------------------------------------------------------------ reading


def test_a_sheet_in_czech_letters_reads_into_the_orders_it_writes() -> None:
    state = state_with(cargo("C1"), cargo("C2", at=None), Ship("B", ShipKind.BATTLESHIP, H("E5")))
    found = read(
        state,
        ap=14,
        build_cargo=" 1 ",
        build_battleship="",
        routes=(("c1", "S, J; ."), ("C2", ""), ("B", "SV")),
        harbor="+.",
        fire=" g 3 ",
        alphabet=Alphabet.CZECH,
    )
    assert found.ok and found.problems == ()
    assert found.orders == Orders(
        ap=14,
        build_cargo=1,
        routes=(("C1", Route(("N", "S", None))), ("B", Route(("NE",)))),  # a blank route says nothing
        harbor=(1, 0),
        fire=H("G3"),
    )
    assert [type(ship) for ship, _route in found.orders.routes] == [ShipId, ShipId]


def test_the_same_letter_reads_by_the_sheets_alphabet() -> None:
    state = state_with(cargo("C1"))
    english = read(state, routes=(("C1", "S"),), alphabet=Alphabet.ENGLISH)
    czech = read(state, routes=(("C1", "S"),), alphabet=Alphabet.CZECH)
    assert english.orders.route(ShipId.parse("C1")) == ("S",)
    assert czech.orders.route(ShipId.parse("C1")) == ("N",)


def test_every_field_that_cannot_be_read_is_named_where_it_sits_in_the_sheets_order() -> None:
    state = state_with(cargo("C1"), cargo("C2"))
    found = read(
        state,
        build_cargo="hodně",
        build_battleship="1x" * 20,
        routes=(("C1", "S XX J"), ("X", "S"), ("C2", "S")),
        harbor="+ ? -",
        fire="ZZ99",
        alphabet=Alphabet.CZECH,
    )
    sheet_problems = [p for p in found.problems if isinstance(p, SheetProblem)]
    assert sheet_problems == [
        SheetProblem(SheetCode.NOT_A_NUMBER, "build_cargo", params=(("value", "hodně"),)),
        SheetProblem(SheetCode.NOT_A_NUMBER, "build_battleship", params=(("value", "1x" * 10),)),
        SheetProblem(SheetCode.HARBOR_SYNTAX, "harbor", step=2, params=(("token", "?"),)),
        SheetProblem(
            SheetCode.ROUTE_SYNTAX,
            "routes",
            ShipId.parse("C1"),
            2,
            params=(("token", "XX"), ("alphabet", "cs")),
        ),
        SheetProblem(SheetCode.NOT_A_SHIP, "routes", params=(("ship", "X"),)),
        SheetProblem(SheetCode.FIRE_LABEL, "fire", params=(("label", "ZZ99"), ("last", "I1"))),
    ]
    # What could be read is still read (and checked): C2's route, no builds, no harbor moves.
    assert found.orders == Orders(ap=14, routes=(("C2", ("N",)),))
    assert found.problems == tuple(sheet_problems)


def test_a_target_in_a_bay_is_named_with_the_bays_label() -> None:
    found = read(state_with(Ship("B", ShipKind.BATTLESHIP, H("E5"))), fire=" z2")
    assert found.problems == (SheetProblem(SheetCode.FIRE_BAY, "fire", params=(("label", "Z2"),)),)
    assert found.orders.fire is None


def test_what_is_quoted_from_the_sheet_is_cut_short() -> None:
    found = read(state_with(cargo("C1")), harbor="+ " + "x" * 50, fire="Q" * 50, routes=(("C1", "N" * 50),))
    quoted = {p.code: dict(p.params) for p in found.problems if isinstance(p, SheetProblem)}
    assert quoted[SheetCode.HARBOR_SYNTAX]["token"] == "x" * 10
    assert quoted[SheetCode.ROUTE_SYNTAX]["token"] == "N" * 10
    assert quoted[SheetCode.FIRE_LABEL]["label"] == "Q" * 10


def test_a_letter_of_the_other_alphabet_is_named_with_the_sheets_alphabet() -> None:
    found = read(state_with(cargo("C1")), routes=(("C1", "N J"),), alphabet=Alphabet.ENGLISH)
    assert where(found) == [("route_syntax", "routes", "C1", 2, None)]
    assert dict(found.problems[0].params) == {"token": "J", "alphabet": "en"}


def test_the_rules_problems_follow_the_sheets_own_located_on_the_orders_as_read() -> None:
    state = state_with(cargo("C1", at="A1"), cargo("C2"))
    found = read(state, ap=3, routes=(("C1", "SW"), ("C2", "N ?"), ("C5", "N")), harbor="x")
    assert where(found) == [
        ("harbor_syntax", "harbor", None, 1, None),
        ("route_syntax", "routes", "C2", 2, None),
        ("off_board", "routes", "C1", 1, None),
        ("unknown_ship", "routes", "C5", None, None),
    ]


def test_names_of_ships_read_as_ids_and_a_blank_route_under_any_name_says_nothing() -> None:
    state = state_with(cargo("C1"))
    assert read(state, routes=(("X", " , "), ("?", ""))).problems == ()
    assert where(read(state, routes=((" c1 ", "N"), ("C1", "S")))) == [
        ("duplicate_route", "routes", "C1", None, None)
    ]
    assert where(read(state, routes=(("B1", "N"),))) == [("not_a_ship", "routes", None, None, None)]


def test_a_team_not_in_the_game_has_no_sheet_to_read() -> None:
    with pytest.raises(SheetTeamError) as error:
        read_sheet(Sheet(), state_with(cargo("C1")), "blue", 3)
    assert error.value.team == "blue" and isinstance(error.value, ValueError)


# ------------------------------------------------------------------------------------ at the limits


@pytest.mark.parametrize(("ap", "build_cargo", "steps"), [(3, "", 3), (9, "1", 3), (15, "2", 3), (6, "1", 0)])
def test_a_route_as_long_as_the_steps_reads_and_one_more_is_too_long(
    ap: int, build_cargo: str, steps: int
) -> None:
    state = state_with(cargo("C1"))
    exact = read(state, ap=ap, build_cargo=build_cargo, routes=(("C1", safe_route(steps)),))
    assert exact.ok, where(exact)
    over = read(state, ap=ap, build_cargo=build_cargo, routes=(("C1", safe_route(steps + 1)),))
    assert where(over) == [("route_too_long", "routes", "C1", None, None)]
    assert dict(over.problems[0].params) == {"length": steps + 1, "allowed": steps}


def test_harbor_moves_as_many_as_the_steps_read_and_one_more_is_too_many() -> None:
    state = state_with(cargo("C1"))
    assert read(state, ap=4, harbor="+ + - .").ok
    assert where(read(state, ap=4, harbor="++-.+")) == [("harbor_too_long", "harbor", None, None, None)]


def test_builds_at_their_limits() -> None:
    five = state_with(*(cargo(f"C{i}") for i in range(1, MAX_CARGO_SHIPS)))
    assert read(five, ap=CARGO_SHIP_COST, build_cargo="1").ok
    assert [p.code for p in read(five, ap=2 * CARGO_SHIP_COST, build_cargo="2").problems] == [
        ProblemCode.CARGO_LIMIT
    ]
    one = state_with(cargo("C1"))
    assert read(one, ap=BATTLESHIP_COST, build_battleship="1").ok
    assert [p.code for p in read(one, ap=BATTLESHIP_COST - 1, build_battleship="1").problems] == [
        ProblemCode.BUILD_COST
    ]
    assert [p.code for p in read(one, ap=2 * BATTLESHIP_COST, build_battleship="2").problems] == [
        ProblemCode.BATTLESHIP_LIMIT
    ]


@pytest.mark.parametrize(("written", "count"), [("", 0), ("0", 0), (" 7 ", 7), ("999", 999)])
def test_a_count_of_up_to_three_digits_reads(written: str, count: int) -> None:
    found = read(state_with(), ap=0, build_cargo=written, build_battleship=written)
    assert (found.orders.build_cargo, found.orders.build_battleships) == (count, count)
    assert not any(isinstance(p, SheetProblem) for p in found.problems)


@pytest.mark.parametrize("written", ["1000", "-1", "1.5", "٣"])
def test_a_count_of_more_digits_or_no_whole_number_is_not_read(written: str) -> None:
    found = read(state_with(), ap=0, build_cargo=written)
    assert found.orders.build_cargo == 0
    assert where(found) == [("not_a_number", "build_cargo", None, None, None)]


# ------------------------------------------------------------------------------------ the seahorse


@pytest.mark.parametrize(
    ("position", "step", "half"), [(1, 1, 1), (2, 1, 2), (3, 2, 1), (4, 2, 2), (7, 4, 1)]
)
def test_a_typo_in_a_seahorse_route_is_named_by_its_step_and_half_step(
    position: int, step: int, half: int
) -> None:
    state = state_with(cargo("C1", seahorse=True), cargo("C2"))
    tokens = ["N", "S"] * 4
    tokens[position - 1] = "Q"
    found = read(state, routes=(("C1", " ".join(tokens)), ("C2", " ".join(tokens))))
    assert where(found) == [
        ("route_syntax", "routes", "C1", step, half),
        ("route_syntax", "routes", "C2", position, None),  # one token a step: no half-steps
    ]


def test_a_route_of_a_ship_the_team_lacks_has_no_half_steps() -> None:
    found = read(state_with(cargo("C1", seahorse=True)), routes=(("C4", "N N Q"),))
    assert where(found) == [("route_syntax", "routes", "C4", 3, None)]


def test_a_seahorse_route_of_two_moves_a_step_reads_and_one_more_move_is_too_long() -> None:
    state = state_with(cargo("C1", seahorse=True))
    assert read(state, ap=2, routes=(("C1", safe_route(4)),)).ok
    over = read(state, ap=2, routes=(("C1", safe_route(5)),))
    assert where(over) == [("route_too_long", "routes", "C1", None, None)]
    assert dict(over.problems[0].params) == {"length": 5, "allowed": 4, "per_step": 2}


def test_a_seahorse_leaving_the_board_is_named_by_its_half_step() -> None:
    found = read(state_with(cargo("C1", at="B1", seahorse=True)), ap=1, routes=(("C1", "N N"),))
    assert where(found) == [("off_board", "routes", "C1", 1, 2)]


# ------------------------------------------------------------------------------------ written and read


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000), alphabet=st.sampled_from(list(Alphabet)), ap=st.sampled_from([0, 6, 9, 14])
)
def test_legal_orders_written_on_a_sheet_read_back_as_themselves(
    seed: int, alphabet: Alphabet, ap: int
) -> None:
    rnd = random.Random(seed)
    state = random_state(rnd, side=5, teams=1, ships_per_team=4, pirates=0)
    team = state.teams[0]
    orders = random_legal_orders(rnd, state, team.name, ap)
    sheet = Sheet(
        build_cargo=str(orders.build_cargo),
        build_battleship=str(orders.build_battleships),
        routes=tuple(
            (ship.lower(), route.text(alphabet).replace(" ", ", ")) for ship, route in orders.routes
        ),
        harbor=orders.harbor.text().replace(" ", ""),
        fire="" if orders.fire is None else G.label(orders.fire).lower(),
        alphabet=alphabet,
    )
    found = read_sheet(sheet, state, team.name, ap)
    assert found.problems == ()
    assert found.orders == Orders(
        ap,
        orders.build_cargo,
        orders.build_battleships,
        tuple((ship, route) for ship, route in orders.routes if route),  # an empty route is not read
        orders.harbor,
        orders.fire,
    )
