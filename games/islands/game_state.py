"""The engine state of a camp's game, read from its rows, and the snapshot kept before each round.

Reads only. Pages, printing, the order checks and the round services all start from here:
:func:`game_state` (the state before a round), :func:`state_before` (the same, refused with a
clear :class:`IslandsError` while the board is not set up), the priority of a round, and
:func:`before_document` (the state a resolved round started from).
"""

from __future__ import annotations

from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext as _

from camp.caches.prepared import PreparedRead
from camp.caches.request_memo import remembered
from camp.models import DONE_STATUSES, Camp, Placement, Round, Team
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.rng import Draws, random_for
from games.islands.engine.scenario import read_draws
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.models.board import BoardHex, Pirate, Ship
from games.islands.models.rounds import IslandsRound, RoundResult

#: ``RoundResult.before`` holds the state document plus this key: what the document cannot hold
#: (the round each ship was built in), so that undo restores the rows exactly.
CAMP_ROWS_KEY = "camp_rows"


class StateUnavailable(IslandsError):
    """The camp's rows cannot make an engine state yet (no board, or a team without a harbor)."""


def next_orders_round(camp: Camp) -> Round | None:
    """The first round not resolved yet (the one the next orders are for), or None."""
    return Round.objects.filter(camp=camp).exclude(status__in=DONE_STATUSES).order_by("number").first()


def game_state(camp: Camp, *, round: Round | None = None) -> es.GameState:  # noqa: A002
    """The engine state of the camp's game before ``round`` (default: :func:`next_orders_round`).

    - teams: in the round's priority order if the round has been opened, else in seat order;
    - ``ap_total``: AP recorded in the rounds already resolved or closed (what teams have received
      and spent so far), plus what a camp imported from a round file brought; the round being
      resolved adds its own AP;
    - pirates: with the moves drawn for ``round`` when it has been opened, else none;
    - ``seed`` is the camp's seed, ``round_number`` the round's number (1 with no rounds at all).

    Raises :class:`StateUnavailable` when there is no board or a team has no bay yet.
    """
    if round is None:
        round = next_orders_round(camp)  # noqa: A001
    side = camp.board_side
    g = geometry(side)
    rows = state_rows("hexes", camp.pk)
    cells = {Hex(q, r): es.Cell(Tile(tile), chests, bool(revealed)) for q, r, tile, chests, revealed in rows}
    if not cells:
        raise StateUnavailable("the camp has no board yet")
    board = es.Board.from_cells(side, cells)

    # Plain rows, one query per kind of row whatever the number of teams (:func:`_read`): the
    # state is built anew after every write.
    priority: list[int] = []
    moves: dict[str, Any] = {}
    if round is not None:
        islands_round = (
            IslandsRound.objects.filter(round=round).values_list("priority", "pirate_moves").first()
        )
        if islands_round is not None:
            priority, moves = islands_round[0] or [], islands_round[1] or {}
    ap_total = dict(state_rows("ap_total", camp.pk))
    ships_by_team: dict[int, list[es.Ship]] = {}
    ship_rows = state_rows("ships", camp.pk)
    for team_id, ident, kind, q, r, chests, boat, seahorse, mermaid, octopus in ship_rows:
        ships_by_team.setdefault(team_id, []).append(
            es.Ship(
                id=ident,
                kind=es.ShipKind(kind),
                at=None if q is None or r is None else Hex(q, r),
                chests=chests,
                boat=boat,
                seahorse=bool(seahorse),
                mermaid=bool(mermaid),
                octopus=bool(octopus),
            )
        )
    teams_by_id: dict[int, es.Team] = {}
    team_rows = state_rows("teams", camp.pk)
    for team_id, name, bay, delivered, ap_before_import in team_rows:
        if bay is None:  # no harbor, or no bay picked yet
            raise StateUnavailable(f"team {name!r} has no harbor bay yet")
        teams_by_id[team_id] = es.Team(
            name=name,
            harbor=g.bay(bay),
            ships=tuple(sorted(ships_by_team.get(team_id, []), key=lambda s: s.order_key)),
            delivered=delivered,
            ap_total=(ap_total.get(team_id) or 0) + ap_before_import,
        )
    order = list(teams_by_id)
    if priority:
        prio = [tid for tid in priority if tid in teams_by_id]
        order = prio + [tid for tid in order if tid not in prio]
    pirate_rows = state_rows("pirates", camp.pk)
    pirates = tuple(
        es.Pirate(
            id=ident,
            at=Hex(q, r),
            moves=tuple(moves.get(ident, ())),
            seahorse=bool(seahorse),
            mermaid=bool(mermaid),
            octopus=bool(octopus),
        )
        for ident, q, r, seahorse, mermaid, octopus in sorted(
            pirate_rows, key=lambda p: es.pirate_number(p[0])
        )
    )
    return es.GameState(
        board=board,
        teams=tuple(teams_by_id[tid] for tid in order),
        pirates=pirates,
        seed=camp.seed,
        round_number=round.number if round is not None else 1,
    )


#: The state's reads of a camp run's rows (but the round's, whose JSON the ORM decodes), as values,
#: one query per kind of row whatever the number of teams; built by the ORM once per process.
_READS: dict[str, PreparedRead] = {
    "hexes": PreparedRead(
        lambda camp_id: BoardHex.objects.filter(camp_id=camp_id).values_list(
            "q", "r", "tile", "chests", "revealed"
        ),
    ),
    "ap_total": PreparedRead(
        lambda camp_id: (
            Placement.objects.filter(round__camp_id=camp_id, round__status__in=DONE_STATUSES)
            .order_by()
            .values("team_id")
            .annotate(total=Sum("ap"))
            .values_list("team_id", "total")
        ),
    ),
    "ships": PreparedRead(
        lambda camp_id: (
            Ship.objects.filter(team__camp_id=camp_id)
            .order_by("team_id", "ident")
            .values_list(
                "team_id", "ident", "kind", "q", "r", "chests", "boat", "seahorse", "mermaid", "octopus"
            )
        ),
    ),
    "teams": PreparedRead(
        lambda camp_id: (
            Team.objects.filter(camp_id=camp_id)
            .order_by("order", "name", "id")
            .values_list("id", "name", "harbor__bay", "harbor__delivered", "harbor__ap_before_import")
        ),
    ),
    "pirates": PreparedRead(
        lambda camp_id: (
            Pirate.objects.filter(camp_id=camp_id)
            .order_by()
            .values_list("ident", "q", "r", "seahorse", "mermaid", "octopus")
        ),
    ),
}


def state_rows(name: str, camp_id: int) -> list[tuple[Any, ...]]:
    """The rows of the state's read ``name`` for the camp run ``camp_id`` (SQLite's booleans are
    integers: the caller makes them ``bool``)."""
    return _READS[name].rows(camp_id)


def priority_team_ids(round: Round) -> list[int]:  # noqa: A002
    """Team ids of the round's camp, best placement first: ties (and the teams without a
    placement, who come last) in an order drawn by lot from (camp seed, round number, "priority")."""
    return [tid for tid, _name in _in_priority(round)]


def round_priority(round: Round) -> list[str]:  # noqa: A002
    """Team names in the round's priority order (see :func:`priority_team_ids`)."""
    return [name for _tid, name in _in_priority(round)]


def _in_priority(round: Round) -> list[tuple[int, str]]:  # noqa: A002
    """(id, name) of the round's camp's teams in the round's priority order (two queries)."""
    ranks = dict(Placement.objects.filter(round=round).order_by().values_list("team_id", "rank"))
    teams = list(
        Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id").values_list("id", "name")
    )
    random_for(round.camp.seed, round.number, "priority").shuffle(teams)
    return sorted(teams, key=lambda team: ranks.get(team[0], 10**6))


def state_before(round: Round) -> es.GameState:  # noqa: A002
    """:func:`game_state` before ``round``, or an :class:`IslandsError` saying the board is not ready."""
    try:
        # Built once per version of the camp run's game (the order page, its htmx check, its map
        # and the resolve preview all start from it): every write to the rows it reads draws a new
        # version (tests/games/islands/test_state_version.py keeps it so).
        return remembered(
            round.camp_id,
            ("islands-state-before", round.pk),
            lambda: game_state(round.camp, round=round),
            shared=True,
        )
    except StateUnavailable:
        raise IslandsError(
            _("The board is not ready: generate it, draw the sides, pick the bays and start the game."),
            code="no_state",
        ) from None


def state_in_priority(round: Round) -> es.GameState:  # noqa: A002
    """The state before ``round`` with the priority worked out from the current placements."""
    state = state_before(round)
    names = round_priority(round)
    if names:
        state = state.with_team_order(names)
    return state


def fixed_draws(round: Round) -> Draws:  # noqa: A002
    """The draws fixed for the round (an imported round file's ``draws``; usually none)."""
    fixed = IslandsRound.objects.filter(round=round).values_list("fixed_draws", flat=True).first()
    return read_draws(fixed or None, round.camp.board_side)


def before_document(result: RoundResult) -> dict[str, Any]:
    """The ``zlate-ostrovy/1`` document of the state before a resolved round (no camp extras)."""
    return {k: v for k, v in result.before.items() if k != CAMP_ROWS_KEY}
