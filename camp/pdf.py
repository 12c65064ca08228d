"""What every printed sheet of the camp shares: the embedded DejaVu fonts (Czech renders
everywhere) and a few colour and size helpers for ReportLab canvases."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab import rl_config
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT, FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"

# ReportLab's own switch: its streams skip the ASCII85 encoding, which keeps a PDF 7-bit clean for
# old mail at a quarter more bytes and time; HTTP and files carry bytes as they are.
rl_config.useA85 = 0


def register_fonts(font_dir: Path) -> None:
    """Register DejaVu Sans (regular and bold) from ``font_dir`` once per process."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(font_dir / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, str(font_dir / "DejaVuSans-Bold.ttf")))


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
    while size > smallest and canvas.stringWidth(text, font, size) > width:
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
