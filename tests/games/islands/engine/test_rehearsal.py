"""The rehearsal (``engine/rehearsal``): simulated camps through the real engine, the report's
figures, the verdict, the same report for any number of workers, cancelling, and refused specs."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from games.islands.engine.generator import inner_hexes, side_distances
from games.islands.engine.hexes import geometry
from games.islands.engine.rehearsal import (
    FORMAT,
    RehearsalBoard,
    RehearsalCancelled,
    RehearsalSpec,
    RehearsalSpecError,
    dealt_board,
    rehearse,
)
from games.islands.engine.rehearsal.play import ap_for_rank, camp_seed, placements, play_camp
from games.islands.engine.state import Cell
from games.islands.engine.tiles import Tile

TEAMS = ("Tým 1", "Tým 2", "Tým 3")


def small_spec(*boards: RehearsalBoard, **changes: object) -> RehearsalSpec:
    spec = RehearsalSpec(boards, TEAMS, (14, 11, 8), rounds=10, camps=6, seed=20260705)
    return replace(spec, **changes)


def treasure_at_bottom() -> RehearsalBoard:
    """A generated board with its treasures taken away and 8 treasures of 3 chests put on the inner
    hexes nearest to the bottom side: a board no side but the bottom can win on."""
    base = dealt_board(9, 6)
    near = side_distances(9)["bottom"]
    cells = {h: Cell() if c.tile is Tile.TREASURE else c for h, c in base.cells.items()}
    free = sorted((h for h in inner_hexes(9) if cells[h].tile is Tile.OPEN_SEA), key=lambda h: (near[h], h))
    for h in free[:8]:
        cells[h] = Cell(Tile.TREASURE, 3)
    return RehearsalBoard("Treasure at the bottom", 9, cells)


# ------------------------------------------------------------------------------------ the report


def test_the_report_has_every_figure_and_they_add_up() -> None:
    board = dealt_board(5, 3)
    spec = small_spec(board, rounds=8, camps=8)
    doc = rehearse(spec, workers=1)
    json.dumps(doc)  # plain JSON values only
    assert doc["format"] == FORMAT and doc["best_board"] is None
    assert doc["spec"]["boards"] == [{"label": "Seed 3", "board_seed": 3}]
    assert doc["spec"]["styles"] == ["planner", "greedy", "novice"] and doc["spec"]["team_bots"] is None
    (figures,) = doc["boards"]
    # Every style played its own camps; each side's share with its 95 % interval around it.
    assert [(s["style"], s["camps"]) for s in figures["styles"]] == [
        ("planner", 8),
        ("greedy", 8),
        ("novice", 8),
    ]
    for style in figures["styles"]:
        assert [s["side"] for s in style["sides"]] == ["bottom", "right", "left"] and style["choice"] == []
        assert sum(s["share"] for s in style["sides"]) == pytest.approx(1, abs=1e-3)
        assert all(s["low"] <= s["share"] <= s["high"] and s["fair_share"] == 0.3333 for s in style["sides"])
    assert figures["treasure_total"] == sum(c.chests for c in board.cells.values())
    # Three teams: one a side, every side listed in order with its team-rounds; someone wins each camp.
    assert [s["side"] for s in figures["sides"]] == ["bottom", "right", "left"]
    assert all(s["team_rounds"] == 3 * 8 * 8 for s in figures["sides"])
    assert sum(s["win_share"] for s in figures["sides"]) == pytest.approx(1, abs=1e-3)
    assert [t["team"] for t in figures["teams"]] == list(TEAMS)
    assert sum(t["win_share"] for t in figures["teams"]) == pytest.approx(1, abs=1e-3)
    bays = [b["bay"] for b in figures["bays"]]
    assert bays == sorted(bays) and sum(b["camps"] for b in figures["bays"]) == 3 * 8 * 3
    # Chests come home, never more than the board holds; the figures per round have a value a round.
    home = figures["home_by_round"]
    assert len(home) == 8 and home == sorted(home) and home[-1] <= figures["treasure_total"]
    assert len(figures["ships_lost_by_round"]) == 8
    assert figures["ships_lost_per_team_round"] == pytest.approx(
        sum(figures["ships_lost_by_round"]) / 8, abs=1e-3
    )
    half = figures["rounds_to_half"]
    assert half["never_share"] < 1 and 1 <= half["p10"] <= half["mean"] <= half["p90"] <= 8
    # The default AP table gives every one of three teams AP: no team-round without.
    assert figures["zero_ap_share"] == 0
    assert 0 <= figures["idle_share"] <= 1 and 0 <= figures["tie_break_share"] <= 1
    assert set(figures["pirates"]) == {"appeared_mean", "ships_taken_mean"}
    assert figures["verdict"]["code"] in {"fair", "unsure", "unfair_choice", "unfair_side"}


def test_places_beyond_the_ap_table_get_no_ap() -> None:
    doc = rehearse(
        small_spec(dealt_board(5, 3), teams=("A", "B", "C", "D", "E", "F"), ap_table=(14, 11, 8), camps=3),
        workers=1,
    )
    zero = doc["boards"][0]["zero_ap_share"]
    assert 0.4 <= zero <= 0.6  # 3 of 6 places beyond the table, fewer when teams tie on 3rd


def test_the_same_spec_gives_the_same_report_and_the_same_for_any_workers() -> None:
    spec = small_spec(dealt_board(5, 3), dealt_board(5, 4), camps=5)
    one = rehearse(spec, workers=1)
    assert rehearse(spec, workers=1) == one
    assert json.dumps(rehearse(spec, workers=2), sort_keys=True) == json.dumps(one, sort_keys=True)
    # Another simulation seed plays other camps.
    assert rehearse(replace(spec, seed=spec.seed + 1), workers=1)["boards"] != one["boards"]


def test_a_board_of_any_mapping_goes_to_the_workers() -> None:
    board = dealt_board(5, 3)
    proxied = replace(board, cells=MappingProxyType(dict(board.cells)))  # as a generated board holds them
    spec = small_spec(proxied, camps=3)
    assert rehearse(spec, workers=2) == rehearse(small_spec(board, camps=3), workers=1)


def test_boards_side_by_side_share_their_simulated_camps() -> None:
    """Camp k of every board draws its sides, bays and places from (seed, k): a board rehearsed
    beside another gives the same figures as on its own."""
    a, b = dealt_board(5, 3), dealt_board(5, 4)
    both = rehearse(small_spec(a, b, camps=4), workers=1)
    alone = rehearse(small_spec(b, camps=4), workers=1)
    assert both["boards"][1] == alone["boards"][0]
    assert both["best_board"] in (0, 1)


def test_a_simulated_camp_is_a_function_of_board_spec_and_index() -> None:
    board = dealt_board(5, 3)
    spec = small_spec(board)
    assert play_camp(board, spec, 2) == play_camp(board, spec, 2)
    assert play_camp(board, spec, 2) != play_camp(board, spec, 3)
    assert camp_seed(1, 2, "game") != camp_seed(1, 3, "game") and 2**40 < camp_seed(1, 2, "game") < 2**63


# ------------------------------------------------------------------------------------ the verdict


def test_a_board_with_all_its_treasure_by_one_side_is_unfair_to_the_others() -> None:
    unfair = treasure_at_bottom()
    doc = rehearse(small_spec(unfair, rounds=10, camps=60, seed=1), workers=1)
    verdict = doc["boards"][0]["verdict"]
    assert verdict["code"] == "unfair_side"
    assert verdict["params"]["side"] == "bottom" and verdict["params"]["direction"] == "ahead"
    # A clear loser: stopped at the first look that flagged it (the false alarm split over the looks).
    assert doc["boards"][0]["camps"] < 3 * 60
    assert verdict["params"]["share"] >= 0.6 and verdict["params"]["fair_share"] == pytest.approx(
        1 / 3, abs=1e-3
    )


def test_a_fair_generated_board_is_not_unfair_to_a_side_and_is_the_best_beside_an_unfair_one() -> None:
    doc = rehearse(
        small_spec(treasure_at_bottom(), dealt_board(9, 23), rounds=12, camps=40, seed=1), workers=1
    )
    fair = doc["boards"][1]
    assert not fair["verdict"]["code"].startswith("unfair")
    assert doc["best_board"] == 1


# ------------------------------------------------------------------------------------ placements


def test_placements_rank_like_the_camp_ties_included() -> None:
    rnd = random.Random(5)
    seen_tie = False
    for _ in range(300):
        ranks = placements(6, rnd, "uniform")
        # Competition ranking: a team's place is 1 + the teams placed strictly better.
        assert all(r == 1 + sum(1 for o in ranks if o < r) for r in ranks)
        seen_tie |= len(set(ranks)) < 6
    assert seen_tie
    assert [ap_for_rank((14, 11, 8), r) for r in (1, 1, 3, 4)] == [14, 14, 8, 0]


def test_the_strong_team_wins_more_often() -> None:
    """On a board with chests enough to decide most camps (side 9): on side 5 the AP tie-break,
    which the team with fewer AP wins, decides most camps, and the strong team loses those."""
    board = dealt_board(9, 5)
    uniform = rehearse(small_spec(board, camps=80, bots="planner"), workers=2)["boards"][0]["teams"]
    strong = rehearse(small_spec(board, camps=80, bots="planner", placement="strong"), workers=2)["boards"][
        0
    ]["teams"]
    assert strong[0]["win_share"] > uniform[0]["win_share"]
    assert strong[0]["treasure_mean"] > max(t["treasure_mean"] for t in strong[1:])


def test_the_strong_team_places_first_more_often() -> None:
    rnd = random.Random(7)
    firsts = Counter(placements(4, rnd, "strong").index(1) for _ in range(2000))
    uniform = Counter(placements(4, rnd, "uniform").index(1) for _ in range(2000))
    assert firsts[0] > 2 * firsts[1] and firsts[0] > 1000
    assert 350 < uniform[0] < 650


# ------------------------------------------------------------------------------------ cancel, errors


@pytest.mark.parametrize("workers", [1, 2])
def test_cancel_stops_the_run(workers: int) -> None:
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 1

    seen: list[tuple[int, int]] = []
    with pytest.raises(RehearsalCancelled) as caught:
        rehearse(
            small_spec(dealt_board(9, 3), camps=200, rounds=14),
            workers=workers,
            progress=lambda d, t: seen.append((d, t)),
            cancelled=cancelled,
        )
    assert caught.value.total == 3 * 200 and caught.value.done < 3 * 200
    assert isinstance(caught.value, ValueError)
    with pytest.raises(RehearsalCancelled):
        rehearse(small_spec(dealt_board(5, 3)), workers=workers, cancelled=lambda: True)


#: A run that has started its workers and then waits, to be killed outright.
KILLED_RUN = """
import time
from games.islands.engine.rehearsal import RehearsalSpec, dealt_board
from games.islands.engine.rehearsal.run import CampRunner, Watch, camp_tasks

spec = RehearsalSpec((dealt_board(5, 3),), ("A", "B", "C"), (14, 11, 8), rounds=2, camps=2, seed=1)
with CampRunner(2, Watch(0, None, None)) as runner:
    runner.play(camp_tasks(spec, 0, "planner", 0, 2))
    print("playing", flush=True)
    time.sleep(120)
"""


def children_of(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # a process that ended while we looked
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="looks at the processes in /proc")
def test_the_workers_leave_when_their_run_is_killed_outright() -> None:
    root = Path(__file__).resolve().parents[4]
    run = subprocess.Popen([sys.executable, "-c", KILLED_RUN], cwd=root, stdout=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        assert run.stdout is not None and run.stdout.readline().strip() == "playing"
        workers += children_of(run.pid)
        assert workers, "the run started no worker"
        run.kill()
        run.wait()
        deadline = time.monotonic() + 20
        while (left := [p for p in workers if alive(p)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert left == []
    finally:
        run.kill()
        run.wait()
        for pid in filter(alive, workers):  # a failed check leaves no process behind
            os.kill(pid, signal.SIGKILL)


def test_progress_counts_camps_over_all_boards() -> None:
    seen: list[tuple[int, int]] = []
    rehearse(
        small_spec(dealt_board(5, 3), dealt_board(5, 4), camps=3),
        workers=1,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[-1] == (18, 18) and all(t == 18 for _d, t in seen)


def board_with(**cells: Cell) -> RehearsalBoard:
    board = dealt_board(5, 3)
    g = geometry(5)
    return replace(board, cells={**board.cells, **{g.parse(k): v for k, v in cells.items()}})


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (lambda b: small_spec(), "boards"),
        (lambda b: small_spec(b, b, b, b, b), "boards"),
        (lambda b: small_spec(b, dealt_board(7, 1)), "boards_side"),
        (lambda b: small_spec(board_with(B1=Cell(Tile.REEFS, 2))), "board_chests"),
        (lambda b: small_spec(replace(b, cells={h: Cell() for h in b.cells})), "board_treasure"),
        (lambda b: small_spec(replace(b, cells={**b.cells, (99, 99): Cell()})), "board_cell"),
        (lambda b: small_spec(b, teams=("Solo",)), "teams"),
        (lambda b: small_spec(b, teams=("A", "A")), "team_twice"),
        (lambda b: small_spec(b, teams=("A", " ")), "team_name"),
        (lambda b: small_spec(dealt_board(3, 1), teams=tuple("ABCDEFG")), "bays"),
        (lambda b: small_spec(b, ap_table=()), "ap_table"),
        (lambda b: small_spec(b, ap_table=(14, -1)), "ap_table"),
        (lambda b: small_spec(b, rounds=0), "rounds"),
        (lambda b: small_spec(b, rounds=61), "rounds"),
        (lambda b: small_spec(b, camps=10001), "camps"),
        (lambda b: small_spec(b, placement="lucky"), "placement"),
        (lambda b: small_spec(b, bots="smart"), "bots"),
        (lambda b: small_spec(b, seed=-1), "seed"),
    ],
)
def test_a_spec_it_cannot_play_is_refused_with_a_code(spec: object, code: str) -> None:
    with pytest.raises(RehearsalSpecError) as caught:
        rehearse(spec(dealt_board(5, 3)), workers=1)  # type: ignore[operator]
    assert caught.value.code == code
    assert isinstance(caught.value, ValueError) and isinstance(caught.value.params, dict)


@pytest.mark.parametrize("workers", [0, 17, True])
def test_workers_out_of_range_are_refused(workers: int) -> None:
    with pytest.raises(RehearsalSpecError) as caught:
        rehearse(small_spec(dealt_board(5, 3)), workers=workers)
    assert caught.value.code == "workers" and caught.value.params["max"] == 16


def test_team_names_as_a_camp_has_them_dots_and_all() -> None:
    doc = rehearse(small_spec(dealt_board(5, 3), teams=("Tým č. 1", "Modří", "Zelení"), camps=2), workers=1)
    assert doc["spec"]["teams"] == ["Tým č. 1", "Modří", "Zelení"]
    assert len(doc["boards"][0]["sides"]) == 3
