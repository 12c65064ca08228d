"""The confirmation simulated without bots (``tools/proof_margin.py``, the figures of the docs' table):
it proves a fair board, never one a side 7 points off, refuses more under a tighter bound, and its
judge of 1,000 camps reads a side 5 points off beyond 5 about half the time."""

from __future__ import annotations

import random

from games.islands.engine.rehearsal.deal import CONFIRM_LOOKS
from games.islands.engine.rehearsal.judge import TOLERANCE
from tools.proof_margin import FAIR, confirmation, judge_fails, multinomial

RUNS = 200


def passed(d: float, bound: float, seed: int = 1) -> int:
    draw = random.Random(seed)
    return sum(confirmation(d, bound, draw)[0] for _ in range(RUNS))


def test_a_fair_board_is_proven_at_one_of_the_looks() -> None:
    draw = random.Random(2)
    runs = [confirmation(0.0, TOLERANCE, draw) for _ in range(RUNS)]
    assert sum(ok for ok, _camps in runs) >= 0.97 * RUNS
    # every style's camps, up to the look that proved it; some at the first
    assert {camps for _ok, camps in runs} <= {3 * look for look in CONFIRM_LOOKS}
    assert (True, 3 * CONFIRM_LOOKS[0]) in runs


def test_a_side_seven_points_off_is_never_proven_and_stops_early() -> None:
    draw = random.Random(3)
    runs = [confirmation(0.07, TOLERANCE, draw) for _ in range(RUNS)]
    assert not any(ok for ok, _camps in runs)
    # the early stop: far beyond what the last look could prove, it stops at the first
    assert all(camps == 3 * CONFIRM_LOOKS[0] for _ok, camps in runs)


def test_a_tighter_bound_refuses_boards_two_points_off_that_pass_the_judges() -> None:
    assert passed(0.02, 0.04) < 0.8 * RUNS < passed(0.02, TOLERANCE)


def test_the_judge_of_a_thousand_camps_fails_a_side_five_points_off_about_half_the_time() -> None:
    draw = random.Random(4)
    fair = sum(judge_fails(0.0, draw) for _ in range(RUNS))
    at_the_bound = sum(judge_fails(0.05, draw) for _ in range(RUNS))
    assert fair <= 0.03 * RUNS
    assert 0.35 * RUNS <= at_the_bound <= 0.65 * RUNS


def test_the_multinomial_keeps_the_camps_and_the_shares() -> None:
    draw = random.Random(5)
    counts = [multinomial(3000, (FAIR + 0.05, FAIR - 0.025, FAIR - 0.025), draw) for _ in range(100)]
    assert all(sum(c) == 3000 and min(c) >= 0 for c in counts)
    first = sum(c[0] for c in counts) / (100 * 3000)
    assert abs(first - (FAIR + 0.05)) < 0.005
