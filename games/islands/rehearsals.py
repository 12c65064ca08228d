"""Rehearsals of the game (zkouška hry), read: what a rehearsal rehearses (the candidate boards'
cells and the parameters, as the JSON a :class:`Rehearsal` row keeps, and its key), the kept
rehearsals of a camp run, and how a rehearsal stands now (a worker fallen silent is *interrupted*).

Staff only: a rehearsal reveals the board. Nothing public and nothing a team sees reads this module.
Its report as the pages and the PDF show it is :mod:`games.islands.rehearsal_report`; the writes
(start, run, cancel) are :mod:`games.islands.services.rehearsals`; the simulator is the pure
:mod:`games.islands.engine.rehearsal`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Camp, Team
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.bots import STYLES
from games.islands.engine.hexes import Hex
from games.islands.engine.rehearsal.spec import BOTS as ENGINE_BOTS
from games.islands.engine.rehearsal.spec import MAX_CAMPS as ENGINE_MAX_CAMPS
from games.islands.engine.scenario import ScenarioError, load_scenario
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.game_state import before_document
from games.islands.models.board import BoardHex
from games.islands.models.rehearsals import REHEARSAL_ACTIVE, Rehearsal, RehearsalStatus
from games.islands.models.rounds import RoundResult

#: The limits of a rehearsal (the simulator's, docs/islands-rehearsal.md): the form keeps to them.
MAX_BOARDS = 4
MIN_TEAMS, MAX_TEAMS = 2, 12
MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS = 1, 60, 14
#: Camps per style and board: 200 show the way a board leans; proving it fair takes thousands.
MIN_CAMPS, MAX_CAMPS, DEFAULT_CAMPS = 1, ENGINE_MAX_CAMPS, 200
PLACEMENTS = ("uniform", "strong")
#: Who plays the teams: every style on camps of its own (the default), one bot, or "mixed".
BOTS = ENGINE_BOTS
#: Finished rehearsals kept per camp run (the oldest go when a new one starts).
KEEP_FINISHED = 20
#: A worker writes a sign of life every few seconds (:mod:`games.islands.services.rehearsals`);
#: one silent this long has stopped (a shut-down laptop, a killed process): shown as interrupted.
STALE_AFTER = timedelta(seconds=60)


# ------------------------------------------------------------------------------ what is rehearsed


@dataclass(frozen=True)
class RehearsalPlan:
    """A rehearsal as staff asked for it (the form's cleaned values): the boards, each the camp's
    own (``None``) or dealt from a seed, the teams' names, the AP table and the parameters."""

    board_seeds: tuple[int | None, ...]
    teams: tuple[str, ...]
    ap_table: tuple[int, ...]
    rounds: int = DEFAULT_ROUNDS
    camps: int = DEFAULT_CAMPS
    placement: str = "uniform"
    bots: str = "every"


def camp_board_cells(camp: Camp) -> dict[Hex, es.Cell] | None:
    """The camp's board as the game began: the state before the first kept round result (after the
    start, chests are taken and hexes revealed), else the stored hexes with the staff's hand edits;
    None without a board."""
    first = RoundResult.objects.filter(round__camp=camp).order_by("round__number").only("before").first()
    if first is not None:
        try:
            return dict(load_scenario(before_document(first)).state.board.items())
        except ScenarioError:  # a snapshot this version cannot read: the stored hexes then
            pass
    rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed")
    cells = {Hex(q, r): es.Cell(Tile(tile), chests, bool(revealed)) for q, r, tile, chests, revealed in rows}
    return cells or None


def board_teams(camp: Camp) -> int:
    """How many teams a board of the camp run is dealt for (the generator balances the seats of the
    teams that will play): its teams, or three while it has fewer than two."""
    teams = Team.objects.filter(camp=camp).count()
    return teams if teams >= 2 else 3


def seed_board_cells(side: int, seed: int, teams: int | None = None) -> dict[Hex, es.Cell]:
    """The board a seed deals on ``side`` for ``teams`` teams (as "Show the board" does for the
    camp run's; raises ``GeneratorError``)."""
    board = generator.generate_map(side, seed, teams=teams)
    return {h: es.Cell(c.tile, c.chests) for h, c in board.tiles.items()}


def cells_document(cells: Mapping[Hex, es.Cell]) -> list[list[Any]]:
    """A board's cells as JSON: ``[q, r, tile, chests, revealed]`` for every hex that is not hidden
    open sea, in a fixed order (so the same board always gives the same key)."""
    return sorted(
        [h.q, h.r, c.tile.value, c.chests, c.revealed]
        for h, c in cells.items()
        if c.tile is not Tile.OPEN_SEA or c.revealed
    )


def cells_of(document: Sequence[Sequence[Any]]) -> dict[Hex, es.Cell]:
    """:func:`cells_document` read back (hexes not listed are hidden open sea)."""
    return {
        Hex(q, r): es.Cell(Tile(tile), chests, bool(revealed)) for q, r, tile, chests, revealed in document
    }


def spec_document(camp: Camp, plan: RehearsalPlan, *, seed: int) -> dict[str, Any]:
    """What a rehearsal row keeps of ``plan`` (the boards' cells read or dealt now, so a later hand
    edit does not change a running rehearsal), with the simulation's own ``seed``.

    Refuses with an :class:`IslandsError` naming the board: the camp's board when there is none, a
    seed that deals no board."""
    boards: list[dict[str, Any]] = []
    for board_seed in plan.board_seeds:
        if board_seed is None:
            cells = camp_board_cells(camp)
            if cells is None:
                raise IslandsError(_("This camp run has no board yet: rehearse seeds only."), code="no_board")
        else:
            try:
                cells = seed_board_cells(camp.board_side, board_seed, board_teams(camp))
            except generator.GeneratorError:
                raise IslandsError(
                    _("No fair board was found for seed %(seed)d. Try another seed.") % {"seed": board_seed},
                    code="seed",
                ) from None
        boards.append({"board_seed": board_seed, "cells": cells_document(cells)})
    return {
        "side": camp.board_side,
        "boards": boards,
        "teams": list(plan.teams),
        "ap_table": list(plan.ap_table),
        "rounds": plan.rounds,
        "camps": plan.camps,
        "placement": plan.placement,
        "bots": plan.bots,
        "seed": seed,
    }


def spec_key(spec: Mapping[str, Any]) -> str:
    """The boards and parameters of ``spec`` as a key: the same for the same boards and parameters,
    whatever the simulation's own seed."""
    content = {k: v for k, v in spec.items() if k != "seed"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def board_label(board_seed: int | None) -> str:
    """A board's heading: "Herní plán tábora" or "Semínko 123…"."""
    if board_seed is None:
        return _("The camp's board")
    return _("Seed %(seed)d") % {"seed": board_seed}


def styles_played(bots: str) -> tuple[str, ...]:
    """The styles a rehearsal of ``bots`` plays, each on camps of its own (the simulator's rule)."""
    return STYLES if bots == "every" else (bots,)


# ------------------------------------------------------------------------------- kept rehearsals


def camp_rehearsals(camp: Camp) -> QuerySet[Rehearsal]:
    """The camp's rehearsals, newest first (their reports are not read: the list shows none)."""
    return Rehearsal.objects.filter(camp=camp).defer("report", "spec").order_by("-created_at", "-id")


def camp_rehearsal(camp: Camp, rehearsal_id: int) -> Rehearsal | None:
    return Rehearsal.objects.filter(camp=camp, pk=rehearsal_id).first()


def kept_rehearsal(camp: Camp, key: str) -> Rehearsal | None:
    """The newest rehearsal of these boards and parameters that is done or still going (not one
    cancelled, failed or interrupted: that one is run again)."""
    return (
        Rehearsal.objects.filter(camp=camp, key=key, status__in=[RehearsalStatus.DONE, *REHEARSAL_ACTIVE])
        .order_by("-created_at", "-id")
        .first()
    )


def process_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this computer (a zombie counts: the heartbeat decides)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: it runs
        return True
    return True


def fallen_silent(row: Rehearsal, now: datetime) -> bool:
    """Whether an active rehearsal's worker has stopped: it never started within :data:`STALE_AFTER`,
    wrote no sign of life for as long, or its process is gone."""
    if row.status == RehearsalStatus.QUEUED:
        return row.created_at < now - STALE_AFTER
    if row.status != RehearsalStatus.RUNNING:
        return False
    if row.worker_pid is not None and not process_alive(row.worker_pid):
        return True
    return (row.heartbeat_at or row.started_at or row.created_at) < now - STALE_AFTER


def shown_status(row: Rehearsal, now: datetime | None = None) -> str:
    """The row's status as it stands now: an active one whose worker fell silent is interrupted
    (the next write marks it so: :func:`games.islands.services.rehearsals.rehearsals_interrupt_silent`)."""
    if row.status in REHEARSAL_ACTIVE and fallen_silent(row, now or timezone.now()):
        return RehearsalStatus.INTERRUPTED
    return row.status


@dataclass(frozen=True)
class RehearsalProgress:
    """How a rehearsal stands, as its progress bar shows it."""

    status: str
    status_label: str
    done: int
    total: int
    active: bool
    cancel_requested: bool

    @property
    def percent(self) -> int:
        return (
            100
            if self.status == RehearsalStatus.DONE
            else (100 * self.done // self.total if self.total else 0)
        )


def rehearsal_progress(row: Rehearsal, now: datetime | None = None) -> RehearsalProgress:
    status = shown_status(row, now)
    return RehearsalProgress(
        status=status,
        status_label=str(RehearsalStatus(status).label),
        done=row.camps_done,
        total=row.camps_total,
        active=status in REHEARSAL_ACTIVE,
        cancel_requested=row.cancel_requested,
    )
