"""Translations: every catalogue is compiled and committed, Czech is complete."""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass
from pathlib import Path

import polib
import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent
PO_FILES = sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/django*.po") if ".venv" not in p.parts)


def catalogue(entries: polib._BaseFile) -> dict[tuple[str | None, str, str], object]:
    """The translated messages of a .po or .mo file, comparable between the two."""
    result: dict[tuple[str | None, str, str], object] = {}
    for entry in entries:
        if entry.obsolete or "fuzzy" in entry.flags or not entry.msgid:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural))
            if any(forms):
                result[(entry.msgctxt, entry.msgid, entry.msgid_plural)] = forms
        elif entry.msgstr:
            result[(entry.msgctxt, entry.msgid, "")] = entry.msgstr
    return result


def test_there_are_catalogues() -> None:
    assert ROOT / "camp/locale/cs/LC_MESSAGES/django.po" in PO_FILES


@pytest.mark.parametrize("po_path", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_compiled_mo_is_up_to_date(po_path: Path) -> None:
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path.relative_to(ROOT)} is missing: run `make messages` and commit it"
    po = polib.pofile(str(po_path))
    mo = polib.mofile(str(mo_path))
    assert catalogue(po) == catalogue(mo), f"{mo_path.relative_to(ROOT)} is stale: run `make messages`"
    assert po.metadata.get("Plural-Forms") == mo.metadata.get("Plural-Forms")


@pytest.mark.parametrize(
    "po_path", [p for p in PO_FILES if p.parts[-3] == "cs"], ids=lambda p: str(p.relative_to(ROOT))
)
def test_czech_is_complete(po_path: Path) -> None:
    po = polib.pofile(str(po_path))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert not untranslated, f"untranslated in {po_path.relative_to(ROOT)}: {untranslated}"
    assert not fuzzy, f"fuzzy in {po_path.relative_to(ROOT)}: {fuzzy}"
    for entry in po.translated_entries():  # same placeholders on both sides
        for msgstr in [entry.msgstr] if not entry.msgid_plural else list(entry.msgstr_plural.values()):
            assert _placeholders(msgstr) <= _placeholders(entry.msgid + entry.msgid_plural), entry.msgid


@pytest.mark.parametrize("po_path", PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_is_in_a_catalogue_twice(po_path: Path) -> None:
    """A message written twice compiles silently and the last one wins: the first is dead text
    (Django's hidden admin headers were once translated twice, differently)."""
    seen: dict[tuple[str | None, str], int] = {}
    twice = []
    for entry in polib.pofile(str(po_path)):
        if entry.obsolete:
            continue
        key = (entry.msgctxt, entry.msgid)
        if key in seen:
            twice.append(f"{entry.msgid!r} (lines {seen[key]} and {entry.linenum})")
        seen[key] = entry.linenum
    assert not twice, f"in {po_path.relative_to(ROOT)} twice: {twice}"


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"%\([a-z_]+\)[sd]|\{[a-z_]*\}", text))


#: One Czech word per thing on screen (issue 11): the Czech word each English one is shown as, and
#: words that must not stand for it.
ONE_WORD = {"seed": ("semínk", ("osiv", "seed"))}


@pytest.mark.parametrize("english", sorted(ONE_WORD))
def test_one_czech_word_for_one_thing(english: str) -> None:
    """The seed is "semínko" in every catalogue (it was "Osivo (seed)", "náhodné semínko", "seed")."""
    stem, others = ONE_WORD[english]
    found = 0
    for po_path in PO_FILES:
        for entry in polib.pofile(str(po_path)):
            if not re.search(rf"\b{english}", entry.msgid, re.IGNORECASE):
                continue
            found += 1
            for msgstr in [entry.msgstr, *entry.msgstr_plural.values()]:
                words = re.sub(r"%\(\w+\)\w|^\w+: ", "", msgstr).lower()  # a round file's key may lead
                assert stem in words, (po_path.name, entry.msgid, msgstr)
                assert not [w for w in others if w in words], (po_path.name, entry.msgid, msgstr)
    assert found


# ------------------------------------------------------------------------- every plural, every form

#: The counts every plural message is rendered with: each Czech form (1; 2–4; 5 and more, also 22,
#: which English-like rules get wrong; a fraction, which Django's Czech gives a form of its own).
COUNTS = (1, 2, 5, 22, 1.5)
CZECH_FORMS = 4  # as Django's own Czech catalogue: nplurals=4
PLURAL_CALLS = {"ngettext": 0, "ngettext_lazy": 0, "npgettext": 1, "npgettext_lazy": 1}
SOURCE_DIRS = ("camp", "games", "templates")
BLOCK_PLURAL = re.compile(
    r"\{% blocktrans(?:late)? count (?P<var>\w+)=[^%]*?%\}(?P<one>.*?)\{% plural %\}(?P<many>.*?)"
    r"\{% endblocktrans(?:late)? %\}",
    re.DOTALL,
)
CZECH_PO_FILES = [p for p in PO_FILES if p.parts[-3] == "cs"]


@dataclass(frozen=True)
class PluralMessage:
    context: str | None
    singular: str
    plural: str
    where: str  # the first file that uses it (or the catalogue that holds it)


def _source_files(*suffixes: str) -> list[Path]:
    return sorted(
        p
        for d in SOURCE_DIRS
        for p in (ROOT / d).rglob("*")
        if p.suffix in suffixes and "migrations" not in p.parts
    )


def plural_messages_in_python() -> list[PluralMessage]:
    """Every ``ngettext``/``npgettext`` (and ``_lazy``) call of the project's Python, read with
    ``ast``; a call whose texts are not literals cannot be checked, so it fails the test below."""
    found = []
    for path in _source_files(".py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in PLURAL_CALLS:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            skip = PLURAL_CALLS[name]
            texts = [a.value if isinstance(a, ast.Constant) else None for a in node.args[: skip + 2]]
            assert len(texts) == skip + 2 and all(isinstance(t, str) for t in texts), f"{where}: not literals"
            context = texts[0] if skip else None
            found.append(PluralMessage(context, texts[skip], texts[skip + 1], where))  # type: ignore[arg-type]
    return found


def _template_msgid(text: str) -> str:
    return re.sub(r"\{\{\s*(\w+)\s*\}\}", r"%(\1)s", text)


def plural_messages_in_templates() -> list[PluralMessage]:
    """Every ``{% blocktranslate count … %}`` of the templates, as its msgid (``{{ n }}`` → ``%(n)s``)."""
    found = []
    for path in _source_files(".html", ".txt"):
        text = path.read_text(encoding="utf-8")
        for match in BLOCK_PLURAL.finditer(text):
            where = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
            found.append(
                PluralMessage(None, _template_msgid(match["one"]), _template_msgid(match["many"]), where)
            )
    return found


def plural_messages_in_catalogues() -> list[PluralMessage]:
    return [
        PluralMessage(e.msgctxt, e.msgid, e.msgid_plural, str(path.relative_to(ROOT)))
        for path in CZECH_PO_FILES
        for e in polib.pofile(str(path))
        if e.msgid_plural and not e.obsolete
    ]


def every_plural_message() -> list[PluralMessage]:
    """The source's plural messages, and any other the catalogues hold: each once."""
    seen: dict[tuple[str | None, str, str], PluralMessage] = {}
    for m in [
        *plural_messages_in_python(),
        *plural_messages_in_templates(),
        *plural_messages_in_catalogues(),
    ]:
        seen.setdefault((m.context, m.singular, m.plural), m)
    return list(seen.values())


def test_the_scan_finds_the_plural_messages_of_code_and_templates() -> None:
    """The scan itself works: it finds a message of each kind of source (so an empty list below
    never passes for a complete one)."""
    in_python = {m.singular for m in plural_messages_in_python()}
    in_templates = {m.singular for m in plural_messages_in_templates()}
    assert "Did not play: %(teams)s." in in_python  # camp/pages/placements.py
    assert "%(n)d step is used by no route: its AP is lost" in in_python  # games/islands/words.py
    assert "%(n)s card" in in_templates  # games/batavia/templates/batavia/team.html
    assert "Try again in %(minutes)s minute." in in_templates


def test_every_plural_message_of_the_source_is_in_a_czech_catalogue() -> None:
    """A plural message the code uses but no catalogue holds shows English for every count."""
    held = {(m.context, m.singular, m.plural) for m in plural_messages_in_catalogues()}
    missing = [
        m
        for m in [*plural_messages_in_python(), *plural_messages_in_templates()]
        if (m.context, m.singular, m.plural) not in held
    ]
    assert not missing, "no Czech for: " + "; ".join(f"{m.where}: {m.singular!r}" for m in missing)


@pytest.mark.parametrize("po_path", CZECH_PO_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_plural_entry_fills_every_czech_form(po_path: Path) -> None:
    po = polib.pofile(str(po_path))
    assert po.metadata["Plural-Forms"].startswith(f"nplurals={CZECH_FORMS};")
    for entry in po:
        if not entry.msgid_plural or entry.obsolete:
            continue
        forms = entry.msgstr_plural
        assert sorted(forms) == list(range(CZECH_FORMS)), (entry.msgid, f"forms {sorted(forms)}")
        for index, text in forms.items():
            assert text.strip(), (entry.msgid, f"msgstr[{index}] is empty")
            assert text not in (entry.msgid, entry.msgid_plural), (entry.msgid, f"msgstr[{index}] is English")


def _render(message: PluralMessage, n: float) -> str:
    """The message as a page shows it for ``n`` in the active language, each placeholder ``n``."""
    with warnings.catch_warnings():  # a fraction: gettext warns, Django's Czech gives it its form
        warnings.simplefilter("ignore", DeprecationWarning)
        if message.context is not None:
            text = translation.npgettext(message.context, message.singular, message.plural, n)
        else:
            text = translation.ngettext(message.singular, message.plural, n)
    names = re.findall(r"%\((\w+)\)[sd]", message.singular + message.plural)
    return text % {name: n for name in names} if names else text


@pytest.mark.parametrize("n", COUNTS, ids=lambda n: f"n={n}")
def test_every_plural_message_renders_in_czech_for_every_count(n: float) -> None:
    """Each plural message for 1, 2, 5, 22 and 1.5: Czech, never the English fallback (as "Did not
    play (5 teams): …" was when an entry had 3 of its 4 forms)."""
    english_output = []
    for message in every_plural_message():
        with translation.override("en"):
            english = _render(message, n)
        with translation.override("cs"):
            czech = _render(message, n)
        if czech == english or not czech.strip():
            english_output.append(f"{message.where}: {czech!r}")
    assert not english_output, f"English in Czech for n={n}: " + "; ".join(english_output)
