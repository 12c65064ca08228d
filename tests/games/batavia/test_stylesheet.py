"""Batavia's stylesheet (``games/batavia/static/batavia/batavia.css``): every text it colours reads at
4.5:1 or more (WCAG AA), a company's letters on its colour and a spent card alike."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.batavia import words
from games.islands.maps.style import contrast_ratio

CSS = (Path(words.__file__).parent / "static" / "batavia" / "batavia.css").read_text(encoding="utf-8")


def rules() -> dict[str, str]:
    """Each rule's declarations by its selector (comments dropped; a selector list as written)."""
    text = re.sub(r"/\*.*?\*/", "", CSS, flags=re.DOTALL)
    return {" ".join(s.split()): body for s, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text)}


def declaration(selector: str, prop: str) -> str:
    found = re.search(rf"(?:^|;)\s*{prop}\s*:\s*([^;]+)", rules()[selector])
    assert found, (selector, prop)
    return found.group(1).strip()


@pytest.mark.parametrize("code", sorted(words.COMPANY_COLOURS))
def test_a_companys_white_letters_read_on_its_colour(code: str) -> None:
    assert contrast_ratio("#ffffff", words.COMPANY_COLOURS[code]) >= 4.5


@pytest.mark.parametrize("selector", [".bt-co", ".bt-fhead", ".bt-cards li"])
def test_the_text_on_a_company_colour_is_white(selector: str) -> None:
    assert declaration(selector, "color") == "#fff"


def test_no_rule_fades_its_text() -> None:
    """Opacity blends the letters into their background: the field numbers on SE's green fell to
    4.15:1, a spent card's code to 1.8:1."""
    faded = {s: body for s, body in rules().items() if re.search(r"(?:^|;)\s*opacity\s*:", body)}
    assert faded == {}


def test_a_spent_card_is_struck_through_and_readable() -> None:
    spent = ".bt-cards li.bt-zero"
    assert contrast_ratio(declaration(spent, "color"), declaration(spent, "background")) >= 4.5
    struck = ".bt-cards li.bt-zero .bt-card-code, .bt-cards li.bt-zero .bt-card-name"
    assert declaration(struck, "text-decoration") == "line-through"


@pytest.mark.parametrize("background", ["#fffdf8", "#f6f1e7", "#fff3c4", "#ffffff"])
def test_a_zero_reads_on_the_page_and_card_backgrounds(background: str) -> None:
    assert contrast_ratio(declaration(".bt-zero", "color"), background) >= 4.5
