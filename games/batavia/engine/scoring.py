"""Final scoring from plain numbers: the one implementation behind the engine's :func:`rules.score`
and the staff's score calculator for a game played on the real board.

>>> a = TablePlayer(crates=(2, 0, 0, 0, 0, 0, 0), bills=20, seals=("DK",), goal=True, cashed=6)
>>> b = TablePlayer(crates=(1, 0, 0, 0, 0, 0, 1), bills=10, seals=(), goal=False, cashed=10)
>>> [s.total for s in score_table([a, b])]
[27, 26]
>>> rank_totals([27, 26, 27])
((0, 2), (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .components import GOODS
from .state import (
    BILLS_GOLD,
    BILLS_TIE_GOLD,
    EXCHANGE_GOLD,
    EXCHANGE_TIE_GOLD,
    GOAL_GOLD,
    SEAL_GOLD,
    Score,
)


@dataclass(frozen=True, slots=True)
class TablePlayer:
    """One player at the end of a game: ``crates`` per exchange in :data:`GOODS` order, the bills
    held, the companies whose seal they hold, whether they took the goal tile, and the gold they
    earned by cashing in."""

    crates: tuple[int, ...]
    bills: int
    seals: tuple[str, ...] = ()
    goal: bool = False
    cashed: int = 0


def score_table(players: Sequence[TablePlayer]) -> tuple[Score, ...]:
    """Final gold by source for every player (hands already laid, seals already given).

    Each exchange: the player with the most crates gets its full value, players tied for most get
    the tie value each, an empty exchange gives nothing. Most bills: 5, tied for most: 2 each. The
    goal tile: 4. Each seal: 2. Cashed gold counts as it is.
    """
    n = len(players)
    exchange = [0] * n
    for g in range(len(GOODS)):
        crates = [p.crates[g] for p in players]
        top = max(crates, default=0)
        if top <= 0:
            continue
        leaders = [s for s in range(n) if crates[s] == top]
        gain = EXCHANGE_GOLD[g] if len(leaders) == 1 else EXCHANGE_TIE_GOLD[g]
        for s in leaders:
            exchange[s] += gain
    top_bills = max((p.bills for p in players), default=0)
    richest = [s for s, p in enumerate(players) if p.bills == top_bills]
    bills_gain = BILLS_GOLD if len(richest) == 1 else BILLS_TIE_GOLD
    return tuple(
        Score(
            cashed=p.cashed,
            exchanges=exchange[s],
            bills=bills_gain if s in richest else 0,
            goal=GOAL_GOLD if p.goal else 0,
            seals=SEAL_GOLD * len(p.seals),
        )
        for s, p in enumerate(players)
    )


def rank_totals(totals: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Indexes grouped by place, best first; equal totals share a place (no tie-break)."""
    distinct = sorted(set(totals), reverse=True)
    return tuple(tuple(i for i, t in enumerate(totals) if t == d) for d in distinct)


def competition_ranks(totals: Sequence[int]) -> tuple[int, ...]:
    """The place of every index (1 = best); ties share a place and skip the next ones (1, 1, 3).

    >>> competition_ranks([30, 42, 30, 12])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(1 for other in totals if other > t) for t in totals)


__all__ = ["TablePlayer", "competition_ranks", "rank_totals", "score_table"]
