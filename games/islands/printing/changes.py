"""What a corrected resolution changed on the printed sheets.

When a resolved round is undone, :func:`sheets_shown` reads what its sheets showed (each team's
sheet and the notice-board sheet, as plain JSON, in the camp's language) and the undo keeps it
(:class:`games.islands.models.UndoneResolution`). After the round is resolved again,
:func:`sheet_changes` compares what the sheets show now with that: per team the ships moved, cargo,
ships lost or built, hexes revealed, hints, AP and anything else its sheet shows, and whether the
notice-board sheet changed. What is compared is what a sheet *shows* (the sheet's data, not the
game state), so a difference in something hidden never asks for a reprint.

The panel lists what every team sees (the notice-board sheet's differences: the map, the ships on
it, the public log) once, and under each team only what is its own. Whether a sheet changed is
decided on the sheets in the camp's language (the language they are printed in); the lines are told
in the staff's language, from a copy of the sheets kept in each other language of the site, so an
English page never quotes Czech events, hints or round names (an undo kept before these copies
quotes the camp's language).

Staff only: the kept sheets hold every team's private data (cargo, hints).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, is_dataclass
from functools import cache
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from camp.models import Round, Team
from games.islands import words
from games.islands.maps.visibility import MapView
from games.islands.models.rounds import RoundResult, UndoneResolution
from games.islands.printing.data import (
    NoticeSheet,
    SheetsUnavailable,
    TeamSheet,
    notice_sheet_for,
    sheet_rounds,
    team_sheets_for,
)


@cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


def _plain(value: Any) -> Any:
    """A sheet's data as JSON values (a map keeps only the hexes it shows something on: every
    hidden hex looks the same)."""
    if isinstance(value, MapView):
        # Its hundreds of cells read directly: only the few shown are kept (as [tile, chests]).
        out = {}
        for name in _field_names(MapView):
            if name == "cells":
                shown = (c for c in value.cells if c.tile is not None or c.revealed)
                out[name] = {c.label: [c.tile, c.chests] for c in shown}
            else:
                out[name] = _plain(getattr(value, name))
        return out
    if is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _json(value: Any) -> Any:
    return json.loads(json.dumps(_plain(value)))


def _compared(sheet: TeamSheet) -> Any:
    """A team sheet as compared: without the order form's code (the same for the team and round;
    sheets kept before there was one do not differ by it) and without the team's own link (not the
    game: a renewed link is printed on the team's handout, and sheets kept before the sheets carried
    it do not differ by it)."""
    shown = _json(sheet)
    shown.pop("paper", None)
    shown.pop("link_url", None)
    return shown


def _teams(round_: Round) -> list[Team]:
    return list(Team.objects.filter(camp_id=round_.camp_id).order_by("order", "name", "id"))


def _shown_now(round_: Round) -> tuple[list[Team], list[TeamSheet], NoticeSheet]:
    teams = _teams(round_)
    with translation.override(settings.LANGUAGE_CODE):  # the sheets' language, whoever looks
        return teams, team_sheets_for(round_, teams), notice_sheet_for(round_)


def _kept(teams: list[Team], sheets: list[TeamSheet], notice: NoticeSheet) -> dict[str, Any]:
    return {
        "teams": {str(team.pk): _compared(sheet) for team, sheet in zip(teams, sheets, strict=True)},
        "notice": _json(notice),
    }


def _other_languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def sheets_shown(round: Round) -> dict[str, Any] | None:  # noqa: A002
    """What every team's sheet and the notice-board sheet printed from ``round`` show now, as JSON
    (None when no sheet can be printed from it): in the camp's language, and under
    ``translations`` the same in each other language of the site (the panel's lines for staff who
    read another language)."""
    try:
        teams, sheets, notice = _shown_now(round)
    except SheetsUnavailable:
        return None
    shown = _kept(teams, sheets, notice)
    translations = {}
    for language in _other_languages():
        with translation.override(language):
            translations[language] = _kept(teams, team_sheets_for(round, teams), notice_sheet_for(round))
    if translations:
        shown["translations"] = translations
    return shown


# ------------------------------------------------------------------------------------ the diff


@dataclass(frozen=True)
class TeamChanges:
    team: Team
    colour: str
    #: What differs on its sheet that is its own, one line each (what every team sees is listed
    #: once, :attr:`SheetChanges.public`).
    lines: tuple[str, ...]
    #: Whether its sheet differs at all (it is printed again).
    changed: bool = False


@dataclass(frozen=True)
class SheetChanges:
    """What a new resolution changed on the sheets, against :attr:`undone` (kept by the undo)."""

    undone: UndoneResolution
    #: The new resolution.
    result: RoundResult
    teams: tuple[TeamChanges, ...]
    notice_changed: bool
    #: What differs that every team sees (the notice-board sheet's differences), once.
    public: tuple[str, ...]
    #: The sheets as they are now, for printing the changed ones.
    team_sheets: dict[int, TeamSheet]
    notice: NoticeSheet

    @property
    def changed_teams(self) -> tuple[TeamChanges, ...]:
        return tuple(t for t in self.teams if t.changed)

    @property
    def anything(self) -> bool:
        return bool(self.changed_teams) or self.notice_changed


def _ship_name(ident: str) -> str:
    return words.ship_label(ident)


def _tile(cell: list[Any]) -> str:
    tile, chests = cell
    if tile is None:
        return "?"
    name = words.tile_name(tile)
    return f"{name} ({chests})" if chests else name


def _ships_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    lines = []
    before = {s["ident"]: s for s in old.get("ships", [])}
    after = {s["ident"]: s for s in new.get("ships", [])}
    for ident in sorted(set(before) | set(after)):
        name = _ship_name(ident)
        was, now = before.get(ident), after.get(ident)
        if now is None and was is not None:
            lines.append(_("%(ship)s: lost (was at %(at)s)") % {"ship": name, "at": was["at"]})
            continue
        if was is None and now is not None:
            lines.append(_("%(ship)s: new, at %(at)s") % {"ship": name, "at": now["at"]})
            continue
        assert was is not None and now is not None
        if was["at"] != now["at"]:
            lines.append(
                _("%(ship)s: at %(now)s instead of %(was)s")
                % {"ship": name, "now": now["at"], "was": was["at"]}
            )
        if was["chests"] != now["chests"]:
            lines.append(
                _("%(ship)s: chests aboard %(now)s instead of %(was)s")
                % {"ship": name, "now": now["chests"], "was": was["chests"]}
            )
        if was["notes"] != now["notes"]:
            lines.append(
                _("%(ship)s: %(now)s instead of %(was)s")
                % {"ship": name, "now": ", ".join(now["notes"]) or "—", "was": ", ".join(was["notes"]) or "—"}
            )
    return lines


def _cells_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    before, after = old["map"]["cells"], new["map"]["cells"]
    shown = [f"{label} {_tile(after[label])}" for label in after if before.get(label) != after[label]]
    gone = [label for label in before if label not in after]
    lines = []
    if shown:
        lines.append(_("Revealed hexes: %(hexes)s") % {"hexes": ", ".join(shown)})
    if gone:
        lines.append(_("Hidden again: %(hexes)s") % {"hexes": ", ".join(gone)})
    return lines


def _others_lines(team: str | None, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Other teams' ships, the harbors and the pirates on the team's map (its own ships and the
    hexes have lines of their own); every team's ships when ``team`` is None (the public map)."""
    before = {(v["team"], v["ident"]): v["at"] for v in old.get("ships", []) if v["team"] != team}
    after = {(v["team"], v["ident"]): v["at"] for v in new.get("ships", []) if v["team"] != team}
    lines = []
    for key in sorted(set(before) | set(after)):
        if before.get(key) != after.get(key):
            values = {
                "ship": words.ship_phrase(*key),
                "now": after.get(key) or "—",
                "was": before.get(key) or "—",
            }
            lines.append(_("On the map, %(ship)s: at %(now)s instead of %(was)s") % values)
    rest = ("harbors", "pirates", "highlights", "routes", "target", "side")
    if any(old.get(k) != new.get(k) for k in rest):
        lines.append(_("On the map: harbors or pirates elsewhere"))
    return lines


def _list_lines(label: str, old: list[Any], new: list[Any]) -> list[str]:
    added = [v for v in new if v not in old]
    removed = [v for v in old if v not in new]
    return [f"{label}: + {v}" for v in added] + [f"{label}: − {v}" for v in removed]


#: The parts of a team sheet with a line of their own; any other difference gets a generic line.
_DETAILED = {"ships", "map", "hints", "events", "ap"}


def team_sheet_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between two team sheets (as :func:`sheets_shown` keeps them), one line each."""
    if old == new:
        return []
    lines = _ships_lines(old, new) + _cells_lines(old, new)
    if old["ap"] != new["ap"]:
        lines.append(_("AP: %(now)s instead of %(was)s") % {"now": new["ap"], "was": old["ap"]})
    lines += _list_lines(_("Map hints on the sheet"), old["hints"], new["hints"])
    events_old = [e["text"] for e in old["events"]]
    events_new = [e["text"] for e in new["events"]]
    lines += _list_lines(_("What happened"), events_old, events_new)
    lines += _others_lines(new["team"], old["map"], new["map"])
    others = sorted(k for k in set(old) | set(new) if k not in _DETAILED and old.get(k) != new.get(k))
    if others or not lines:
        parts = sorted({_part_name(k) for k in others}) or [_("the rest of the sheet")]
        lines.append(_("Also changed: %(parts)s") % {"parts": ", ".join(parts)})
    return lines


def _public_events(notice: dict[str, Any]) -> list[str]:
    """The notice-board sheet's log as a team sheet writes each line ("Kolo 3, krok 2: …")."""
    return [f"{group['when']}: {line}" for group in notice.get("events", []) for line in group["lines"]]


def notice_sheet_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between two notice-board sheets: what every team sees changed, one line each."""
    if old == new:
        return []
    lines = _cells_lines(old, new) + _others_lines(None, old["map"], new["map"])
    lines += _list_lines(_("What happened"), _public_events(old), _public_events(new))
    tables = ("standings", "ap_teams", "ap_rounds", "ap_totals")
    if any(old.get(k) != new.get(k) for k in tables):
        lines.append(_("The standings or the AP table changed"))
    return lines


def _part_name(key: str) -> str:
    if key == "builds":
        return _("the builds table")
    if key == "harbor":
        return _("the harbor's bay")
    return _("the rest of the sheet")


def kept_for(round_: Round) -> UndoneResolution | None:
    """The undone resolution a new resolution of ``round_`` is compared with (None: never undone,
    or not resolved again yet)."""
    if not RoundResult.objects.filter(round=round_).exists():
        return None
    return UndoneResolution.objects.filter(round=round_).first()


def _in_staff_language(
    round_: Round, undone: UndoneResolution, teams: list[Team], sheets: list[TeamSheet], notice: NoticeSheet
) -> tuple[dict[str, Any], list[Any], Any]:
    """The kept sheets, the sheets now and the notice-board sheet now in the language the lines are
    told in: the staff's, when the undo kept a copy in it; else the camp's (the sheets' own)."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    kept_copy = undone.shown.get("translations", {}).get(language)
    if language == settings.LANGUAGE_CODE or not isinstance(kept_copy, dict):
        return undone.shown, [_compared(sheet) for sheet in sheets], _json(notice)
    return (
        kept_copy,
        [_compared(sheet) for sheet in team_sheets_for(round_, teams)],
        _json(notice_sheet_for(round_)),
    )


def sheet_changes(round_: Round) -> SheetChanges | None:
    """What the current resolution of ``round_`` changed on the sheets against the undone one
    kept (None: nothing kept, or no sheet can be printed from this round)."""
    undone = kept_for(round_)
    if undone is None:
        return None
    try:
        rounds = sheet_rounds(round_)
        if rounds.result is None or rounds.result_round is None or rounds.result_round.pk != round_.pk:
            return None
        teams, sheets, notice = _shown_now(round_)
    except SheetsUnavailable:
        return None
    kept = undone.shown.get("teams", {})
    told_kept, told_teams, told_notice = _in_staff_language(round_, undone, teams, sheets, notice)
    kept_notice = told_kept.get("notice")
    public = notice_sheet_lines(kept_notice, told_notice) if isinstance(kept_notice, dict) else []
    rows = []
    for team, sheet, told in zip(teams, sheets, told_teams, strict=True):
        old, told_old = kept.get(str(team.pk)), told_kept.get("teams", {}).get(str(team.pk))
        if old is None or told_old is None:
            lines = [_("A new team: its whole sheet")]
        else:
            lines = [line for line in team_sheet_lines(told_old, told) if line not in public]
        changed = old is None or old != _compared(sheet)
        rows.append(
            TeamChanges(team=team, colour=team.colour, lines=tuple(lines) if changed else (), changed=changed)
        )
    return SheetChanges(
        undone=undone,
        result=rounds.result,
        teams=tuple(rows),
        notice_changed=undone.shown.get("notice") != _json(notice),
        public=tuple(public),
        team_sheets={team.pk: sheet for team, sheet in zip(teams, sheets, strict=True)},
        notice=notice,
    )
