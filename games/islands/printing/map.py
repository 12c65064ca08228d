"""The Golden Islands board drawn on a ReportLab canvas (the printed sheets), from a
:class:`MapView` (:mod:`games.islands.maps.visibility`: what the reader may see is decided before
drawing). Hexes are placed by the hex math of :mod:`games.islands.engine.hexes`, the markers laid
out by :mod:`games.islands.maps.style`, in the same colours and marks as the screens."""

from __future__ import annotations

import hashlib
import math
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.marks import SHAPE_INNER_WIDTH
from camp.pdf import FONT, FONT_BOLD, colour, fit, fit_text
from games.islands import words
from games.islands.engine.hexes import Hex, corners, corners_around, geometry, to_pixel
from games.islands.engine.tiles import Tile
from games.islands.maps import style
from games.islands.maps.visibility import HarborView, MapView, PirateView, ShipView
from games.islands.printing.canvas import (
    GREY,
    INNER,
    MARGIN,
    CentredTexts,
    Polygons,
    drawn_once,
    polygon,
    team_mark,
    team_shape,
    team_shape_points,
)
from games.islands.printing.data import KeyRow

#: A hex is never drawn larger than this (small boards would look blown up).
MAX_HEX = 13 * mm
#: A hidden hex on paper means what it means on the phone: darker than the explored sea (the
#: screens' grey, lightened: the screens' dark grey would soak the sheet in ink and leave the teams
#: no room to write on it). In grey (``pdftoppm -gray``) 183, the open sea 226: 43 levels apart, so a
#: laser print tells explored from unexplored (it was 247 against 226, a near-white the sea matched).
PAPER_HIDDEN_FILL = "#b0b8c0"
PAPER_HIDDEN_EDGE = HexColor("#ffffff")
LABEL_INK = HexColor("#223333")
BAY_EDGE = HexColor("#99bbbb")
BAY_INK = HexColor("#446677")
HARBOR_INK = HexColor("#112233")
HIDDEN_MARK_INK = HexColor("#334455")
CHESTS_INK = HexColor("#6b3e00")
MARKERS_INK = HexColor("#333333")


@dataclass(frozen=True)
class _Frame:
    """Board pixels (size 1, y down, from ``to_pixel``) to page points."""

    scale: float
    x0: float
    y0: float
    min_x: float
    min_y: float

    def __call__(self, p: tuple[float, float]) -> tuple[float, float]:
        return self.x0 + (p[0] - self.min_x) * self.scale, self.y0 - (p[1] - self.min_y) * self.scale


@lru_cache(maxsize=4096)
def _corners_on_page(frame: _Frame, q: int, r: int, factor: float) -> tuple[tuple[float, float], ...]:
    """A hex's corners on the page, pulled towards its centre by ``factor`` (every sheet of a board
    places it in the same frame: worked out once)."""
    h = Hex(q, r)
    cx, cy = to_pixel(h)
    return tuple(frame((cx + (a - cx) * factor, cy + (b - cy) * factor)) for a, b in corners(h))


@lru_cache(maxsize=16)
def map_extent(side: int) -> tuple[float, float, float, float]:
    """min x, min y, width, height of the board and its bays in hex sizes (size 1), with a margin
    (worked out once per side: every sheet asks it several times, and it places every hex)."""
    g = geometry(side)
    pts = [to_pixel(h) for h in (*g.hexes, *g.bays)]
    xs = [x for x, _y in pts]
    ys = [y for _x, y in pts]
    pad = 1.05
    return min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def map_size(side: int, width: float, height: float) -> tuple[float, float, float]:
    """Hex size, drawn width and height of the map fitted into ``width`` × ``height``."""
    _x, _y, w, h = map_extent(side)
    size = min(width / w, height / h, MAX_HEX)
    return size, w * size, h * size


def map_frame(side: int, *, x: float, top: float, width: float, height: float) -> _Frame:
    """Board pixels to page points for a map fitted into the box (x, top, width, height) as
    :func:`draw_map` draws it (a hex's centre on the page: ``frame(to_pixel(hex))``)."""
    min_x, min_y, _w, _h = map_extent(side)
    size, drawn_w, _drawn_h = map_size(side, width, height)
    return _Frame(size, x + (width - drawn_w) / 2, top, min_x, min_y)


def _on_paper(fill: Color, alpha: float) -> Color:
    """``fill`` at ``alpha`` over white paper, as one opaque colour: the board is a form XObject
    shared by every team's page, and a transparency inside it would need a graphics state the form
    does not carry (viewers report it unknown and draw the fill solid)."""
    return Color(*(1 - alpha * (1 - c) for c in (fill.red, fill.green, fill.blue)))


@lru_cache(maxsize=64)
def _hidden_on_paper(fill: str) -> Color:
    """A still hidden tile's fill on the staff map: lighter, as if at half strength on paper."""
    return _on_paper(colour(fill), 0.5)


def draw_map(
    canvas: Canvas,
    view: MapView,
    *,
    x: float,
    top: float,
    width: float,
    height: float,
    shared: bool = False,
    key: Sequence[KeyRow] = (),
    board_only: bool = False,
    reader: str | None = None,
) -> float:
    """The board fitted into the box (x, top, width, height), centred across; returns its bottom y.

    With ``shared`` (every team's sheet of one document) the board under the markers (hexes, bays,
    harbors: the same on every team's map) is drawn once per document, as a form XObject named by
    what it holds, and each sheet draws only its own markers (its ships' cargo) on top. The form is
    drawn from the view's hexes and harbors alone, which :func:`visibility.for_team` never changes:
    a sheet can only share it with a sheet whose board is the same. With ``board_only`` as well,
    the shared board's form is only made (see the team sheet).

    With a ``reader`` as well (the team whose map this is, in a document of several teams' maps),
    the markers are shared too: a hex's markers look the same on every team's map but their own
    (their ships' cargo), so the hexes with the ships of the same teams are one form, drawn once per
    document and placed on every other team's map; the reader's own hexes are drawn on its map.
    """
    g = geometry(view.side)
    min_x, min_y, _w, _h = map_extent(view.side)
    size, _drawn_w, drawn_h = map_size(view.side, width, height)
    frame = map_frame(view.side, x=x, top=top, width=width, height=height)

    def px(h: Hex) -> tuple[float, float]:
        return frame(to_pixel(h))

    def hex_corners(h: Hex, factor: float = 1.0) -> tuple[tuple[float, float], ...]:
        return _corners_on_page(frame, h.q, h.r, factor)

    label_size = max(4.0, size * 0.3)
    marks = {row.team: row for row in key}  # every team's mark (public, as its harbor is)
    harbors: dict[int, list[HarborView]] = {}
    for hv in view.harbors:
        harbors.setdefault(hv.bay, []).append(hv)

    def board() -> None:
        texts = CentredTexts(canvas)  # drawn over the hexes, all at once
        # Compass: which way is north, in the sheet's letters.
        cx, cy = frame((min_x + 0.9, min_y + 1.0))
        canvas.setFillColor(LABEL_INK)
        polygon(canvas, [(cx, cy + 9), (cx + 4, cy - 2), (cx, cy + 0.5), (cx - 4, cy - 2)], stroke=0, fill=1)
        texts.add(cx, cy - 7, words.direction_label("N"), FONT_BOLD, 9, LABEL_INK)

        # Bays and harbors.
        for number, bay in enumerate(g.bays, start=1):
            here = harbors.get(number, [])
            bx, by = px(bay)
            if not here:
                canvas.setFillColor(colour(style.BAY_FILL))
                canvas.setStrokeColor(BAY_EDGE)
                canvas.setLineWidth(0.6)
                canvas.setDash(2, 1.5)
                polygon(canvas, hex_corners(bay, 0.92), stroke=1, fill=1)
                canvas.setDash()
                texts.add(bx, by, f"Z{number}", FONT, label_size, BAY_INK)
                continue
            k = len(here)
            for i, hv in enumerate(here):
                fill = colour(style.safe_colour(hv.colour))
                if k == 1:
                    pts = hex_corners(bay, 0.92)
                else:  # one part per team, counter-clockwise from the top (as on the screens)
                    a0, a1 = -90 - 360 * (i + 1) / k, -90 - 360 * i / k
                    bx0, by0 = to_pixel(bay)
                    pts = [frame(p) for p in style.sector(bx0, by0, 0.92, a0 + 360, a1 + 360)]
                canvas.setFillColor(_on_paper(fill, 0.45))
                canvas.setStrokeColor(fill)
                canvas.setLineWidth(1.6)
                polygon(canvas, pts, stroke=1, fill=1)
            for i, hv in enumerate(here):  # the harbor's mark: its team told apart in grey
                row = marks.get(hv.team)
                if row is None:
                    continue
                fill = colour(style.safe_colour(hv.colour))
                if k == 1:
                    team_mark(canvas, row.shape, row.label, fill, bx, by + size * 0.18, size * 0.28)
                else:  # in the middle of the team's part of the bay
                    angle = math.radians(-90 - 360 * (i + 0.5) / k)
                    mx, my = bx + size * 0.5 * math.cos(angle), by - size * 0.5 * math.sin(angle)
                    team_mark(canvas, row.shape, row.label, fill, mx, my, size * 0.2, edge=0.4)
            texts.add(bx, by + size * style.LABEL_DY, f"Z{number}", FONT_BOLD, label_size, HARBOR_INK)

        # Hexes, in label order.
        hexes = Polygons(canvas)  # drawn together, by colour
        hatched = []
        tile_marks = words.tile_marks()
        for cell in view.cells:
            h = Hex(cell.q, cell.r)
            hx, hy = px(h)
            pts = hex_corners(h)
            text = LABEL_INK
            if cell.tile is None:
                hexes.add(pts, fill=colour(PAPER_HIDDEN_FILL), edge=PAPER_HIDDEN_EDGE, width=0.5)
            else:
                tile = Tile(cell.tile)
                if cell.revealed:
                    hexes.add(pts, fill=colour(style.TILE_FILLS[tile]), edge=white, width=0.8)
                    if tile.value in style.DARK_TILES:
                        text = white
                else:  # staff only: lighter and hatched
                    hexes.add(pts, fill=_hidden_on_paper(style.TILE_FILLS[tile]), edge=white, width=0.8)
                    hatched.append(pts)
            texts.add(hx, hy + size * style.LABEL_DY, g.label(h), FONT, label_size, text)
            if cell.tile is not None:
                mark = tile_marks[cell.tile]
                shift = size * 0.32 if cell.chests is not None else 0.0
                mark_size = max(5.0, size * 0.4)
                mark_ink = text if cell.revealed else HIDDEN_MARK_INK
                if mark:
                    texts.add(hx - shift, hy + size * 0.15, mark, FONT_BOLD, mark_size, mark_ink)
                if cell.chests is not None:
                    chests_ink = CHESTS_INK if text is not white else white
                    texts.add(
                        hx + shift + 1, hy + size * 0.15, f"×{cell.chests}", FONT_BOLD, mark_size, chests_ink
                    )
        hexes.draw()
        for pts in hatched:
            _hatch(canvas, pts, size)
        texts.draw()

    if shared:
        held = (
            get_language(),
            view.staff,
            view.side,
            _held_repr(view.cells),
            _held_repr(view.harbors),
            _held_repr(tuple(key)),
            x,
            top,
            width,
            height,
        )
        drawn_once(canvas, "zoMap", held, board, place=not board_only)
        if board_only:  # the shared board made, not drawn yet (and no markers)
            return top - drawn_h
    else:
        board()

    # Ships and pirates on top, laid out as on the screens.
    bay_teams = {f"Z{number}": [h.team for h in here] for number, here in harbors.items()}
    groups: list[_Group] = []
    for at, items in style.marker_groups(view, g):
        if at in bay_teams:
            order = bay_teams[at]
            items.sort(
                key=lambda i: order.index(i.team) if isinstance(i, ShipView) and i.team in order else 99
            )
        groups.append((at, at in bay_teams, tuple(items)))
    k = size / style.SIZE

    def draw_markers(these: Sequence[_Group]) -> None:
        shapes, texts = Polygons(canvas), CentredTexts(canvas)  # drawn after all, by colour
        for at, in_bay, items in these:
            mx, my = px(g.parse(at))
            msize, offsets = style.marker_layout(list(items))
            lift = style.SIZE * 0.2 if in_bay else 0.0
            for (dx, dy), item in zip(offsets, items, strict=True):
                _marker(canvas, item, mx + dx * k, my - (dy - lift) * k, msize, k, marks, shapes, texts)
        shapes.draw()  # the markers' shapes, then their texts over them (markers never overlap)
        texts.draw()

    if shared and reader is not None:
        own = _shared_markers(canvas, groups, reader, (frame, tuple(key)), draw_markers)
        draw_markers(own)
    else:
        draw_markers(groups)
    canvas.setStrokeColor(black)
    canvas.setFillColor(black)
    return top - drawn_h


#: One hex's markers: its label, whether it is a bay with a harbor (markers lifted), the markers.
_Group = tuple[str, bool, tuple[ShipView | PirateView, ...]]

#: The markers' forms each document (canvas) has made, by what they were drawn from: their name and
#: their hexes (:func:`_shared_markers`).
_MARKER_FORMS: weakref.WeakKeyDictionary[Canvas, dict[object, dict[object, tuple[str, Sequence[_Group]]]]] = (
    weakref.WeakKeyDictionary()
)


def _shared_markers(
    canvas: Canvas,
    groups: Sequence[_Group],
    reader: str,
    held: object,
    draw: Callable[[Sequence[_Group]], None],
) -> list[_Group]:
    """Place the forms of the hexes whose markers are the same on every map but their teams' own
    (one form per set of teams with ships there: drawn on the document's first map that shows it,
    placed again on the later ones); return the ``reader``'s own hexes, to be drawn on its map.
    A form is named by everything it is drawn from (``held``: the frame and the teams' marks; the
    hexes and their markers, the very objects: the teams' maps of a document share them, and the
    form keeps them while the document is drawn, so no other object takes their place)."""
    own: list[_Group] = []
    by_teams: dict[frozenset[str], list[_Group]] = {}
    for group in groups:
        teams = frozenset(item.team for item in group[2] if isinstance(item, ShipView))
        if reader in teams:
            own.append(group)
        else:
            by_teams.setdefault(teams, []).append(group)
    made = _MARKER_FORMS.setdefault(canvas, {})
    forms = made.setdefault(held, {})
    for _teams, these in sorted(by_teams.items(), key=lambda pair: sorted(pair[0])):
        key = tuple((at, in_bay, tuple(map(id, items))) for at, in_bay, items in these)
        found = forms.get(key)
        if found is None:
            name = f"zoMarkers{sum(len(drawn) for drawn in made.values())}"
            forms[key] = found = (name, these)
            canvas.beginForm(name)
            draw(these)
            canvas.endForm()
        canvas.doForm(found[0])
    return own


#: The last few parts of a board's form name worked out (:func:`_held_repr`): object, its digest.
_HELD_REPRS: dict[int, tuple[object, str]] = {}


def _held_repr(part: object) -> str:
    """A digest of ``repr(part)``, kept while ``part`` is the very same object: every team's map of
    one document holds the public map's hexes and harbors themselves (:func:`visibility.for_team`
    replaces only the ships), and their repr, which names the shared board's form, cost more than
    drawing it."""
    found = _HELD_REPRS.get(id(part))
    if found is not None and found[0] is part:
        return found[1]
    text = hashlib.sha1(repr(part).encode()).hexdigest()
    if len(_HELD_REPRS) >= 64:
        _HELD_REPRS.clear()
    _HELD_REPRS[id(part)] = (part, text)  # the object kept alive: its id is not reused meanwhile
    return text


def _hatch(canvas: Canvas, pts: Sequence[tuple[float, float]], size: float) -> None:
    """Diagonal lines inside the polygon (a hidden tile on the staff map)."""
    canvas.saveState()
    path = canvas.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    canvas.clipPath(path, stroke=0, fill=0)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    canvas.setStrokeColor(HexColor("#000000"))
    canvas.setStrokeAlpha(0.3)
    canvas.setLineWidth(0.4)
    step = max(2.0, size / 4)
    x = min(xs) - (max(ys) - min(ys))
    while x < max(xs):
        canvas.line(x, min(ys), x + (max(ys) - min(ys)), max(ys))
        x += step
    canvas.restoreState()


def _marker(
    canvas: Canvas,
    item: ShipView | PirateView,
    x: float,
    y: float,
    msize: style.MarkerSize,
    k: float,
    marks: Mapping[str, KeyRow],
    shapes: Polygons,
    texts: CentredTexts,
) -> None:
    """A ship in its team's shape and colour, its number inside (a battleship's swords, with a
    double edge); a pirate a black pill. A ship of a team with no mark (none known) stays round.
    A polygon shape is added to ``shapes``, the number to ``texts`` (drawn after all the markers,
    a path and a text object for them all: one each cost a map more than its hexes)."""
    r = msize.r * k
    w = style.marker_width(item, msize) * k
    text = style.marker_text(item)
    inner = 1.0  # how much of the marker's width its text may take (a shape's middle)
    if isinstance(item, PirateView):
        fill: Color = HexColor("#111111")
        canvas.setStrokeColor(white)
        canvas.setFillColor(fill)
        canvas.setLineWidth(0.5)
        canvas.roundRect(x - w / 2, y - r, w, 2 * r, r, stroke=1, fill=1)
    else:
        fill = colour(style.safe_colour(item.colour))
        row = marks.get(item.team)
        edge = 1.1 if item.battleship else 0.5
        pts = [] if row is None else team_shape_points(row.shape, x, y, r * 1.08, stretch=w / (2 * r))
        if pts:
            inner = SHAPE_INNER_WIDTH.get(row.shape, 1.0) if row is not None else 1.0
            shapes.add(pts, fill=fill, edge=black, width=edge)
        else:
            canvas.setFillColor(fill)
            canvas.setStrokeColor(black)
            canvas.setLineWidth(edge)
            if row is None:
                radius = 1.5 * k if item.battleship else r
                canvas.roundRect(x - w / 2, y - r, w, 2 * r, radius, stroke=1, fill=1)
            else:
                inner = SHAPE_INNER_WIDTH.get(row.shape, 1.0)
                team_shape(canvas, row.shape, x, y, r * 1.08, stretch=w / (2 * r))
    font_size = fit(
        canvas, text, FONT_BOLD, (9 if msize is style.MARKER_LARGE else 7) * k, w * inner - 1, smallest=3
    )
    texts.add(x, y, text, FONT_BOLD, font_size, colour(style.ink("#" + fill.hexval()[2:])))


LEGEND_COLUMNS = 5
LEGEND_ROW = 4.6 * mm
LEGEND_LINE = 3.6 * mm


@lru_cache(maxsize=8)
def _legend_texts(staff: bool, language: str | None) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """The key's rows (fill, label) and the markers' explanation wrapped to the page, once per
    language (the same under every map)."""
    rows = tuple(
        (
            PAPER_HIDDEN_FILL if row["fill"] == style.HIDDEN_FILL else row["fill"],
            (f"{row['mark']} – " if row["mark"] else "") + row["name"],
        )
        for row in style.legend(staff=staff)
    )
    items = [
        _("1 … cargo ship, ⚔ battleship (thick edge): in the team's shape and colour (the key)"),
        _("☠1 … pirate ship (black)"),
        _("Z1 … bay; a coloured bay is a team's harbor"),
        _("×2 … chests on a treasure"),
    ]
    if staff:
        items.append(_("1·2 … a ship with 2 chests aboard; hatched hexes are still hidden"))
    else:
        items.append(_("1·2 … your ship with 2 chests aboard"))
    return rows, tuple(simpleSplit("   ·   ".join(items), FONT, 7.5, INNER))


def legend_height(*, staff: bool) -> float:
    """How tall :func:`draw_legend` draws (to plan a page before drawing it)."""
    rows, markers = _legend_texts(staff, get_language())
    return (
        ((len(rows) + LEGEND_COLUMNS - 1) // LEGEND_COLUMNS) * LEGEND_ROW
        + 1 * mm
        + len(markers) * LEGEND_LINE
    )


def draw_legend(canvas: Canvas, *, staff: bool, y: float, shared: bool = False) -> float:
    """Tile colours and marks, then the markers, in columns under the map; returns the y under it.
    With ``shared`` (every team's sheet of one document) it is drawn once per document."""
    rows, markers = _legend_texts(staff, get_language())
    col_w = INNER / LEGEND_COLUMNS
    sw = 3.4 * mm
    markers_y = y - ((len(rows) + LEGEND_COLUMNS - 1) // LEGEND_COLUMNS) * LEGEND_ROW - 1 * mm

    def legend() -> None:
        swatches = Polygons(canvas)
        labels = canvas.beginText()  # one text object for the whole key
        labels.setFont(FONT, 7.5)
        labels.setFillColor(black)
        for i, (fill, label) in enumerate(rows):
            cx = MARGIN + (i % LEGEND_COLUMNS) * col_w
            cy = y - (i // LEGEND_COLUMNS) * LEGEND_ROW
            swatches.add(corners_around(cx + sw / 2, cy, sw / 2), fill=colour(fill), edge=GREY, width=0.3)
            labels.setTextOrigin(cx + sw + 1.5 * mm, cy - 2.6)
            labels.textOut(label)
        swatches.draw()
        labels.setFillColor(MARKERS_INK)
        for i, part in enumerate(markers):
            labels.setTextOrigin(MARGIN, markers_y - 2.6 - i * LEGEND_LINE)
            labels.textOut(part)
        canvas.drawText(labels)
        canvas.setFillColor(black)

    if shared:
        drawn_once(canvas, "zoLegend", (get_language(), staff, y), legend)
    else:
        legend()
    return markers_y - len(markers) * LEGEND_LINE


KEY_COLUMNS = 4
KEY_ROW = 5.6 * mm
KEY_MARK_R = 2.3 * mm


def key_height(key: Sequence[KeyRow]) -> float:
    """How tall :func:`draw_key` draws (nothing without teams)."""
    if not key:
        return 0.0
    return LEGEND_LINE + ((len(key) + KEY_COLUMNS - 1) // KEY_COLUMNS) * KEY_ROW


def key_position(index: int, y: float) -> tuple[float, float]:
    """The centre of the ``index``-th team's mark in a key drawn from ``y`` down."""
    col, row = index % KEY_COLUMNS, index // KEY_COLUMNS
    return MARGIN + col * (INNER / KEY_COLUMNS) + KEY_MARK_R, y - LEGEND_LINE - row * KEY_ROW - KEY_MARK_R


def draw_key(canvas: Canvas, key: Sequence[KeyRow], *, y: float, shared: bool = False) -> float:
    """The teams' key (public: what the map shows of every team): each team's mark, its colour, its
    name and its harbor's bay, in seat order; returns the y under it. With ``shared`` (every team's
    sheet of one document) it is drawn once per document."""
    if not key:
        return y
    col_w = INNER / KEY_COLUMNS

    def draw() -> None:
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(MARKERS_INK)
        canvas.drawString(MARGIN, y - 2.6, _("Teams: mark, colour, name and harbor"))
        for i, row in enumerate(key):
            fill = colour(style.safe_colour(row.colour))
            cx, cy = key_position(i, y)
            team_mark(canvas, row.shape, row.label, fill, cx, cy, KEY_MARK_R)
            sx = cx + KEY_MARK_R + 1.5 * mm
            canvas.setFillColor(fill)
            canvas.setStrokeColor(GREY)
            canvas.setLineWidth(0.3)
            canvas.rect(sx, cy - 1.4 * mm, 2.8 * mm, 2.8 * mm, stroke=1, fill=1)
            canvas.setFillColor(black)
            bay = f" – {row.harbor}"
            room = col_w - (sx + 4 * mm - (MARGIN + (i % KEY_COLUMNS) * col_w)) - 2 * mm
            bay_w = canvas.stringWidth(bay, FONT, 8)
            name, size = fit_text(canvas, row.team, FONT_BOLD, 8, room - bay_w, smallest=6)
            canvas.setFont(FONT_BOLD, size)
            canvas.drawString(sx + 4 * mm, cy - 2.8, name)
            canvas.setFont(FONT, 8)
            canvas.drawString(sx + 4 * mm + canvas.stringWidth(name, FONT_BOLD, size), cy - 2.8, bay)

    if shared:
        drawn_once(canvas, "zoKey", (get_language(), tuple(key), y), draw)
    else:
        draw()
    return y - key_height(key)
