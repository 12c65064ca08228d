"""The staff master sheet of a round ("jen pro vedoucí", A4): the whole map, hidden tiles
included, and a table of the teams, their ships and cargo, and the pirates with their drawn moves.
Drawn from the plain data of :mod:`games.islands.printing.data` (never a model)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT_BOLD, colour, fit_text, register_fonts
from games.islands import words
from games.islands.maps import style
from games.islands.printing.canvas import (
    INNER,
    MARGIN,
    PAGE_H,
    PAGE_W,
    Flow,
    band,
    centred,
    new_canvas,
    ship_name,
    state_text,
    titles,
)
from games.islands.printing.data import MasterSheet
from games.islands.printing.map import draw_legend, draw_map

STAFF_RED = HexColor("#b00020")


def render_master_sheet(sheet: MasterSheet, *, font_dir: Path) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – staff master sheet"))
    draw_master_sheet(canvas, sheet)
    canvas.save()
    return buffer.getvalue()


def draw_master_sheet(canvas: Canvas, sheet: MasterSheet) -> None:
    """The master sheet's pages onto ``canvas``."""
    staff_only = pgettext("printed sheet", "staff only")
    round_text = _("Round %(round)d") % {"round": sheet.orders_round}

    def heading() -> float:
        return band(canvas, STAFF_RED, staff_only.upper(), round_text, height=10 * mm) - 8 * mm

    y = band(canvas, STAFF_RED, _("Master sheet – %(staff_only)s") % {"staff_only": staff_only.upper()},
              round_text)  # fmt: skip
    title = _("Golden Islands – %(state)s") % {"state": state_text(sheet.state_round)}
    top = titles(canvas, y, title, sheet.camp)
    bottom = draw_map(canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=top - 45 * mm)
    y = draw_legend(canvas, staff=True, y=bottom - 3 * mm)
    flow = Flow(canvas, y - 2 * mm, heading)
    flow.title(_("Teams"))
    for row in sheet.teams:
        ap = "?" if row.ap is None else str(row.ap)
        flow.need(12 * mm)
        canvas.setFillColor(colour(style.safe_colour(row.colour)))
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
                "ship": ship_name(ship),
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
        text = _("%(pirate)s at %(at)s") % {"pirate": words.ship_label(pirate.ident), "at": pirate.at}
        if pirate.moves:
            text += " – " + _("drawn moves: %(moves)s") % {"moves": pirate.moves}
        flow.para(f"• {text}", size=8.5, indent=2 * mm)
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
