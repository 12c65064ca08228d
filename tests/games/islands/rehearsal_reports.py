"""Reports of the tests' fake simulator (tests/games/islands/fake_rehearsal.py) without a database:
for the tests of the words, the charts and the PDF of a rehearsal; and a report of the older format
(``zlate-ostrovy-rehearsal/1``) as a rehearsal kept from before format /2 holds it."""

from __future__ import annotations

from typing import Any

from games.islands.engine.rehearsal import RehearsalBoard, RehearsalSpec
from games.islands.rehearsals import seed_board_cells
from tests.games.islands.fake_rehearsal import fake_rehearse

OLD_FORMAT = "zlate-ostrovy-rehearsal/1"


def fake_report(
    *seeds: int, side: int = 7, teams: int = 6, rounds: int = 14, camps: int = 40, bots: str = "every"
) -> dict[str, Any]:
    """The fake simulator's report of boards dealt from ``seeds`` (labelled by seed)."""
    boards = tuple(
        RehearsalBoard(
            label=f"Semínko {seed}", side=side, cells=seed_board_cells(side, seed), board_seed=seed
        )
        for seed in seeds
    )
    names = tuple(f"Tým {n}" for n in range(1, teams + 1))
    spec = RehearsalSpec(
        boards=boards, teams=names, ap_table=(14, 11, 8), rounds=rounds, camps=camps, bots=bots, seed=3
    )
    return fake_rehearse(spec)


def old_board(board_seed: int | None, verdict: dict[str, Any], rounds: int = 6) -> dict[str, Any]:
    """One board of a format /1 report, as the simulator of then wrote it (no styles, no intervals,
    a bot per team, the verdicts ``fair``, ``unfair_bay``, ``unfair_side``)."""
    sides = [("bottom", 0.5, 0.3333), ("right", 0.3, 0.3333), ("left", 0.2, 0.3333)]
    return {
        "label": f"Seed {board_seed}" if board_seed is not None else "Camp board",
        "board_seed": board_seed,
        "treasure_total": 18,
        "sides": [
            {
                "side": side,
                "team_rounds": 240,
                "treasure_mean": 4.25,
                "treasure_sd": 1.5,
                "win_share": share,
                "fair_share": fair,
            }
            for side, share, fair in sides
        ],  # fmt: skip
        "bays": [
            {
                "bay": n * 6 + 2,
                "side": side,
                "camps": 40,
                "treasure_mean": 4.0,
                "treasure_sd": 1.25,
                "win_share": share,
            }
            for n, (side, share, _fair) in enumerate(sides)
        ],  # fmt: skip
        "teams": [{"team": "Tým 1", "bot": "planner", "treasure_mean": 4.0, "win_share": 0.4}],
        "home_by_round": [round(3 * k, 2) for k in range(1, rounds + 1)],
        "rounds_to_half": {"mean": 3.5, "p10": 2, "p90": 5, "never_share": 0.0},
        "rounds_to_all": {"mean": 5.5, "p10": 4, "p90": 6, "never_share": 0.25},
        "left_over_mean": 1.5,
        "ships_lost_per_team_round": 0.125,
        "ships_lost_by_round": [0.1] * rounds,
        "zero_ap_share": 0.0,
        "idle_share": 0.05,
        "tie_break_share": 0.1,
        "pirates": {"appeared_mean": 1.5, "ships_taken_mean": 0.5},
        "verdict": verdict,
        "problems": [{"code": "tie_break_often", "params": {"share": 0.3}}],
    }


def old_report(*board_seeds: int | None, rounds: int = 6) -> dict[str, Any]:
    """A report of format /1 of ``board_seeds`` (the first fair, the second with an unfair bay, the
    third an unfair side), the first the best."""
    verdicts = [
        {"code": "fair", "params": {}},
        {"code": "unfair_bay", "params": {"bay": 8, "side": "right", "share": 0.5, "fair_share": 0.1667,
                                          "camps": 40}},
        {"code": "unfair_side", "params": {"side": "bottom", "share": 0.5, "fair_share": 0.3333}},
    ]  # fmt: skip
    seeds = board_seeds or (11, 12)
    return {
        "format": OLD_FORMAT,
        "spec": {
            "side": 7,
            "teams": ["Tým 1", "Tým 2", "Tým 3"],
            "team_bots": ["planner", "greedy", "planner"],
            "ap_table": [14, 11, 8],
            "rounds": rounds,
            "camps": 40,
            "placement": "uniform",
            "bots": "mixed",
            "seed": 5,
            "boards": [{"label": f"Seed {s}", "board_seed": s} for s in seeds],
        },  # fmt: skip
        "boards": [old_board(seed, verdicts[n % 3], rounds) for n, seed in enumerate(seeds)],
        "best_board": 0 if len(seeds) > 1 else None,
    }
