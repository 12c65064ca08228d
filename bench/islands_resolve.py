"""Time the Golden Islands round resolver against a tight loop of the same round's moves.

The reference, **the tight loop**, is the irreducible work of moving everyone in the round: for
each mover (every team ship with its route, every pirate with its drawn directions), each token:
the neighbour hex (``Hex.step``) and its tile looked up in a dict of the board (``{hex: tile}``,
built beforehand), the mover staying put when the hex is not on the board. None of the rules.
It runs on the same round as the resolver, in the same run, the two alternating (which goes first
alternates too), once per round; each figure is the median over the rounds of the thread's CPU
time (the engine is a pure function on one core; the wall clock of a shared machine counts other
processes' turns too, and those fall more often within the longer of the two).

Each round is another random board with random legal orders (``engine.sampling``): every ship
moves (no stays, nothing built), a route being 0 to all of its tokens long. The target: on the
large round (side 13, 12 teams of 7 ships, 30 pirates, 14 AP: the largest camp of issue 22 late
in the camp) ``resolve_trusted`` at most 12× the tight loop. The table beside it shows how the
cost grows with AP, teams and pirates, and the checked ``resolve`` (what the staff's button does:
the orders checked, then resolved); those rows are printed, not targets.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Mapping
from functools import partial

from bench._targets import check
from games.islands.engine.hexes import Hex
from games.islands.engine.orders import Orders
from games.islands.engine.resolve import resolve, resolve_trusted
from games.islands.engine.sampling import random_legal_orders, random_state
from games.islands.engine.state import GameState
from games.islands.engine.tiles import Tile

#: Rounds of each row of the table; rounds of the large round's target.
REPEATS = 31
TARGET_REPEATS = 101
#: resolve_trusted on the large round / the tight loop of its moves, at most (issue 22).
TARGET_RATIO = 12.0

Case = tuple[int, int, int, int, int]
#: (side, teams, ships per team, pirates, AP)
LARGE: Case = (13, 12, 7, 30, 14)
CASES: tuple[Case, ...] = (
    (9, 3, 7, 6, 14),
    (13, 3, 7, 30, 14),
    (13, 12, 7, 30, 7),
    LARGE,
    (13, 12, 7, 30, 28),
    (13, 12, 7, 60, 14),
)

Moves = list[tuple[Hex, tuple[str, ...]]]


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


def round_moves(state: GameState, orders: Mapping[str, Orders]) -> tuple[Moves, dict[Hex, Tile]]:
    """Every mover's start and its tokens (ships from their harbor's bay when in harbor), and the
    board as a dict: what the tight loop walks, made before it is timed."""
    moves: Moves = []
    for team in state.teams:
        team_orders = orders.get(team.name)
        for ship in team.ships:
            route = team_orders.route(ship.id) if team_orders is not None and ship.may_move else ()
            moves.append((team.harbor if ship.at is None else ship.at, tuple(t for t in route if t)))
    moves += [(p.at, p.moves) for p in state.pirates]
    return moves, {h: c.tile for h, c in state.board.items()}


def tight_loop(moves: Moves, tiles: dict[Hex, Tile]) -> int:
    """Move every mover along its tokens: the neighbour hex and its tile, nothing else. Returns
    the number of moves made on the board (so nothing is optimised away)."""
    made = 0
    for at, tokens in moves:
        for token in tokens:
            nxt = at.step(token)
            tile = tiles.get(nxt)
            if tile is not None:
                at = nxt
                made += 1
    return made


def timed(run: Callable[[], object]) -> float:
    """The CPU time ``run`` takes on this thread: on a shared machine the wall clock also counts
    other processes' turns, which fall more often within the longer of the two timed."""
    started = time.thread_time()
    run()
    return time.thread_time() - started


def measure(case: Case, repeats: int = REPEATS) -> tuple[float, float, float]:
    """Medians in milliseconds of ``resolve`` (checked), ``resolve_trusted`` and the tight loop
    over ``repeats`` rounds, the loop and the resolver alternating on each round."""
    checked: list[float] = []
    trusted: list[float] = []
    loop: list[float] = []
    for repeat in range(repeats):
        state, orders = random_round(repeat, *case)
        pair: list[tuple[list[float], Callable[[], object]]] = [
            (loop, partial(tight_loop, *round_moves(state, orders))),
            (trusted, partial(resolve_trusted, state, orders)),
        ]
        for times, run in pair if repeat % 2 == 0 else reversed(pair):
            times.append(timed(run))
        checked.append(timed(partial(resolve, state, orders)))
    checked_ms, trusted_ms, loop_ms = (statistics.median(times) * 1000 for times in (checked, trusted, loop))
    return checked_ms, trusted_ms, loop_ms


def main() -> None:
    print(
        f"{'side':>4} {'teams':>5} {'ships':>5} {'pirates':>7} {'AP':>3} "
        f"{'resolve ms':>10} {'trusted ms':>10} {'loop ms':>8} {'trusted/loop':>12}"
    )
    for case in CASES:
        checked_ms, trusted_ms, loop_ms = measure(case)
        side, teams, ships, pirates, ap = case
        print(
            f"{side:>4} {teams:>5} {ships:>5} {pirates:>7} {ap:>3} "
            f"{checked_ms:>10.2f} {trusted_ms:>10.2f} {loop_ms:>8.3f} {trusted_ms / loop_ms:>11.1f}×"
        )
    _checked, trusted_ms, loop_ms = measure(LARGE, TARGET_REPEATS)
    check(
        "resolve_trusted, large round (median)",
        trusted_ms,
        loop_ms,
        unit="ms",
        at_most=TARGET_RATIO,
        reference_name="a tight loop of the same round's moves (side 13, 12 teams × 7 ships, 30 pirates)",
    )


if __name__ == "__main__":
    main()
