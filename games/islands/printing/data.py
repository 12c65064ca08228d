"""The data of a round's printed sheets: the frozen dataclasses the renderers draw
(:mod:`.team_sheet`, :mod:`.master_sheet`) and the functions that read them from the camp's rows.

A sheet is printed from a round's page and shows the game *as it stands now*: the map of the rows,
the results (hints, events) of the last round resolved, the order form for the round the next
orders are for. That only makes sense from the round that is "now" (:func:`sheet_rounds`):

- a resolved or closed round with no later round resolved: its results, orders for the next round;
- the first round not resolved yet (planned, placements recorded, orders open): the results of the
  round before it (if any), orders for itself.

A team's sheet is built from :func:`selectors.maps.map_view_for_public` made
:func:`visibility.for_team` (its own ships' cargo put back) plus that team's own rows (its ships'
flags, its hints, the events it may read): nothing hidden, nothing of another team's private data
can reach it. With the camp run's team links on, its map sheet carries the team's own link (as its
handout does, :func:`team_link_urls`), no other team's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from camp import selectors as camp_selectors
from camp.caches.prepared import PreparedRead
from camp.models import DONE_STATUSES, Camp, Placement, Round, Team
from games.islands import results, words
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.notation import Alphabet
from games.islands.errors import IslandsError
from games.islands.maps import visibility
from games.islands.maps.visibility import MapView
from games.islands.models.board import Harbor, Pirate, Ship
from games.islands.models.rounds import IslandsRound, RoundResult
from games.islands.orders import camp_alphabet
from games.islands.paper import paper_codes
from games.islands.selectors.board import board_setup, team_harbors
from games.islands.selectors.links import team_links
from games.islands.selectors.maps import map_view_for_public, map_view_for_staff


@dataclass(frozen=True)
class SheetShip:
    """A ship as a sheet lists it. ``chests`` None: not shown; ``notes`` already translated."""

    ident: str
    battleship: bool
    at: str
    chests: int | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetEvent:
    """One line of a round's log as the team may read it; ``own``: about the team itself."""

    text: str
    own: bool = False


@dataclass(frozen=True)
class BuildOption:
    """One row of the builds table: what, its AP cost, how many the team has and may have."""

    name: str
    cost: int
    owned: int
    limit: int


@dataclass(frozen=True)
class KeyRow:
    """A team in a sheet's key of the map (public: every team's mark, colour and harbor bay), the
    mark drawn on its harbor and its ships so the team is told apart on a black-and-white print."""

    team: str
    label: str
    shape: str
    colour: str
    #: "Z3", "?" before the bays are chosen.
    harbor: str


def key_rows(camp: Camp) -> tuple[KeyRow, ...]:
    """Every team of the camp in seat order, with its mark and bay (one query)."""
    return tuple(row for _team_id, _bay, row in _keyed_rows(camp))


def _keyed_rows(camp: Camp) -> list[tuple[int, int | None, KeyRow]]:
    """:func:`key_rows` with each team's id and bay (one query)."""
    return [
        (
            team_id,
            bay,
            KeyRow(team=name, label=label, shape=shape, colour=colour, harbor=f"Z{bay}" if bay else "?"),
        )
        for team_id, name, label, shape, colour, bay in _READS["keyed"].rows(camp.pk)
    ]


#: The sheets' small reads, as values through SQL the ORM builds once per process (a sheet printed
#: right after a change reads them all anew).
_READS = {
    # Whether the game has started: a ship, and a harbor in its bay.
    "started": PreparedRead(
        lambda camp_id: Camp.objects.filter(pk=camp_id).values_list(
            Exists(Ship.objects.filter(team__camp_id=OuterRef("pk"))),
            Exists(Harbor.objects.filter(team__camp_id=OuterRef("pk"), bay__isnull=False)),
        ),
    ),
    "keyed": PreparedRead(
        lambda camp_id: (
            Team.objects.filter(camp_id=camp_id)
            .order_by("order", "name", "id")
            .values_list("id", "name", "label", "shape", "colour", "harbor__bay")
        ),
    ),
    "ap": PreparedRead(
        lambda round_id: Placement.objects.filter(round_id=round_id).order_by().values_list("team_id", "ap"),
    ),
}


@dataclass(frozen=True)
class TeamSheet:
    camp: str
    team: str
    colour: str
    #: The map shows the state after this round (None: before the first round).
    state_round: int | None
    #: The round the order form is for.
    orders_round: int
    #: The map as this team may see it (:func:`visibility.for_team`: the public map and its own cargo).
    map: MapView
    #: The team's AP for ``orders_round``; None while its placement is not recorded.
    ap: int | None
    harbor: str
    ships: tuple[SheetShip, ...]
    builds: tuple[BuildOption, ...]
    hints: tuple[str, ...] = ()
    events: tuple[SheetEvent, ...] = ()
    #: The most AP a team can get in a round (the 1st place's in the camp's AP table): as many step
    #: cells when ``ap`` is not known yet (a route has up to AP − builds steps).
    most_ap: int | None = None
    #: The letters the team writes its routes in (the camp's setting).
    route_letters: Alphabet = Alphabet.CZECH
    #: Every team's mark, colour and harbor (the key under the map; the marks on it).
    key: tuple[KeyRow, ...] = ()
    #: The order form's code and QR code (None: a form without them).
    paper: PaperForm | None = None
    #: The full address of the team's own link (its live page for the phones), drawn as a small QR
    #: code on its map sheet; empty: none (the camp run's team links off, the link revoked).
    link_url: str = ""


@dataclass(frozen=True)
class PaperForm:
    """The short code on a team's order form and what its QR code carries: the staff's code lookup
    address with the code (the code alone when the address is not known)."""

    code: str
    qr: str


def paper_form(sheet: TeamSheet, lookup: str) -> TeamSheet:
    """``sheet`` with its QR code carrying ``lookup`` (the lookup page's full address) and its code."""
    if sheet.paper is None or not lookup:
        return sheet
    return replace(sheet, paper=PaperForm(sheet.paper.code, f"{lookup}?code={sheet.paper.code}"))


@dataclass(frozen=True)
class TeamRow:
    """A team on the staff master sheet."""

    team: str
    colour: str
    harbor: str
    ap: int | None
    delivered: int
    ships: tuple[SheetShip, ...]


@dataclass(frozen=True)
class PirateRow:
    ident: str
    at: str
    #: The moves drawn for ``orders_round`` (directions in the sheet's language), "" if none.
    moves: str = ""


@dataclass(frozen=True)
class MasterSheet:
    camp: str
    state_round: int | None
    orders_round: int
    map: MapView
    teams: tuple[TeamRow, ...]
    pirates: tuple[PirateRow, ...] = ()
    key: tuple[KeyRow, ...] = ()


class SheetsUnavailable(IslandsError):
    """No sheet can be printed from this round (translated message says why)."""


@dataclass(frozen=True)
class SheetRounds:
    """Which rounds a sheet printed now speaks of."""

    #: The last round resolved (its hints and events), None before the first.
    result_round: Round | None
    result: RoundResult | None
    #: The number of the round the order form is for, and that round if it exists yet.
    orders_number: int
    orders_round: Round | None


def sheet_rounds(round: Round) -> SheetRounds:  # noqa: A002
    """The rounds a sheet printed from ``round`` speaks of; :class:`SheetsUnavailable` when the
    game has not started or ``round`` is not the round of the current state."""
    camp = round.camp
    started = _READS["started"].first(camp.pk)
    if started is None or not all(started):
        raise SheetsUnavailable(_("The game has not started yet: set up the board and start the game first."))
    rounds = list(Round.objects.filter(camp=camp).order_by("number"))
    done = [r for r in rounds if r.status in DONE_STATUSES]
    last_done = done[-1] if done else None
    if round.status in DONE_STATUSES:
        if last_done is None or round.pk != last_done.pk:
            raise SheetsUnavailable(
                _("Sheets show the game as it stands now: print them from round %(round)d.")
                % {"round": last_done.number if last_done else round.number}
            )
        result_round: Round | None = round
        orders_number = round.number + 1
    else:
        first_open = next((r for r in rounds if r.status not in DONE_STATUSES), None)
        if first_open is None or first_open.pk != round.pk:
            number = first_open.number if first_open else round.number
            raise SheetsUnavailable(
                _("Sheets show the game as it stands now: print them from round %(round)d.")
                % {"round": number}
            )
        result_round = last_done
        orders_number = round.number
    orders_round = next((r for r in rounds if r.number == orders_number), None)
    result = (  # not the state before it (the largest field, which no sheet reads)
        RoundResult.objects.filter(round=result_round).defer("before").first()
        if result_round is not None
        else None
    )
    if result is not None:
        result.round = result_round  # no query for its number
    return SheetRounds(
        result_round=result_round, result=result, orders_number=orders_number, orders_round=orders_round
    )


def _ap(rounds: SheetRounds) -> dict[int, int]:
    """Each team's AP for the orders' round, from its placements (empty: not recorded yet)."""
    if rounds.orders_round is None:
        return {}
    return dict(_READS["ap"].rows(rounds.orders_round.pk))


def _ship_notes(ship: Ship) -> tuple[str, ...]:
    return tuple(
        words.ship_flags(seahorse=ship.seahorse, mermaid=ship.mermaid, octopus=ship.octopus, boat=ship.boat)
    )


def _ship_at(ship: Ship, bay: int | None, side: int) -> str:
    if ship.q is None or ship.r is None:
        return f"Z{bay}" if bay is not None else "?"
    return geometry(side).label(Hex(ship.q, ship.r))


def _builds(ships: list[Ship]) -> tuple[BuildOption, ...]:
    cargo = sum(1 for s in ships if s.kind == es.ShipKind.CARGO.value)
    battle = sum(1 for s in ships if s.kind == es.ShipKind.BATTLESHIP.value)
    return (
        BuildOption(_("cargo ship"), es.CARGO_SHIP_COST, cargo, es.MAX_CARGO_SHIPS),
        BuildOption(_("battleship"), es.BATTLESHIP_COST, battle, es.MAX_BATTLESHIPS),
    )


def _state_round(rounds: SheetRounds) -> int | None:
    return rounds.result_round.number if rounds.result_round is not None else None


def _hint_texts(result: RoundResult, team: Team) -> tuple[str, ...]:
    return tuple(
        words.map_hint_text(ship=hint.ship, point=hint.point, found=hint.found, origin=hint.origin)
        for hint in results.team_hints(result, team)
    )


def team_sheets_for(
    round: Round,  # noqa: A002
    teams: list[Team] | None = None,
    *,
    lookup: str = "",
    phones: str = "",
) -> list[TeamSheet]:
    """The sheets of ``teams`` (default: every team of the camp, in seat order); ``lookup``: the
    full address of the staff's code lookup, for the order forms' QR codes (see :func:`paper_form`);
    ``phones``: the address for the phones, for each team's own link (see :func:`team_link_urls`)."""
    rounds = sheet_rounds(round)
    camp = round.camp
    if teams is None:
        teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    public = map_view_for_public(camp)
    ap = _ap(rounds)
    keyed = _keyed_rows(camp)
    key = tuple(row for _team_id, _bay, row in keyed)
    bays = {team_id: bay for team_id, bay, _row in keyed}
    own_ships: dict[int, list[Ship]] = {}
    for ship in Ship.objects.filter(team__in=teams).order_by("ident"):
        own_ships.setdefault(ship.team_id, []).append(ship)
    codes = paper_codes(camp, rounds.orders_number)
    # Read once for every team (a query per team before, issue 22).
    reveals = results.telescope_reveals(rounds.result) if rounds.result is not None else []
    links = team_link_urls(camp, phones)
    events = results.teams_result_events(rounds.result, teams) if rounds.result is not None else {}
    sheets = []
    for team in teams:
        ships = sorted(
            own_ships.get(team.pk, []), key=lambda s: (s.kind != es.ShipKind.BATTLESHIP.value, s.ident)
        )
        cargo = {s.ident: s.chests for s in ships}
        view = visibility.for_team(public, team=team.name, cargo=cargo)
        result = rounds.result
        sheets.append(
            TeamSheet(
                camp=str(camp),
                route_letters=camp_alphabet(camp),
                team=team.name,
                colour=team.colour,
                state_round=_state_round(rounds),
                orders_round=rounds.orders_number,
                map=view,
                ap=ap.get(team.pk),
                harbor=f"Z{bays.get(team.pk)}" if bays.get(team.pk) else "?",
                ships=tuple(
                    SheetShip(
                        ident=s.ident,
                        battleship=s.kind == es.ShipKind.BATTLESHIP.value,
                        at=_ship_at(s, bays.get(team.pk), camp.board_side),
                        chests=s.chests,
                        notes=_ship_notes(s),
                    )
                    for s in ships
                ),
                builds=_builds(ships),
                hints=_hint_texts(result, team) if result else (),
                events=tuple(
                    SheetEvent(e.text, own=e.team == team.name)
                    for e in results.events_with_telescopes(
                        result, viewer=team, reveals=reveals, lines=events[team.pk]
                    )
                )
                if result
                else (),
                most_ap=max(camp.ap_table, default=None),
                key=key,
                paper=_paper(str(codes[team.pk]), lookup),
                link_url=links.get(team.pk, ""),
            )
        )
    return sheets


def team_link_urls(camp: Camp, phones: str) -> dict[int, str]:
    """Each team's own link that works now, by the team's id, as its handout prints it: the
    address for the phones ``phones`` and the link's path. None when the camp run's team links are
    off or no address is given; none for a revoked link."""
    if not phones:
        return {}
    setup = board_setup(camp)
    if setup is None or not setup.team_links:
        return {}
    return {link.team_id: phones + link.page_path() for link in team_links(camp) if link.link_active}


def _paper(code: str, lookup: str) -> PaperForm:
    return PaperForm(code, f"{lookup}?code={code}" if lookup else code)


def master_sheet_for(round: Round) -> MasterSheet:  # noqa: A002
    """Everything, for staff: the whole map, every team's ships and cargo, the pirates."""
    rounds = sheet_rounds(round)
    camp = round.camp
    side = camp.board_side
    g = geometry(side)
    ap = _ap(rounds)
    rows = []
    ships_by_team: dict[int, list[Ship]] = {}
    for ship in Ship.objects.filter(team__camp=camp).order_by("ident"):
        ships_by_team.setdefault(ship.team_id, []).append(ship)
    for th in team_harbors(camp):
        team, harbor = th.team, th.harbor
        bay = harbor.bay if harbor is not None else None
        ships = sorted(
            ships_by_team.get(team.pk, []), key=lambda s: (s.kind != es.ShipKind.BATTLESHIP.value, s.ident)
        )
        rows.append(
            TeamRow(
                team=team.name,
                colour=team.colour,
                harbor=f"Z{bay}" if bay else "?",
                ap=ap.get(team.pk),
                delivered=harbor.delivered if harbor is not None else 0,
                ships=tuple(
                    SheetShip(
                        ident=s.ident,
                        battleship=s.kind == es.ShipKind.BATTLESHIP.value,
                        at=_ship_at(s, bay, side),
                        chests=s.chests,
                        notes=_ship_notes(s),
                    )
                    for s in ships
                ),
            )
        )
    opened = IslandsRound.objects.filter(round=rounds.orders_round).first() if rounds.orders_round else None
    moves = opened.pirate_moves if opened is not None else {}
    pirates = tuple(
        PirateRow(
            ident=p.ident,
            at=g.label(Hex(p.q, p.r)),
            moves=" ".join(words.direction_label(d) for d in moves.get(p.ident, ())),
        )
        for p in sorted(Pirate.objects.filter(camp=camp), key=lambda p: es.pirate_number(p.ident))
    )
    return MasterSheet(
        camp=str(camp),
        state_round=_state_round(rounds),
        orders_round=rounds.orders_number,
        map=map_view_for_staff(camp),
        teams=tuple(rows),
        pirates=pirates,
        key=key_rows(camp),
    )


@dataclass(frozen=True)
class StandingRow:
    """A team on the notice-board sheet's standings (public: chests delivered, ships, AP)."""

    rank: int
    team: str
    colour: str
    delivered: int
    ships: int
    ap_received: int


@dataclass(frozen=True)
class EventGroup:
    """The public events of one moment of the round ("Kolo 3, krok 2"), in order."""

    when: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class APColumn:
    """A resolved round in the AP table: its number and each team's "AP (place)" ("" not played)."""

    round: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class NoticeSheet:
    """The notice-board sheet (pinned up in the dining hall): only what everyone may see, as the
    notice board shows it. Built from public data alone: hidden hexes, cargo, pirate draws, hints,
    telescope choices and the AP of a round not resolved yet never reach it."""

    camp: str
    state_round: int | None
    map: MapView
    standings: tuple[StandingRow, ...]
    events: tuple[EventGroup, ...]
    #: The AP table of the resolved rounds: the teams (name, colour) in seat order, a column per
    #: round, each team's total over them.
    ap_teams: tuple[tuple[str, str], ...] = ()
    ap_rounds: tuple[APColumn, ...] = ()
    ap_totals: tuple[int, ...] = ()
    key: tuple[KeyRow, ...] = ()


def ap_cell(ap: int, place: int) -> str:
    """A team's AP of a round and its place in the mini-game, AP first, the place in brackets
    ("11 (2.)"): never "2. 11", which a reader takes for a date (2 November)."""
    return _("%(ap)d (#%(place)d)") % {"ap": ap, "place": place}


def notice_sheet_for(round: Round) -> NoticeSheet:  # noqa: A002
    """The notice-board sheet printed from ``round`` (see :func:`sheet_rounds`)."""
    rounds = sheet_rounds(round)
    camp = round.camp
    events: list[EventGroup] = []
    if rounds.result is not None:
        for line in results.events_with_telescopes(rounds.result, viewer="public"):
            if events and events[-1].when == line.when:
                events[-1] = EventGroup(line.when, (*events[-1].lines, line.description))
            else:
                events.append(EventGroup(line.when, (line.description,)))
    overview = camp_selectors.rounds_with_ap(camp)
    public_rows = [row for row in overview.rows if row.public]
    return NoticeSheet(
        camp=str(camp),
        state_round=_state_round(rounds),
        map=map_view_for_public(camp),
        standings=tuple(
            StandingRow(
                rank=s.rank,
                team=s.team.name,
                colour=s.team.colour,
                delivered=s.delivered,
                ships=s.ships_afloat,
                ap_received=s.ap_received,
            )
            for s in results.final_standings(camp)
        ),
        events=tuple(events),
        ap_teams=tuple((team.name, team.colour) for team in overview.teams),
        ap_rounds=tuple(
            APColumn(
                round=row.round.number,
                cells=tuple(
                    ap_cell(cell.ap, cell.rank) if cell.rank is not None else ("0" if row.recorded else "")
                    for cell in row.cells
                ),
            )
            for row in public_rows
        ),
        ap_totals=tuple(total for _team, total in overview.public_total_cells),
        key=key_rows(camp),
    )
