"""The link sheets PDF: the link on the sheet survives being copied out of it."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
import zxingcpp
from django.conf import settings
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase import pdfmetrics

from camp.pdf import FONT_BOLD, qr_modules, qr_svg
from games.batavia.printing import LinkSheet, _wrap_link, render_link_sheets

# The 60th character is a hyphen: where a naive 60-character wrap would end a line.
SHORT = "http://10.0.0.5:8000/batavia/t/" + "a" * 28 + "-_tail-token/"
LONG = "http://" + "h" * 52 + "-" + "x" * 100 + "/batavia/t/abc-_def/"


def test_a_wrapped_link_never_ends_a_line_with_a_hyphen() -> None:
    for url in (SHORT, LONG):
        lines = _wrap_link(url, 60)
        assert "".join(lines) == url
        assert all(len(line) <= 60 and not line.endswith("-") for line in lines)
    assert _wrap_link(LONG, 60)[1].startswith("-")


def pdf_text(url: str, tmp_path: Path) -> str:
    page = LinkSheet(team="Červení", colour="#c0392b", url=url, title="Batavia")
    pdf = tmp_path / "h.pdf"
    pdf.write_bytes(render_link_sheets([page], font_dir=Path(settings.PDF_FONT_DIR)))
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_a_link_that_fits_is_one_line_and_copies_whole(tmp_path: Path) -> None:
    text = pdf_text(SHORT, tmp_path)
    assert SHORT in text.splitlines()
    assert "Červení" in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_a_wrapped_link_copies_whole(tmp_path: Path) -> None:
    text = pdf_text(LONG, tmp_path)
    assert LONG not in text.splitlines()  # it really was wrapped
    assert LONG in text.replace("\n", "")


def test_a_long_team_name_stays_on_the_page() -> None:
    """A 100-character name is set smaller, then cut with "…", instead of running off the band."""
    name = ("Žlutí Kapitáni a přátelé s velmi dlouhým jménem posádky, která se nikam nevejde " * 2)[:100]
    page = LinkSheet(team=name, colour="#f1c40f", url=SHORT, title="Batavia")
    data = render_link_sheets([page], font_dir=Path(settings.PDF_FONT_DIR))
    drawn: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.startswith("Žlutí"):
            drawn.append((text.strip(), tm[4], size * tm[0]))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    [(text, x, size)] = drawn
    assert text.endswith("…") and name.startswith(text[:-1].rstrip())
    assert x + pdfmetrics.stringWidth(text, FONT_BOLD, size) <= A4[0] - x + 0.01  # the right margin


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) not installed")
def test_the_printed_qr_code_reads_as_the_link_in_grey(tmp_path: Path) -> None:
    """What a phone's camera reads from the sheet printed in grey is the team's link, whole."""
    pdf = tmp_path / "links.pdf"
    pages = [
        LinkSheet(team=team, colour="#c0392b", url=url, title="Batavia")
        for team, url in (("Červení", SHORT), ("Modří", LONG))
    ]
    pdf.write_bytes(render_link_sheets(pages, font_dir=settings.PDF_FONT_DIR))
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "150", "-png", str(pdf), str(tmp_path / "page")], check=True, timeout=60
    )
    read = [
        [found.text for found in zxingcpp.read_barcodes(Image.open(page))]
        for page in sorted(tmp_path.glob("page-*.png"))
    ]
    assert read == [[SHORT], [LONG]]


def test_the_staff_pages_qr_code_has_the_printed_modules() -> None:
    """The team links page draws the same modules as paper: one dark square per dark module."""
    modules = qr_modules(SHORT)
    svg = qr_svg(SHORT, label="QR")
    assert svg.count("h1v1h-1z") == sum(row.count(True) for row in modules) > 0
    assert f'viewBox="0 0 {len(modules) + 8} {len(modules) + 8}"' in svg
