"""The rehearsal's judge (``engine/rehearsal/judge.py``): a share 5 points off its fair share is
flagged when it is that far beyond chance, ahead or held back; a fair one is not; a proof needs the
far end of the share's doubt within 5 points; each tested at its boundary."""

from __future__ import annotations

import math

import pytest

from games.islands.engine.rehearsal.judge import (
    FALSE_PASS,
    TOLERANCE,
    Z_PASS,
    Share,
    camps_to_prove,
    flagged,
    passes,
    verdict,
    wilson,
    z_alarm,
)


def side(
    off: float, camps: int = 1000, fair: float = 1 / 3, style: str = "planner", name: str = "bottom"
) -> Share:
    return Share(style=style, side=name, order=0, camps=camps, wins=(fair + off) * camps, fair=fair)


def fair_board(camps: int = 1000, **offs: float) -> list[Share]:
    """Three sides a style, for three styles; ``offs`` by "style_side" (shares of the others fill
    the side's wins up to one camp a camp)."""
    shares = []
    for style in ("planner", "greedy", "novice"):
        bottom = offs.get(f"{style}_bottom", 0.0)
        shares += [
            side(bottom, camps, style=style, name="bottom"),
            side(-bottom / 2, camps, style=style, name="right"),
            side(-bottom / 2, camps, style=style, name="left"),
        ]
    return shares


def test_the_interval_is_wilsons() -> None:
    low, high = wilson(1 / 3, 1000)
    assert low == pytest.approx(0.3048, abs=1e-4) and high == pytest.approx(0.3631, abs=1e-4)
    assert wilson(0.0, 10)[0] == pytest.approx(0.0, abs=1e-12) and wilson(0.5, 0) == (0.0, 1.0)


def test_a_side_five_points_ahead_beyond_chance_is_flagged_and_just_under_it_is_not() -> None:
    z = z_alarm(9)
    assert flagged(side(0.0501, camps=4000), z)
    assert not flagged(side(0.0499, camps=4000), z)  # significant, but within the tolerance


def test_a_side_held_back_is_flagged_as_one_ahead_is() -> None:
    z = z_alarm(9)
    assert flagged(side(-0.08, camps=2000), z) and flagged(side(0.08, camps=2000), z)
    shares = fair_board(2000, greedy_bottom=-0.08)
    found = verdict(shares)
    assert found["code"] == "unfair_side"
    assert found["params"]["style"] == "greedy" and found["params"]["direction"] == "behind"


def test_five_points_off_that_may_be_chance_is_unsure_not_unfair() -> None:
    # 200 camps: a side 6 points off is only 1.8 standard errors away.
    assert verdict(fair_board(200, planner_bottom=0.06))["code"] == "unsure"


def test_the_false_alarm_is_split_over_checks_and_looks() -> None:
    assert z_alarm(1) == pytest.approx(2.5758, abs=1e-4)
    assert z_alarm(9) > z_alarm(1) and z_alarm(9, looks=5) > z_alarm(9)


def test_a_proof_needs_the_far_end_of_the_doubt_within_five_points() -> None:
    assert Z_PASS == pytest.approx(2.3263, abs=1e-4) and FALSE_PASS == 0.01
    share = side(0.02, camps=6000)
    room = TOLERANCE - Z_PASS * share.se
    assert passes(side(room - 0.0005, camps=6000)) and not passes(side(room + 0.0005, camps=6000))


def test_a_share_five_points_off_passes_a_proof_in_fewer_than_one_in_a_hundred() -> None:
    """Its estimate strays below the proof's bound by chance: the chance is the normal tail."""
    for camps in (1000, 3000, 6000):
        truth = side(TOLERANCE, camps)
        bound = TOLERANCE - Z_PASS * truth.se
        chance = 0.5 * math.erfc((TOLERANCE - bound) / truth.se / math.sqrt(2))
        assert chance <= FALSE_PASS + 1e-9


def test_a_fair_board_is_proven_with_camps_enough_and_only_fair_with_fewer() -> None:
    assert verdict(fair_board(6000))["code"] == "proven_fair"
    few = verdict(fair_board(300, planner_bottom=0.02))
    assert few["code"] == "fair" and few["params"]["camps_to_prove"] > 300


def test_camps_to_prove_a_share() -> None:
    assert camps_to_prove(side(0.06)) == 0
    assert camps_to_prove(side(0.0)) == math.ceil((2 / 9) * (Z_PASS / TOLERANCE) ** 2)


def test_the_order_of_choice_is_judged_too() -> None:
    shares = fair_board(3000) + [
        Share("planner", "", 1, 3000, (0.5 + 0.07) * 3000, 0.5),
        Share("planner", "", 2, 3000, (0.5 - 0.07) * 3000, 0.5),
    ]
    found = verdict(shares)
    assert found["code"] == "unfair_choice" and found["params"]["order"] in (1, 2)
    assert "side" not in found["params"]
