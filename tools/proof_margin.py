"""What proving a tighter bound than the judge's would cost: the fair deal's confirmation simulated
without bots (issue 30; the table in docs/islands-fair-deal-findings.md, "What the misses say").

Each style's camps of a board with three teams are drawn by lot: one side of one style ``d`` points
ahead of its fair share (its other two sides d/2 behind each), every other share exact. The looks,
the proof and the early stop are the confirmation's (``deal.confirm_z``, ``deal.beyond_proof``,
``judge.proven``), with the bound proven as a parameter. For each ``d``: how often the confirmation
passes and the camps it plays (all styles), for the judge's bound and a tighter one; and how often a
judge of 1,000 camps a style reads some side 5 points off or more. The side's wins are drawn from
the normal approximation of the binomial (its camps are 2,000 and more), so the figures take
seconds, not hours.

    .venv/bin/python -m tools.proof_margin [--runs 20000] [--tighter 0.04]
"""

from __future__ import annotations

import argparse
import math
import random

from bench.fair_deal import JUDGE_CAMPS
from games.islands.engine.rehearsal.deal import CONFIRM_LOOKS, beyond_proof, confirm_z
from games.islands.engine.rehearsal.judge import TOLERANCE, Share, proven

FAIR = 1 / 3
STYLES = 3
OFFS = (0.0, 0.01, 0.02, 0.03, 0.035, 0.04, 0.045, 0.05)


def binomial(n: int, p: float, draw: random.Random) -> int:
    if n <= 0 or p <= 0:
        return 0
    if p >= 1:
        return n
    value = round(draw.gauss(n * p, math.sqrt(n * p * (1 - p))))
    return min(n, max(0, value))


def multinomial(n: int, ps: tuple[float, ...], draw: random.Random) -> list[int]:
    out, left, rest = [], n, 1.0
    for p in ps[:-1]:
        k = binomial(left, p / rest if rest > 0 else 0.0, draw)
        out.append(k)
        left, rest = left - k, rest - p
    out.append(left)
    return out


def sides(d: float) -> tuple[tuple[float, ...], ...]:
    """The true shares of each style's three sides: the first style's first side ``d`` ahead."""
    return ((FAIR + d, FAIR - d / 2, FAIR - d / 2),) + ((FAIR, FAIR, FAIR),) * (STYLES - 1)


def confirmation(d: float, bound: float, draw: random.Random) -> tuple[bool, int]:
    """One confirmation: whether it proves every share within ``bound``, and the camps it played."""
    wins = [[0, 0, 0] for _ in range(STYLES)]
    first = 0
    for last in CONFIRM_LOOKS:
        for style, ps in enumerate(sides(d)):
            for i, k in enumerate(multinomial(last - first, ps, draw)):
                wins[style][i] += k
        first = last
        checks = [Share("s", str(i), 0, last, w, FAIR) for row in wins for i, w in enumerate(row)]
        if proven(checks, confirm_z(), bound):
            return True, STYLES * last
        if beyond_proof(checks, last, bound):
            break
    return False, STYLES * first


def judge_fails(d: float, draw: random.Random) -> bool:
    """Whether a judge of :data:`JUDGE_CAMPS` a style reads some side :data:`TOLERANCE` off."""
    for ps in sides(d):
        if any(abs(k / JUDGE_CAMPS - FAIR) >= TOLERANCE for k in multinomial(JUDGE_CAMPS, ps, draw)):
            return True
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20000)
    parser.add_argument("--tighter", type=float, default=0.04)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    draw = random.Random(args.seed)
    bounds = (TOLERANCE, args.tighter)
    print("d (points) | " + " | ".join(f"within {100 * b:g}: passes, camps" for b in bounds), end="")
    print(f" | a {JUDGE_CAMPS}-camp judge fails it")
    for d in OFFS:
        row = [f"{100 * d:4.1f}"]
        for bound in bounds:
            runs = [confirmation(d, bound, draw) for _ in range(args.runs)]
            passed = sum(ok for ok, _camps in runs) / args.runs
            camps = sum(c for _ok, c in runs) / args.runs
            row.append(f"{100 * passed:5.1f} %, {camps:6,.0f}")
        fails = sum(judge_fails(d, draw) for _ in range(args.runs)) / args.runs
        row.append(f"{100 * fails:5.1f} %")
        print(" | ".join(row), flush=True)


if __name__ == "__main__":
    main()
