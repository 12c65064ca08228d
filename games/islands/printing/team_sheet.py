"""Each team's printed sheet (A4, two pages a team): the map sheet (the map *as the team may see
it*, a legend, its map hints and the round's events it may read, its AP; with the team links on,
a small QR code of the team's own link, on the sheet the team keeps) and a pre-filled order
form (its ships with their positions and empty route cells, the builds with their costs, the harbor
moves, the fire target). One team after another in one PDF, drawn from the plain data of
:mod:`games.islands.printing.data` (never a model)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, colour, draw_qr, register_fonts, write_texts
from games.islands.engine.hexes import DIRECTION_NAMES, corners_around
from games.islands.engine.notation import Alphabet
from games.islands.maps import style
from games.islands.printing.canvas import (
    BAND_H,
    GREY,
    INNER,
    MARGIN,
    PAGE_H,
    PAGE_W,
    Flow,
    band,
    centred,
    drawn_once,
    lines,
    new_canvas,
    polygon,
    ship_name,
    state_text,
    titles,
    titles_bottom,
)
from games.islands.printing.data import PaperForm, SheetEvent, TeamSheet
from games.islands.printing.map import (
    draw_key,
    draw_legend,
    draw_map,
    key_height,
    legend_height,
    map_extent,
    map_size,
)

#: Route cells per row on the order form; cells when neither the team's AP nor the camp's highest
#: AP are known; never more cells than MAX_CELLS (three rows).
CELLS_PER_ROW = 15
DEFAULT_CELLS = 12
MAX_CELLS = 45
#: Where the cells' form draws them from (moved to each ship's row): low on the page, clear of the
#: top band, and inside the page's box, which clips a form.
CELLS_TOP = 60 * mm
#: The route cells' heights to choose from, the largest that lets all the routes fit first.
CELL_HEIGHTS = (13 * mm, 12 * mm, 11 * mm, 10 * mm, 9 * mm)
#: The battleship's fire target line.
FIRE_H = 10 * mm
#: The team's notes box: only when at least this tall; its lines this far apart.
NOTES_MIN_H = 25 * mm
NOTE_LINE = 8 * mm
NOTE_RULE = HexColor("#c8d0d6")
#: The order form's QR code (beside the builds, under the compass) and the code under it: black on
#: white with its quiet zone, big enough for a phone or a laptop's camera from a laser print.
QR_SIDE = 28 * mm
QR_CODE_SIZE = 10
#: The line under the code saying whose the QR code is ("for staff"): a child who scans it sees it
#: is not the team's own link.
QR_CAPTION_SIZE = 8
#: The team's own link on its map sheet (when the camp run's team links are on): a smaller QR code,
#: in the map box's corner, with a line under it.
LINK_QR_SIDE = 24 * mm
LINK_CAPTION_SIZE = 7


#: The map gives the round's events room in steps of this much, down to hexes this large (a ship's
#: number and a hex's label still read): a team's own events are never cut.
MAP_STEP = 10 * mm
MIN_MAP_HEX = 5 * mm
#: The events' font size and line height on the map sheet.
EVENT_SIZE = 7.5
EVENT_LEADING = EVENT_SIZE * 1.25
EVENT_COL_W = (INNER - 4 * mm) / 2


@dataclass(frozen=True)
class _MapPage:
    """How a team's map sheet is laid out: the map's box (its top and height) and the events on the
    page (by index; the rest continue on a page of their own, or, the team's own all shown, are left
    out with a line saying so)."""

    top: float
    height: float
    shown: tuple[int, ...]
    left_out: int
    more: tuple[int, ...]


def map_page_layout(sheet: TeamSheet, *, height: float | None = None) -> _MapPage:
    """The map as large as leaves room for every event of the round; else smaller, in steps, down
    to :data:`MIN_MAP_HEX`, as long as every event of the team's own fits (the other teams' public
    ones, from the last back, left out: the notice board has them); else the smallest map and the
    events that do not fit on a page of their own (none ever cut). With ``height``, the map's box
    is that tall (every team's map of a document the same size: one board drawn for them all)."""
    top = titles_bottom(PAGE_H - BAND_H)
    first = top - 85 * mm - key_height(sheet.key)  # the map's box with room for a few events
    _x, _y, _w, extent_h = map_extent(sheet.map.side)
    least = min(first, extent_h * MIN_MAP_HEX)
    heights = [first]
    while heights[-1] - MAP_STEP >= least:
        heights.append(heights[-1] - MAP_STEP)
    if height is not None:
        heights = [height]
    wrapped = [_event_lines(e.text, EVENT_SIZE, EVENT_COL_W - 4 * mm) for e in sheet.events]
    every = tuple(range(len(sheet.events)))
    under = _under_map(sheet)
    rooms = [top - map_size(sheet.map.side, INNER, h)[2] - under - MARGIN for h in heights]
    for box, room in zip(heights, rooms, strict=True):
        if _fits([wrapped[i] for i in every], room):
            return _MapPage(top, box, every, 0, ())
    for box, room in zip(heights, rooms, strict=True):
        keep = _kept(sheet.events, wrapped, room)
        if keep is not None:
            return _MapPage(top, box, keep, len(every) - len(keep), ())
    box, room = heights[-1], rooms[-1]
    shown: list[int] = []
    for i in every:  # in order, as many as fit; the rest on a page of their own
        if not _fits([wrapped[j] for j in [*shown, i]], room):
            break
        shown.append(i)
    return _MapPage(top, box, tuple(shown), 0, every[len(shown) :])


def _under_map(sheet: TeamSheet) -> float:
    """How far under the map the events' first line sits (as :func:`_team_map_page` draws them)."""
    y = 3 * mm + legend_height(staff=False) + 1 * mm + key_height(sheet.key) + 2 * mm
    y += 3 * 2 * 11  # the AP line, the hints' and the events' headings (each twice its size)
    for hint in sheet.hints or (_("No map hint this time."),):
        text = f"• {hint}" if sheet.hints else hint
        y += max(1, len(_split(text, FONT, 9, INNER - 2 * mm))) * 9 * 1.3
    return y


def _fits(chunks: Sequence[Sequence[str]], room: float) -> bool:
    """Whether these events' lines fit two columns ``room`` tall (an event never split)."""
    per_col = max(1, int(room // EVENT_LEADING))
    col, used = 0, 0
    for chunk in chunks:
        if used + len(chunk) > per_col:
            col, used = col + 1, 0
        used += len(chunk)
    return col < 2


def _kept(
    events: Sequence[SheetEvent], wrapped: Sequence[Sequence[str]], room: float
) -> tuple[int, ...] | None:
    """The events shown when the other teams' are left out from the last back, with the line saying
    how many; None when the team's own do not all fit."""
    keep = list(range(len(events)))
    droppable = [i for i in reversed(keep) if not events[i].own]
    note = ("…",)
    while not _fits([wrapped[i] for i in keep] + [note], room):
        if not droppable:
            return None
        keep.remove(droppable.pop(0))
    return tuple(keep)


def _team_map_page(canvas: Canvas, sheet: TeamSheet, layout: _MapPage, *, among_others: bool = False) -> None:
    """The team's map sheet laid out by :func:`map_page_layout`; ``among_others``: in a document of
    several teams' sheets (which share the markers of the hexes without the team's ships)."""
    fill = colour(style.safe_colour(sheet.colour))
    round_text = _("Round %(round)d") % {"round": sheet.orders_round}
    top, height = layout.top, layout.height
    # The shared board is made before the band: its text is then the first the document writes in
    # the embedded fonts, so it holds the same glyph codes (the same bytes) whichever team's name
    # comes first (the name's letters would be numbered before the board's otherwise).
    draw_map(
        canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=height, shared=True, key=sheet.key,
        board_only=True,
    )  # fmt: skip
    y = band(canvas, fill, sheet.team, round_text)
    title = _("Golden Islands – team map: %(state)s") % {"state": state_text(sheet.state_round)}
    titles(canvas, y, title, sheet.camp)
    bottom = draw_map(
        canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=height, shared=True, key=sheet.key,
        reader=sheet.team if among_others else None,
    )  # fmt: skip
    if sheet.link_url:
        _team_link(canvas, sheet.link_url, top=top)
    y = draw_legend(canvas, staff=False, y=bottom - 3 * mm, shared=True)
    y = draw_key(canvas, sheet.key, y=y - 1 * mm, shared=True)

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
        y = lines(canvas, MARGIN + 2 * mm, y, f"• {hint}" if sheet.hints else hint, width=INNER - 2 * mm)
    y = _heading(canvas, y, _("What happened in the round"))
    _events(canvas, y, [sheet.events[i] for i in layout.shown], left_out=layout.left_out)
    canvas.showPage()
    more = [sheet.events[i] for i in layout.more]
    while more:  # the team's own events never cut: on a page of their own
        y = band(canvas, fill, sheet.team, round_text, height=12 * mm) - 8 * mm
        y = _heading(canvas, y, _("What happened in the round (continued)"))
        room = y - MARGIN
        wrapped = [_event_lines(e.text, EVENT_SIZE, EVENT_COL_W - 4 * mm) for e in more]
        count = next((n for n in range(len(more), 0, -1) if _fits(wrapped[:n], room)), 1)
        _events(canvas, y, more[:count])
        canvas.showPage()
        more = more[count:]


def _heading(canvas: Canvas, y: float, text: str, size: float = 11) -> float:
    y -= size * 0.6
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(MARGIN, y, text)
    return y - size * 1.4


def _events(canvas: Canvas, y: float, events: Sequence[SheetEvent], *, left_out: int = 0) -> None:
    """The events in two columns from ``y`` down to the bottom margin (laid out by
    :func:`map_page_layout`: they fit), then a line saying how many others are ``left_out`` (the
    notice board has them)."""
    if not events and not left_out:
        lines(canvas, MARGIN + 2 * mm, y, _("Nothing to report yet."))
        return
    per_col = max(1, int((y - MARGIN) // EVENT_LEADING))
    chunks: list[Sequence[str]] = [_event_lines(e.text, EVENT_SIZE, EVENT_COL_W - 4 * mm) for e in events]
    if left_out:
        note = _("… and %(n)d more events: see the notice board") % {"n": left_out}
        chunks.append((note,))
    col, used = 0, 0
    placed = []
    for chunk in chunks:
        if used + len(chunk) > per_col:
            col, used = col + 1, 0
        for line in chunk:
            placed.append((MARGIN + 2 * mm + col * (EVENT_COL_W + 4 * mm), y - used * EVENT_LEADING, line))
            used += 1
    out = canvas.beginText()  # one text object for all the lines (one each cost more)
    write_texts(out, FONT, EVENT_SIZE, placed)
    canvas.drawText(out)


@lru_cache(maxsize=256)
def _split(text: str, font: str, size: float, width: float) -> tuple[str, ...]:
    """``simpleSplit``, once per text (a text every team's order form prints)."""
    return tuple(simpleSplit(text, font, size, width))


@lru_cache(maxsize=1024)
def _event_lines(text: str, size: float, width: float) -> tuple[str, ...]:
    """An event wrapped to ``width``, behind a bullet (once per text: the public events are on every
    team's sheet)."""
    parts = simpleSplit(text, FONT, size, width) or [""]
    indent = " " * 3  # continuation lines sit under the text, not under the bullet
    return ("• " + parts[0], *(indent + p for p in parts[1:]))


def _cells(canvas: Canvas, x: float, y: float, count: int, *, cell_w: float, cell_h: float) -> float:
    """``count`` empty numbered cells in rows of :data:`CELLS_PER_ROW` from the top ``y``; returns
    the y under them. Drawn once per document and size, placed again for every ship."""

    def cells() -> None:
        canvas.setLineWidth(0.6)
        canvas.setStrokeColor(black)
        numbers = canvas.beginText()  # one text object for all the numbers (one each cost more)
        numbers.setFont(FONT, 5.5)
        numbers.setFillColor(GREY)
        for i in range(count):
            row, col = divmod(i, CELLS_PER_ROW)
            cx = x + col * cell_w
            cy = CELLS_TOP - (row + 1) * cell_h
            canvas.rect(cx, cy, cell_w, cell_h, stroke=1, fill=0)
            numbers.setTextOrigin(cx + 0.8, cy + cell_h - 6)
            numbers.textOut(str(i + 1))
        canvas.drawText(numbers)

    drawn_once(canvas, "zoCells", (x, count, cell_w, cell_h), cells, dy=y - CELLS_TOP)
    rows = (count + CELLS_PER_ROW - 1) // CELLS_PER_ROW
    return y - rows * cell_h


def _compass(canvas: Canvas, cx: float, cy: float, r: float, letters: Alphabet) -> None:
    """A flat-top hex with the six move directions on its edges (north up). The same on every
    team's order form: drawn once per document and place (a form XObject), placed again."""

    def compass() -> None:
        pts = corners_around(cx, cy, r)
        canvas.setFillColor(HexColor("#cfe8f7"))
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        polygon(canvas, pts, stroke=1, fill=1)
        canvas.setFillColor(black)
        for name, angle in zip(DIRECTION_NAMES, (90, 30, -30, -90, -150, 150), strict=True):
            d = r * (1.3 if angle in (90, -90) else 1.55)
            tx, ty = cx + d * math.cos(math.radians(angle)), cy + d * math.sin(math.radians(angle))
            centred(canvas, tx, ty, letters.letter(name), FONT_BOLD, 8)

    drawn_once(canvas, "zoCompass", (cx, cy, r, tuple(letters.letter(n) for n in DIRECTION_NAMES)), compass)


def _order_form(canvas: Canvas, sheet: TeamSheet) -> None:
    fill = colour(style.safe_colour(sheet.colour))
    form_title = _("Orders for round %(round)d") % {"round": sheet.orders_round}

    def heading() -> float:
        return band(canvas, fill, sheet.team, form_title, height=12 * mm) - 8 * mm

    y = band(canvas, fill, sheet.team, form_title) - 8 * mm
    # AP and steps.
    canvas.setFont(FONT_BOLD, 11)
    ap = "____" if sheet.ap is None else str(sheet.ap)
    canvas.drawString(MARGIN, y, _("AP this round: %(ap)s") % {"ap": ap})
    _compass(canvas, PAGE_W - MARGIN - 12 * mm, y - 8 * mm, 6 * mm, Alphabet(sheet.route_letters))
    head = _OrderHead.of(sheet, y)
    drawn_once(canvas, "zoOrderHead", (get_language(), head), lambda: _order_head(canvas, head))
    if sheet.paper is not None:
        _paper_code(canvas, sheet.paper, top=head.build_y + 1 * mm)
    canvas.setFont(FONT, 9.5)
    canvas.setFillColor(black)
    for i, build in enumerate(sheet.builds):
        base = head.table_y - head.row_h * (i + 1) - 4.8 * mm
        canvas.drawString(head.cols[2] + 1.5 * mm, base, f"{build.owned} / {build.limit}")
    y = head.bottom
    flow = Flow(canvas, y, heading)
    cells = min(sheet.ap or sheet.most_ap or DEFAULT_CELLS, MAX_CELLS)
    cell_w = min(12.4 * mm, INNER / CELLS_PER_ROW)
    rows = (cells + CELLS_PER_ROW - 1) // CELLS_PER_ROW
    fire = FIRE_H if any(ship.battleship for ship in sheet.ships) else 0.0

    def routes_height(cell_h: float) -> float:
        per_ship = 1.5 * mm + rows * cell_h + 5 * mm
        return 22 + max(1, len(sheet.ships)) * per_ship + per_ship + 2 * mm + fire

    # The page is the team's: the cells as large as fit (room to write in, crossed-out letters
    # included), then what is left is a box for the team's own notes.
    room = flow.y - MARGIN - 6 * mm
    cell_h = next((h for h in CELL_HEIGHTS if routes_height(h) <= room), CELL_HEIGHTS[-1])
    flow.title(_("Routes"), keep=7 * mm + rows * cell_h + 3 * mm)
    for ship in sheet.ships:
        flow.need(7 * mm + rows * cell_h + 3 * mm)
        canvas.setFont(FONT_BOLD, 10)
        head = _("%(ship)s at %(at)s") % {"ship": ship_name(ship), "at": ship.at}
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
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.6)
        canvas.rect(bx, flow.y - 3 * mm, 25 * mm, 9 * mm)
        canvas.setFont(FONT, 8)
        canvas.setFillColor(GREY)
        canvas.drawString(bx + 28 * mm, flow.y, _("chosen now, before anyone moves; empty: no shot"))
        canvas.setFillColor(black)
        flow.y -= FIRE_H
    _notes_box(canvas, flow.y + 2 * mm)
    canvas.showPage()


@dataclass(frozen=True)
class _OrderHead:
    """The order form's part under the AP line that is the same on every team's form (the steps
    line, how to write a route, the builds' table but what the team has): where it goes."""

    y: float
    letters: tuple[str, ...]
    help_lines: tuple[str, ...]
    build_y: float
    table_y: float
    table_w: float
    cols: tuple[float, ...]
    row_h: float
    #: The builds' names and costs (the same for every team).
    builds: tuple[tuple[str, int], ...]
    note_y: float
    bottom: float

    @classmethod
    def of(cls, sheet: TeamSheet, y: float) -> _OrderHead:
        letters = tuple(Alphabet(sheet.route_letters).letters)
        help_text = _(
            "A route: one direction per step (%(dirs)s), “.” stays put; a route shorter than the steps "
            "stays for the rest. A ship with a seahorse moves up to two hexes in a step: write both "
            "moves in the step's box (“%(two)s”, or “%(one)s .” for one move)."
        ) % {
            "dirs": " ".join(letters),
            "two": f"{letters[0]} {letters[1]}",
            "one": letters[0],
        }
        help_lines = _split(help_text, FONT, 8, INNER - 30 * mm)
        build_y = y - 6 * mm - len(help_lines) * 3.6 * mm - 3 * mm
        table_y = build_y - 2 * mm
        row_h = 7 * mm
        note_y = table_y - row_h * (1 + len(sheet.builds)) - 4 * mm
        bottom = note_y - 4 * mm
        if sheet.paper is not None:  # the routes start under the QR code's caption
            bottom = min(bottom, _paper_caption_y(build_y + 1 * mm) - 4 * mm)
        return cls(
            y=y,
            letters=letters,
            help_lines=help_lines,
            build_y=build_y,
            table_y=table_y,
            table_w=INNER - QR_SIDE - 3 * mm if sheet.paper is not None else 175 * mm,
            cols=(MARGIN, MARGIN + 55 * mm, MARGIN + 85 * mm, MARGIN + 130 * mm),
            row_h=row_h,
            builds=tuple((build.name, build.cost) for build in sheet.builds),
            note_y=note_y,
            bottom=bottom,
        )


def _order_head(canvas: Canvas, head: _OrderHead) -> None:
    """:class:`_OrderHead` drawn (once per document, a form XObject placed on every order form)."""
    canvas.setFont(FONT, 9)
    canvas.drawString(MARGIN + 62 * mm, head.y, _("Steps = AP − builds: ______"))
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    y = head.y - 6 * mm
    for part in head.help_lines:
        canvas.drawString(MARGIN, y, part)
        y -= 3.6 * mm
    canvas.setFillColor(black)
    canvas.setFont(FONT_BOLD, 11)
    canvas.drawString(MARGIN, head.build_y, _("Build"))
    y, cols, row_h, rows = head.table_y, head.cols, head.row_h, 1 + len(head.builds)
    heads = (_("ship"), _("cost"), _("you have / at most"), _("how many"))
    canvas.setFont(FONT_BOLD, 8.5)
    for cx, text in zip(cols, heads, strict=True):
        canvas.drawString(cx + 1.5 * mm, y - 4.5 * mm, text)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.6)
    canvas.rect(MARGIN, y - row_h * rows, head.table_w, row_h * rows)
    for cx in cols[1:]:
        canvas.line(cx, y, cx, y - row_h * rows)
    canvas.setFont(FONT, 9.5)
    for i, (name, cost) in enumerate(head.builds):
        top = y - row_h * (i + 1)
        canvas.line(MARGIN, top, MARGIN + head.table_w, top)
        canvas.drawString(cols[0] + 1.5 * mm, top - 4.8 * mm, name)
        canvas.drawString(cols[1] + 1.5 * mm, top - 4.8 * mm, _("%(cost)d AP") % {"cost": cost})
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    canvas.drawString(
        MARGIN, head.note_y, _("A new ship starts in the harbor and moves from the next round.")
    )
    canvas.setFillColor(black)


def _paper_caption_y(top: float) -> float:
    """The baseline of the QR code's caption ("for staff") of a code drawn from ``top``."""
    return top - QR_SIDE - QR_CODE_SIZE * 0.9 - QR_CAPTION_SIZE * 1.25


def _paper_code(canvas: Canvas, paper: PaperForm, *, top: float) -> None:
    """The QR code at the right margin from ``top`` down, the code under it (bold, to read aloud)
    and under that whose it is: staff's (it opens the form's page for typing it in)."""
    left = PAGE_W - MARGIN - QR_SIDE
    draw_qr(canvas, paper.qr, left, top - QR_SIDE, QR_SIDE)  # the quiet zone white whatever is near
    canvas.setFillColor(black)
    canvas.setFont(FONT_BOLD, QR_CODE_SIZE)
    canvas.drawCentredString(left + QR_SIDE / 2, top - QR_SIDE - QR_CODE_SIZE * 0.9, paper.code)
    canvas.setFont(FONT, QR_CAPTION_SIZE)
    canvas.drawCentredString(left + QR_SIDE / 2, _paper_caption_y(top), _("for staff"))


def _team_link(canvas: Canvas, link_url: str, *, top: float) -> None:
    """The team's own link as a small QR code in the map box's top right corner (a triangular board
    leaves it empty; the north arrow has the other one), a short line under it."""
    left = PAGE_W - MARGIN - LINK_QR_SIDE
    draw_qr(canvas, link_url, left, top - LINK_QR_SIDE, LINK_QR_SIDE)
    canvas.setFont(FONT, LINK_CAPTION_SIZE)
    y = top - LINK_QR_SIDE - LINK_CAPTION_SIZE * 0.6
    caption = _("Your team's link: scan it with a phone")
    for part in simpleSplit(caption, FONT, LINK_CAPTION_SIZE, LINK_QR_SIDE + 6 * mm):
        # Centred under the code, but never past the right margin.
        half = canvas.stringWidth(part, FONT, LINK_CAPTION_SIZE) / 2
        canvas.drawCentredString(min(left + LINK_QR_SIDE / 2, PAGE_W - MARGIN - half), y, part)
        y -= LINK_CAPTION_SIZE * 1.2


def _notes_box(canvas: Canvas, top: float) -> None:
    """What the order form leaves free, down to the bottom margin: a lined box for the team's own
    notes (plans, what it saw on the board); none when too little is left. Drawn once per document
    and height (a form XObject: the forms of teams with as many ships leave the same room)."""
    bottom = MARGIN
    if top - bottom < NOTES_MIN_H:
        return

    def box() -> None:
        canvas.setFillColor(black)
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString(MARGIN, top - 4 * mm, _("Our notes"))
        box_top = top - 6.5 * mm
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        canvas.roundRect(MARGIN, bottom, INNER, box_top - bottom, 2 * mm, stroke=1, fill=0)
        canvas.setStrokeColor(NOTE_RULE)
        canvas.setLineWidth(0.4)
        y = box_top - NOTE_LINE
        while y > bottom + 3 * mm:
            canvas.line(MARGIN + 3 * mm, y, MARGIN + INNER - 3 * mm, y)
            y -= NOTE_LINE

    drawn_once(canvas, "zoNotes", (get_language(), top), box)


def draw_team_sheets(canvas: Canvas, sheets: Sequence[TeamSheet]) -> None:
    """Every team's map sheet and order form, one team after another, onto ``canvas``. Every team's
    map is as large as the busiest team's events leave it (the board is drawn once for them all),
    but for a team whose events run on to a page of their own anyway: it does not shrink the rest."""
    layouts = [map_page_layout(sheet) for sheet in sheets]
    on_one_page = [layout.height for layout in layouts if not layout.more]
    common = min(on_one_page or [layout.height for layout in layouts], default=0.0)
    for sheet, layout in zip(sheets, layouts, strict=True):
        if layout.height != common:  # the document's map size: more events (or fewer) on the page
            layout = map_page_layout(sheet, height=common)
        _team_map_page(canvas, sheet, layout, among_others=len(sheets) > 1)
        _order_form(canvas, sheet)


def render_team_sheets(sheets: Sequence[TeamSheet], *, font_dir: Path) -> bytes:
    """Every team's map sheet and order form, one team after another."""
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – team sheets"))
    draw_team_sheets(canvas, sheets)
    if not sheets:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
