"""Round files: export (a page, the admin action) and import, every problem named by its JSON
path in the page's language, nothing stored from a bad file."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.engine.notation import Alphabet, Route
from games.islands.models.rounds import IslandsRound
from tests.games.islands.pages.helpers import (
    HTMX,
    url,
)
from tests.pages import errors


def _cz(route: str) -> str:
    return Route.parse(route).text(Alphabet.CZECH)


def test_export_a_round_and_import_it(staff_client: Client, game: Round, teams: list[Team]) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    response = staff_client.get(url("export", closed.pk))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    doc = json.loads(response.content)
    assert doc["format"] == "zlate-ostrovy/1"
    camps = Camp.objects.count()
    response = staff_client.post(url("import"), {"name": "Kopie", "text": response.content.decode()})
    assert response.status_code == 302
    assert Camp.objects.count() == camps + 1
    assert Camp.objects.filter(name="Kopie").exists()


def test_export_action_in_the_admin(staff_client: Client, game: Round) -> None:
    ids = list(IslandsRound.objects.filter(round__camp=game.camp).values_list("pk", flat=True))
    changelist = reverse("admin:islands_islandsround_changelist")
    response = staff_client.post(changelist, {"action": "export_rounds", "_selected_action": ids[:1]})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    response = staff_client.post(changelist, {"action": "export_rounds", "_selected_action": ids})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"


def test_export_of_an_unopened_round_is_a_message(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    demo_play(camp, rounds=1)
    planned = camp_services.round_create(camp=camp)
    response = staff_client.get(url("export", planned.pk), follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Kolo 2 ještě nebylo otevřeno: není co exportovat."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"format": "zlate-ostrovy/1", "side": 99}',
        '{"format": "zlate-ostrovy/1", "side": 5, "teams": [{"name": "a", "harbor": "Q9"}]}',
    ],
)
def test_import_a_bad_file_stores_nothing(staff_client: Client, db: None, text: str) -> None:
    camps = Camp.objects.count()
    response = staff_client.post(url("import"), {"name": "Nový", "text": text})
    assert response.status_code == 200
    assert import_problems(response)  # the page says what is wrong (each case: its own test below)
    assert Camp.objects.count() == camps
    response = staff_client.post(url("import"), {"name": "Nový", "text": text}, **HTMX)
    assert response.content.decode().lstrip().startswith('<div id="result"')


def test_import_lists_json_paths(staff_client: Client, db: None) -> None:
    text = '{"format": "zlate-ostrovy/1", "side": 5, "teams": [{"name": "a", "harbor": "Q9"}]}'
    problems = import_problems(staff_client.post(url("import"), {"name": "Nový", "text": text}))
    assert any(p.startswith("teams[0].harbor: ") for p in problems), problems


def import_problems(response: Any) -> list[str]:
    """The items of the import page's problem list (``<ul class="zo-problems">``), as text."""
    match = re.search(r'<ul class="zo-problems">(.*?)</ul>', response.content.decode(), re.S)
    items = re.findall(r"<li>(.*?)</li>", match.group(1), re.S) if match else []
    return [unescape(" ".join(item.split())) for item in items]


IMPORT_FILE: dict[str, Any] = {
    "format": "zlate-ostrovy/1",
    "side": 5,
    "seed": 7,
    "teams": [
        {"name": "red", "harbor": "Z1", "ships": [{"id": "C1", "kind": "cargo", "at": "Z1"}]},
        {"name": "blue", "harbor": "Z5", "ships": [{"id": "C1", "kind": "cargo", "at": "E3"}]},
    ],
    "pirates": [{"id": "P1", "at": "E2"}],
    "orders": {"red": {"ap": 8, "routes": {"C1": "N N"}}, "blue": {"ap": 11, "routes": {"C1": "SE"}}},
}


def bad_file(path: str, value: object) -> str:
    """The import file with one value set at a dotted path (``teams.0.delivered``)."""
    doc = json.loads(json.dumps(IMPORT_FILE))
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value
    return json.dumps(doc)


#: A bad file, then what the import page says about it in Czech and in English (path first).
BAD_FILES: dict[str, tuple[str, str, str]] = {
    "bad JSON": (
        '{"format": "zlate-ostrovy/1",\n  "side": 5,,\n}',
        "Není platný JSON (řádek 2, sloupec 13: tady má být klíč v uvozovkách)",
        "Not valid JSON (line 2, column 13: a key in double quotes is expected here)",
    ),
    "unknown key": (
        bad_file("colour", "red"),
        "colour: neznámý klíč: formát zlate-ostrovy/1 takovou položku nemá",
        "colour: unknown key: the zlate-ostrovy/1 format has no such item",
    ),
    "wrong type": (
        bad_file("teams.0.delivered", "3"),
        "teams[0].delivered: musí být celé číslo",
        "teams[0].delivered: must be a whole number",
    ),
    "not a label": (
        bad_file("hexes", {"X9": {"tile": "reefs"}}),
        "hexes.X9: „X9“ není hex ani zátoka herního plánu se stranou 5",
        "hexes.X9: “X9” is neither a hex nor a bay of a board of side 5",
    ),
    "a bay, not a board hex": (
        bad_file("pirates.0.at", "Z3"),
        "pirates[0].at: Z3 je zátoka, ne hex herního plánu",
        "pirates[0].at: Z3 is a bay, not a hex of the board",
    ),
    "not a tile": (
        bad_file("hexes", {"B2": {"tile": "gold"}}),
        "hexes.B2.tile: „gold“ není druh políčka (open-sea,",
        "hexes.B2.tile: “gold” is not a tile (open-sea,",
    ),
    "bad direction in a route": (
        bad_file("orders.red.routes.C1", "N Q"),
        "orders.red.routes.C1: 2. tah „Q“ není směr: pište anglicky N NE SE S SW NW (S je jih) nebo . "
        "pro stání",
        "orders.red.routes.C1: move 2 “Q” is not a direction: write N NE SE S SW NW or . to stay",
    ),
    "unknown team in orders": (
        bad_file("orders.green", {"ap": 3}),
        "orders.green: tým green neexistuje",
        "orders.green: there is no team green",
    ),
    "bad pirate moves": (
        bad_file("pirates.0.moves", ["N", "N"]),
        "pirates[0].moves: pirátská loď má 11 tahů, ne 2",
        "pirates[0].moves: a pirate ship gets 11 moves, not 2",
    ),
    "a pirate move that is no direction": (
        bad_file("pirates.0.moves", ["N", "UP"] + ["N"] * 9),
        "pirates[0].moves[1]: „UP“ není směr (pište anglicky N NE SE S SW NW: S je jih)",
        "pirates[0].moves[1]: “UP” is not a direction (write N NE SE S SW NW: S is south)",
    ),
    "wrong ship kind": (
        bad_file("teams.0.ships.0.kind", "battleship"),
        "teams[0].ships[0].kind: loď C1 je nákladní loď",
        "teams[0].ships[0].kind: ship C1 is a cargo ship",
    ),
    "a route off the board": (
        bad_file("orders.blue.routes.C1", "NE NE NE"),
        "orders.blue.routes.C1: vyplula by mimo herní plán u G4 (krok 3)",
        "orders.blue.routes.C1: would sail off the board at G4 (step 3)",
    ),
    "a team name too long to store": (
        bad_file("teams.0.name", "r" * 150).replace('"red"', '"' + "r" * 150 + '"'),
        "teams[0].name: název týmu smí mít nejvýš 100 znaků, ne 150",
        "teams[0].name: a team name has at most 100 characters, not 150",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
@pytest.mark.parametrize("language", ["cs", "en"])
def test_import_names_each_problem_by_path_in_the_page_language(
    staff_client: Client, db: None, case: str, language: str
) -> None:
    text, czech, english = BAD_FILES[case]
    with translation.override(language):  # English pages live under /en/
        target = url("import")
    camps = Camp.objects.count()
    response = staff_client.post(target, {"name": "Nový", "text": text})
    assert response.status_code == 200
    html = unescape(response.content.decode())
    expected, other = (czech, english) if language == "cs" else (english, czech)
    assert expected in html, html[html.find("errornote") :][:2000]
    assert other not in html
    heading = "Soubor kola nelze importovat:" if language == "cs" else "The round file cannot be imported:"
    assert heading in html
    assert Camp.objects.count() == camps


def test_import_of_a_pirate_on_a_bay_is_not_english_in_czech(staff_client: Client, db: None) -> None:
    """The command line's English text never reaches the Czech page."""
    response = staff_client.post(url("import"), {"name": "Nový", "text": bad_file("pirates.0.at", "Z3")})
    html = unescape(response.content.decode())
    assert "pirates[0].at: Z3" in html and "is not a board hex" not in html


def test_import_upload_not_utf8(staff_client: Client, db: None) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("x.json", b"\xff\xfe\x00junk", content_type="application/json")
    response = staff_client.post(url("import"), {"name": "Nový", "file": upload})
    assert response.status_code == 200 and "UTF-8" in response.content.decode()
    assert not Camp.objects.filter(name="Nový").exists()


def test_import_with_a_nul_character_is_refused_naming_where(staff_client: Client, db: None) -> None:
    """PostgreSQL stores no NUL in a text: a NUL in the new camp run's name, or in any text or key
    of the file, is refused by its field or JSON path, and nothing is stored (SQLite would store it)."""
    camps = Camp.objects.count()
    good = json.dumps(IMPORT_FILE)
    response = staff_client.post(url("import"), {"name": "Nový\x00běh", "text": good})
    assert response.status_code == 200
    assert import_problems(response) == [
        "Název nového běhu tábora: text obsahuje znak NUL (\\x00), který nelze uložit."
    ]
    nul_name = bad_file("teams.0.name", "red\x00")
    nul_key = good.replace('"red": {"ap"', '"red\\u0000": {"ap"')
    heading = "Soubor kola nelze importovat:"
    assert import_problems(staff_client.post(url("import"), {"name": "Nový", "text": nul_name})) == [
        heading,
        "teams[0].name: „red\\u0000“ obsahuje znak NUL (\\u0000), který nelze uložit.",
    ]
    assert import_problems(staff_client.post(url("import"), {"name": "Nový", "text": nul_key})) == [
        heading,
        "orders: klíč „red\\u0000“ obsahuje znak NUL (\\u0000), který nelze uložit.",
    ]
    assert Camp.objects.count() == camps
