"""Final scoring: exchanges, bills, goal, seals, cashed gold, ties, and the ranking."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.batavia.engine import rules
from games.batavia.engine.components import GOODS
from games.batavia.engine.state import GOAL_FIELD, GameState, Score

from .helpers import counts, game, patch

FULL = dict(zip(GOODS, (10, 11, 12, 13, 14, 15, 16), strict=True))
TIED = dict(zip(GOODS, (5, 5, 6, 6, 7, 7, 8), strict=True))


def with_exchange(state: GameState, good: str, owners: list[int | None]) -> GameState:
    g = GOODS.index(good)
    return replace(state, exchanges=state.exchanges[:g] + (tuple(owners),) + state.exchanges[g + 1 :])


@pytest.mark.parametrize("good", GOODS)
def test_the_most_crates_alone_gets_the_full_value(good: str) -> None:
    scores = rules.score(with_exchange(game(), good, [2, 2, 1, None, 0]))
    assert [sc.exchanges for sc in scores] == [0, 0, FULL[good]]


@pytest.mark.parametrize("good", GOODS)
def test_a_tie_for_most_crates_gives_each_the_tie_value(good: str) -> None:
    scores = rules.score(with_exchange(game(), good, [1, 0, 1, 0, 2]))
    assert [sc.exchanges for sc in scores] == [TIED[good], TIED[good], 0]


def test_an_exchange_without_crates_pays_nobody() -> None:
    assert [sc.exchanges for sc in rules.score(game())] == [0, 0, 0]


def test_exchanges_add_up() -> None:
    s = with_exchange(game(), "tea", [0, None, None, None, None])
    s = with_exchange(s, "pepper", [0, 1, None, None, None])
    assert [sc.exchanges for sc in rules.score(s)] == [10 + 8, 8, 0]


def test_most_bills_alone_gets_5() -> None:
    s = patch(patch(game(), 0, bills=17), 1, bills=13)
    assert [sc.bills for sc in rules.score(s)] == [5, 0, 0]


def test_a_tie_for_most_bills_gives_2_each() -> None:
    s = patch(patch(game(), 0, bills=16), 1, bills=16)
    s = patch(s, 2, bills=13)
    assert [sc.bills for sc in rules.score(s)] == [2, 2, 0]
    assert [sc.bills for sc in rules.score(game())] == [2, 2, 2]  # everyone tied at 15


def test_goal_4_and_each_seal_2_and_cashed_gold() -> None:
    s = patch(game(), 0, field=GOAL_FIELD, gold=9)
    s = patch(s, 1, laid=counts(EN=2, DK=1))
    s = patch(s, 2, laid=counts(EN=1, FR=3))
    scores = rules.score(s)
    assert [sc.goal for sc in scores] == [4, 0, 0]
    assert [sc.seals for sc in scores] == [0, 4, 2]
    assert [sc.cashed for sc in scores] == [9, 0, 0]
    assert scores[0].total == 9 + 4 + 2  # and 2 for the three-way bills tie


def test_the_ranking_shares_places_on_equal_totals() -> None:
    s = replace(
        game(),
        scores=(Score(10, 0, 0, 0, 0), Score(5, 5, 0, 0, 0), Score(3, 0, 2, 0, 0)),
    )
    assert s.ranking() == ((0, 1), (2,))
    s = replace(s, scores=(Score(1, 0, 0, 0, 0), Score(5, 0, 0, 0, 0), Score(1, 0, 0, 0, 0)))
    assert s.ranking() == ((1,), (0, 2))
    assert game().ranking() == ()
