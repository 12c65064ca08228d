"""Every team told apart on a black-and-white print: a 12-team camp's team sheets and notice-board
sheet rendered in grey (``pdftoppm -gray``, as a laser printer prints them) show every team's mark,
and no two marks look alike; every team sheet carries the key (team, mark, colour, harbor). A
team's label inside its mark is printed at 6 pt or more, or left out."""

from __future__ import annotations

import io
import shutil
import subprocess
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.units import mm

from camp.models import Round
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing.canvas import mark_label_size
from games.islands.printing.data import KeyRow, notice_sheet_for, team_sheets_for
from games.islands.printing.map import KEY_MARK_R, key_position
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import render_team_sheets

DPI = 150
KEY_CAPTION = "Týmy: značka, barva, jméno a přístav"

pytestmark = pytest.mark.skipif(
    shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed: no grey rendering"
)


def grey_page(data: bytes, page: int, tmp_path: Path) -> Image.Image:
    """Page ``page`` (0 = first) of the PDF as ``pdftoppm -gray`` prints it."""
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    out = tmp_path / f"page{page}"
    subprocess.run(
        ["pdftoppm", "-gray", "-r", str(DPI), "-f", str(page + 1), "-l", str(page + 1), "-singlefile",
         "-png", str(pdf), str(out)],
        check=True, timeout=60,
    )  # fmt: skip
    return Image.open(f"{out}.png").convert("L")


def page_texts(data: bytes, page: int) -> list[tuple[str, float, float]]:
    """(text, x, y) of every text the page draws, a form's too (placed where it is drawn)."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip():
            found.append((text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return found


def key_top(texts: list[tuple[str, float, float]]) -> float:
    """The y the key is drawn from (its caption's baseline is 2.6 pt under it)."""
    ys = [y for text, _x, y in texts if text == KEY_CAPTION]
    assert len(ys) == 1, "the key's caption is not on the page once"
    return ys[0] + 2.6


def silhouette(image: Image.Image, cx: float, cy: float) -> frozenset[tuple[int, int]]:
    """The pixels a mark covers in the grey page around the point (cx, cy) in PDF points: each row
    from its first to its last non-white pixel (a white label inside a dark mark is no hole)."""
    scale = DPI / 72
    half = int((KEY_MARK_R * 1.25) * scale)
    px, py = int(cx * scale), int((sheet_canvas.PAGE_H - cy) * scale)
    covered = set()
    for dy in range(-half, half + 1):
        inked = [dx for dx in range(-half, half + 1) if image.getpixel((px + dx, py + dy)) < 200]
        if inked:
            covered.update((dx, dy) for dx in range(min(inked), max(inked) + 1))
    # aligned by their top left corner (marks sit a fraction of a pixel apart from each other)
    left, top = min(x for x, _y in covered or {(0, 0)}), min(y for _x, y in covered or {(0, 0)})
    return frozenset((x - left, y - top) for x, y in covered)


def assert_marks_distinct_in_grey(image: Image.Image, key: tuple[KeyRow, ...], top: float) -> None:
    shapes = {row.team: silhouette(image, *key_position(i, top)) for i, row in enumerate(key)}
    full = (2 * int(KEY_MARK_R * 1.25 * DPI / 72) + 1) ** 2
    for team, shape in shapes.items():
        assert len(shape) > 0.2 * full, f"{team}: no mark in the grey key"
    # One shape twice differs by 5 % at most (its label, the pixel grid), two of the twelve by 14 % or more.
    for (one, a), (other, b) in combinations(shapes.items(), 2):
        differ = len(a ^ b) / len(a | b)
        assert differ > 0.1, f"{one} and {other} look alike in grey ({differ:.0%} of their marks differ)"


def assert_key_complete(texts: list[tuple[str, float, float]], key: tuple[KeyRow, ...]) -> None:
    """Every team's label in its mark, its name and its harbor, at its place in the key."""
    top = key_top(texts)
    joined = " ".join(text for text, _x, _y in texts)
    labels = [row.label for row in key]
    assert len(set(labels)) == len(labels) == 12
    for i, row in enumerate(key):
        cx, cy = key_position(i, top)
        inside = any(
            text == row.label and abs(x - cx) < KEY_MARK_R and abs(y - cy) < KEY_MARK_R
            for text, x, y in texts
        )
        # the label in the mark when it fits at 6 pt or more, else left out (the name is beside it)
        fits = mark_label_size(row.shape, row.label, KEY_MARK_R) is not None
        assert inside == fits, f"{row.team}: its label {row.label} {'not ' if fits else ''}in its mark"
        assert f"{row.team} – {row.harbor}" in joined and row.harbor.startswith("Z")


def label_sizes(data: bytes, page: int, labels: set[str]) -> list[tuple[str, float]]:
    """The font size (points, as printed) of every text of the page that is a team's label."""
    found: list[tuple[str, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: Any, size: float) -> None:
        if text.strip() in labels:
            found.append((text.strip(), size * abs(tm[3] * cm[3])))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return found


def test_every_team_sheet_has_the_key_and_twelve_distinct_marks_in_grey(
    crowded_round: Callable[[int], Round], tmp_path: Path
) -> None:
    round_: Round = crowded_round(12)
    sheets = team_sheets_for(round_)
    data = render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR)
    key = sheets[0].key
    assert len(key) == 12 and all(sheet.key == key for sheet in sheets)
    for i in range(len(sheets)):  # every team's map page carries the whole key
        assert_key_complete(page_texts(data, 2 * i), key)
    texts = page_texts(data, 0)
    assert_marks_distinct_in_grey(grey_page(data, 0, tmp_path), key, key_top(texts))
    # each harbor's mark on the map, above the key (the map's hex labels are one text object: its
    # marks' labels are drawn each on its own)
    top = key_top(texts)
    for row in key:
        on_map = [y for text, _x, y in texts if text == row.label and y > top + 5 * mm]
        assert len(on_map) <= 1, f"{row.team}: {len(on_map)} marks on the map, its harbor has one"
    # no team's label is printed under 6 pt (a grey smudge): in the key, on the map, on each page
    labels = {row.label for row in key}
    for page in range(len(PdfReader(io.BytesIO(data)).pages)):
        sizes = label_sizes(data, page, labels)
        assert all(size >= 6 for _label, size in sizes), (page, sorted(sizes, key=lambda x: x[1])[:3])
    assert label_sizes(data, 0, labels), "no label printed at all"


def test_the_notice_board_sheet_has_the_key_and_twelve_distinct_marks_in_grey(
    crowded_round: Callable[[int], Round], tmp_path: Path
) -> None:
    sheet = notice_sheet_for(crowded_round(12))
    data = render_notice_sheet(sheet, font_dir=settings.PDF_FONT_DIR)
    texts = page_texts(data, 0)
    assert_key_complete(texts, sheet.key)
    assert_marks_distinct_in_grey(grey_page(data, 0, tmp_path), sheet.key, key_top(texts))
    labels = {row.label for row in sheet.key}
    for page in range(len(PdfReader(io.BytesIO(data)).pages)):
        sizes = label_sizes(data, page, labels)
        assert all(size >= 6 for _label, size in sizes), (page, sorted(sizes, key=lambda x: x[1])[:3])
