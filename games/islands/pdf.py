"""The printed sheets of a Golden Islands round (ReportLab, A4), drawn from plain data.

- :func:`render_team_sheets`: per team its map sheet (the map *as the team may see it*, a legend,
  its map hints and the round's events it may read, its AP) and a pre-filled order form (its ships
  with their positions and empty route cells, the builds with their costs, the harbor moves, the
  fire target). One team after another in one PDF.
- :func:`render_master_sheet`: the staff master sheet ("jen pro vedoucí"): the whole map, hidden
  tiles included, and a table of the teams, their ships and cargo, and the pirates.

The renderers take the frozen dataclasses below (built by :mod:`games.islands.sheets`) and never
touch a model. What a team must not know never reaches its sheet's data: its map is a
:func:`svgmap.public_view` (hidden hexes carry nothing) with only its own ships' cargo put back.
Hexes are drawn with the hex math of :mod:`games.islands.engine.hexes` and the markers laid out
by :mod:`games.islands.svgmap`, in the same colours and marks as the screens. ``invariant=1``: the
same data gives the same bytes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, colour, fit, fit_text, ink, register_fonts
from games.islands import display, svgmap
from games.islands.engine.hexes import DIRECTION_NAMES, Hex, corners, geometry, to_pixel
from games.islands.engine.tiles import Tile
from games.islands.svgmap import MapView, PirateView, ShipView

PAGE_W, PAGE_H = A4
MARGIN = 10 * mm
INNER = PAGE_W - 2 * MARGIN
#: A hex is never drawn larger than this (small boards would look blown up).
MAX_HEX = 13 * mm
GREY = HexColor("#666666")
#: Paper is not a screen: a hidden hex is printed almost white with a grey edge (the screens' dark
#: grey would soak the sheet in ink and leave the teams no room to write their notes on it).
PAPER_HIDDEN_FILL = "#f7f7f7"
PAPER_HIDDEN_EDGE = HexColor("#9aa5b1")
STAFF_RED = HexColor("#b00020")
#: Route cells per row on the order form; cells when neither the team's AP nor the camp's highest
#: AP are known; never more cells than MAX_CELLS (three rows).
CELLS_PER_ROW = 15
DEFAULT_CELLS = 12
MAX_CELLS = 45
#: The team's name in a page's top band: this big at most, this small at least (then cut with "…").
BAND_NAME_SIZE, BAND_NAME_SMALLEST = 24, 9
BAND_RIGHT_SIZE = 12
#: The gap between the team's name and the text on the band's right.
BAND_GAP = 6 * mm


# --------------------------------------------------------------------------- plain data


@dataclass(frozen=True)
class SheetShip:
    """A ship as a sheet lists it. ``chests`` None: not shown; ``notes`` already translated."""

    ident: str
    battleship: bool
    at: str
    chests: int | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class SheetEvent:
    """One line of a round's log as the team may read it; ``own``: about the team itself."""

    text: str
    own: bool = False


@dataclass(frozen=True)
class BuildOption:
    """One row of the builds table: what, its AP cost, how many the team has and may have."""

    name: str
    cost: int
    owned: int
    limit: int


@dataclass(frozen=True)
class TeamSheet:
    camp: str
    team: str
    colour: str
    #: The map shows the state after this round (None: before the first round).
    state_round: int | None
    #: The round the order form is for.
    orders_round: int
    #: A public view with only this team's ships' cargo put back.
    map: MapView
    #: The team's AP for ``orders_round``; None while its placement is not recorded.
    ap: int | None
    harbor: str
    ships: tuple[SheetShip, ...]
    builds: tuple[BuildOption, ...]
    hints: tuple[str, ...] = ()
    events: tuple[SheetEvent, ...] = ()
    #: The most AP a team can get in a round (the 1st place's in the camp's AP table): as many step
    #: cells when ``ap`` is not known yet (a route has up to AP − builds steps).
    most_ap: int | None = None


@dataclass(frozen=True)
class TeamRow:
    """A team on the staff master sheet."""

    team: str
    colour: str
    harbor: str
    ap: int | None
    delivered: int
    ships: tuple[SheetShip, ...]


@dataclass(frozen=True)
class PirateRow:
    ident: str
    at: str
    #: The moves drawn for ``orders_round`` (directions in the sheet's language), "" if none.
    moves: str = ""


@dataclass(frozen=True)
class MasterSheet:
    camp: str
    state_round: int | None
    orders_round: int
    map: MapView
    teams: tuple[TeamRow, ...]
    pirates: tuple[PirateRow, ...] = ()


# --------------------------------------------------------------------------- drawing helpers


def _new_canvas(buffer: BytesIO, title: str) -> Canvas:
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


def _band(canvas: Canvas, fill: Color, left: str, right: str = "", *, height: float = 16 * mm) -> float:
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


def _lines(canvas: Canvas, x: float, y: float, text: str, *, font: str = FONT, size: float = 9,
           width: float = INNER, leading: float | None = None) -> float:  # fmt: skip
    """``text`` wrapped to ``width`` from the baseline ``y`` down; returns the next baseline."""
    leading = leading or size * 1.3
    canvas.setFont(font, size)
    for part in simpleSplit(text, font, size, width) or [""]:
        canvas.drawString(x, y, part)
        y -= leading
    return y


def _polygon(canvas: Canvas, pts: Sequence[tuple[float, float]], *, stroke: int, fill: int) -> None:
    path = canvas.beginPath()
    path.moveTo(*pts[0])
    for p in pts[1:]:
        path.lineTo(*p)
    path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill)


def _centred(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """``text`` centred on the point (x, y) both ways."""
    canvas.setFont(font, size)
    canvas.drawCentredString(x, y - size * 0.36, text)


# --------------------------------------------------------------------------- the map


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


def map_extent(side: int) -> tuple[float, float, float, float]:
    """min x, min y, width, height of the board and its bays in hex sizes (size 1), with a margin."""
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


def draw_map(canvas: Canvas, view: MapView, *, x: float, top: float, width: float, height: float) -> float:
    """The board fitted into the box (x, top, width, height), centred across; returns its bottom y."""
    g = geometry(view.side)
    min_x, min_y, _w, _h = map_extent(view.side)
    size, drawn_w, drawn_h = map_size(view.side, width, height)
    frame = _Frame(size, x + (width - drawn_w) / 2, top, min_x, min_y)

    def px(h: Hex) -> tuple[float, float]:
        return frame(to_pixel(h))

    def hex_corners(h: Hex, factor: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = to_pixel(h)
        return [frame((cx + (a - cx) * factor, cy + (b - cy) * factor)) for a, b in corners(h)]

    label_size = max(4.0, size * 0.3)
    # Compass: which way is north, in the sheet's letters.
    cx, cy = frame((min_x + 0.9, min_y + 1.0))
    canvas.setFillColor(HexColor("#223333"))
    _polygon(canvas, [(cx, cy + 9), (cx + 4, cy - 2), (cx, cy + 0.5), (cx - 4, cy - 2)], stroke=0, fill=1)
    _centred(canvas, cx, cy - 7, display.direction_label("N"), FONT_BOLD, 9)

    # Bays and harbors.
    harbors: dict[int, list[svgmap.HarborView]] = {}
    for hv in view.harbors:
        harbors.setdefault(hv.bay, []).append(hv)
    for number, bay in enumerate(g.bays, start=1):
        here = harbors.get(number, [])
        bx, by = px(bay)
        if not here:
            canvas.setFillColor(HexColor(svgmap.BAY_FILL))
            canvas.setStrokeColor(HexColor("#99bbbb"))
            canvas.setLineWidth(0.6)
            canvas.setDash(2, 1.5)
            _polygon(canvas, hex_corners(bay, 0.92), stroke=1, fill=1)
            canvas.setDash()
            canvas.setFillColor(HexColor("#446677"))
            _centred(canvas, bx, by, f"Z{number}", FONT, label_size)
            continue
        k = len(here)
        for i, hv in enumerate(here):
            fill = colour(svgmap.safe_colour(hv.colour))
            if k == 1:
                pts = hex_corners(bay, 0.92)
            else:  # one part per team, counter-clockwise from the top (as on the screens)
                a0, a1 = -90 - 360 * (i + 1) / k, -90 - 360 * i / k
                bx0, by0 = to_pixel(bay)
                pts = [frame(p) for p in svgmap._sector(bx0, by0, 0.92, a0 + 360, a1 + 360)]
            canvas.setFillColor(fill)
            canvas.setFillAlpha(0.45)
            canvas.setStrokeColor(fill)
            canvas.setLineWidth(1.6)
            _polygon(canvas, pts, stroke=1, fill=1)
            canvas.setFillAlpha(1)
        canvas.setFillColor(HexColor("#112233"))
        _centred(canvas, bx, by + size * svgmap.LABEL_DY, f"Z{number}", FONT_BOLD, label_size)

    # Hexes, in label order.
    canvas.setLineWidth(0.8)
    for cell in view.cells:
        h = Hex(cell.q, cell.r)
        hx, hy = px(h)
        pts = hex_corners(h)
        canvas.setStrokeColor(white)
        text = HexColor("#223333")
        if cell.tile is None:
            canvas.setFillColor(HexColor(PAPER_HIDDEN_FILL))
            canvas.setStrokeColor(PAPER_HIDDEN_EDGE)
            canvas.setLineWidth(0.5)
            _polygon(canvas, pts, stroke=1, fill=1)
            canvas.setLineWidth(0.8)
        else:
            tile = Tile(cell.tile)
            canvas.setFillColor(HexColor(svgmap.TILE_FILLS[tile]))
            if cell.revealed:
                _polygon(canvas, pts, stroke=1, fill=1)
                if tile.value in svgmap._DARK_TILES:
                    text = white
            else:  # staff only: lighter and hatched
                canvas.setFillAlpha(0.5)
                _polygon(canvas, pts, stroke=1, fill=1)
                canvas.setFillAlpha(1)
                _hatch(canvas, pts, size)
        canvas.setFillColor(text)
        _centred(canvas, hx, hy + size * svgmap.LABEL_DY, g.label(h), FONT, label_size)
        if cell.tile is not None:
            mark = display.tile_mark(cell.tile)
            shift = size * 0.32 if cell.chests is not None else 0.0
            mark_size = max(5.0, size * 0.4)
            if not cell.revealed:
                canvas.setFillColor(HexColor("#334455"))
            if mark:
                _centred(canvas, hx - shift, hy + size * 0.15, mark, FONT_BOLD, mark_size)
            if cell.chests is not None:
                canvas.setFillColor(HexColor("#6b3e00") if text is not white else white)
                _centred(canvas, hx + shift + 1, hy + size * 0.15, f"×{cell.chests}", FONT_BOLD, mark_size)

    # Ships and pirates on top, laid out as on the screens.
    markers: dict[str, list[ShipView | PirateView]] = {}
    for ship in view.ships:
        markers.setdefault(ship.at.strip().upper(), []).append(ship)
    for pirate in view.pirates:
        markers.setdefault(pirate.at.strip().upper(), []).append(pirate)
    bay_teams = {f"Z{number}": [h.team for h in here] for number, here in harbors.items()}
    k = size / svgmap.SIZE
    for at in sorted(markers, key=lambda lab: g.sort_key(g.parse(lab))):
        mx, my = px(g.parse(at))
        items = markers[at]
        if at in bay_teams:
            order = bay_teams[at]
            items.sort(
                key=lambda i: order.index(i.team) if isinstance(i, ShipView) and i.team in order else 99
            )
        msize, offsets = svgmap._layout(items)
        lift = svgmap.SIZE * 0.2 if at in bay_teams else 0.0
        for (dx, dy), item in zip(offsets, items, strict=True):
            _marker(canvas, item, mx + dx * k, my - (dy - lift) * k, msize, k)
    canvas.setStrokeColor(black)
    canvas.setFillColor(black)
    return top - drawn_h


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
    canvas: Canvas, item: ShipView | PirateView, x: float, y: float, msize: svgmap.MarkerSize, k: float
) -> None:
    r = msize.r * k
    w = svgmap._marker_width(item, msize) * k
    text = svgmap._marker_text(item)
    if isinstance(item, PirateView):
        fill: Color = HexColor("#111111")
        canvas.setStrokeColor(white)
        radius = r
    else:
        fill = colour(svgmap.safe_colour(item.colour))
        canvas.setStrokeColor(black)
        radius = 1.5 * k if item.battleship else r
    canvas.setFillColor(fill)
    canvas.setLineWidth(0.5)
    canvas.roundRect(x - w / 2, y - r, w, 2 * r, radius, stroke=1, fill=1)
    canvas.setFillColor(ink(fill))
    font_size = fit(
        canvas, text, FONT_BOLD, (9 if msize is svgmap.MARKER_LARGE else 7) * k, w - 1, smallest=3
    )
    _centred(canvas, x, y, text, FONT_BOLD, font_size)


def _titles(canvas: Canvas, y: float, title: str, camp: str) -> float:
    """The sheet's title and the camp run under the band; returns the y where the map may start."""
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(MARGIN, y - 6 * mm, title)
    canvas.setFont(FONT, 8.5)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, y - 10.5 * mm, camp)
    canvas.setFillColor(black)
    return y - 13 * mm


def draw_legend(canvas: Canvas, *, staff: bool, y: float) -> float:
    """Tile colours and marks, then the markers, in columns under the map; returns the y under it."""
    rows = svgmap.legend(staff=staff)
    cols = 5
    col_w = INNER / cols
    sw = 3.4 * mm
    for i, row in enumerate(rows):
        cx = MARGIN + (i % cols) * col_w
        cy = y - (i // cols) * 4.6 * mm
        fill = PAPER_HIDDEN_FILL if row["fill"] == svgmap.HIDDEN_FILL else row["fill"]
        canvas.setFillColor(HexColor(fill))
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.3)
        pts = [(cx + sw / 2 + sw / 2 * math.cos(math.radians(60 * j)),
                cy + sw / 2 * math.sin(math.radians(60 * j))) for j in range(6)]  # fmt: skip
        _polygon(canvas, pts, stroke=1, fill=1)
        canvas.setFillColor(black)
        mark = f"{row['mark']} – " if row["mark"] else ""
        canvas.setFont(FONT, 7.5)
        canvas.drawString(cx + sw + 1.5 * mm, cy - 2.6, f"{mark}{row['name']}")
    y -= ((len(rows) + cols - 1) // cols) * 4.6 * mm + 1 * mm
    canvas.setFont(FONT, 7.5)
    items = [
        _("C1 … cargo ship (round), B battleship (square), in the team's colour"),
        _("P1 … pirate ship (black)"),
        _("Z1 … bay; a coloured bay is a team's harbor"),
        _("×2 … chests on a treasure"),
    ]
    if staff:
        items.append(_("C1·2 … a ship with 2 chests aboard; hatched hexes are still hidden"))
    else:
        items.append(_("C1·2 … your ship with 2 chests aboard"))
    canvas.setFillColor(HexColor("#333333"))
    text = "   ·   ".join(items)
    for part in simpleSplit(text, FONT, 7.5, INNER):
        canvas.drawString(MARGIN, y - 2.6, part)
        y -= 3.6 * mm
    canvas.setFillColor(black)
    return y


# --------------------------------------------------------------------------- team sheets


def _state_text(state_round: int | None) -> str:
    if state_round is None:
        return _("the map before the first round")
    return _("the map after round %(round)d") % {"round": state_round}


def _ship_name(ship: SheetShip) -> str:
    """ "Loď C1", "Bitevní loď B"."""
    return display.ship_label(ship.ident)


class _Flow:
    """Text flowing down the page; a new page (with a small heading) when it runs out."""

    def __init__(self, canvas: Canvas, y: float, heading: Callable[[], float]) -> None:
        self.canvas, self.y, self.heading = canvas, y, heading

    def need(self, height: float) -> None:
        if self.y - height < MARGIN + 6 * mm:
            self.canvas.showPage()
            self.y = self.heading()

    def title(self, text: str, size: float = 11) -> None:
        self.need(size * 2.5)
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


def _team_map_page(canvas: Canvas, sheet: TeamSheet) -> None:
    fill = colour(svgmap.safe_colour(sheet.colour))
    round_text = _("Round %(round)d") % {"round": sheet.orders_round}
    y = _band(canvas, fill, sheet.team, round_text)
    title = _("Golden Islands – team map: %(state)s") % {"state": _state_text(sheet.state_round)}
    top = _titles(canvas, y, title, sheet.camp)
    bottom = draw_map(canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=top - 75 * mm)
    y = draw_legend(canvas, staff=False, y=bottom - 3 * mm)

    y -= 2 * mm
    if sheet.ap is None:
        ap_text = _("AP for round %(round)d: not known yet (the mini-game is not recorded)") % {
            "round": sheet.orders_round
        }
    else:
        ap_text = _("AP for round %(round)d: %(ap)d") % {"round": sheet.orders_round, "ap": sheet.ap}
    y = _heading(canvas, y, ap_text)
    y = _heading(canvas, y, _("Your map hints"))
    for hint in sheet.hints or (_("No map hint this time."),):
        y = _lines(canvas, MARGIN + 2 * mm, y, f"• {hint}" if sheet.hints else hint, width=INNER - 2 * mm)
    y = _heading(canvas, y, _("What happened in the round"))
    _events(canvas, y, sheet.events)
    canvas.showPage()


def _heading(canvas: Canvas, y: float, text: str, size: float = 11) -> float:
    y -= size * 0.6
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(MARGIN, y, text)
    return y - size * 1.4


def _events(canvas: Canvas, y: float, events: Sequence[SheetEvent], *, size: float = 7.5) -> None:
    """The events in two columns down to the bottom margin. When they do not all fit, the other
    teams' (public) events go first, from the last one back, and a line says how many are left out
    (the notice board has them all): the sheet stays on its page."""
    if not events:
        _lines(canvas, MARGIN + 2 * mm, y, _("Nothing to report yet."))
        return
    leading = size * 1.25
    col_w = (INNER - 4 * mm) / 2
    per_col = max(1, int((y - MARGIN) // leading))
    bullet = "• "
    indent = " " * 3  # continuation lines sit under the text, not under the bullet

    def wrap(text: str) -> list[str]:
        parts = simpleSplit(text, FONT, size, col_w - 4 * mm) or [""]
        return [bullet + parts[0], *(indent + p for p in parts[1:])]

    wrapped = [wrap(e.text) for e in events]

    def fits(keep: list[int], extra: int) -> bool:
        col, used = 0, 0
        for n in [len(wrapped[i]) for i in keep] + ([1] if extra else []):
            if used + n > per_col:
                col, used = col + 1, 0
            used += n
        return col < 2

    keep = list(range(len(events)))
    droppable = [i for i in reversed(keep) if not events[i].own] + [
        i for i in reversed(keep) if events[i].own
    ]
    while keep and not fits(keep, len(events) - len(keep)):
        keep.remove(droppable.pop(0))
    col, used = 0, 0
    canvas.setFont(FONT, size)
    chunks = [wrapped[i] for i in keep]
    left_out = len(events) - len(keep)
    if left_out:
        note = _("… and %(n)d more events: see the notice board") % {"n": left_out}
        chunks.append([note])
    for chunk in chunks:
        if used + len(chunk) > per_col:
            col, used = col + 1, 0
        for line in chunk:
            canvas.drawString(MARGIN + 2 * mm + col * (col_w + 4 * mm), y - used * leading, line)
            used += 1


def _cells(canvas: Canvas, x: float, y: float, count: int, *, cell_w: float, cell_h: float) -> float:
    """``count`` empty numbered cells in rows of :data:`CELLS_PER_ROW` from the top ``y``; returns
    the y under them."""
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(black)
    for i in range(count):
        row, col = divmod(i, CELLS_PER_ROW)
        cx = x + col * cell_w
        cy = y - (row + 1) * cell_h
        canvas.rect(cx, cy, cell_w, cell_h, stroke=1, fill=0)
        canvas.setFont(FONT, 5.5)
        canvas.setFillColor(GREY)
        canvas.drawString(cx + 0.8, cy + cell_h - 6, str(i + 1))
    canvas.setFillColor(black)
    rows = (count + CELLS_PER_ROW - 1) // CELLS_PER_ROW
    return y - rows * cell_h


def _compass(canvas: Canvas, cx: float, cy: float, r: float) -> None:
    """A flat-top hex with the six move directions on its edges (north up)."""
    pts = [
        (cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)
    ]
    canvas.setFillColor(HexColor("#cfe8f7"))
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    _polygon(canvas, pts, stroke=1, fill=1)
    canvas.setFillColor(black)
    for name, angle in zip(DIRECTION_NAMES, (90, 30, -30, -90, -150, 150), strict=True):
        d = r * (1.3 if angle in (90, -90) else 1.55)
        tx, ty = cx + d * math.cos(math.radians(angle)), cy + d * math.sin(math.radians(angle))
        _centred(canvas, tx, ty, display.direction_label(name), FONT_BOLD, 8)


def _order_form(canvas: Canvas, sheet: TeamSheet) -> None:
    fill = colour(svgmap.safe_colour(sheet.colour))
    form_title = _("Orders for round %(round)d") % {"round": sheet.orders_round}

    def heading() -> float:
        return _band(canvas, fill, sheet.team, form_title, height=12 * mm) - 8 * mm

    y = _band(canvas, fill, sheet.team, form_title) - 8 * mm
    # AP and steps.
    canvas.setFont(FONT_BOLD, 11)
    ap = "____" if sheet.ap is None else str(sheet.ap)
    canvas.drawString(MARGIN, y, _("AP this round: %(ap)s") % {"ap": ap})
    canvas.setFont(FONT, 9)
    canvas.drawString(MARGIN + 62 * mm, y, _("Steps = AP − builds: ______"))
    _compass(canvas, PAGE_W - MARGIN - 12 * mm, y - 8 * mm, 6 * mm)
    y -= 6 * mm
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    help_text = _(
        "A route: one direction per step (%(dirs)s), “.” stays put; a route shorter than the steps "
        "stays for the rest. A ship with a seahorse moves up to two hexes in a step."
    ) % {"dirs": " ".join(display.direction_label(d) for d in DIRECTION_NAMES)}
    for part in simpleSplit(help_text, FONT, 8, INNER - 30 * mm):
        canvas.drawString(MARGIN, y, part)
        y -= 3.6 * mm
    canvas.setFillColor(black)

    # Builds.
    y -= 3 * mm
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(MARGIN, y, _("Build"))
    y -= 2 * mm
    table_w = 175 * mm
    cols = (MARGIN, MARGIN + 55 * mm, MARGIN + 85 * mm, MARGIN + 130 * mm)
    row_h = 7 * mm
    heads = (_("ship"), _("cost"), _("you have / at most"), _("how many"))
    canvas.setFont(FONT_BOLD, 8.5)
    for cx, head in zip(cols, heads, strict=True):
        canvas.drawString(cx + 1.5 * mm, y - 4.5 * mm, head)
    canvas.setLineWidth(0.6)
    canvas.rect(MARGIN, y - row_h * (1 + len(sheet.builds)), table_w, row_h * (1 + len(sheet.builds)))
    for cx in cols[1:]:
        canvas.line(cx, y, cx, y - row_h * (1 + len(sheet.builds)))
    for i, build in enumerate(sheet.builds):
        top = y - row_h * (i + 1)
        canvas.line(MARGIN, top, MARGIN + table_w, top)
        canvas.setFont(FONT, 9.5)
        base = top - 4.8 * mm
        canvas.drawString(cols[0] + 1.5 * mm, base, build.name)
        canvas.drawString(cols[1] + 1.5 * mm, base, _("%(cost)d AP") % {"cost": build.cost})
        canvas.drawString(cols[2] + 1.5 * mm, base, f"{build.owned} / {build.limit}")
    y -= row_h * (1 + len(sheet.builds)) + 4 * mm
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, y, _("A new ship starts in the harbor and moves from the next round."))
    canvas.setFillColor(black)
    y -= 4 * mm

    flow = _Flow(canvas, y, heading)
    cells = min(sheet.ap or sheet.most_ap or DEFAULT_CELLS, MAX_CELLS)
    cell_w = min(12.4 * mm, INNER / CELLS_PER_ROW)
    cell_h = 9 * mm
    rows = (cells + CELLS_PER_ROW - 1) // CELLS_PER_ROW
    flow.title(_("Routes"))
    for ship in sheet.ships:
        flow.need(7 * mm + rows * cell_h + 3 * mm)
        canvas.setFont(FONT_BOLD, 10)
        head = _("%(ship)s at %(at)s") % {"ship": _ship_name(ship), "at": ship.at}
        canvas.drawString(MARGIN, flow.y, head)
        extra = []
        if ship.chests:
            extra.append(_("chests aboard: %(n)d") % {"n": ship.chests})
        extra.extend(ship.notes)
        if extra:
            canvas.setFont(FONT, 8.5)
            canvas.drawString(
                MARGIN + canvas.stringWidth(head, FONT_BOLD, 10) + 3 * mm, flow.y, " · ".join(extra)
            )
        flow.y = _cells(canvas, MARGIN, flow.y - 1.5 * mm, cells, cell_w=cell_w, cell_h=cell_h) - 5 * mm
    if not sheet.ships:
        flow.para(_("No ships: build one above."))
    # Harbor and fire.
    flow.need(7 * mm + rows * cell_h + 22 * mm)
    canvas.setFont(FONT_BOLD, 10)
    harbor_head = _("Harbor (now at %(bay)s)") % {"bay": sheet.harbor}
    canvas.drawString(MARGIN, flow.y, harbor_head)
    canvas.setFont(FONT, 8.5)
    canvas.drawString(
        MARGIN + canvas.stringWidth(harbor_head, FONT_BOLD, 10) + 3 * mm,
        flow.y,
        _("per step: + one bay on, − one bay back, . stay"),
    )
    flow.y = _cells(canvas, MARGIN, flow.y - 1.5 * mm, cells, cell_w=cell_w, cell_h=cell_h) - 7 * mm
    if any(ship.battleship for ship in sheet.ships):  # one built tonight fires from the next round
        canvas.setFont(FONT_BOLD, 10)
        fire = _("Battleship's fire target (hex):")
        canvas.drawString(MARGIN, flow.y, fire)
        bx = MARGIN + canvas.stringWidth(fire, FONT_BOLD, 10) + 3 * mm
        canvas.rect(bx, flow.y - 3 * mm, 25 * mm, 9 * mm)
        canvas.setFont(FONT, 8)
        canvas.setFillColor(GREY)
        canvas.drawString(bx + 28 * mm, flow.y, _("chosen now, before anyone moves; empty: no shot"))
        canvas.setFillColor(black)
    canvas.showPage()


def render_team_sheets(sheets: Sequence[TeamSheet], *, font_dir: Path) -> bytes:
    """Every team's map sheet and order form, one team after another."""
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = _new_canvas(buffer, _("Golden Islands – team sheets"))
    for sheet in sheets:
        _team_map_page(canvas, sheet)
        _order_form(canvas, sheet)
    if not sheets:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


# --------------------------------------------------------------------------- the staff master sheet


def render_master_sheet(sheet: MasterSheet, *, font_dir: Path) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = _new_canvas(buffer, _("Golden Islands – staff master sheet"))
    staff_only = pgettext("printed sheet", "staff only")
    round_text = _("Round %(round)d") % {"round": sheet.orders_round}

    def heading() -> float:
        return _band(canvas, STAFF_RED, staff_only.upper(), round_text, height=10 * mm) - 8 * mm

    y = _band(canvas, STAFF_RED, _("Master sheet – %(staff_only)s") % {"staff_only": staff_only.upper()},
              round_text)  # fmt: skip
    title = _("Golden Islands – %(state)s") % {"state": _state_text(sheet.state_round)}
    top = _titles(canvas, y, title, sheet.camp)
    bottom = draw_map(canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=top - 45 * mm)
    y = draw_legend(canvas, staff=True, y=bottom - 3 * mm)
    flow = _Flow(canvas, y - 2 * mm, heading)
    flow.title(_("Teams"))
    for row in sheet.teams:
        ap = "?" if row.ap is None else str(row.ap)
        flow.need(12 * mm)
        canvas.setFillColor(colour(svgmap.safe_colour(row.colour)))
        canvas.rect(MARGIN, flow.y - 1, 3 * mm, 3 * mm, stroke=0, fill=1)
        canvas.setFillColor(black)
        canvas.setFont(FONT_BOLD, 10)
        values = {"bay": row.harbor, "round": sheet.orders_round, "ap": ap, "n": row.delivered}
        line = _("%(team)s – harbor %(bay)s, AP for round %(round)d: %(ap)s, chests delivered: %(n)d")
        # a long team name is cut with "…" so that the line stays on the page
        room = INNER - 5 * mm - canvas.stringWidth(line % {**values, "team": ""}, FONT_BOLD, 10)
        team, _size = fit_text(canvas, row.team, FONT_BOLD, 10, max(room, 20 * mm), smallest=10)
        canvas.drawString(MARGIN + 5 * mm, flow.y, line % {**values, "team": team})
        flow.y -= 4.6 * mm
        parts = []
        for ship in row.ships:
            text = _("%(ship)s at %(at)s, chests %(n)d") % {
                "ship": _ship_name(ship),
                "at": ship.at,
                "n": ship.chests or 0,
            }
            if ship.notes:
                text += " (" + ", ".join(ship.notes) + ")"
            parts.append(text)
        flow.para("; ".join(parts) if parts else _("no ships"), size=8.5, indent=5 * mm)
        flow.y -= 1.5 * mm
    flow.title(_("Pirates"))
    if not sheet.pirates:
        flow.para(_("No pirate ships."), indent=2 * mm)
    for pirate in sheet.pirates:
        text = _("%(pirate)s at %(at)s") % {"pirate": pirate.ident, "at": pirate.at}
        if pirate.moves:
            text += " – " + _("drawn moves: %(moves)s") % {"moves": pirate.moves}
        flow.para(f"• {text}", size=8.5, indent=2 * mm)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
