"""The judge of a rehearsed board: is every side's share of the won camps fair, for every way of
playing, and is that proven?

A **check** is one share of the won camps the board must keep fair: a side's (its teams' wins over
the camps) or, when a side has two teams or more, the share of the teams that chose their bay first
on their side (all sides together), second, … (the teams of a side choose in turn, each the best
bay left: what the order of choice gives is, like the side, what a choice cannot fix). Its **fair
share** is the share its team-camps would win on a fair board: its team-camps over all team-camps.
Every style of play (each bot) is judged on camps of its own; a board is fair only when it is fair
for every style.

The tests, with their error rates (docs/islands-rehearsal.md, "The verdict"):

- **Unfair** (:func:`flagged`): a share at least :data:`TOLERANCE` (5 points) from its fair share,
  ahead or held back, and that far by more than chance: a two-sided z-test against the fair share at
  a false-alarm rate of :data:`FALSE_ALARM` for the whole board (Bonferroni: split over its checks,
  and over the looks when the run stops early on a clear loser). A board fair for every style is
  called unfair in fewer than 1 rehearsal in 100.
- **Proven fair** (:func:`proven`): every share's distance from its fair share is below
  :data:`TOLERANCE` with confidence: its estimate plus :data:`Z_PASS` standard errors. A share 5
  points off passes in fewer than :data:`FALSE_PASS` (1 in 100) of the rehearsals.
- **Fair** (not proven): no share 5 points off; **unsure**: a share 5 points off or more that
  may be chance; rehearse more camps.

Each share is shown with its 95 % Wilson score interval. Pure Python: no Django, no NumPy.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

#: A share this close to its fair share is fair (5 percentage points).
TOLERANCE = 0.05
#: The chance that a board fair for every style is called unfair (over all its checks and looks).
FALSE_ALARM = 0.01
#: The chance that a share :data:`TOLERANCE` or more off its fair share passes as proven fair.
FALSE_PASS = 0.01
#: The confidence of the intervals shown.
INTERVAL = 0.95

NORMAL = NormalDist()
#: Standard errors added to a share's distance from its fair share for a proof (one-sided 99 %).
Z_PASS = NORMAL.inv_cdf(1 - FALSE_PASS)
_Z_INTERVAL = NORMAL.inv_cdf(1 - (1 - INTERVAL) / 2)

#: The verdicts, best first: a board's verdict is the worst of its styles'; boards compare by it.
VERDICTS = ("proven_fair", "fair", "unsure", "unfair_choice", "unfair_side")


@dataclass(frozen=True)
class Share:
    """One check of one style: how often its teams won (``wins``: camps, a full tie shared) over
    ``camps`` camps, and the share a fair board would give them."""

    style: str
    #: The side, or "" for a place in the order of choice (all sides together).
    side: str
    #: The place in the order of choice (1: chose first), or 0 for a side.
    order: int
    camps: int
    wins: float
    fair: float

    @property
    def share(self) -> float:
        return self.wins / self.camps if self.camps else 0.0

    @property
    def off(self) -> float:
        """How far the share is from its fair share (positive: ahead)."""
        return self.share - self.fair

    @property
    def se(self) -> float:
        """The share's standard error, the larger of the observed and the fair share's."""
        p, f = self.share, self.fair
        return math.sqrt(max(p * (1 - p), f * (1 - f)) / self.camps) if self.camps else math.inf

    @property
    def se_fair(self) -> float:
        """The standard error a fair board would give it (the z-test's)."""
        f = self.fair
        return math.sqrt(f * (1 - f) / self.camps) if self.camps else math.inf

    def interval(self) -> tuple[float, float]:
        """The 95 % Wilson score interval of the share."""
        return wilson(self.share, self.camps)


def wilson(share: float, n: int, z: float = _Z_INTERVAL) -> tuple[float, float]:
    """The Wilson score interval of a share over ``n`` trials (``(0, 1)`` for none).

    >>> [round(x, 3) for x in wilson(0.5, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def z_alarm(checks: int, looks: int = 1) -> float:
    """The z a share must reach to be flagged: :data:`FALSE_ALARM` split over the board's checks
    and looks, two-sided.

    >>> round(z_alarm(1), 2), round(z_alarm(9), 2)
    (2.58, 3.26)
    """
    return NORMAL.inv_cdf(1 - FALSE_ALARM / (2 * max(1, checks) * max(1, looks)))


def flagged(share: Share, z: float) -> bool:
    """Whether ``share`` is unfair: at least :data:`TOLERANCE` off and ``z`` standard errors of a
    fair share off."""
    return abs(share.off) >= TOLERANCE and abs(share.off) >= z * share.se_fair


def passes(share: Share, z: float = Z_PASS, tolerance: float | None = None) -> bool:
    """Whether ``share`` is proven within ``tolerance`` (by default :data:`TOLERANCE`) of its fair
    share (``z`` standard errors added to its distance)."""
    return abs(share.off) + z * share.se < (TOLERANCE if tolerance is None else tolerance)


def proven(shares: Iterable[Share], z: float = Z_PASS, tolerance: float | None = None) -> bool:
    return all(passes(s, z, tolerance) for s in shares)


def camps_to_prove(share: Share) -> int:
    """About how many camps would prove ``share`` fair if its distance from its fair share stayed
    what it is now (0: it never would)."""
    room = TOLERANCE - abs(share.off)
    if room <= 0:
        return 0
    p, f = share.share, share.fair
    return math.ceil(max(p * (1 - p), f * (1 - f)) * (Z_PASS / room) ** 2)


def verdict(shares: Sequence[Share], looks: int = 1) -> dict[str, object]:
    """The board's verdict from all its checks of all its styles (``looks``: how many times the
    run looked before it stopped, for the false-alarm split): the code and its params."""
    if not shares:
        return {"code": "fair", "params": {}}
    z = z_alarm(len(shares), looks)
    bad = [s for s in shares if flagged(s, z)]
    if bad:
        sides = [s for s in bad if s.order == 0]
        worst = max(sides or bad, key=lambda s: abs(s.off) / s.se_fair)
        return {"code": "unfair_side" if sides else "unfair_choice", "params": _params(worst)}
    off = max(shares, key=lambda s: (abs(s.off), -s.order))
    if abs(off.off) >= TOLERANCE:
        return {"code": "unsure", "params": _params(off)}
    if proven(shares):
        return {"code": "proven_fair", "params": {**_params(off), "camps": min(s.camps for s in shares)}}
    unproven = [s for s in shares if not passes(s)]
    slowest = max(unproven, key=camps_to_prove)
    camps = min(s.camps for s in shares)
    return {
        "code": "fair",
        "params": {**_params(off), "camps": camps, "camps_to_prove": camps_to_prove(slowest)},
    }


def _params(share: Share) -> dict[str, object]:
    low, high = share.interval()
    params: dict[str, object] = {
        "style": share.style,
        "share": round(share.share, 4),
        "low": round(low, 4),
        "high": round(high, 4),
        "fair_share": round(share.fair, 4),
        "direction": "ahead" if share.off > 0 else "behind",
    }
    params.update({"order": share.order} if share.order else {"side": share.side})
    return params


def verdict_rank(code: str) -> int:
    """How a verdict compares (less is better); an unknown code last."""
    return VERDICTS.index(code) if code in VERDICTS else len(VERDICTS)
