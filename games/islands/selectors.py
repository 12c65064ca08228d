"""Reads of the Golden Islands game: the board, the map views, the engine state.

Every function here runs a fixed number of queries, whatever the size of the board or the number
of ships (tests check it with ``django_assert_num_queries``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q, Sum

from camp.models import Camp, Placement, Round, RoundStatus, Team
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile
from games.islands.models import BoardHex, BoardSetup, Harbor, IslandsRound, Pirate, RoundResult, Ship
from games.islands.svgmap import BoardCell, HarborView, MapView, PirateView, ShipView, public_view, staff_view

#: Round statuses after which the board may no longer be generated again (rules: the game is on).
GAME_ON_STATUSES = (RoundStatus.ORDERS_OPEN, RoundStatus.RESOLVED, RoundStatus.CLOSED)


def derived_seed(seed: int, *purpose: object) -> int:
    """A non-negative 63-bit seed derived from a camp's seed and a purpose: recorded, repeatable.

    >>> derived_seed(7, "sides", 1) == derived_seed(7, "sides", 1) != derived_seed(7, "sides", 2)
    True
    """
    key = ":".join(["zlate-ostrovy", str(seed), *map(str, purpose)])
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


# ------------------------------------------------------------------------------------ the board


def board_setup(camp: Camp) -> BoardSetup | None:
    return BoardSetup.objects.filter(camp=camp).first()


def board_cells(camp: Camp) -> list[BoardCell]:
    """Every stored hex of the camp's board as plain data (one query)."""
    rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed")
    return [
        BoardCell(q=q, r=r, tile=tile, chests=chests, revealed=revealed)
        for q, r, tile, chests, revealed in rows
    ]


def board_hex(camp: Camp, label: str) -> BoardHex | None:
    """The row of one hex by its label; None for a label that is not a hex of this board (or no row)."""
    try:
        h = geometry(camp.board_side).parse(label)
    except ValueError:
        return None
    return BoardHex.objects.filter(camp=camp, q=h.q, r=h.r).first()


def board_preview(*, side: int, seed: int) -> generator.GeneratedMap:
    """A generated board that is not stored (raises ``generator.GeneratorError``)."""
    return generator.generate_map(side, seed)


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
        .filter(Q(status__in=GAME_ON_STATUSES) | Q(islands__isnull=False) | Q(islands_result__isnull=False))
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


# ------------------------------------------------------------------------------------ map views


def _pieces(camp: Camp) -> tuple[list[BoardCell], list[ShipView], list[HarborView], list[PirateView]]:
    """Four queries: hexes, harbors, ships, pirates."""
    cells = board_cells(camp)
    harbors = list(Harbor.objects.filter(team__camp=camp, bay__isnull=False).select_related("team"))
    bay_of = {h.team_id: h.bay for h in harbors}
    g = geometry(camp.board_side)
    ships = []
    for ship in (
        Ship.objects.filter(team__camp=camp)
        .select_related("team")
        .order_by("team__order", "team_id", "ident")
    ):
        if ship.q is None or ship.r is None:
            bay = bay_of.get(ship.team_id)
            if bay is None:
                continue
            at = f"Z{bay}"
        else:
            at = g.label(Hex(ship.q, ship.r))
        ships.append(
            ShipView(
                at=at,
                ident=ship.ident,
                colour=ship.team.colour,
                team=ship.team.name,
                battleship=ship.kind == es.ShipKind.BATTLESHIP.value,
                chests=ship.chests,
            )
        )
    harbor_views = [
        HarborView(bay=h.bay, colour=h.team.colour, team=h.team.name) for h in harbors if h.bay is not None
    ]
    pirates = [PirateView(at=g.label(Hex(p.q, p.r)), ident=p.ident) for p in Pirate.objects.filter(camp=camp)]
    return cells, ships, harbor_views, pirates


def map_view_for_staff(camp: Camp) -> MapView:
    """Everything on the camp's board, hidden tiles included (four queries)."""
    cells, ships, harbors, pirates = _pieces(camp)
    return staff_view(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


def map_view_for_public(camp: Camp) -> MapView:
    """What every team may see (four queries): hidden hexes carry nothing, ships no cargo."""
    cells, ships, harbors, pirates = _pieces(camp)
    return public_view(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


# ------------------------------------------------------------------------------------ engine state


class StateUnavailable(ValueError):
    """The camp's rows cannot make an engine state yet (no board, or a team without a harbor)."""


def current_round(camp: Camp) -> Round | None:
    """The first round not resolved yet (the one the next orders are for), or None."""
    return (
        Round.objects.filter(camp=camp)
        .exclude(status__in=(RoundStatus.RESOLVED, RoundStatus.CLOSED))
        .order_by("number")
        .first()
    )


def game_state(camp: Camp, *, round: Round | None = None) -> es.GameState:  # noqa: A002
    """The engine state of the camp's game before ``round`` (default: :func:`current_round`).

    - teams: in the round's priority order if the round has been opened, else in seat order;
    - ``ap_total``: AP recorded in the rounds already resolved or closed (what teams have received
      and spent so far); the round being resolved adds its own AP;
    - pirates: with the moves drawn for ``round`` when it has been opened, else none;
    - ``seed`` is the camp's seed, ``round_number`` the round's number (1 with no rounds at all).

    Raises :class:`StateUnavailable` when there is no board or a team has no bay yet.
    """
    if round is None:
        round = current_round(camp)  # noqa: A001
    side = camp.board_side
    g = geometry(side)
    rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed")
    cells = {Hex(q, r): es.Cell(Tile(tile), chests, revealed) for q, r, tile, chests, revealed in rows}
    if not cells:
        raise StateUnavailable("the camp has no board yet")
    board = es.Board.from_cells(side, cells)

    islands_round = IslandsRound.objects.filter(round=round).first() if round is not None else None
    ap_rows = (
        Placement.objects.filter(
            round__camp=camp, round__status__in=(RoundStatus.RESOLVED, RoundStatus.CLOSED)
        )
        .values("team_id")
        .annotate(total=Sum("ap"))
    )
    ap_total = {row["team_id"]: row["total"] for row in ap_rows}
    ships_by_team: dict[int, list[es.Ship]] = {}
    for s in Ship.objects.filter(team__camp=camp).order_by("team_id", "ident"):
        ships_by_team.setdefault(s.team_id, []).append(
            es.Ship(
                id=s.ident,
                kind=es.ShipKind(s.kind),
                at=None if s.q is None or s.r is None else Hex(s.q, s.r),
                chests=s.chests,
                boat=s.boat,
                seahorse=s.seahorse,
                mermaid=s.mermaid,
                octopus=s.octopus,
            )
        )
    teams_by_id: dict[int, es.Team] = {}
    team_rows = Team.objects.filter(camp=camp).select_related("harbor").order_by("order", "name", "id")
    for team in team_rows:
        try:
            harbor = team.harbor
        except Harbor.DoesNotExist:
            harbor = None
        if harbor is None or harbor.bay is None:
            raise StateUnavailable(f"team {team.name!r} has no harbor bay yet")
        teams_by_id[team.pk] = es.Team(
            name=team.name,
            harbor=g.bay(harbor.bay),
            ships=tuple(sorted(ships_by_team.get(team.pk, []), key=lambda s: s.order_key)),
            delivered=harbor.delivered,
            ap_total=ap_total.get(team.pk, 0),
        )
    order = list(teams_by_id)
    if islands_round is not None and islands_round.priority:
        prio = [tid for tid in islands_round.priority if tid in teams_by_id]
        order = prio + [tid for tid in order if tid not in prio]
    moves = islands_round.pirate_moves if islands_round is not None else {}
    pirates = tuple(
        es.Pirate(
            id=p.ident,
            at=Hex(p.q, p.r),
            moves=tuple(moves.get(p.ident, ())),
            seahorse=p.seahorse,
            mermaid=p.mermaid,
            octopus=p.octopus,
        )
        for p in sorted(Pirate.objects.filter(camp=camp), key=lambda p: es.pirate_number(p.ident))
    )
    return es.GameState(
        board=board,
        teams=tuple(teams_by_id[tid] for tid in order),
        pirates=pirates,
        seed=camp.seed,
        round_number=round.number if round is not None else 1,
    )


def round_result(round: Round) -> RoundResult | None:  # noqa: A002
    return RoundResult.objects.filter(round=round).first()
