"""A whole camp run as one portable JSON document, ``zlate-ostrovy-camp/1`` (docs/camp-backup-format.md).

- :func:`camp_export_document` (a selector) reads a camp run into the document;
- :func:`camp_document_parse` turns the bytes of a file into the decoded JSON, or every reason why not;
- :func:`camp_document_check` checks a decoded document without writing anything;
- :func:`camp_import_document` (a service) stores it as a *new* camp run, atomically, with new ids.

Rows refer to each other by natural keys (a team by its name, a round by its number), never by
database ids. The camp app writes its own part (camp run, teams, rounds, mini-games, placements);
each game adds its part under its own top-level key through :func:`camp.backup_parts.register_part` in its
``AppConfig.ready`` (like :mod:`camp.desk`), so camp never imports a game.

Every problem of a broken document is named by its JSON path (``teams[2].name: …``) in the user's
language, and nothing is stored then (:class:`BackupDocumentError`).

Long (~730 lines) because it is one document format in one file, read top to bottom beside
docs/camp-backup-format.md: the reader that names every problem by its path, the parts registry,
the export, the parse, the check and the import, in that order; a change of the format is made
here and in that document, nowhere else (the games' parts follow the same reader).
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from camp.backup_parts import CAMP_KEYS, parts
from camp.errors import CampError
from camp.file_words import json_reason
from camp.marks import LABEL_MAX_LENGTH, TEAM_SHAPES, Mark, assign_marks, label_key
from camp.models import (
    MAX_AP,
    MAX_AP_TABLE_LENGTH,
    MAX_BOARD_SIDE,
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

FORMAT = "zlate-ostrovy-camp/1"

#: Database limits of the integer columns (PostgreSQL's are the narrow ones).
SMALL_MAX = 32767
INT_MAX = 2**31 - 1
BIG_MAX = 2**63 - 1
#: Integers inside stored JSON (game records, snapshots): what a signed 64-bit column could hold.
JSON_INT_LIMIT = 2**63
#: How deep stored JSON may nest (our records are a few levels deep).
MAX_JSON_DEPTH = 40
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


# ---------------------------------------------------------------------------------------- reading


def join(path: str, key: str | int) -> str:
    """``teams`` + 2 -> ``teams[2]``; ``camp`` + ``name`` -> ``camp.name``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _bad_character(text: str) -> bool:
    """NUL (PostgreSQL refuses it) or a lone surrogate (not a character: UTF-8 cannot encode it)."""
    return any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in text)


class DocumentReader:
    """Walks the decoded JSON, collecting every problem (``path: what``) instead of stopping at one.

    Each reader method returns the value when it is right and ``None`` (after noting the problem)
    when it is not; a document with any problem is never stored, so a ``None`` standing in for a bad
    value is only ever used to skip the checks that depend on it.
    """

    def __init__(self) -> None:
        self.problems: list[str] = []

    def fail(self, path: str, message: str) -> None:
        self.problems.append(f"{path}: {message}" if path else message)

    def obj(
        self, value: Any, path: str, *, required: Iterable[str], optional: Iterable[str] = ()
    ) -> dict[str, Any] | None:
        """A JSON object with the ``required`` keys and no others than those and ``optional``."""
        if not isinstance(value, dict):
            self.fail(path, _("expected an object ({…})"))
            return None
        required = list(required)
        known = set(required) | set(optional)
        for key in required:
            if key not in value:
                self.fail(join(path, key), _("missing"))
        for key in value:
            if key not in known:
                self.fail(
                    join(path, key), _("unknown key (this is not a field of %(format)s)") % {"format": FORMAT}
                )
        return value

    def items(self, value: Any, path: str, *, max_items: int = 100_000) -> list[Any]:
        """A JSON list (an empty one when the value is not a list, after noting it)."""
        if not isinstance(value, list):
            self.fail(path, _("expected a list ([…])"))
            return []
        if len(value) > max_items:
            self.fail(
                path, _("at most %(max)d items, not %(count)d") % {"max": max_items, "count": len(value)}
            )
            return []
        return value

    def string(self, value: Any, path: str, *, max_length: int, blank: bool = True) -> str | None:
        if not isinstance(value, str):
            self.fail(path, _("expected a text (in quotes)"))
            return None
        if _bad_character(value):
            self.fail(
                path, _("holds a character that cannot be stored (NUL or a lone surrogate such as \\ud800)")
            )
            return None
        if len(value) > max_length:
            self.fail(
                path,
                _("at most %(max)d characters, not %(length)d") % {"max": max_length, "length": len(value)},
            )
            return None
        if not blank and not value.strip():
            self.fail(path, _("must not be empty"))
            return None
        return value

    def integer(self, value: Any, path: str, *, minimum: int, maximum: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, _("expected a whole number"))
            return None
        if not minimum <= value <= maximum:
            shown = str(value) if len(str(value)) <= 30 else str(value)[:30] + "…"
            self.fail(
                path,
                _("must be a whole number from %(min)d to %(max)d, not %(value)s")
                % {"min": minimum, "max": maximum, "value": shown},
            )
            return None
        return value

    def optional_integer(self, value: Any, path: str, *, minimum: int, maximum: int) -> int | None:
        return None if value is None else self.integer(value, path, minimum=minimum, maximum=maximum)

    def boolean(self, value: Any, path: str) -> bool | None:
        if not isinstance(value, bool):
            self.fail(path, _("expected true or false"))
            return None
        return value

    def choice(self, value: Any, path: str, choices: Iterable[str]) -> str | None:
        options = list(choices)
        if not isinstance(value, str) or value not in options:
            self.fail(
                path,
                _("must be one of %(choices)s") % {"choices": ", ".join(json.dumps(c) for c in options)},
            )
            return None
        return value

    def moment(self, value: Any, path: str, *, null: bool = False) -> datetime | None:
        """An ISO 8601 date-time with its time zone (``2026-07-04T18:00:00+00:00``)."""
        if value is None and null:
            return None
        parsed = None
        if isinstance(value, str) and len(value) <= 40 and not _bad_character(value):
            try:
                parsed = parse_datetime(value)
            except ValueError:  # well-formed but impossible, e.g. month 13
                parsed = None
        if parsed is None or timezone.is_naive(parsed):
            self.fail(path, _("expected a date and time with its time zone, e.g. 2026-07-04T18:00:00+00:00"))
            return None
        return parsed

    def day(self, value: Any, path: str, *, null: bool = False) -> date | None:
        if value is None and null:
            return None
        parsed = None
        if isinstance(value, str) and len(value) <= 10:
            try:
                parsed = parse_date(value)
            except ValueError:
                parsed = None
        if parsed is None:
            self.fail(path, _("expected a date as YYYY-MM-DD, e.g. 2026-07-05"))
            return None
        return parsed

    def blob(self, value: Any, path: str) -> Any:
        """Stored JSON carried as it is (a game record, a snapshot): anything every database can store.

        Refused: NUL and lone surrogates in any text or key, integers beyond 64 bits, numbers that
        are not finite, nesting deeper than :data:`MAX_JSON_DEPTH`."""
        before = len(self.problems)
        self._blob(value, path, 0)
        return value if len(self.problems) == before else None

    def _blob(self, value: Any, path: str, depth: int) -> None:
        if depth > MAX_JSON_DEPTH:
            self.fail(path, _("nested deeper than %(max)d levels") % {"max": MAX_JSON_DEPTH})
        elif isinstance(value, dict):
            for key, item in value.items():
                if _bad_character(key):
                    self.fail(
                        path, _("a key holds a character that cannot be stored (NUL or a lone surrogate)")
                    )
                    continue
                self._blob(item, join(path, key), depth + 1)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                self._blob(item, join(path, index), depth + 1)
        elif isinstance(value, str):
            if _bad_character(value):
                self.fail(
                    path,
                    _("holds a character that cannot be stored (NUL or a lone surrogate such as \\ud800)"),
                )
        elif isinstance(value, bool) or value is None:
            pass
        elif isinstance(value, int):
            if not -JSON_INT_LIMIT < value < JSON_INT_LIMIT:
                self.fail(path, _("the number is too large to be stored"))
        elif isinstance(value, float):
            if not math.isfinite(value):  # pragma: no cover - the parser refuses NaN and Infinity
                self.fail(path, _("the number is too large to be stored"))
        else:  # pragma: no cover - json.loads makes nothing else
            self.fail(path, _("not a JSON value"))


def max_length(model: type[Model], name: str) -> int:
    return int(model._meta.get_field(name).max_length or 0)  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------- the parts


@dataclass
class DocumentIndex:
    """What the camp part of a document holds, for the games' checks: only its valid entries."""

    board_side: int | None
    team_names: set[str] = field(default_factory=set)
    #: Round number -> status, of every valid round.
    round_status: dict[int, str] = field(default_factory=dict)
    #: Round number -> mini-game kind, of every round with a valid mini-game.
    minigame_kind: dict[int, str] = field(default_factory=dict)


@dataclass
class ImportedCamp:
    """The rows just stored for the camp part, for the games' parts to refer to."""

    camp: Camp
    teams: dict[str, Team]
    rounds: dict[int, Round]
    minigames: dict[int, MiniGame]
    moment: datetime

    def user(self, username: Any) -> Any:
        """The user of that name on this installation, or None (users are not part of the file)."""
        if not isinstance(username, str) or not username:
            return None
        return get_user_model()._default_manager.filter(username=username).first()


def export_permissions() -> list[str]:
    """Who may download a backup: staff who may view every row it holds (the hidden board, the
    pirates' draws, the Batavia decks), i.e. every model of camp and of each game's app."""
    from django.apps import apps

    labels = {"camp", *(p.app_label for p in parts())}
    return sorted(
        f"{model._meta.app_label}.view_{model._meta.model_name}"
        for label in labels
        for model in apps.get_app_config(label).get_models()
    )


# ---------------------------------------------------------------------------------------- export


def moment_text(value: datetime | None) -> str | None:
    """A stored date-time in the document: ISO 8601 in UTC, or None."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat()


def camp_export_document(*, camp: Camp) -> dict[str, Any]:
    """The whole camp run as a ``zlate-ostrovy-camp/1`` document (plain JSON data).

    It holds the camp's secrets (its seed, the hidden board, the pirates' draws, the Batavia decks):
    a staff backup, to be kept like the database. It holds no database id, no user account (only
    the user name of who typed orders or resolved a round) and no Batavia team link."""
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    names = {t.pk: t.name for t in teams}
    rounds = list(
        Round.objects.filter(camp=camp)
        .select_related("minigame")
        .prefetch_related("placements")
        .order_by("number")
    )
    document: dict[str, Any] = {
        "format": FORMAT,
        "exported_at": moment_text(timezone.now()),
        "camp": {
            "name": camp.name,
            "year": camp.year,
            "run_number": camp.run_number,
            "board_side": camp.board_side,
            "ap_table": list(camp.ap_table),
            "route_letters": camp.route_letters,
            "seed": camp.seed,
            "created_at": moment_text(camp.created_at),
        },
        "teams": [
            {"name": t.name, "colour": t.colour, "order": t.order, "label": t.label, "shape": t.shape}
            for t in teams
        ],
        "rounds": [],
    }
    for round_ in rounds:
        minigame = MiniGame.objects.filter(round=round_).first()
        placements = sorted(round_.placements.all(), key=lambda p: (p.rank, names[p.team_id]))
        document["rounds"].append(
            {
                "number": round_.number,
                "date": round_.date.isoformat() if round_.date else None,
                "status": round_.status,
                "minigame": None
                if minigame is None
                else {"name": minigame.name, "kind": minigame.kind, "notes": minigame.notes},
                "placements": [{"team": names[p.team_id], "rank": p.rank, "ap": p.ap} for p in placements],
            }
        )
    for part in parts():
        document[part.key] = part.export(camp)
    return document


def camp_export_text(*, camp: Camp) -> str:
    """The document as the file's text (UTF-8, indented, keys in the document's order)."""
    return json.dumps(camp_export_document(camp=camp), ensure_ascii=False, indent=1) + "\n"


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
    camp = r.obj(
        doc.get("camp"),
        "camp",
        required=("name", "year", "run_number", "board_side", "ap_table", "seed", "created_at"),
        optional=("route_letters",),
    )
    side = None
    if camp is not None:
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
    index = DocumentIndex(board_side=side)

    seen_names: dict[str, int] = {}
    seen_labels: dict[str, int] = {}
    for i, item in enumerate(r.items(doc.get("teams"), "teams", max_items=SMALL_MAX)):
        path = join("teams", i)
        team = r.obj(item, path, required=("name", "colour", "order"), optional=("label", "shape"))
        if team is None:
            continue
        if "label" in team:  # optional, both: documents written before the marks get the default ones
            label = r.string(team.get("label"), join(path, "label"), max_length=LABEL_MAX_LENGTH, blank=False)
            if label is not None and not (label.isalnum() and label == label.upper()):
                r.fail(join(path, "label"), _("expected 1 to 3 capital letters or digits, e.g. CH"))
            elif label is not None and label_key(label) in seen_labels:
                r.fail(
                    join(path, "label"),
                    _("a second team with the mark “%(label)s” (teams[%(first)d])")
                    % {"label": label, "first": seen_labels[label_key(label)]},
                )
            elif label is not None:
                seen_labels[label_key(label)] = i
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
            if name in seen_names:
                r.fail(
                    join(path, "name"),
                    _("a second team named “%(name)s” (teams[%(first)d])")
                    % {"name": name, "first": seen_names[name]},
                )
            else:
                seen_names[name] = i
    index.team_names = set(seen_names)

    seen_numbers: dict[int, int] = {}
    for i, item in enumerate(r.items(doc.get("rounds"), "rounds", max_items=SMALL_MAX)):
        path = join("rounds", i)
        round_ = r.obj(item, path, required=("number", "date", "status", "minigame", "placements"))
        if round_ is None:
            continue
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
        placed: set[str] = set()
        for j, entry in enumerate(
            r.items(round_.get("placements"), join(path, "placements"), max_items=SMALL_MAX)
        ):
            ppath = join(join(path, "placements"), j)
            placement = r.obj(entry, ppath, required=("team", "rank", "ap"))
            if placement is None:
                continue
            team_name = team_reference(r, placement.get("team"), join(ppath, "team"), index)
            if team_name is not None:
                if team_name in placed:
                    r.fail(
                        join(ppath, "team"),
                        _("“%(name)s” is placed twice in this round") % {"name": team_name},
                    )
                placed.add(team_name)
            r.integer(placement.get("rank"), join(ppath, "rank"), minimum=1, maximum=SMALL_MAX)
            r.integer(placement.get("ap"), join(ppath, "ap"), minimum=0, maximum=SMALL_MAX)
        if number is not None:
            if number in seen_numbers:
                r.fail(
                    join(path, "number"),
                    _("a second round %(number)d (rounds[%(first)d])")
                    % {"number": number, "first": seen_numbers[number]},
                )
                continue
            seen_numbers[number] = i
            if status is not None:
                index.round_status[number] = status
            if kind is not None:
                index.minigame_kind[number] = kind
    return index


def team_reference(
    r: DocumentReader, value: Any, path: str, index: DocumentIndex, *, null: bool = False
) -> str | None:
    """A team named by its name; it must be one of the document's ``teams``."""
    if value is None and null:
        return None
    name = r.string(value, path, max_length=max_length(Team, "name"))
    if name is not None and name not in index.team_names:
        r.fail(path, _("no team named “%(name)s” in teams") % {"name": name[:40]})
        return None
    return name


def round_reference(
    r: DocumentReader, value: Any, path: str, index: DocumentIndex, *, null: bool = False
) -> int | None:
    """A round named by its number; it must be one of the document's ``rounds``."""
    if value is None and null:
        return None
    number = r.integer(value, path, minimum=1, maximum=SMALL_MAX)
    if number is not None and number not in index.round_status:
        r.fail(path, _("no round %(number)d in rounds") % {"number": number})
        return None
    return number


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
            if isinstance(shown, str) and not _bad_character(shown)
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
                camp=camp, name=t["name"], colour=t["colour"].lower(), order=t["order"],
                label=marks[t["name"]].label, shape=marks[t["name"]].shape,
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
