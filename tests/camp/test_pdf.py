"""The helpers every printed sheet shares: black or white text on a team's colour, and a text
fitted into a width (smaller, then cut with "…")."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.conf import settings
from reportlab.lib.colors import black, white
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import ELLIPSIS, FONT_BOLD, colour, fit_text, ink, register_fonts


@pytest.mark.parametrize(
    ("background", "text"),
    [
        ("#f1c40f", black),  # yellow
        ("#2ecc71", black),  # light green: white read badly on it (contrast 1.9)
        ("#e67e22", black),  # orange
        ("#ffffff", black),
        ("#c0392b", white),  # deep red
        ("#2471a3", white),  # blue
        ("#8e44ad", white),  # purple
        ("#000000", white),
    ],
)
def test_ink_is_whichever_contrasts_more(background: str, text: object) -> None:
    assert ink(colour(background)) == text


def test_fit_text_shrinks_then_cuts_with_an_ellipsis() -> None:
    register_fonts(Path(settings.PDF_FONT_DIR))
    canvas = Canvas(io.BytesIO())
    assert fit_text(canvas, "Modří", FONT_BOLD, 24, 300) == ("Modří", 24)
    name = "Žlutí Kapitáni a přátelé s velmi dlouhým jménem posádky " * 2
    text, size = fit_text(canvas, name, FONT_BOLD, 24, 300, smallest=9)
    assert size == 9 and text.endswith(ELLIPSIS) and name.startswith(text[:-1])
    assert canvas.stringWidth(text, FONT_BOLD, size) <= 300
    medium = "Žlutí Kapitáni a přátelé"
    text, size = fit_text(canvas, medium, FONT_BOLD, 24, 200, smallest=9)
    assert text == medium and 9 < size < 24 and canvas.stringWidth(text, FONT_BOLD, size) <= 200
