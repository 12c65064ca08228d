"""Batavia's part of a camp backup (``batavia`` in ``zlate-ostrovy-camp/1``, see
:mod:`camp.backups.document` and docs/camp-backup-format.md): every game with its seats and its
stored record, carried as stored (the record's own format is the engine's). Registered in ``apps.py``.

The teams' private links are never written to the file: an imported seat gets a fresh token, and
keeps only whether its link was active or revoked (and since when). The old printed links do not
open the imported game; staff print the handout again (or renew a revoked link) to play on.
"""

from __future__ import annotations

from typing import Any

from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.backups.export import moment_text
from camp.backups.parts import BackupPart, ImportedCamp
from camp.backups.reader import (
    INT_MAX,
    DocumentIndex,
    DocumentReader,
    Duplicates,
    join,
    round_reference,
    team_reference,
)
from camp.models import Camp, MiniGameKind
from games.batavia import selectors
from games.batavia.engine.errors import RulesError
from games.batavia.engine.state import MAX_PLAYERS
from games.batavia.models import BataviaSeat, BataviaSession, BotKind, SessionMode, SessionStatus, new_token
from games.batavia.words import error_message


def batavia_export(camp: Camp) -> list[dict[str, Any]]:
    sessions = (
        BataviaSession.objects.filter(minigame__round__camp=camp)
        .select_related("minigame__round")
        .order_by("minigame__round__number")
    )
    return [
        {
            "round": session.minigame.round.number,
            "mode": session.mode,
            "status": session.status,
            "record": session.record,
            "version": session.version,
            "open_tiles": session.open_tiles,
            "cash_table": session.cash_table,
            "calculator": session.calculator,
            "created_at": moment_text(session.created_at),
            "updated_at": moment_text(session.updated_at),
            "seats": [
                {
                    "number": seat.number,
                    "team": seat.team.name,
                    "bot": seat.bot,
                    "link_revoked_at": moment_text(seat.token_revoked_at),
                }
                for seat in session.seats.select_related("team").order_by("number")
            ],
        }
        for session in sessions
    ]


def batavia_check(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    games = Duplicates(
        r, _("a second game of Batavia for round %(number)d (%(path)s)"), items=path, latest=True
    )
    for i, p, game in r.objects(
        value,
        path,
        required=(
            "round",
            "mode",
            "status",
            "record",
            "version",
            "open_tiles",
            "cash_table",
            "calculator",
            "created_at",
            "updated_at",
            "seats",
        ),
        max_items=10_000,
    ):
        number = round_reference(r, game.get("round"), join(p, "round"), index)
        if number is not None:
            games.note(number, join(p, "round"), i, number=number)
            if index.minigame_kind.get(number) != MiniGameKind.BATAVIA:
                r.fail(
                    join(p, "round"),
                    _("the mini-game of round %(number)d is not Batavia") % {"number": number},
                )
        mode = r.choice(game.get("mode"), join(p, "mode"), SessionMode.values)
        r.choice(game.get("status"), join(p, "status"), SessionStatus.values)
        r.integer(game.get("version"), join(p, "version"), minimum=0, maximum=INT_MAX)
        r.boolean(game.get("open_tiles"), join(p, "open_tiles"))
        table = r.blob(game.get("cash_table"), join(p, "cash_table"))
        if table is not None and not (
            isinstance(table, list) and len(table) == 5 and all(type(g) is int and g >= 0 for g in table)
        ):
            r.fail(join(p, "cash_table"), _("expected 5 whole numbers, 0 or more"))
        calculator = r.blob(game.get("calculator"), join(p, "calculator"))
        if calculator is not None and not isinstance(calculator, dict):
            r.fail(join(p, "calculator"), _("expected an object ({…})"))
        r.moment(game.get("created_at"), join(p, "created_at"))
        r.moment(game.get("updated_at"), join(p, "updated_at"))

        seats = r.items(game.get("seats"), join(p, "seats"), max_items=MAX_PLAYERS)
        seat_names = _check_seats(r, seats, join(p, "seats"), index)

        record = r.blob(game.get("record"), join(p, "record"))
        if record is None:
            continue
        if not isinstance(record, dict):
            r.fail(join(p, "record"), _("expected an object ({…})"))
        elif record:
            try:  # the game's own reader: a record that cannot be replayed is refused here, not on a page
                state = selectors.record_state(record)
            except RulesError as e:
                r.fail(join(p, "record"), error_message(e))
                continue
            by_seat = [name for _number, name in sorted(seat_names.items())]
            if len(by_seat) == len(seats) and None not in by_seat and list(state.setup.players) != by_seat:
                r.fail(join(p, "record"), _("the record's players are not the seats' teams in seat order"))
        elif mode == SessionMode.DIGITAL:
            r.fail(join(p, "record"), _("a game played in the app has a record"))


def _check_seats(
    r: DocumentReader, seats: list[Any], path: str, index: DocumentIndex
) -> dict[int, str | None]:
    """A game's seats; returns the team of each valid seat number (None: not a valid team)."""
    numbers = Duplicates(r, _("a second seat %(number)d"))
    names = Duplicates(r, _("“%(name)s” has a second seat in this game"))
    seat_names: dict[int, str | None] = {}
    for j, sp, seat in r.objects(seats, path, required=("number", "team", "bot", "link_revoked_at")):
        seat_number = r.integer(seat.get("number"), join(sp, "number"), minimum=0, maximum=len(seats) - 1)
        if seat_number is not None:
            numbers.note(seat_number, join(sp, "number"), j, number=seat_number)
        name = team_reference(r, seat.get("team"), join(sp, "team"), index)
        if name is not None:
            names.note(name, join(sp, "team"), j, name=name)
        if seat_number is not None:
            seat_names[seat_number] = name
        r.choice(seat.get("bot"), join(sp, "bot"), BotKind.values)
        r.moment(seat.get("link_revoked_at"), join(sp, "link_revoked_at"), null=True)
    return seat_names


def batavia_store(value: list[dict[str, Any]], imported: ImportedCamp) -> None:
    for game in value:
        session = BataviaSession.objects.create(
            minigame=imported.minigames[game["round"]],
            mode=game["mode"],
            status=game["status"],
            record=game["record"],
            version=game["version"],
            open_tiles=game["open_tiles"],
            cash_table=game["cash_table"],
            calculator=game["calculator"],
        )
        BataviaSession.objects.filter(pk=session.pk).update(  # not auto_now / auto_now_add
            created_at=parse_datetime(game["created_at"]), updated_at=parse_datetime(game["updated_at"])
        )
        BataviaSeat.objects.bulk_create(
            BataviaSeat(
                session=session,
                team=imported.teams[seat["team"]],
                number=seat["number"],
                token=new_token(),
                token_revoked_at=parse_datetime(seat["link_revoked_at"]) if seat["link_revoked_at"] else None,
                bot=seat["bot"],
            )
            for seat in game["seats"]
        )


def batavia_summary(value: list[dict[str, Any]]) -> list[str]:
    if not value:
        return [_("Batavia: no game.")]
    return [
        ngettext(
            "Batavia: %(count)d game (round %(rounds)s).",
            "Batavia: %(count)d games (rounds %(rounds)s).",
            len(value),
        )
        % {"count": len(value), "rounds": ", ".join(str(g["round"]) for g in value)}
    ]


PART = BackupPart(
    key="batavia",
    export=batavia_export,
    check=batavia_check,
    store=batavia_store,
    summary=batavia_summary,
    app_label="batavia",
    order=30,
)
