"""Rehearse the game before the camp: the whole camp simulated many times on candidate boards,
teams played by bots through the real engine, and figures of whether the board is fair and fun.

``rehearse(spec)`` returns the report document (``zlate-ostrovy-rehearsal/1``); the method, the
bots, every figure and the verdict's thresholds are in ``docs/islands-rehearsal.md``. Pure Python:
no Django (the page and the command turn a camp run's board into a :class:`RehearsalBoard`).
"""

from __future__ import annotations

from ..compiled import compiled_path

__path__ = compiled_path(__path__, __name__)

from .run import FORMAT, MAX_WORKERS, rehearse, report, report_spec
from .spec import (
    RehearsalBoard,
    RehearsalCancelled,
    RehearsalSpec,
    RehearsalSpecError,
    check_spec,
    dealt_board,
)

__all__ = [
    "FORMAT",
    "MAX_WORKERS",
    "RehearsalBoard",
    "RehearsalCancelled",
    "RehearsalSpec",
    "RehearsalSpecError",
    "check_spec",
    "dealt_board",
    "rehearse",
    "report",
    "report_spec",
]
