"""The ``batavia/1`` record: reading with JSON-path errors, replaying with action-numbered errors,
writing, and the replay's output JSON."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.batavia.engine import bots, record, setup
from games.batavia.engine.actions import Pass, Play, Roll
from games.batavia.engine.record import RecordError, ReplayError

from .helpers import DECK, NAMES3, TRACK


def base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "batavia/1",
        "players": list(NAMES3),
        "auctioneer": "Red",
        "open_tiles": False,
        "track": [str(t) for t in TRACK],
        "deck": list(DECK),
        "actions": [
            {"by": "Red", "roll": 3},
            {"by": "Blue", "bid": 2},
            {"by": "Green", "pass": True},
            {"by": "Red", "pass": True},
            {"by": "Blue", "draw": True},
            {"by": "Green", "play": {"DK": 1}, "move": "DK", "cash_in": False},
        ],
    }
    data.update(changes)
    return data


def error_of(data: object) -> str:
    with pytest.raises(RecordError) as e:
        record.read_record(data)
    return str(e.value)


def replay_error(actions: list[dict[str, Any]]) -> str:
    with pytest.raises(ReplayError) as e:
        record.replay(record.read_record(base(actions=actions)))
    return str(e.value)


def test_a_record_replays_to_the_state_it_describes() -> None:
    s = record.replay(record.read_record(base()))
    out = record.state_to_output(s)
    assert out["phase"] == "turns" and out["to_act"] == "Red" and out["start_player"] == "Blue"
    green = out["players"][2]
    assert green["laid"] == {"DK": 1} and green["seals"] == ["DK"] and green["field"] == 2
    assert green["tiles"] == ["DK-tea"] and green["crates_left"] == 11
    assert out["exchanges"] == {"tea": {"Green": 1}}
    assert out["track"][1] == {"field": 2, "tile": "DK-tea", "face_up": True, "taken_by": "Green"}
    assert out["cannon"] == 1 and out["deck_size"] == 110 - 30 - 3 - 2


def test_defaults_auctioneer_open_tiles_move_and_cash_in() -> None:
    data = base()
    del data["auctioneer"], data["open_tiles"]
    data["actions"][-1] = {"by": "Green", "play": {"DK": 1}, "move": "DK"}
    r = record.read_record(data)
    assert r.auctioneer == "Red" and r.open_tiles is False
    assert r.actions[-1] == ("Green", Play((0, 1, 0, 0, 0), "DK", False))
    r = record.read_record(base(actions=[{"by": "Red", "play": {"EN": 1}}]))
    assert r.actions[0][1] == Play((1, 0, 0, 0, 0), "goal", False)


def test_the_example_actions_of_the_format_round_trip_through_json() -> None:
    r = record.read_record(base())
    assert r.actions[0] == ("Red", Roll(3)) and r.actions[2] == ("Green", Pass())
    s = record.replay(r)
    assert record.state_to_record(s) == base()
    assert record.replay(record.load_record(record.dump_record(s))) == s


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "batavia/2"}, "$.format: unknown format 'batavia/2'"),
        ({"players": ["A", "B"]}, "$.players: Batavia needs 3 to 5 players, not 2"),
        ({"players": ["A", "B", "A"]}, "$.players[2]: 'A' appears twice"),
        ({"players": ["A", "B", 3]}, "$.players[2]: a player is a non-empty string"),
        ({"auctioneer": "Pink"}, "$.auctioneer: 'Pink' is not one of the players"),
        ({"open_tiles": "yes"}, "$.open_tiles: expected true or false"),
        ({"track": "DK-tea"}, "$.track: expected a list"),
        ({"deck": None}, "$.deck: expected a list"),
    ],
)
def test_header_errors_name_their_json_path(changes: dict[str, Any], message: str) -> None:
    assert error_of(base(**changes)).startswith(message)


def test_missing_keys_and_bad_json() -> None:
    data = base()
    del data["track"]
    assert error_of(data) == "$.track: missing"
    assert error_of([1, 2]) == "$: a record is a JSON object"
    with pytest.raises(RecordError) as e:
        record.load_record("{not json")
    assert str(e.value).startswith("$: not valid JSON")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": "batavia/1", "actions": ' + "[" * 100_000])
def test_json_nested_too_deeply_is_malformed_not_a_crash(text: str) -> None:
    with pytest.raises(RecordError) as e:
        record.load_record(text)
    assert str(e.value).startswith("$: not valid JSON")


def test_track_errors() -> None:
    track = [str(t) for t in TRACK]
    assert (
        error_of(base(track=[*track[:3], "XX-tea", *track[4:]]))
        == "$.track[3]: unknown company 'XX' in 'XX-tea'"
    )
    assert error_of(base(track=[*track[:3], "NL-beer", *track[4:]])).startswith(
        "$.track[3]: unknown good 'beer'"
    )
    assert error_of(base(track=track[:34])) == "$.track: the track needs 35 tiles, not 34"
    assert error_of(base(track=[*track[:34], track[0]])) == "$.track[34]: EN-tea appears twice on the track"
    swapped = [track[0], track[5], *track[2:5], track[1], *track[6:]]  # EN-tea, EN-cotton in 1-5
    assert error_of(base(track=swapped)) == "$.track[1]: fields 1-5 hold a second EN tile"


def test_deck_errors() -> None:
    deck = list(DECK)
    assert error_of(base(deck=deck[:109])) == "$.deck: the deck needs 110 cards, not 109"
    assert error_of(base(deck=[*deck[:7], "US", *deck[8:]])) == "$.deck[7]: unknown company 'US'"
    assert error_of(base(deck=["DK", *deck[1:]])) == "$.deck: the deck holds 21 EN cards, not 22"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("roll", "$.actions[0]: an action is a JSON object"),
        ({"roll": 3}, "$.actions[0].by: missing"),
        ({"by": "Pink", "roll": 3}, "$.actions[0].by: 'Pink' is not one of the players"),
        ({"by": "Red"}, "$.actions[0]: an action has exactly one of"),
        ({"by": "Red", "roll": 3, "bid": 2}, "$.actions[0]: an action has exactly one of"),
        ({"by": "Red", "roll": "3"}, '$.actions[0].roll: expected a whole number, not "3"'),
        ({"by": "Red", "roll": True}, "$.actions[0].roll: expected a whole number, not true"),
        ({"by": "Red", "pass": False}, "$.actions[0].pass: expected true"),
        ({"by": "Red", "draw": True, "move": "DK"}, "$.actions[0].move: unexpected key in a draw action"),
        ({"by": "Red", "play": {"XX": 1}, "move": "DK"}, "$.actions[0].play.XX: unknown company 'XX'"),
        ({"by": "Red", "play": {"DK": 1.5}, "move": "DK"}, "$.actions[0].play.DK: expected a whole number"),
        ({"by": "Red", "play": {"DK": 1}, "move": "XX"}, "$.actions[0].move: expected a company or 'goal'"),
        ({"by": "Red", "play": {"DK": 1}, "cash_in": 1}, "$.actions[0].cash_in: expected true or false"),
        ({"by": "Red", "reshuffle": ["EN", "??"]}, "$.actions[0].reshuffle[1]: unknown company '??'"),
    ],
)
def test_malformed_actions_name_their_json_path(action: object, message: str) -> None:
    assert error_of(base(actions=[action])).startswith(message)


def test_illegal_actions_name_their_number() -> None:
    opening = base()["actions"][:5]
    assert replay_error([{"by": "Blue", "roll": 3}]) == "action 1: it is Red's turn, not Blue's"
    assert replay_error([{"by": "Red", "roll": 9}]) == "action 1: a die shows 1 to 6, not 9"
    bid_low = [{"by": "Red", "roll": 3}, {"by": "Blue", "bid": 2}, {"by": "Green", "bid": 2}]
    assert replay_error(bid_low) == "action 3: a bid must be higher than 2"
    too_much = [{"by": "Red", "roll": 3}, {"by": "Blue", "bid": 16}]
    assert replay_error(too_much) == "action 2: 16 is more bills than Blue holds"
    no_seal = [*opening, {"by": "Green", "play": {"DK": 1}, "move": "EN"}]
    assert replay_error(no_seal) == "action 6: Green would not hold the EN seal after laying"
    no_majority = [
        *opening,
        {"by": "Green", "play": {"DK": 1}, "move": "DK"},
        {"by": "Red", "play": {"DK": 1}, "move": "DK"},
    ]
    assert replay_error(no_majority).startswith(
        "action 7: after laying these cards Red would hold no majority"
    )
    cash = [*opening, {"by": "Green", "play": {"DK": 1}, "move": "goal"}]
    assert replay_error(cash).startswith("action 6: the goal is only for a merchant with no station ahead")
    reshuffle = [*opening, {"by": "Green", "reshuffle": []}]
    assert replay_error(reshuffle).startswith("action 6: a reshuffle comes only when")


def test_cash_in_twice_for_a_company_is_refused_in_a_replay() -> None:
    actions = [
        *base()["actions"][:5],
        {"by": "Green", "play": {"DK": 1}, "move": "DK", "cash_in": False},
        {"by": "Red", "draw": True},
        {"by": "Blue", "roll": 1},
        {"by": "Green", "pass": True},
        {"by": "Red", "pass": True},
        {"by": "Blue", "pass": True},
        {"by": "Blue", "draw": True},
        {"by": "Green", "play": {"DK": 1}, "move": "DK", "cash_in": True},
    ]
    assert replay_error(actions) == "action 13: Green already holds a DK tile: cashing in needs a new company"


def test_an_action_after_the_end_is_refused() -> None:
    final = bots.play_game(["greedy", "greedy", "greedy"], 3, names=NAMES3)
    data = record.state_to_record(final)
    data["actions"].append({"by": "Red", "draw": True})
    with pytest.raises(ReplayError) as e:
        record.replay(record.read_record(data))
    assert str(e.value) == f"action {len(data['actions'])}: the game is over"


def test_the_output_of_a_finished_game_has_scores_and_ranking() -> None:
    final = bots.play_game(["greedy", "random", "greedy"], 11, names=NAMES3)
    out = record.state_to_output(final)
    assert set(out) == {
        "phase", "round", "to_act", "start_player", "cannon", "lot", "deck_size", "discards",
        "track", "players", "exchanges", "scores", "ranking",
    }  # fmt: skip
    assert out["phase"] == "finished" and out["to_act"] is None
    assert set(out["players"][0]) == {
        "name", "bills", "gold", "hand", "laid", "seals", "field", "tiles", "crates_left", "goal",
    }  # fmt: skip
    assert [p["goal"] for p in out["players"]].count(True) == 1
    goal = next(p for p in out["players"] if p["goal"])
    assert goal["field"] == "goal" and out["scores"][goal["name"]]["goal"] == 4
    for name, sc in out["scores"].items():
        assert sc["total"] == sc["cashed"] + sc["exchanges"] + sc["bills"] + sc["goal"] + sc["seals"]
        assert set(sc) == {"cashed", "exchanges", "bills", "goal", "seals", "total"}
        assert any(name in place for place in out["ranking"])
    totals = [out["scores"][place[0]]["total"] for place in out["ranking"]]
    assert totals == sorted(totals, reverse=True)
    json.dumps(out)  # plain JSON


def test_an_unfinished_game_has_no_scores() -> None:
    out = record.state_to_output(setup.new_game(list(NAMES3), seed=1))
    assert "scores" not in out and "ranking" not in out
    assert out["phase"] == "auction" and out["to_act"] == "Red" and out["start_player"] is None
    assert out["lot"] == {} and out["discards"] == 0 and out["deck_size"] == 80
    assert [f["face_up"] for f in out["track"]] == [True] * 10 + [False] * 25
