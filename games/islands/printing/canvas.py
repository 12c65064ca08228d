"""What both printed sheets of a round draw with (ReportLab, A4): the page's measures, a new
canvas in invariant mode (the same data gives the same bytes), the coloured top band with its
fitted texts, wrapped lines, polygons, centred text, the titles under the band, text that flows on
to a new page, and a few words both sheets print. The camp-wide fonts and colour helpers are
:mod:`camp.pdf`."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from weakref import WeakKeyDictionary

from django.utils.translation import gettext as _
from reportlab.lib.colors import Color, HexColor, black
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from camp.marks import SHAPE_INNER_WIDTH, shape_points
from camp.pdf import FONT, FONT_BOLD, fit_text, ink, polygons_path, write_texts
from games.islands import words
from games.islands.printing.data import SheetShip

PAGE_W, PAGE_H = A4
RGB = tuple[float, float, float]
MARGIN = 10 * mm
INNER = PAGE_W - 2 * MARGIN
GREY = HexColor("#666666")
#: The team's name in a page's top band: this big at most, this small at least (then cut with "…").
BAND_NAME_SIZE, BAND_NAME_SMALLEST = 24, 9
BAND_RIGHT_SIZE = 12
#: The top band's height on a sheet's first page.
BAND_H = 16 * mm
#: The gap between the team's name and the text on the band's right.
BAND_GAP = 6 * mm


def new_canvas(buffer: BytesIO, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1, invariant=1)
    canvas.setTitle(title)
    canvas.setAuthor("Zlaté ostrovy")
    canvas.setCreator("Zlaté ostrovy")
    return canvas


@dataclass(frozen=True)
class BandText:
    """What a top band draws: the left text as it fits (maybe cut with "…") at ``size`` from
    ``MARGIN`` to ``left_end``, and the right text from ``right_start`` to the right margin."""

    left: str
    size: float
    left_end: float
    right_start: float


def band_text(canvas: Canvas, left: str, right: str = "") -> BandText:
    """Fit ``left`` (a team's name, however long) into the band beside ``right`` (the page's title):
    a smaller font down to BAND_NAME_SMALLEST, then cut with "…", never into the title."""
    right_w = canvas.stringWidth(right, FONT_BOLD, BAND_RIGHT_SIZE) if right else 0.0
    room = INNER - right_w - (BAND_GAP if right else 0.0)
    text, size = fit_text(canvas, left, FONT_BOLD, BAND_NAME_SIZE, room, smallest=BAND_NAME_SMALLEST)
    return BandText(
        left=text,
        size=size,
        left_end=MARGIN + canvas.stringWidth(text, FONT_BOLD, size),
        right_start=PAGE_W - MARGIN - right_w,
    )


def band(canvas: Canvas, fill: Color, left: str, right: str = "", *, height: float = BAND_H) -> float:
    """A coloured band across the top of the page with a big text on the left and a smaller one on
    the right, in black or white, whichever reads better on ``fill``; returns the y under it."""
    canvas.setFillColor(fill)
    canvas.rect(0, PAGE_H - height, PAGE_W, height, stroke=0, fill=1)
    canvas.setFillColor(ink(fill))
    band = band_text(canvas, left, right)
    canvas.setFont(FONT_BOLD, band.size)
    canvas.drawString(MARGIN, PAGE_H - height + (height - band.size * 0.7) / 2, band.left)
    if right:
        canvas.setFont(FONT_BOLD, BAND_RIGHT_SIZE)
        y = PAGE_H - height + (height - BAND_RIGHT_SIZE * 0.7) / 2
        canvas.drawRightString(PAGE_W - MARGIN, y, right)
    canvas.setFillColor(black)
    return PAGE_H - height


def lines(canvas: Canvas, x: float, y: float, text: str, *, font: str = FONT, size: float = 9,
           width: float = INNER, leading: float | None = None) -> float:  # fmt: skip
    """``text`` wrapped to ``width`` from the baseline ``y`` down; returns the next baseline."""
    leading = leading or size * 1.3
    canvas.setFont(font, size)
    for part in simpleSplit(text, font, size, width) or [""]:
        canvas.drawString(x, y, part)
        y -= leading
    return y


def polygon(canvas: Canvas, pts: Sequence[tuple[float, float]], *, stroke: int, fill: int) -> None:
    canvas.drawPath(polygons_path(canvas, [pts]), stroke=stroke, fill=fill)


def drawn_once(
    canvas: Canvas, kind: str, held: object, draw: Callable[[], None], *, dy: float = 0.0, place: bool = True
) -> None:
    """``draw()`` as a form XObject named by ``kind`` and ``held`` (the repr of all the drawing
    depends on, the language included): drawn on the document's first call, placed again on the
    later ones, ``dy`` points higher up the page (a part that repeats at other heights). Without
    ``place`` the form is only made (to be placed by a later call)."""
    name = _form_name(canvas, kind, held)
    if not canvas.hasForm(name):
        canvas.beginForm(name)
        draw()
        canvas.endForm()
    if not place:
        return
    if dy:
        canvas.saveState()
        canvas.translate(0, dy)
        canvas.doForm(name)
        canvas.restoreState()
    else:
        canvas.doForm(name)


#: The forms' names each document (canvas) has worked out, by kind and what they hold.
_FORM_NAMES: WeakKeyDictionary[Canvas, dict[tuple[str, object], str]] = WeakKeyDictionary()


def _form_name(canvas: Canvas, kind: str, held: object) -> str:
    """``kind`` and a digest of ``repr(held)``: the same in every document that draws the same, once
    per document (every team's page of a document places the same forms)."""
    names = _FORM_NAMES.setdefault(canvas, {})
    try:
        name = names.get((kind, held))
    except TypeError:  # what it holds cannot be a key: named anew each time
        return kind + hashlib.sha1(repr(held).encode()).hexdigest()
    if name is None:
        name = names[(kind, held)] = kind + hashlib.sha1(repr(held).encode()).hexdigest()
    return name


class Polygons:
    """Many polygons that never overlap (a map's hexes), drawn as one PDF path per fill, edge colour
    and width: a path each, with its colours set again, cost the board more than its coordinates."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.by_style: dict[tuple[RGB, RGB, float], list[Sequence[tuple[float, float]]]] = {}
        self.colours: dict[RGB, Color] = {}

    def add(self, pts: Sequence[tuple[float, float]], *, fill: Color, edge: Color, width: float) -> None:
        """As :func:`polygon` (stroked and filled), filled with ``fill``, its edge ``edge``."""
        fill_key, edge_key = fill.rgb(), edge.rgb()
        self.colours[fill_key], self.colours[edge_key] = fill, edge
        self.by_style.setdefault((fill_key, edge_key, width), []).append(pts)

    def draw(self) -> None:
        for (fill_key, edge_key, width), shapes in self.by_style.items():
            self.canvas.setFillColor(self.colours[fill_key])
            self.canvas.setStrokeColor(self.colours[edge_key])
            self.canvas.setLineWidth(width)
            self.canvas.drawPath(polygons_path(self.canvas, shapes), stroke=1, fill=1)


def team_shape(
    canvas: Canvas,
    shape: str,
    cx: float,
    cy: float,
    r: float,
    *,
    stretch: float = 1.0,
    stroke: int = 1,
    fill: int = 1,
) -> None:
    """A team's shape (:func:`camp.marks.shape_points`) centred on (cx, cy) within radius ``r``,
    ``stretch`` times wider (a marker grown for a longer text), in the canvas's current colours."""
    pts = team_shape_points(shape, cx, cy, r, stretch=stretch)
    if not pts:
        canvas.ellipse(cx - r * stretch, cy - r, cx + r * stretch, cy + r, stroke=stroke, fill=fill)
        return
    polygon(canvas, pts, stroke=stroke, fill=fill)


def team_shape_points(
    shape: str, cx: float, cy: float, r: float, *, stretch: float = 1.0
) -> list[tuple[float, float]]:
    """The outline :func:`team_shape` draws as a polygon; empty for a circle (an ellipse)."""
    return [(cx + (x - cx) * stretch, y) for x, y in shape_points(shape, cx, cy, r, y_up=True)]


#: A team's label inside its mark is printed this large at least, or left out (the shape and its
#: colour still tell the team; the key beside it names it): smaller letters are a grey smudge.
MARK_LABEL_SMALLEST = 6.0


@lru_cache(maxsize=1024)
def mark_label_size(shape: str, label: str, r: float) -> float | None:
    """The font size of ``label`` inside a mark of ``shape`` and radius ``r``: as large as fits,
    None when it fits only under :data:`MARK_LABEL_SMALLEST` (a triangle's narrow middle)."""
    room = 2 * r * SHAPE_INNER_WIDTH.get(shape, 0.75) * 0.9
    size = r * 1.05
    while size >= MARK_LABEL_SMALLEST:
        if pdfmetrics.stringWidth(label, FONT_BOLD, size) <= room:
            return size
        size -= 0.5
    return None


def team_mark(
    canvas: Canvas, shape: str, label: str, fill: Color, cx: float, cy: float, r: float, *, edge: float = 0.5
) -> None:
    """A team's mark: its shape in its colour with a black edge, its label inside in black or white
    (whichever reads on the colour), as large as fits, never under 6 pt (left out then)."""
    canvas.setFillColor(fill)
    canvas.setStrokeColor(black)
    canvas.setLineWidth(edge)
    team_shape(canvas, shape, cx, cy, r)
    size = mark_label_size(shape, label, r)
    if size is not None:
        canvas.setFillColor(ink(fill))
        centred(canvas, cx, cy, label, FONT_BOLD, size)
    canvas.setFillColor(black)


def centred(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """``text`` centred on the point (x, y) both ways."""
    canvas.setFont(font, size)
    canvas.drawCentredString(x, y - size * 0.36, text)


class CentredTexts:
    """Many short texts centred on points, written as one PDF text object, by font and colour (a
    map's hex labels and marks, which never overlap: a text object each, with its font and colour
    set again, cost more than the rest of the board)."""

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas
        self.by_style: dict[tuple[str, float, RGB], list[tuple[float, float, str]]] = {}
        self.fills: dict[RGB, Color] = {}

    def add(self, x: float, y: float, text: str, font: str, size: float, fill: Color) -> None:
        """As :func:`centred`, in ``fill``."""
        key = fill.rgb()
        self.fills[key] = fill
        self.by_style.setdefault((font, size, key), []).append((x, y, text))

    def draw(self) -> None:
        out = self.canvas.beginText()
        for (font, size, key), items in self.by_style.items():
            out.setFillColor(self.fills[key])
            shift = size * 0.36
            write_texts(out, font, size, ((x, y - shift, t) for x, y, t in items), centred=True)
        self.canvas.drawText(out)


def titles(canvas: Canvas, y: float, title: str, camp: str) -> float:
    """The sheet's title and the camp run under the band; returns the y where the map may start."""
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(MARGIN, y - 6 * mm, title)
    canvas.setFont(FONT, 8.5)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, y - 10.5 * mm, camp)
    canvas.setFillColor(black)
    return titles_bottom(y)


def titles_bottom(y: float) -> float:
    """Where :func:`titles` drawn from ``y`` ends (to place what is drawn before them)."""
    return y - 13 * mm


def state_text(state_round: int | None) -> str:
    if state_round is None:
        return _("the map before the first round")
    return _("the map after round %(round)d") % {"round": state_round}


def ship_name(ship: SheetShip) -> str:
    """ "Loď 1", "Bitevní loď"."""
    return words.ship_label(ship.ident)


class Flow:
    """Text flowing down the page; a new page (with a small heading) when it runs out."""

    def __init__(self, canvas: Canvas, y: float, heading: Callable[[], float]) -> None:
        self.canvas, self.y, self.heading = canvas, y, heading

    def need(self, height: float) -> None:
        if self.y - height < MARGIN + 6 * mm:
            self.canvas.showPage()
            self.y = self.heading()

    def title(self, text: str, size: float = 11, *, keep: float = 9 * 1.3) -> None:
        """A heading kept with the next ``keep`` points of what follows it (its first line, a table's
        head and first row): never left alone at the foot of a page."""
        self.need(size * 2.0 + keep)
        self.y -= size * 0.6
        self.canvas.setFont(FONT_BOLD, size)
        self.canvas.drawString(MARGIN, self.y, text)
        self.y -= size * 1.4

    def para(self, text: str, size: float = 9, indent: float = 0.0) -> None:
        parts = simpleSplit(text, FONT, size, INNER - indent) or [""]
        for part in parts:
            self.need(size * 1.3)
            self.canvas.setFont(FONT, size)
            self.canvas.drawString(MARGIN + indent, self.y, part)
            self.y -= size * 1.3
