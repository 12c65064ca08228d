"""bench.fair_deal's own choosing and keeping: which parts and cases a run deals, and a dealt board
kept to a file that gives back the same board to judge again (the deals themselves take minutes:
``python -m bench fair_deal``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.fair_deal import (
    AP_TABLES,
    DEALT_CASES,
    PARTS,
    camps_read,
    chosen,
    dealt_cases,
    keep,
    kept_board,
    progress_lines,
    teams,
)
from games.islands.engine.generator import generate_map
from games.islands.engine.rehearsal import RehearsalSpec, rehearse
from games.islands.engine.rehearsal.deal import DealSpec, DealStatus, FairDeal
from games.islands.engine.rehearsal.spec import RehearsalBoard
from games.islands.engine.state import Cell
from games.islands.engine.tiles import Tile


def test_a_choice_not_given_is_every_part_and_a_given_one_keeps_its_order() -> None:
    assert chosen(None, PARTS, "ZO_FAIR_PARTS") == ["symmetric", "speed", "dealt"]
    assert chosen(" ", PARTS, "ZO_FAIR_PARTS") == ["symmetric", "speed", "dealt"]
    assert chosen("dealt, symmetric", PARTS, "ZO_FAIR_PARTS") == ["dealt", "symmetric"]


def test_a_part_or_case_not_known_is_refused_by_name() -> None:
    with pytest.raises(SystemExit, match=r"^ZO_FAIR_PARTS: deal not one of symmetric, speed, dealt$"):
        chosen("dealt,deal", PARTS, "ZO_FAIR_PARTS")
    with pytest.raises(SystemExit, match=r"^ZO_FAIR_CASES: 9x4 not one of 9x3, 9x6, 7x3, 13x12$"):
        dealt_cases("9x4")


def test_the_dealt_cases_named_are_side_and_teams() -> None:
    assert dealt_cases(None) == DEALT_CASES
    assert dealt_cases("13x12,7x3") == [(13, 12), (7, 3)]


def test_a_kept_board_gives_back_the_board_dealt_and_its_judge(tmp_path: Path) -> None:
    deal = DealSpec(7, 3, AP_TABLES[3], seed=1234)
    dealt = generate_map(7, 99, teams=3)
    found = FairDeal(dict(dealt.tiles), {"label": "confirmation"}, candidate=4, moves=2, camps=12_345)
    cells = {h: Cell(c.tile, c.chests) for h, c in dealt.tiles.items()}
    judge = RehearsalSpec((RehearsalBoard("Dealt", 7, cells),), teams(3), AP_TABLES[3], camps=3, seed=77)
    (figures,) = rehearse(judge, workers=1)["boards"]

    path = keep(tmp_path / "kept", deal, found, judge, figures, wall=12.5, cpu=24.0)

    assert path == tmp_path / "kept" / "side7-teams3-seed1234.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["found"] == {"candidate": 4, "moves": 2, "camps": 12_345, "wall": 12.5, "cpu": 24.0}
    assert document["judge"]["seed"] == 77 and document["judge"]["camps"] == 3
    assert document["judge"]["figures"]["styles"] == figures["styles"]
    assert camps_read(figures) == 3  # every style played all its camps: nothing stopped early
    again, board = kept_board(path)
    assert again == deal
    assert board.side == 7
    # Open sea is left out of the file; every other hex comes back with its tile and chests.
    assert board.cells == {h: c for h, c in cells.items() if c.tile is not Tile.OPEN_SEA}
    assert sum(c.chests for c in board.cells.values()) == dealt.chests > 0
    # Judged again on the judge's own seed, the kept board plays the very same camps.
    same = RehearsalSpec((board,), teams(3), again.ap_table, camps=3, seed=77)
    (replayed,) = rehearse(same, workers=1)["boards"]
    assert replayed["styles"] == figures["styles"] and replayed["bays"] == figures["bays"]


def test_the_camps_read_are_those_of_the_style_stopped_soonest() -> None:
    # The judge stops every style at the same look; a style may still have played fewer camps.
    assert camps_read({"styles": [{"camps": 800}, {"camps": 1000}, {"camps": 1000}]}) == 800


def test_a_long_deal_says_each_new_board_and_proof_on_standard_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    progress = progress_lines(DealSpec(13, 12, AP_TABLES[12], seed=1009))
    for status in (
        DealStatus("screening", 1, 150),
        DealStatus("screening", 1, 300),  # the same board, further on: no line
        DealStatus("confirming", 1, 900),
        DealStatus("screening", 2, 9000),
    ):
        progress(status)
    out, err = capsys.readouterr()
    assert out == ""
    lines = [line.split(", ")[2:5] for line in err.splitlines()]
    assert lines == [
        ["seed 1009: board 1", "screening", "150 camps"],
        ["seed 1009: board 1", "confirming", "900 camps"],
        ["seed 1009: board 2", "screening", "9000 camps"],
    ]
