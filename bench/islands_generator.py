"""Time the Golden Islands map generator on the default mixes of side 9 and side 13.

The number of attempts until a fair board depends on the seed, so each repeat uses another seed;
the median is the typical cost of dealing a board, the maximum the unlucky case.
"""

from __future__ import annotations

import statistics
import time

from games.islands.engine.generator import default_mix, default_tolerance, generate_map

SIDES = (9, 13)
REPEATS = 101


def measure(side: int, repeats: int = REPEATS) -> tuple[list[float], list[int]]:
    """Seconds and winning attempt numbers for ``repeats`` boards (seeds 0 … repeats-1)."""
    generate_map(side, 0)  # warm the geometry caches
    seconds: list[float] = []
    attempts: list[int] = []
    for seed in range(repeats):
        started = time.perf_counter()
        board = generate_map(side, seed)
        seconds.append(time.perf_counter() - started)
        attempts.append(board.attempt + 1)
    return seconds, attempts


def main() -> None:
    print(f"{'side':>4} {'chests':>6} {'tol':>3} {'median ms':>9} {'max ms':>7} {'attempts med/max':>17}")
    for side in SIDES:
        chests = default_mix(side).chests
        seconds, attempts = measure(side, REPEATS)
        print(
            f"{side:>4} {chests:>6} {default_tolerance(chests):>3} "
            f"{statistics.median(seconds) * 1000:>9.2f} {max(seconds) * 1000:>7.1f} "
            f"{statistics.median(attempts):>8.0f}/{max(attempts)}"
        )


if __name__ == "__main__":
    main()
