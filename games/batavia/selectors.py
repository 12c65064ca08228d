"""Reads of the Batavia app: a session's game state (replayed from its record), seats, its record file.

The record is the single source of truth. Replaying it takes a few milliseconds; the result is
cached per process by (session id, version, record digest), so polling pages do not replay again
while nothing changes. A stale or missing cache entry is simply rebuilt.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from games.batavia.engine import (
    GameState,
    IllegalAction,
    RecordError,
    ReplayError,
    apply,
    dump_record,
    read_record,
    replay,
    setup_game,
)
from games.batavia.models import BataviaSeat, BataviaSession

_CACHE: OrderedDict[tuple[int, int, str], GameState] = OrderedDict()
_CACHE_SIZE = 32


def record_digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()[:16]


def record_state(data: Any) -> GameState:
    """The game a record describes (raises the engine's RecordError / ReplayError).

    Besides the format's keys, our records carry ``cash_table`` (gold for cashing in 1-5 tiles, a
    setting of the session; unknown top-level keys are allowed by the format)."""
    record = read_record(data)
    table = data.get("cash_table") if isinstance(data, dict) else None
    if table is None:
        return replay(record)
    if not isinstance(table, list) or len(table) != 5 or any(type(g) is not int or g < 0 for g in table):
        raise RecordError("$.cash_table", "expected 5 non-negative whole numbers")
    state = setup_game(
        record.players,
        record.track,
        record.deck,
        auctioneer=record.auctioneer,
        open_tiles=record.open_tiles,
        cash_table=table,
    )
    for n, (by, action) in enumerate(record.actions, start=1):
        try:
            state = apply(state, action, player=by)
        except IllegalAction as e:
            raise ReplayError(n, e) from None
    return state


def session_state(session: BataviaSession) -> GameState | None:
    """The current game state of a session (None for a game played on the real board)."""
    if not session.record:
        return None
    key = (session.pk, session.version, record_digest(session.record))
    state = _CACHE.get(key)
    if state is None:
        state = record_state(session.record)
        _CACHE[key] = state
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return state


def session_by_pk(pk: int) -> BataviaSession | None:
    return BataviaSession.objects.select_related("minigame__round__camp").filter(pk=pk).first()


def session_record_json(session: BataviaSession) -> str | None:
    """The session's record as the ``batavia/1`` file staff download (with our ``cash_table``), or
    None for a game played on the real board."""
    state = session_state(session)
    if state is None:
        return None
    data = json.loads(dump_record(state))
    data["cash_table"] = list(state.setup.cash_table)
    return json.dumps(data, ensure_ascii=False, indent=1)


def team_colours(session: BataviaSession) -> dict[str, str]:
    """Each playing team's colour by its name (the engine's player names are the team names)."""
    return {s.team.name: s.team.colour for s in session.seats.select_related("team")}


def session_seat(session: BataviaSession, seat_id: int | None) -> BataviaSeat | None:
    """One seat of the session by its id, or None (also for None)."""
    if seat_id is None:
        return None
    return session.seats.select_related("team").filter(pk=seat_id).first()


def session_seats(session: BataviaSession) -> list[BataviaSeat]:
    return list(session.seats.select_related("team").order_by("number"))


def seat_by_token(token: str) -> BataviaSeat | None:
    """The seat of an access token (revoked ones too: the caller decides), or None."""
    if not token or len(token) > 64:
        return None
    return (
        BataviaSeat.objects.select_related("session__minigame__round__camp", "team")
        .filter(token=token)
        .first()
    )


def session_for_round(round_id: int) -> BataviaSession | None:
    return BataviaSession.objects.filter(minigame__round_id=round_id).first()
