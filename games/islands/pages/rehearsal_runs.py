"""What the board set-up page and a rehearsal's own page both show of a rehearsal of the game: its
addresses and how it stands (the progress bar's partial, ``islands/rehearsal.html#progress``), and
the list of a camp run's kept rehearsals. Staff with the board permission only (the pages check)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from camp.models import Camp
from games.islands.models import Rehearsal
from games.islands.rehearsals import board_label, camp_rehearsals, rehearsal_progress

#: Who may see and start rehearsals: the board set-up's writers (``board.PERMISSION``), since a
#: rehearsal reveals the board.
PERMISSION = "islands.change_boardhex"
#: The progress fragment asks again this often while a rehearsal runs (milliseconds).
POLL_MS = 2000
#: The kept rehearsals the board page lists.
LISTED = 10


def rehearsal_url(name: str, camp: Camp, rehearsal_id: int) -> str:
    """``rehearsal_url("progress", camp, 7)`` -> the address of a rehearsal's page (``page``), its
    ``progress`` fragment, ``cancel`` or ``pdf``."""
    suffix = "" if name == "page" else f"_{name}"
    return reverse(f"admin:islands_boardsetup_rehearsal{suffix}", args=[camp.pk, rehearsal_id])


def run_context(camp: Camp, row: Rehearsal, now: datetime | None = None) -> dict[str, Any]:
    """The progress partial's ``run``: how the rehearsal stands, and its addresses."""
    return {
        "id": row.pk,
        "created_at": row.created_at,
        "state": rehearsal_progress(row, now),
        "page_url": rehearsal_url("page", camp, row.pk),
        "progress_url": rehearsal_url("progress", camp, row.pk),
        "cancel_url": rehearsal_url("cancel", camp, row.pk),
        "pdf_url": rehearsal_url("pdf", camp, row.pk),
        "poll_ms": POLL_MS,
        "problem": row.problem,
    }


def runs_listed(camp: Camp) -> list[dict[str, Any]]:
    """The camp's newest rehearsals (newest first): when, which boards, how it stands, its page."""
    now = timezone.now()
    return [
        {**run_context(camp, row, now), "boards": [board_label(seed) for seed in row.board_seeds]}
        for row in camp_rehearsals(camp)[:LISTED]
    ]
