"""Resolver cases easier to state in Python than as round files."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.islands.engine.events import Visibility, What
from games.islands.engine.hexes import Hex, distance, geometry
from games.islands.engine.notation import Route
from games.islands.engine.orders import Orders
from games.islands.engine.resolve import (
    TelescopeError,
    open_round,
    resolve,
    reveal_by_telescope,
    telescope_hexes,
)
from games.islands.engine.rng import Draws, pirate_moves
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.state import Board, Cell, GameState, Pirate, Ship, ShipKind, Team
from games.islands.engine.tiles import Tile

G = geometry(5)


def at(label: str) -> Hex:
    return G.parse(label)


def test_telescope_reveals_centre_and_neighbours() -> None:
    board = Board.from_cells(5, {at("C2"): Cell(Tile.REEFS), at("E5"): Cell(Tile.TREASURE, 2)})
    state = GameState(board, (Team("red", at("Z1")),))
    after = reveal_by_telescope(state, at("C2"))
    revealed = {h for h, c in after.board.items() if c.revealed}
    assert revealed == {at(x) for x in ("C2", "C3", "D2", "D1", "C1", "B1", "B2")}
    assert after.board.cell(at("C2")) == Cell(Tile.REEFS, revealed=True)  # revealed, nothing triggered
    assert after.teams == state.teams
    # At a corner only the board hexes among the seven are revealed.
    assert sorted(telescope_hexes(G, at("A1"))) == sorted([at("A1"), at("B1")])
    with pytest.raises(TelescopeError):
        reveal_by_telescope(state, at("Z1"))


def test_map_hint_of_a_sunk_ship_is_taken_from_the_map_hex() -> None:
    # C1 finds the map on B1, then sinks on the reefs at B2: the hint is worked out from B1.
    board = Board.from_cells(
        5,
        {at("B1"): Cell(Tile.MAP), at("B2"): Cell(Tile.REEFS), at("E2"): Cell(Tile.TREASURE, 1)},
    )
    state = GameState(board, (Team("red", at("Z1"), ships=(Ship("C1", ShipKind.CARGO),)),))
    result = resolve(state, {"red": Orders(ap=2, routes=(("C1", Route.parse("N N")),))})
    assert result.state.team("red").ships == ()
    (hint,) = result.hints
    assert (hint.origin, hint.treasure, hint.point) == (at("B1"), at("E2"), "E")
    (event,) = [e for e in result.events if e.what is What.HINT]
    assert event.visibility is Visibility.TEAM and event.team == "red" and event.get("point") == "E"


def test_map_hint_ties_go_to_the_first_label_and_no_chests_no_hint() -> None:
    # From C2, B2 and D2 are both 1 away (and hold chests): B2 comes first by label.
    board = Board.from_cells(
        5,
        {at("C2"): Cell(Tile.MAP), at("D2"): Cell(Tile.TREASURE, 1), at("B2"): Cell(Tile.TREASURE, 1)},
    )
    ship = Ship("C1", ShipKind.CARGO, at=at("C1"))
    state = GameState(board, (Team("red", at("Z1"), ships=(ship,)),))
    result = resolve(state, {"red": Orders(ap=1, routes=(("C1", ("N",)),))})
    assert [(h.treasure, h.point) for h in result.hints] == [(at("B2"), "WNW")]
    empty = GameState(Board.from_cells(5, {at("C2"): Cell(Tile.MAP)}), state.teams)
    assert resolve(empty, {"red": Orders(ap=1, routes=(("C1", ("N",)),))}).hints == ()


def test_open_round_draws_only_for_pirates_that_may_move() -> None:
    pirates = (
        Pirate("P1", at("C2")),
        Pirate("P2", at("C3"), seahorse=True),
        Pirate("P3", at("D2"), mermaid=True),
        Pirate("P4", at("D3"), octopus=True),
    )
    state = GameState(Board.empty(5), (), pirates, seed=4, round_number=3)
    opened = open_round(state)
    assert [len(p.moves) for p in opened.pirates] == [11, 22, 0, 0]
    assert opened.pirates[0].moves == pirate_moves(4, 3, "P1")


def test_resolving_an_unopened_round_draws_as_opening_would() -> None:
    state = GameState(Board.empty(7), (), (Pirate("P1", geometry(7).parse("E5")),), seed=8)
    assert resolve(state, {}) == resolve(open_round(state), {})


def test_round_number_advances_and_seed_stays() -> None:
    state = GameState(Board.empty(5), (Team("red", at("Z1")),), seed=5, round_number=2)
    after = resolve(state, {"red": Orders(ap=3)}).state
    assert (after.seed, after.round_number, after.team("red").ap_total) == (5, 3, 3)


def test_a_team_without_orders_does_nothing_and_gets_no_ap() -> None:
    ship = Ship("C1", ShipKind.CARGO, at=at("C2"), chests=1)
    state = GameState(Board.empty(5), (Team("red", at("Z1"), ships=(ship,), ap_total=10),))
    result = resolve(state, {})
    assert result.state.team("red") == state.team("red")
    assert result.events == ()


def test_fixed_draws_change_the_outcome() -> None:
    # Rum directions from the file are used as given; without them the seed decides.
    board = Board.from_cells(5, {at("B1"): Cell(Tile.RUM)})
    state = GameState(board, (Team("red", at("Z1"), ships=(Ship("C1", ShipKind.CARGO),)),), seed=2)
    orders = {"red": Orders(ap=2, routes=(("C1", Route.parse("N N")),))}
    north = resolve(state, orders, Draws(directions=(("red.C1.rum", ("N",)),)))
    assert north.state.team("red").ships[0].at == at("B2")
    east = resolve(state, orders, Draws(directions=(("red.C1.rum", ("NE",)),)))
    assert east.state.team("red").ships[0].at == at("C2")


def test_undo_is_just_the_old_state() -> None:
    # resolve never changes its input: keeping the state before is enough to undo a round.
    rnd = random.Random(3)
    state = random_state(rnd, side=7, teams=3, ships_per_team=5, pirates=4)
    copy = replace(state)
    orders = {t.name: random_legal_orders(rnd, state, t.name, 11) for t in state.teams}
    resolve(state, orders)
    assert state == copy


def test_each_telescope_found_is_one_pending_choice() -> None:
    board = Board.from_cells(5, {at("B1"): Cell(Tile.TELESCOPE), at("B2"): Cell(Tile.TELESCOPE)})
    state = GameState(board, (Team("red", at("Z1"), ships=(Ship("C1", ShipKind.CARGO),)),))
    result = resolve(state, {"red": Orders(ap=2, routes=(("C1", Route.parse("N N")),))})
    assert [t.who for t in result.telescopes] == ["red.C1", "red.C1"]


def test_huge_ap_resolves_at_once_and_the_steps_count_stays() -> None:
    # Steps after the last move change nothing: they are not walked one by one, but the events
    # after movement still carry step `steps + 1`. A held ship is still freed after a half-step.
    board = Board.from_cells(5, {at("B1"): Cell(Tile.OCTOPUS, revealed=True)})
    ships = (Ship("C1", ShipKind.CARGO, at("B1"), octopus=True), Ship("C2", ShipKind.CARGO, at("C3")))
    battleship = Ship("B", ShipKind.BATTLESHIP, at("G1"))
    state = GameState(board, (Team("red", at("Z1"), ships=(battleship, *ships)),))
    ap = 10**12
    orders = Orders(ap=ap, routes=(("C2", Route.parse("S")),), harbor=(1,), fire=at("G2"))
    result = resolve(state, {"red": orders})
    (free,) = [e for e in result.events if e.what is What.FREE]
    assert (free.step, free.half) == (1, 1)
    (shot,) = [e for e in result.events if e.what is What.SHOT]
    assert (shot.step, shot.half) == (ap + 1, 1)
    assert result.state.team("red").ap_total == ap
    assert result.state.team("red").harbor == at("Z2")
    held = GameState(board, (Team("red", at("Z1"), ships=(ships[0], replace(ships[1], at=at("C2")))),))
    # Nobody moves at all: the one half-step walked still frees C1.
    freed = resolve(held, {"red": Orders(ap=ap)})
    assert [(e.what, e.step) for e in freed.events] == [(What.FREE, 1)]


def test_loading_a_chest_is_the_team_s_secret_but_the_chests_left_are_not() -> None:
    """Rules, section 8: a ship's cargo is private; the hex's chests left are on the public map."""
    g = geometry(5)
    board = Board.from_cells(5, {g.parse("B2"): Cell(Tile.TREASURE, chests=2)})
    red = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO),))
    result = resolve(GameState(board, (red,)), {"red": Orders(ap=8, routes=(("C1", Route.parse("N N")),))})
    loads = [e for e in result.events if e.what is What.LOAD]
    assert [(e.visibility, e.team, e.get("left")) for e in loads] == [(Visibility.TEAM, "red", 1)]
    assert all(e.visibility is Visibility.PUBLIC for e in result.events if e.what is What.REVEAL)
    assert result.state.board.cell(g.parse("B2")).chests == 1


def test_a_held_ship_is_freed_in_the_half_step_its_mate_arrives_beside_it() -> None:
    # The mate moves double: it comes beside the held ship in the second half of step 2, when
    # nothing else moves, and the held ship is freed right then (the resolver looks at a held
    # ship's group again only when one of the group moved).
    held = Hex(4, -8)
    start = Hex(4, -3)  # five hexes south
    assert distance(held, start) == 5
    ships = (
        Ship("C1", ShipKind.CARGO, held, octopus=True),
        Ship("C2", ShipKind.CARGO, start, seahorse=True),
    )
    state = GameState(Board.empty(5), (Team("red", at("Z1"), ships=ships),))
    result = resolve(state, {"red": Orders(ap=2, routes=(("C2", Route.parse("N N N N")),))})
    (free,) = [e for e in result.events if e.what is What.FREE]
    assert (free.step, free.half, free.at, free.actor, free.get("by")) == (2, 2, held, "C1", "red.C2")
    assert result.state.team("red").ship("C1") == Ship("C1", ShipKind.CARGO, held)


def test_a_held_pirate_is_freed_by_a_pirate_that_appears_beside_it() -> None:
    # No pirate moves: a pirate placed by a ship on the pirates tile beside the held one (in step 2,
    # after the held pirate was looked at and stayed held) frees it in that half-step.
    held = Hex(4, -8)
    beside = held.step("S")
    board = Board.from_cells(5, {beside: Cell(Tile.PIRATES)})
    pirate = Pirate("P1", held, octopus=True)
    ship = Ship("C1", ShipKind.CARGO, beside.step("S").step("S"))
    state = GameState(board, (Team("red", at("Z1"), ships=(ship,)),), (pirate,))
    result = resolve(state, {"red": Orders(ap=2, routes=(("C1", Route.parse("N N")),))})
    (placed,) = [e for e in result.events if e.what is What.PIRATE]
    assert (placed.step, placed.at, placed.actor) == (2, beside, "P2")
    (free,) = [e for e in result.events if e.what is What.FREE]
    assert (free.step, free.half, free.at, free.actor, free.get("by")) == (2, 1, held, "P1", "P2")
