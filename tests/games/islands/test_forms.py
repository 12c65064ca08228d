"""The forms of the islands pages (``games/islands/forms/``): the order sheet read as typed, its
own problems in the page's order, the switches read as the pages always read them, a round file,
and the board set-up's hex and bay read into what the services take (a hex, a tile, a number)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import QueryDict
from django.utils import translation

from camp.models import Team
from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Alphabet
from games.islands.engine.tiles import Tile
from games.islands.forms.board import BaysForm, HexForm
from games.islands.forms.files import MAX_IMPORT_BYTES, RoundFileForm
from games.islands.forms.orders import FIRE_MODE, MAX_FIELD, OrderEntry, OrdersForm
from games.islands.forms.orders import read_orders as read_form
from games.islands.forms.shared import ConfirmForm
from games.islands.forms.telescope import TelescopeForm, TelescopeQuery
from games.islands.orders import OrderSheet


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def read_orders(data: QueryDict, idents: list[str], modes: list[str]) -> OrderEntry:
    return read_form(data, idents, modes, Alphabet.CZECH)


def query(**data: str) -> QueryDict:
    q = QueryDict(mutable=True)
    for key, value in data.items():
        q[key.replace("_route_", "route-")] = value
    return q


def test_the_fields_are_kept_as_typed_and_the_counts_cut() -> None:
    form = read_orders(
        query(_route_C1="  s s  ", build_cargo="1" * 30, harbor=" C1 ", fire="Q?", v="7"),
        ["C1", "C2"],
        ["C1", "C2"],
    )
    sheet = form.sheet
    assert sheet.routes == (("C1", "  s s  "), ("C2", "")) and sheet.alphabet is Alphabet.CZECH
    assert sheet.build_cargo == "1" * 20 and sheet.build_battleship == ""
    assert sheet.harbor == " C1 " and sheet.fire == "Q?"  # the check names what is wrong in them
    assert form.version == 7 and form.problems == ()


def test_a_nul_character_is_a_problem_of_its_field_and_the_field_is_left_empty() -> None:
    """No keyboard types NUL, and PostgreSQL stores none (a team's draft is stored as typed)."""
    form = read_orders(query(fire="Q\x00", _route_C1="S\x00"), ["C1"], ["C1"])
    assert form.sheet.fire == "" and form.sheet.routes == (("C1", ""),)
    assert form.problems == (
        "Route of Ship 1: the text holds a NUL character (\\x00), which cannot be stored.",
        "Fire at: the text holds a NUL character (\\x00), which cannot be stored.",
    )


@pytest.mark.parametrize(
    ("posted", "version"), [("12", 12), ("0", 0), ("", None), ("x1", None), ("-3", None)]
)
def test_the_version_seen_is_a_number_or_none(posted: str, version: int | None) -> None:
    assert read_orders(query(v=posted), [], []).version == version


def test_problems_come_routes_first_then_unknown_ships_then_the_other_fields() -> None:
    long = "x" * (MAX_FIELD + 1)
    form = read_orders(query(harbor=long, _route_C9="s", _route_C1=long), ["C1"], ["C1"])
    assert form.problems == (
        f"Route of Ship 1: the text is too long ({MAX_FIELD + 1} characters, at most {MAX_FIELD}).",
        "This team has no ship “C9”.",
        f"Harbor moves: the text is too long ({MAX_FIELD + 1} characters, at most {MAX_FIELD}).",
    )
    assert form.sheet.routes == (("C1", ""),) and form.sheet.harbor == ""


def test_a_mode_not_on_offer_becomes_the_first_one_or_none() -> None:
    assert read_orders(query(mode="fire"), ["C1"], ["C1", FIRE_MODE]).mode == FIRE_MODE
    assert read_orders(query(mode="C7"), ["C1"], ["C1", FIRE_MODE]).mode == "C1"
    assert read_orders(query(mode="C1"), ["C1"], []).mode == ""


@pytest.mark.parametrize(("value", "ticked"), [("1", True), ("0", True), ("false", True), ("", False)])
def test_a_switch_is_on_with_any_value_but_the_empty_one(value: str, ticked: bool) -> None:
    assert read_orders(query(show_hidden=value), [], []).show_hidden is ticked
    assert ConfirmForm(query(confirm=value)).is_ticked() is ticked


def test_the_telescope_query_tells_a_hex_not_sent_from_an_empty_one() -> None:
    absent = TelescopeQuery(query(ship="red.C1"), side=5)
    empty = TelescopeQuery(query(ship="red.C1", hex=""), side=5)
    with translation.override("cs"):
        assert absent.is_valid() and empty.is_valid()
    assert absent.cleaned_data["hex"] is None and empty.cleaned_data["hex"] == ""
    assert absent.cleaned_data["clicked_problem"] == ""
    assert empty.cleaned_data["clicked_problem"] == "„“ není hex tohoto herního plánu."


@pytest.mark.parametrize(
    ("clicked", "at"), [("c3", "C3"), (" B2 ", "B2"), ("Z1", None), ("A9", None), ("x", None)]
)
def test_a_clicked_telescope_hex_is_a_hex_of_the_board(clicked: str, at: str | None) -> None:
    form = TelescopeQuery(query(ship="red.C1", hex=clicked), side=5)
    assert form.is_valid()
    found = form.cleaned_data["clicked"]
    assert (geometry(5).label(found) if found is not None else None) == at
    assert bool(form.cleaned_data["clicked_problem"]) is (at is None)


def test_a_telescope_choice_is_read_into_a_hex_of_the_board() -> None:
    chosen = TelescopeForm(query(action="choose", ship="red.C1", hex=" c3 "), side=5)
    assert chosen.is_valid() and chosen.cleaned_data["at"] == geometry(5).parse("C3")
    bay = TelescopeForm(query(action="choose", ship="red.C1", hex="Z1"), side=5)
    with translation.override("cs"):
        assert not bay.is_valid()
        assert bay.non_field_errors() == ["Z1 je zátoka: zadejte hex herního plánu."]
    skipped = TelescopeForm(query(action="skip", ship="red.C1", hex="Z1"), side=5)
    assert skipped.is_valid() and "at" not in skipped.cleaned_data


#: A team of the bays' form (only its id and name are read).
RED = Team(pk=1, name="Červení")


@pytest.mark.parametrize(("bay", "number"), [("Z3", 3), (" z 3 ", 3), ("3", 3), ("Z12", 12), ("z01", 1)])
def test_a_bay_is_read_as_its_number(bay: str, number: int) -> None:
    form = BaysForm(query(**{"bay-1": bay}), side=5, teams=[RED])
    assert form.is_valid(), form.errors
    assert form.cleaned_data["bays"] == {RED: number}


@pytest.mark.parametrize("bay", ["Z13", "Z0", "0", "x", "Z²", "Z-1", "Z 1 2 3 4", "E3"])
def test_a_bay_not_of_this_board_is_named_as_typed_with_its_team(bay: str) -> None:
    form = BaysForm(query(**{"bay-1": bay}), side=5, teams=[RED])
    assert not form.is_valid()
    assert form.non_field_errors() == [f"Červení: “{bay}” is not a bay of this board (Z1 … Z12)."]


def test_a_bays_form_with_no_bay_is_refused() -> None:
    form = BaysForm(query(**{"bay-1": "  "}), side=5, teams=[RED])
    assert not form.is_valid()
    assert form.non_field_errors() == ["Choose a bay for at least one team."]


def test_a_hex_is_read_as_the_hex_its_tile_and_its_chests() -> None:
    form = HexForm(query(hex=" c 2 ", tile="treasure", chests="3", revealed="on"), side=5)
    assert form.is_valid(), form.errors
    data = form.cleaned_data
    assert (data["at"], data["tile"], data["chests"], data["revealed"]) == (
        geometry(5).parse("C2"),
        Tile.TREASURE,
        3,
        True,
    )
    form = HexForm(query(hex="C2", tile="reefs", chests=""), side=5)
    assert form.is_valid() and (form.cleaned_data["tile"], form.cleaned_data["chests"]) == (Tile.REEFS, 0)


@pytest.mark.parametrize(
    ("label", "message"),
    [
        ("ZZ99", "“ZZ99” is not a hex of this board (e.g. A1 … I1)."),
        ("Z1", "“Z1” is not a hex of this board (e.g. A1 … I1)."),  # a bay is not a hex
        ("K1", "“K1” is not a hex of this board (e.g. A1 … I1)."),  # off a board of side 5
    ],
)
def test_a_label_of_no_hex_is_the_forms_own_error(label: str, message: str) -> None:
    form = HexForm(query(hex=label, tile="reefs"), side=5)
    assert not form.is_valid()
    assert form.non_field_errors() == [message] and "at" not in form.cleaned_data


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"tile": "reefs"}, "hex", "Choose a hex."),
        (
            {"hex": "A1", "tile": "gold"},
            "tile",
            "Select a valid choice. gold is not one of the available choices.",
        ),
        ({"hex": "A1", "tile": "treasure", "chests": "3.5"}, "chests", "Enter a whole number."),
        (
            {"hex": "A1", "tile": "treasure", "chests": "10"},
            "chests",
            "Ensure this value is less than or equal to 9.",
        ),
    ],
)
def test_a_hex_field_that_cannot_be_read_says_why(data: dict[str, str], field: str, message: str) -> None:
    form = HexForm(query(**data), side=5)
    assert not form.is_valid() and form.errors[field] == [message]


def _file_form(name: str = "Tábor", **files: SimpleUploadedFile) -> RoundFileForm:
    return RoundFileForm(query(name=name, text="pasted"), files)


def test_a_round_file_uploaded_wins_over_the_pasted_text() -> None:
    form = _file_form(file=SimpleUploadedFile("r.json", "\ufeff{}".encode()))
    assert form.is_valid() and form.cleaned_data["text"] == "{}"


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (b"x" * (MAX_IMPORT_BYTES + 1), "Tábor", "The file is too large (at most 2 MB)."),
        (b"\xff\xfe\xfa", "Tábor", "The file is not UTF-8 text: is it a zlate-ostrovy/1 JSON file?"),
        (b"  ", "Tábor", "Choose a file or paste its text."),
        (b"{}", "   ", "Give the new camp run a name."),
    ],
)
def test_a_round_file_refused_says_why(content: bytes, name: str, message: str) -> None:
    form = _file_form(name, file=SimpleUploadedFile("r.json", content))
    assert not form.is_valid() and form.non_field_errors() == [message]


def test_the_czech_messages_are_czech() -> None:
    with translation.override(settings.LANGUAGE_CODE):
        form = read_orders(query(_route_C9="s"), ["C1"], ["C1"])
    assert form.problems == ("Tento tým nemá loď „C9“.",)


def test_the_form_cleans_into_the_one_order_sheet() -> None:
    form = OrdersForm(
        query(_route_C1="N NE", build_cargo="1", harbor="+", fire="E3"),
        idents=["C1", "B"],
        modes=["C1"],
        alphabet=Alphabet.ENGLISH,
    )
    assert form.is_valid()
    assert form.cleaned_data == OrderSheet(
        build_cargo="1",
        build_battleship="",
        routes=(("C1", "N NE"), ("B", "")),
        harbor="+",
        fire="E3",
        alphabet=Alphabet.ENGLISH,
    )


def test_a_route_of_a_ship_the_team_lacks_is_a_form_error_naming_it() -> None:
    form = OrdersForm(query(_route_C4="S"), idents=["C1"], modes=["C1"], alphabet=Alphabet.CZECH)
    assert not form.is_valid()
    assert form.non_field_errors() == ["This team has no ship “C4”."]
    assert form.cleaned_data.routes == (("C1", ""),)  # the sheet is still read, for the page to draw
