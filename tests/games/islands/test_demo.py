"""The demo camp (``games.islands.demo``): idempotent, three rounds that tell a story, a planner
whose orders are legal."""

from __future__ import annotations

import dataclasses
import random
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command

from camp.models import Camp, Round
from games.islands import demo, results
from games.islands.engine.hexes import geometry
from games.islands.engine.orders import check_all_orders
from games.islands.engine.resolve import resolve
from games.islands.engine.sampling import random_state
from games.islands.engine.state import Board, Cell, GameState, ShipKind
from games.islands.engine.state import Ship as EngineShip
from games.islands.engine.state import Team as EngineTeam
from games.islands.engine.tiles import Tile
from games.islands.models.board import Harbor
from games.islands.models.rounds import RoundResult
from tests.games.islands.conftest import (
    rows,
)

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
