"""Time the Golden Islands round resolver (target: under 20 ms for side 13, 3 × 7 ships, 30 pirates).

Each repeat deals another random board and random legal orders (``engine.sampling``), so the
median is a typical round. Rows with 7, 14 and 28 AP show the cost growing with ships × steps;
a row with more pirates shows their share. Orders are checked once per repeat, outside the timing
of ``resolve_trusted`` and inside the timing of ``resolve`` (what the staff's button does).
"""

from __future__ import annotations

import random
import statistics
import time

from games.islands.engine.orders import Orders
from games.islands.engine.resolve import resolve, resolve_trusted
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.state import GameState

REPEATS = 51
TARGET_MS = 20.0

#: (side, teams, ships per team, pirates, AP)
CASES: tuple[tuple[int, int, int, int, int], ...] = (
    (9, 3, 7, 6, 14),
    (9, 3, 7, 6, 7),
    (9, 3, 7, 6, 28),
    (13, 3, 7, 30, 14),
    (13, 3, 7, 30, 7),
    (13, 3, 7, 30, 28),
    (13, 3, 7, 60, 14),
)


def random_round(
    seed: int, side: int, teams: int, ships: int, pirates: int, ap: int
) -> tuple[GameState, dict[str, Orders]]:
    """A random board of ``side`` and random legal orders of ``ap`` for every team: every ship
    moves all its steps, nothing is built (the round the benchmarks time)."""
    rnd = random.Random(seed)
    state = random_state(rnd, side=side, teams=teams, ships_per_team=ships, pirates=pirates)
    orders = {
        t.name: random_legal_orders(rnd, state, t.name, ap, build=False, stay_share=0.0) for t in state.teams
    }
    return state, orders


def measure(
    side: int, teams: int, ships: int, pirates: int, ap: int, repeats: int = REPEATS
) -> tuple[float, float]:
    """Median milliseconds of ``resolve`` (checked) and ``resolve_trusted`` over ``repeats`` rounds."""
    checked: list[float] = []
    trusted: list[float] = []
    for repeat in range(repeats):
        state, orders = random_round(repeat, side, teams, ships, pirates, ap)
        started = time.perf_counter()
        resolve(state, orders)
        checked.append(time.perf_counter() - started)
        started = time.perf_counter()
        resolve_trusted(state, orders)
        trusted.append(time.perf_counter() - started)
    return statistics.median(checked) * 1000, statistics.median(trusted) * 1000


def floor_ms(side: int, teams: int, ships: int, pirates: int, ap: int, repeats: int = REPEATS) -> float:
    """Median milliseconds of a tight loop that makes the same moves as the round (every ship's
    route step by step, on the board or not), with none of the rules: how far the resolver is from
    the floor of plain Python."""
    times: list[float] = []
    for repeat in range(repeats):
        state, orders = random_round(repeat, side, teams, ships, pirates, ap)
        g = state.geometry
        starts = {(t.name, s.id): (t.harbor if s.at is None else s.at) for t in state.teams for s in t.ships}
        started = time.perf_counter()
        for name, o in orders.items():
            for ship_id, route in o.routes:
                at = starts[(name, ship_id)]
                for step in route:
                    if step is not None and step != ".":
                        nxt = at.step(step)
                        if g.on_board(nxt):
                            at = nxt
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def main() -> None:
    print(
        f"{'side':>4} {'teams':>5} {'ships':>5} {'pirates':>7} {'AP':>3} "
        f"{'resolve ms':>10} {'trusted ms':>10}"
    )
    for side, teams, ships, pirates, ap in CASES:
        checked_ms, trusted_ms = measure(side, teams, ships, pirates, ap)
        flag = "" if checked_ms < TARGET_MS else f"  (over the {TARGET_MS:.0f} ms target)"
        print(
            f"{side:>4} {teams:>5} {ships:>5} {pirates:>7} {ap:>3} "
            f"{checked_ms:>10.2f} {trusted_ms:>10.2f}{flag}"
        )
    large = (13, 3, 7, 30, 14)
    trusted = measure(*large)[1]
    floor = floor_ms(*large)
    print(
        f"the large round {large}: resolve_trusted {trusted:.2f} ms beside a tight loop making its moves "
        f"{floor:.3f} ms ({trusted / floor:.0f}× the floor)"
    )


if __name__ == "__main__":
    main()
