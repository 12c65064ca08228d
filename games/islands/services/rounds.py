"""The life of a Golden Islands round: open → orders → resolve → telescopes → close (and undo).

Writes are one transaction each and lock the round row (``select_for_update``), reading its status
again inside the transaction, so two staff members pressing the same button get exactly one result
and a clear :class:`IslandsError` for the other. Checking orders (and the preview) are reads: see
:mod:`games.islands.orders` and :func:`games.islands.selectors.rounds.round_preview`.

Decisions (see ``docs/islands-rounds.md``):

- A round opens only with placements recorded (at least one team placed) and every earlier round
  resolved or closed. Priority: placement rank, ties by lot (``rng.random_for(seed, round, "priority")``),
  teams without a placement last. The priority is worked out again at resolve time, so placements
  corrected after opening still count (the lot is the same draw).
- A team without stored orders is resolved with empty orders carrying its placement AP: nothing of
  it moves, but the AP it earned counts as received (the tie-break of the final standings).
- ``RoundResult.before`` is the ``zlate-ostrovy/1`` document of the state before the round (pirate
  moves included) plus one extra key, ``camp_rows``, with what the document cannot hold (the round
  each ship was built in), so that undo restores the rows exactly.
  :func:`games.islands.game_state.before_document` strips it.
- A ship that found two telescopes has two pending choices; the second is stored as ``red.C1#2``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.backups.snapshots import snapshot_after_commit
from camp.models import DONE_STATUSES, OPENED_STATUSES, Camp, Placement, Round, RoundStatus, Team
from camp.services import round_set_status
from games.islands import words
from games.islands.engine import events as ee
from games.islands.engine import state as es
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.notation import who_parts, who_text
from games.islands.engine.resolve import open_round, resolve_trusted, reveal_by_telescope, telescope_hexes
from games.islands.engine.scenario import load_scenario
from games.islands.engine.scenario_writer import draws_document, state_document
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale
from games.islands.game_state import (
    CAMP_ROWS_KEY,
    before_document,
    fixed_draws,
    priority_team_ids,
    state_before,
)
from games.islands.models.board import BoardSetup, Ship
from games.islands.models.notices import NoticeCode, PublicNotice
from games.islands.models.rounds import (
    IslandsRound,
    RoundResult,
    TeamOrders,
    TelescopeChoice,
    UndoneResolution,
)
from games.islands.orders import OrderSheet, check_team, orders_check, stored_orders
from games.islands.selectors.notices import changed_teams, public_marks
from games.islands.selectors.rounds import later_opened_round
from games.islands.services.board import game_state_store

# ------------------------------------------------------------------------------------ helpers


def _lock_round(round_: Round) -> Round:
    return Round.objects.select_for_update().select_related("camp").get(pk=round_.pk)


def _number(round_: Round) -> dict[str, int]:
    return {"number": round_.number}


# ------------------------------------------------------------------------------------ open


@transaction.atomic
def round_open(*, round: Round) -> IslandsRound:  # noqa: A002
    """Open a round for orders: fix the priority order and draw the pirates' moves.

    Needs the game started (board, sides, bays, ships), the round's placements recorded, and every
    earlier round resolved or closed. The round goes to "orders open".
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Generate and accept a board first."), code="no_board")
    if not setup.game_started:
        raise IslandsError(
            _("Start the game first (draw the sides, pick the bays, put the ships in the harbors)."),
            code="not_started",
        )
    if locked.status in OPENED_STATUSES or RoundResult.objects.filter(round=locked).exists():
        raise IslandsError(_("Round %(number)d has already been opened.") % n, code="opened")
    if locked.status == RoundStatus.PLANNED:
        raise IslandsError(
            _("Record the placements of round %(number)d first: they decide the AP and the order.") % n,
            code="no_placements",
        )
    earlier = (
        Round.objects.filter(camp=camp, number__lt=locked.number)
        .exclude(status__in=DONE_STATUSES)
        .order_by("number")
        .first()
    )
    if earlier is not None:
        raise IslandsError(
            _("Round %(earlier)d is not resolved yet: resolve it before opening round %(number)d.")
            % {"earlier": earlier.number, "number": locked.number},
            code="earlier_open",
        )
    placements = list(Placement.objects.filter(round=locked))
    if not placements:
        raise IslandsError(
            _("Round %(number)d has no placements: record the mini-game's placements first.") % n,
            code="no_placements",
        )
    state = state_before(locked)
    opened = open_round(state)
    islands_round, _created = IslandsRound.objects.update_or_create(
        round=locked,
        defaults={
            "pirate_moves": {p.id: list(p.moves) for p in opened.pirates if p.moves},
            "priority": priority_team_ids(locked),
            "opened_at": timezone.now(),
        },
    )
    round_set_status(round=locked, to=RoundStatus.ORDERS_OPEN)
    round.status = locked.status
    return islands_round


# ------------------------------------------------------------------------------------ orders


@transaction.atomic
def orders_submit(
    *,
    round: Round,  # noqa: A002
    team: Team,
    sheet: OrderSheet,
    user: Any = None,
    version: int | None = None,
) -> TeamOrders:
    """Store a team's orders (replacing earlier ones) when they have no problem.

    Only while the round's orders are open. On any problem raises :class:`OrdersInvalid` with all of
    them and stores nothing. Routes are stored in English letters (the round file's tokens), as the
    check read them (:attr:`~games.islands.orders.OrdersCheck.stored`).
    ``version`` is the stored orders' ``version`` the caller saw (0: none stored). When orders are
    stored and the caller saw another version, or none (``None``), two staff are saving the same team:
    :class:`OrdersStale` is raised with the stored orders and nothing changes.
    """
    locked = _lock_round(round)
    check_team(locked, team)
    if locked.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Orders for round %(number)d cannot be entered now (the round is %(status)s).")
            % {"number": locked.number, "status": RoundStatus(locked.status).label},
            code="not_open",
        )
    existing = TeamOrders.objects.select_for_update().filter(round=locked, team=team).first()
    if existing is not None and version != existing.version:
        raise OrdersStale(existing)
    check = orders_check(round=locked, team=team, sheet=sheet)
    if check.problems:
        raise OrdersInvalid(check.problems)
    stored, _created = TeamOrders.objects.update_or_create(
        round=locked,
        team=team,
        defaults={
            "ap": check.ap,
            **check.stored.row_fields(),
            "updated_by": user if getattr(user, "pk", None) else None,
            "version": (existing.version if existing is not None else 0) + 1,
        },
    )
    return stored


# ------------------------------------------------------------------------------------ resolve


def _before_with_rows(camp: Camp, state: es.GameState) -> dict[str, Any]:
    doc = state_document(state)
    built = {
        who_text(team_name, ident): round_id
        for team_name, ident, round_id in Ship.objects.filter(
            team__camp=camp, built_round__isnull=False
        ).values_list("team__name", "ident", "built_round_id")
    }
    doc[CAMP_ROWS_KEY] = {"built": built}
    return doc


@transaction.atomic
def round_resolve(*, round: Round, user: Any = None) -> RoundResult:  # noqa: A002
    """Resolve the round with every team's stored orders and store the result and the new state.

    Exactly once: the round row is locked and its status read again, so a second press (another
    tab, another laptop) gets "already resolved". Every stored order is checked again with the
    current AP; any problem refuses the whole resolution, listing them (:class:`OrdersInvalid`).
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    if locked.status in DONE_STATUSES or RoundResult.objects.filter(round=locked).exists():
        raise IslandsError(_("Round %(number)d has already been resolved.") % n, code="resolved")
    if locked.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Round %(number)d is not open for orders yet: open it first.") % n, code="not_open"
        )
    islands_round = IslandsRound.objects.filter(round=locked).first()
    if islands_round is None:  # pragma: no cover - opening creates it
        raise IslandsError(_("Round %(number)d has not been opened.") % n, code="not_open")
    priority = priority_team_ids(locked)
    if priority != islands_round.priority:
        islands_round.priority = priority
        islands_round.save(update_fields=["priority"])
    state = state_before(locked)
    orders, problems, _missing = stored_orders(locked, state)
    if problems:
        raise OrdersInvalid([p for team_problems in problems.values() for p in team_problems])
    result = resolve_trusted(state, orders, fixed_draws(locked))
    g = state.geometry
    events = [ee.event_document(g, e) for e in result.events]
    revealed_by = ee.revealers(result.events)
    before = _before_with_rows(camp, state)
    game_state_store(camp=camp, state=result.state, round=locked, revealed_by=revealed_by)
    stored = RoundResult.objects.create(
        round=locked,
        before=before,
        events=events,
        draws=draws_document(result.draws, g),
        hints={h.who: h.point for h in result.hints},
        pending_telescopes=[t.who for t in result.telescopes],
        standings=[
            {"team": s.team, "delivered": s.delivered, "ap_total": s.ap_total} for s in result.standings
        ],
        resolved_at=timezone.now(),
        resolved_by=user if getattr(user, "pk", None) else None,
    )
    _note_corrected(locked, stored)
    round_set_status(round=locked, to=RoundStatus.RESOLVED)
    snapshot_after_commit(event=f"round-{locked.number}-resolved")
    round.status = locked.status
    return stored


def _note_corrected(locked: Round, result: RoundResult) -> None:
    """A resolution after an undo is a correction the hall sees: the feed's line names the teams
    whose public facts differ from the resolution undone (the undo kept their digests)."""
    undone = (
        PublicNotice.objects.filter(
            camp=locked.camp,
            code__in=(NoticeCode.ROUND_UNDONE, NoticeCode.ROUND_CORRECTED),
            params__number=locked.number,
        )
        .order_by("-id")
        .first()
    )
    if undone is None or undone.code != NoticeCode.ROUND_UNDONE:
        return  # the round's first resolution: the board shows it, no line needed
    seats = list(
        Team.objects.filter(camp=locked.camp).order_by("order", "name", "id").values_list("name", flat=True)
    )
    teams = changed_teams(undone.params.get("marks") or {}, public_marks(locked.camp, result), seats)
    PublicNotice.objects.create(
        camp=locked.camp,
        at=result.resolved_at,
        code=NoticeCode.ROUND_CORRECTED,
        params={"number": locked.number, "teams": teams},
    )


def _keep_undone(
    locked: Round, result: RoundResult, shown: Callable[[Round], dict[str, Any] | None] | None
) -> None:
    """Keep what the undone resolution's sheets show, to compare a new resolution with: the paper
    the teams hold is that of the last resolution whose changed sheets were printed, else of the
    first one undone (the evening's printing). ``shown`` is asked only when it is kept (reading
    every team's sheet is most of an undo's work)."""
    if shown is None:
        return
    kept = UndoneResolution.objects.filter(round=locked).first()
    if kept is not None and result.printed_at is None:
        return
    sheets = shown(locked)
    if sheets is None:
        return
    UndoneResolution.objects.update_or_create(
        round=locked,
        defaults={
            "shown": sheets,
            "printed": result.printed_at is not None,
            "resolved_at": result.resolved_at,
            "undone_at": timezone.now(),
        },
    )


@transaction.atomic
def round_undo(
    *,
    round: Round,  # noqa: A002
    user: Any = None,
    shown: Callable[[Round], dict[str, Any] | None] | None = None,
) -> Round:
    """Undo the resolution of the most recent round: the state before it comes back exactly.

    The result and its telescope choices go (telescope reveals live only in the state after the
    round, so they go too); the teams' orders stay; the round is open for orders again.
    ``shown`` reads what the round's sheets show (the printing's ``sheets_shown``, below this
    floor): it is kept, so that a new resolution can show what it changed.
    """
    locked = _lock_round(round)
    camp = locked.camp
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(_("Round %(number)d is closed: it can no longer be undone.") % n, code="closed")
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(_("Round %(number)d is not resolved: there is nothing to undo.") % n, code="open")
    later = later_opened_round(locked)
    if later is not None:
        raise IslandsError(
            _("Round %(later)d has been opened already: only the most recent round can be undone.")
            % {"later": later.number},
            code="not_latest",
        )
    _keep_undone(locked, result, shown)
    # The hall's line, with what it saw of each team: a new resolution names the teams it changed.
    PublicNotice.objects.create(
        camp=camp,
        code=NoticeCode.ROUND_UNDONE,
        params={"number": locked.number, "marks": public_marks(camp, result)},
    )
    before = load_scenario(before_document(result)).state
    game_state_store(camp=camp, state=before, round=locked)
    built = (result.before.get(CAMP_ROWS_KEY) or {}).get("built", {})
    ships = Ship.objects.filter(team__camp=camp).select_related("team")
    changed = []
    for ship in ships:
        want = built.get(who_text(ship.team.name, ship.ident))
        if ship.built_round_id != want:
            ship.built_round_id = want
            changed.append(ship)
    Ship.objects.bulk_update(changed, ["built_round"])
    result.delete()
    round_set_status(round=locked, to=RoundStatus.ORDERS_OPEN, allow_undo=True)
    snapshot_after_commit(event=f"round-{locked.number}-undone")
    round.status = locked.status
    return round


def round_sheets_printed(*, result: RoundResult) -> None:
    """Note that a resolution's changed sheets were printed (see :func:`round_undo`)."""
    RoundResult.objects.filter(pk=result.pk).update(printed_at=timezone.now())


# ------------------------------------------------------------------------------------ telescopes


def _result_after(locked: Round) -> RoundResult:
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(
            _("Round %(number)d is closed: its telescope choices can no longer change.") % n, code="closed"
        )
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: telescopes are chosen after resolving.") % n,
            code="not_resolved",
        )
    return result


def _open_telescope_key(result: RoundResult, ship: str) -> str:
    who = (ship or "").strip()
    keys = [k for k in ee.telescope_keys(result.pending_telescopes) if ee.telescope_ship(k) == who]
    if not keys:
        raise IslandsError(
            _("%(ship)s has no telescope to choose for in this round.")
            % {"ship": words.dotted_who_label(who) if who else "—"},
            code="no_telescope",
        )
    done = set(TelescopeChoice.objects.filter(result=result).values_list("ship", flat=True))
    for key in keys:
        if key not in done:
            return key
    raise IslandsError(
        _("The telescope choice of %(ship)s has already been entered.")
        % {"ship": words.dotted_who_label(who)},
        code="chosen",
    )


@transaction.atomic
def telescope_choose(*, round: Round, ship: str, at: Hex) -> TelescopeChoice:  # noqa: A002
    """Enter the hex ``at`` a team named for a telescope (``ship`` like ``red.C1``; the form read the
    label): the hex and its neighbours are revealed for all. Triggers nothing (revealing is not
    entering)."""
    locked = _lock_round(round)
    result = _result_after(locked)
    key = _open_telescope_key(result, ship)
    return _telescope_reveal(locked, result, key, at)


def _telescope_reveal(locked: Round, result: RoundResult, key: str, at: Hex) -> TelescopeChoice:
    """Reveal ``at`` and its neighbours for the open telescope ``key`` and store the choice (inside
    the caller's transaction, the round row locked)."""
    camp = locked.camp
    g = geometry(camp.board_side)
    if not g.on_board(at):
        message = _("%(label)s is a bay: name a hex of the board.") % {"label": g.label(at)}
        raise IslandsError(message, code="label")
    centre = at
    state = state_before(locked)
    after = reveal_by_telescope(state, centre)
    team_name, _ship = who_parts(ee.telescope_ship(key))
    newly = {h: team_name for h in telescope_hexes(g, centre) if not state.board.cell(h).revealed}
    game_state_store(camp=camp, state=after, round=locked, revealed_by=newly)
    return TelescopeChoice.objects.create(result=result, ship=key, hex=g.label(centre))


@transaction.atomic
def telescope_team_choose(*, round: Round, team: Team, telescope: str, at: Hex) -> TelescopeChoice:  # noqa: A002
    """The team's own choice of the hex ``at`` for one of its pending telescopes, from its page.

    ``telescope`` names it as the team's page does: the ship (``C1``), ``C1#2`` for the ship's
    second telescope of the round; the team is always ``team`` (the link's), so no other team's
    telescope can be named. Refused (nothing stored) when the round is not resolved or is closed,
    when the team has no such telescope pending, and when its choice was entered already (by staff
    on the after page, or from another phone): whichever comes first counts. Staff may still
    choose or skip (:func:`telescope_choose`, :func:`telescope_skip`); a team cannot skip."""
    locked = _lock_round(round)
    name = (telescope or "").strip()
    who = words.who_label(team.name, ee.telescope_ship(name)[:20]) if name else "—"
    if locked.camp_id != team.camp_id:
        raise IslandsError(
            _("%(ship)s has no telescope to choose for in this round.") % {"ship": who}, code="no_telescope"
        )
    result = _result_after(locked)
    key = who_text(team.name, name)
    if not name or "." in name or key not in ee.telescope_keys(result.pending_telescopes):
        raise IslandsError(
            _("%(ship)s has no telescope to choose for in this round.") % {"ship": who}, code="no_telescope"
        )
    if TelescopeChoice.objects.filter(result=result, ship=key).exists():
        raise IslandsError(
            _("The telescope choice of %(ship)s has already been entered.") % {"ship": who}, code="chosen"
        )
    return _telescope_reveal(locked, result, key, at)


@transaction.atomic
def telescope_skip(*, round: Round, ship: str) -> TelescopeChoice:  # noqa: A002
    """Skip a pending telescope choice (the team named nothing): nothing is revealed."""
    locked = _lock_round(round)
    result = _result_after(locked)
    key = _open_telescope_key(result, ship)
    return TelescopeChoice.objects.create(result=result, ship=key, hex="")


@transaction.atomic
def round_close(*, round: Round) -> Round:  # noqa: A002
    """Close a resolved round; refused while a telescope choice is pending (enter or skip it)."""
    locked = _lock_round(round)
    n = _number(locked)
    if locked.status == RoundStatus.CLOSED:
        raise IslandsError(_("Round %(number)d is already closed.") % n, code="closed")
    result = RoundResult.objects.filter(round=locked).first()
    if locked.status != RoundStatus.RESOLVED or result is None:
        raise IslandsError(
            _("Round %(number)d is not resolved yet: resolve it first.") % n, code="not_resolved"
        )
    done = set(TelescopeChoice.objects.filter(result=result).values_list("ship", flat=True))
    pending = [k for k in ee.telescope_keys(result.pending_telescopes) if k not in done]
    if pending:
        raise IslandsError(
            _("Telescope choices are still pending: %(ships)s. Enter or skip them first.")
            % {"ships": ", ".join(words.dotted_who_label(ee.telescope_ship(k)) for k in pending)},
            code="telescopes_pending",
        )
    round_set_status(round=locked, to=RoundStatus.CLOSED)
    snapshot_after_commit(event=f"round-{locked.number}-closed")
    round.status = locked.status
    return round
