"""Writes of the Batavia app: keyword-only functions named ``<thing>_<action>``, each one transaction.

Every function that changes a game locks the session row (``select_for_update``) and reads the
record again inside the transaction, so two clicks (two phones, two tabs) can never both apply an
action to the same state. The record is the single source of truth: an action is checked by the
engine against the replayed state and appended only if legal; an illegal one raises
:class:`games.batavia.errors.BataviaServiceError` with a translated message and stores nothing.

Die rolls and reshuffles come from the engine's seeded :func:`chance_action`; seats played by a bot
act through :func:`games.batavia.engine.bots.make_bot`. After every human action the game runs on by
itself (:func:`_advance`) until a human must act.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from camp import selectors as camp_selectors
from camp.backups.snapshots import snapshot_after_commit
from camp.models import MiniGame, MiniGameKind, Round, Team
from camp.services import placements_record
from games.batavia import selectors
from games.batavia.engine import (
    Action,
    GameState,
    Reshuffle,
    Roll,
    apply,
    apply_trusted,
    chance_action,
    new_game,
    read_record,
    rng,
    state_to_record,
)
from games.batavia.engine.bots import make_bot
from games.batavia.engine.errors import RulesError
from games.batavia.engine.record import RecordError, action_to_json
from games.batavia.engine.scoring import TablePlayer, competition_ranks, score_table
from games.batavia.engine.state import DEFAULT_CASH_TABLE, MAX_PLAYERS, MIN_PLAYERS, Score
from games.batavia.errors import BataviaServiceError
from games.batavia.models import BataviaSeat, BataviaSession, BotKind, SessionMode, SessionStatus, new_token
from games.batavia.words import error_message

MAX_AUTOMATIC_ACTIONS = 5000


def _lock(session: BataviaSession) -> BataviaSession:
    """The session's row, locked until the end of the transaction, read afresh."""
    return (
        BataviaSession.objects.select_for_update().select_related("minigame__round__camp").get(pk=session.pk)
    )


def _check_version(locked: BataviaSession, version: int | None) -> None:
    if version is not None and version != locked.version:
        raise BataviaServiceError(
            _("The game has moved on since this page was loaded; nothing was changed. Look again and retry."),
            "stale",
        )


def _save_state(locked: BataviaSession, state: GameState, caller: BataviaSession) -> None:
    """Write the state's record back (with our metadata) and bump the version."""
    record = state_to_record(state)
    record["cash_table"] = list(state.setup.cash_table)
    locked.record = record
    locked.version += 1
    if state.phase == "finished" and locked.status in (SessionStatus.SETUP, SessionStatus.PLAYING):
        locked.status = SessionStatus.FINISHED
        snapshot_after_commit(event=f"round-{locked.minigame.round.number}-batavia-finished")
    elif state.phase != "finished" and locked.status == SessionStatus.FINISHED:
        locked.status = SessionStatus.PLAYING
    locked.save(update_fields=["record", "version", "status", "updated_at"])
    for field in ("record", "version", "status", "updated_at"):
        setattr(caller, field, getattr(locked, field))


def _state(locked: BataviaSession) -> GameState:
    state = selectors.session_state(locked)
    if state is None:
        raise BataviaServiceError(
            _("This game is played on the real board: use the score calculator."), "physical"
        )
    return state


def _bots(locked: BataviaSession) -> dict[int, str]:
    return {s.number: s.bot for s in locked.seats.all() if s.bot}


def _advance(state: GameState, bots: dict[int, str], *, bots_too: bool = True) -> tuple[GameState, int]:
    """Let the seeded die and reshuffles (and bot seats, with ``bots_too``) act until a human must
    act or the game ends. Returns the new state and how many actions were taken."""
    taken = 0
    while state.phase != "finished" and taken < MAX_AUTOMATIC_ACTIONS:
        action: Action | None = chance_action(state)
        if action is None:
            seat = state.to_act
            if seat is None or not bots_too or seat not in bots:
                break
            bot = make_bot(bots[seat], seed=f"{state.setup.deck[:20]}/{seat}/{len(state.history)}")
            action = bot.choose(state, seat)
            state = apply(state, action)  # checked: a bot's mistake must never corrupt a game
        else:
            state = apply_trusted(state, action)
        taken += 1
    return state, taken


# ---------------------------------------------------------------------------------------- guards


def team_name_guard(team: Team) -> str:
    """Why the team can no longer be renamed: a game record names its players."""
    if BataviaSeat.objects.filter(team=team).exists():
        return _("This team already has a seat in a game of Batavia: its name can no longer change.")
    return ""


def round_delete_guard(round_: Round) -> str:
    """Why the round cannot be deleted: a game of Batavia is its mini-game (deleting it drops the
    game's record)."""
    if BataviaSession.objects.filter(minigame__round=round_).exists():
        return _("A game of Batavia belongs to round %(number)d: the round cannot be deleted.") % {
            "number": round_.number
        }
    return ""


def minigame_kind_guard(minigame: MiniGame, kind: str) -> str:
    """Why the mini-game can no longer become another kind: a game of Batavia is recorded for it."""
    if kind != MiniGameKind.BATAVIA and BataviaSession.objects.filter(minigame=minigame).exists():
        return _("A game of Batavia is recorded for this mini-game: it must stay a game of Batavia.")
    return ""


# ---------------------------------------------------------------------------------------- create


def session_seed(minigame: MiniGame) -> int:
    """The seed of a round's game: from the camp's seed, the round and the purpose."""
    round_ = minigame.round
    return rng.derive(round_.camp.seed, round_.number, "batavia", minigame.pk)


@transaction.atomic
def session_create(
    *,
    minigame: MiniGame,
    mode: str = SessionMode.DIGITAL,
    teams: Sequence[Team] | None = None,
    open_tiles: bool = False,
    cash_table: Sequence[int] = DEFAULT_CASH_TABLE,
) -> BataviaSession:
    """Create the round's Batavia game: one seat per team (default: all the camp's teams in seat
    order; 3 to 5). A digital game gets its record now (track and deck shuffled from the camp's
    seed); it starts with :func:`session_start` once the links are handed out."""
    Round.objects.select_for_update().filter(pk=minigame.round_id).first()  # one creation per round
    if minigame.kind != MiniGameKind.BATAVIA:
        raise BataviaServiceError(_("This round's mini-game is not Batavia."), "not_batavia")
    if BataviaSession.objects.filter(minigame=minigame).exists():
        raise BataviaServiceError(_("This round already has a Batavia game."), "exists")
    if mode not in SessionMode.values:
        raise BataviaServiceError(_("Choose how the game is played."), "bad_mode")
    camp = minigame.round.camp
    players = list(teams) if teams is not None else camp_selectors.camp_teams(camp)
    if any(t.camp_id != camp.pk for t in players) or len({t.pk for t in players}) != len(players):
        raise BataviaServiceError(_("Choose each team of this camp run at most once."), "bad_teams")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise BataviaServiceError(
            _("Batavia needs 3 to 5 players (one per team); %(n)d teams were chosen.") % {"n": len(players)},
            "player_count",
        )
    session = BataviaSession(minigame=minigame, mode=mode, open_tiles=open_tiles, cash_table=list(cash_table))
    if mode == SessionMode.DIGITAL:
        try:
            state = new_game(
                [t.name for t in players],
                seed=session_seed(minigame),
                open_tiles=open_tiles,
                cash_table=cash_table,
            )
        except RulesError as e:
            raise BataviaServiceError(error_message(e), e.code) from None
        session.record = {**state_to_record(state), "cash_table": list(state.setup.cash_table)}
    session.save()
    BataviaSeat.objects.bulk_create(
        BataviaSeat(session=session, team=t, number=i) for i, t in enumerate(players)
    )
    return session


@transaction.atomic
def session_start(*, session: BataviaSession) -> BataviaSession:
    """Start a digital game: the auctioneer's die is rolled, bots take their turns."""
    locked = _lock(session)
    if locked.status != SessionStatus.SETUP:
        raise BataviaServiceError(_("The game has already started."), "started")
    state = _state(locked)
    locked.status = SessionStatus.PLAYING
    state, _n = _advance(state, _bots(locked))
    _save_state(locked, state, session)
    return session


# ------------------------------------------------------------------------------------------- act


@transaction.atomic
def session_act(
    *,
    session: BataviaSession,
    seat: int,
    action: Action,
    version: int | None = None,
    by_staff: bool = False,
) -> GameState:
    """``seat`` takes ``action`` (checked by the engine); then the die, reshuffles and bots act until
    a human must act. Refused (nothing stored) when the action is illegal, the page was stale
    (``version``), the game is not running, or (unless ``by_staff``) a bot plays that seat."""
    locked = _lock(session)
    _check_version(locked, version)
    if locked.status == SessionStatus.SETUP:
        raise BataviaServiceError(_("The game has not started yet."), "not_started")
    if locked.status in (SessionStatus.FINISHED, SessionStatus.RECORDED):
        raise BataviaServiceError(_("The game is over."), "game_over")
    state = _state(locked)
    if not 0 <= seat < len(state.names):
        raise BataviaServiceError(_("There is no such seat."), "bad_seat")
    bots = _bots(locked)
    if seat in bots and not by_staff:
        raise BataviaServiceError(_("A bot plays this seat."), "bot_seat")
    if isinstance(action, (Roll, Reshuffle)) and not by_staff:
        raise BataviaServiceError(_("The die and the reshuffles are done by the game itself."), "chance")
    try:
        new = apply(state, action, player=state.names[seat])
    except RulesError as e:
        raise BataviaServiceError(error_message(e, state, action), e.code) from None
    new, _n = _advance(new, bots)
    _save_state(locked, new, session)
    return new


def _is_chance(action: Action) -> bool:
    return isinstance(action, (Roll, Reshuffle))


@transaction.atomic
def session_undo(*, session: BataviaSession, version: int | None = None) -> GameState:
    """Take back the last action that was not a die roll or reshuffle (and any roll or reshuffle
    after it). Bots do not act again by themselves afterwards (use :func:`bots_advance`)."""
    locked = _lock(session)
    _check_version(locked, version)
    if locked.status == SessionStatus.RECORDED:
        raise BataviaServiceError(
            _("The placements of this game are recorded already; it can no longer be changed."), "recorded"
        )
    state = _state(locked)
    history = state.history
    last = max((i for i, (_seat, a) in enumerate(history) if not _is_chance(a)), default=None)
    if last is None:
        raise BataviaServiceError(_("There is nothing to undo."), "nothing")
    record = dict(locked.record)
    record["actions"] = [action_to_json(state.names[s], a) for s, a in history[:last]]
    new = selectors.record_state(record)
    new, _n = _advance(new, {}, bots_too=False)
    _save_state(locked, new, session)
    return new


@transaction.atomic
def bots_advance(*, session: BataviaSession) -> int:
    """Let the die, reshuffles and the bot seats act until a human must act; how many actions."""
    locked = _lock(session)
    if locked.status != SessionStatus.PLAYING:
        return 0
    state = _state(locked)
    new, taken = _advance(state, _bots(locked))
    if taken:
        _save_state(locked, new, session)
    return taken


@transaction.atomic
def seat_set_bot(*, seat: BataviaSeat, bot: str) -> BataviaSeat:
    """Let a bot (or the team again, with ``""``) play a seat; a bot on turn acts at once."""
    if bot not in BotKind.values:
        raise BataviaServiceError(_("Unknown kind of player."), "bad_bot")
    locked = _lock(seat.session)
    row = BataviaSeat.objects.select_for_update().get(pk=seat.pk)
    row.bot = bot
    row.save(update_fields=["bot"])
    seat.bot = bot
    if locked.status == SessionStatus.PLAYING:
        state, taken = _advance(_state(locked), _bots(locked))
        if taken:
            _save_state(locked, state, seat.session)
    return seat


# ---------------------------------------------------------------------------------------- tokens


@transaction.atomic
def token_revoke(*, seat: BataviaSeat) -> BataviaSeat:
    """The seat's link stops working at once (a phone lost, a link shared by mistake)."""
    BataviaSeat.objects.filter(pk=seat.pk).update(token_revoked_at=timezone.now())
    seat.refresh_from_db()
    return seat


@transaction.atomic
def token_renew(*, seat: BataviaSeat) -> BataviaSeat:
    """A fresh link for the seat; the old one stops working."""
    BataviaSeat.objects.filter(pk=seat.pk).update(token=new_token(), token_revoked_at=None)
    seat.refresh_from_db()
    return seat


# ---------------------------------------------------------------------------------- import/export


@transaction.atomic
def record_import(*, session: BataviaSession, data: Any) -> GameState:
    """Replace the game by a ``batavia/1`` record (e.g. exported earlier). Its players must be the
    session's teams (by name); the seats follow the record's order. Nothing changes on any error."""
    locked = _lock(session)
    if locked.mode != SessionMode.DIGITAL:
        raise BataviaServiceError(_("Only a game played in the app has a record."), "physical")
    if locked.status == SessionStatus.RECORDED:
        raise BataviaServiceError(
            _("The placements of this game are recorded already; it can no longer be changed."), "recorded"
        )
    try:
        parsed = read_record(data)
        state = selectors.record_state(data)
    except RulesError as e:
        raise BataviaServiceError(error_message(e), e.code) from None
    except (TypeError, ValueError, KeyError):
        raise BataviaServiceError(
            error_message(RecordError("$", "not a batavia/1 record")), "bad_record"
        ) from None
    seats = {s.team.name: s for s in locked.seats.select_related("team")}
    if sorted(parsed.players) != sorted(seats):
        raise BataviaServiceError(
            _("The record's players (%(found)s) are not this game's teams (%(expected)s).")
            % {"found": ", ".join(parsed.players), "expected": ", ".join(sorted(seats))},
            "players",
        )
    # renumber the seats in the record's order (two steps: the numbers are unique per session)
    for seat in seats.values():
        BataviaSeat.objects.filter(pk=seat.pk).update(number=seat.number + 100)
    for number, name in enumerate(parsed.players):
        BataviaSeat.objects.filter(pk=seats[name].pk).update(number=number)
    if locked.status == SessionStatus.SETUP and state.history:
        locked.status = SessionStatus.PLAYING
    _save_state(locked, state, session)
    return state


# ----------------------------------------------------------------------------------- placements


def _record_placements(locked: BataviaSession, ranks: dict[int, int]) -> None:
    placements_record(round=locked.minigame.round, ranks=ranks)
    locked.status = SessionStatus.RECORDED
    snapshot_after_commit(event=f"round-{locked.minigame.round.number}-batavia-recorded")
    locked.save(update_fields=["status", "updated_at"])


@transaction.atomic
def session_finish(*, session: BataviaSession) -> dict[int, int]:
    """Record the round's placements from the finished game's ranking (tied players share a
    place). Returns ``{team id: place}``. Camp teams without a seat did not play."""
    locked = _lock(session)
    state = _state(locked)
    if state.phase != "finished" or state.scores is None:
        raise BataviaServiceError(_("The game is not over yet."), "not_finished")
    seats = {s.number: s.team_id for s in locked.seats.all()}
    places = competition_ranks([s.total for s in state.scores])
    ranks = {seats[i]: place for i, place in enumerate(places)}
    _record_placements(locked, ranks)
    session.status = locked.status
    return ranks


def calculator_scores(players: Sequence[TablePlayer]) -> tuple[tuple[Score, ...], tuple[int, ...]]:
    """Scores and places (1 = best, ties shared) of a game played on the real board."""
    scores = score_table(players)
    return scores, competition_ranks([s.total for s in scores])


@transaction.atomic
def calculator_save(
    *,
    session: BataviaSession,
    players: Sequence[TablePlayer],
    raw: dict[str, Any] | None = None,
    replace_app_result: bool = False,
) -> dict[int, int]:
    """Score a game played on the real board (one :class:`TablePlayer` per seat, in seat order) and
    record the round's placements from it. Returns ``{team id: place}``.

    A game played in the app has its own result: its ranking, which the teams' phones and the table
    show. The calculator replaces the placements with its own only with ``replace_app_result`` (the
    page's box, ticked); without it nothing changes (the phones would silently show another place
    than the AP table)."""
    locked = _lock(session)
    if locked.mode == SessionMode.DIGITAL and not replace_app_result:
        raise BataviaServiceError(
            _(
                "This game is played in the app: tick “Yes, replace the result of the game in the app” "
                "to record the calculator's placements instead. Nothing was saved."
            ),
            "played_in_app",
        )
    seats = list(locked.seats.order_by("number"))
    if len(players) != len(seats):
        raise BataviaServiceError(_("Enter the results of every player."), "players")
    _scores, places = calculator_scores(players)
    ranks = {seat.team_id: place for seat, place in zip(seats, places, strict=True)}
    locked.calculator = raw or {}
    locked.save(update_fields=["calculator", "updated_at"])
    _record_placements(locked, ranks)
    session.status = locked.status
    session.calculator = locked.calculator
    return ranks
