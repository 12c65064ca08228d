"""The board and its set-up (generate, edit a hex, draw the sides, pick the bays, start the game), and
storing an engine state into the camp's rows.

Every user error is an :class:`IslandsError` with a translated message that a view shows as it
is; nothing is stored when one is raised. The set-up services lock the camp row
(``select_for_update``) and read what they check again inside the transaction, so two staff members
(two tabs, two laptops) cannot set up one camp at the same time.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Camp, Round, Team
from games.islands import words
from games.islands.deals import dealt_cells
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.models.board import MAX_CHESTS_PER_HEX, BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.rehearsals import Rehearsal, RehearsalKind, RehearsalStatus
from games.islands.rehearsals import board_teams
from games.islands.selectors.board import derived_seed, game_is_on

MAX_SEED = 2**63 - 1
#: Seeds below this are short enough to be found by trying them against the hexes a team has seen
#: (a board is a function of side and seed; about 1 ms a try): the board page warns about them and
#: offers only seeds from here to MAX_SEED.
SAFE_SEED_MIN = 10**15
MIXES = ("default",)


def _lock_camp(camp: Camp) -> Camp:
    """The camp row, locked by a write of its board."""
    return Camp.objects.select_for_update().get(pk=camp.pk)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _game_started(camp: Camp) -> bool:
    return (
        BoardSetup.objects.filter(camp=camp, game_started_at__isnull=False).exists()
        or Ship.objects.filter(team__camp=camp).exists()
    )


# ------------------------------------------------------------------------------------ the board


@transaction.atomic
def board_generate(*, camp: Camp, seed: int, mix: str = "default") -> BoardSetup:
    """Deal a board from ``seed``, balanced for the camp run's teams, and store it (every hex,
    hidden), replacing any earlier board. Not proven fair: the fair deal (:func:`board_deal_accept`)
    or a rehearsal of the stored board proves a board (``deals.board_proof``).

    Refused once a round has been opened: the board is then part of the game.
    """
    camp = _lock_camp(camp)
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise IslandsError(
            _("The seed must be a whole number from 0 to %(max)d.") % {"max": MAX_SEED}, code="seed"
        )
    if mix not in MIXES:
        raise IslandsError(_("Unknown tile mix “%(mix)s”.") % {"mix": mix}, code="mix")
    _check_not_started(camp)
    try:
        board = generator.generate_map(camp.board_side, seed, teams=board_teams(camp))
    except generator.BoardNotFoundError:
        raise IslandsError(
            _("No fair board was found for seed %(seed)d. Try another seed.") % {"seed": seed},
            code="not_found",
        ) from None
    except generator.GeneratorError as exc:
        raise IslandsError(
            _("The board cannot be generated: %(reason)s") % {"reason": exc}, code="generator"
        ) from None
    return _board_store(camp, board.tiles, seed, mix)


@transaction.atomic
def board_deal_accept(*, camp: Camp, deal: Rehearsal) -> BoardSetup:
    """Store the board a done fair deal of the camp run found (every hex, hidden), replacing any
    earlier board: the board the rehearsal proved fair, so the camp's board is proven from now on
    (``deals.board_proof``). Refused once the game is on, as generating is."""
    camp = _lock_camp(camp)
    row = Rehearsal.objects.filter(pk=deal.pk, camp=camp, kind=RehearsalKind.DEAL).first()
    if row is None or row.status != RehearsalStatus.DONE or not isinstance(row.report, dict):
        raise IslandsError(
            _("This fair deal has not found a board: there is nothing to accept."), code="no_deal"
        )
    _check_not_started(camp)
    cells = dealt_cells(row.report)
    board = {h: cells.get(h, generator.Cell(Tile.OPEN_SEA, 0)) for h in geometry(camp.board_side).ordered}
    seed = row.spec.get("seed") if isinstance(row.spec, dict) else None
    return _board_store(camp, board, seed if isinstance(seed, int) else 0, "default")


def _check_not_started(camp: Camp) -> None:
    if game_is_on(camp):
        raise IslandsError(
            _(
                "The game is already on (a round has been opened): "
                "the board can no longer be generated again."
            ),
            code="game_on",
        )
    if _game_started(camp):
        raise IslandsError(
            _(
                "The game has started (the ships are in their harbors): "
                "the board can no longer be generated again."
            ),
            code="game_started",
        )


def _board_store(camp: Camp, tiles: Mapping[Hex, generator.Cell], seed: int, mix: str) -> BoardSetup:
    """Every hex of a dealt board, hidden, in place of the camp's board (a locked camp row)."""
    BoardHex.objects.filter(camp=camp).delete()
    BoardHex.objects.bulk_create(
        BoardHex(camp=camp, q=h.q, r=h.r, tile=cell.tile.value, chests=cell.chests, revealed=False)
        for h, cell in tiles.items()
    )
    now = timezone.now()
    setup, _created = BoardSetup.objects.update_or_create(
        camp=camp,
        defaults={"generator_seed": seed, "mix": mix, "generated_at": now, "hand_edits": 0},
    )
    return setup


@transaction.atomic
def board_hex_set(*, camp: Camp, at: Hex, tile: Tile, chests: int = 0, revealed: bool = False) -> BoardHex:
    """Set the hex ``at`` by hand: its tile, its chests (a treasure has 1 to 9, nothing else has any)
    and whether it is revealed. A hex revealed by hand was revealed by nobody in particular. (The
    hex editor's form reads the label: ``forms.HexForm``.)"""
    camp = _lock_camp(camp)
    if _game_started(camp) or game_is_on(camp):
        # From the start on, the board is the game's hidden truth: a change would go unseen by the
        # round snapshots (undo) and could quietly move a treasure under the teams' ships.
        raise IslandsError(
            _("The game has started: the board can no longer be changed by hand."), code="game_started"
        )
    if not geometry(camp.board_side).on_board(at):
        raise IslandsError(_("Choose a hex."), code="label")
    if tile is Tile.TREASURE and not 1 <= chests <= MAX_CHESTS_PER_HEX:
        raise IslandsError(
            _("A treasure holds 1 to %(max)d chests.") % {"max": MAX_CHESTS_PER_HEX}, code="chests"
        )
    if tile is not Tile.TREASURE and chests != 0:
        raise IslandsError(
            _("Only a treasure holds chests (this hex is: %(tile)s).") % {"tile": words.tile_name(tile)},
            code="chests",
        )
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Generate and accept a board first."), code="no_board")
    row, _created = BoardHex.objects.get_or_create(camp=camp, q=at.q, r=at.r)
    changed = (row.tile, row.chests, row.revealed) != (tile.value, chests, revealed)
    row.tile, row.chests = tile.value, chests
    if revealed != row.revealed:
        row.revealed = revealed
        row.revealed_round = None
        row.revealed_by = None
    row.save()
    if changed:
        setup.hand_edits += 1
        setup.save(update_fields=["hand_edits"])
    return row


# ------------------------------------------------------------------------------------ sides, harbors


@transaction.atomic
def harbors_draw_sides(*, camp: Camp, redraw: bool = False) -> dict[Team, str]:
    """Give every team a side by lot (the generator's ``draw_sides``).

    The draw's seed derives from the camp's seed and the number of the draw, so it is recorded and
    can be repeated. Drawing again needs ``redraw`` and is refused once the game has started. A team
    that keeps its side keeps its bay; the others pick again.
    """
    camp = _lock_camp(camp)
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Generate and accept a board first."), code="no_board")
    if _game_started(camp) or game_is_on(camp):
        raise IslandsError(_("The game has started: the sides can no longer be drawn."), code="game_started")
    if setup.sides_drawn and not redraw:
        raise IslandsError(
            _("The sides have already been drawn. Tick “draw again” to draw them once more."), code="drawn"
        )
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    if len(teams) < 2:
        raise IslandsError(
            _("The game needs at least 2 teams; this camp run has %(n)d.") % {"n": len(teams)}, code="teams"
        )
    draw_number = setup.sides_draw + 1
    sides = generator.draw_sides([t.name for t in teams], derived_seed(camp.seed, "sides", draw_number))
    harbors = {h.team_id: h for h in Harbor.objects.filter(team__camp=camp)}
    result: dict[Team, str] = {}
    for team in teams:
        side = sides[team.name]
        harbor = harbors.get(team.pk) or Harbor(team=team)
        if harbor.side != side:
            harbor.bay = None
        harbor.side = side
        harbor.save()
        result[team] = side
    setup.sides_draw = draw_number
    setup.sides_drawn_at = timezone.now()
    setup.save(update_fields=["sides_draw", "sides_drawn_at"])
    return result


@transaction.atomic
def harbors_set_bays(*, camp: Camp, bays: Mapping[Team, int]) -> list[Harbor]:
    """Record the bays of several teams at once (the board page's one form): all or nothing.

    Each bay must be one of the board's, on its team's side and no other team's, counted after the
    whole change (two teams may swap their bays in one go); every problem is said, naming its team and
    bay, and then nothing is changed. A team left out keeps its bay."""
    camp = _lock_camp(camp)
    if _game_started(camp) or game_is_on(camp):
        raise IslandsError(
            _("The game has started: the harbors can no longer be placed by hand."), code="game_started"
        )
    g = geometry(camp.board_side)
    harbors = {h.team_id: h for h in Harbor.objects.filter(team__camp=camp).select_related("team")}
    wanted = {team.pk: bay for team, bay in bays.items()}
    names = dict(Team.objects.filter(camp=camp).values_list("pk", "name"))
    problems: list[str] = []
    fitting: dict[int, int] = {}  # the bays that fit their own team; a clash is checked among these
    for team_id, bay in wanted.items():
        name = names.get(team_id)
        harbor = harbors.get(team_id)
        if name is None:
            problems.append(_("There is no such team in this camp run."))
        elif harbor is None or not harbor.side:
            problems.append(_("Draw the sides first: %(team)s has no side yet.") % {"team": name})
        elif not 1 <= bay <= len(g.bays):
            problems.append(
                _("%(team)s: “%(bay)s” is not a bay of this board (Z1 … Z%(last)d).")
                % {"team": name, "bay": bay, "last": len(g.bays)}
            )
        elif g.bay_sides[g.bay(bay)] != harbor.side:
            problems.append(
                _("Z%(bay)d is not %(on_side)s, which %(team)s drew.")
                % {"bay": bay, "on_side": words.SIDE_ON[harbor.side], "team": name}
            )
        else:
            fitting[team_id] = bay
    after = {team_id: h.bay for team_id, h in harbors.items() if h.bay and team_id not in wanted}
    after.update(fitting)
    for team_id, bay in fitting.items():
        others = sorted(names[other] for other, b in after.items() if b == bay and other != team_id)
        if others:
            problems.append(
                _("%(team)s: Z%(bay)d is also the harbor of %(others)s.")
                % {"team": names[team_id], "bay": bay, "others": ", ".join(others)}
            )
    if problems:
        raise IslandsError(problems, code="bays")
    for team_id, bay in wanted.items():
        harbor = harbors[team_id]
        if harbor.bay != bay:
            harbor.bay = bay
            harbor.save(update_fields=["bay"])
    return [harbors[team_id] for team_id in wanted]


@transaction.atomic
def game_start(*, camp: Camp) -> list[Ship]:
    """Start the game: every team gets one cargo ship, C1, in its harbor. Once only."""
    camp = _lock_camp(camp)
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Generate and accept a board first."), code="no_board")
    if _game_started(camp):
        raise IslandsError(_("The game has already started."), code="started")
    teams = list(Team.objects.filter(camp=camp).select_related("harbor").order_by("order", "name", "id"))
    if len(teams) < 2:
        raise IslandsError(
            _("The game needs at least 2 teams; this camp run has %(n)d.") % {"n": len(teams)}, code="teams"
        )
    missing = []
    for team in teams:
        harbor = Harbor.objects.filter(team=team).first()
        if harbor is None or harbor.bay is None:
            missing.append(team.name)
    if missing:
        raise IslandsError(
            _("These teams have no harbor yet: %(teams)s. Draw the sides and pick a bay for each team.")
            % {"teams": ", ".join(missing)},
            code="no_harbor",
        )
    ships = Ship.objects.bulk_create(
        Ship(team=team, ident="C1", kind=es.ShipKind.CARGO.value) for team in teams
    )
    setup.game_started_at = timezone.now()
    setup.save(update_fields=["game_started_at"])
    return ships


# ------------------------------------------------------------------------------------ engine state


#: A board hex's fields :func:`game_state_store` writes.
_HEX_FIELDS = ("tile", "chests", "revealed", "revealed_round", "revealed_by")


def _set_changed(row: Model, values: Mapping[str, object], changed: set[str]) -> bool:
    """Set on ``row`` the ``values`` (field name -> value) that differ from its own; their names
    are added to ``changed``. Whether any differed."""
    differ = [name for name, value in values.items() if getattr(row, name) != value]
    for name in differ:
        setattr(row, name, values[name])
    changed.update(differ)
    return bool(differ)


@transaction.atomic
def game_state_store(
    *,
    camp: Camp,
    state: es.GameState,
    round: Round | None = None,  # noqa: A002
    revealed_by: Mapping[Hex, str] | None = None,
) -> None:
    """Write an engine state to the camp's rows: board, harbors, ships, pirates.

    Used by resolving (``round``: the round just resolved, recorded on newly revealed hexes and new
    ships; ``revealed_by``: hex -> team name that revealed it) and by undo (the state before the
    round; hexes hidden again lose their revealer). Pirate moves belong to ``IslandsRound`` and are
    not written here.

    Only the rows that differ from the state are written (a round moves a few ships and reveals a
    few hexes; every row of the camp written each time was most of the cost of resolving), each
    table's in one statement (``update_rows``, :class:`camp.game_rows.GameRowQuerySet`).
    """
    camp = _lock_camp(camp)
    if state.side != camp.board_side:
        raise IslandsError(
            _("The state is for a board of side %(side)d.") % {"side": state.side}, code="side"
        )
    g = geometry(camp.board_side)
    teams = {t.name: t for t in Team.objects.filter(camp=camp)}
    unknown = [t.name for t in state.teams if t.name not in teams]
    if unknown:
        raise IslandsError(_("Unknown teams: %(teams)s.") % {"teams": ", ".join(unknown)}, code="teams")
    revealed_by = revealed_by or {}

    # The hexes as plain values (a camp's few hundred model instances cost more than the rest);
    # a row is built only for a hex that changed.
    stored = {
        (q, r): (pk, (tile, chests, revealed, revealed_round, revealed_by_id))
        for pk, q, r, tile, chests, revealed, revealed_round, revealed_by_id in BoardHex.objects.filter(
            camp=camp
        )
        .order_by()
        .values_list("pk", "q", "r", "tile", "chests", "revealed", "revealed_round", "revealed_by")
    }
    to_update, to_create = [], []
    for h, cell in state.board.items():
        found = stored.get((h.q, h.r))
        if found is None:
            row = BoardHex(camp=camp, q=h.q, r=h.r)
            to_create.append(row)
        else:
            pk, (tile, chests, revealed, revealed_round, revealed_by_id) = found
            if (tile, chests, revealed) == (cell.tile.value, cell.chests, cell.revealed):
                continue
            row = BoardHex(
                pk=pk,
                camp=camp,
                q=h.q,
                r=h.r,
                revealed=revealed,
                revealed_round_id=revealed_round,
                revealed_by_id=revealed_by_id,
            )
            to_update.append(row)
        if cell.revealed and not row.revealed:
            row.revealed_round = round
            by = revealed_by.get(h)
            row.revealed_by = teams.get(by) if by else None
        elif not cell.revealed:
            row.revealed_round = None
            row.revealed_by = None
        row.tile, row.chests, row.revealed = cell.tile.value, cell.chests, cell.revealed
    BoardHex.objects.update_rows(to_update, _HEX_FIELDS)
    BoardHex.objects.bulk_create(to_create)

    harbors = {h.team_id: h for h in Harbor.objects.filter(team__camp=camp).order_by()}
    harbor_update: list[Harbor] = []
    harbor_fields: set[str] = set()
    for t in state.teams:
        team = teams[t.name]
        harbor = harbors.get(team.pk)
        if harbor is None:
            harbor = Harbor.objects.create(team=team, side=g.bay_sides[t.harbor])
        if _set_changed(harbor, {"bay": g.bay_number(t.harbor), "delivered": t.delivered}, harbor_fields):
            harbor_update.append(harbor)
    Harbor.objects.update_rows(harbor_update, harbor_fields)

    existing = {(s.team_id, s.ident): s for s in Ship.objects.filter(team__camp=camp).order_by()}
    keep: set[tuple[int, str]] = set()
    ship_update: list[Ship] = []
    ship_create: list[Ship] = []
    ship_fields: set[str] = set()
    for t in state.teams:
        team = teams[t.name]
        for ship in t.ships:
            key = (team.pk, ship.id)
            keep.add(key)
            q, r = (None, None) if ship.at is None else (ship.at.q, ship.at.r)
            values = {
                "kind": ship.kind.value,
                "q": q,
                "r": r,
                "chests": ship.chests,
                "boat": ship.boat,
                "seahorse": ship.seahorse,
                "mermaid": ship.mermaid,
                "octopus": ship.octopus,
            }
            ship_row = existing.get(key)
            if ship_row is None:
                ship_create.append(
                    Ship(team=team, ident=ship.id, built_round=round if ship.new else None, **values)
                )
            elif _set_changed(ship_row, values, ship_fields):
                ship_update.append(ship_row)
    gone = [ship_row.pk for key, ship_row in existing.items() if key not in keep]
    if gone:
        Ship.objects.filter(pk__in=gone).delete()
    Ship.objects.update_rows(ship_update, ship_fields)
    Ship.objects.bulk_create(ship_create)

    pirates = {p.ident: p for p in Pirate.objects.filter(camp=camp).order_by()}
    pirate_update: list[Pirate] = []
    pirate_create: list[Pirate] = []
    pirate_fields: set[str] = set()
    for p in state.pirates:
        values = {
            "q": p.at.q,
            "r": p.at.r,
            "seahorse": p.seahorse,
            "mermaid": p.mermaid,
            "octopus": p.octopus,
        }
        pirate_row = pirates.get(p.id)
        if pirate_row is None:
            pirate_create.append(Pirate(camp=camp, ident=p.id, **values))
        elif _set_changed(pirate_row, values, pirate_fields):
            pirate_update.append(pirate_row)
    sailing = {p.id for p in state.pirates}
    gone_pirates = [row.pk for ident, row in pirates.items() if ident not in sailing]
    if gone_pirates:
        Pirate.objects.filter(pk__in=gone_pirates).delete()
    Pirate.objects.update_rows(pirate_update, pirate_fields)
    Pirate.objects.bulk_create(pirate_create)
