"""Board set-up services: generate, edit a hex, draw sides, pick bays, start; and the state round trip."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from django.db import connection
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands.demo import game_setup
from games.islands.engine import state as es
from games.islands.engine.hexes import geometry
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.game_state import StateUnavailable, game_state
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.selectors.board import derived_seed
from games.islands.services import board as board_services
from tests.sql_writes import written_table


def rows(camp: Camp) -> list[tuple[object, ...]]:
    return list(
        BoardHex.objects.filter(camp=camp)
        .order_by("q", "r")
        .values_list("q", "r", "tile", "chests", "revealed")
    )


def set_up(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=11)
    board_services.harbors_draw_sides(camp=camp)
    g = geometry(camp.board_side)
    bays = {h.team: g.bay_number(g.bays_on(h.side)[0]) for h in Harbor.objects.filter(team__camp=camp)}
    board_services.harbors_set_bays(camp=camp, bays=bays)


def test_board_generate_stores_every_hex_hidden(camp: Camp) -> None:
    setup = board_services.board_generate(camp=camp, seed=11)
    assert setup.generator_seed == 11 and setup.mix == "default"
    stored = rows(camp)
    assert len(stored) == len(geometry(5).hexes) == 31
    assert not any(r[4] for r in stored)
    assert sum(r[3] for r in stored) > 0
    # The same seed gives the same board; regenerating replaces it.
    board_services.board_generate(camp=camp, seed=11)
    assert rows(camp) == stored
    board_services.board_generate(camp=camp, seed=12)
    assert BoardSetup.objects.get(camp=camp).generator_seed == 12
    assert BoardHex.objects.filter(camp=camp).count() == 31


@pytest.mark.parametrize("seed", [-1, 2**63, "7", 1.5, True, None])
def test_board_generate_refuses_bad_seeds(camp: Camp, seed: object) -> None:
    with pytest.raises(IslandsError):
        board_services.board_generate(camp=camp, seed=seed)  # type: ignore[arg-type]
    assert not BoardHex.objects.exists() and not BoardSetup.objects.exists()


def test_board_generate_refused_once_a_round_is_opened(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=11)
    before = rows(camp)
    Round.objects.create(camp=camp, number=1, status=RoundStatus.ORDERS_OPEN)
    with pytest.raises(IslandsError) as exc:
        board_services.board_generate(camp=camp, seed=99)
    assert exc.value.code == "game_on" and "Hra už běží" in exc.value.messages[0]
    assert rows(camp) == before


def test_board_generate_refused_after_the_start(camp: Camp, teams: list[Team]) -> None:
    set_up(camp, teams)
    board_services.game_start(camp=camp)
    with pytest.raises(IslandsError):
        board_services.board_generate(camp=camp, seed=99)


def test_board_hex_set(camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=11)
    c2 = geometry(5).parse("C2")
    row = board_services.board_hex_set(camp=camp, at=c2, tile=Tile.TREASURE, chests=4, revealed=True)
    assert (row.tile, row.chests, row.revealed, row.label) == ("treasure", 4, True, "C2")
    row = board_services.board_hex_set(camp=camp, at=c2, tile=Tile.REEFS, chests=0)
    assert (row.tile, row.chests, row.revealed) == ("reefs", 0, False)
    assert BoardSetup.objects.get(camp=camp).hand_edits == 2


@pytest.mark.parametrize(
    ("label", "tile", "chests", "code"),
    [
        ("Z1", Tile.TREASURE, 1, "label"),  # a bay is not a hex (the form reads only hexes)
        ("A1", Tile.TREASURE, 0, "chests"),
        ("A1", Tile.TREASURE, 10, "chests"),
        ("A1", Tile.REEFS, 2, "chests"),
        ("A1", Tile.OPEN_SEA, -1, "chests"),
    ],
)
def test_board_hex_set_refuses_what_the_rules_do_not_allow(
    camp: Camp, label: str, tile: Tile, chests: int, code: str
) -> None:
    board_services.board_generate(camp=camp, seed=11)
    before = rows(camp)
    with pytest.raises(IslandsError) as exc:
        board_services.board_hex_set(camp=camp, at=geometry(5).parse(label), tile=tile, chests=chests)
    assert exc.value.code == code
    assert rows(camp) == before


def test_board_hex_set_needs_a_board(camp: Camp) -> None:
    with pytest.raises(IslandsError) as exc:
        board_services.board_hex_set(camp=camp, at=geometry(5).parse("A1"), tile=Tile.REEFS)
    assert exc.value.code == "no_board"


def test_draw_sides_is_repeatable_and_recorded(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=11)
    first = {t.name: s for t, s in board_services.harbors_draw_sides(camp=camp).items()}
    assert sorted(first.values()) == ["bottom", "left", "right"]
    assert BoardSetup.objects.get(camp=camp).sides_draw == 1
    with pytest.raises(IslandsError):
        board_services.harbors_draw_sides(camp=camp)
    second = {t.name: s for t, s in board_services.harbors_draw_sides(camp=camp, redraw=True).items()}
    assert BoardSetup.objects.get(camp=camp).sides_draw == 2
    # Repeatable: the draw derives from the camp's seed and the draw's number.
    seed1 = derived_seed(camp.seed, "sides", 1)
    from games.islands.engine.generator import draw_sides

    assert draw_sides([t.name for t in teams], seed1) == first
    assert draw_sides([t.name for t in teams], derived_seed(camp.seed, "sides", 2)) == second


def test_draw_sides_needs_board_and_teams(camp: Camp) -> None:
    with pytest.raises(IslandsError):
        board_services.harbors_draw_sides(camp=camp)
    board_services.board_generate(camp=camp, seed=11)
    with pytest.raises(IslandsError):
        board_services.harbors_draw_sides(camp=camp)


def test_redraw_keeps_bays_of_teams_keeping_their_side(camp: Camp, teams: list[Team]) -> None:
    set_up(camp, teams)
    before = {h.team_id: (h.side, h.bay) for h in Harbor.objects.all()}
    board_services.harbors_draw_sides(camp=camp, redraw=True)
    for h in Harbor.objects.all():
        if h.side == before[h.team_id][0]:
            assert h.bay == before[h.team_id][1]
        else:
            assert h.bay is None


def test_game_start(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=11)
    with pytest.raises(IslandsError) as exc:
        board_services.game_start(camp=camp)
    assert exc.value.code == "no_harbor"
    set_up(camp, teams)
    ships = board_services.game_start(camp=camp)
    assert len(ships) == 3
    assert sorted(Ship.objects.values_list("ident", "kind", "q", "r")) == [("C1", "cargo", None, None)] * 3
    with pytest.raises(IslandsError):
        board_services.game_start(camp=camp)
    with pytest.raises(IslandsError):
        board_services.harbors_draw_sides(camp=camp, redraw=True)
    with pytest.raises(IslandsError):
        board_services.harbors_set_bays(camp=camp, bays={teams[0]: 1})
    assert Ship.objects.count() == 3


def test_game_state_round_trip(camp: Camp, teams: list[Team]) -> None:
    set_up(camp, teams)
    board_services.game_start(camp=camp)
    state = game_state(camp)
    assert [t.name for t in state.teams] == ["Červení", "Modří", "Zelení"]
    assert all(t.ships == (es.Ship("C1", es.ShipKind.CARGO),) for t in state.teams)
    assert state.seed == camp.seed and state.round_number == 1
    g = geometry(5)
    red = state.teams[0]
    c2 = g.parse("C2")
    changed = replace(
        state,
        board=state.board.with_cells({c2: es.Cell(Tile.TREASURE, 2, True)}),
        teams=(
            replace(
                red,
                delivered=3,
                harbor=g.bay_neighbour(red.harbor, 1),
                ships=(
                    es.Ship("B", es.ShipKind.BATTLESHIP, new=True),
                    es.Ship("C1", es.ShipKind.CARGO, at=c2, chests=1, seahorse=True),
                ),
            ),
            *state.teams[1:],
        ),
        pirates=(es.Pirate("P1", at=g.parse("B2"), mermaid=True),),
    )
    round1 = camp_services.round_create(camp=camp)
    board_services.game_state_store(camp=camp, state=changed, round=round1, revealed_by={c2: "Červení"})
    again = game_state(camp)
    assert again.board == changed.board
    # ``new`` marks ships of the round just played; a state read back for the next round has none.
    assert again.teams[0].ships == tuple(replace(s, new=False) for s in changed.teams[0].ships)
    assert again.teams[0].harbor == changed.teams[0].harbor and again.teams[0].delivered == 3
    assert again.teams[1:] == changed.teams[1:]
    assert again.pirates == changed.pirates
    row = BoardHex.objects.get(camp=camp, q=c2.q, r=c2.r)
    assert row.revealed_round == round1 and row.revealed_by == teams[0]
    assert Ship.objects.get(team=teams[0], ident="B").built_round == round1
    # Undo: store the state before; revealers are forgotten, the pirate and battleship are gone.
    board_services.game_state_store(camp=camp, state=state)
    assert game_state(camp) == state
    assert not Pirate.objects.exists()
    assert BoardHex.objects.get(camp=camp, q=c2.q, r=c2.r).revealed_by is None


def _writes_of_store(camp: Camp, state: es.GameState) -> list[tuple[str, int]]:
    """(table, rows) of each write statement ``game_state_store`` runs (an ``executemany`` counts
    the rows of all its runs)."""
    writes: list[tuple[str, int]] = []

    def record(execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        if table := written_table(sql):
            writes.append((table, len(params) if many else 1))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        board_services.game_state_store(camp=camp, state=state)
    return writes


@pytest.mark.parametrize("team_count", [3, 8])
def test_game_state_store_writes_only_what_changed(db: None, team_count: int) -> None:
    """A round where one ship moved writes that ship's row and the camp's version, whatever the
    number of teams and ships (issue 22: every row written each time was most of resolving); a
    state that changed nothing writes nothing, not even the version."""
    camp = camp_services.camp_create(name="Zápisy", year=2026, board_side=7)
    for n in range(1, team_count + 1):
        camp_services.team_create(camp=camp, name=f"Tým {n}", colour="#c0392b")
    game_setup(camp)
    state = game_state(camp)
    g = state.geometry
    sea = [h for h in g.ordered if state.board.cell(h).tile is Tile.OPEN_SEA]
    fleet = replace(
        state,
        teams=tuple(
            replace(t, ships=tuple(es.Ship(f"C{k}", es.ShipKind.CARGO, at=sea[i * 3 + k]) for k in (1, 2, 3)))
            for i, t in enumerate(state.teams)
        ),
        pirates=(es.Pirate("P1", at=sea[0]),),
    )
    board_services.game_state_store(camp=camp, state=fleet)
    assert game_state(camp) == fleet
    assert Ship.objects.filter(team__camp=camp).count() == 3 * team_count
    assert _writes_of_store(camp, fleet) == []  # nothing changed

    last = fleet.teams[-1]
    moved_ship = replace(last.ships[1], at=sea[-1], chests=1)
    ships = (last.ships[0], moved_ship, last.ships[2])
    moved = replace(fleet, teams=(*fleet.teams[:-1], replace(last, ships=ships)))
    assert _writes_of_store(camp, moved) == [(Ship._meta.db_table, 1), (Camp._meta.db_table, 1)]
    assert game_state(camp) == moved
    ship = Ship.objects.get(team__name=last.name, ident="C2")
    assert (ship.q, ship.r, ship.chests) == (sea[-1].q, sea[-1].r, 1)

    # A hex revealed, a harbor's delivery, a pirate moved: one statement each, one row each, each
    # drawing the camp's version in the same transaction.
    h = sea[5]
    changed = replace(
        moved,
        board=moved.board.with_cells({h: es.Cell(Tile.OPEN_SEA, 0, True)}),
        teams=(replace(moved.teams[0], delivered=4), *moved.teams[1:]),
        pirates=(es.Pirate("P1", at=sea[1], seahorse=True),),
    )
    assert sorted(_writes_of_store(camp, changed)) == sorted(
        [
            *[(Camp._meta.db_table, 1)] * 3,
            (BoardHex._meta.db_table, 1),
            (Harbor._meta.db_table, 1),
            (Pirate._meta.db_table, 1),
        ]
    )
    assert game_state(camp) == changed


def test_game_state_needs_board_and_harbors(camp: Camp, teams: list[Team]) -> None:
    with pytest.raises(StateUnavailable):
        game_state(camp)
    board_services.board_generate(camp=camp, seed=11)
    with pytest.raises(StateUnavailable):
        game_state(camp)


def test_game_state_store_refuses_unknown_teams(camp: Camp, teams: list[Team]) -> None:
    set_up(camp, teams)
    state = game_state(camp)
    bad = replace(state, teams=(replace(state.teams[0], name="Piráti"), *state.teams[1:]))
    with pytest.raises(IslandsError):
        board_services.game_state_store(camp=camp, state=bad)


def test_the_board_side_cannot_change_once_a_board_is_dealt(camp: Camp) -> None:
    """A board's rows are of its side: another side made every map page (the public notice board
    too) fail. The camp form refuses the change once a board exists; other fields still save."""
    from camp.forms import CampForm

    def form(side: int) -> CampForm:
        data = {
            "name": camp.name,
            "year": camp.year,
            "run_number": 1,
            "board_side": side,
            "ap_table": "14, 11, 8",
        }
        return CampForm(data=data, instance=Camp.objects.get(pk=camp.pk))

    other = 7 if camp.board_side != 7 else 9
    assert form(other).is_valid()  # no board yet: any side
    board_services.board_generate(camp=camp, seed=1)
    with translation.override("en"):
        changed = form(other)
        assert not changed.is_valid()
    assert "its side can no longer change" in changed.errors["board_side"][0]
    assert form(camp.board_side).is_valid()


def test_a_team_on_the_board_cannot_be_renamed(camp: Camp, teams: list[Team]) -> None:
    """Team names key the saved rounds (undo's snapshot, events, hints): once a team has ships,
    the team form (admin page and the camp page's inline) refuses a new name; other fields save."""
    from camp.forms import TeamForm
    from games.islands import demo

    team = teams[0]

    def form(name: str) -> TeamForm:
        data = {"name": name, "colour": team.colour, "order": team.order}
        return TeamForm(data=data, instance=Team.objects.get(pk=team.pk))

    assert form("Piráti").is_valid()  # no game yet: any name
    demo.game_setup(camp, board_seed=11)
    assert Ship.objects.filter(team=team).exists()
    with translation.override("en"):
        renamed = form("Piráti")
        assert not renamed.is_valid()
    assert "its name can no longer change" in renamed.errors["name"][0]
    assert form(team.name).is_valid()
