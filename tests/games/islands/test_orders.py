"""Checking a team's orders (``games.islands.orders``): Czech and English letters, every problem
named where it sits, nothing stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from camp.models import Camp, Team
from games.islands import orders as islands_orders
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.notation import Alphabet, Route
from games.islands.engine.orders import Orders
from games.islands.engine.tiles import Tile
from games.islands.errors import OrdersInvalid
from games.islands.models.board import Ship
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import harbor_of, opened, put_tile

# ------------------------------------------------------------------------------------ orders


def test_orders_check_reads_czech_letters_and_draws_the_route(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    g = geometry(5)
    bay = harbor_of(red)
    first = g.bay_hexes(bay)[0]
    d = direction_between(bay, first)
    assert d is not None
    czech = Route((d, None)).text(Alphabet.CZECH)
    check = islands_orders.orders_check(
        round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": czech}, harbor="", fire="")
    )
    assert check.ok, check.problems
    assert check.ap == 14 and check.steps == 14 and check.build_cost == 0
    assert check.routes[0].points == (g.label(bay), g.label(first))
    assert check.stored.row_fields()["routes"] == {"C1": f"{d} ."}
    assert check.steps_used == 2 and check.ap_left == 12
    # The same route in English letters.
    english = islands_orders.orders_check(
        round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": f"{d} ."}, alphabet=Alphabet.ENGLISH)
    )
    assert english.ok and english.routes == check.routes


def test_orders_check_names_the_ship_the_step_and_the_hex(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    g = geometry(5)
    bay = harbor_of(red)
    outward = next(d for d in ("N", "NE", "SE", "S", "SW", "NW") if not g.on_board(bay.step(d)))
    route = Route((outward,)).text(Alphabet.CZECH)
    check = islands_orders.orders_check(round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": route}))
    assert [p.message for p in check.problems] == [
        f"Loď 1, krok 1: vyplula by mimo herní plán u {g.label(bay)}"
    ]
    problem = check.problems[0]
    assert (problem.ship, problem.step, problem.field) == ("C1", 1, "routes")
    with translation.override("en"):
        check = islands_orders.orders_check(
            round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": route})
        )
    assert check.problems[0].message == f"Ship 1, step 1: would sail off the board at {g.label(bay)}"


NONSENSE = {
    "build_cargo": "hodně",
    "build_battleship": "-1x",
    "routes": {"C1": "S XX J", "C7": "S", "B": "J"},
    "harbor": "+ ? -",
    "fire": "ZZ99",
}


def test_nonsense_in_every_field_is_named_and_nothing_is_stored(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    with translation.override("en"):
        check = islands_orders.orders_check(round=round_, team=red, sheet=OrderSheet.typed(**NONSENSE))  # type: ignore[arg-type]
    messages = [p.message for p in check.problems]
    fields = {p.field for p in check.problems}
    assert {"build_cargo", "build_battleship", "routes", "harbor", "fire"} <= fields, messages
    assert any("“hodně” is not a whole number" in m for m in messages)
    assert any(m.startswith("Ship 1, step 2: “XX” is not a direction") for m in messages)
    assert any(m.startswith("Ship 7:") and "no such ship" in m for m in messages)
    assert any(m.startswith("Harbor, step 2: “?” is not a harbor move") for m in messages)
    assert any(m.startswith("Fire: “ZZ99” is not a hex of this board") for m in messages)
    with pytest.raises(OrdersInvalid) as e:
        round_services.orders_submit(round=round_, team=red, sheet=OrderSheet.typed(**NONSENSE))  # type: ignore[arg-type]
    assert len(e.value.problems) >= 5 and e.value.messages
    assert not TeamOrders.objects.exists()


def test_a_route_under_a_name_that_is_no_ship_is_named_by_that_name(started: Camp, teams: list[Team]) -> None:
    """No form posts one (its route fields are the team's ships), but a row put back from a camp
    file may hold any name: the engine's orders hold only ship ids, the check names the rest."""
    round_ = opened(started)
    sheet = OrderSheet.typed(routes={"X": "S", "?": "", "c1": "."})
    with translation.override("en"):
        check = islands_orders.orders_check(round=round_, team=teams[0], sheet=sheet)
    assert [(p.message, p.field, p.code, p.ship) for p in check.problems] == [
        ("This team has no ship “X”.", "routes", "not_a_ship", None)
    ]
    assert check.stored.routes == (("C1", "."),)


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"fire": "Z1"}, "is a bay"),
        ({"fire": "E1"}, "no battleship"),
        ({"build_cargo": "3"}, "cost 18 AP"),
        ({"build_battleship": 2}, "battleship"),
        ({"harbor": "+" * 15}, "15 harbor moves"),
        ({"routes": {"C1": ". " * 15}}, "15 steps"),
        ({"routes": {"C1": "N"}}, "“N” is not a direction: write S SV JV J JZ SZ"),
        ({"routes": None, "harbor": None, "fire": None, "build_cargo": None}, ""),
    ],
)
def test_orders_check_problems(started: Camp, teams: list[Team], fields: dict[str, Any], needle: str) -> None:
    round_ = opened(started)
    with translation.override("en"):
        check = islands_orders.orders_check(round=round_, team=teams[0], sheet=OrderSheet.typed(**fields))
    text = " | ".join(p.message for p in check.problems)
    if needle:
        assert needle in text
    else:
        assert check.ok


# ------------------------------------------------------------------------------------ the one sheet


def test_a_stored_row_reads_as_a_sheet_in_any_alphabet_and_back() -> None:
    row = TeamOrders(
        build_cargo=1, build_battleship=0, routes={"C2": "N . SE", "B": "S"}, harbor="+ -", fire="E3"
    )
    sheet = OrderSheet.from_row(row)
    assert (sheet.alphabet, sheet.build_cargo, sheet.routes) == (
        Alphabet.ENGLISH,
        "1",
        (("C2", "N . SE"), ("B", "S")),
    )
    czech = sheet.written_in(Alphabet.CZECH)
    assert czech.routes == (("C2", "S . JV"), ("B", "J")) and czech.alphabet is Alphabet.CZECH
    assert (
        czech.row_fields()
        == sheet.row_fields()
        == {
            "build_cargo": 1,
            "build_battleship": 0,
            "routes": {"C2": "N . SE", "B": "S"},
            "harbor": "+ -",
            "fire": "E3",
        }
    )
    # The form's fields: one per ship of the team, in its order, none for a ship it lacks now.
    assert czech.for_ships(["C1", "C2"]).routes == (("C1", ""), ("C2", "S . JV"))
    assert czech.written_routes == [("C2", "S . JV"), ("B", "J")]


def test_engine_orders_become_the_sheet_a_round_file_stores() -> None:
    g = geometry(5)
    orders = Orders(
        ap=9, build_cargo=1, routes=(("C1", ("N", None)), ("C2", ())), harbor=(1,), fire=g.parse("E3")
    )
    sheet = OrderSheet.from_orders(orders, g)
    assert sheet.row_fields() == {
        "build_cargo": 1,
        "build_battleship": 0,
        "routes": {"C1": "N ."},  # an empty route is not stored
        "harbor": "+",
        "fire": "E3",
    }


def test_the_check_keeps_the_sheet_as_it_is_stored(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    bay = harbor_of(red)
    d = direction_between(bay, geometry(5).bay_hexes(bay)[0])
    assert d is not None
    typed = OrderSheet.typed(routes={"c1": f"{Alphabet.CZECH.letter(d)}, ."}, harbor="+.")
    check = islands_orders.orders_check(round=round_, team=red, sheet=typed)
    assert check.ok, check.problems
    assert check.stored == OrderSheet(routes=(("C1", f"{d} ."),), harbor="+ .", alphabet=Alphabet.ENGLISH)


def test_a_typo_in_a_seahorse_route_names_its_half_step(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    Ship.objects.filter(team=red, ident="C1").update(seahorse=True)
    round_ = opened(started)
    _label, czech = put_tile(started, red, Tile.OPEN_SEA)
    with translation.override("en"):
        check = islands_orders.orders_check(
            round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": f"{czech} X"})
        )
    assert [p.message for p in check.problems] == [
        "Ship 1, step 1, half-step 2: “X” is not a direction: write S SV JV J JZ SZ (S is north) or . to stay"
    ]


@pytest.mark.parametrize(
    ("held", "message"),
    [
        ("octopus", "Ship 1, step 1: the ship may not move this round: an octopus holds it"),
        ("mermaid", "Ship 1, step 1: the ship may not move this round: a mermaid keeps it"),
    ],
)
def test_a_held_ship_is_told_by_what_holds_it(
    started: Camp, teams: list[Team], held: str, message: str
) -> None:
    red = teams[0]
    label, czech = put_tile(started, red, Tile.OPEN_SEA)
    at = geometry(5).parse(label)  # at sea: no octopus holds a ship in its harbor
    Ship.objects.filter(team=red, ident="C1").update(q=at.q, r=at.r, **{held: True})
    round_ = opened(started)
    with translation.override("en"):
        check = islands_orders.orders_check(
            round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": czech})
        )
    assert [p.message for p in check.problems] == [message]
