"""How a rehearsal's verdict and problems read (``games/islands/words/rehearsal.py``): the simulator's
figures in the sentence in the staff's language (format /2: the style, the side or the place in the
order of choice, the share with its interval, ahead or held back), a plain sentence when a figure is
missing, an older report's verdict as it was judged."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.islands.words import rehearsal as rehearsal_words

NBSP = "\u00a0"


#: A verdict's params as the judge writes them (``judge._params``).
UNFAIR_SIDE = {
    "style": "greedy", "share": 0.41, "low": 0.3712, "high": 0.4501, "fair_share": 0.3333,
    "direction": "ahead", "side": "right",
}  # fmt: skip


def test_an_unfair_side_names_the_style_the_share_its_interval_and_the_fair_share() -> None:
    with translation.override("cs"):
        text = rehearsal_words.verdict_text("unfair_side", UNFAIR_SIDE)
    assert text == (
        f"Plán je nespravedlivý: strana pravá (severovýchod) vyhrává příliš často, 41{NBSP}% her "
        f"(37–45{NBSP}%) místo spravedlivých 33{NBSP}% (styl hry: hladový bot)."
    )


def test_a_side_held_back_is_unfair_too() -> None:
    params = UNFAIR_SIDE | {"share": 0.22, "low": 0.18, "high": 0.265, "direction": "behind", "side": "left"}
    with translation.override("cs"):
        text = rehearsal_words.verdict_text("unfair_side", params)
    assert text == (
        f"Plán je nespravedlivý: strana levá (severozápad) je znevýhodněná, vyhrává jen 22{NBSP}% her "
        f"(18–26{NBSP}%) místo spravedlivých 33{NBSP}% (styl hry: hladový bot)."
    )


def test_an_unfair_place_in_the_order_of_choice_names_it() -> None:
    params = {
        "style": "novice", "share": 0.62, "low": 0.55, "high": 0.685, "fair_share": 0.5,
        "direction": "ahead", "order": 1,
    }  # fmt: skip
    with translation.override("cs"):
        text = rehearsal_words.verdict_text("unfair_choice", params)
        behind = rehearsal_words.verdict_text("unfair_choice", params | {"order": 2, "direction": "behind"})
    assert text == (
        f"Plán je nespravedlivý: týmy, které si vybíraly zátoku jako první, vyhrávají příliš často, "
        f"62{NBSP}% her (55–68{NBSP}%) místo spravedlivých 50{NBSP}% (styl hry: začátečník)."
    )
    assert behind.startswith(
        "Plán je nespravedlivý: týmy, které si vybíraly zátoku jako druhé, jsou znevýhodněné"
    )


def test_fair_says_how_many_camps_would_prove_it() -> None:
    params = {
        "style": "planner", "share": 0.3, "low": 0.2407, "high": 0.3668, "fair_share": 0.3333,
        "direction": "behind", "side": "bottom", "camps": 200, "camps_to_prove": 4330,
    }  # fmt: skip
    with translation.override("cs"):
        text = rehearsal_words.verdict_text("fair", params)
    assert text == (
        "Plán je spravedlivý, zatím neprokázaně: žádný podíl vyhraných her není 5 a více procentních "
        f"bodů od spravedlivého. Nejdál: strana dolní (jih), 30{NBSP}% her (24–37{NBSP}%) místo "
        f"spravedlivých 33{NBSP}% (styl hry: plánovač). Simulovaných táborů na styl: 200; k důkazu by "
        f"jich bylo potřeba asi 4{NBSP}330."
    )
    assert rehearsal_words.verdict_tone("fair") == "good"


def test_proven_fair_and_unsure() -> None:
    proven = {
        "style": "mixed", "share": 0.35, "low": 0.338, "high": 0.362, "fair_share": 0.3333,
        "direction": "ahead", "order": 2, "camps": 6000,
    }  # fmt: skip
    unsure = {
        "style": "greedy", "share": 0.41, "low": 0.29, "high": 0.53, "fair_share": 0.3333,
        "direction": "ahead", "side": "bottom",
    }  # fmt: skip
    with translation.override("cs"):
        assert rehearsal_words.verdict_text("proven_fair", proven) == (
            "Plán je prokázaně spravedlivý: u každého stylu hry je každý podíl vyhraných her bez pochyb "
            "méně než 5 procentních bodů od spravedlivého (simulovaných táborů na styl: 6\u00a0000). "
            "Nejdál: týmy, které si vybíraly zátoku jako druhé, 35\u00a0% her (34–36\u00a0%) místo "
            "spravedlivých 33\u00a0% (styl hry: smíšení (plánovač a hladový bot))."
        )
        assert rehearsal_words.verdict_text("unsure", unsure) == (
            f"Zatím nejisté: strana dolní (jih), 41{NBSP}% her (29–53{NBSP}%) místo spravedlivých "
            f"33{NBSP}% (styl hry: hladový bot): příliš často, nebo náhodou? Zkuste víc táborů."
        )
    assert [rehearsal_words.verdict_tone(c) for c in ("proven_fair", "unsure", "unfair_side")] == [
        "good",
        "doubt",
        "bad",
    ]


def test_the_verdict_in_english() -> None:
    with translation.override("en"):
        text = rehearsal_words.verdict_text("unfair_side", UNFAIR_SIDE | {"direction": "behind"})
    assert text == (
        "Unfair: side right (north-east) is held back, winning only 41% of the games (37–45%) against a "
        "fair 33% (style: the greedy bot)."
    )


def test_a_missing_figure_gives_the_plain_sentence() -> None:
    with translation.override("cs"):
        assert rehearsal_words.verdict_text("unfair_side", {"side": "right"}) == (
            "Plán je nespravedlivý: jedna strana vyhrává příliš často, nebo příliš zřídka."
        )
        assert rehearsal_words.verdict_text("unfair_choice", UNFAIR_SIDE) == (  # a side's params
            "Plán je nespravedlivý: týmy z jednoho místa v pořadí výběru zátok vyhrávají příliš často, nebo "
            "příliš zřídka."
        )
        assert rehearsal_words.problem_text("many_ships_lost", {}) == "Ztrácí se mnoho lodí."
        assert rehearsal_words.verdict_text("fair", {}) == (
            "Plán je spravedlivý, zatím neprokázaně: žádná strana nevyhrává o mnoho víc ani o mnoho míň, "
            "než je její spravedlivý podíl. K důkazu zkuste víc táborů."
        )


def test_an_older_reports_verdict_reads_as_it_was_judged() -> None:
    with translation.override("cs"):
        assert rehearsal_words.old_verdict_text(
            "unfair_bay", {"bay": 4, "side": "left", "share": 0.3, "fair_share": 1 / 6}
        ) == (
            f"Tým v zátoce Z4 vyhrává 30{NBSP}% her, mnohem víc než spravedlivých 17{NBSP}%: "
            "plán je nespravedlivý."
        )
    assert rehearsal_words.old_verdict_tone("fair") == "good"
    assert rehearsal_words.old_verdict_tone("unfair_bay") == "bad"
    assert rehearsal_words.verdict_text("unfair_bay", {}) == "unfair_bay"  # no verdict of format /2


def test_an_unknown_code_is_shown_as_it_is() -> None:
    assert rehearsal_words.verdict_text("lopsided", {}) == "lopsided"
    assert rehearsal_words.verdict_tone("lopsided") == ""


def test_the_styles_and_the_order_of_choice_in_czech() -> None:
    with translation.override("cs"):
        assert [rehearsal_words.style_name(s) for s in ("planner", "greedy", "novice", "mixed", "x")] == [
            "plánovač",
            "hladový bot",
            "začátečník",
            "smíšení (plánovač a hladový bot)",
            "x",
        ]
        assert [rehearsal_words.order_name(n) for n in (1, 2, 3, 4, 5)] == [
            f"týmy, které si vybíraly zátoku jako {nth}"
            for nth in ("první", "druhé", "třetí", "čtvrté", "5.")
        ]
        assert rehearsal_words.share_with_interval(0.34, 0.31, 0.37) == f"34{NBSP}% (31–37{NBSP}%)"
        assert rehearsal_words.share_with_interval(0.34) == f"34{NBSP}%"
        assert rehearsal_words.whole(3000) == f"3{NBSP}000"
    with translation.override("en"):
        assert rehearsal_words.share_with_interval(0.34, 0.31, 0.37) == "34% (31–37%)"
    assert rehearsal_words.interval(None, 0.3) == "–"


@pytest.mark.parametrize(
    ("code", "params", "czech"),
    [
        (
            "treasure_gone_early",
            {"round": 8},
            "V kole 8 už nezbývá žádná truhla k vyzvednutí: další kola nemají o co hrát.",
        ),
        (
            "treasure_left_over",
            {"share": 0.25},
            f"Po posledním kole zůstává na moři průměrně 25{NBSP}% pokladu.",
        ),
        ("many_idle", {"share": 0.12}, f"Ve{NBSP}12{NBSP}% kol měl tým AB, ale nic užitečného na práci."),
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
