"""What the correction panel says about one team's sheet: each kind of difference its own line, in
the staff's language, taken from the sheets as :func:`sheets_shown` keeps them."""

from __future__ import annotations

import copy

from django.utils import translation

from camp.models import Round, Team
from games.islands.printing.changes import sheets_shown, team_sheet_lines


def test_each_difference_of_a_team_sheet_has_its_line(game: Round, teams: list[Team]) -> None:
    shown = sheets_shown(game)
    assert shown is not None
    old = shown["teams"][str(teams[0].pk)]
    assert team_sheet_lines(old, copy.deepcopy(old)) == []
    new = copy.deepcopy(old)
    lost = {**old["ships"][0], "ident": "C6", "at": "B1"}
    old["ships"].append(lost)  # was afloat, is no more
    new["ships"][0]["at"] = "A1"
    new["ships"][0]["chests"] = (old["ships"][0]["chests"] or 0) + 1
    hidden = next(label for label in ("A1", "B1", "B2", "C1") if label not in old["map"]["cells"])
    new["map"]["cells"][hidden] = ["rum", None]
    new["hints"] = [*old["hints"], "Loď 1: nejbližší poklad leží na severu"]
    new["ap"] = (old["ap"] or 0) + 3
    with translation.override("cs"):
        lines = team_sheet_lines(old, new)
    first = old["ships"][0]
    assert first["ident"] != "B"
    number = first["ident"][1:]
    assert lines == [
        f"Loď {number}: na A1 místo na {first['at']}",
        f"Loď {number}: počet truhel na palubě {new['ships'][0]['chests']} místo {first['chests']}",
        "Loď 6: ztracena (byla na B1)",
        f"Odhalená pole: {hidden} rum",
        f"AB: {new['ap']} místo {old['ap']}",
        "Nápovědy z map: + Loď 1: nejbližší poklad leží na severu",
    ]
