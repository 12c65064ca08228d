"""The map views of a camp run's board (for the staff, for every team, before a round, of an engine
state), how each team is drawn on them, and the notice board's version."""

from __future__ import annotations

from collections.abc import Mapping

from camp.caches.prepared import PreparedRead
from camp.caches.request_memo import remembered
from camp.models import Camp, Round, Team
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.game_state import state_before
from games.islands.maps.visibility import (
    BoardCell,
    HarborView,
    MapView,
    PirateView,
    ShipView,
    TeamLook,
    for_public,
    for_staff,
)
from games.islands.models.board import Harbor, Pirate, Ship
from games.islands.selectors.board import board_cells


def _pieces(camp: Camp) -> tuple[list[BoardCell], list[ShipView], list[HarborView], list[PirateView]]:
    """Four queries: hexes, harbors, ships, pirates (built by the ORM once per process: after every
    write the maps and sheets read them anew)."""
    cells = board_cells(camp)
    harbors = _MAP_READS["harbors"].rows(camp.pk)
    bay_of = {team_id: bay for team_id, bay, *_team in harbors}
    g = geometry(camp.board_side)
    ships = []
    for team_id, ident, kind, q, r, chests, colour, name, label, shape in _MAP_READS["ships"].rows(camp.pk):
        if q is None or r is None:
            bay = bay_of.get(team_id)
            if bay is None:
                continue
            at = f"Z{bay}"
        else:
            at = g.label(Hex(q, r))
        ships.append(
            ShipView(
                at=at,
                ident=ident,
                colour=colour,
                team=name,
                battleship=kind == es.ShipKind.BATTLESHIP.value,
                chests=chests,
                label=label,
                shape=shape,
            )
        )
    harbor_views = [
        HarborView(bay=bay, colour=colour, team=name, label=label, shape=shape)
        for _team_id, bay, colour, name, label, shape in harbors
    ]
    pirates = [
        PirateView(at=g.label(Hex(q, r)), ident=ident) for ident, q, r in _MAP_READS["pirates"].rows(camp.pk)
    ]
    return cells, ships, harbor_views, pirates


_TEAM_LOOK = ("team__colour", "team__name", "team__label", "team__shape")
#: The map views' reads (:func:`_pieces`; the hexes are the game state's), in the order the models'
#: own ordering gives.
_MAP_READS = {
    "harbors": PreparedRead(
        lambda camp_id: Harbor.objects.filter(team__camp_id=camp_id, bay__isnull=False).values_list(
            "team_id", "bay", *_TEAM_LOOK
        ),
    ),
    "ships": PreparedRead(
        lambda camp_id: (
            Ship.objects.filter(team__camp_id=camp_id)
            .order_by("team__order", "team_id", "ident")
            .values_list("team_id", "ident", "kind", "q", "r", "chests", *_TEAM_LOOK)
        ),
    ),
    "pirates": PreparedRead(
        lambda camp_id: Pirate.objects.filter(camp_id=camp_id).values_list("ident", "q", "r"),
    ),
}


def map_view_for_staff(camp: Camp) -> MapView:
    """Everything on the camp's board, hidden tiles included (four queries, once per version of the
    camp run's game: the pages and sheets share it)."""

    def build() -> MapView:
        cells, ships, harbors, pirates = _pieces(camp)
        return for_staff(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)

    return remembered(camp.pk, ("islands-map-staff",), build, shared=True)


def map_view_for_public(camp: Camp) -> MapView:
    """What every team may see (four queries, once per version of the camp run's game): hidden hexes
    carry nothing, ships no cargo."""

    def build() -> MapView:
        cells, ships, harbors, pirates = _pieces(camp)
        return for_public(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)

    return remembered(camp.pk, ("islands-map-public",), build, shared=True)


def map_view_before(round: Round, *, staff: bool) -> MapView:  # noqa: A002
    """The board as it stood before ``round``, from the engine state the round's pages share
    (``state_before``; while the round is not resolved, what the rows hold now): for the staff,
    or what every team may see."""

    def build() -> MapView:
        return map_view_of_state(state_before(round), team_looks(round.camp_id), staff=staff)

    return remembered(round.camp_id, ("islands-map-before", round.pk, staff), build, shared=True)


def team_looks(camp_id: int) -> dict[str, TeamLook]:
    """How each team of a camp run is drawn on a map, by name: its colour and its mark."""
    rows = Team.objects.filter(camp_id=camp_id).values_list("name", "colour", "label", "shape")
    return {name: TeamLook(colour, label, shape) for name, colour, label, shape in rows}


def map_view_of_state(state: es.GameState, looks: Mapping[str, TeamLook], *, staff: bool = True) -> MapView:
    """A map view of an engine state (e.g. a previewed result), for staff or for the public; each
    team drawn as ``looks`` says (a team missing there in grey, without a mark)."""
    unknown = TeamLook("")
    g = state.geometry
    cells = [
        BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests, revealed=c.revealed)
        for h, c in state.board.items()
    ]
    ships = [
        ShipView(
            at=g.label(t.harbor if s.at is None else s.at),
            ident=s.id,
            colour=looks.get(t.name, unknown).colour,
            team=t.name,
            battleship=s.kind is es.ShipKind.BATTLESHIP,
            chests=s.chests,
            label=looks.get(t.name, unknown).label,
            shape=looks.get(t.name, unknown).shape,
        )
        for t in state.teams
        for s in t.ships
    ]
    harbors = [
        HarborView(
            bay=g.bay_number(t.harbor),
            colour=looks.get(t.name, unknown).colour,
            team=t.name,
            label=looks.get(t.name, unknown).label,
            shape=looks.get(t.name, unknown).shape,
        )
        for t in state.teams
    ]
    pirates = [PirateView(at=g.label(p.at), ident=p.id) for p in state.pirates]
    make = for_staff if staff else for_public
    return make(side=state.side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


# ------------------------------------------------------------------------------------ notice board


def notice_board_version(camp: Camp) -> str:
    """The camp's public version (its ETag and its polling version), read from the row: a random
    token that every write of the game's rows draws anew (:mod:`camp.caches.version`): random, it
    tells that the rows changed, never what. One small query; nothing is drawn."""
    return str(Camp.objects.filter(pk=camp.pk).values_list("public_version", flat=True).get())
