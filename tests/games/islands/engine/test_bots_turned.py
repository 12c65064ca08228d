"""No bot prefers a side, a bay or a compass point (issue 30): a whole game state turned by a third
of a full turn (``hexes.turned``) gives every bot's orders, and its telescope's hex, turned the same
way. Checked on random states and on the states of whole simulated camps."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.islands.engine import bots
from games.islands.engine.hexes import Hex, turned, turned_direction
from games.islands.engine.notation import Route
from games.islands.engine.orders import Orders
from games.islands.engine.rehearsal import RehearsalSpec, dealt_board
from games.islands.engine.rehearsal.play import play_camp
from games.islands.engine.sampling import random_state
from games.islands.engine.state import Board, GameState

ORDERS = {"planner": bots.plan_orders, "greedy": bots.greedy_orders, "novice": bots.novice_orders}
TELESCOPES = {"planner": bots.telescope_target, "greedy": bots.greedy_telescope_target}


def turn_state(state: GameState, turns: int) -> GameState:
    """The whole state turned: every hex's cell moved, every harbor, ship and pirate, the pirates'
    drawn moves turned too."""
    side = state.side

    def at(h: Hex | None) -> Hex | None:
        return None if h is None else turned(h, side, turns)

    board = Board.from_cells(side, {turned(h, side, turns): c for h, c in state.board.items()})
    teams = tuple(
        dataclasses.replace(
            t,
            harbor=turned(t.harbor, side, turns),
            ships=tuple(dataclasses.replace(s, at=at(s.at)) for s in t.ships),
        )
        for t in state.teams
    )
    pirates = tuple(
        dataclasses.replace(
            p, at=turned(p.at, side, turns), moves=tuple(turned_direction(d, turns) for d in p.moves)
        )
        for p in state.pirates
    )
    return dataclasses.replace(state, board=board, teams=teams, pirates=pirates)


def turn_orders(orders: Orders, side: int, turns: int) -> Orders:
    routes = tuple(
        (ship, Route(None if step is None else turned_direction(step, turns) for step in route))
        for ship, route in orders.routes
    )
    fire = None if orders.fire is None else turned(orders.fire, side, turns)
    return dataclasses.replace(orders, routes=routes, fire=fire)


def assert_turned_alike(state: GameState, aps: dict[str, int]) -> int:
    """Every bot's orders and telescope for every team of ``state``, against those of the state
    turned by one and two thirds; how many orders were compared."""
    compared = 0
    for turns in (1, 2):
        other = turn_state(state, turns)
        revealed = [h for h, c in state.board.items() if c.revealed]
        revealed_turned = [turned(h, state.side, turns) for h in revealed]
        for team in state.teams:
            for name, bot in ORDERS.items():
                mine = bot(state, team.name, ap=aps[team.name])
                theirs = bot(other, team.name, ap=aps[team.name])
                assert theirs == turn_orders(mine, state.side, turns), (name, team.name, turns)
                compared += 1
            harbor = other.team(team.name).harbor
            for name, target in TELESCOPES.items():
                assert target(state.side, revealed_turned, harbor) == turned(
                    target(state.side, revealed, team.harbor), state.side, turns
                ), (name, team.name, turns)
    return compared


@pytest.mark.parametrize("seed", range(40))
def test_random_states_turned_give_the_orders_turned(seed: int) -> None:
    rnd = random.Random(seed)
    state = random_state(
        rnd,
        side=rnd.choice([3, 5, 7, 9, 11, 13]),
        teams=rnd.randint(2, 6),
        ships_per_team=rnd.randint(0, 7),
        pirates=rnd.randint(0, 6),
    )
    state = dataclasses.replace(state, round_number=rnd.randint(1, 6))
    assert assert_turned_alike(state, {t.name: rnd.randint(0, 25) for t in state.teams}) > 0


@pytest.mark.parametrize(("side", "teams", "style"), [(7, 3, "greedy"), (9, 6, "planner"), (9, 3, "novice")])
def test_the_states_of_simulated_camps_turned_give_the_orders_turned(
    side: int, teams: int, style: str
) -> None:
    """Every round of two simulated camps: the bots meet explored boards, chests aboard, pirates."""
    board = dealt_board(side, 30 + side)
    spec = RehearsalSpec(
        (board,), tuple(f"T{i}" for i in range(teams)), (14, 11, 8), rounds=10, bots=style, seed=side
    )
    compared = 0
    for camp in range(2):
        trace: list[tuple[GameState, dict[str, Orders]]] = []
        play_camp(board, spec, camp, trace=trace)
        for state, orders in trace:
            compared += assert_turned_alike(state, {name: o.ap for name, o in orders.items()})
    assert compared == 2 * 10 * teams * 3 * 2


def test_a_bot_that_prefers_a_compass_point_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: ties broken by the board's own labels (as before issue 30) are found."""
    from games.islands.engine.bots import planner, ways

    monkeypatch.setattr(planner, "frame_of", lambda side, harbor, spin=0: ways.frame(side, 0, spin))
    rnd = random.Random(3)
    state = random_state(rnd, side=9, teams=3, ships_per_team=3, pirates=2)
    with pytest.raises(AssertionError, match="planner"):
        assert_turned_alike(state, {t.name: 14 for t in state.teams})
