"""Reading a ``zlate-ostrovy-camp/1`` document (docs/camp-backup-format.md): :class:`DocumentReader`
walks the decoded JSON and names every problem by its JSON path (``teams[2].name: …``) in the user's
language; :class:`Duplicates` notes an entry that repeats one before it ("a second team named …"),
:func:`team_reference` and :func:`round_reference` a team or round the document does not hold.

The camp's own part (:mod:`camp.backups.document`) and each game's part read with these, so a
problem reads the same wherever it is found.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.db.models import Model
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from camp.models import Team

FORMAT = "zlate-ostrovy-camp/1"

#: Database limits of the integer columns (PostgreSQL's are the narrow ones).
SMALL_MAX = 32767
INT_MAX = 2**31 - 1
BIG_MAX = 2**63 - 1
#: Integers inside stored JSON (game records, snapshots): what a signed 64-bit column could hold.
JSON_INT_LIMIT = 2**63
#: How deep stored JSON may nest (our records are a few levels deep).
MAX_JSON_DEPTH = 40


# ---------------------------------------------------------------------------------------- reading


def join(path: str, key: str | int) -> str:
    """``teams`` + 2 -> ``teams[2]``; ``camp`` + ``name`` -> ``camp.name``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def bad_character(text: str) -> bool:
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

    def objects(
        self,
        value: Any,
        path: str,
        *,
        required: Iterable[str],
        optional: Iterable[str] = (),
        max_items: int = 100_000,
    ) -> Iterator[tuple[int, str, dict[str, Any]]]:
        """Each entry of a JSON list of objects (:meth:`items`, each read by :meth:`obj`) as its
        index, its path (``teams[2]``) and the object; an entry that is no object is noted and
        skipped. Lazily, so the problems come in the order of the entries' own checks."""
        required, optional = tuple(required), tuple(optional)
        for i, item in enumerate(self.items(value, path, max_items=max_items)):
            entry_path = join(path, i)
            entry = self.obj(item, entry_path, required=required, optional=optional)
            if entry is not None:
                yield i, entry_path, entry

    def string(self, value: Any, path: str, *, max_length: int, blank: bool = True) -> str | None:
        if not isinstance(value, str):
            self.fail(path, _("expected a text (in quotes)"))
            return None
        if bad_character(value):
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
        if isinstance(value, str) and len(value) <= 40 and not bad_character(value):
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
                if bad_character(key):
                    self.fail(
                        path, _("a key holds a character that cannot be stored (NUL or a lone surrogate)")
                    )
                    continue
                self._blob(item, join(path, key), depth + 1)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                self._blob(item, join(path, index), depth + 1)
        elif isinstance(value, str):
            if bad_character(value):
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


# ---------------------------------------------------------------------------------------- references


@dataclass
class DocumentIndex:
    """What the camp part of a document holds, for the games' checks: only its valid entries."""

    board_side: int | None
    team_names: set[str] = field(default_factory=set)
    #: Round number -> status, of every valid round.
    round_status: dict[int, str] = field(default_factory=dict)
    #: Round number -> mini-game kind, of every round with a valid mini-game.
    minigame_kind: dict[int, str] = field(default_factory=dict)


def team_reference(
    r: DocumentReader, value: Any, path: str, index: DocumentIndex, *, null: bool = False
) -> str | None:
    """A team named by its name; it must be one of the document's ``teams``."""
    if value is None and null:
        return None
    name = r.string(value, path, max_length=max_length(Team, "name"))
    return None if name is None else team_named(r, name, path, index)


def team_named(r: DocumentReader, name: str, path: str, index: DocumentIndex) -> str | None:
    """``name`` when it is one of the document's ``teams``; else None (after noting it at ``path``)."""
    if name not in index.team_names:
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


# ---------------------------------------------------------------------------------------- duplicates


@dataclass
class Duplicates:
    """The entries of one list that must not repeat a key (a team's name, a round's number, a hex):
    each entry that repeats one before it is noted at its path, in ``message``.

    ``message`` (translated) may name the entry repeated: ``%(first)d`` is its index, ``%(path)s``
    its path in ``items`` (the list's path); with ``latest``, the latest entry of that key, else the
    first."""

    r: DocumentReader
    message: str
    items: str = ""
    latest: bool = False
    #: Key -> index of the entry the next repeat of it names.
    seen: dict[Any, int] = field(default_factory=dict)

    def note(self, key: Hashable, path: str, index: int, **params: Any) -> bool:
        """Note entry ``index``'s ``key``: True when no entry before had it, else False (after noting
        the problem at ``path``, ``params`` filling the message)."""
        repeated = key in self.seen
        if repeated:
            first = self.seen[key]
            self.r.fail(path, self.message % {**params, "first": first, "path": join(self.items, first)})
        if not repeated or self.latest:
            self.seen[key] = index
        return not repeated
