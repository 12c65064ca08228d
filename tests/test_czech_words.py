"""No English word on a Czech page: every message the engines' codes map to (the words tables of
``games/islands/words.py`` and ``games/batavia/words.py``, every code with sample parameters) and
every page of the demo camp, read in Czech, hold no word of the project's English.

"English words" are the words of the catalogues' English msgids that no Czech msgstr uses (so the
names both languages share, Batavia, Poseidon, JSON, hex, rum, stay allowed), plus the words of
Python's own messages that slipped through before (the JSON parser's "Expecting value"). A page's
words are its visible text and the texts people read in attributes (title, aria-label, placeholder,
alt, a button's value), without scripts and styles.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import polib
import pytest
from bs4 import BeautifulSoup
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.utils import translation

from camp.demo import run_demo_setup
from games.batavia import words as batavia_words
from games.batavia.engine.errors import RulesError
from games.batavia.engine.log import LogCode
from games.islands import words as islands_words
from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Alphabet
from games.islands.engine.orders import Breach, ProblemCode
from games.islands.engine.scenario import ScenarioProblem, ScenarioProblemCode
from games.islands.engine.sheet import SheetCode, SheetProblem
from games.islands.engine.tiles import Tile
from games.islands.engine.warnings import Caution, WarningCode
from games.islands.models.board import BoardSetup
from games.islands.services.team_links import team_links_switch
from games.islands.words import rehearsal as rehearsal_words
from games.islands.words.events import EVENT_TEXTS
from games.islands.words.rehearsal import PROBLEM_TEXTS as REHEARSAL_PROBLEM_TEXTS
from games.islands.words.rehearsal import VERDICT_TEXTS as REHEARSAL_VERDICT_TEXTS
from tools.page_snapshot import crawl, demo_start, demo_tokens

ROOT = Path(__file__).resolve().parent.parent
PO_FILES = sorted(ROOT.glob("*/locale/cs/LC_MESSAGES/django.po")) + sorted(
    ROOT.glob("games/*/locale/cs/LC_MESSAGES/django.po")
)
WORD = re.compile(r"[^\W\d_]{3,}")
#: A key of a file format or a path in it (teams[0].name, open-sea, PIRATE.shot, /admin/): shown
#: as the file or the address has it, in both languages.
CODE = re.compile(r"\w+(?:[._/\[\]-]+\w+)+|/\w+/?")

#: English words Czech pages never need but no msgid holds: Python's own messages.
PYTHON_WORDS = {"expecting", "delimiter", "unterminated", "invalid", "escape", "traceback", "error"}
#: Words that are English in a msgid and are also names or Czech words on a Czech page (each with
#: its reason): kept short on purpose.
#: English words that Czech msgstrs name only as a file's key ("v teams není tým …"): English
#: anywhere else on a Czech page.
FILE_KEYS = {"teams", "rounds", "round", "seed"}
ALLOWED = {
    "english",  # the language switch names each language in itself: "česky / English"
    "control",  # keys as printed on the keyboard (Django's help of a multiple choice)
    "command",
    "hash",  # the password field's "hash" (Django's)
    "let",  # Czech: "před třinácti lety", "let" (years)
    "moment",  # Czech too
}


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(CODE.sub(" ", text))}


@cache
def english_words() -> frozenset[str]:
    """The project's English (its msgids' words) that no Czech translation uses."""
    english: set[str] = set(PYTHON_WORDS)
    czech: set[str] = set()
    for path in PO_FILES:
        for entry in polib.pofile(str(path)):
            if entry.obsolete:
                continue
            english |= _words(_without_placeholders(entry.msgid + " " + entry.msgid_plural))
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                czech |= _words(_without_placeholders(text))
    return frozenset(english - (czech - FILE_KEYS) - ALLOWED)


def _without_placeholders(text: str) -> str:
    return re.sub(r"%\(\w+\)\w|\{\w*\}", "0", text)


def english_in(text: str) -> list[str]:
    return sorted(w for w in _words(text) if w in english_words())


def test_the_list_of_english_words_holds_the_issues_examples() -> None:
    """The check can fail: the words of the slips the issue names are on the list, and no common
    Czech word is."""
    for word in ("did", "play", "teams", "expecting", "value", "crates", "nothing", "moves"):
        assert word in english_words(), word
    for word in ("tým", "kolo", "herní", "nic", "loď", "hodnota", "krok"):
        assert word not in english_words(), word
    assert english_in("Nehrálo 5 týmů: Did not play (5 teams)") == ["did", "not", "play", "teams"]


# ----------------------------------------------------------------------- the engines' words tables

#: A value for every parameter any code of the islands' engine uses (see test_words.py).
ISLANDS_PARAMS: tuple[tuple[str, str | int], ...] = (
    ("detail", "Expecting value: line 1 column 1 (char 0)"),
    ("line", 2),
    ("column", 13),
    ("limit", 4300),
    ("minimum", 3),
    ("maximum", 13),
    ("format", "zlate-ostrovy/1"),
    ("value", "'UP'"),
    ("shown", "UP"),
    ("label", "Z3"),
    ("side", 5),
    ("other", "E3"),
    ("tiles", "open-sea"),  # the keys a round file must use (English, as the file has them)
    ("ship", "C2"),
    ("kind", "cargo"),
    ("chests", 3),
    ("room", 2),
    ("expected", 11),
    ("count", 5),
    ("team", "Modří"),
    ("position", 2),
    ("token", "Q"),
    ("allowed", 5),
    ("length", 7),
    ("have", 6),
    ("build", 1),
    ("ap", 5),
    ("cost", 6),
    ("needed", 12),
    ("target", "D4"),
    ("at", "G4"),
    ("reason", "octopus"),
    ("move", 7),
    ("step", 3),
)


def islands_messages() -> Iterator[tuple[str, str]]:
    g = geometry(5)
    label = g.label
    for code in ProblemCode:
        for extra in ((), (("per_step", 2),), (("reason", "mermaid"),)):
            problem = Breach("Modří", code, "routes", "C2", 3, None, ISLANDS_PARAMS + extra)
            yield f"order {code}", islands_words.breach_text(problem, fire_label="D4")
    for sheet_code in SheetCode:
        for alphabet in Alphabet:
            sheet_params = (*ISLANDS_PARAMS, ("last", "I1"), ("alphabet", alphabet.value))
            problem = SheetProblem(sheet_code, "routes", "C2", 3, params=sheet_params)
            yield f"sheet {sheet_code}", islands_words.sheet_problem_text(problem)
    for wcode in WarningCode:
        for tile in (Tile.REEFS, Tile.OCTOPUS, Tile.MERMAID, Tile.POSEIDON):
            for number in (1, 5):
                warning = Caution(wcode, "C2", 3, g.parse("B2"), tile, "Zelení B", g.parse("C3"), number)
                yield f"warning {wcode}", islands_words.caution_text(warning, label=label)
    for scode in ScenarioProblemCode:
        if scode is ScenarioProblemCode.INVALID_STATE:
            continue  # the engine's own last check, in its English: the reader refuses the file first
        order = Breach("Modří", ProblemCode.OFF_BOARD, "routes", "C2", 3, params=(("at", "G4"),))
        problem = ScenarioProblem("orders.Modří.routes.C2", scode, ISLANDS_PARAMS, order_problem=order)
        yield f"round file {scode}", islands_words.scenario_problem_line(problem)
    for event in islands_events():
        yield f"event {event['what']}", islands_words.event_text(event)
    for tile in Tile:
        yield f"tile {tile}", f"{islands_words.tile_name(tile)} {islands_words.tile_mark(tile)}"
    rehearsal = {"side": "right", "bay": 4, "share": 0.41, "round": 8, "per_team_round": 0.3}
    judged = {
        "share": 0.41,
        "low": 0.37,
        "high": 0.45,
        "fair_share": 0.33,
        "camps": 200,
        "camps_to_prove": 3000,
    }
    verdicts = [rehearsal, {}]  # with the figures, and the plain sentence without them
    for style in ("planner", "greedy", "novice", "mixed"):
        for direction in ("ahead", "behind"):
            verdicts += [judged | {"style": style, "direction": direction, "side": "left"}]
            verdicts += [
                judged | {"style": style, "direction": direction, "order": order} for order in (1, 4, 5)
            ]
    for code in REHEARSAL_VERDICT_TEXTS:
        for params in verdicts:
            yield f"rehearsal verdict {code}", rehearsal_words.verdict_text(code, params)
    for code in rehearsal_words.OLD_VERDICT_TEXTS:
        for params in (rehearsal, {}):
            yield f"rehearsal older verdict {code}", rehearsal_words.old_verdict_text(code, params)
    for code in REHEARSAL_PROBLEM_TEXTS:
        for params in (rehearsal, {}):
            yield f"rehearsal problem {code}", rehearsal_words.problem_text(code, params)
    spec = {"name": "Modří", "teams": 12, "side": 5, "bays": 2, "board": "Semínko 7"}
    for code in [*rehearsal_words.SPEC_TEXTS, "workers"]:
        for params in (spec, {}):
            yield f"rehearsal spec {code}", rehearsal_words.spec_error_text(code, params)


def islands_events() -> Iterator[dict[str, object]]:
    """Every event the round log's sentences know (the table's, so a new one is not missed), each
    with every variant of its detail."""
    kinds = list(EVENT_TEXTS)
    assert len(kinds) > 20
    common = {"tile": "treasure", "left": 2, "chests": 5, "bonus": 1, "by": "Zelení:C1", "direction": "N"}
    common |= {"pirate": "P1", "point": "NNE"}
    variants: list[dict[str, object]] = [
        {},
        {"kind": "battleship"},
        {"reason": "reefs"},
        {"reason": "range"},
        {"reason": "peace"},
        {"tile": Tile.POSEIDON.value},
        {"used": False},
    ]
    for what in kinds:
        for team, actor in (("Modří", "C2"), ("Modří", "B"), (None, "P1")):
            for variant in variants:
                yield {"what": what, "team": team, "actor": actor, "at": "D4", "detail": common | variant}


#: Parameters of every Batavia log code (games/batavia/engine/log.py lists them).
BATAVIA_PARAMS: dict[str, Any] = {
    "k": 3,
    "taken": (1, 2, 0, 0, 0),  # counts per company, EN DK FR NL SE
    "lot": (1, 2, 0, 0, 1),
    "n": 5,
    "bid": 5,
    "start": "Modří",
    "cards": (0, 0, 2, 0, 0),
    "company": "NL",
    "field": 7,
    "tile": "DK-tea",
    "first": 1,
    "last": 6,
    "tiles": ["DK-tea", "SE-silk"],
    "gold": 12,
    "cannon": "EN",
    "count": 5,
    "companies": ["EN", "FR"],
    "winners": ["Modří", "Zelení"],
}

BATAVIA_ERROR_CODES = re.compile(r'"([a-z_]+)"')


def batavia_messages() -> Iterator[tuple[str, str]]:
    for code in LogCode:
        entry = {"code": code.value, "player": "Modří", "round": 2, "params": BATAVIA_PARAMS}
        yield f"log {code}", batavia_words.log_text(entry)
    source = Path(batavia_words.__file__).read_text(encoding="utf-8")
    body = source[source.index("def error_message") :]
    for code in sorted(set(BATAVIA_ERROR_CODES.findall(body))):
        yield f"error {code}", batavia_words.error_message(RulesError(code, "English engine text"))


def test_every_message_of_the_engines_codes_is_czech() -> None:
    found = []
    with translation.override("cs"):
        messages = [*islands_messages(), *batavia_messages()]
        for what, text in messages:
            if english_in(text):
                found.append(f"{what}: {text!r} {english_in(text)}")
    assert len(messages) > 200
    assert not found, "English in Czech:\n" + "\n".join(found)


# ------------------------------------------------------------------------------ the demo camp's pages

#: The attributes whose text people read (or hear).
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt", "aria-description")


def visible_text(html: bytes) -> str:
    """What a page says to people: its text without scripts and styles, and its read attributes."""
    soup = BeautifulSoup(html, "html.parser")
    for hidden in soup(["script", "style", "template", "noscript"]):
        hidden.decompose()
    texts = [soup.get_text(" ")]
    for element in soup.find_all(True):
        texts += [str(element[a]) for a in READ_ATTRIBUTES if element.has_attr(a)]
        if element.name == "input" and element.get("type") in ("submit", "button", "reset"):
            texts.append(str(element.get("value", "")))
    return "\n".join(texts)


@pytest.fixture(scope="module")
def czech_pages(django_db_setup: None, django_db_blocker: Any) -> Iterator[list[tuple[str, str]]]:
    """The text of every Czech page of the demo camp (one page of each shape, as the page checks
    crawl it; the English pages under /en/ are left out)."""
    from tests.test_page_checks import check_shape

    with django_db_blocker.unblock():
        run_demo_setup(out=lambda line: None)
        for setup in BoardSetup.objects.filter(game_started_at__isnull=False):  # the team pages too
            team_links_switch(camp=setup.camp, on=True)
        user = get_user_model().objects.create_superuser("vedouci", "", "heslo-heslo-123")
        staff, public = Client(), Client()
        staff.force_login(user)
        pages = []
        start = [url for url in demo_start(demo_tokens()) if not url.startswith("/en/")]
        for url, response, body in crawl(
            staff=staff, public=public, start=start, shape=check_shape, per_shape=1
        ):
            if url.startswith("/en/") or response.status_code != 200:
                continue
            if response.get("Content-Type", "").startswith("text/html"):
                pages.append((url, visible_text(body)))
    yield pages
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.mark.django_db
def test_no_czech_page_of_the_demo_camp_holds_an_english_word(czech_pages: list[tuple[str, str]]) -> None:
    assert len(czech_pages) > 30
    found = []
    for url, text in czech_pages:
        for line in text.splitlines():
            if line.lstrip().startswith(("[{", '{"')):  # a JSON field's data, as stored
                continue
            if english_in(line):
                found.append(f"{url}: {line.strip()[:160]!r} {english_in(line)}")
    assert not found, "English on Czech pages:\n" + "\n".join(sorted(set(found)))


@pytest.mark.parametrize("n", [1, 2, 5, 22])
def test_every_plural_message_is_czech_for_every_count(n: int) -> None:
    """The plural messages (tests/test_translations.py finds them in the code, the templates and
    the catalogues) hold no English word in Czech: "Did not play (5 teams): …" was one."""
    from tests.test_translations import _render, every_plural_message

    found = []
    with translation.override("cs"):
        for message in every_plural_message():
            text = _render(message, n)
            if english_in(text):
                found.append(f"{message.where}: {text!r} {english_in(text)}")
    assert not found, "English in Czech:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "content", [b"PK\x03\x04 a zip file", b"   ", b'{"format": "zlate-ostrovy-camp/1",}', b'{"a": "\x01"}']
)
def test_the_restore_page_says_why_a_file_is_not_json_in_czech(admin_client: Client, content: bytes) -> None:
    """The parser's reason in Czech words, not "…sloupec 1: Expecting value"."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    upload = SimpleUploadedFile("zaloha.json", content, content_type="application/json")
    response = admin_client.post(reverse("admin:camp_camp_restore"), {"file": upload})
    assert response.status_code == 400
    problems = BeautifulSoup(response.content, "html.parser").find(id="backup-problems")
    assert problems is not None
    text = problems.get_text(" ", strip=True)
    assert "Soubor není JSON (řádek 1, sloupec" in text, text
    assert not english_in(text), text


# ------------------------------------------------------------------------------ sentences, one by one


@pytest.mark.django_db
def test_an_admin_list_counts_its_rows_in_any_number(admin_client: Client) -> None:
    """Django writes "5 herní kola" (a model has one plural name, Czech needs "5 herních kol"): the
    list says "Herní kola: 5" instead, right for every count."""
    from camp.models import Round

    call_command("loaddata", "demo_camp", verbosity=0)
    count = Round.objects.count()
    assert count >= 2
    page = BeautifulSoup(admin_client.get("/admin/camp/round/").content, "html.parser")
    paginator = page.select_one("p.paginator")
    assert paginator is not None
    assert paginator.get_text(" ", strip=True).startswith(f"Herní kola: {count}")


def test_orders_missing_is_said_in_czech() -> None:
    """ "Nic nestaví a nic jejich se nepohne." was not Czech."""
    with translation.override("cs"):
        text = translation.gettext(
            "No orders stored for: %(teams)s. They build nothing and nothing of theirs moves."
        ) % {"teams": "Modří, Zelení"}
    assert text == "Bez uloženého plánu tahu: Modří, Zelení. Nic nepostaví a žádná jejich loď se nepohne."
