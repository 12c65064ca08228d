"""A rehearsal's report as a PDF: the figures of every board and the verdicts as text, the best
board marked, each style's shares with their intervals (one 5 points off in bold with "!"), charts
drawn in dashes and patterns (readable in grey), one to four boards, a kept report of the older
format with a line saying so."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.utils import translation
from pypdf import PdfReader

from games.islands import rehearsal_report
from games.islands.printing.rehearsal_sheet import render_rehearsal_sheet
from games.islands.words import rehearsal as rehearsal_words
from tests.games.islands.rehearsal_reports import fake_report, old_report

WHEN = datetime(2026, 6, 20, 18, 30, tzinfo=UTC)
NBSP = "\u00a0"


def pdf(report: dict[str, object]) -> bytes:
    with translation.override("cs"):
        return render_rehearsal_sheet(
            rehearsal_report.report_view(report),
            camp="Letní tábor – 1. běh",
            when=WHEN,
            font_dir=settings.PDF_FONT_DIR,
        )


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_pdf_holds_each_boards_figures_and_verdict() -> None:
    report = fake_report(11, 12, 13)
    text = text_of(pdf(report))
    boards = report["boards"]
    assert "Zlaté ostrovy – zkouška hry\njen pro vedoucí" in text and "Letní tábor – 1. běh" in text
    totals = r"\s+".join(str(b["treasure_total"]) for b in boards)
    assert re.search(rf"Truhel na herním plánu\s+{totals}", text)
    with translation.override("cs"):
        verdict = rehearsal_words.verdict_text(boards[2]["verdict"]["code"], boards[2]["verdict"]["params"])
    assert " ".join(verdict.split()) in " ".join(text.split())  # wrapped in its column
    best = report["best_board"]
    assert f"Semínko {11 + best} ★ nejspravedlivější" in " ".join(text.split())
    for title in ("Poklad doma po kolech", "Vyhrané hry podle stran", "Ztracené lodě po kolech"):
        assert title in text
    assert "Strany a zátoky" in text and "dolní (jih)\n" in text and "\nZ1\n" in text


@pytest.mark.parametrize("boards", [1, 4])
def test_one_to_four_boards(boards: int) -> None:
    content = pdf(fake_report(*range(21, 21 + boards), teams=12, side=9, rounds=30))
    reader = PdfReader(io.BytesIO(content))
    assert 1 <= len(reader.pages) <= 4
    assert all(page.mediabox.width == pytest.approx(595.28, abs=0.1) for page in reader.pages)  # A4


def test_the_charts_tell_the_boards_apart_by_dashes() -> None:
    """The lines of the boards after the first are dashed (a grey print keeps them apart)."""
    content = pdf(fake_report(11, 12, 13))
    page = PdfReader(io.BytesIO(content)).pages
    streams = b"".join(p.get_contents().get_data() for p in page)
    assert b"[7 3.5] 0 d" in streams and b"[2 2.5] 0 d" in streams


def test_the_shares_by_style_with_their_intervals_and_the_marks() -> None:
    """A row per side, a column per style: the greedy bot's bottom side 34 % (31–37 %), its right
    side 41 % (37–45 %), 8 points off its fair 33 %: "!" (bold), which a grey print keeps."""
    report = fake_report(11)
    styles = report["boards"][0]["styles"]
    styles[1]["sides"][0].update(share=0.34, low=0.31, high=0.37, fair_share=0.3333)
    styles[1]["sides"][1].update(share=0.41, low=0.37, high=0.45, fair_share=0.3333)
    for style in (styles[0], styles[2]):  # the other styles fair on these two sides
        for side in style["sides"][:2]:
            side.update(share=0.35, low=0.3, high=0.4, fair_share=0.3333)
    text = " ".join(text_of(pdf(report)).replace(NBSP, " ").split())
    assert (
        "Vyhrané hry podle stylu hry Semínko 11 "
        "Strana nebo pořadí výběru plánovač hladový bot začátečník spravedlivý podíl "
        "dolní (jih) 35 % (30–40 %) 34 % (31–37 %) 35 % (30–40 %) 33 % "
        "pravá (severovýchod) 35 % (30–40 %) 41 % (37–45 %) ! 35 % (30–40 %) 33 % "
    ) in text
    assert "týmy, které si vybíraly zátoku jako první" in text
    assert "Tučně s „!“: 5 a více procentních bodů od spravedlivého podílu." in text


def test_a_kept_report_of_the_older_format_prints_what_it_holds() -> None:
    text = " ".join(text_of(pdf(old_report(11, 12, 13))).replace(NBSP, " ").split())
    assert text.startswith("Zlaté ostrovy – zkouška hry jen pro vedoucí")
    assert "Výsledky ze starší verze. Tuto zkoušku hodnotila starší verze" in text
    assert "Tým v zátoce Z8 vyhrává 50 % her" in text
    assert "Strana nebo pořadí výběru smíšení (plánovač a hladový bot) spravedlivý podíl" in text
    assert "dolní (jih) 50 % ! 33 %" in text
