"""The round lifecycle: open, orders (check, submit), preview, resolve, undo, telescopes, close,
export and import, the round selectors, and what each viewer may read of a round."""

from __future__ import annotations

import dataclasses
import json
import random
import threading
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.islands import demo, results, selectors
from games.islands import orders as islands_orders
from games.islands.engine import events as ee
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.orders import check_all_orders, format_czech_route
from games.islands.engine.resolve import resolve, reveal_by_telescope
from games.islands.engine.rng import pirate_moves
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.scenario import load_scenario, run_scenario
from games.islands.engine.state import Board, Cell, GameState, ShipKind
from games.islands.engine.state import Ship as EngineShip
from games.islands.engine.state import Team as EngineTeam
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError, OrdersInvalid
from games.islands.game_state import before_document, game_state, priority_team_ids
from games.islands.models import (
    BoardHex,
    Harbor,
    IslandsRound,
    Pirate,
    RoundResult,
    Ship,
    TeamOrders,
    TelescopeChoice,
)
from games.islands.orders import OrdersText
from games.islands.services import round_files
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import place_tile

# ------------------------------------------------------------------------------------ helpers


@pytest.fixture
def started(camp: Camp, teams: list[Team]) -> Camp:
    """The side-5 camp with its board, sides, bays and ships (no rounds yet)."""
    demo.game_setup(camp, board_seed=11)
    return camp


def new_round(camp: Camp, ranks: list[tuple[Team, int]] | None = None) -> Round:
    round_ = camp_services.round_create(camp=camp)
    teams = list(Team.objects.filter(camp=camp).order_by("order"))
    ranks = ranks if ranks is not None else [(t, i) for i, t in enumerate(teams, start=1)]
    camp_services.placements_record(round=round_, ranks={t.pk: r for t, r in ranks})
    round_.refresh_from_db()
    return round_


def opened(camp: Camp, ranks: list[tuple[Team, int]] | None = None) -> Round:
    round_ = new_round(camp, ranks)
    round_services.round_open(round=round_)
    return round_


def rows(camp: Camp) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a round may change, field by field (ship and pirate ids aside)."""
    return {
        "hexes": list(
            BoardHex.objects.filter(camp=camp)
            .order_by("q", "r")
            .values_list("q", "r", "tile", "chests", "revealed", "revealed_round_id", "revealed_by_id")
        ),
        "ships": list(
            Ship.objects.filter(team__camp=camp)
            .order_by("team_id", "ident")
            .values_list(
                "team_id",
                "ident",
                "kind",
                "q",
                "r",
                "chests",
                "boat",
                "seahorse",
                "mermaid",
                "octopus",
                "built_round_id",
            )
        ),
        "pirates": list(
            Pirate.objects.filter(camp=camp)
            .order_by("ident")
            .values_list("ident", "q", "r", "seahorse", "mermaid", "octopus")
        ),
        "harbors": list(
            Harbor.objects.filter(team__camp=camp)
            .order_by("team_id")
            .values_list("team_id", "side", "bay", "delivered")
        ),
    }


def harbor_of(team: Team) -> Any:
    g = geometry(team.camp.board_side)
    return g.bay(Harbor.objects.get(team=team).bay)


def put_tile(camp: Camp, team: Team, tile: Tile, *, chests: int = 0, index: int = 0) -> tuple[str, str]:
    """Put ``tile`` (hidden) on a hex touching the team's bay; returns (hex label, Czech direction)."""
    g = geometry(camp.board_side)
    bay = harbor_of(team)
    h = g.bay_hexes(bay)[index]
    place_tile(camp, g.label(h), tile.value, chests=chests)
    direction = direction_between(bay, h)
    assert direction is not None
    return g.label(h), format_czech_route((direction,))


def replay(tmp_path: Path, text: str) -> dict[str, Any]:
    path = tmp_path / "round.json"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("islands_scenario", str(path), stdout=out)
    return json.loads(out.getvalue())


def file_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored events as the round file writes them."""
    out = []
    for e in events:
        who = e["actor"] if e["team"] is None else (f"{e['team']}.{e['actor']}" if e["actor"] else e["team"])
        entry = {"step": e["step"], "half": e["half"], "who": who, "at": e["at"], "what": e["what"]}
        if e["visibility"] != "public":
            entry["private"] = True
        out.append(entry)
    return out


# ------------------------------------------------------------------------------------ open


def test_open_needs_a_started_game(camp: Camp, teams: list[Team]) -> None:
    round_ = new_round(camp)
    with pytest.raises(IslandsError, match="board"), translation.override("en"):
        round_services.round_open(round=round_)
    assert round_.status == RoundStatus.MINIGAME_RECORDED
    assert not IslandsRound.objects.exists()


def test_open_needs_placements(started: Camp) -> None:
    round_ = camp_services.round_create(camp=started)
    with pytest.raises(IslandsError) as e, translation.override("en"):
        round_services.round_open(round=round_)
    assert "placements" in str(e.value)
    Round.objects.filter(pk=round_.pk).update(status=RoundStatus.MINIGAME_RECORDED)  # no placement at all
    round_.refresh_from_db()
    with pytest.raises(IslandsError, match="placements"), translation.override("en"):
        round_services.round_open(round=round_)
    assert not IslandsRound.objects.exists()


def test_open_fixes_priority_and_pirate_moves(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    Pirate.objects.create(camp=started, ident="P1", q=4, r=-4)
    round_ = opened(started, [(red, 3), (blue, 1), (green, 1)])
    assert round_.status == RoundStatus.ORDERS_OPEN
    islands_round = IslandsRound.objects.get(round=round_)
    assert islands_round.priority[0] in (blue.pk, green.pk) and islands_round.priority[2] == red.pk
    assert len(islands_round.pirate_moves["P1"]) == 11
    # The lot is a recorded draw: the same again, and the state follows the priority.
    assert priority_team_ids(round_) == islands_round.priority
    names = [t.name for t in game_state(started, round=round_).teams]
    assert names == [Team.objects.get(pk=pk).name for pk in islands_round.priority]
    with pytest.raises(IslandsError, match="already"), translation.override("en"):
        round_services.round_open(round=round_)


def test_teams_without_placement_come_last(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    round_ = opened(started, [(green, 1)])
    assert IslandsRound.objects.get(round=round_).priority[0] == green.pk


def test_open_refused_while_an_earlier_round_is_not_resolved(started: Camp) -> None:
    opened(started)
    second = new_round(started)
    with pytest.raises(IslandsError) as e, translation.override("en"):
        round_services.round_open(round=second)
    assert "Round 1 is not resolved" in str(e.value)
    assert second.status == RoundStatus.MINIGAME_RECORDED


# ------------------------------------------------------------------------------------ orders


def test_orders_check_reads_czech_letters_and_draws_the_route(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    g = geometry(5)
    bay = harbor_of(red)
    first = g.bay_hexes(bay)[0]
    d = direction_between(bay, first)
    assert d is not None
    czech = format_czech_route((d, None))
    check = islands_orders.orders_check(
        round=round_, team=red, text=OrdersText.typed(routes={"C1": czech}, harbor="", fire="")
    )
    assert check.ok, check.problems
    assert check.ap == 14 and check.steps == 14 and check.build_cost == 0
    assert check.routes[0].points == (g.label(bay), g.label(first))
    assert check.routes_text == {"C1": f"{d} ."}
    assert check.steps_used == 2 and check.ap_left == 12
    # The same route in English letters.
    english = islands_orders.orders_check(
        round=round_, team=red, text=OrdersText.typed(routes={"C1": f"{d} ."}, notation="en")
    )
    assert english.ok and english.routes == check.routes


def test_orders_check_names_the_ship_the_step_and_the_hex(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    round_ = opened(started)
    g = geometry(5)
    bay = harbor_of(red)
    outward = next(d for d in ("N", "NE", "SE", "S", "SW", "NW") if not g.on_board(bay.step(d)))
    route = format_czech_route((outward,))
    check = islands_orders.orders_check(round=round_, team=red, text=OrdersText.typed(routes={"C1": route}))
    assert [p.message for p in check.problems] == [
        f"Loď C1, krok 1: vyplula by mimo herní plán u {g.label(bay)}"
    ]
    problem = check.problems[0]
    assert (problem.ship, problem.step, problem.field) == ("C1", 1, "routes")
    with translation.override("en"):
        check = islands_orders.orders_check(
            round=round_, team=red, text=OrdersText.typed(routes={"C1": route})
        )
    assert check.problems[0].message == f"Ship C1, step 1: would sail off the board at {g.label(bay)}"


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
        check = islands_orders.orders_check(round=round_, team=red, text=OrdersText.typed(**NONSENSE))  # type: ignore[arg-type]
    messages = [p.message for p in check.problems]
    fields = {p.field for p in check.problems}
    assert {"build_cargo", "build_battleship", "routes", "harbor", "fire"} <= fields, messages
    assert any("“hodně” is not a whole number" in m for m in messages)
    assert any(m.startswith("Ship C1, step 2: “XX” is not a direction") for m in messages)
    assert any(m.startswith("Ship C7:") and "no such ship" in m for m in messages)
    assert any(m.startswith("Harbor, step 2: “?” is not a harbor move") for m in messages)
    assert any(m.startswith("Fire: “ZZ99” is not a hex of this board") for m in messages)
    with pytest.raises(OrdersInvalid) as e:
        round_services.orders_submit(round=round_, team=red, text=OrdersText.typed(**NONSENSE))  # type: ignore[arg-type]
    assert len(e.value.problems) >= 5 and e.value.messages
    assert not TeamOrders.objects.exists()


@pytest.mark.parametrize(
    ("fields", "needle"),
    [
        ({"fire": "Z1"}, "is a bay"),
        ({"fire": "E1"}, "no battleship"),
        ({"build_cargo": "3"}, "cost 18 AP"),
        ({"build_battleship": 2}, "battleship"),
        ({"harbor": "+" * 15}, "15 harbor moves"),
        ({"routes": {"C1": ". " * 15}}, "15 moves"),
        ({"routes": {"C1": "N"}}, "“N” is not a direction: write S SV JV J JZ SZ"),
        ({"routes": None, "harbor": None, "fire": None, "build_cargo": None}, ""),
    ],
)
def test_orders_check_problems(started: Camp, teams: list[Team], fields: dict[str, Any], needle: str) -> None:
    round_ = opened(started)
    with translation.override("en"):
        check = islands_orders.orders_check(round=round_, team=teams[0], text=OrdersText.typed(**fields))
    text = " | ".join(p.message for p in check.problems)
    if needle:
        assert needle in text
    else:
        assert check.ok


def test_orders_submit_stores_english_tokens_and_replaces(
    started: Camp, teams: list[Team], staff: Any
) -> None:
    red = teams[0]
    round_ = opened(started)
    label, czech = put_tile(started, red, Tile.OPEN_SEA)
    stored = round_services.orders_submit(
        round=round_,
        team=red,
        user=staff,
        text=OrdersText.typed(build_cargo="1", routes={"c1": f"{czech} . "}, harbor="+.-", fire=""),
    )
    english = direction_between(harbor_of(red), geometry(5).parse(label))
    assert (stored.ap, stored.build_cargo, stored.routes, stored.harbor) == (
        14,
        1,
        {"C1": f"{english} ."},
        "+ . -",
    )
    assert stored.updated_by == staff
    round_services.orders_submit(round=round_, team=red, text=OrdersText.typed(routes={}))
    assert TeamOrders.objects.get().routes == {} and TeamOrders.objects.count() == 1
    assert selectors.team_orders(round_, red) == TeamOrders.objects.get()
    assert islands_orders.stored_orders_text(stored, notation="cs")["routes"] == {"C1": f"{czech} ."}


def test_orders_only_while_open(started: Camp, teams: list[Team]) -> None:
    round_ = new_round(started)
    with pytest.raises(IslandsError, match="cannot be entered"), translation.override("en"):
        round_services.orders_submit(round=round_, team=teams[0], text=OrdersText())
    other = camp_services.camp_create(name="Jiný běh", year=2026, board_side=5)
    stranger = camp_services.team_create(camp=other, name="Žlutí", colour="#f1c40f")
    round_services.round_open(round=round_)
    with pytest.raises(IslandsError):
        round_services.orders_submit(round=round_, team=stranger, text=OrdersText())
    assert not TeamOrders.objects.exists()


# ------------------------------------------------------------------------------------ resolve, undo


def test_preview_stores_nothing_and_reports_problems_per_team(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    round_ = opened(started)
    round_services.orders_submit(round=round_, team=red, text=OrdersText.typed(build_cargo=1))
    round_services.orders_submit(round=round_, team=blue, text=OrdersText.typed(build_battleship=1))
    before = rows(started)
    # Blue's AP drop below the battleship's price: its orders no longer pass.
    camp_services.placements_record(round=round_, ranks={red.pk: 1, green.pk: 2, blue.pk: 3})
    preview = selectors.round_preview(round=round_)
    assert rows(started) == before and not RoundResult.objects.exists()
    assert set(preview.problems) == {blue.name} and preview.missing == [green.name]
    assert not preview.complete
    assert any(e.what.value == "build" and e.team == red.name for e in preview.result.events)
    assert preview.map.staff
    with pytest.raises(OrdersInvalid) as e:
        round_services.round_resolve(round=round_)
    assert all(p.team == blue.name for p in e.value.problems)
    assert e.value.problems[0].message.startswith(f"{blue.name}: ")
    assert not RoundResult.objects.exists() and rows(started) == before


def test_resolve_then_undo_restores_everything_and_resolving_again_gives_the_same(
    started: Camp, teams: list[Team]
) -> None:
    demo.demo_play(started, rounds=2)
    round_ = opened(started)
    demo._orders(started, round_)
    before = rows(started)
    first = round_services.round_resolve(round=round_)
    events = first.events
    assert round_.status == RoundStatus.RESOLVED
    assert first.before["teams"] and "camp_rows" in first.before
    assert rows(started) != before
    with pytest.raises(IslandsError, match="already been resolved"), translation.override("en"):
        round_services.round_resolve(round=round_)
    for key in ee.telescope_keys(first.pending_telescopes):  # type: ignore[attr-defined]
        round_services.telescope_choose(round=round_, ship=key.split("#")[0], label="C3")
    round_services.round_undo(round=round_)
    assert round_.status == RoundStatus.ORDERS_OPEN
    assert rows(started) == before
    assert not RoundResult.objects.filter(round=round_).exists() and not TelescopeChoice.objects.exists()
    assert TeamOrders.objects.filter(round=round_).count() == 3
    again = round_services.round_resolve(round=round_)
    assert again.events == events
    assert again.before == first.before


def test_undo_restores_sunk_ships_with_their_round(started: Camp, teams: list[Team]) -> None:
    red = teams[0]
    first = opened(started)
    round_services.orders_submit(round=first, team=red, text=OrdersText.typed(build_cargo=1))
    round_services.round_resolve(round=first)
    round_services.round_close(round=first)
    c2 = Ship.objects.get(team=red, ident="C2")
    assert c2.built_round_id == first.pk
    second = opened(started)
    label, czech = put_tile(started, red, Tile.REEFS)
    round_services.orders_submit(round=second, team=red, text=OrdersText.typed(routes={"C2": czech}))
    before = rows(started)
    round_services.round_resolve(round=second)
    assert not Ship.objects.filter(team=red, ident="C2").exists()
    round_services.round_undo(round=second)
    assert rows(started) == before


def test_undo_only_the_latest_resolved_round(started: Camp) -> None:
    first = opened(started)
    with pytest.raises(IslandsError, match="nothing to undo"), translation.override("en"):
        round_services.round_undo(round=first)
    round_services.round_resolve(round=first)
    assert selectors.round_undoable(first)
    second = opened(started)
    # the pages offer undo exactly when the service allows it
    assert not selectors.round_undoable(first)
    with pytest.raises(IslandsError, match="only the most recent"), translation.override("en"):
        round_services.round_undo(round=first)
    round_services.round_resolve(round=second)
    assert selectors.round_undoable(second) and not selectors.round_undoable(first)
    round_services.round_close(round=second)
    with pytest.raises(IslandsError, match="closed"), translation.override("en"):
        round_services.round_undo(round=second)


# ------------------------------------------------------------------------------------ telescopes


def test_telescope_choose_skip_and_close(started: Camp, teams: list[Team]) -> None:
    red, blue, _green = teams
    round_ = opened(started)
    _label, czech = put_tile(started, red, Tile.TELESCOPE)
    _label2, czech2 = put_tile(started, blue, Tile.TELESCOPE)
    round_services.orders_submit(round=round_, team=red, text=OrdersText.typed(routes={"C1": czech}))
    round_services.orders_submit(round=round_, team=blue, text=OrdersText.typed(routes={"C1": czech2}))
    with pytest.raises(IslandsError, match="not resolved"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", label="C3")
    result = round_services.round_resolve(round=round_)
    assert sorted(result.pending_telescopes) == sorted([f"{red.name}.C1", f"{blue.name}.C1"])
    overview = selectors.round_overview(round_)
    assert len(overview.pending_telescopes) == 2 and not overview.closable
    with pytest.raises(IslandsError, match="still pending"), translation.override("en"):
        round_services.round_close(round=round_)
    for label, needle in (("ZZ99", "not a hex of this board"), ("Z1", "is a bay"), ("  ", "Enter the hex")):
        with pytest.raises(IslandsError, match=needle), translation.override("en"):
            round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", label=label)
    with pytest.raises(IslandsError, match="no telescope"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C2", label="C3")
    g = geometry(5)
    round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", label="c3")
    revealed = BoardHex.objects.get(camp=started, q=g.parse("C3").q, r=g.parse("C3").r)
    assert revealed.revealed and revealed.revealed_round_id == round_.pk
    assert revealed.revealed_by in (red, None)  # None: it was revealed before by a ship
    with pytest.raises(IslandsError, match="already been entered"), translation.override("en"):
        round_services.telescope_choose(round=round_, ship=f"{red.name}.C1", label="C3")
    round_services.telescope_skip(round=round_, ship=f"{blue.name}.C1")
    assert selectors.round_overview(round_).closable
    round_services.round_close(round=round_)
    assert round_.status == RoundStatus.CLOSED
    with pytest.raises(IslandsError, match="closed"), translation.override("en"):
        round_services.telescope_skip(round=round_, ship=f"{blue.name}.C1")


def test_telescope_keys_number_a_ships_second_telescope() -> None:
    assert ee.telescope_keys(["a.C1", "b.C1", "a.C1"]) == ["a.C1", "b.C1", "a.C1#2"]  # type: ignore[attr-defined]


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
                round_services.telescope_choose(round=round_, ship=ship, label=g.label(rnd.choice(g.ordered)))
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
        ({"ap_total": 2**40}, "teams[0].ap_total: at most 2147483647 AP can be stored"),
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


def test_export_imports_again(started: Camp) -> None:
    played = demo.demo_play(started, rounds=2)
    camp = round_files.camp_import_round(text=round_files.round_export(round=played[-1]), name="Kopie")
    assert Team.objects.filter(camp=camp).count() == 3
    assert TeamOrders.objects.filter(round__camp=camp).count() == 3


# ------------------------------------------------------------------------------------ standings


def test_final_standings_ties_go_to_fewer_ap(started: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    first = opened(started, [(red, 1), (blue, 2), (green, 3)])
    round_services.round_resolve(round=first)
    Harbor.objects.filter(team__in=[red, blue]).update(delivered=2)
    Harbor.objects.filter(team=green).update(delivered=1)
    standings = results.final_standings(started)
    assert [(s.rank, s.team, s.delivered, s.ap_received) for s in standings] == [
        (1, blue, 2, 11),
        (2, red, 2, 14),
        (3, green, 1, 8),
    ]
    assert all(s.ships_afloat >= 1 for s in standings)
    Placement.objects.filter(team=red).update(ap=11)
    standings = results.final_standings(started)
    assert [(s.rank, s.team) for s in standings] == [(1, red), (1, blue), (3, green)]


# ------------------------------------------------------------------------------------ who sees what


def test_hidden_information_never_reaches_public_or_team_views(started: Camp, teams: list[Team]) -> None:
    red, blue, _green = teams
    g = geometry(5)
    round_ = opened(started)
    # Red's C1 finds a map next to its harbor, then rum; blue's C1 finds a boat.
    _map, to_map = put_tile(started, red, Tile.MAP, index=0)
    rum, to_rum = put_tile(started, blue, Tile.RUM, index=0)
    back = format_czech_route((direction_between(g.parse(rum), harbor_of(blue)),))
    BoardHex.objects.filter(camp=started, tile=Tile.TREASURE.value).update(revealed=False)
    round_services.orders_submit(round=round_, team=red, text=OrdersText.typed(routes={"C1": to_map}))
    round_services.orders_submit(
        round=round_, team=blue, text=OrdersText.typed(routes={"C1": f"{to_rum} . {back} {to_rum} {back}"})
    )
    preview = selectors.round_preview(round=round_)
    treasure = [g.label(h.treasure) for h in preview.result.hints]
    assert treasure, "the map gives a hint"
    result = round_services.round_resolve(round=round_)
    staff_whats = {line.what for line in results.result_events(result, viewer="staff")}
    assert "rum-move" in staff_whats and "hint" in staff_whats
    assert json.dumps(result.hints).find(treasure[0]) == -1
    for viewer in ("public", red, blue):
        lines = results.result_events(result, viewer=viewer)
        assert not {line.what for line in lines} & {"rum-move", "redraw"}
        assert all(line.visibility in ("public", "team") for line in lines)
        if viewer == "public":
            assert all(line.visibility == "public" for line in lines)
        else:
            assert all(line.visibility == "public" or line.team == viewer.name for line in lines)  # type: ignore[union-attr]
        serialised = json.dumps([line.__dict__ for line in lines], ensure_ascii=False)
        hidden = BoardHex.objects.get(camp=started, q=g.parse(treasure[0]).q, r=g.parse(treasure[0]).r)
        if not hidden.revealed:
            assert treasure[0] not in serialised
    hints = results.team_hints(result, red)
    assert [h.ship for h in hints] == ["C1"] and not hasattr(hints[0], "treasure")
    assert treasure[0] not in json.dumps([h.__dict__ for h in hints])
    assert results.team_hints(result, blue) == []
    # A team's private events are not the other team's.
    red_lines = {line.what for line in results.result_events(result, viewer=red)}
    blue_lines = {line.what for line in results.result_events(result, viewer=blue)}
    assert "hint" in red_lines and "hint" not in blue_lines
    line = next(x for x in results.result_events(result, viewer=red) if x.what == "reveal")
    assert line.text.startswith("Kolo 1, krok 1: Červení C1 odhalili ")
    with translation.override("en"):
        line = next(x for x in results.result_events(result, viewer=red) if x.what == "reveal")
    assert line.text.startswith("Round 1, step 1: Červení C1 revealed ")


def test_round_overview(started: Camp, teams: list[Team]) -> None:
    round_ = opened(started)
    round_services.orders_submit(round=round_, team=teams[0], text=OrdersText())
    overview = selectors.round_overview(round_)
    assert overview.opened and overview.resolvable and overview.status == RoundStatus.ORDERS_OPEN
    assert overview.teams_without_orders == teams[1:]
    assert [row.ap for row in overview.teams] == [14, 11, 8]
    round_services.round_resolve(round=round_)
    overview = selectors.round_overview(round_)
    assert not overview.resolvable and overview.result is not None


# ------------------------------------------------------------------------------------ query counts


def count_queries(fn: Any) -> int:
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def test_selectors_run_a_constant_number_of_queries(camp: Camp, teams: list[Team]) -> None:
    other = camp_services.camp_create(name="Dlouhý běh", year=2026, board_side=5)
    other_teams = [camp_services.team_create(camp=other, name=t.name, colour=t.colour) for t in teams]
    short = demo.demo_play(camp, rounds=1, open_next=True)
    long = demo.demo_play(other, rounds=15, open_next=True)

    def counts(c: Camp, played: list[Round], team: Team) -> list[int]:
        last = RoundResult.objects.get(round=played[-1])
        last.round  # noqa: B018 - the caller has the result with its round
        open_round = Round.objects.get(camp=c, status=RoundStatus.ORDERS_OPEN)
        return [
            count_queries(lambda: selectors.round_overview(open_round)),
            count_queries(lambda: selectors.round_overview(played[-1])),
            count_queries(lambda: results.result_events(last, viewer="public")),
            count_queries(lambda: results.result_events(last, viewer=team)),
            count_queries(lambda: results.team_hints(last, team)),
            count_queries(lambda: results.final_standings(c)),
            count_queries(lambda: selectors.team_orders(open_round, team)),
        ]

    assert counts(camp, short, teams[0]) == counts(other, long, other_teams[0])
    assert len(long) == 15 and Round.objects.filter(camp=other, status=RoundStatus.CLOSED).count() == 15


# ------------------------------------------------------------------------------------ demo


def test_demo_play_is_idempotent(started: Camp) -> None:
    demo.demo_play(started, rounds=2, open_next=True)
    snapshot = rows(started), list(RoundResult.objects.values_list("round_id", "events"))
    demo.demo_play(started, rounds=2, open_next=True)
    assert (rows(started), list(RoundResult.objects.values_list("round_id", "events"))) == snapshot
    assert list(Round.objects.filter(camp=started).values_list("status", flat=True)) == [
        "closed",
        "closed",
        "orders_open",
    ]


def test_demo_setup_plays_three_rounds(db: None, settings: Any) -> None:
    settings.DEBUG = True
    call_command("demo_setup", stdout=StringIO())
    camp = Camp.objects.get()
    statuses = list(Round.objects.filter(camp=camp).values_list("number", "status"))
    assert statuses[:4] == [(1, "closed"), (2, "closed"), (3, "closed"), (4, "orders_open")]
    assert RoundResult.objects.filter(round__camp=camp).count() == 3
    call_command("demo_setup", stdout=StringIO())
    assert list(Round.objects.filter(camp=camp).values_list("number", "status")) == statuses


def test_the_demo_tells_a_story_in_three_rounds(db: None, settings: Any) -> None:
    """The demo camp's three rounds: ships explore, fetch chests and bring them home."""
    settings.DEBUG = True
    call_command("demo_setup", stdout=StringIO())
    camp = Camp.objects.get()
    assert sum(Harbor.objects.filter(team__camp=camp).values_list("delivered", flat=True)) >= 1
    resolved = list(RoundResult.objects.filter(round__camp=camp).order_by("round__number"))

    def whats_for(viewer: str) -> list[str]:
        return [line.what for result in resolved for line in results.result_events(result, viewer=viewer)]

    whats, staff_whats = whats_for("public"), whats_for("staff")
    assert {"reveal", "deliver"} <= set(whats), set(whats)
    # Loading is in the log for staff (and the loading team), never on the notice board: cargo is private.
    assert "load" in staff_whats and "load" not in whats
    # The harbors stay where the teams picked them (the planner keeps them still).
    assert not any(w == "harbor" for w in whats)


@pytest.mark.parametrize("seed", range(40))
def test_demo_planner_orders_are_legal_and_resolve(seed: int) -> None:
    rnd = random.Random(seed)
    state = random_state(
        rnd,
        side=rnd.choice([3, 5, 9, 13]),
        teams=3,
        ships_per_team=rnd.randint(1, 7),
        pirates=rnd.randint(0, 4),
    )
    state = dataclasses.replace(state, round_number=rnd.randint(1, 4))
    orders = {t.name: demo.plan_orders(state, t.name, ap=rnd.randint(0, 20)) for t in state.teams}
    assert check_all_orders(state, orders) == []
    # Deterministic, and not idle: some ship of some team moves.
    assert orders == {t.name: demo.plan_orders(state, t.name, ap=orders[t.name].ap) for t in state.teams}
    assert any(any(step for _ship, route in o.routes for step in route) for o in orders.values() if o.steps)
    resolve(state, orders)


def test_demo_planner_brings_a_full_ship_home_and_fetches_a_known_chest() -> None:
    g = geometry(5)
    home = g.parse("Z2")
    mouth = g.bay_hexes(home)[0]
    far = g.parse("C4")
    board = Board.from_cells(5, {far: Cell(Tile.TREASURE, chests=2, revealed=True)})
    full = EngineShip("C1", ShipKind.CARGO, at=g.parse("C3"), chests=1)
    empty = EngineShip("C2", ShipKind.CARGO, at=mouth)
    state = GameState(board, (EngineTeam("red", home, ships=(full, empty)),))
    orders = demo.plan_orders(state, "red", ap=6)
    routes = dict(orders.routes)
    assert orders.harbor == () and orders.build_cargo == orders.build_battleships == 0
    result = resolve(state, {"red": orders})
    assert result.state.team("red").delivered >= 1, routes
    assert any(e.what.value == "load" and e.actor == "C2" for e in result.events), routes


# ------------------------------------------------------------------------------------ concurrency


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_staff_resolving_at_once_get_one_result(camp: Camp, teams: list[Team]) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (row locks)")
    demo.game_setup(camp, board_seed=11)
    round_ = opened(camp)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def press() -> None:
        from django.db import connection as thread_connection

        try:
            barrier.wait()
            round_services.round_resolve(round=Round.objects.get(pk=round_.pk))
            outcomes.append("resolved")
        except IslandsError as e:
            outcomes.append(f"refused: {e.messages[0]}")
        finally:
            thread_connection.close()

    threads = [threading.Thread(target=press) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(o.split(":")[0] for o in outcomes) == ["refused", "resolved"], outcomes
    assert RoundResult.objects.filter(round=round_).count() == 1
