"""Reads of the islands game: selectors run a fixed number of queries, the public map view keeps hidden
hexes secret, and what a round tells each viewer (standings, hidden information, the round overview)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.islands import demo, results
from games.islands.engine import state as es
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.notation import Alphabet, Route
from games.islands.engine.tiles import Tile
from games.islands.game_state import game_state
from games.islands.maps.svg import render_svg
from games.islands.models.board import BoardHex, Harbor
from games.islands.models.rounds import RoundResult
from games.islands.orders import OrderSheet
from games.islands.selectors.board import board_cells, team_harbors
from games.islands.selectors.maps import map_view_for_public, map_view_for_staff
from games.islands.selectors.rounds import round_overview, round_preview, team_orders
from games.islands.services import board as board_services
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import (
    harbor_of,
    opened,
    place_tile,
    put_tile,
)


def set_up(camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=11)
    board_services.harbors_draw_sides(camp=camp)
    board_services.harbors_set_bays(camp=camp, bays={th.team: th.bay_choices[0] for th in team_harbors(camp)})
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
        cells = board_cells(camp)
    assert len(cells) == 31


def test_map_views_constant_queries(camp: Camp, teams: list[Team], django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    set_up(camp)
    with django_assert_num_queries(4):
        small = map_view_for_staff(camp)
    assert len(small.ships) == 3
    add_ships(camp)
    # One more team (without a harbor): the queries do not grow with the teams. The row is written
    # directly: team_create refuses a team once the game has started (games/islands/locks.py).
    Team.objects.create(camp=camp, name="Žlutí", colour="#f1c40f", order=4)
    with django_assert_num_queries(4):
        staff = map_view_for_staff(camp)
    with django_assert_num_queries(4):
        public = map_view_for_public(camp)
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
    svg = str(render_svg(map_view_for_public(camp)))
    assert "tile-treasure" not in svg and "tile-reefs" not in svg and "×" not in svg
    assert "tile-mermaid" in svg
    hidden = [c for c in map_view_for_public(camp).cells if not c.revealed]
    assert all(c.tile is None and c.chests is None for c in hidden)
    assert len(hidden) == len(g.hexes) - 1


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
    back = Route((direction_between(g.parse(rum), harbor_of(blue)),)).text(Alphabet.CZECH)
    BoardHex.objects.filter(camp=started, tile=Tile.TREASURE.value).update(revealed=False)
    round_services.orders_submit(round=round_, team=red, sheet=OrderSheet.typed(routes={"C1": to_map}))
    round_services.orders_submit(
        round=round_, team=blue, sheet=OrderSheet.typed(routes={"C1": f"{to_rum} . {back} {to_rum} {back}"})
    )
    preview = round_preview(round=round_)
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
    # Worked out for all teams at once (the sheets), each team reads exactly its own log.
    by_team = results.teams_result_events(result, [red, blue])
    assert by_team == {t.pk: results.result_events(result, viewer=t) for t in (red, blue)}
    line = next(x for x in results.result_events(result, viewer=red) if x.what == "reveal")
    assert line.text.startswith("Kolo 1, krok 1: Loď 1 (Červení) odhalila ")
    with translation.override("en"):
        line = next(x for x in results.result_events(result, viewer=red) if x.what == "reveal")
    assert line.text.startswith("Round 1, step 1: Ship 1 (Červení) revealed ")


def test_round_overview(started: Camp, teams: list[Team]) -> None:
    round_ = opened(started)
    round_services.orders_submit(round=round_, team=teams[0], sheet=OrderSheet())
    overview = round_overview(round_)
    assert overview.opened and overview.resolvable and overview.status == RoundStatus.ORDERS_OPEN
    assert overview.teams_without_orders == teams[1:]
    assert [row.ap for row in overview.teams] == [14, 11, 8]
    round_services.round_resolve(round=round_)
    overview = round_overview(round_)
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
            count_queries(lambda: round_overview(open_round)),
            count_queries(lambda: round_overview(played[-1])),
            count_queries(lambda: results.result_events(last, viewer="public")),
            count_queries(lambda: results.result_events(last, viewer=team)),
            count_queries(lambda: results.team_hints(last, team)),
            count_queries(lambda: results.final_standings(c)),
            count_queries(lambda: team_orders(open_round, team)),
        ]

    assert counts(camp, short, teams[0]) == counts(other, long, other_teams[0])
    assert len(long) == 15 and Round.objects.filter(camp=other, status=RoundStatus.CLOSED).count() == 15
