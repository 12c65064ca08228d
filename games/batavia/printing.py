"""Batavia on paper: the link sheets, one A4 page per team with its team name, its private link and
a QR code of it.

:func:`render_link_sheets` takes plain data (no models, no requests) and returns the PDF's bytes. The
DejaVu fonts from ``settings.PDF_FONT_DIR`` are embedded so Czech renders everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib.colors import Color, HexColor, black
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, colour, fit_text, ink, register_fonts


@dataclass(frozen=True)
class LinkSheet:
    """One team's sheet. ``lines`` are the instructions under the QR code (already translated)."""

    team: str
    colour: str
    url: str
    title: str
    subtitle: str = ""
    lines: Sequence[str] = field(default_factory=tuple)
    footer: str = ""


def _colour(text: str) -> HexColor:
    return colour(text)


def _ink(text: str) -> Color:
    return ink(colour(text))


def _fit(canvas: Canvas, text: str, font: str, size: float, width: float) -> float:
    """The largest font size up to ``size`` at which ``text`` fits ``width``."""
    while size > 8 and canvas.stringWidth(text, font, size) > width:
        size -= 1
    return size


def _wrap_link(url: str, length: int) -> list[str]:
    """Cut a link (it has no spaces) into lines of at most ``length`` characters, never after a
    ``-``: PDF text extraction joins such a line to the next without its hyphen, so a link copied
    from the sheet would break.

    >>> _wrap_link("abc-defg", 4)
    ['abc', '-def', 'g']
    """
    lines: list[str] = []
    rest = url
    while len(rest) > length:
        cut = length
        while cut > 1 and rest[cut - 1] == "-":
            cut -= 1
        lines.append(rest[:cut])
        rest = rest[cut:]
    return lines + [rest] if rest else lines


def render_link_sheets(pages: Sequence[LinkSheet], *, font_dir: Path) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1)
    canvas.setTitle("Batavia")
    width, height = A4
    margin = 18 * mm
    inner = width - 2 * margin
    for page in pages:
        # the team's colour band with its name
        band = 34 * mm
        canvas.setFillColor(_colour(page.colour))
        canvas.rect(0, height - band, width, band, stroke=0, fill=1)
        canvas.setFillColor(_ink(page.colour))
        name, size = fit_text(canvas, page.team, FONT_BOLD, 40, inner, smallest=12)  # a long one ends in "…"
        canvas.setFont(FONT_BOLD, size)
        canvas.drawString(margin, height - band + 11 * mm, name)
        canvas.setFillColor(black)
        y = height - band - 14 * mm
        canvas.setFont(FONT_BOLD, 22)
        canvas.drawString(margin, y, page.title)
        if page.subtitle:
            y -= 9 * mm
            canvas.setFont(FONT, 13)
            canvas.drawString(margin, y, page.subtitle)
        # the QR code, centred
        side = 95 * mm
        widget = QrCodeWidget(page.url, barLevel="M")
        x0, y0, x1, y1 = widget.getBounds()
        drawing = Drawing(side, side, transform=[side / (x1 - x0), 0, 0, side / (y1 - y0), 0, 0])
        drawing.add(widget)
        y -= 10 * mm + side
        renderPDF.draw(drawing, canvas, (width - side) / 2, y)
        # the link in full: on one line if it fits at a readable size, else wrapped
        y -= 10 * mm
        size = _fit(canvas, page.url, FONT, 11, inner)
        canvas.setFont(FONT, size)
        chunks = [page.url] if canvas.stringWidth(page.url, FONT, size) <= inner else _wrap_link(page.url, 60)
        for chunk in chunks:
            canvas.drawCentredString(width / 2, y, chunk)
            y -= 5.5 * mm
        y -= 6 * mm
        canvas.setFont(FONT, 13)
        for line in page.lines:
            for part in simpleSplit(line, FONT, 13, inner):
                canvas.drawString(margin, y, part)
                y -= 6.5 * mm
            y -= 2 * mm
        if page.footer:
            canvas.setFont(FONT, 9)
            canvas.setFillColor(HexColor("#666666"))
            canvas.drawString(margin, 12 * mm, page.footer)
            canvas.setFillColor(black)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
