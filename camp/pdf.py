"""What every printed sheet of the camp shares: the embedded DejaVu fonts (Czech renders
everywhere) and a few colour and size helpers for ReportLab canvases."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT, FONT_BOLD = "DejaVuSans", "DejaVuSans-Bold"


def register_fonts(font_dir: Path) -> None:
    """Register DejaVu Sans (regular and bold) from ``font_dir`` once per process."""
    if FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FONT, str(font_dir / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(FONT_BOLD, str(font_dir / "DejaVuSans-Bold.ttf")))


def colour(text: str, fallback: str = "#555555") -> HexColor:
    """A colour from ``#rrggbb`` text; ``fallback`` for anything else."""
    try:
        return HexColor(text)
    except (ValueError, TypeError):
        return HexColor(fallback)


def ink(background: Color) -> Color:
    """Black or white, whichever reads better on ``background``."""
    c = background
    return black if (0.299 * c.red + 0.587 * c.green + 0.114 * c.blue) > 0.59 else white


def fit(canvas: Canvas, text: str, font: str, size: float, width: float, *, smallest: float = 8) -> float:
    """The largest font size up to ``size`` (down to ``smallest``) at which ``text`` fits ``width``."""
    while size > smallest and canvas.stringWidth(text, font, size) > width:
        size -= 0.5
    return size
