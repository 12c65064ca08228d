"""What every printed sheet of the camp shares: the embedded DejaVu fonts (Czech renders
everywhere), a few colour and size helpers for ReportLab canvases, and the link sheets (one A4 page
per team with its private link and a QR code of it: Batavia's seats, the islands' team links)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.pdfgen.textobject import PDFTextObject

FONT, FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"

# ReportLab's own switch: its streams skip the ASCII85 encoding, which keeps a PDF 7-bit clean for
# old mail at a quarter more bytes and time; HTTP and files carry bytes as they are.
rl_config.useA85 = 0


def register_fonts(font_dir: Path) -> None:
    """Register DejaVu Sans (regular and bold) from ``font_dir`` once per process."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        for name, file in ((FONT, "DejaVuSans.ttf"), (FONT_BOLD, "DejaVuSans-Bold.ttf")):
            pdfmetrics.registerFont(TTFont(name, str(font_dir / file)))


def polygons_path(canvas: Canvas, polygons: Iterable[Sequence[tuple[float, float]]]) -> PDFPathObject:
    """One path of closed polygons (a map's hexes of one style: one path draws them all)."""
    path = canvas.beginPath()
    for points in polygons:
        (x, y), *rest = points
        path.moveTo(x, y)
        for a, b in rest:
            path.lineTo(a, b)
        path.close()
    return path


def write_texts(
    text: PDFTextObject,
    font: str,
    size: float,
    items: Iterable[tuple[float, float, str]],
    *,
    centred: bool = False,
) -> None:
    """Each (x, y, string) into one text object, from its own origin (``centred``: centred on x),
    in ``font`` at ``size``: one text object for a map's labels costs a fraction of one each."""
    text.setFont(font, size)
    for x, y, string in items:
        text.setTextOrigin(x - pdfmetrics.stringWidth(string, font, size) / 2 if centred else x, y)
        text.textOut(string)


@lru_cache(maxsize=512)
def colour(text: str, fallback: str = "#555555") -> HexColor:
    """A colour from ``#rrggbb`` text; ``fallback`` for anything else (parsed once per text: a map
    asks for the same few colours hundreds of times; nothing changes a colour once made)."""
    try:
        return HexColor(text)
    except (ValueError, TypeError):
        return HexColor(fallback)


def reads_black(red: float, green: float, blue: float) -> bool:
    """Whether black text reads better than white on the colour ``red, green, blue`` (0–1 each):
    the one with the higher contrast by the colour's relative luminance (WCAG), so black from a
    luminance of about 0.18 up. Yellow, light green and orange get black, deep red and blue white.

    >>> reads_black(0.945, 0.769, 0.059), reads_black(0.18, 0.8, 0.443), reads_black(0.753, 0.224, 0.169)
    (True, True, False)
    """

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05)


def ink(background: Color) -> Color:
    """Black or white, whichever reads better on ``background`` (see :func:`reads_black`)."""
    return black if reads_black(background.red, background.green, background.blue) else white


def fit(canvas: Canvas, text: str, font: str, size: float, width: float, *, smallest: float = 8) -> float:
    """The largest font size up to ``size`` (down to ``smallest``) at which ``text`` fits ``width``."""
    return _fit_size(text, font, size, width, smallest)


@lru_cache(maxsize=4096)
def _fit_size(text: str, font: str, size: float, width: float, smallest: float) -> float:
    """:func:`fit`, once per text, font and room (the fonts' widths never change once registered:
    a map fits the same ship numbers into the same markers on every team's sheet)."""
    while size > smallest and pdfmetrics.stringWidth(text, font, size) > width:
        size -= 0.5
    return size


ELLIPSIS = "…"


def fit_text(
    canvas: Canvas, text: str, font: str, size: float, width: float, *, smallest: float = 8
) -> tuple[str, float]:
    """``text`` and the font size to draw it within ``width``: the largest size up to ``size`` at
    which it fits (:func:`fit`); if it does not fit even at ``smallest``, it is cut and ends with
    "…" (a long team name must never run into what stands next to it)."""
    size = fit(canvas, text, font, size, width, smallest=smallest)
    if canvas.stringWidth(text, font, size) <= width:
        return text, size
    keep, longest = 0, len(text)  # the longest start of the text that fits with the ellipsis
    while keep < longest:
        middle = (keep + longest + 1) // 2
        if canvas.stringWidth(text[:middle].rstrip() + ELLIPSIS, font, size) <= width:
            keep = middle
        else:
            longest = middle - 1
    return text[:keep].rstrip() + ELLIPSIS, size


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
    #: Black on white (a white band framed in black, not the team's colour): for a black-and-white printer.
    mono: bool = False


@lru_cache(maxsize=256)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code of ``text`` at error correction M: its modules, row by row from the top, dark
    True. zxing-cpp's encoder (C++, ~0.4 ms a code), not ReportLab's pure-Python one (9–20 ms a
    code): the first print after a resolve encodes every team's new paper code."""
    import zxingcpp  # loads on first use: start-up imports no QR module

    image = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M").to_image(
        scale=1, add_quiet_zones=False
    )
    pixels = bytes(memoryview(image))  # one byte a module, row by row: 0 dark, 255 light
    count = image.shape[1]
    return tuple(tuple(pixels[row * count + col] < 128 for col in range(count)) for row in range(count))


def draw_qr(canvas: Canvas, text: str, left: float, bottom: float, side: float) -> None:
    """The QR code of ``text`` in the square ``side`` wide from (``left``, ``bottom``): white, a
    quiet zone of 4 modules, the dark modules black, as one path of the rows' dark runs (what
    a QR code widget draws as a shape per module, at a hundredth of the cost)."""
    canvas.saveState()
    canvas.setFillColor(white)
    canvas.rect(left, bottom, side, side, stroke=0, fill=1)
    canvas.setFillColor(black)
    canvas.drawPath(_qr_path(text, left, bottom, side), stroke=0, fill=1)
    canvas.restoreState()


@lru_cache(maxsize=256)
def _qr_path(text: str, left: float, bottom: float, side: float) -> PDFPathObject:
    """The dark runs of :func:`draw_qr` as a path (geometry only: the same in every document)."""
    modules = qr_modules(text)
    size = side / (len(modules) + 8)
    path = PDFPathObject()
    top = bottom + side - 4 * size
    for r, row in enumerate(modules):
        col = 0
        while col < len(row):
            if not row[col]:
                col += 1
                continue
            end = col
            while end < len(row) and row[end]:
                end += 1
            path.rect(left + (4 + col) * size, top - (r + 1) * size, (end - col) * size, size)
            col = end
    return path


def qr_svg(url: str, *, label: str) -> str:
    """The QR code of ``url`` as one small inline ``<svg>`` (one path, black on white, a quiet zone of
    4 modules; the same modules as the printed QR codes), for a staff page
    that shows the teams' QR codes. ``label`` (escaped here) names it for screen readers."""
    from xml.sax.saxutils import quoteattr

    modules = qr_modules(url)
    count = len(modules)
    dark = "".join(
        f"M{col + 4},{row + 4}h1v1h-1z" for row in range(count) for col in range(count) if modules[row][col]
    )
    side = count + 8
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" role="img" '
        f'aria-label={quoteattr(label)} shape-rendering="crispEdges">'
        f'<rect width="{side}" height="{side}" fill="#fff"/><path d="{dark}" fill="#000"/></svg>'
    )


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


def render_link_sheets(pages: Sequence[LinkSheet], *, font_dir: Path, title: str = "Batavia") -> bytes:
    """The PDF of the link sheets, one A4 page each: name, title, QR code, the link in full, the lines."""
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1, invariant=1)  # the same sheet, the same bytes
    canvas.setTitle(title)
    width, height = A4
    margin = 18 * mm
    inner = width - 2 * margin
    for page in pages:
        # the team's colour band with its name
        band = 34 * mm
        if page.mono:
            canvas.setLineWidth(2)
            canvas.rect(margin / 2, height - band, width - margin, band - margin / 2, stroke=1, fill=0)
            canvas.setFillColor(black)
        else:
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
        y -= 10 * mm + side
        draw_qr(canvas, page.url, (width - side) / 2, y, side)
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
