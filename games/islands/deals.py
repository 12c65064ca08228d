"""Fair deals of a camp's board (rozdat férovou mapu), read: what a deal is asked to do, its result
as the board page shows it, and whether the camp's board as it is now is one a rehearsal has proven
fair (and which one proved it).

A deal is a :class:`~games.islands.models.Rehearsal` row of kind ``deal`` run by the same background
machinery as a rehearsal (``services/rehearsals.py``); the engine's search is
``games.islands.engine.rehearsal.deal``. Staff only, like a rehearsal: it reveals the board.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from camp.models import Camp, Team
from games.islands.engine.generator import Cell
from games.islands.engine.hexes import Hex
from games.islands.engine.rehearsal.deal import DealSpec, FairDeal, board_from_rows, board_rows
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.rehearsals import DEFAULT_ROUNDS

#: The deal report's format (what a done deal row keeps in ``report``).
DEAL_FORMAT = "zlate-ostrovy-deal/1"


def cells_key(cells: Mapping[Hex, Any]) -> str:
    """A board's contents as a key: every hex that holds a tile, with its chests (whether a hex is
    revealed does not change the board). Two boards with the same key are the same board."""
    listed = sorted(
        [h.q, h.r, Tile(c.tile).value, int(c.chests)]
        for h, c in cells.items()
        if Tile(c.tile) is not Tile.OPEN_SEA
    )
    return hashlib.sha256(json.dumps(listed, separators=(",", ":")).encode()).hexdigest()


def camp_board_key(camp: Camp) -> str | None:
    """:func:`cells_key` of the camp's stored board (None without one)."""
    rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests")
    cells = {Hex(q, r): Cell(Tile(tile), chests) for q, r, tile, chests in rows}
    return cells_key(cells) if cells else None


def deal_document(side: int, teams: int, ap_table: Sequence[int], seed: int) -> dict[str, Any]:
    """What a deal row keeps in ``spec``: the engine's :class:`DealSpec` as JSON."""
    return {"side": side, "teams": teams, "ap_table": list(ap_table), "rounds": DEFAULT_ROUNDS, "seed": seed}


def deal_spec(document: Mapping[str, Any]) -> DealSpec:
    return DealSpec(
        side=int(document["side"]),
        teams=int(document["teams"]),
        ap_table=tuple(int(a) for a in document["ap_table"]),
        rounds=int(document.get("rounds", DEFAULT_ROUNDS)),
        seed=int(document["seed"]),
    )


def camp_deal_spec(camp: Camp, seed: int) -> dict[str, Any]:
    """A deal for the camp run as it is: its side, how many teams it has (at least 2 are dealt for:
    a camp still without teams gets a board for three), its AP table."""
    teams = Team.objects.filter(camp=camp).count()
    return deal_document(camp.board_side, teams if teams >= 2 else 3, camp.ap_table, seed)


def deal_report(seed: int, found: FairDeal) -> dict[str, Any]:
    """What a done deal keeps in ``report`` (format :data:`DEAL_FORMAT`): the board found and its
    confirmation (a rehearsal report's board entry), how it was found."""
    return {
        "format": DEAL_FORMAT,
        "seed": seed,
        "cells": board_rows(found.cells),
        "confirmation": dict(found.confirmation),
        "candidate": found.candidate,
        "moves": found.moves,
        "camps": found.camps,
    }


def dealt_cells(report: Mapping[str, Any]) -> dict[Hex, Cell]:
    """A done deal's board (every hex that holds a tile)."""
    return board_from_rows(report.get("cells") or [])


@dataclass(frozen=True)
class Proof:
    """The rehearsal (or deal) that proved the camp's board fair as it is now."""

    rehearsal: Rehearsal
    #: A deal's confirmation or a rehearsal staff started (``RehearsalKind``).
    kind: str
    finished_at: datetime | None
    #: Simulated camps per style of the proof.
    camps: int


def board_proof(camp: Camp) -> Proof | None:
    """The newest done rehearsal or deal of the camp that proved its board, as stored now, fair; None
    when none did (a board from a seed, a board edited by hand since, no rehearsal yet)."""
    key = camp_board_key(camp)
    if key is None:
        return None
    rows = Rehearsal.objects.filter(camp=camp, status=RehearsalStatus.DONE).defer("spec", "report")
    for row in rows.order_by("-finished_at", "-id"):
        for proof in row.proven or []:
            if isinstance(proof, dict) and proof.get("key") == key:
                return Proof(row, row.kind, row.finished_at, int(proof.get("camps") or 0))
    return None


def proofs(boards: Sequence[tuple[Mapping[Hex, Any], Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """What a done run keeps in ``proven``: for each board (its cells, its figures of a rehearsal
    report) the rehearsal proved fair, its key and its camps per style."""
    out = []
    for cells, figures in boards:
        verdict = figures.get("verdict")
        if isinstance(verdict, dict) and verdict.get("code") == "proven_fair":
            styles = [s for s in figures.get("styles") or [] if isinstance(s, dict)]
            camps = min((int(s.get("camps", 0)) for s in styles), default=0)
            out.append({"key": cells_key(cells), "camps": camps})
    return out
