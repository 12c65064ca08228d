"""Reports of the tests' fake simulator (tests/games/islands/fake_rehearsal.py) without a database:
for the tests of the words, the charts and the PDF of a rehearsal."""

from __future__ import annotations

from typing import Any

from games.islands.engine.rehearsal import RehearsalBoard, RehearsalSpec
from games.islands.rehearsals import seed_board_cells
from tests.games.islands.fake_rehearsal import fake_rehearse


def fake_report(*seeds: int, side: int = 7, teams: int = 6, rounds: int = 14) -> dict[str, Any]:
    """The fake simulator's report of boards dealt from ``seeds`` (labelled by seed)."""
    boards = tuple(
        RehearsalBoard(
            label=f"Semínko {seed}", side=side, cells=seed_board_cells(side, seed), board_seed=seed
        )
        for seed in seeds
    )
    names = tuple(f"Tým {n}" for n in range(1, teams + 1))
    spec = RehearsalSpec(boards=boards, teams=names, ap_table=(14, 11, 8), rounds=rounds, camps=5, seed=3)
    return fake_rehearse(spec)
