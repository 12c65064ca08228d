"""Parsing of staff input: the AP table field and the "record all placements" page.

Nothing here writes; the services decide. Every parsing problem becomes a translated
:class:`camp.services.Problem` naming its team, so the page can list them all at once.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, cast

from django import forms
from django.core import signing
from django.http import QueryDict
from django.template.defaultfilters import filesizeformat
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp.hooks.guards import BOARD_SIDE_GUARD, MINIGAME_KIND_GUARD, TEAM_ADD_GUARD, TEAM_NAME_GUARD
from camp.models import MAX_TEAMS, TEAM_COLOURS, Camp, MiniGame, RouteLetters, Team, default_ap_table
from camp.services import MAX_RANK, Problem, placement_rank_problem, too_many_teams_message
from camp.staff.permissions import permission_words

MAX_FORM_ROWS = 200
_WHOLE_NUMBER = re.compile(r"^\s*[+]?\d{1,6}\s*$")


class APTableField(forms.CharField):
    """AP per place typed as "14, 11, 8" (a JSON list is accepted too)."""

    default_error_messages = {
        "invalid": gettext_lazy("Enter whole numbers separated by commas, e.g. 14, 11, 8."),
    }

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, str) and value.startswith("["):
            try:
                value = json.loads(value)
            except (ValueError, RecursionError):
                return value
        if isinstance(value, list | tuple):
            return ", ".join(str(v) for v in value)
        return value

    def to_python(self, value: Any) -> Any:
        if isinstance(value, list):
            return value
        text = (super().to_python(value) or "").strip().strip("[]")
        if not text:
            return []
        parts = [p.strip() for p in re.split(r"[,;\s]+", text) if p.strip()]
        if not all(_WHOLE_NUMBER.match(p) for p in parts):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return [int(p) for p in parts]

    def has_changed(self, initial: Any, data: Any) -> bool:
        try:
            return bool(self.to_python(data) != self.to_python(self.prepare_value(initial)))
        except forms.ValidationError:
            return True


def refuse_nul_characters(value: Any, *, label: str) -> None:
    """A text with a NUL character (``\\x00``: no keyboard types it, a tampered form or file can) is
    refused naming its field: PostgreSQL stores no NUL in a text column and would raise."""
    if isinstance(value, str) and "\x00" in value:
        message = _("%(field)s: the text holds a NUL character (\\x00), which cannot be stored.")
        raise forms.ValidationError(message % {"field": label}, code="null_characters_not_allowed")


def this_year() -> int:
    return timezone.localdate().year


class CampForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    ap_table = APTableField(
        label=gettext_lazy("AP table"),
        initial=default_ap_table,
        help_text=gettext_lazy(
            "Action points for the 1st, 2nd, 3rd … place, e.g. 14, 11, 8. A place beyond "
            "the table gets 0. Changing it later does not change rounds already recorded."
        ),
    )

    class Meta:
        model = Camp
        fields = ["name", "year", "run_number", "board_side", "ap_table", "route_letters"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A view-only page builds the form without the fields it shows read-only.
        if "year" in self.fields:
            self.fields["year"].initial = this_year  # a new camp run is for this summer
        if "route_letters" in self.fields:
            # A form posted without it (an older page, a script) keeps the camp's letters.
            self.fields["route_letters"].required = False

    def clean_route_letters(self) -> str:
        return self.cleaned_data.get("route_letters") or self.instance.route_letters or RouteLetters.CZECH

    def clean_board_side(self) -> Any:
        side = self.cleaned_data.get("board_side")
        camp = self.instance
        if camp.pk is not None and side != Camp.objects.get(pk=camp.pk).board_side:
            if reason := BOARD_SIDE_GUARD.reason(camp):
                raise forms.ValidationError(reason, code="board_side_locked")
        return side


def team_name_guard(team: Team) -> str:
    """Why ``team`` can no longer be renamed: its name is stored in placements or in game data."""
    if team.placements.exists():
        return _("This team already has placements recorded: its name can no longer change.")
    return TEAM_NAME_GUARD.reason(team)


class ColourInput(forms.TextInput):
    """``<input type="color">``: a colour picker always holds a colour, so the text attributes that
    HTML does not allow on it (``maxlength``, ``required``) are left out; the model still checks."""

    input_type = "color"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        for attribute in ("maxlength", "minlength", "required"):
            context["widget"]["attrs"].pop(attribute, None)
        return context


class TeamForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    class Meta:
        model = Team
        fields = ["name", "colour", "label", "shape", "order"]
        # A colour picker; without one (an old browser) it is a text field for "#c0392b", and the
        # model's check names a bad value either way. The palette is for "Add another team"'s rows
        # (team_rows.js gives each the next colour, shape and seat free).
        widgets = {
            "colour": ColourInput(attrs={"class": "zo-colour", "data-palette": " ".join(TEAM_COLOURS)}),
            "label": forms.TextInput(attrs={"class": "zo-team-label", "size": 3, "placeholder": "ABC"}),
            "order": forms.NumberInput(attrs={"class": "zo-team-seat"}),
        }

    def has_changed(self) -> bool:
        """A new team's row counts as filled in once its name or label is: the row comes with a
        colour, a shape and a seat, so an empty row the browser added (or a picked colour alone) is
        no team."""
        if self.instance.pk is None:
            return any(name in ("name", "label") for name in self.changed_data)
        return super().has_changed()

    def clean_label(self) -> Any:
        """Upper case; letters and digits only. Empty: ``None``, so the rows' check of one label per
        camp run passes it by and the team gets the default label when saved (see ``Team.fill_mark``)."""
        label = (self.cleaned_data.get("label") or "").strip().upper()
        if not label:
            return None
        if not label.isalnum():
            raise forms.ValidationError(
                _("A mark is 1 to 3 letters or digits (it is “%(value)s”)."),
                code="label_invalid",
                params={"value": label},
            )
        return label

    def clean(self) -> dict[str, Any]:
        """A new team: refused when its camp run takes no new team (see ``TEAM_ADD_GUARD``). The team
        page has a camp field; in the camp page's inline the camp is the page's (not saved yet on the
        add page: a new camp run has no game to lock it)."""
        cleaned = super().clean() or self.cleaned_data
        if self.instance.pk is None:
            camp = cleaned.get("camp")
            if isinstance(camp, Camp) and camp.pk is not None and (reason := TEAM_ADD_GUARD.reason(camp)):
                raise forms.ValidationError(reason, code="team_add_locked")
            if isinstance(camp, Camp) and camp.pk is not None and camp.teams.count() >= MAX_TEAMS:
                raise forms.ValidationError(too_many_teams_message(), code="too_many_teams")
        return cleaned

    def clean_name(self) -> Any:
        name = self.cleaned_data.get("name")
        team = self.instance
        if team.pk is not None:
            stored = Team.objects.filter(pk=team.pk).values_list("name", flat=True).first()
            if stored is not None and name != stored and (reason := team_name_guard(team)):
                raise forms.ValidationError(reason, code="team_name_locked")
        return name


class MiniGameForm(forms.ModelForm):  # type: ignore[type-arg]  # generic in the stubs only
    class Meta:
        model = MiniGame
        fields = ["name", "kind", "notes"]

    def clean_kind(self) -> Any:
        kind = self.cleaned_data.get("kind")
        minigame = self.instance
        if minigame.pk is not None:
            stored = MiniGame.objects.filter(pk=minigame.pk).values_list("kind", flat=True).first()
            reason = MINIGAME_KIND_GUARD.reason(minigame, kind or "") if stored not in (None, kind) else ""
            if reason:
                raise forms.ValidationError(reason, code="minigame_kind_locked")
        return kind


# ------------------------------------------------------------------------------- placements page


def parse_row_id(text: str) -> int | None:
    """A row's id as written in an address or on the command line: ASCII digits that a database key
    holds (at most 18 of them); None for anything else ("²" and "١٢" are digits to ``str.isdigit``
    but no id)."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 19 else None


class RowIdField(forms.Field):
    """A row's id as sent in a hidden field or a URL: ASCII digits, at most 18 (within every database's
    integer range). Anything else is no id (``None``), never an error: the caller says what that means."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> int | None:
        return parse_row_id(str(value).strip() if value is not None else "")


@dataclass
class PlacementRowValue:
    """What staff typed for one team, to show again after an error."""

    rank: str = ""
    absent: bool = False


@dataclass
class ParsedPlacements:
    """The placements page as read: the places for :func:`camp.services.placements_check` (team id →
    place, ``None``: did not play), the problems of reading the rows, and what each row held."""

    ranks: list[tuple[int, int | None]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Places that are none ("-1", "1.5", "0", far too large), row by row.
    rank_problems: list[Problem] = field(default_factory=list)
    values: dict[int, PlacementRowValue] = field(default_factory=dict)

    def with_check(self, checked: list[Problem]) -> list[Problem]:
        """Every problem of the page, as it lists them: the rows', the check's, then the places'.
        Without the check's order gaps when a row could not be used: they would only confuse."""
        if self.problems or self.rank_problems:
            checked = [p for p in checked if p.code not in {"rank_gap", "no_placement"}]
        return [*self.problems, *checked, *self.rank_problems]


def _too_large_number(text: str) -> bool:
    """Digits (however many) of a number above :data:`MAX_RANK`; no int() here: a string of 5000
    digits is refused by int(), and its size is plain anyway."""
    digits = text.strip().removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        return False
    significant = digits.lstrip("0")
    return len(significant) > 5 or int(significant or 0) > MAX_RANK


class PlacementsForm(forms.Form):
    """The placements page as posted: ``team`` (one hidden id per row), ``rank-<id>``, ``absent-<id>``.

    A row needs exactly one of a place or "did not play"; a place is a whole number from 1 to
    :data:`MAX_RANK`, named with the team's name when it is not. Every team of the camp must have its
    row (a team added meanwhile in another tab shows up as missing). Never refused: :meth:`read`
    gives the places it could read and every problem at once. Ids that are not a team of the camp
    go to the check as not placed, whatever their row holds: the check names them.
    """

    def __init__(self, data: QueryDict, *, teams: list[Team]) -> None:
        super().__init__(data)
        self.teams = teams

    def clean(self) -> dict[str, Any]:
        return {**(super().clean() or {}), "placements": self._rows()}

    def read(self) -> ParsedPlacements:
        self.full_clean()
        return self.cleaned_data["placements"]  # type: ignore[no-any-return]

    def _rows(self) -> ParsedPlacements:
        parsed = ParsedPlacements()
        raw_ids = cast(QueryDict, self.data).getlist("team")  # a posted form
        if len(raw_ids) > MAX_FORM_ROWS:
            parsed.problems.append(Problem(_("The form has too many rows. Reload the page."), "tampered"))
            return parsed
        names = {t.pk: t.name for t in self.teams}
        listed: set[int] = set()
        for raw in raw_ids:
            tid = RowIdField().clean(raw)
            if tid is None:
                parsed.problems.append(
                    Problem(
                        _("The form contains an unknown team (“%(value)s”). Reload the page and try again.")
                        % {"value": str(raw).strip()[:30]},
                        "tampered",
                    )
                )
                continue
            self._row(parsed, tid, names.get(tid), first=tid not in listed)
            listed.add(tid)
        for team in self.teams:
            if team.pk not in listed:
                parsed.problems.append(
                    Problem(
                        _("%(team)s is missing from the form (added meanwhile?). Reload the page.")
                        % {"team": team.name},
                        "team_missing",
                        team.pk,
                    )
                )
        return parsed

    def _row(self, parsed: ParsedPlacements, tid: int, name: str | None, *, first: bool) -> None:
        """Team no. ``tid``'s row (``name``: a team of the camp; ``first``: its first row): its
        place, "did not play", or why it is neither."""
        # Kept whole up to a sane length: the page shows it back in its field and names it in the problem.
        rank_text = (self.data.get(f"rank-{tid}") or "").strip()[:200]
        absent = bool(self.data.get(f"absent-{tid}"))
        if first:
            parsed.values[tid] = PlacementRowValue(rank=rank_text, absent=absent)
        if absent and rank_text:
            parsed.problems.append(
                Problem(
                    _("%(team)s: enter either a place or “did not play”, not both.")
                    % {"team": name or _("team no. %(id)d") % {"id": tid}},
                    "rank_and_absent",
                    tid,
                )
            )
        elif absent:
            parsed.ranks.append((tid, None))
        elif not rank_text:
            parsed.problems.append(
                Problem(
                    _("%(team)s: enter the place, or tick “did not play”.")
                    % {"team": name or _("team no. %(id)d") % {"id": tid}},
                    "rank_missing",
                    tid,
                )
            )
        else:
            rank, problem = _place(rank_text, team=name, team_id=tid)
            if problem is not None and first:
                parsed.rank_problems.append(problem)
            parsed.ranks.append((tid, rank))


def _place(text: str, *, team: str | None, team_id: int) -> tuple[int | None, Problem | None]:
    """A row's place typed as ``text``: the place, or ``None`` and why it is none. For an id that is
    not a team of the camp (``team`` None) only the place, or ``None``, and no problem."""
    rank = int(text) if _WHOLE_NUMBER.match(text) else None
    if rank is not None and 1 <= rank <= MAX_RANK:
        return rank, None
    if team is None:
        return None, None
    too_large = rank > MAX_RANK if rank is not None else _too_large_number(text)
    entered = rank if rank is not None else text  # a number as read ("+05": 5), anything else as typed
    return None, placement_rank_problem(team=team, team_id=team_id, entered=entered, too_large=too_large)


class IdModelMultipleChoiceField(forms.ModelMultipleChoiceField):  # type: ignore[type-arg]  # generic in the stubs only
    """A multiple choice of rows by integer id that refuses ids outside the database's integer range
    with the field's own message (SQLite would raise ``OverflowError`` on them: a 500)."""

    def clean(self, value: Any) -> Any:
        for pk in value if isinstance(value, list | tuple) else ():
            try:
                number = int(str(pk).strip())
            except ValueError:
                continue  # not a number at all: the parent's own check names it
            if not -(2**63) <= number < 2**63:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": pk}
                )
        return super().clean(value)


class PermissionChoiceField(IdModelMultipleChoiceField):
    """The permissions of a user or a role, each named in the page's language ("Tábor | běh tábora |
    Smí přidat"), not as Django stored it in English."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.content_type} | {permission_words(obj.codename, obj.content_type.model, obj.name)}"


# ---------------------------------------------------------------------------------- camp backups

#: The largest backup file the restore page takes (a whole summer is well below 1 MB).
MAX_BACKUP_BYTES = 10 * 1024 * 1024
#: How long a previewed backup may wait for its confirmation.
BACKUP_CONFIRM_SECONDS = 3600
_BACKUP_SALT = "camp.backup-restore"


class CampBackupUploadForm(forms.Form):
    """The restore page's upload: one ``zlate-ostrovy-camp/1`` file, at most :data:`MAX_BACKUP_BYTES`."""

    # The page, not the browser, says a file is missing: in the page's language, next to the field.
    use_required_attribute = False
    file = forms.FileField(
        label=gettext_lazy("Backup file (.json)"),
        error_messages={"required": gettext_lazy("Choose the backup file to restore.")},
    )

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BACKUP_BYTES:
            raise forms.ValidationError(
                _("The file has %(size)s; a camp backup has at most %(max)s.")
                % {"size": filesizeformat(upload.size), "max": filesizeformat(MAX_BACKUP_BYTES)},
                code="too_large",
            )
        return bytes(upload.read())


def backup_payload(content: bytes) -> str:
    """The previewed file for the confirm button's hidden field: compressed and signed, so what is
    stored is exactly what was shown (and nobody can post a document the page never checked)."""
    return signing.dumps(content.decode("utf-8", "surrogateescape"), salt=_BACKUP_SALT, compress=True)


class CampBackupConfirmForm(forms.Form):
    """The confirm button: the signed file of the preview."""

    payload = forms.CharField(widget=forms.HiddenInput, max_length=4 * MAX_BACKUP_BYTES)

    def clean_payload(self) -> bytes:
        try:
            text = signing.loads(
                self.cleaned_data["payload"], salt=_BACKUP_SALT, max_age=BACKUP_CONFIRM_SECONDS
            )
        except signing.SignatureExpired:
            raise forms.ValidationError(
                _("The preview is more than an hour old: choose the file again."), code="expired"
            ) from None
        except (signing.BadSignature, ValueError):
            raise forms.ValidationError(
                _("The confirmation does not match a previewed file: choose the file again."),
                code="bad_payload",
            ) from None
        return str(text).encode("utf-8", "surrogateescape")


class PhoneAddressForm(forms.Form):
    """The address for the teams' phones, one of those the laptop has now (``available``)."""

    address = forms.CharField(max_length=50)

    def __init__(self, data: QueryDict | None, *, available: list[str]) -> None:
        super().__init__(data)
        self.available = available

    def clean_address(self) -> str:
        address = str(self.cleaned_data["address"]).strip()
        if address not in self.available:
            raise forms.ValidationError(
                _("This laptop has no address %(address)s now: choose one of the addresses listed."),
                code="phone_address_missing",
                params={"address": address},
            )
        return address


class PrintConfirmForm(forms.Form):
    """``confirm=1`` on a print link: print the QR codes although the phones cannot open them now.
    Only ``1`` confirms (a checkbox field would read ``0`` as ticked)."""

    confirm = forms.CharField(required=False, max_length=1)

    def confirmed(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data["confirm"] == "1")


_TEAM_ROW = re.compile(r"^teams-(\d+)-")


class APTableCheckForm(forms.Form):
    """The AP table as staff type it on the camp run's page (htmx, before saving), with the team rows
    of the page's inline (``teams-<n>-…``): how many teams the camp run will have. A row counts when
    it is a saved team (``-id``; a name that can no longer change is not sent) or has a name, unless
    ticked for deletion. Without any team row sent, the camp run's ``saved_teams``."""

    ap_table = APTableField(required=False)

    def __init__(self, data: QueryDict, *, saved_teams: int) -> None:
        super().__init__(data)
        self.saved_teams = saved_teams

    def team_count(self) -> int:
        rows = {m.group(1) for key in self.data if (m := _TEAM_ROW.match(key))}
        if not rows:
            return self.saved_teams
        return sum(1 for n in rows if self._team_row(n))

    def _team_row(self, n: str) -> bool:
        if self.data.get(f"teams-{n}-DELETE"):
            return False
        saved = str(self.data.get(f"teams-{n}-id", "")).strip()
        return bool(saved or str(self.data.get(f"teams-{n}-name", "")).strip())
