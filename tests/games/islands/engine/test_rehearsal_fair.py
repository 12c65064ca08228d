"""The rehearsal is a judge that can be trusted (issue 30), the small version (the long one, sides 7,
9 and 13 with 3 and 6 teams at 1,000 camps a style, is ``bench/fair_deal.py``): on a board fair by
construction (a third turned onto the other two) every side of every style wins within 5 points of
its fair share; a board with its treasure by one side stays flagged."""

from __future__ import annotations

import pytest

from games.islands.engine.generator import inner_hexes, side_distances
from games.islands.engine.hexes import turned
from games.islands.engine.rehearsal import RehearsalBoard, RehearsalSpec, rehearse
from games.islands.engine.rehearsal.judge import TOLERANCE
from games.islands.engine.rehearsal.spec import dealt_board, symmetric_board
from games.islands.engine.state import Cell
from games.islands.engine.tiles import Tile

AP = {3: (14, 11, 8), 6: (14, 11, 8, 6, 4, 2)}


def teams(n: int) -> tuple[str, ...]:
    return tuple(f"Tým {i}" for i in range(1, n + 1))


def test_a_symmetric_board_is_the_same_from_every_side() -> None:
    board = symmetric_board(9, 1)
    assert all(board.cells[turned(h, 9, 1)] == c for h, c in board.cells.items())
    assert any(c.tile is Tile.TREASURE for c in board.cells.values())


@pytest.mark.parametrize(("side", "count", "seed"), [(7, 3, 1), (9, 6, 2)])
def test_on_a_symmetric_board_every_side_of_every_style_wins_its_fair_share(
    side: int, count: int, seed: int
) -> None:
    spec = RehearsalSpec((symmetric_board(side, seed),), teams(count), AP[count], camps=600, seed=seed)
    (board,) = rehearse(spec, workers=2)["boards"]
    for style in board["styles"]:
        for share in style["sides"]:
            assert abs(share["share"] - share["fair_share"]) < TOLERANCE, (style["style"], share)
    # (The order of choice is the chosen bays' own: a board turned onto itself makes the sides alike,
    # not a side's first bay and its second; the verdict may judge those.)


def test_a_board_with_its_treasure_by_one_side_stays_flagged() -> None:
    base = dealt_board(9, 6)
    near = side_distances(9)["bottom"]
    cells = {h: Cell() if c.tile is Tile.TREASURE else c for h, c in base.cells.items()}
    free = sorted((h for h in inner_hexes(9) if cells[h].tile is Tile.OPEN_SEA), key=lambda h: (near[h], h))
    for h in free[:8]:
        cells[h] = Cell(Tile.TREASURE, 3)
    spec = RehearsalSpec((RehearsalBoard("By the bottom", 9, cells),), teams(3), AP[3], camps=200, seed=3)
    verdict = rehearse(spec, workers=2)["boards"][0]["verdict"]
    assert verdict["code"] == "unfair_side"
    assert verdict["params"]["side"] == "bottom" and verdict["params"]["direction"] == "ahead"
