"""Time the Batavia engine (targets: a full game of three greedy bots, median under 50 ms;
``batavia_simulate --games 1000`` under 60 s).

The game timing plays whole seeded games through :func:`play_game` (trusted path, as the simulator
does) and also through the checked path; the simulation runs the command's own ``simulate`` for
1000 games of greedy,random,random in this process (no Django start-up).
"""

from __future__ import annotations

import statistics
import time

from games.batavia.engine.bots import play_game
from games.batavia.management.commands.batavia_simulate import simulate

GAMES = 51
GAME_TARGET_MS = 50.0
SIMULATE_GAMES = 1000
SIMULATE_TARGET_S = 60.0


def median_game_ms(kinds: list[str], checked: bool, games: int = GAMES) -> float:
    """Median wall time of one whole game in milliseconds."""
    times = []
    for seed in range(games):
        started = time.perf_counter()
        play_game(kinds, f"bench:{seed}", checked=checked)
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    for kinds in (["greedy"] * 3, ["greedy"] * 5, ["greedy", "random", "random"]):
        trusted = median_game_ms(kinds, checked=False)
        checked = median_game_ms(kinds, checked=True)
        verdict = "ok" if trusted < GAME_TARGET_MS else "SLOW"
        print(
            f"full game {','.join(kinds):<34} median {trusted:6.1f} ms trusted, {checked:6.1f} ms checked"
            f"  (target {GAME_TARGET_MS:.0f} ms: {verdict})"
        )
    started = time.perf_counter()
    simulate(["greedy", "random", "random"], SIMULATE_GAMES, "bench")
    took = time.perf_counter() - started
    verdict = "ok" if took < SIMULATE_TARGET_S else "SLOW"
    print(
        f"batavia_simulate --games {SIMULATE_GAMES}: {took:.1f} s"
        f"  (target {SIMULATE_TARGET_S:.0f} s: {verdict})"
    )


if __name__ == "__main__":
    main()
