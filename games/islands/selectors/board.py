"""Reads of a camp run's board: its set-up and hexes, a board dealt from a seed (not stored) and its
fairness, whether the game is on (the board is then fixed), each team's harbor; and the seeds
derived from the camp's seed."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from camp.models import OPENED_STATUSES, Camp, Round, Team
from games.islands.engine import generator
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile
from games.islands.game_state import state_rows
from games.islands.maps.visibility import BoardCell
from games.islands.models.board import BoardHex, BoardSetup, Harbor


def derived_seed(seed: int, *purpose: object) -> int:
    """A non-negative 63-bit seed derived from a camp's seed and a purpose: recorded, repeatable.

    >>> derived_seed(7, "sides", 1) == derived_seed(7, "sides", 1) != derived_seed(7, "sides", 2)
    True
    """
    key = ":".join(["zlate-ostrovy", str(seed), *map(str, purpose)])
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


def board_setup(camp: Camp) -> BoardSetup | None:
    return BoardSetup.objects.filter(camp=camp).first()


def board_cells(camp: Camp) -> list[BoardCell]:
    """Every stored hex of the camp's board as plain data (one query)."""
    return [
        BoardCell(q=q, r=r, tile=tile, chests=chests, revealed=bool(revealed))
        for q, r, tile, chests, revealed in state_rows("hexes", camp.pk)
    ]


def board_hex(camp: Camp, label: str) -> BoardHex | None:
    """The row of one hex by its label; None for a label that is not a hex of this board (or no row)."""
    try:
        h = geometry(camp.board_side).parse(label)
    except ValueError:
        return None
    return BoardHex.objects.filter(camp=camp, q=h.q, r=h.r).first()


def board_preview(*, side: int, seed: int, teams: int | None = None) -> generator.GeneratedMap:
    """A board dealt from a seed for ``teams`` teams, not stored (raises ``generator.GeneratorError``)."""
    return generator.generate_map(side, seed, teams=teams)


def preview_cells(board: generator.GeneratedMap) -> list[BoardCell]:
    return [BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests) for h, c in board.tiles.items()]


def fairness_of_cells(side: int, cells: Iterable[BoardCell]) -> generator.FairnessReport:
    """Chests near each side's bays for a stored (maybe hand-edited) board."""
    tiles = {Hex(c.q, c.r): generator.Cell(Tile(c.tile), c.chests) for c in cells}
    return generator.fairness_report(side, tiles)


def game_is_on(camp: Camp) -> bool:
    """Whether any round has been opened (orders open, resolved or closed): the board is then fixed."""
    return (
        Round.objects.filter(camp=camp)
        .filter(Q(status__in=OPENED_STATUSES) | Q(islands__isnull=False) | Q(islands_result__isnull=False))
        .exists()
    )


@dataclass(frozen=True)
class TeamHarbor:
    """A team with its harbor row (None before the sides are drawn)."""

    team: Team
    harbor: Harbor | None

    @property
    def bay_choices(self) -> list[int]:
        if self.harbor is None or not self.harbor.side:
            return []
        g = geometry(self.team.camp.board_side)
        return [g.bay_number(b) for b in g.bays_on(self.harbor.side)]  # type: ignore[arg-type]


def team_harbors(camp: Camp) -> list[TeamHarbor]:
    """Every team of the camp with its harbor, in seat order (one query)."""
    teams = Team.objects.filter(camp=camp).select_related("harbor", "camp").order_by("order", "name", "id")
    result = []
    for team in teams:
        try:
            harbor: Harbor | None = team.harbor
        except Harbor.DoesNotExist:
            harbor = None
        result.append(TeamHarbor(team=team, harbor=harbor))
    return result
