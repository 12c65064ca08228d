"""Paper in any room (issue 33): tonight's team sheet read as a laser printer prints it (``pdftoppm
-gray``): a hidden hex and an explored hex of open sea at least 40 grey levels apart, the hidden one
the darker, as on the phone's map; and a team sheet lists the team's own events in full, however
many: the map gives them room in steps (never below its smallest usable size), then they continue
on a page of their own."""

from __future__ import annotations

import io
import re
import shutil
import statistics
import subprocess
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from django.conf import settings
from PIL import Image
from pypdf import PdfReader

from camp.marks import grey
from camp.models import Round
from camp.pdf import register_fonts
from games.islands.engine.hexes import Hex, geometry, to_pixel
from games.islands.engine.tiles import Tile
from games.islands.maps import style
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing.data import SheetEvent, TeamSheet, team_sheets_for
from games.islands.printing.map import INNER, MARGIN, map_extent, map_frame
from games.islands.printing.team_sheet import MIN_MAP_HEX, map_page_layout, render_team_sheets

DPI = 100


@pytest.fixture(autouse=True)
def fonts() -> None:
    """The sheets' fonts, which a layout measures its lines in (a render registers them too)."""
    register_fonts(settings.PDF_FONT_DIR)


needs_pdftoppm = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm is not installed")


def grey_page(data: bytes, page: int, tmp_path: Path) -> Image.Image:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    out = tmp_path / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
         "-png", str(pdf), str(out)],
        check=True, timeout=60,
    )  # fmt: skip
    return Image.open(f"{out}.png").convert("L")


def hex_grey(image: Image.Image, sheet: TeamSheet, label: str) -> float:
    """The median grey of the lower middle of the hex ``label`` on the team's map page (under its
    label and its tile's mark: only the hex's fill there)."""
    layout = map_page_layout(sheet)
    frame = map_frame(sheet.map.side, x=MARGIN, top=layout.top, width=INNER, height=layout.height)
    g = geometry(sheet.map.side)
    cx, cy = to_pixel(g.parse(label))
    x, y = frame((cx, cy + 0.45))
    scale = DPI / 72
    px, py = round(x * scale), round((sheet_canvas.PAGE_H - y) * scale)
    return statistics.median(image.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1))


@needs_pdftoppm
def test_hidden_and_explored_sea_are_forty_grey_levels_apart_the_hidden_darker(
    crowded_round: Callable[[int], Round], tmp_path: Path
) -> None:
    sheet = team_sheets_for(crowded_round(6))[0]
    g = geometry(sheet.map.side)
    busy = {item.at.strip().upper() for item in (*sheet.map.ships, *sheet.map.pirates)}
    cells = [c for c in sheet.map.cells if g.label(Hex(c.q, c.r)) not in busy]
    hidden = [g.label(Hex(c.q, c.r)) for c in cells if c.tile is None]
    sea = [g.label(Hex(c.q, c.r)) for c in cells if c.tile == Tile.OPEN_SEA.value and c.revealed]
    assert len(hidden) >= 3 and len(sea) >= 3, (len(hidden), len(sea))
    image = grey_page(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR), 0, tmp_path)
    hidden_greys = {hex_grey(image, sheet, label) for label in hidden[:3]}
    sea_greys = {hex_grey(image, sheet, label) for label in sea[:3]}
    # every sampled hex of a kind prints alike, and the two kinds 40 levels apart or more
    assert max(hidden_greys) - min(hidden_greys) <= 3 and max(sea_greys) - min(sea_greys) <= 3
    assert min(sea_greys) - max(hidden_greys) >= 40, (hidden_greys, sea_greys)
    # the same meaning as the phone's map: unexplored is the darker
    assert grey(style.HIDDEN_FILL) < grey(style.TILE_FILLS[Tile.OPEN_SEA])


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _many(sheet: TeamSheet, own: int, public: int) -> TeamSheet:
    """``sheet`` with ``own`` events of the team's own and ``public`` of the others, taking turns."""
    mine = [SheetEvent(f"Naše loď {n} objevila hex číslo {n} a pluje dál.", own=True) for n in range(own)]
    others = [SheetEvent(f"Cizí loď {n} proplula kolem ostrova číslo {n}.") for n in range(public)]
    mixed = [e for pair in zip(mine, others, strict=False) for e in pair]
    return replace(sheet, events=(*mixed, *mine[len(others) :], *others[len(mine) :]))


def _pages(data: bytes) -> list[str]:
    return [_flat(page.extract_text() or "") for page in PdfReader(io.BytesIO(data)).pages]


def test_few_events_keep_the_full_map(crowded_round: Callable[[int], Round]) -> None:
    sheet = _many(team_sheets_for(crowded_round(6))[0], own=3, public=3)
    layout = map_page_layout(sheet)
    fewer = map_page_layout(replace(sheet, events=()))
    assert layout.height == fewer.height and not layout.more and not layout.left_out
    pages = _pages(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR))
    assert len(pages) == 2
    assert all(_flat(e.text) in pages[0] for e in sheet.events)


def test_a_busy_round_shrinks_the_map_in_steps_and_lists_every_event(
    crowded_round: Callable[[int], Round],
) -> None:
    base = team_sheets_for(crowded_round(6))[0]
    full = map_page_layout(replace(base, events=())).height
    sheet = _many(base, own=40, public=10)
    layout = map_page_layout(sheet)
    assert layout.height < full and not layout.more and not layout.left_out  # all on the page
    assert round((full - layout.height) / (10 * 72 / 25.4), 6) % 1 == 0  # in steps of 10 mm
    pages = _pages(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR))
    assert len(pages) == 2
    assert all(_flat(e.text) in pages[0] for e in sheet.events)


def test_a_team_with_very_many_events_gets_them_all_on_a_second_page(
    crowded_round: Callable[[int], Round],
) -> None:
    """The smallest map still usable, the team's own events in full (on a page of their own), the
    order form after them; the other teams' too, then (none is left out)."""
    base = team_sheets_for(crowded_round(6))[0]
    sheet = _many(base, own=160, public=40)
    layout = map_page_layout(sheet)
    _x, _y, _w, extent_h = map_extent(sheet.map.side)
    assert layout.more and layout.height >= extent_h * MIN_MAP_HEX - 0.01
    pages = _pages(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR))
    assert len(pages) >= 3
    events_text = "".join(pages[:-1])
    missing = [e.text for e in sheet.events if _flat(e.text) not in events_text]
    assert not missing, missing[:3]
    assert _flat("Co se v kole stalo (pokračování)") in pages[1]
    assert base.team.replace(" ", "") in pages[-1] and _flat("Trasy") in pages[-1]  # the order form last


def test_the_own_events_stay_when_the_others_must_go(crowded_round: Callable[[int], Round]) -> None:
    """Room for the team's own but not for every public event: the public ones go, from the last
    back, a line says how many; none of the team's own."""
    base = team_sheets_for(crowded_round(6))[0]
    for public in range(40, 400, 20):
        sheet = _many(base, own=20, public=public)
        layout = map_page_layout(sheet)
        if layout.left_out:
            break
    else:
        pytest.fail("no number of public events leaves some out")
    assert not layout.more
    own = {i for i, e in enumerate(sheet.events) if e.own}
    assert own <= set(layout.shown)
    pages = _pages(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR))
    assert len(pages) == 2
    assert all(_flat(sheet.events[i].text) in pages[0] for i in own)
    assert _flat(f"(ještě {layout.left_out}): viz nástěnka") in pages[0]


DATE_LIKE = re.compile(r"\b\d{1,2}\.\s?\d{1,2}\b")  # "2. 11", "2.11": a day and a month


@pytest.mark.parametrize(("language", "cell"), [("cs", "11 (2.)"), ("en", "11 (#2)")])
def test_the_ap_table_never_prints_place_and_ap_as_a_date(language: str, cell: str) -> None:
    from django.utils import translation

    from games.islands.printing.data import ap_cell

    with translation.override(language):
        assert ap_cell(11, 2) == cell
        assert ap_cell(3, 12) == cell.replace("11", "3").replace("2", "12")
    assert not DATE_LIKE.search(cell)


def test_the_notice_sheets_ap_table_reads_ap_then_the_place(crowded_round: Callable[[int], Round]) -> None:
    """Tonight's notice-board sheet: each played cell of the AP table is "AP (place.)", the note under
    the table says so with an example; nothing in the table reads as a date."""
    from games.islands.printing.data import notice_sheet_for
    from games.islands.printing.notice_sheet import render_notice_sheet

    sheet = notice_sheet_for(crowded_round(6))
    cells = [c for column in sheet.ap_rounds for c in column.cells if c not in ("", "0")]
    assert cells and all(re.fullmatch(r"\d+ \(\d+\.\)", c) for c in cells), cells
    text = " ".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(
        render_notice_sheet(sheet, font_dir=settings.PDF_FONT_DIR))).pages)  # fmt: skip
    assert all(c in text for c in cells)
    assert "11 (2.) = 11 AB za 2. místo" in text
    table = text[text.index("AB v odehraných kolech") :]
    assert not DATE_LIKE.findall(table), DATE_LIKE.findall(table)[:5]


def _board_forms(data: bytes) -> list[set[str]]:
    """Per page, the names of the board's form XObjects it places."""
    out = []
    for page in PdfReader(io.BytesIO(data)).pages:
        xobjects = page.get("/Resources", {}).get("/XObject", {})
        out.append({str(name) for name in xobjects if "zoMap" in str(name)})
    return out


def test_one_very_busy_team_does_not_shrink_the_others_maps(crowded_round: Callable[[int], Round]) -> None:
    """All teams' sheets in one PDF: the team whose events run on to a page of their own keeps the
    others' map size (one board for all), its own events all printed; the others' maps are as large
    as their own events leave them."""
    sheets = team_sheets_for(crowded_round(6))
    busy = _many(sheets[0], own=160, public=0)
    alone = map_page_layout(sheets[1])
    assert map_page_layout(busy).more and not alone.more
    data = render_team_sheets([busy, *sheets[1:]], font_dir=settings.PDF_FONT_DIR)
    pages = _pages(data)
    extra = len(pages) - 2 * len(sheets)
    assert extra >= 1
    busy_text = "".join(pages[: 2 + extra])
    assert all(_flat(e.text) in busy_text for e in busy.events)
    forms = _board_forms(data)
    map_pages = [0, *range(2 + extra, len(pages), 2)]
    board = set().union(*(forms[i] for i in map_pages))
    assert len(board) == 1  # one board, drawn once
    # the very board (its form named by its box) the other teams' sheets draw without the busy one
    assert board == _board_forms(render_team_sheets(sheets[1:], font_dir=settings.PDF_FONT_DIR))[0]
    # the map the others' events leave, larger than the smallest one the busy team would take alone
    common = min(map_page_layout(sheet).height for sheet in sheets[1:])
    assert common > map_page_layout(busy).height
    assert map_page_layout(busy, height=common).more  # the busy team's rest still on its own page
