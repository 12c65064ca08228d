"""Reading rehearsals (``games/islands/rehearsals.py``): the boards as a rehearsal keeps them and
their key, the camp's board as the game began."""

from __future__ import annotations

from typing import Any

from camp.models import Camp, Round, Team
from games.islands import rehearsals
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex
from games.islands.services import board as board_services

SEED = 1234567890123456789


def plan(*seeds: int | None, **changes: Any) -> rehearsals.RehearsalPlan:
    values: dict[str, Any] = {"board_seeds": seeds, "teams": ("A", "B"), "ap_table": (14, 11, 8)}
    return rehearsals.RehearsalPlan(**(values | changes))


def test_the_key_is_the_boards_and_parameters_not_the_simulations_seed(camp: Camp) -> None:
    one = rehearsals.spec_document(camp, plan(SEED), seed=1)
    assert rehearsals.spec_key(one) == rehearsals.spec_key(rehearsals.spec_document(camp, plan(SEED), seed=2))
    for other in (
        plan(SEED + 1),
        plan(SEED, rounds=13),
        plan(SEED, teams=("A", "C")),
        plan(SEED, bots="greedy"),
    ):
        assert rehearsals.spec_key(rehearsals.spec_document(camp, other, seed=1)) != rehearsals.spec_key(one)


def test_cells_go_to_json_and_back(camp: Camp) -> None:
    cells = rehearsals.seed_board_cells(9, SEED)
    document = rehearsals.cells_document(cells)
    assert rehearsals.cells_of(document) == {h: c for h, c in cells.items() if c.tile is not Tile.OPEN_SEA}
    assert sum(c[3] for c in document) == sum(c.chests for c in cells.values())


def test_the_camps_board_is_the_stored_one_with_its_hand_edits(camp: Camp, teams: list[Team]) -> None:
    assert rehearsals.camp_board_cells(camp) is None
    board_services.board_generate(camp=camp, seed=77)
    row = BoardHex.objects.filter(camp=camp, tile=Tile.TREASURE.value).first()
    assert row is not None
    board_services.board_hex_set(camp=camp, at=row.hex, tile=Tile.REEFS, chests=0, revealed=True)
    cells = rehearsals.camp_board_cells(camp)
    assert cells is not None and cells[row.hex].tile is Tile.REEFS and cells[row.hex].revealed


def test_after_rounds_are_played_the_camps_board_is_the_one_the_game_began_with(
    game: Round, camp: Camp
) -> None:
    first = Round.objects.get(camp=camp, number=1).islands_result
    began = {
        label: h.get("chests", 0) for label, h in first.before["hexes"].items() if h["tile"] == "treasure"
    }
    now = sum(BoardHex.objects.filter(camp=camp).values_list("chests", flat=True))
    cells = rehearsals.camp_board_cells(camp)
    assert cells is not None and sum(c.chests for c in cells.values()) == sum(began.values())
    assert sum(began.values()) >= now
