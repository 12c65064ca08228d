"""Reads of the Golden Islands game: the board, the map views, the engine state.

Every function here runs a fixed number of queries, whatever the size of the board or the number
of ships (tests check it with ``django_assert_num_queries``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, Sum

from camp.models import DONE_STATUSES, OPENED_STATUSES, Camp, Placement, Round, RoundStatus, Team
from games.islands import display
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.rng import random_for
from games.islands.engine.tiles import Tile
from games.islands.maps.visibility import (
    BoardCell,
    HarborView,
    MapView,
    PirateView,
    ShipView,
    for_public,
    for_staff,
)
from games.islands.models import (
    BoardHex,
    BoardSetup,
    Harbor,
    IslandsRound,
    Pirate,
    RoundResult,
    Ship,
    TeamOrders,
    TelescopeChoice,
)

#: Round statuses after which the board may no longer be generated again (rules: the game is on).
GAME_ON_STATUSES = OPENED_STATUSES


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
    return for_staff(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


def map_view_for_public(camp: Camp) -> MapView:
    """What every team may see (four queries): hidden hexes carry nothing, ships no cargo."""
    cells, ships, harbors, pirates = _pieces(camp)
    return for_public(side=camp.board_side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


# ------------------------------------------------------------------------------------ engine state


class StateUnavailable(ValueError):
    """The camp's rows cannot make an engine state yet (no board, or a team without a harbor)."""


def current_round(camp: Camp) -> Round | None:
    """The first round not resolved yet (the one the next orders are for), or None."""
    return Round.objects.filter(camp=camp).exclude(status__in=DONE_STATUSES).order_by("number").first()


def game_state(camp: Camp, *, round: Round | None = None) -> es.GameState:  # noqa: A002
    """The engine state of the camp's game before ``round`` (default: :func:`current_round`).

    - teams: in the round's priority order if the round has been opened, else in seat order;
    - ``ap_total``: AP recorded in the rounds already resolved or closed (what teams have received
      and spent so far), plus what a camp imported from a round file brought; the round being
      resolved adds its own AP;
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
        Placement.objects.filter(round__camp=camp, round__status__in=DONE_STATUSES)
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
            ap_total=ap_total.get(team.pk, 0) + harbor.ap_before_import,
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


# ------------------------------------------------------------------------------------ rounds


def priority_team_ids(round: Round) -> list[int]:  # noqa: A002
    """Team ids of the round's camp, best placement first: ties (and the teams without a
    placement, who come last) in an order drawn by lot from (camp seed, round number, "priority")."""
    ranks = dict(Placement.objects.filter(round=round).values_list("team_id", "rank"))
    order = list(
        Team.objects.filter(camp_id=round.camp_id)
        .order_by("order", "name", "id")
        .values_list("id", flat=True)
    )
    random_for(round.camp.seed, round.number, "priority").shuffle(order)
    return sorted(order, key=lambda tid: ranks.get(tid, 10**6))


def round_priority(round: Round) -> list[str]:  # noqa: A002
    """Team names in the round's priority order (see :func:`priority_team_ids`)."""
    names = dict(Team.objects.filter(camp_id=round.camp_id).values_list("id", "name"))
    return [names[tid] for tid in priority_team_ids(round)]


def later_opened_round(round: Round) -> Round | None:  # noqa: A002
    """The first later round of the camp that has been opened (its orders open, or resolved), or
    None. While there is one, ``round`` can no longer be undone."""
    return (
        Round.objects.filter(camp_id=round.camp_id, number__gt=round.number)
        .filter(Q(status__in=OPENED_STATUSES) | Q(islands__isnull=False))
        .order_by("number")
        .first()
    )


def round_undoable(round: Round) -> bool:  # noqa: A002
    """Whether the staff pages offer undo: exactly when ``rounds.round_undo`` allows it (the round
    is resolved, not closed, and no later round has been opened)."""
    return round.status == RoundStatus.RESOLVED and later_opened_round(round) is None


def map_view_of_state(state: es.GameState, colours: dict[str, str], *, staff: bool = True) -> MapView:
    """A map view of an engine state (e.g. a previewed result), for staff or for the public."""
    g = state.geometry
    cells = [
        BoardCell(q=h.q, r=h.r, tile=c.tile.value, chests=c.chests, revealed=c.revealed)
        for h, c in state.board.items()
    ]
    ships = [
        ShipView(
            at=g.label(t.harbor if s.at is None else s.at),
            ident=s.id,
            colour=colours.get(t.name, ""),
            team=t.name,
            battleship=s.kind is es.ShipKind.BATTLESHIP,
            chests=s.chests,
        )
        for t in state.teams
        for s in t.ships
    ]
    harbors = [
        HarborView(bay=g.bay_number(t.harbor), colour=colours.get(t.name, ""), team=t.name)
        for t in state.teams
    ]
    pirates = [PirateView(at=g.label(p.at), ident=p.id) for p in state.pirates]
    make = for_staff if staff else for_public
    return make(side=state.side, cells=cells, ships=ships, harbors=harbors, pirates=pirates)


@dataclass(frozen=True)
class TeamRoundRow:
    """One team in a round: its AP, its stored orders (None: none yet) and, while the round is open
    for orders, why those no longer pass the check against the current state and AP (e.g. the
    placements were recorded again): the problems' messages without the team's name."""

    team: Team
    ap: int
    orders: TeamOrders | None
    problems: tuple[str, ...] = ()

    @property
    def stale(self) -> bool:
        return bool(self.problems)

    @property
    def has_orders(self) -> bool:
        return self.orders is not None


@dataclass(frozen=True)
class TelescopePending:
    """One telescope choice of a resolved round: ``key`` (``red.C1``, ``red.C1#2``), who, and the
    hex chosen (``""`` skipped, None not entered yet)."""

    key: str
    team: str
    ship: str
    chosen: str | None

    @property
    def open(self) -> bool:
        return self.chosen is None


@dataclass(frozen=True)
class RoundOverview:
    round: Round
    status: str
    opened: bool
    teams: list[TeamRoundRow]
    result: RoundResult | None
    telescopes: list[TelescopePending]
    #: Why the round cannot be resolved now (translated); empty when it can.
    blockers: list[str]

    @property
    def resolvable(self) -> bool:
        return not self.blockers

    @property
    def teams_without_orders(self) -> list[Team]:
        return [row.team for row in self.teams if row.orders is None]

    @property
    def pending_telescopes(self) -> list[TelescopePending]:
        return [t for t in self.telescopes if t.open]

    @property
    def closable(self) -> bool:
        return self.status == RoundStatus.RESOLVED and not self.pending_telescopes


def _telescopes(result: RoundResult | None, choices: Iterable[TelescopeChoice]) -> list[TelescopePending]:
    if result is None:
        return []
    from games.islands.rounds import telescope_keys

    chosen = {c.ship: c.hex for c in choices}
    out = []
    for key in telescope_keys(result.pending_telescopes):
        team, _dot, ship = key.split("#")[0].rpartition(".")
        out.append(TelescopePending(key=key, team=team, ship=ship, chosen=chosen.get(key)))
    return out


def round_overview(round: Round) -> RoundOverview:  # noqa: A002
    """Where a round stands: status, which teams have orders, whether it can be resolved, pending
    telescope choices. A constant number of queries, however many rounds the camp has."""
    from django.utils.translation import gettext as _

    from games.islands.rounds import OrdersInvalid, _stored_orders

    round = Round.objects.select_related("camp").get(pk=round.pk)  # noqa: A001
    teams = list(Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id"))
    ap = dict(Placement.objects.filter(round=round).values_list("team_id", "ap"))
    orders = {o.team_id: o for o in TeamOrders.objects.filter(round=round).select_related("updated_by")}
    result = RoundResult.objects.filter(round=round).first()
    choices = list(TelescopeChoice.objects.filter(result=result)) if result is not None else []
    opened = IslandsRound.objects.filter(round=round).exists()
    blockers: list[str] = []
    problems: dict[str, list[Any]] = {}
    if round.status != RoundStatus.ORDERS_OPEN:
        blockers.append(
            _("Round %(number)d is %(status)s.")
            % {"number": round.number, "status": RoundStatus(round.status).label}
        )
    else:  # the same check as the preview and the resolution: stored orders gone stale show here
        try:
            state = game_state(round.camp, round=round)
            _orders, problems, _missing = _stored_orders(round, state)
            blockers.extend(p.message for team_problems in problems.values() for p in team_problems)
        except (StateUnavailable, OrdersInvalid) as e:  # pragma: no cover - an opened round has a state
            blockers.append(str(e))
    return RoundOverview(
        round=round,
        status=round.status,
        opened=opened,
        teams=[
            TeamRoundRow(
                team=t,
                ap=int(ap.get(t.pk, 0)),
                orders=orders.get(t.pk),
                problems=tuple(p.team_message for p in problems.get(t.name, [])),
            )
            for t in teams
        ],
        result=result,
        telescopes=_telescopes(result, choices),
        blockers=blockers,
    )


def team_orders(round: Round, team: Team) -> TeamOrders | None:  # noqa: A002
    return TeamOrders.objects.filter(round=round, team=team).first()


@dataclass(frozen=True)
class EventLine:
    """One event of a round's log as a viewer may read it: ``text`` is "Kolo 3, krok 2: …"."""

    step: int
    half: int
    what: str
    at: str
    team: str | None
    actor: str
    visibility: str
    when: str
    description: str

    @property
    def text(self) -> str:
        return f"{self.when}: {self.description}"


Viewer = str | Team


def _visible(event: dict[str, Any], viewer: Viewer) -> bool:
    visibility = event.get("visibility", "public")
    if isinstance(viewer, Team):
        return visibility == "public" or (visibility == "team" and event.get("team") == viewer.name)
    if viewer == "staff":
        return True
    if viewer == "public":
        return visibility == "public"
    raise ValueError(f"viewer must be 'staff', 'public' or a team, not {viewer!r}")


def result_events(result: RoundResult, *, viewer: Viewer) -> list[EventLine]:
    """The round's log for a viewer: ``"public"`` reads public events only, a team the public ones
    and its own private ones (hints, boats, telescopes), ``"staff"`` everything (pirate redraws and
    rum directions too). One query at most (the round's number)."""
    number = result.round.number
    events = list(result.events)
    end_step = display.end_step_of(events)
    lines = []
    for e in events:
        if not _visible(e, viewer):
            continue
        lines.append(
            EventLine(
                step=int(e.get("step", 0)),
                half=int(e.get("half", 1)),
                what=str(e.get("what")),
                at=str(e.get("at")),
                team=e.get("team"),
                actor=str(e.get("actor") or ""),
                visibility=str(e.get("visibility", "public")),
                when=display.event_when(e, round_number=number, end_step=end_step),
                description=display.event_text(e),
            )
        )
    return lines


@dataclass(frozen=True)
class TeamHint:
    """A map hint for one of a team's ships: the compass point (and where it was taken from).
    Never the treasure's hex."""

    ship: str
    point: str
    origin: str

    @property
    def point_label(self) -> str:
        return display.compass_label(self.point)


def team_hints(result: RoundResult, team: Team) -> list[TeamHint]:
    """The map hints of a team's ships in a resolved round (no queries)."""
    origins = {
        f"{e.get('team')}.{e.get('actor')}": str(e.get("at"))
        for e in result.events
        if e.get("what") == "hint"
    }
    hints = []
    for who, point in (result.hints or {}).items():
        team_name, _dot, ship = who.rpartition(".")
        if team_name == team.name:
            hints.append(TeamHint(ship=ship, point=str(point), origin=origins.get(who, "")))
    return hints


@dataclass(frozen=True)
class FinalStanding:
    """A team's place in the camp-wide ranking (rules, section 7)."""

    rank: int
    team: Team
    delivered: int
    ap_received: int
    ships_afloat: int


def final_standings(camp: Camp) -> list[FinalStanding]:
    """The ranking: more chests delivered first, then fewer AP received (over the rounds resolved
    or closed, plus an imported camp's AP from before); teams tied on both share a place and keep
    their seat order. Three queries."""
    teams = list(Team.objects.filter(camp=camp).select_related("harbor").order_by("order", "name", "id"))
    ap_rows = (
        Placement.objects.filter(round__camp=camp, round__status__in=DONE_STATUSES)
        .values("team_id")
        .annotate(total=Sum("ap"))
    )
    ap = {row["team_id"]: int(row["total"] or 0) for row in ap_rows}
    afloat = dict(
        Ship.objects.filter(team__camp=camp)
        .values("team_id")
        .annotate(n=Count("id"))
        .values_list("team_id", "n")
    )

    def harbor(team: Team) -> Harbor | None:
        try:
            return team.harbor
        except Harbor.DoesNotExist:
            return None

    def delivered(team: Team) -> int:
        h = harbor(team)
        return h.delivered if h is not None else 0

    def received(team: Team) -> int:
        h = harbor(team)
        return ap.get(team.pk, 0) + (h.ap_before_import if h is not None else 0)

    keyed = [(delivered(t), received(t), t) for t in teams]
    keyed.sort(key=lambda k: (-k[0], k[1]))  # stable: full ties keep the seat order
    standings: list[FinalStanding] = []
    for i, (chests, ap_total, team) in enumerate(keyed):
        if i and (chests, ap_total) == (keyed[i - 1][0], keyed[i - 1][1]):
            rank = standings[-1].rank
        else:
            rank = i + 1
        standings.append(
            FinalStanding(
                rank=rank,
                team=team,
                delivered=chests,
                ap_received=ap_total,
                ships_afloat=int(afloat.get(team.pk, 0)),
            )
        )
    return standings


# ------------------------------------------------------------------------------------ notice board


def notice_board_version(camp: Camp) -> str:
    """A short hash of every public fact the notice board shows (its ETag and its polling version).

    Only public facts go in (team names and colours, harbors and chests delivered, the revealed
    hexes, ships' and pirates' places, rounds and their status, telescope choices), never a row id
    (a camp restored from a backup has the same version), so the version changes exactly when the
    board may change and tells nothing hidden. Seven small queries; nothing is drawn.
    """
    facts: list[object] = [
        camp.name,
        camp.year,
        camp.run_number,
        camp.board_side,
        list(Team.objects.filter(camp=camp).order_by("order", "name").values_list("name", "colour", "order")),
        list(
            Harbor.objects.filter(team__camp=camp)
            .order_by("team__name")
            .values_list("team__name", "bay", "delivered", "ap_before_import")
        ),
        list(
            BoardHex.objects.filter(camp=camp, revealed=True)
            .order_by("q", "r")
            .values_list("q", "r", "tile", "chests")
        ),
        list(
            Ship.objects.filter(team__camp=camp)
            .order_by("team__name", "ident")
            .values_list("team__name", "ident", "kind", "q", "r")
        ),
        list(Pirate.objects.filter(camp=camp).order_by("ident").values_list("ident", "q", "r")),
        list(Round.objects.filter(camp=camp).order_by("number").values_list("number", "status")),
        list(
            TelescopeChoice.objects.filter(result__round__camp=camp)
            .order_by("result__round__number", "pk")
            .values_list("result__round__number", "ship", "hex")
        ),
    ]
    return hashlib.sha256(repr(facts).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class TelescopeReveal:
    """A telescope choice entered after a round: the team's ship and the hex it named; that hex and
    its neighbours were revealed for all, so this is public."""

    team: str
    ship: str
    centre: str

    @property
    def text(self) -> str:
        """The public event line. The ship is the subject: a team name's gender is unknown."""
        from django.utils.translation import gettext as _

        return _("The telescope of %(team)s's ship %(ship)s revealed the hexes around %(at)s") % {
            "team": self.team,
            "ship": self.ship,
            "at": self.centre,
        }


def telescope_reveals(result: RoundResult) -> list[TelescopeReveal]:
    """The telescope choices of a resolved round that revealed something, in the order entered
    (skipped ones revealed nothing). One query."""
    out = []
    for key, centre in (
        TelescopeChoice.objects.filter(result=result).order_by("pk").values_list("ship", "hex")
    ):
        if centre:
            team, _dot, ship = key.split("#")[0].rpartition(".")
            out.append(TelescopeReveal(team=team, ship=ship, centre=centre))
    return out


def public_events_with_telescopes(result: RoundResult) -> list[EventLine]:
    """The round's public events (:func:`result_events`), then what its telescopes revealed."""
    from django.utils.translation import gettext as _

    lines = result_events(result, viewer="public")
    when = _("Round %(round)d, after sailing") % {"round": result.round.number}
    for reveal in telescope_reveals(result):
        lines.append(
            EventLine(
                step=10**6,
                half=1,
                what="telescope-reveal",
                at=reveal.centre,
                team=reveal.team,
                actor=reveal.ship,
                visibility="public",
                when=when,
                description=reveal.text,
            )
        )
    return lines
