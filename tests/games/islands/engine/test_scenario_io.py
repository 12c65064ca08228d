"""Reading and writing round files: every problem with its JSON path, and the exact output shape."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.islands.engine.orders import Orders, ProblemCode
from games.islands.engine.resolve import resolve
from games.islands.engine.scenario import (
    SCENARIO_PROBLEM_TEXTS,
    ScenarioError,
    ScenarioProblemCode,
    load_scenario,
    parse_scenario,
)
from games.islands.engine.scenario_writer import (
    draws_document,
    result_document,
    run_scenario,
    scenario_document,
)


def base(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {
        "format": "zlate-ostrovy/1",
        "side": 5,
        "seed": 7,
        "hexes": {"E3": {"tile": "treasure", "chests": 2}, "F4": {"tile": "reefs", "revealed": True}},
        "teams": [
            {
                "name": "red",
                "harbor": "Z2",
                "delivered": 0,
                "ap_total": 25,
                "ships": [
                    {"id": "C1", "kind": "cargo", "at": "Z2"},
                    {"id": "C2", "kind": "cargo", "at": "D3", "chests": 1, "boat": 1, "seahorse": True},
                    {"id": "B", "kind": "battleship", "at": "E5"},
                ],
            }
        ],
        "pirates": [{"id": "P1", "at": "G3", "moves": ["N", "S"] * 5 + ["N"]}],
        "orders": {
            "red": {"ap": 14, "build": {"cargo": 1}, "routes": {"C2": "N N", "B": "S S"}, "fire": "E3"}
        },
        "draws": {"P1.shot": "A1"},
    }
    doc.update(changes)
    return doc


def problems_of(doc: object) -> list[str]:
    with pytest.raises(ScenarioError) as error:
        load_scenario(doc)
    return [str(p) for p in error.value.problems]


def coded(doc: object) -> list[tuple[str, ScenarioProblemCode, dict[str, object]]]:
    """The problems as the Django layer reads them: path, code and params."""
    with pytest.raises(ScenarioError) as error:
        load_scenario(doc)
    return [(p.path, p.code, dict(p.params)) for p in error.value.problems]


def test_a_good_file_reads() -> None:
    scenario = load_scenario(base())
    red = scenario.state.team("red")
    assert [s.id for s in red.ships] == ["C1", "C2", "B"]
    assert red.ships[0].in_harbor and red.ships[1].seahorse
    assert scenario.orders_by_team["red"].build_cargo == 1
    assert scenario.state.pirates[0].moves[:2] == ("N", "S")


def test_not_json() -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario("{ nope")
    assert len(error.value.problems) == 1 and "not valid JSON" in str(error.value)


def test_not_json_names_line_and_column() -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario('{"format": "zlate-ostrovy/1",\n  "side": 5,,\n}')
    (problem,) = error.value.problems
    assert problem.path == "" and problem.code is ScenarioProblemCode.NOT_JSON
    assert (problem.param("line"), problem.param("column")) == (2, 13)
    assert (
        str(problem)
        == "not valid JSON: Expecting property name enclosed in double quotes: line 2 column 13 (char 42)"
    )


def test_a_number_too_long_for_python_is_a_problem_not_a_crash() -> None:
    with pytest.raises(ScenarioError) as error:
        parse_scenario('{"format": "zlate-ostrovy/1", "side": 5, "seed": ' + "1" * 5000 + "}")
    (problem,) = error.value.problems
    assert problem.code is ScenarioProblemCode.NUMBER_TOO_LONG
    assert str(problem).startswith("not valid JSON: a number has more than ")


def test_every_code_has_an_english_text() -> None:
    assert set(SCENARIO_PROBLEM_TEXTS) == set(ScenarioProblemCode)


def test_problems_carry_a_code_and_params() -> None:
    doc = base(colour="red")
    doc["side"] = 5
    doc["seed"] = "7"
    doc["hexes"]["X9"] = {"tile": "reefs"}
    doc["hexes"]["A1"] = {"tile": "lava"}
    doc["teams"][0]["ships"][2]["at"] = "Z5"
    doc["teams"][0]["ships"][1]["chests"] = 3
    doc["pirates"][0]["moves"] = ["N", "UP"]
    doc["orders"]["red"]["routes"]["C2"] = "N X"
    doc["orders"]["red"]["harbor"] = "+ ?"
    doc["orders"]["blue"] = {"ap": 3}
    found = coded(doc)
    assert ("colour", ScenarioProblemCode.UNKNOWN_KEY, {}) in found
    assert ("seed", ScenarioProblemCode.NOT_INTEGER, {}) in found
    assert ("hexes.X9", ScenarioProblemCode.BAD_LABEL, {"label": "X9", "side": 5}) in found
    assert ("hexes.A1.tile", ScenarioProblemCode.NOT_TILE) in [f[:2] for f in found]
    nor_harbor = ("teams[0].ships[2].at", ScenarioProblemCode.NOT_BOARD_HEX_NOR_HARBOR, {"label": "Z5"})
    assert nor_harbor in found
    assert (
        "teams[0].ships[1].chests",
        ScenarioProblemCode.CHESTS_DO_NOT_FIT,
        {"chests": 3, "room": 2},
    ) in found
    assert (
        "pirates[0].moves[1]",
        ScenarioProblemCode.NOT_DIRECTION,
        {"value": "'UP'", "shown": "UP"},
    ) in found
    route = {"position": 2, "token": "X", "allowed": ". N NE SE S SW NW"}
    assert ("orders.red.routes.C2", ScenarioProblemCode.ROUTE_TOKEN, route) in found
    harbor = {"position": 2, "token": "?", "allowed": "+ - ."}
    assert ("orders.red.harbor", ScenarioProblemCode.HARBOR_TOKEN, harbor) in found
    assert ("orders.blue", ScenarioProblemCode.UNKNOWN_TEAM, {"team": "blue"}) in found


def test_illegal_orders_keep_the_order_problem() -> None:
    doc = base()
    doc["orders"]["red"]["routes"] = {"B": "NE NE"}
    with pytest.raises(ScenarioError) as error:
        load_scenario(doc)
    (problem,) = error.value.problems
    assert problem.code is ScenarioProblemCode.ILLEGAL_ORDERS
    assert problem.order_problem is not None and problem.order_problem.code is ProblemCode.OFF_BOARD
    assert problem.path == problem.order_problem.path == "orders.red.routes.B"
    assert str(problem) == "orders.red.routes.B: off_board (step 2, at=F5)"


def test_every_format_problem_with_its_path() -> None:
    doc = base()
    doc["hexes"]["X9"] = {"tile": "gold"}
    doc["hexes"]["A1"] = {"tile": "lava"}
    doc["hexes"]["B1"] = {"tile": "map", "chests": 2}
    doc["teams"][0]["ships"][1]["kind"] = "battleship"
    doc["teams"][0]["ships"][2]["at"] = "Z5"
    doc["pirates"][0]["moves"] = ["N"]
    doc["orders"]["red"]["routes"]["C2"] = "N X"
    doc["orders"]["blue"] = {"ap": 3}
    doc["draws"]["P1.dance"] = "A1"
    found = problems_of(doc)
    for expected_start in (
        "hexes.X9: ",
        "hexes.A1.tile: 'lava' is not a tile",
        "hexes.B1.chests: only a treasure holds chests",
        "teams[0].ships[1].kind: ship C2 is a cargo",
        "teams[0].ships[2].at: Z5 is not a board hex nor the team's harbor",
        "pirates[0].moves: a pirate gets 11 moves, not 1",
        "orders.red.routes.C2: token 2 'X' is not one of",
        "orders.blue: there is no team blue",
        "draws.P1.dance: not a draw key",
    ):
        assert any(p.startswith(expected_start) for p in found), (expected_start, found)


def test_illegal_orders_are_reported_with_paths() -> None:
    doc = base()
    doc["orders"]["red"]["routes"] = {
        "C2": "N N N N N N N N N N N N N N N N N N N N",
        "B": "NE NE",
        "C5": "N",
    }
    found = problems_of(doc)
    assert "orders.red.routes.C2: route_too_long (length=20, allowed=16, per_step=2)" in found
    assert "orders.red.routes.B: off_board (step 2, at=F5)" in found
    assert "orders.red.routes.C5: unknown_ship" in found


def test_a_route_under_a_key_that_is_no_ship_id_is_a_format_problem() -> None:
    """Orders name their ships by ShipId: a key that is none never reaches them; one the team lacks
    (C5) is the orders' check's to name, as above."""
    doc = base()
    doc["orders"]["red"]["routes"] = {"c2": "N", "X": "N", "C5": "N"}
    assert problems_of(doc) == [
        "orders.red.routes.c2: a ship id is C1…C6 or B, once per team",
        "orders.red.routes.X: a ship id is C1…C6 or B, once per team",
    ]


def test_unknown_keys_are_named() -> None:
    found = problems_of(base(colour="red"))
    assert found == ["colour: unknown key"]
    doc = base()
    doc["teams"][0]["ships"][0]["speed"] = 3
    assert problems_of(doc) == ["teams[0].ships[0].speed: unknown key"]


def test_missing_and_wrong_types() -> None:
    assert problems_of([]) == ["must be an object"]
    found = problems_of({"format": "zlate-ostrovy/2", "side": 5, "teams": [{"name": "red", "harbor": "A1"}]})
    assert "format: must be 'zlate-ostrovy/1'" in found
    assert "teams[0].harbor: A1 is not a bay" in found
    assert problems_of({"format": "zlate-ostrovy/1", "teams": []}) == ["side: is missing"]


def test_output_has_exactly_the_documented_shape() -> None:
    out = json.loads(run_scenario(json.dumps(base())))
    assert list(out) == [
        "format",
        "side",
        "seed",
        "round",
        "hexes",
        "teams",
        "pirates",
        "events",
        "pending",
        "standings",
    ]
    assert "orders" not in out and "draws" not in out
    # Hidden special tiles stay listed (hidden); revealed hexes are listed; plain hidden sea is not.
    # The battleship passed E3 (revealing it) but loads nothing.
    assert out["hexes"]["E3"] == {"tile": "treasure", "revealed": True, "chests": 2}
    assert out["hexes"]["F4"] == {"tile": "reefs", "revealed": True}
    assert all(h["revealed"] or h["tile"] != "open-sea" for h in out["hexes"].values())
    ships = {s["id"]: s for s in out["teams"][0]["ships"]}
    assert ships["C3"]["new"] is True and ships["C3"]["at"] == "Z2"
    assert ships["C1"]["new"] is False
    # Every key that applies is written, defaults included, so a reader never needs the defaults.
    ship_keys = ["id", "kind", "at", "chests", "boat", "seahorse", "mermaid", "octopus", "new"]
    assert all(list(s) == ship_keys for s in ships.values())
    assert all(list(p) == ["id", "at", "seahorse", "mermaid", "octopus"] for p in out["pirates"])
    assert out["pirates"]
    assert all(list(t) == ["name", "harbor", "delivered", "ap_total", "ships"] for t in out["teams"])
    assert all(
        list(h) == ["tile", "revealed", "chests"] for h in out["hexes"].values() if h["tile"] == "treasure"
    )
    assert all(list(h) == ["tile", "revealed"] for h in out["hexes"].values() if h["tile"] != "treasure")
    for event in out["events"]:
        assert set(event) <= {"step", "half", "who", "at", "what", "private"}
        assert event["half"] in (1, 2)
    assert set(out["pending"]) == {"telescope", "hints"}
    assert out["standings"] == [{"team": "red", "delivered": 0, "ap_total": 39}]


def test_the_round_key_defaults_to_1_and_the_output_carries_the_next() -> None:
    assert load_scenario(base()).state.round_number == 1
    assert load_scenario(base(round=None)).state.round_number == 1  # null is the default, as elsewhere
    assert load_scenario(base(round=4)).state.round_number == 4
    assert json.loads(run_scenario(json.dumps(base())))["round"] == 2
    assert json.loads(run_scenario(json.dumps(base(round=4))))["round"] == 5


def test_a_bad_round_is_named_with_its_path() -> None:
    assert problems_of(base(round=0)) == ["round: must be at least 1"]
    assert problems_of(base(round=-3)) == ["round: must be at least 1"]
    for wrong in ("2", 1.5, True, [1]):
        assert problems_of(base(round=wrong)) == ["round: must be a whole number"], wrong
    assert [(path, code) for path, code, _params in coded(base(round=0))] == [
        ("round", ScenarioProblemCode.TOO_SMALL)
    ]


def test_draws_derive_from_the_round() -> None:
    # The pirate has no moves: they are drawn from (seed, round, "P1.moves"), as is its shot.
    doc = base(orders={}, draws={}, hexes={})
    doc["pirates"][0].pop("moves")

    def pirate_events(d: dict[str, Any]) -> list[object]:
        out = json.loads(run_scenario(json.dumps(d)))
        return [out["pirates"]] + [(e["what"], e["at"]) for e in out["events"] if e["who"] == "P1"]

    assert pirate_events(doc) == pirate_events(doc)
    assert pirate_events(doc) != pirate_events({**doc, "round": 2})
    # The output read back resolves round 2: it does not draw round 1's dice again.
    out = json.loads(run_scenario(json.dumps(doc)))
    assert out["round"] == 2
    assert pirate_events(out) != pirate_events({**out, "round": 1})


def test_the_draws_a_round_used_replay_it_as_any_round() -> None:
    # Red's C1 is struck by rum twice (D2, then D3 where its first rum move leads it): every
    # direction of its one stream is in the result's draws, in order, the fixed one included.
    doc = base(
        hexes={"D2": {"tile": "rum"}, "D3": {"tile": "rum"}},
        teams=[{"name": "red", "harbor": "Z1", "ships": [{"id": "C1", "kind": "cargo", "at": "D1"}]}],
        pirates=[],
        orders={"red": {"ap": 4, "routes": {"C1": "N N N N"}}},
        draws={"red.C1.rum": ["N"]},
        round=3,
    )
    scenario = load_scenario(doc)
    result = resolve(scenario.state, scenario.orders_by_team, scenario.draws)
    rum_moves = [e.get("direction") for e in result.events if e.what.value == "rum-move"]
    assert [e.what.value for e in result.events].count("rum") == 2
    assert dict(result.draws.directions) == {"red.C1.rum": tuple(rum_moves)}
    assert rum_moves[0] == "N" and len(rum_moves) == 3
    as_round_1 = {**doc, "round": 1, "draws": draws_document(result.draws, scenario.state.geometry)}
    replayed = load_scenario(as_round_1)
    again = resolve(replayed.state, replayed.orders_by_team, replayed.draws)
    assert again.events == result.events and again.state.teams == result.state.teams


def test_output_reads_back_as_input() -> None:
    out = json.loads(run_scenario(json.dumps(base())))
    again = load_scenario(out)
    # Ships, board and teams survive the trip; the pirates get new draws when resolved.
    assert [s.id for s in again.state.team("red").ships] == [s["id"] for s in out["teams"][0]["ships"]]
    second = json.loads(run_scenario(json.dumps(out)))
    assert second["standings"][0]["ap_total"] == 39  # no orders: no AP received


def test_writer_and_reader_agree() -> None:
    scenario = load_scenario(base())
    doc = scenario_document(scenario.state, scenario.orders_by_team)
    doc["draws"] = base()["draws"]
    again = load_scenario(json.loads(json.dumps(doc)))
    assert again.state == scenario.state
    assert again.orders_by_team == scenario.orders_by_team
    assert resolve(again.state, again.orders_by_team, again.draws) == resolve(
        scenario.state, scenario.orders_by_team, scenario.draws
    )


def test_result_document_of_a_python_round() -> None:
    scenario = load_scenario(base(orders={"red": {"ap": 1}}))
    doc = result_document(resolve(scenario.state, {"red": Orders(ap=1)}, scenario.draws))
    assert doc["teams"][0]["ap_total"] == 26  # type: ignore[index]


def test_directions_of_any_json_type_are_named_not_crashed_on() -> None:
    doc = base()
    doc["pirates"][0]["moves"] = ["N", ["S"], {}, 3, None] + ["N"] * 6
    doc["draws"]["red.C2.rum"] = ["S", {"d": "N"}]
    found = problems_of(doc)
    assert "pirates[0].moves[1]: ['S'] is not a direction (N NE SE S SW NW)" in found
    assert "pirates[0].moves[2]: {} is not a direction (N NE SE S SW NW)" in found
    assert "pirates[0].moves[3]: 3 is not a direction (N NE SE S SW NW)" in found
    assert "draws.red.C2.rum[1]: {'d': 'N'} is not a direction (N NE SE S SW NW)" in found


def test_null_is_the_default_and_a_wrong_type_is_named() -> None:
    # null reads as the default everywhere (as for chests, flags, fire); any other wrong type is named.
    doc = base()
    doc["orders"]["red"].update(build=None, routes=None, harbor=None, fire=None)
    assert load_scenario(doc).orders_by_team["red"] == Orders(ap=14)
    wrongs: list[object] = [[], "", 0, False, "N N"]
    for wrong in wrongs:
        doc = base()
        doc["orders"]["red"]["routes"] = wrong
        assert problems_of(doc) == ["orders.red.routes: must be an object"], wrong
        doc = base()
        doc["orders"]["red"]["build"] = wrong
        assert problems_of(doc) == ["orders.red.build: must be an object"], wrong


def test_two_labels_of_one_hex_are_refused() -> None:
    doc = base()
    doc["hexes"]["e3"] = {"tile": "reefs"}
    assert problems_of(doc) == ["hexes.e3: names the same hex as hexes.E3"]
