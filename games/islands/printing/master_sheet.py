"""The staff master sheet of a round ("jen pro vedoucí", A4): the whole map, hidden tiles
included, and a table of the teams, their ships and cargo, and the pirates with their drawn moves.
Drawn from the plain data of :mod:`games.islands.printing.data` (never a model)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, colour, fit_text, register_fonts
from games.islands import words
from games.islands.maps import style
from games.islands.printing.canvas import (
    INNER,
    MARGIN,
    PAGE_H,
    PAGE_W,
    band,
    centred,
    new_canvas,
    ship_name,
    state_text,
    team_mark,
    titles,
)
from games.islands.printing.data import KeyRow, MasterSheet, TeamRow
from games.islands.printing.map import draw_legend, draw_map, legend_height

STAFF_RED = HexColor("#b00020")


def render_master_sheet(sheet: MasterSheet, *, font_dir: Path) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – staff master sheet"))
    draw_master_sheet(canvas, sheet)
    canvas.save()
    return buffer.getvalue()


#: The teams stand in two columns of cards under the map, the pirates under them across the page.
COLUMNS = 2
COLUMN_GAP = 6 * mm
COLUMN_W = (INNER - (COLUMNS - 1) * COLUMN_GAP) / COLUMNS
NAME_LINE, FACTS_LINE, SHIP_LEADING, CARD_GAP = 4.4 * mm, 3.8 * mm, 3.3 * mm, 2.2 * mm
SHIP_SIZE, PIRATE_SIZE = 7.5, 8.5
TITLE_SIZE = 11
#: The map is made smaller to keep the teams on its page, but not below this: then the teams are
#: planned onto a second page of their own (with its own heading).
MIN_MAP_H = 110 * mm


@dataclass(frozen=True)
class _Card:
    """A team's block of the master sheet, wrapped and measured before anything is drawn."""

    row: TeamRow
    facts: str
    ships: tuple[str, ...]

    @property
    def height(self) -> float:
        return NAME_LINE + FACTS_LINE + len(self.ships) * SHIP_LEADING + CARD_GAP


def _cards(sheet: MasterSheet) -> list[_Card]:
    cards = []
    for row in sheet.teams:
        ap = "?" if row.ap is None else str(row.ap)
        facts = _("harbor %(bay)s · AP for round %(round)d: %(ap)s · chests delivered: %(n)d") % {
            "bay": row.harbor,
            "round": sheet.orders_round,
            "ap": ap,
            "n": row.delivered,
        }
        parts = []
        for ship in row.ships:
            text = _("%(ship)s at %(at)s, chests %(n)d") % {
                "ship": ship_name(ship),
                "at": ship.at,
                "n": ship.chests or 0,
            }
            if ship.notes:
                text += " (" + ", ".join(ship.notes) + ")"
            parts.append(text)
        ships = tuple(
            simpleSplit("; ".join(parts) if parts else _("no ships"), FONT, SHIP_SIZE, COLUMN_W - 5 * mm)
        )
        cards.append(_Card(row, facts, ships))
    return cards


def _split(cards: Sequence[_Card]) -> int:
    """Where the left column ends: the split (in seat order) with the shortest taller column."""
    heights = [c.height for c in cards]
    return min(range(len(cards) + 1), key=lambda k: (max(sum(heights[:k]), sum(heights[k:])), -k))


def _pirate_lines(sheet: MasterSheet) -> list[str]:
    if not sheet.pirates:
        return [_("No pirate ships.")]
    out = []
    for pirate in sheet.pirates:
        text = _("%(pirate)s at %(at)s") % {"pirate": words.ship_label(pirate.ident), "at": pirate.at}
        if pirate.moves:
            text += " – " + _("drawn moves: %(moves)s") % {"moves": pirate.moves}
        out.extend(simpleSplit(f"• {text}", FONT, PIRATE_SIZE, INNER - 2 * mm))
    return out


def tables_height(sheet: MasterSheet) -> float:
    """How tall the teams' columns and the pirates are (to plan the page before drawing)."""
    cards = _cards(sheet)
    k = _split(cards)
    columns = max(sum(c.height for c in cards[:k]), sum(c.height for c in cards[k:]))
    return 2 * (TITLE_SIZE * 2.0) + columns + len(_pirate_lines(sheet)) * PIRATE_SIZE * 1.3 + 3 * mm


def _draw_card(canvas: Canvas, card: _Card, x: float, y: float, mark: KeyRow | None) -> float:
    row = card.row
    fill = colour(style.safe_colour(row.colour))
    if mark is not None:  # as on the map: the team's shape and label in its colour
        team_mark(canvas, mark.shape, mark.label, fill, x + 2 * mm, y + 1.2 * mm, 2.2 * mm)
    else:
        canvas.setFillColor(fill)
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.4)
        canvas.rect(x, y - 0.6 * mm, 3 * mm, 3 * mm, stroke=1, fill=1)
        canvas.setFillColor(black)
    name, size = fit_text(canvas, row.team, FONT_BOLD, 10, COLUMN_W - 5 * mm, smallest=7)
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(x + 5 * mm, y, name)
    y -= NAME_LINE
    facts, size = fit_text(canvas, card.facts, FONT_BOLD, 8.5, COLUMN_W - 5 * mm, smallest=6.5)
    canvas.setFont(FONT_BOLD, size)
    canvas.drawString(x + 5 * mm, y, facts)
    y -= FACTS_LINE
    canvas.setFont(FONT, SHIP_SIZE)
    for part in card.ships:
        canvas.drawString(x + 5 * mm, y, part)
        y -= SHIP_LEADING
    return y - CARD_GAP


def _draw_tables(canvas: Canvas, sheet: MasterSheet, y: float) -> None:
    canvas.setFont(FONT_BOLD, TITLE_SIZE)
    y -= TITLE_SIZE * 0.6
    canvas.drawString(MARGIN, y, _("Teams"))
    y -= TITLE_SIZE * 1.4
    cards = _cards(sheet)
    k = _split(cards)
    marks = {row.team: row for row in sheet.key}
    bottom = y
    for column, part in enumerate((cards[:k], cards[k:])):
        cy = y
        for card in part:
            cy = _draw_card(
                canvas, card, MARGIN + column * (COLUMN_W + COLUMN_GAP), cy, marks.get(card.row.team)
            )
        bottom = min(bottom, cy)
    y = bottom
    canvas.setFont(FONT_BOLD, TITLE_SIZE)
    y -= TITLE_SIZE * 0.6
    canvas.drawString(MARGIN, y, _("Pirates"))
    y -= TITLE_SIZE * 1.4
    canvas.setFont(FONT, PIRATE_SIZE)
    for line in _pirate_lines(sheet):
        canvas.drawString(MARGIN + 2 * mm, y, line)
        y -= PIRATE_SIZE * 1.3


def master_pages(sheet: MasterSheet, map_top: float) -> tuple[float, bool]:
    """The plan of the master sheet: the map's height and whether the teams and pirates get a page
    of their own (they do not fit under a map of :data:`MIN_MAP_H`)."""
    full = map_top - 45 * mm
    room = map_top - MARGIN - 3 * mm - legend_height(staff=True) - 2 * mm - tables_height(sheet)
    if room >= MIN_MAP_H:
        return min(full, room), False
    return full, True


def draw_master_sheet(canvas: Canvas, sheet: MasterSheet) -> None:
    """The master sheet's pages onto ``canvas``: one page (the map made smaller for up to 12
    teams), or, planned, a second page with its own heading for the teams and pirates."""
    staff_only = pgettext("printed sheet", "staff only")
    round_text = _("Round %(round)d") % {"round": sheet.orders_round}
    y = band(canvas, STAFF_RED, _("Master sheet – %(staff_only)s") % {"staff_only": staff_only.upper()},
              round_text)  # fmt: skip
    title = _("Golden Islands – %(state)s") % {"state": state_text(sheet.state_round)}
    top = titles(canvas, y, title, sheet.camp)
    map_h, own_page = master_pages(sheet, top)
    bottom = draw_map(canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=map_h, key=sheet.key)
    y = draw_legend(canvas, staff=True, y=bottom - 3 * mm)
    if own_page:
        canvas.showPage()
        y = band(canvas, STAFF_RED, _("Master sheet – teams and pirates"), round_text, height=12 * mm)
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(MARGIN, y - 5 * mm, staff_only.upper())
        y -= 7 * mm
    _draw_tables(canvas, sheet, y - 2 * mm)
    canvas.showPage()


def draw_staff_separator(canvas: Canvas) -> None:
    """A page that stops the hand-out: what follows is for the staff only ("jen pro vedoucí").
    Red words in a red frame on white paper (a page of solid red would empty the camp's cartridge)."""
    staff_only = pgettext("printed sheet", "staff only").upper()
    canvas.setStrokeColor(STAFF_RED)
    canvas.setLineWidth(4 * mm)
    canvas.rect(MARGIN, MARGIN, PAGE_W - 2 * MARGIN, PAGE_H - 2 * MARGIN, stroke=1, fill=0)
    canvas.setFillColor(STAFF_RED)
    text, size = fit_text(canvas, staff_only, FONT_BOLD, 60, INNER - 16 * mm)
    centred(canvas, PAGE_W / 2, PAGE_H / 2 + 20 * mm, text, FONT_BOLD, size)
    canvas.setFillColor(black)
    said = (
        _("The staff master sheet follows: the whole map, hidden tiles, cargo and pirate moves."),
        _("Do not hand it out, do not pin it up."),
    )
    wrapped = [part for line in said for part in simpleSplit(line, FONT_BOLD, 13, INNER - 30 * mm)]
    for i, line in enumerate(wrapped):
        centred(canvas, PAGE_W / 2, PAGE_H / 2 - 5 * mm - i * 7 * mm, line, FONT_BOLD, 13)
    canvas.setLineWidth(1)
    canvas.setStrokeColor(black)
    canvas.showPage()
