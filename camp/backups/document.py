"""Reading a ``zlate-ostrovy-camp/1`` document (docs/camp-backup-format.md) back into the database.

- :func:`camp_document_parse` turns the bytes of a file into the decoded JSON, or every reason why not;
- :func:`camp_document_check` checks a decoded document without writing anything;
- :func:`camp_document_summary`: what a checked document holds, for the restore page's preview;
- :func:`camp_import_document` (a service) stores it as a *new* camp run, atomically, with new ids.

Writing one is :mod:`camp.backups.export`; the reader that names every problem by its path is
:mod:`camp.backups.reader`. The camp app checks and stores its own part (camp run, teams, rounds,
mini-games, placements); each game adds its part under its own top-level key through
:func:`camp.backups.parts.register_part` in its ``AppConfig.ready`` (like :mod:`camp.hooks.desk`), so camp
never imports a game.

Every problem of a broken document is named by its JSON path (``teams[2].name: …``) in the user's
language, and nothing is stored then (:class:`BackupDocumentError`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from camp.backups.file_words import json_reason
from camp.backups.parts import CAMP_KEYS, ImportedCamp, parts
from camp.backups.reader import (
    BIG_MAX,
    FORMAT,
    SMALL_MAX,
    DocumentIndex,
    DocumentReader,
    Duplicates,
    bad_character,
    join,
    max_length,
    team_reference,
)
from camp.errors import CampError
from camp.marks import LABEL_MAX_LENGTH, TEAM_SHAPES, Mark, assign_marks, label_key
from camp.models import (
    MAX_AP,
    MAX_AP_TABLE_LENGTH,
    MAX_BOARD_SIDE,
    MAX_TEAMS,
    MIN_BOARD_SIDE,
    ROUND_STATUS_ORDER,
    Camp,
    CampOrigin,
    CampOriginKind,
    MiniGame,
    MiniGameKind,
    Placement,
    Round,
    RouteLetters,
    Team,
)

#: Problems listed at most (a file broken everywhere names the first ones, then how many more).
MAX_PROBLEMS = 200


class BackupDocumentError(CampError):
    """A document that cannot be imported; ``problems`` names every reason, each with its JSON path."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = list(problems)
        shown = self.problems[:MAX_PROBLEMS]
        if len(self.problems) > MAX_PROBLEMS:
            shown.append(_("… and %(count)d more problems.") % {"count": len(self.problems) - MAX_PROBLEMS})
        self.problems = shown
        super().__init__(shown, code="backup_document")


# ---------------------------------------------------------------------------------------- parsing


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def camp_document_parse(content: bytes | str) -> Any:
    """The decoded JSON of a file's content; :class:`BackupDocumentError` when it is not JSON."""
    if isinstance(content, bytes):
        try:
            content = content.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise BackupDocumentError(
                [
                    _("The file is not UTF-8 text (byte %(position)d): it is not a camp backup.")
                    % {"position": e.start}
                ]
            ) from None
    try:
        return json.loads(content, parse_constant=_refuse_constant, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as e:
        raise BackupDocumentError(
            [
                _("The file is not JSON (line %(line)d, column %(column)d: %(detail)s).")
                % {"line": e.lineno, "column": e.colno, "detail": json_reason(e.msg)}
            ]
        ) from None
    except _DuplicateKey as e:
        raise BackupDocumentError(
            [_("The file names the key “%(key)s” twice in one object.") % {"key": str(e.key)[:40]}]
        ) from None
    except RecursionError:
        raise BackupDocumentError([_("The file nests its JSON too deep.")]) from None
    except ValueError as e:  # NaN/Infinity, or an integer longer than Python converts
        if str(e) in {"NaN", "Infinity", "-Infinity"}:
            raise BackupDocumentError(
                [_("The file holds %(value)s, which is not a number JSON knows.") % {"value": str(e)}]
            ) from None
        raise BackupDocumentError(
            [
                _("The file holds a number of more than %(limit)d digits.")
                % {"limit": sys.get_int_max_str_digits()}
            ]
        ) from None


# ---------------------------------------------------------------------------------------- checking


def _check_camp_part(r: DocumentReader, doc: dict[str, Any]) -> DocumentIndex:
    index = DocumentIndex(board_side=_check_camp(r, doc.get("camp")))
    index.team_names = _check_teams(r, doc.get("teams"))
    _check_rounds(r, doc.get("rounds"), index)
    return index


def _check_camp(r: DocumentReader, value: Any) -> int | None:
    """The camp run's own fields; returns its board side (None when it is not valid)."""
    camp = r.obj(
        value,
        "camp",
        required=("name", "year", "run_number", "board_side", "ap_table", "seed", "created_at"),
        optional=("route_letters",),
    )
    if camp is None:
        return None
    r.string(camp.get("name"), "camp.name", max_length=max_length(Camp, "name"), blank=False)
    r.integer(camp.get("year"), "camp.year", minimum=2000, maximum=2100)
    r.integer(camp.get("run_number"), "camp.run_number", minimum=1, maximum=99)
    side = r.integer(
        camp.get("board_side"), "camp.board_side", minimum=MIN_BOARD_SIDE, maximum=MAX_BOARD_SIDE
    )
    table = r.items(camp.get("ap_table"), "camp.ap_table", max_items=MAX_AP_TABLE_LENGTH)
    if "ap_table" in camp and isinstance(camp["ap_table"], list) and not camp["ap_table"]:
        r.fail("camp.ap_table", _("at least the AP of the 1st place"))
    for i, ap in enumerate(table):
        r.integer(ap, join("camp.ap_table", i), minimum=0, maximum=MAX_AP)
    if "route_letters" in camp:  # optional: documents written before it read as Czech
        r.choice(camp.get("route_letters"), "camp.route_letters", RouteLetters.values)
    r.integer(camp.get("seed"), "camp.seed", minimum=0, maximum=BIG_MAX)
    r.moment(camp.get("created_at"), "camp.created_at")
    return side


def _check_teams(r: DocumentReader, value: Any) -> set[str]:
    """The teams; returns the names of the valid ones."""
    names = Duplicates(r, _("a second team named “%(name)s” (teams[%(first)d])"))
    labels = Duplicates(r, _("a second team with the mark “%(label)s” (teams[%(first)d])"))
    for i, path, team in r.objects(
        value, "teams", required=("name", "colour", "order"), optional=("label", "shape"), max_items=MAX_TEAMS
    ):
        if "label" in team:  # optional, both: documents written before the marks get the default ones
            label = r.string(team.get("label"), join(path, "label"), max_length=LABEL_MAX_LENGTH, blank=False)
            if label is not None and not (label.isalnum() and label == label.upper()):
                r.fail(join(path, "label"), _("expected 1 to 3 capital letters or digits, e.g. CH"))
            elif label is not None:
                labels.note(label_key(label), join(path, "label"), i, label=label)
        if "shape" in team:
            r.choice(team.get("shape"), join(path, "shape"), TEAM_SHAPES)
        if ("label" in team) != ("shape" in team):
            r.fail(path, _("a team's mark is its label and its shape: give both or neither"))
        name = r.string(
            team.get("name"), join(path, "name"), max_length=max_length(Team, "name"), blank=False
        )
        colour = r.string(team.get("colour"), join(path, "colour"), max_length=7)
        if colour is not None and not (
            len(colour) == 7 and colour[0] == "#" and all(c in "0123456789abcdefABCDEF" for c in colour[1:])
        ):
            r.fail(join(path, "colour"), _("expected a colour as # and six hexadecimal digits, e.g. #c0392b"))
        r.integer(team.get("order"), join(path, "order"), minimum=0, maximum=SMALL_MAX)
        if name is not None:
            names.note(name, join(path, "name"), i, name=name)
    return set(names.seen)


def _check_rounds(r: DocumentReader, value: Any, index: DocumentIndex) -> None:
    """The rounds, each with its mini-game and placements; the valid ones go into ``index``."""
    numbers = Duplicates(r, _("a second round %(number)d (rounds[%(first)d])"))
    for i, path, round_ in r.objects(
        value, "rounds", required=("number", "date", "status", "minigame", "placements"), max_items=SMALL_MAX
    ):
        number = r.integer(round_.get("number"), join(path, "number"), minimum=1, maximum=SMALL_MAX)
        r.day(round_.get("date"), join(path, "date"), null=True)
        status = r.choice(round_.get("status"), join(path, "status"), ROUND_STATUS_ORDER)
        kind = None
        if round_.get("minigame") is not None:
            mpath = join(path, "minigame")
            minigame = r.obj(round_["minigame"], mpath, required=("name", "kind", "notes"))
            if minigame is not None:
                r.string(
                    minigame.get("name"),
                    join(mpath, "name"),
                    max_length=max_length(MiniGame, "name"),
                    blank=False,
                )
                kind = r.choice(minigame.get("kind"), join(mpath, "kind"), MiniGameKind.values)
                r.string(minigame.get("notes"), join(mpath, "notes"), max_length=100_000)
        _check_placements(r, round_.get("placements"), join(path, "placements"), index)
        if number is None or not numbers.note(number, join(path, "number"), i, number=number):
            continue
        if status is not None:
            index.round_status[number] = status
        if kind is not None:
            index.minigame_kind[number] = kind


def _check_placements(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    placed = Duplicates(r, _("“%(name)s” is placed twice in this round"))
    for j, ppath, placement in r.objects(value, path, required=("team", "rank", "ap"), max_items=MAX_TEAMS):
        team_name = team_reference(r, placement.get("team"), join(ppath, "team"), index)
        if team_name is not None:
            placed.note(team_name, join(ppath, "team"), j, name=team_name)
        r.integer(placement.get("rank"), join(ppath, "rank"), minimum=1, maximum=SMALL_MAX)
        r.integer(placement.get("ap"), join(ppath, "ap"), minimum=0, maximum=SMALL_MAX)


def camp_document_check(data: Any) -> DocumentIndex:
    """Check a decoded document through and through; :class:`BackupDocumentError` names every problem."""
    r = DocumentReader()
    top = r.obj(data, "", required=(*CAMP_KEYS, *(p.key for p in parts())))
    if top is None:
        raise BackupDocumentError([_("The file is not a camp backup: expected a JSON object.")])
    if top.get("format") != FORMAT:
        shown = top.get("format")
        shown = (
            shown[:40]
            if isinstance(shown, str) and not bad_character(shown)
            else json.dumps(shown)[:40]
            if not isinstance(shown, str)
            else "?"
        )
        raise BackupDocumentError(
            [
                _("format: this is not a camp backup of format %(format)s (the file says “%(given)s”).")
                % {"format": FORMAT, "given": shown}
            ]
        )
    r.moment(top.get("exported_at"), "exported_at")
    index = _check_camp_part(r, top)
    for part in parts():
        if part.key in top:
            part.check(r, top[part.key], part.key, index)
    if r.problems:
        raise BackupDocumentError(r.problems)
    return index


@dataclass(frozen=True)
class DocumentSummary:
    """What a checked document holds, for the restore page's preview."""

    name: str
    year: int
    run_number: int
    teams: list[str]
    rounds: list[tuple[int, str, str]]  # number, status label, mini-game name
    games: list[str]  # one line per game part
    exported_at: datetime | None


def camp_document_summary(data: dict[str, Any]) -> DocumentSummary:
    """The preview of a document that passed :func:`camp_document_check`."""
    from camp.models import RoundStatus

    camp = data["camp"]
    return DocumentSummary(
        name=camp["name"],
        year=camp["year"],
        run_number=camp["run_number"],
        teams=[t["name"] for t in data["teams"]],
        rounds=[
            (r["number"], str(RoundStatus(r["status"]).label), (r["minigame"] or {}).get("name", ""))
            for r in sorted(data["rounds"], key=lambda r: r["number"])
        ],
        games=[line for part in parts() for line in part.summary(data[part.key])],
        exported_at=parse_datetime(data["exported_at"]),
    )


# ---------------------------------------------------------------------------------------- import


def camp_import_document(*, data: Any) -> Camp:
    """Store a document as a NEW camp run (never over an existing one), with new ids; returns it.

    The whole document is checked first (:class:`BackupDocumentError` names every problem, nothing is
    stored); then every row is written in one transaction. Date-times are the file's (the camp run's
    creation, when rounds were opened and resolved, …), so every page reads as before."""
    camp_document_check(data)
    try:
        with transaction.atomic():
            return _store(data)
    except DatabaseError as e:  # a limit the checks do not know of: refused, nothing stored
        raise BackupDocumentError(
            [_("The database refused the backup: %(reason)s") % {"reason": str(e)[:200]}]
        ) from None


def _store(data: dict[str, Any]) -> Camp:
    moment = timezone.now()
    source = data["camp"]
    camp = Camp(
        name=source["name"],
        year=source["year"],
        run_number=source["run_number"],
        board_side=source["board_side"],
        ap_table=list(source["ap_table"]),
        route_letters=source.get("route_letters", RouteLetters.CZECH),
        seed=source["seed"],
    )
    camp.save()
    CampOrigin.objects.create(camp=camp, kind=CampOriginKind.RESTORED, at=moment)  # the switcher says so
    created_at = parse_datetime(source["created_at"])
    Camp.objects.filter(pk=camp.pk).update(created_at=created_at)  # auto_now_add ignores a given value
    camp.created_at = created_at  # type: ignore[assignment]
    # A team's mark as written; a document from before the marks (or a team without one) gets the
    # default ones beside those written, in seat order (as the migration gave existing teams).
    seated = sorted(data["teams"], key=lambda t: (t["order"], t["name"]))
    written = {t["name"]: Mark(t["label"], t["shape"]) for t in seated if "label" in t and "shape" in t}
    unmarked = [t["name"] for t in seated if t["name"] not in written]
    marks = {**written, **dict(zip(unmarked, assign_marks(unmarked, written.values()), strict=True))}
    teams = {
        t.name: t
        for t in Team.objects.bulk_create(
            Team(
                camp=camp,
                name=t["name"],
                colour=t["colour"].lower(),
                order=t["order"],
                label=marks[t["name"]].label,
                shape=marks[t["name"]].shape,
            )
            for t in seated
        )
    }
    rounds: dict[int, Round] = {}
    minigames: dict[int, MiniGame] = {}
    placements = []
    for entry in data["rounds"]:
        round_ = Round.objects.create(
            camp=camp,
            number=entry["number"],
            date=parse_date(entry["date"]) if entry["date"] else None,
            status=entry["status"],
        )
        rounds[round_.number] = round_
        if entry["minigame"] is not None:
            source_game = entry["minigame"]
            minigames[round_.number] = MiniGame.objects.create(
                round=round_, name=source_game["name"], kind=source_game["kind"], notes=source_game["notes"]
            )
        placements.extend(
            Placement(round=round_, team=teams[p["team"]], rank=p["rank"], ap=p["ap"])
            for p in entry["placements"]
        )
    Placement.objects.bulk_create(placements)
    imported = ImportedCamp(camp=camp, teams=teams, rounds=rounds, minigames=minigames, moment=moment)
    for part in parts():
        part.store(data[part.key], imported)
    return camp
