"""What the board set-up page and a rehearsal's own page both show of a rehearsal of the game: its
addresses and how it stands (the progress bar's partial, ``islands/rehearsal.html#progress``), and
the list of a camp run's kept rehearsals. Staff with the board permission only (the pages check)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse
from django.utils import timezone

from camp.models import Camp
from games.islands.deals import dealt_cells
from games.islands.engine.rehearsal.deal import MAX_CANDIDATES
from games.islands.maps import svg, visibility
from games.islands.maps.visibility import BoardCell
from games.islands.models.rehearsals import Rehearsal, RehearsalKind, RehearsalStatus
from games.islands.rehearsal_report import board_shares
from games.islands.rehearsals import board_label, camp_rehearsals, rehearsal_progress
from games.islands.words import deal as deal_words
from games.islands.words import rehearsal as rehearsal_words

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
        for row in camp_rehearsals(camp).filter(kind=RehearsalKind.REHEARSAL)[:LISTED]
    ]


# ------------------------------------------------------------------------------------ fair deals


def deal_url(name: str, camp: Camp) -> str:
    """``deal_url("start", camp)``: the fair deal's ``start``, ``accept`` or ``progress`` address."""
    return reverse(f"admin:islands_boardsetup_deal_{name}", args=[camp.pk])


def newest_deal(camp: Camp) -> Rehearsal | None:
    return Rehearsal.objects.filter(camp=camp, kind=RehearsalKind.DEAL).order_by("-created_at", "-id").first()


def running_minutes(row: Rehearsal, now: datetime | None = None) -> int | None:
    """Whole minutes since the run started (None before it has)."""
    if row.started_at is None:
        return None
    return max(0, int(((now or timezone.now()) - row.started_at).total_seconds() // 60))


def deal_context(camp: Camp, row: Rehearsal | None, now: datetime | None = None) -> dict[str, Any]:
    """The board page's fair deal: how the newest one stands (its stage and camps while it runs),
    the board it found with its confirmation, or why it found none."""
    if row is None:
        return {"deal_run": None}
    state = rehearsal_progress(row, now)
    run: dict[str, Any] = {
        "id": row.pk,
        "created_at": row.created_at,
        "state": state,
        "stage": str(deal_words.STAGE_TEXTS.get(row.stage, "")),
        "confirming": row.stage == "confirming",
        "candidate": row.candidate,
        # A search on the largest boards can run an hour: staff see that it is alive, and when it
        # would give up.
        "most": MAX_CANDIDATES,
        "minutes": running_minutes(row, now) if state.active else None,
        "progress_url": deal_url("progress", camp),
        "cancel_url": rehearsal_url("cancel", camp, row.pk),
        "accept_url": deal_url("accept", camp),
        "poll_ms": POLL_MS,
        "problem": row.problem,
    }
    report = row.report if isinstance(row.report, dict) else None
    if state.status == RehearsalStatus.DONE and report is not None:
        cells = dealt_cells(report)
        board = [BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests) for h, c in cells.items()]
        found = report.get("confirmation")
        confirmation: dict[str, Any] = found if isinstance(found, dict) else {}
        judged = confirmation.get("verdict")
        verdict: dict[str, Any] = judged if isinstance(judged, dict) else {}
        run.update(
            svg=svg.render_svg(visibility.for_staff(side=camp.board_side, cells=board)),
            shares=board_shares(confirmation),
            verdict=rehearsal_words.verdict_text(str(verdict.get("code", "")), verdict.get("params") or {}),
            camps=report.get("camps"),
            seconds=int((row.finished_at - row.started_at).total_seconds())
            if row.finished_at and row.started_at
            else None,
        )
    return {"deal_run": run}
