"""A FAKE of the simulator (``games.islands.engine.rehearsal.rehearse``) for the page's tests: no
game is played. It returns a report document of exactly the contract's shape
(REHEARSAL_CONTRACT.md, ``zlate-ostrovy-rehearsal/1``) with figures drawn from the spec's seed, calls
``progress`` after every simulated camp and stops with ``RehearsalCancelled`` when ``cancelled()``
turns true, as the real one does. The page's tests use it (the real simulator takes a minute); its
own figures are checked in tests/games/islands/engine/ (sim's)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.islands.engine.hexes import geometry
from games.islands.engine.rehearsal import FORMAT, RehearsalCancelled, RehearsalSpec, report_spec

SIDES = ("bottom", "right", "left")
VERDICTS = ("fair", "unfair_bay", "unfair_side")


def _share(rng: random.Random) -> float:
    return round(rng.uniform(0.0, 0.6), 3)


def fake_board(spec: RehearsalSpec, index: int) -> dict[str, Any]:
    board = spec.boards[index]
    rng = random.Random(f"{spec.seed}:{index}:{board.board_seed}")
    total = sum(cell.chests for cell in board.cells.values())
    sides = SIDES[: min(3, len(spec.teams))]
    bays_per_side = len(geometry(board.side).bays) // 3
    wins = [rng.random() + 0.1 for _ in sides]
    shares = [round(w / sum(wins), 3) for w in wins]
    verdict = VERDICTS[index % 3]
    params: dict[str, object] = {}
    if verdict == "unfair_side":
        fair = round(1 / len(sides), 3)
        params = {"side": sides[shares.index(max(shares))], "share": max(shares), "fair_share": fair}
    elif verdict == "unfair_bay":
        params = {"bay": 1 + bays_per_side, "side": "right", "share": 0.34, "fair_share": 0.333, "camps": 60}
    rounds = spec.rounds
    power, reach = 1.5 + 0.6 * index, 0.9 - 0.12 * index  # the boards' curves differ
    home = [round(total * (1 - (1 - k / rounds) ** power) * reach, 2) for k in range(1, rounds + 1)]
    return {
        "label": board.label,
        "board_seed": board.board_seed,
        "treasure_total": total,
        "sides": [
            {
                "side": side,
                "team_rounds": rounds * spec.camps,
                "treasure_mean": round(rng.uniform(1, 9), 2),
                "treasure_sd": round(rng.uniform(0.5, 3), 2),
                "win_share": shares[n],
            }
            for n, side in enumerate(sides)
        ],
        "bays": [
            {
                "bay": 1 + n * bays_per_side,
                "side": side,
                "camps": spec.camps,
                "treasure_mean": round(rng.uniform(1, 9), 2),
                "treasure_sd": round(rng.uniform(0.5, 3), 2),
                "win_share": shares[n],
            }
            for n, side in enumerate(sides)
        ],
        "home_by_round": home,
        "rounds_to_half": {"mean": round(rounds * 0.45, 1), "p10": 4, "p90": 9, "never_share": 0.0},
        "rounds_to_all": {"mean": round(rounds * 0.9, 1), "p10": 11, "p90": rounds, "never_share": 0.55},
        "ships_lost_per_team_round": round(rng.uniform(0, 0.3), 3),
        "ships_lost_by_round": [round(rng.uniform(0, 0.3), 3) for _ in range(rounds)],
        "zero_ap_share": _share(rng) / 10,
        "idle_share": _share(rng) / 4,
        "tie_break_share": _share(rng) / 6,
        "pirates": {
            "appeared_mean": round(rng.uniform(0, 3), 2),
            "ships_taken_mean": round(rng.uniform(0, 1), 2),
        },
        "verdict": {"code": verdict, "params": params},
        "problems": [{"code": "treasure_gone_early", "params": {"round": rounds - 3}}] if index == 1 else [],
    }


def fake_rehearse(
    spec: RehearsalSpec,
    *,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, object]:
    total = spec.camps * len(spec.boards)
    for done in range(1, total + 1):
        if cancelled is not None and cancelled():
            raise RehearsalCancelled(done - 1, total)
        if progress is not None:
            progress(done, total)
    boards = [fake_board(spec, i) for i in range(len(spec.boards))]
    return {
        "format": FORMAT,
        "spec": report_spec(spec),
        "boards": boards,
        "best_board": 0 if len(boards) > 1 else None,
    }
