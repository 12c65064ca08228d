"""How a rehearsal's verdict and problems read (``games/islands/words/rehearsal.py``): the simulator's
figures in the sentence in the staff's language, a plain sentence when a figure is missing."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.islands.words import rehearsal as rehearsal_words

NBSP = "\u00a0"


def test_the_verdict_names_the_side_and_its_share_in_czech() -> None:
    with translation.override("cs"):
        text = rehearsal_words.verdict_text(
            "unfair_side", {"side": "right", "share": 0.41, "fair_share": 0.333}
        )
    assert text == (
        f"Strana pravá (severovýchod) vyhrává 41{NBSP}% her (spravedlivě by to bylo 33{NBSP}%): "
        "plán je nespravedlivý."
    )


def test_the_verdict_in_english() -> None:
    with translation.override("en"):
        text = rehearsal_words.verdict_text(
            "unfair_bay", {"bay": 4, "side": "left", "share": 0.3, "fair_share": 1 / 6}
        )
    assert text == "A team in bay Z4 wins 30% of the games, far above a fair 17%: the board is unfair."


def test_a_missing_figure_gives_the_plain_sentence() -> None:
    with translation.override("cs"):
        assert rehearsal_words.verdict_text("unfair_side", {"side": "right"}) == (
            "Jedna strana vyhrává příliš často: plán je nespravedlivý."
        )
        assert rehearsal_words.problem_text("many_ships_lost", {}) == "Ztrácí se mnoho lodí."
        assert rehearsal_words.verdict_text("fair", {}) == (
            "Herní plán je spravedlivý: žádná strana ani zátoka nevyhrává o mnoho častěji než ostatní."
        )


def test_an_unknown_code_is_shown_as_it_is() -> None:
    assert rehearsal_words.verdict_text("lopsided", {}) == "lopsided"
    assert not rehearsal_words.verdict_good("lopsided") and rehearsal_words.verdict_good("fair")


@pytest.mark.parametrize(
    ("code", "params", "czech"),
    [
        (
            "treasure_gone_early",
            {"round": 8},
            "V 8. kole už nezbývá žádná truhla k vyzvednutí: další kola nemají o co hrát.",
        ),
        (
            "treasure_left_over",
            {"share": 0.25},
            f"Po posledním kole zůstává na moři průměrně 25{NBSP}% pokladu.",
        ),
        ("many_idle", {"share": 0.12}, f"V 12{NBSP}% kol týmů má tým AB, ale nic užitečného na práci."),
        (
            "many_ships_lost",
            {"per_team_round": 0.314},
            "0,31 ztracené lodi na tým a kolo: potápí se mnoho lodí.",
        ),
        ("tie_break_often", {"share": 0.104}, f"Počet AB při shodě rozhoduje 10{NBSP}% her."),
    ],
)
def test_each_problem_with_its_figure(code: str, params: dict[str, object], czech: str) -> None:
    with translation.override("cs"):
        assert rehearsal_words.problem_text(code, params) == czech


def test_numbers_in_each_language() -> None:
    with translation.override("cs"):
        assert rehearsal_words.percent(0.405) == f"40{NBSP}%" and rehearsal_words.decimal(6.14) == "6,1"
    with translation.override("en"):
        assert rehearsal_words.percent(0.405) == "40%" and rehearsal_words.decimal(6.14) == "6.1"
    assert rehearsal_words.percent(None) == "–" and rehearsal_words.decimal("x") == "–"
