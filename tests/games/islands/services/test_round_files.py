"""Round files (``games.islands.services.round_files``): an export replays to what the camp holds,
an import makes a new camp run of a file (or names the file's problems and stores nothing)."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone, translation

from camp import services as camp_services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.islands import demo, results
from games.islands.engine import events as ee
from games.islands.engine.hexes import geometry
from games.islands.engine.resolve import reveal_by_telescope
from games.islands.engine.rng import pirate_moves
from games.islands.engine.sampling import random_legal_orders
from games.islands.engine.scenario import load_scenario
from games.islands.engine.scenario_writer import run_scenario
from games.islands.engine.state import GameState
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.game_state import before_document, game_state
from games.islands.models.board import BoardHex, Harbor
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders, TelescopeChoice
from games.islands.services import round_files
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import (
    file_events,
    new_round,
    opened,
    replay,
)

# ------------------------------------------------------------------------------------ export, import


def test_export_replays_to_the_same_result(started: Camp, tmp_path: Path) -> None:
    played = demo.demo_play(started, rounds=4)
    results = {r.round_id: r for r in RoundResult.objects.all()}
    for i, round_ in enumerate(played):
        text = round_files.round_export(round=round_)
        doc = json.loads(text)
        assert doc["format"] == "zlate-ostrovy/1" and "camp_rows" not in doc
        assert set(doc["orders"]) == {t.name for t in Team.objects.filter(camp=started)}
        out = replay(tmp_path, text)
        stored = results[round_.pk]
        assert out["events"] == file_events(stored.events)
        assert out["standings"] == stored.standings
        assert out["pending"]["hints"] == stored.hints
        if i + 1 < len(played):  # the ships and harbors after = the state before the next round
            nxt = before_document(results[played[i + 1].pk])

            def teams_of(d: dict[str, Any]) -> dict[str, Any]:
                return {
                    t["name"]: {
                        **t,
                        "ships": [{k: v for k, v in s.items() if k != "new"} for s in t["ships"]],
                    }
                    for t in d["teams"]
                }

            assert teams_of(out) == teams_of(nxt)


def play_random_camp(seed: int, *, rounds: int, side: int = 6) -> tuple[Camp, list[Round]]:
    """A camp of three teams played through the services: random placements (ties too), random
    legal orders (now and then none), random telescope choices or skips. Half of the hidden
    open sea turns rum, so ships are often struck twice in a round, ships struck in harbor too."""
    rnd = random.Random(seed)
    camp = camp_services.camp_create(name=f"Náhodný běh {seed}", year=2026, board_side=side)
    Camp.objects.filter(pk=camp.pk).update(seed=seed)
    camp.refresh_from_db()
    teams = [
        camp_services.team_create(camp=camp, name=name, colour=colour)
        for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3"), ("Zelení", "#229954"))
    ]
    demo.game_setup(camp, board_seed=seed)
    sea = list(BoardHex.objects.filter(camp=camp, tile=Tile.OPEN_SEA.value, revealed=False))
    BoardHex.objects.filter(pk__in=[h.pk for h in rnd.sample(sea, len(sea) // 2)]).update(tile=Tile.RUM.value)
    g = geometry(side)
    played = []
    for _number in range(rounds):
        scores = [rnd.randint(1, 3) for _ in teams]  # ranks as a mini-game gives them, ties skip places
        ranks = [1 + sum(other > score for other in scores) for score in scores]
        round_ = new_round(camp, list(zip(teams, ranks, strict=True)))
        round_services.round_open(round=round_)
        state = game_state(camp, round=round_)
        ap = dict(Placement.objects.filter(round=round_).values_list("team__name", "ap"))
        for team in teams:
            if rnd.random() < 0.9:
                orders = random_legal_orders(rnd, state, team.name, int(ap[team.name]), stay_share=0.05)
                demo.submit_orders(round_, team, orders, state)
        result = round_services.round_resolve(round=round_)
        for key in ee.telescope_keys(result.pending_telescopes):  # type: ignore[attr-defined]
            ship = key.split("#")[0]
            if rnd.random() < 0.8:
                round_services.telescope_choose(round=round_, ship=ship, at=rnd.choice(g.ordered))
            else:
                round_services.telescope_skip(round=round_, ship=ship)
        round_services.round_close(round=round_)
        played.append(round_)
    return camp, played


def comparable(state: GameState) -> GameState:
    """A state as the round file carries it between rounds: teams by name, pirates without moves
    (the next round draws them when it opens), no "new" marks."""
    return dataclasses.replace(
        state,
        teams=tuple(
            dataclasses.replace(t, ships=tuple(dataclasses.replace(s, new=False) for s in t.ships))
            for t in sorted(state.teams, key=lambda t: t.name)
        ),
        pirates=tuple(dataclasses.replace(p, moves=()) for p in state.pirates),
    )


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_every_exported_round_replays_to_what_the_camp_holds_next(
    db: None, tmp_path: Path, seed: int
) -> None:
    """An exported round, replayed by ``islands_scenario``, gives the state the camp holds before
    the next round, once that round's telescope choices are applied; its events and standings are
    the stored ones. The rum-heavy boards strike ships twice in a round (every direction of the
    ship's stream must be in the file, not only those after the second rum)."""
    camp, played = play_random_camp(seed, rounds=15)
    results = {r.round_id: r for r in RoundResult.objects.filter(round__camp=camp)}
    final = camp_services.round_create(camp=camp)
    rum_twice = 0
    for i, round_ in enumerate(played):
        stored = results[round_.pk]
        doc = json.loads(round_files.round_export(round=round_))
        assert doc["round"] == round_.number
        out = replay(tmp_path, json.dumps(doc))
        assert out["round"] == round_.number + 1
        assert out["events"] == file_events(stored.events)
        assert out["standings"] == stored.standings
        assert out["pending"]["hints"] == stored.hints
        after = load_scenario(out).state
        for choice in TelescopeChoice.objects.filter(result=stored).exclude(hex=""):
            after = reveal_by_telescope(after, after.geometry.parse(choice.hex))
        if i + 1 < len(played):
            expected = load_scenario(before_document(results[played[i + 1].pk])).state
        else:
            expected = game_state(camp, round=final)
        assert comparable(after) == comparable(expected), f"round {round_.number}"
        strikes: dict[str, int] = {}
        for e in stored.events:
            if e["what"] == "rum":
                strikes[f"{e['team']}.{e['actor']}"] = strikes.get(f"{e['team']}.{e['actor']}", 0) + 1
        rum_twice += sum(1 for n in strikes.values() if n > 1)
    assert rum_twice, "the boards must strike some ship twice in a round, or the test proves little"


def test_a_round_resolved_before_draws_were_kept_exports_them_from_a_resolution(
    db: None, tmp_path: Path
) -> None:
    _camp, played = play_random_camp(3, rounds=3)
    round_ = next(r for r in played if RoundResult.objects.get(round=r).draws)
    stored = RoundResult.objects.get(round=round_)
    kept = json.loads(round_files.round_export(round=round_))
    assert kept["draws"] == stored.draws and kept["round"] == round_.number
    before = {k: v for k, v in stored.before.items() if k != "round"}  # as stored before rounds were
    RoundResult.objects.filter(pk=stored.pk).update(draws=None, before=before)
    again = json.loads(round_files.round_export(round=round_))
    assert again == kept
    assert replay(tmp_path, json.dumps(again))["events"] == file_events(stored.events)


def test_export_of_an_open_round_replays_as_resolving_it(started: Camp, tmp_path: Path) -> None:
    demo.demo_play(started, rounds=2)
    round_ = opened(started)
    demo._orders(started, round_)
    out = replay(tmp_path, round_files.round_export(round=round_))
    result = round_services.round_resolve(round=round_)
    assert out["events"] == file_events(result.events)


ROUND_FILE = {
    "format": "zlate-ostrovy/1",
    "side": 5,
    "seed": 7,
    "hexes": {"B2": {"tile": "treasure", "chests": 2}, "C3": {"tile": "reefs", "revealed": True}},
    "teams": [
        {"name": "red", "harbor": "Z1", "delivered": 1, "ships": [{"id": "C1", "kind": "cargo", "at": "Z1"}]},
        {
            "name": "blue",
            "harbor": "Z5",
            "ships": [
                {"id": "C1", "kind": "cargo", "at": "E3"},
                {"id": "B", "kind": "battleship", "at": "Z5"},
            ],
        },
    ],
    "pirates": [{"id": "P1", "at": "E2"}],
    "orders": {
        "red": {"ap": 8, "routes": {"C1": "N N"}},
        "blue": {"ap": 11, "routes": {"B": "NW"}, "fire": "E2"},
    },
}


def test_import_a_round_file_as_a_new_camp(db: None) -> None:
    text = json.dumps(ROUND_FILE)
    camp = round_files.camp_import_round(text=text, name="Z kola")
    assert (camp.board_side, camp.seed) == (5, 7)
    assert list(Team.objects.filter(camp=camp).values_list("name", flat=True)) == ["red", "blue"]
    # A round file has no place for a mark: the teams get the default ones, in the file's order.
    assert list(Team.objects.filter(camp=camp).values_list("label", "shape")) == [
        ("R", "circle"),
        ("B", "square"),
    ]
    round_ = Round.objects.get(camp=camp)
    assert (round_.number, round_.status) == (1, RoundStatus.ORDERS_OPEN)
    assert TeamOrders.objects.get(team__name="blue").fire == "E2"
    assert Harbor.objects.get(team__name="red").delivered == 1
    result = round_services.round_resolve(round=round_)
    expected = json.loads(run_scenario(text))
    assert file_events(result.events) == expected["events"]
    assert [{"team": s["team"], "delivered": s["delivered"]} for s in result.standings] == [
        {"team": s["team"], "delivered": s["delivered"]} for s in expected["standings"]
    ]


def test_import_keeps_the_files_round_ap_total_and_fixed_draws(db: None) -> None:
    # A round-4 file: the camp's round is round 4 (its draws derive from it, as the command's do),
    # the fixed shot is used, and red's 25 AP so far count for the tie-break.
    doc = {**ROUND_FILE, "round": 4, "draws": {"P1.shot": "B2"}}
    doc["teams"] = [{**ROUND_FILE["teams"][0], "ap_total": 25}, ROUND_FILE["teams"][1]]
    text = json.dumps(doc)
    camp = round_files.camp_import_round(text=text, name="Ze 4. kola")
    round_ = Round.objects.get(camp=camp)
    assert (round_.number, round_.status) == (4, RoundStatus.ORDERS_OPEN)
    assert IslandsRound.objects.get(round=round_).fixed_draws == {"P1.shot": "B2"}
    assert game_state(camp, round=round_).team("red").ap_total == 25
    expected = json.loads(run_scenario(text))
    assert expected["round"] == 5
    assert "P1 shot B2" in {f"{e['who']} {e['what']} {e['at']}" for e in expected["events"]}
    exported = json.loads(round_files.round_export(round=round_))
    assert exported["round"] == 4 and exported["draws"]["P1.shot"] == "B2"
    result = round_services.round_resolve(round=round_)
    assert file_events(result.events) == expected["events"]
    assert result.standings == expected["standings"]
    assert {s.team.name: s.ap_received for s in results.final_standings(camp)} == {"red": 33, "blue": 11}
    # The next round of the imported camp is round 5, drawing its own dice.
    assert camp_services.round_create(camp=camp).number == 5


def test_import_without_round_is_round_1_drawing_as_the_command(db: None) -> None:
    camp = round_files.camp_import_round(text=json.dumps(ROUND_FILE), name="Z kola")
    round_ = Round.objects.get(camp=camp)
    assert round_.number == 1 and IslandsRound.objects.get(round=round_).fixed_draws == {}
    moves = IslandsRound.objects.get(round=round_).pirate_moves["P1"]
    assert moves == list(pirate_moves(7, 1, "P1"))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": 0}, "round: must be at least 1"),
        ({"round": "4"}, "round: must be a whole number"),
        ({"round": 40000}, "round: a camp's round number is at most 32767, not 40000"),
        (
            {"ap_total": 2**40},
            "teams[0].ap_total: the number 1099511627776 is too large (at most 2147483647).",
        ),
        ({"draws": {"P1.shot": "Z1"}}, "draws.P1.shot: Z1 is a bay, not a hex of the board"),
    ],
)
def test_import_names_a_bad_round_ap_total_or_draw_and_stores_nothing(
    db: None, change: dict[str, Any], message: str
) -> None:
    doc = {**ROUND_FILE, **change}
    if "ap_total" in change:
        doc = {**ROUND_FILE, "teams": [{**ROUND_FILE["teams"][0], **change}, ROUND_FILE["teams"][1]]}
    with pytest.raises(IslandsError) as e, translation.override("en"):
        round_files.camp_import_round(text=json.dumps(doc), name="Z kola")
    assert message in e.value.messages
    assert not Camp.objects.exists()


def test_import_refuses_a_bad_file_and_stores_nothing(db: None) -> None:
    bad = {**ROUND_FILE, "orders": {"red": {"ap": 8, "routes": {"C1": "N Q"}}}, "pirates": [{"id": "X"}]}
    with pytest.raises(IslandsError) as e:
        round_files.camp_import_round(text=json.dumps(bad), name="Z kola")
    text = " ".join(e.value.messages)
    assert "orders.red.routes.C1" in text and "pirates[0].id" in text
    with pytest.raises(IslandsError):
        round_files.camp_import_round(text="{not json", name="Z kola")
    with pytest.raises(IslandsError):
        round_files.camp_import_round(text=json.dumps(ROUND_FILE), name="  ")
    assert not Camp.objects.exists()


def _with(path: list[Any], value: Any) -> str:
    """ROUND_FILE as JSON text with ``value`` put at ``path`` (keys and list indexes)."""
    document = json.loads(json.dumps(ROUND_FILE))
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return json.dumps(document)


BIG = "je příliš velké (nejvýš"
NOT_TEXT = "obsahuje znak, který není text (osamocený surogát)."


@pytest.mark.parametrize(
    ("path", "value", "problem"),
    [
        (["teams", 0, "delivered"], 2**31, f"teams[0].delivered: číslo 2147483648 {BIG} 2147483647)."),
        (["teams", 0, "delivered"], 2**40, f"teams[0].delivered: číslo 1099511627776 {BIG} 2147483647)."),
        (["teams", 1, "ships", 0, "boat"], 40000, f"teams[1].ships[0].boat: číslo 40000 {BIG} 32767)."),
        (["teams", 0, "ships", 0, "chests"], 2**15, f"teams[0].ships[0].chests: číslo 32768 {BIG} 32767)."),
        (["orders", "red", "ap"], 40000, f"orders.red.ap: číslo 40000 {BIG} 32767)."),
        (["orders", "red", "ap"], -(2**15), "orders.red.ap: číslo -32768 je příliš malé (nejméně −32767)."),
        (["teams", 0, "ap_total"], 2**63, f"teams[0].ap_total: číslo 9223372036854775808 {BIG} 2147483647)."),
        (["seed"], 10**30, f"seed: číslo 10000000000000000000… {BIG} 9223372036854775807)."),
        (["teams", 0, "name"], "red\ud800", f"teams[0].name: „red\\ud800“ {NOT_TEXT}"),
        (["orders", "red", "routes", "C1"], "N \udfff", f"orders.red.routes.C1: „N \\udfff“ {NOT_TEXT}"),
    ],
)
def test_import_names_what_no_database_can_store(db: None, path: list[Any], value: Any, problem: str) -> None:
    """Issue 8: such files answered 500 (SQLite above 2^63, PostgreSQL past a column's range, a lone
    surrogate echoed into the error message)."""
    with pytest.raises(IslandsError) as refused:
        round_files.camp_import_round(text=_with(path, value), name="Z kola")
    assert refused.value.messages == ["Soubor kola nelze importovat:", problem]
    assert not Camp.objects.exists()


def test_import_names_a_lone_surrogate_in_a_key(db: None) -> None:
    text = json.dumps({**ROUND_FILE, "orders": {"red\ud800": {"ap": 1}}})
    with pytest.raises(IslandsError) as refused:
        round_files.camp_import_round(text=text, name="Z kola")
    assert refused.value.messages[1] == f"orders: klíč „red\\ud800“ {NOT_TEXT}"
    assert not Camp.objects.exists()


def test_export_imports_again(started: Camp) -> None:
    played = demo.demo_play(started, rounds=2)
    camp = round_files.camp_import_round(text=round_files.round_export(round=played[-1]), name="Kopie")
    assert Team.objects.filter(camp=camp).count() == 3
    assert TeamOrders.objects.filter(round__camp=camp).count() == 3


def test_a_camp_run_imported_from_a_round_file_is_marked_so_on_the_switcher(db: None) -> None:
    from camp.hooks.desk import switcher_marks
    from camp.models import CampOrigin, CampOriginKind

    made_here = camp_services.camp_create(name="Z kola", year=2026)
    camp = round_files.camp_import_round(text=json.dumps(ROUND_FILE), name="Z kola")
    origin = CampOrigin.objects.get(camp=camp)
    assert origin.kind == CampOriginKind.IMPORTED
    at = timezone.localtime(origin.at)
    with translation.override("cs"):
        assert switcher_marks([camp, made_here]) == {
            camp.pk: f"importováno {at:%-d. %-m. %H:%M}",
            made_here.pk: "",
        }
    with pytest.raises(IslandsError):
        round_files.camp_import_round(text="{}", name="Rozbité")
    assert CampOrigin.objects.count() == 1  # a refused file marks nothing
