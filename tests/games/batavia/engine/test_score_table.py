"""The scoring from plain numbers (the score calculator's engine) agrees with the game's scoring."""

from __future__ import annotations

import doctest

from games.batavia.engine import bots, rules, scoring
from games.batavia.engine.scoring import TablePlayer, competition_ranks, rank_totals, score_table

NONE = (0, 0, 0, 0, 0, 0, 0)


def crates(**kw: int) -> tuple[int, ...]:
    goods = ("tea", "cotton", "porcelain", "silk", "ginger", "nutmeg", "pepper")
    return tuple(kw.get(g, 0) for g in goods)


def test_doctests() -> None:
    result = doctest.testmod(scoring)
    assert result.attempted > 0 and result.failed == 0


def test_exchange_leader_and_ties() -> None:
    players = [
        TablePlayer(crates(silk=2, pepper=1), bills=15),
        TablePlayer(crates(silk=2), bills=15),
        TablePlayer(crates(silk=2, tea=1), bills=15),
    ]
    scores = score_table(players)
    # silk: three tied for most -> 6 each; pepper alone 16; tea alone 10
    assert [s.exchanges for s in scores] == [6 + 16, 6, 6 + 10]
    assert [s.bills for s in scores] == [2, 2, 2]  # everyone tied for most bills


def test_bills_goal_seals_cashed() -> None:
    players = [
        TablePlayer(NONE, bills=20, seals=("DK", "SE"), goal=True, cashed=9),
        TablePlayer(NONE, bills=13, seals=("EN",)),
        TablePlayer(NONE, bills=12),
    ]
    a, b, c = score_table(players)
    assert (a.bills, a.goal, a.seals, a.cashed, a.total) == (5, 4, 4, 9, 22)
    assert (b.bills, b.seals, b.total) == (0, 2, 2)
    assert c.total == 0


def test_ranking_shares_places() -> None:
    assert rank_totals([10, 30, 10, 5]) == ((1,), (0, 2), (3,))
    assert competition_ranks([10, 30, 10, 5]) == (2, 1, 2, 4)
    assert competition_ranks([7, 7, 7]) == (1, 1, 1)


def test_score_table_matches_finished_games() -> None:
    for seed in range(5):
        state = bots.play_game(["greedy", "random", "greedy", "random"], seed=seed)
        assert state.scores == rules.score(state)
        totals = [s.total for s in state.scores]
        assert rank_totals(totals) == state.ranking()
