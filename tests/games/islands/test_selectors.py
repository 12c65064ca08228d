"""Selectors run a fixed number of queries, and the public map view keeps hidden hexes secret."""

from __future__ import annotations

from dataclasses import replace

from camp import services as camp_services
from camp.models import Camp, Team
from games.islands import selectors
from games.islands.engine import state as es
from games.islands.engine.hexes import geometry
from games.islands.engine.tiles import Tile
from games.islands.game_state import game_state
from games.islands.maps.svg import render_svg
from games.islands.services import board as board_services
from tests.games.islands.conftest import place_tile


def set_up(camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=11)
    board_services.harbors_draw_sides(camp=camp)
    for th in selectors.team_harbors(camp):
        assert th.harbor is not None
        board_services.harbor_set_bay(team=th.team, bay=th.bay_choices[0])
    board_services.game_start(camp=camp)


def add_ships(camp: Camp) -> None:
    state = game_state(camp)
    g = geometry(camp.board_side)
    teams = tuple(
        replace(
            t,
            ships=(
                *t.ships,
                es.Ship("C2", es.ShipKind.CARGO, at=g.parse("C2"), chests=1),
                es.Ship("B", es.ShipKind.BATTLESHIP, at=g.parse("B2")),
            ),
        )
        for t in state.teams
    )
    pirates = (es.Pirate("P1", at=g.parse("D2")), es.Pirate("P2", at=g.parse("C3")))
    board_services.game_state_store(camp=camp, state=replace(state, teams=teams, pirates=pirates))


def test_board_cells_one_query(camp: Camp, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    board_services.board_generate(camp=camp, seed=11)
    with django_assert_num_queries(1):
        cells = selectors.board_cells(camp)
    assert len(cells) == 31


def test_map_views_constant_queries(camp: Camp, teams: list[Team], django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    set_up(camp)
    with django_assert_num_queries(4):
        small = selectors.map_view_for_staff(camp)
    assert len(small.ships) == 3
    add_ships(camp)
    # One more team (without a harbor): the queries do not grow with the teams. The row is written
    # directly: team_create refuses a team once the game has started (games/islands/locks.py).
    Team.objects.create(camp=camp, name="Žlutí", colour="#f1c40f", order=4)
    with django_assert_num_queries(4):
        staff = selectors.map_view_for_staff(camp)
    with django_assert_num_queries(4):
        public = selectors.map_view_for_public(camp)
    assert len(staff.ships) == len(public.ships) == 9
    assert len(staff.pirates) == 2 and len(staff.harbors) == 3
    with django_assert_num_queries(0):
        render_svg(public)


def test_game_state_constant_queries(camp: Camp, teams: list[Team], django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    set_up(camp)
    add_ships(camp)
    round1 = camp_services.round_create(camp=camp)
    with django_assert_num_queries(6):
        state = game_state(camp, round=round1)
    assert sum(len(t.ships) for t in state.teams) == 9


def test_public_map_of_a_real_board_hides_everything(camp: Camp, teams: list[Team]) -> None:
    set_up(camp)
    g = geometry(camp.board_side)
    place_tile(camp, "C2", Tile.TREASURE.value, chests=9)
    place_tile(camp, "B2", Tile.REEFS.value)
    place_tile(camp, "D2", Tile.MERMAID.value, revealed=True)
    svg = str(render_svg(selectors.map_view_for_public(camp)))
    assert "tile-treasure" not in svg and "tile-reefs" not in svg and "×" not in svg
    assert "tile-mermaid" in svg
    hidden = [c for c in selectors.map_view_for_public(camp).cells if not c.revealed]
    assert all(c.tile is None and c.chests is None for c in hidden)
    assert len(hidden) == len(g.hexes) - 1
