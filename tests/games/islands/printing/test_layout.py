"""The printed pages' layout, measured on the PDF (pypdf's text positions): no heading left at a
page's foot, the master sheet on one page for up to 12 teams (a second page only when planned, with
its own heading), a map hint naming both hexes, the order form's page used to its foot."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest
from django.conf import settings
from pypdf import PdfReader
from reportlab.lib.units import mm

from camp.models import Round, Team
from games.islands.models.rounds import RoundResult
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing.data import (
    SheetShip,
    master_sheet_for,
    notice_sheet_for,
    team_sheets_for,
)
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import render_team_sheets

#: The crowded camps' numbers of teams (tests/games/islands/printing/conftest.py).
SIDES = (6, 12)


@dataclass(frozen=True)
class Text:
    text: str
    y: float
    size: float
    bold: bool


def texts_of(data: bytes) -> list[list[Text]]:
    """Per page, every text drawn directly on it (not inside a form): its baseline y and font."""
    pages: list[list[Text]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip() and font is not None:
            bold = "Bold" in str(font.get("/BaseFont", ""))
            pages[-1].append(Text(text.strip(), tm[5] * cm[3] + cm[5], size * tm[0] * cm[0], bold))

    for page in PdfReader(io.BytesIO(data)).pages:
        pages.append([])
        page.extract_text(visitor_text=visit)
    return pages


def headings(page: list[Text]) -> list[Text]:
    """The section headings of a page under its band (bold 11 pt: Flow.title)."""
    return [t for t in page if t.bold and abs(t.size - 11) < 0.1 and t.y < sheet_canvas.PAGE_H - 20 * mm]


def assert_no_heading_alone_at_a_foot(data: bytes) -> None:
    for number, page in enumerate(texts_of(data), start=1):
        for heading in headings(page):
            below = [t for t in page if t.y < heading.y - 1 and t not in headings(page)]
            assert below, f"page {number}: “{heading.text}” is left alone at the page's foot"
            assert heading.y > sheet_canvas.MARGIN + 6 * mm, (number, heading)


@pytest.mark.parametrize("teams", SIDES)
def test_no_heading_is_left_at_a_pages_foot(crowded_round: Callable[[int], Round], teams: int) -> None:
    round_ = crowded_round(teams)
    notice = render_notice_sheet(notice_sheet_for(round_), font_dir=settings.PDF_FONT_DIR)
    assert_no_heading_alone_at_a_foot(notice)
    assert_no_heading_alone_at_a_foot(
        render_master_sheet(master_sheet_for(round_), font_dir=settings.PDF_FONT_DIR)
    )
    assert_no_heading_alone_at_a_foot(
        render_team_sheets(team_sheets_for(round_), font_dir=settings.PDF_FONT_DIR)
    )
    # the round's events start on the page of their heading
    pages = texts_of(notice)
    heading = next(i for i, page in enumerate(pages) if any(t.text == "Co se stalo v kole 3" for t in page))
    assert any(t.text.startswith("Kolo 3, ") for t in pages[heading])


def test_a_table_run_on_to_the_next_page_takes_three_rows_or_more(
    crowded_round: Callable[[int], Round],
) -> None:
    """The 12-team notice board's tables run over its pages: a page that goes on with a table (its
    head again at the top) has at least three of its rows, never one or two left alone."""
    sheet = notice_sheet_for(crowded_round(12))
    pages = texts_of(render_notice_sheet(sheet, font_dir=settings.PDF_FONT_DIR))
    names = {row.team for row in sheet.key}
    continued = 0
    for page in pages[1:]:
        under_band = [t for t in page if t.y < sheet_canvas.PAGE_H - 12 * mm]
        if under_band and under_band[0].text == "tým":
            rows = [t for t in under_band[1:] if t.bold and t.text.split(". ")[-1] in names]
            next_heading = next((t.y for t in headings(page)), 0.0)
            assert len([t for t in rows if t.y > next_heading]) >= 3
            continued += 1
    assert continued >= 1  # the 12 teams' tables do run over


def test_a_heading_with_no_room_for_its_first_line_moves_to_the_next_page() -> None:
    """Flow.title keeps a heading with ``keep`` points of what follows it."""
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    pages = []
    flow = sheet_canvas.Flow(canvas, sheet_canvas.MARGIN + 6 * mm + 30, lambda: pages.append(1) or 700.0)
    flow.title("Co se stalo v kole 3", keep=4 * 9 * 1.3)  # 22 pt of heading + 47 of lines > 30
    assert pages == [1] and flow.y < 700
    flow = sheet_canvas.Flow(canvas, sheet_canvas.MARGIN + 6 * mm + 40, lambda: pages.append(2) or 700.0)
    flow.title("Pořadí")  # room for the heading and one line: it stays
    assert pages == [1]


@pytest.mark.parametrize("teams", SIDES)
def test_the_master_sheet_is_one_page_for_up_to_12_teams(
    crowded_round: Callable[[int], Round], teams: int
) -> None:
    sheet = master_sheet_for(crowded_round(teams))
    assert len(sheet.teams) == teams
    data = render_master_sheet(sheet, font_dir=settings.PDF_FONT_DIR)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    text = " ".join((reader.pages[0].extract_text() or "").split())
    for row in sheet.teams:
        assert row.team in text and f"přístav {row.harbor} · AB na 4. kolo" in text
    assert "Piráti" in text


def test_a_master_sheet_too_full_for_one_page_plans_a_second_with_its_own_heading(
    crowded_round: Callable[[int], Round],
) -> None:
    """Twelve teams with seven ships each (with notes) do not fit under a readable map: the map
    keeps the first page, the teams and pirates get the second one, headed as such."""
    sheet = master_sheet_for(crowded_round(12))
    fleet = tuple(
        SheetShip(
            ident=f"C{i}", battleship=False, at="D3", chests=2, notes=("mořský koník: 2 pohyby za krok",)
        )
        for i in range(1, 7)
    ) + (SheetShip(ident="B", battleship=True, at="E4", chests=0, notes=("drží ji chobotnice",)),)
    full = replace(sheet, teams=tuple(replace(row, ships=fleet) for row in sheet.teams))
    reader = PdfReader(io.BytesIO(render_master_sheet(full, font_dir=settings.PDF_FONT_DIR)))
    assert len(reader.pages) == 2
    first, second = (page.extract_text() or "" for page in reader.pages)
    assert second.startswith("Hlavní arch – týmy a piráti") and "JEN PRO VEDOUCÍ" in second
    assert "Týmy" in second and "Piráti\n" not in first and "Týmy" not in first
    for row in full.teams:
        assert f"přístav {row.harbor} · AB na 4. kolo" in " ".join(second.split())


def test_a_map_hint_names_where_the_map_was_found_and_where_the_hint_was_taken(
    game: Round, teams: list[Team]
) -> None:
    team = teams[0]
    result = RoundResult.objects.get(round__camp=game.camp, round__number=1)
    ship = f"{team.name}.C1"
    events = [
        *result.events,
        {"step": 2, "half": 1, "what": "map", "at": "D3", "team": team.name, "actor": "C1",
         "visibility": "public"},
        {"step": 5, "half": 1, "what": "map", "at": "B2", "team": team.name, "actor": "C1",
         "visibility": "public"},
        {"step": 9, "half": 1, "what": "hint", "at": "Z2", "team": team.name, "actor": "C1",
         "visibility": "team", "detail": {"point": "N"}},
    ]  # fmt: skip
    RoundResult.objects.filter(pk=result.pk).update(events=events, hints={ship: "N"})
    sheet = team_sheets_for(game, [team])[0]
    # the first map found (the one the engine takes), then where the ship was
    assert sheet.hints == (
        "Loď 1 (mapa nalezená na D3, nápověda získaná na Z2): nejbližší poklad leží směrem S",
    )
    data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
    text = " ".join((PdfReader(io.BytesIO(data)).pages[0].extract_text() or "").split())
    assert "mapa nalezená na D3, nápověda získaná na Z2" in text


def rules_across(data: bytes, page: int) -> list[float]:
    """The y of every straight line drawn across most of the page's width (a notes box's lines)."""
    found: list[float] = []
    start: list[float] = []

    def visit(op: bytes, args: list[Any], cm: list[float], tm: list[float]) -> None:
        if op == b"m":
            start[:] = [float(a) for a in args]
        elif op == b"l" and start:
            x, y = (float(a) for a in args)
            if abs(y - start[1]) < 0.01 and abs(x - start[0]) > 150 * mm:
                found.append(y)

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_operand_before=visit)
    return found


def test_the_order_form_uses_its_page_down_to_the_foot(crowded_round: Callable[[int], Round]) -> None:
    """Under the routes the rest of the page is the team's notes box, lined down to the margin."""
    sheet = next(s for s in team_sheets_for(crowded_round(6)) if len(s.ships) <= 2)
    data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
    form = texts_of(data)[1]
    notes = next(t for t in form if t.text == "Naše poznámky")
    written = [t for t in form if t.size >= 7 and t is not notes]  # (the cells' numbers sit in a form)
    assert notes.bold and written and all(t.y > notes.y for t in written)  # the last thing written
    rules = [y for y in rules_across(data, 1) if y < notes.y]
    assert len(rules) >= 8
    assert min(rules) < sheet_canvas.MARGIN + 12 * mm  # down to the foot of the page
