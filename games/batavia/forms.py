"""The Batavia pages' forms: anything typed or tampered with gives a clear, translated message,
never an exception.

Each page reads its request with one Django form below (:class:`PageForm`: its problems are whole
sentences, in the order the page shows them). The forms check what they can without the database;
the services check the rest (a seat's bot, a team of the camp, the game's rules).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.forms import parse_row_id
from games.batavia.engine import GOAL, Action, Bid, Draw, Pass, Play
from games.batavia.engine.components import COMPANIES, GOODS
from games.batavia.engine.scoring import TablePlayer
from games.batavia.engine.state import CRATES, MAX_PLAYERS, MIN_PLAYERS
from games.batavia.errors import BataviaError
from games.batavia.words import GOOD_NAMES

MAX_NUMBER = 999


class FormProblem(BataviaError):
    """A posted field that cannot be read; ``message`` (translated) names it."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_int(
    raw: Any, *, label: str, minimum: int = 0, maximum: int = MAX_NUMBER, blank: int | None = 0
) -> int:
    """A whole number from a form field (blank gives ``blank``); :class:`FormProblem` otherwise."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        if blank is None:
            raise FormProblem(_("%(label)s: enter a whole number.") % {"label": label})
        return blank
    if len(text) > 4 or not text.isdigit() or not text.isascii():
        raise FormProblem(
            _("%(label)s: “%(value)s” is not a whole number from %(min)d to %(max)d.")
            % {"label": label, "value": text[:12], "min": minimum, "max": maximum}
        )
    value = int(text)
    if not minimum <= value <= maximum:
        raise FormProblem(
            _("%(label)s: enter a whole number from %(min)d to %(max)d.")
            % {"label": label, "min": minimum, "max": maximum}
        )
    return value


def parse_counts(data: QueryDict) -> dict[str, int]:
    """The play form's card counts (``count-EN`` … ``count-SE``)."""
    return {
        c: parse_int(data.get(f"count-{c}"), label=_("%(company)s cards") % {"company": c}, maximum=110)
        for c in COMPANIES
    }


def parse_action(data: QueryDict) -> Action:
    """The action a submitted form asks for; :class:`FormProblem` when it cannot be read."""
    kind = data.get("kind", "")
    if kind == "pass":
        return Pass()
    if kind == "draw":
        return Draw()
    if kind == "bid":
        return Bid(parse_int(data.get("amount"), label=_("Bid"), minimum=1, blank=None))
    if kind == "play":
        counts = parse_counts(data)
        move = data.get("move", "")
        if move not in COMPANIES and move != GOAL:
            raise FormProblem(_("Choose the company whose next station your merchant goes to."))
        cash = data.get("cash_in", "0")
        if cash not in ("0", "1", ""):
            raise FormProblem(_("Choose whether to cash in your tiles."))
        return Play.of(counts, move=move, cash_in=cash == "1")
    raise FormProblem(_("Unknown action. Reload the page and try again."))


#: What an unreadable version becomes: no game ever has it, so the action is refused as stale.
STALE_VERSION = -1


def parse_version(data: QueryDict) -> int | None:
    """The game version the page was rendered from: None when missing (no staleness check); a
    value that is no version at all (``abc``, ``²``, 30 digits) is stale: it matches no game."""
    raw = data.get("v", "")
    if raw == "":
        return None
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else STALE_VERSION


# -------------------------------------------------------------------------------- score calculator


@dataclass
class CalculatorRow:
    """One player's inputs as typed (strings, for redisplay) and the parsed values."""

    crates: list[str]
    bills: str
    seals: list[str]
    goal: bool
    cashed: str
    problems: list[str] = field(default_factory=list)


def calculator_rows(data: QueryDict | dict[str, Any], seats: int) -> list[CalculatorRow]:
    rows = []
    for i in range(seats):
        rows.append(
            CalculatorRow(
                crates=[str(data.get(f"p{i}-{g}", "") or "") for g in GOODS],
                bills=str(data.get(f"p{i}-bills", "") or ""),
                seals=[c for c in COMPANIES if str(data.get(f"seal-{c}", "")) == str(i)],
                goal=str(data.get("goal", "")) == str(i),
                cashed=str(data.get(f"p{i}-cashed", "") or ""),
            )
        )
    return rows


def _field(raw: Any, found: list[str], **kwargs: Any) -> int | None:
    """:func:`parse_int`, its problem (if any) added to ``found`` and None returned instead."""
    try:
        return parse_int(raw, **kwargs)
    except FormProblem as e:
        found.append(str(e.message))
        return None


def parse_calculator(
    rows: list[CalculatorRow], names: list[str]
) -> tuple[list[TablePlayer] | None, list[str]]:
    """The calculator's rows as players for :func:`score_table`, or every problem of every player
    at once (translated), so the whole sheet can be corrected in one go."""
    players: list[TablePlayer] = []
    problems: list[str] = []
    per_good = [0] * len(GOODS)
    over: set[int] = set()  # the goods a player alone has too many of (said once, for that player)
    for row, name in zip(rows, names, strict=True):
        found: list[str] = []
        # any whole number here: the checks below name the real limits (5 fields an exchange, 12
        # crates a player), not a bound of the field that no rule names
        parsed = [
            _field(v, found, label=f"{name} – {GOOD_NAMES[g]}")
            for v, g in zip(row.crates, GOODS, strict=True)
        ]
        for g, n in enumerate(parsed):
            if n is not None and n > len(COMPANIES):
                over.add(g)
                found.append(
                    ngettext(
                        "%(label)s: %(n)d crate, but the exchange has only %(max)d fields for it.",
                        "%(label)s: %(n)d crates, but the exchange has only %(max)d fields for them.",
                        n,
                    )
                    % {"label": f"{name} – {GOOD_NAMES[GOODS[g]]}", "n": n, "max": len(COMPANIES)}
                )
        bills = _field(row.bills, found, label=_("%(name)s – bills") % {"name": name}, maximum=75, blank=None)
        cashed = _field(row.cashed, found, label=_("%(name)s – gold from cashing in") % {"name": name})
        crates = tuple(n or 0 for n in parsed)  # the fields that were numbers still count below
        if sum(crates) > CRATES:
            found.append(
                ngettext(
                    "%(name)s: %(n)d crate, but a player has only %(max)d.",
                    "%(name)s: %(n)d crates, but a player has only %(max)d.",
                    sum(crates),
                )
                % {"name": name, "n": sum(crates), "max": CRATES}
            )
        for g, n in enumerate(crates):
            per_good[g] += n
        row.problems.extend(found)
        problems.extend(found)
        if bills is not None and cashed is not None:
            players.append(
                TablePlayer(crates=crates, bills=bills, seals=tuple(row.seals), goal=row.goal, cashed=cashed)
            )
    for g, n in enumerate(per_good):
        if n > len(COMPANIES) and g not in over:
            problems.append(
                _("The %(good)s exchange has only %(max)d fields, but %(n)d crates were entered.")
                % {"good": GOOD_NAMES[GOODS[g]], "max": len(COMPANIES), "n": n}
            )
    if problems:
        return None, problems
    return players, []


# ------------------------------------------------------------------------------------ page forms


class RawField(forms.Field):
    """A value as sent ("" when missing): the form's ``clean`` says what is wrong, in its words
    (Django's own field messages would name no Batavia concept)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> Any:
        return "" if value is None else value


class PageForm(forms.Form):
    """A form whose problems are translated sentences, not tied to a field."""

    @property
    def problems(self) -> list[str]:
        return [str(problem) for problem in self.non_field_errors()]

    @property
    def posted(self) -> QueryDict:
        """The fields as sent: every page form is bound to the request's ``POST`` (or ``GET``)."""
        return cast(QueryDict, self.data)

    @property
    def problem(self) -> str:
        """The first problem ("" when there is none)."""
        return next(iter(self.problems), "")

    @property
    def unticked(self) -> bool:
        """Refused only for its confirmation box ("yes, really") left unticked."""
        return self.has_error(NON_FIELD_ERRORS, UNTICKED)


def _problem(problem: FormProblem) -> ValidationError:
    return ValidationError(problem.message)


class SessionCreateForm(PageForm):
    """The game made from a round: digital or on the real board, open tiles, the teams that play
    (``team`` ids; unknown ones are left out). The service checks the mode and the teams."""

    mode = RawField()
    open_tiles = RawField()
    team = RawField(widget=forms.MultipleHiddenInput)

    def clean(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "mode": data.get("mode", ""),
            "open_tiles": data.get("open_tiles") == "1",
            "team_ids": set(data.get("team") or []),
        }


def players_ticked_first(team_ids: list[int]) -> set[int]:
    """The teams ticked when the set-up page opens: all of them when they can all sit at the table
    (at most 5), none when there are more (ticking six would only be refused: the leader picks)."""
    return set(team_ids) if len(team_ids) <= MAX_PLAYERS else set()


def players_choice_hint(team_count: int) -> str:
    """What the set-up page says by the team list when not every team can play, or ""."""
    if team_count <= MAX_PLAYERS:
        return ""
    return _("The camp has more teams than Batavia seats: choose %(min)d–%(max)d teams that play.") % {
        "min": MIN_PLAYERS,
        "max": MAX_PLAYERS,
    }


class CardCountsForm(PageForm):
    """The cards picked on the play form (``count-EN`` … ``count-SE``), for the live check."""

    def clean(self) -> dict[str, Any]:
        try:
            return {"counts": parse_counts(self.posted)}
        except FormProblem as problem:
            raise _problem(problem) from None


class ActionForm(PageForm):
    """An action from a team's page: its ``kind`` and fields, and the version ``v`` it was made on."""

    def clean(self) -> dict[str, Any]:
        try:
            action = parse_action(self.posted)
        except FormProblem as problem:
            raise _problem(problem) from None
        return {"action": action, "version": parse_version(self.posted)}


class HotSeatActionForm(ActionForm):
    """An action the game master makes for the player of ``seat`` (a seat number)."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        raw = self.data.get("seat", "")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 2:
            raise ValidationError(_("There is no such seat."))
        return {**cleaned, "seat": int(raw)}


#: The game master's buttons for the whole game.
SESSION_OPERATIONS = ("start", "undo", "bots", "finish")
#: The game master's buttons for one seat.
SEAT_OPERATIONS = ("bot", "revoke", "renew")


def _unknown_operation() -> ValidationError:
    return ValidationError(_("Unknown action. Reload the page and try again."))


#: Operations that cannot be taken back by a click: the form must carry ``confirm=1`` (a tick box
#: next to the button, so the confirmation works without JavaScript).
CONFIRMED_OPERATIONS = frozenset({"undo", "revoke"})
#: The code of the problem "the box is not ticked": the page says it next to the box.
UNTICKED = "unticked"


class SessionOperationForm(PageForm):
    """Start, undo, run the bots, finish (``op``), with the version ``v`` the page showed."""

    op = RawField()

    def clean(self) -> dict[str, Any]:
        version = parse_version(self.posted)
        if self.cleaned_data.get("op") not in SESSION_OPERATIONS:
            raise _unknown_operation()
        if self.cleaned_data["op"] in CONFIRMED_OPERATIONS and self.data.get("confirm") != "1":
            raise ValidationError(
                _("Tick “yes, really” next to the button first: nothing was undone."), code=UNTICKED
            )
        return {"op": self.cleaned_data["op"], "version": version}


class SeatOperationForm(PageForm):
    """A seat's button: who plays it (``op=bot`` with ``bot``), revoke or renew its link.
    ``seat_id`` is always read (None when it is no id), so the page can first say "no such seat"."""

    seat_id = RawField()
    op = RawField()
    bot = RawField()

    def clean_seat_id(self) -> int | None:
        raw = self.cleaned_data["seat_id"]
        return parse_row_id(raw) if isinstance(raw, str) else None

    def clean(self) -> dict[str, Any]:
        if self.cleaned_data.get("op") not in SEAT_OPERATIONS:
            raise _unknown_operation()
        if self.cleaned_data["op"] in CONFIRMED_OPERATIONS and self.data.get("confirm") != "1":
            raise ValidationError(
                _("Tick “yes, really” next to the button first: the link still works."), code=UNTICKED
            )
        return self.cleaned_data


#: The largest game record accepted for import.
MAX_IMPORT_BYTES = 2_000_000


class RecordImportForm(PageForm):
    """A game record to import: an uploaded JSON file (``record``) or pasted text (``record_text``)."""

    record = RawField(widget=forms.FileInput)
    record_text = RawField()

    def clean(self) -> dict[str, Any]:
        upload = self.cleaned_data.get("record")
        text = ""
        if upload is not None and not isinstance(upload, str):  # a file was sent
            if upload.size and upload.size > MAX_IMPORT_BYTES:
                raise ValidationError(_("The file is too large for a game record."))
            raw = upload.read(MAX_IMPORT_BYTES + 1)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = ""
        else:
            text = self.cleaned_data.get("record_text", "")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            raise ValidationError(_("The record cannot be read: it is not a JSON file.")) from None
        return {"data": data}


#: The longest address for the phones: a laptop's name or address is far shorter, and the team's
#: link (this, then ``/batavia/t/<token>/``) stays a small QR code that a phone's camera reads.
MAX_BASE_LENGTH = 200


def base_length_problem(base: str) -> str:
    """Why ``base`` is too long for the team links' QR codes ("" when it is not)."""
    if len(base) <= MAX_BASE_LENGTH:
        return ""
    return _("The address for the phones is too long (%(length)d characters, at most %(max)d).") % {
        "length": len(base),
        "max": MAX_BASE_LENGTH,
    }


#: The calculator's confirmation box on a game played in the app.
REPLACE_FIELD = "replace"


class CalculatorForm(PageForm):
    """The score calculator's sheet: every player's crates, bills, seals, goal and gold. ``rows``
    keep what was typed (for redisplay, each with its own problems); ``clean`` gives the players."""

    def __init__(self, data: QueryDict | dict[str, Any] | None, *, names: list[str]) -> None:
        super().__init__(data or None)
        self.names = names
        self.rows = calculator_rows(data or {}, len(names))

    def clean(self) -> dict[str, Any]:
        players, problems = parse_calculator(self.rows, self.names)
        if problems:
            raise ValidationError(problems)
        return {"players": players}

    @property
    def replace_app_result(self) -> bool:
        """The box "Yes, replace the result of the game in the app" is ticked (``replace=1``)."""
        return str((self.data or {}).get(REPLACE_FIELD, "")) == "1"

    def typed(self) -> dict[str, Any]:
        """What was typed, to show again next time (not the buttons, not the box: a confirmation
        holds for one save only)."""
        skip = {"csrfmiddlewaretoken", "save", REPLACE_FIELD}
        return {k: v for k, v in (self.data or {}).items() if k not in skip}
