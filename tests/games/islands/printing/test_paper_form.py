"""The code and the QR code on each team's printed order form: the code as text, and a QR code whose
modules, read from the page as a laser printer prints it (``pdftoppm -gray``), are exactly those
of the QR code of the staff's lookup address with the code. Nothing else on the sheet changes
with it but the build table's width."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from django.conf import settings
from django.test import Client
from django.urls import reverse
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

from camp.models import Round, Team
from camp.pdf import FONT
from games.islands.paper import paper_code
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing.data import team_sheets_for
from games.islands.printing.team_sheet import QR_CODE_SIZE, QR_SIDE, render_team_sheets

DPI = 300
LOOKUP = "http://192.168.1.10:8000" + "/admin/islands/islandsround/paper/"

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


def text_at(data: bytes, page: int, wanted: str) -> tuple[float, float]:
    """Where (x, baseline y, in points) the page draws ``wanted``, drawn once."""
    found: list[tuple[float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip() == wanted:
            found.append((tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    assert len(found) == 1, f"{wanted!r} is drawn {len(found)} times"
    return found[0]


def read_qr(image: Image.Image, *, left: float, top: float, side: float) -> list[str]:
    """What a phone reads from the square ``side`` points wide at (``left``, ``top``: points from
    the page's top left) of the printed page: the text of each QR code found there (zxing-cpp's
    reader, not the encoder that drew it)."""
    scale = DPI / 72
    box = (int(left * scale), int(top * scale), int((left + side) * scale), int((top + side) * scale))
    return [found.text for found in zxingcpp.read_barcodes(image.crop(box))]


def test_each_order_form_carries_its_teams_code(game: Round, teams: list[Team]) -> None:
    sheets = team_sheets_for(game, teams, lookup=LOOKUP)
    data = render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR)
    reader = PdfReader(io.BytesIO(data))
    for i, team in enumerate(teams):
        code = str(paper_code(camp=game.camp, team=team, round_number=game.number))
        assert sheets[i].paper is not None and sheets[i].paper.code == code
        assert sheets[i].paper.qr == f"{LOOKUP}?code={code}"
        assert code in (reader.pages[2 * i + 1].extract_text() or "")  # on the order form
        assert code not in (reader.pages[2 * i].extract_text() or "")  # not on the map sheet
    codes = {s.paper.code for s in sheets if s.paper}
    assert len(codes) == len(teams)


@needs_pdftoppm
def test_the_printed_qr_code_is_the_lookup_address_with_the_code(
    game: Round, teams: list[Team], tmp_path: Path
) -> None:
    sheet = team_sheets_for(game, [teams[1]], lookup=LOOKUP)[0]
    assert sheet.paper is not None
    data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
    x, baseline = text_at(data, 1, sheet.paper.code)
    bottom = baseline + QR_CODE_SIZE * 0.9
    left = sheet_canvas.PAGE_W - sheet_canvas.MARGIN - QR_SIDE
    image = grey_page(data, 1, tmp_path)
    top = sheet_canvas.PAGE_H - bottom - QR_SIDE
    assert read_qr(image, left=left, top=top, side=QR_SIDE) == [f"{LOOKUP}?code={sheet.paper.code}"]
    # and it is this team's: another team's code is another address
    other = team_sheets_for(game, [teams[0]], lookup=LOOKUP)[0]
    assert other.paper is not None and other.paper.qr != sheet.paper.qr
    # the quiet zone around it is white on the grey print (a phone finds the code)
    scale = DPI / 72
    box = (int(left * scale), int((sheet_canvas.PAGE_H - bottom - QR_SIDE) * scale))
    quiet = [image.getpixel((box[0] + dx, box[1] + dy)) for dx in range(0, 20) for dy in range(0, 20)]
    assert min(quiet) > 240


def test_the_sheet_pdf_from_the_round_page_carries_the_laptops_lookup_address(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    response = staff_client.get(reverse("admin:islands_round_sheet", args=[game.pk, teams[0].pk]))
    assert response.status_code == 200
    text = " ".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(response.content)).pages)
    code = str(paper_code(camp=game.camp, team=teams[0], round_number=game.number))
    assert code in text
    sheet = team_sheets_for(game, [teams[0]], lookup="http://testserver/admin/islands/islandsround/paper/")[0]
    assert sheet.paper is not None
    again = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
    assert again == response.content  # the same sheet, its QR code the page's own address


def test_the_code_does_not_change_the_rest_of_the_sheet(game: Round, teams: list[Team]) -> None:
    """The map sheet is byte for byte the one without a code; the order form only gains it."""
    from dataclasses import replace

    sheet = team_sheets_for(game, [teams[0]], lookup=LOOKUP)[0]
    with_code = PdfReader(io.BytesIO(render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)))
    bare = PdfReader(
        io.BytesIO(render_team_sheets([replace(sheet, paper=None)], font_dir=settings.PDF_FONT_DIR))
    )
    assert with_code.pages[0].get_contents().get_data() == bare.pages[0].get_contents().get_data()
    assert (with_code.pages[1].extract_text() or "").replace(sheet.paper.code, "").replace(
        "pro vedoucí", ""
    ).split() == (bare.pages[1].extract_text() or "").split()


@pytest.mark.parametrize(("language", "caption"), [("cs", "pro vedoucí"), ("en", "for staff")])
def test_the_qr_code_says_it_is_for_staff(
    game: Round, teams: list[Team], language: str, caption: str
) -> None:
    """A child who scans the order form's QR code reads first that it is not the team's own link:
    the line under the code, centred under the QR code, in the sheet's language; a sheet without a
    code has no such line."""
    from dataclasses import replace

    from django.utils import translation

    with translation.override(language):
        sheet = team_sheets_for(game, [teams[0]], lookup=LOOKUP)[0]
        assert sheet.paper is not None
        data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
        bare = render_team_sheets([replace(sheet, paper=None)], font_dir=settings.PDF_FONT_DIR)
    code_x, code_y = text_at(data, 1, sheet.paper.code)
    x, y = text_at(data, 1, caption)
    left = sheet_canvas.PAGE_W - sheet_canvas.MARGIN - QR_SIDE
    assert y < code_y - QR_CODE_SIZE * 0.5  # under the code
    width = pdfmetrics.stringWidth(caption, FONT, 8)
    assert abs(x + width / 2 - (left + QR_SIDE / 2)) < 1  # centred under the QR code
    assert caption not in (PdfReader(io.BytesIO(bare)).pages[1].extract_text() or "")
    # the routes start under it (nothing drawn over it)
    ship = text_at(data, 1, "Trasy" if language == "cs" else "Routes")
    assert ship[1] < y - 8


def test_the_code_and_qr_code_tell_nothing_hidden(game: Round, teams: list[Team]) -> None:
    """The order form with its code and QR code is byte for byte the same when only what the team may
    not know changes: a hidden hex, another team's cargo, the pirates' draws, the camp's seed."""
    from camp.models import Camp
    from games.islands.engine.tiles import Tile
    from games.islands.models.board import BoardHex, Ship
    from games.islands.models.rounds import IslandsRound

    def form() -> bytes:
        round_ = Round.objects.select_related("camp").get(pk=game.pk)
        sheets = team_sheets_for(round_, [teams[0]], lookup=LOOKUP)
        return render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR)

    before = form()
    hidden = BoardHex.objects.filter(camp=game.camp, revealed=False).order_by("q", "r").first()
    assert hidden is not None
    BoardHex.objects.filter(pk=hidden.pk).update(
        tile=Tile.REEFS.value if hidden.tile != "reefs" else "treasure"
    )
    Ship.objects.filter(team=teams[1]).update(chests=2, seahorse=True)
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11})
    Camp.objects.filter(pk=game.camp_id).update(seed=987654321)
    assert form() == before
