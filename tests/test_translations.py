"""Translations: every catalogue is compiled and committed, Czech is complete."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parent.parent
PO_FILES = sorted(p for p in ROOT.glob("**/locale/*/LC_MESSAGES/django.po") if ".venv" not in p.parts)


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
