"""bench.growth's and bench.storage's own logic, where it is pure: which camps are grown, the
arguments they refuse, and their tables (the runs themselves build camps in child processes)."""

from __future__ import annotations

import pytest

from bench.growth import CAMPS, PAGES, Figure, Row, cell, table
from bench.growth import parse as growth_parse
from bench.storage import Sizes, checkpoints
from bench.storage import parse as storage_parse
from bench.storage import table as storage_table


def test_one_axis_varies_at_a_time_around_the_large_camp() -> None:
    built = {(r, c.teams, c.side) for c in CAMPS for r in c.rounds}
    assert {(r, 12, 13) for r in (1, 10, 30, 60)} <= built  # rounds at 12 teams, side 13
    assert {(30, t, 13) for t in (3, 6, 12)} <= built  # teams at side 13, 30 rounds
    assert {(30, 12, s) for s in (5, 9, 13)} <= built  # sides at 12 teams, 30 rounds
    assert len(built) == 8  # not all 27


def figure(page: str, warm: float, changed: float, queries: tuple[int, int] = (3, 12)) -> Figure:
    return Figure(page, warm, changed, *queries)


def test_a_cell_is_warm_then_after_a_change_for_time_and_for_queries() -> None:
    assert cell(figure("order page", 4.44, 41.6, (3, 19))) == "4.4 / 42 ms · 3 / 19 q"  # 0.1 ms below 10


def test_the_table_has_a_row_per_camp_in_order_and_a_column_per_page() -> None:
    every = {page: figure(page, 1, 2) for page in PAGES}
    rows = [
        Row(60, 12, 13, every),
        Row(30, 3, 13, {"order page": figure("order page", 17, 70, (5, 9))}),
        Row(30, 12, 5, every),
        Row(1, 12, 13, every),
        Row(1, 12, 13, {}),  # the same camp again: its first row stays
    ]
    lines = table(rows).splitlines()
    assert lines[0] == "| rounds | teams | side | " + " | ".join(PAGES) + " |"
    camps = [line.split(" | ")[:3] for line in lines[2:]]
    assert camps == [["| 1", "12", "13"], ["| 60", "12", "13"], ["| 30", "3", "13"], ["| 30", "12", "5"]]
    assert lines[4].split(" | ")[3] == "17 / 70 ms · 5 / 9 q"
    assert lines[4].count("–") == len(PAGES) - 1  # the pages it did not measure
    assert lines[2].split(" | ")[3] == "1.0 / 2.0 ms · 3 / 12 q"
    assert len(lines) == 6  # no footnote: every camp's open round moves ships


def test_a_camp_whose_open_round_moves_no_ship_is_marked_and_explained() -> None:
    every = {page: figure(page, 1, 2) for page in PAGES}
    lines = table([Row(30, 12, 13, every), Row(60, 12, 13, every, moves=False)]).splitlines()
    assert lines[2].startswith("| 30 | 12 | 13 |")
    assert lines[3].startswith("| 60 * | 12 | 13 |")
    assert lines[-1].startswith("\\* the open round's orders (the demo planner's) move no ship")


def test_growth_refuses_repeats_below_one_and_an_unknown_camp(capsys: pytest.CaptureFixture[str]) -> None:
    assert growth_parse([]).repeats == 7
    with pytest.raises(SystemExit):
        growth_parse(["--repeats", "0"])
    assert "--repeats must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        growth_parse(["--camp", str(len(CAMPS))])
    assert f"--camp must be between 0 and {len(CAMPS) - 1}" in capsys.readouterr().err


def test_storage_reads_the_sizes_at_the_empty_camp_its_checkpoints_and_the_last_round() -> None:
    assert checkpoints(60) == [0, 10, 30, 60]
    assert checkpoints(45) == [0, 10, 30, 45]
    assert checkpoints(3) == [0, 3]
    with pytest.raises(ValueError, match="at least one round"):
        checkpoints(0)


def test_storage_refuses_no_rounds_and_more_teams_than_a_camp_has(capsys: pytest.CaptureFixture[str]) -> None:
    args = storage_parse([])
    assert (args.rounds, args.teams, args.side) == (60, 12, 13)
    with pytest.raises(SystemExit):
        storage_parse(["--rounds", "0"])
    assert "--rounds must be at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        storage_parse(["--teams", "13"])
    assert "--teams must be between 1 and 12" in capsys.readouterr().err


def test_the_storage_table_gives_the_growth_per_round_since_the_empty_camp() -> None:
    mb = 1024 * 1024
    rows = [Sizes(0, mb, 0, 0, 0.5), Sizes(10, mb + 10 * 30 * 1024, 20, 12 * mb, 3.2)]
    lines = storage_table(rows, teams=12, side=13).splitlines()
    assert lines[-2] == "| 0 | 1.00 MB | – | 0 | 0.0 MB | 0 s |"
    assert lines[-1] == "| 10 | 1.29 MB | 30.0 KB | 20 | 12.0 MB | 3 s |"
