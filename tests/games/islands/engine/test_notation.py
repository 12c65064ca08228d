"""How orders are written (``engine/notation.py``): every alphabet reads what it prints, ship ids
parse, print and sort as the sheets list them, and a sheet's own punctuation is read as spaces."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.islands.engine.hexes import DIRECTION_NAMES
from games.islands.engine.notation import (
    STAY,
    Alphabet,
    CountSyntaxError,
    HarborMoves,
    Route,
    RouteSyntaxError,
    ShipId,
    ShipIdError,
    is_pirate_id,
    parse_count,
    sheet_order,
)
from games.islands.engine.orders import Orders
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.scenario import load_scenario
from games.islands.engine.scenario_writer import scenario_document

steps = st.lists(st.sampled_from([*DIRECTION_NAMES, None]), max_size=40)


@pytest.mark.parametrize("alphabet", list(Alphabet))
@given(route=steps)
def test_every_alphabet_reads_the_route_it_prints(alphabet: Alphabet, route: list[str | None]) -> None:
    printed = Route(route).text(alphabet)
    assert Route.parse(printed, alphabet) == tuple(route)
    assert Route.parse(printed.lower(), alphabet) == tuple(route)  # a sheet's small letters too
    assert Route.from_sheet(printed.replace(" ", ", "), alphabet) == tuple(route)


@given(moves=st.lists(st.sampled_from([1, 0, -1]), max_size=40))
def test_harbor_moves_read_what_they_print(moves: list[int]) -> None:
    printed = HarborMoves(moves).text()
    assert HarborMoves.parse(printed) == tuple(moves)
    assert HarborMoves.from_sheet(printed.replace(" ", "")) == tuple(moves)  # "++-." as one run


def test_the_two_alphabets_name_the_same_letter_differently() -> None:
    # Czech "S" (sever) is north, English "S" is south: one text, two routes.
    assert Route.parse("S", Alphabet.CZECH) == ("N",)
    assert Route.parse("S", Alphabet.ENGLISH) == ("S",)
    assert Alphabet.CZECH.letters == ("S", "SV", "JV", "J", "JZ", "SZ")
    assert Alphabet.ENGLISH.letters == DIRECTION_NAMES
    assert Alphabet(Alphabet.CZECH.value) is Alphabet.CZECH and Alphabet("en") is Alphabet.ENGLISH


def test_a_letter_of_the_other_alphabet_is_refused_where_it_stands() -> None:
    with pytest.raises(RouteSyntaxError) as error:
        Route.parse("S SV NE", Alphabet.CZECH)
    assert (error.value.position, error.value.token) == (3, "NE")
    assert error.value.allowed == (STAY, "S", "SV", "JV", "J", "JZ", "SZ")
    with pytest.raises(RouteSyntaxError):
        Route.parse("N J", Alphabet.ENGLISH)


def test_a_route_up_to_its_typo_is_what_can_be_drawn() -> None:
    assert Route.leading("S, SV X J", Alphabet.CZECH) == ("N", "NE")
    assert Route.leading("X S", Alphabet.CZECH) == ()
    assert Route.leading("n ne", Alphabet.ENGLISH) == ("N", "NE")


@pytest.mark.parametrize("text", ["C1", "C6", "B", "P1", "P12", "C7"])
def test_a_ship_id_prints_as_it_was_written(text: str) -> None:
    assert str(ShipId.parse(text)) == text


@pytest.mark.parametrize("text", ["", "C", "C0", "C01", "c1", "B1", "BB", "X1", " C1", "P-1", "C١"])
def test_what_is_no_ship_id_is_refused(text: str) -> None:
    with pytest.raises(ShipIdError):
        ShipId.parse(text)
    assert ShipId.read(text) is None


def test_a_ship_id_is_its_text_wherever_it_goes() -> None:
    """Rows, round files, repr-keyed digests and dictionaries see the id as the text it was read
    from: nothing they hold changes when the engine types its ids."""
    c2 = ShipId.parse("C2")
    assert isinstance(c2, str) and c2 == "C2" and hash(c2) == hash("C2")
    assert {"C2": 1}[c2] == 1 and {c2: 1}["C2"] == 1
    assert (repr(c2), f"{c2}", json.dumps({c2: [c2]})) == ("'C2'", "C2", '{"C2": ["C2"]}')
    again = pickle.loads(pickle.dumps(c2))
    assert type(again) is ShipId and again == c2
    assert ShipId.parse(c2) is c2 and ShipId.cargo_ship(2) == c2 and ShipId.pirate_ship(4) == "P4"
    with pytest.raises(ShipIdError):
        ShipId.cargo_ship(0)


def test_ship_ids_tell_their_kind_and_number() -> None:
    c3, b, p12 = ShipId.parse("C3"), ShipId.parse("B"), ShipId.parse("P12")
    assert (c3.cargo, c3.number) == (True, 3)
    assert (b.battleship, b.number, b.cargo) == (True, 0, False)
    assert (p12.pirate, p12.number) == (True, 12)
    assert is_pirate_id("P12") and not is_pirate_id("C1") and not is_pirate_id("P1\n")


def test_ships_sort_as_the_sheet_lists_them() -> None:
    ids = ["B", "C10", "C2", "P1", "C1"]
    shuffled = random.Random(3).sample(ids, len(ids))
    in_order = sorted((ShipId.parse(i) for i in shuffled), key=lambda s: s.sort_key)
    assert [str(s) for s in in_order] == ["C1", "C2", "C10", "B", "P1"]
    # Text that is no ship id (typed in a form) sorts after every ship.
    assert sorted(["x", "B", "C2", "C1"], key=sheet_order) == ["C1", "C2", "B", "x"]


@pytest.mark.parametrize(("text", "count"), [("0", 0), (" 2 ", 2), ("", 0), ("999", 999)])
def test_a_count_is_a_whole_number_of_ships(text: str, count: int) -> None:
    assert parse_count(text) == count


@pytest.mark.parametrize("text", ["-1", "1.5", "hodně", "1000", "²", "٣"])
def test_a_count_that_is_no_whole_number_is_refused(text: str) -> None:
    with pytest.raises(CountSyntaxError) as error:
        parse_count(text)
    assert error.value.text == text.strip()


@given(seed=st.integers(0, 2**32 - 1), side=st.integers(3, 9))
def test_orders_read_from_a_round_file_are_the_orders_written_to_it(seed: int, side: int) -> None:
    rnd = random.Random(seed)
    state = random_state(rnd, side=side, teams=2, ships_per_team=4, pirates=1)
    orders = {t.name: random_legal_orders(rnd, state, t.name, rnd.choice((0, 8, 14))) for t in state.teams}
    read = dict(load_scenario(scenario_document(state, orders)).orders)
    assert read == orders
    assert all(isinstance(r, Route) for o in read.values() for _ship, r in o.routes)


def test_orders_take_plain_tuples_and_print_them() -> None:
    orders = Orders(ap=3, routes=(("C1", ("N", None)),), harbor=(1, 0))
    route = orders.route("C1")
    assert isinstance(route, Route) and route.text(Alphabet.CZECH) == "S ."
    assert isinstance(orders.harbor, HarborMoves) and orders.harbor.text() == "+ ."
    assert orders == Orders(ap=3, routes=(("C1", Route.parse("N .")),), harbor=HarborMoves.parse("+ ."))
