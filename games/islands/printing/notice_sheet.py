"""The notice-board sheet of a round (A4, pinned up in the dining hall): the public map, the
standings, the round's public events and the AP table of the resolved rounds. The paper twin of the
public notice board; drawn from :class:`NoticeSheet` (public data only, never a model)."""

from __future__ import annotations

from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

from django.utils.translation import gettext as _
from reportlab.lib.colors import HexColor, black
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, colour, fit_text, register_fonts
from games.islands.maps import style
from games.islands.printing.canvas import (
    GREY,
    INNER,
    MARGIN,
    Flow,
    band,
    new_canvas,
    state_text,
    team_mark,
    titles,
)
from games.islands.printing.data import KeyRow, NoticeSheet
from games.islands.printing.map import draw_key, draw_legend, draw_map, key_height

BOARD_BLUE = HexColor("#1f4e6b")
RULE = HexColor("#b8c7d0")
ROW_H = 6 * mm
#: The team column of the tables; the AP table's round columns share what is left.
TEAM_W = 62 * mm
#: A moment's title and its first lines stay together (and with the heading above them).
GROUP_KEEP = 4 * 9 * 1.3


def _swatch(canvas: Canvas, x: float, y: float, fill: str, mark: KeyRow | None = None) -> None:
    """The team's mark (its shape and label in its colour, told apart in grey too), or a plain
    swatch of its colour for a team with no mark."""
    if mark is not None:
        team_mark(
            canvas,
            mark.shape,
            mark.label,
            colour(style.safe_colour(fill)),
            x + 1.7 * mm,
            y + 1 * mm,
            2.1 * mm,
        )
        return
    canvas.setFillColor(colour(style.safe_colour(fill)))
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.4)
    canvas.rect(x, y - 0.6 * mm, 3 * mm, 3 * mm, stroke=1, fill=1)
    canvas.setFillColor(black)


#: A table that runs on to the next page takes at least this many rows there (none left alone).
WIDOW_ROWS = 3


def table_keep(rows: int) -> float:
    """What a table's heading is kept with: the table's head and its first row, or all of a table
    too short to be split (:data:`WIDOW_ROWS`)."""
    return ROW_H * (1 + (rows if rows <= WIDOW_ROWS else 1))


def _table(
    flow: Flow,
    heads: Sequence[str],
    rows: Sequence[tuple[str, str, Sequence[str]]],
    widths: Sequence[float],
    *,
    foot: Sequence[str] | None = None,
    marks: Sequence[KeyRow | None] = (),
) -> None:
    """A table: a head row, then per row (team, colour, cells), with the team column (its mark and
    name cut with "…" if it must) first and the numbers right-aligned; a row never splits, and a
    table that runs on to the next page takes :data:`WIDOW_ROWS` rows or more with it."""
    canvas = flow.canvas
    bottom = MARGIN + 6 * mm

    def head() -> None:
        flow.need(ROW_H * 2)
        canvas.setFont(FONT_BOLD, 8)
        x = MARGIN
        for text, w in zip(heads, widths, strict=True):
            if x == MARGIN:
                canvas.drawString(x + 1 * mm, flow.y, text)
            else:
                canvas.drawRightString(x + w - 1 * mm, flow.y, text)
            x += w
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, flow.y - 1.8 * mm, MARGIN + sum(widths), flow.y - 1.8 * mm)
        flow.y -= ROW_H

    def page_rows(start: int) -> int:
        """How many rows from ``start`` go on this page."""
        fit = max(0, int((flow.y - bottom) // ROW_H))
        left = len(rows) - start
        if fit >= left:
            return left
        return max(0, min(fit, left - WIDOW_ROWS))

    flow.need(table_keep(len(rows)))  # the head never alone: with the rows that must follow it
    head()
    until = page_rows(0)
    for i, (team, fill, cells) in enumerate(rows):
        if i >= until:
            flow.need(flow.y - bottom + 1)  # the rest of the table on the next page
            head()
            until = i + max(1, page_rows(i))
        mark = marks[i] if i < len(marks) else None
        x = MARGIN
        if fill:
            _swatch(canvas, x + 1 * mm, flow.y, fill, mark)
        name, size = fit_text(canvas, team, FONT_BOLD, 10, widths[0] - 6 * mm, smallest=7)
        canvas.setFont(FONT_BOLD, size)
        canvas.drawString(x + 5.5 * mm, flow.y, name)
        x += widths[0]
        canvas.setFont(FONT, 10)
        for text, w in zip(cells, widths[1:], strict=True):
            canvas.drawRightString(x + w - 1 * mm, flow.y, text)
            x += w
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.4)
        canvas.line(MARGIN, flow.y - 2 * mm, MARGIN + sum(widths), flow.y - 2 * mm)
        flow.y -= ROW_H
    if foot is not None:
        flow.need(ROW_H)
        x = MARGIN
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString(x + 1 * mm, flow.y, foot[0])
        x += widths[0]
        for text, w in zip(foot[1:], widths[1:], strict=True):
            canvas.drawRightString(x + w - 1 * mm, flow.y, text)
            x += w
        flow.y -= ROW_H
    flow.y -= 2 * mm


def draw_notice_sheet(canvas: Canvas, sheet: NoticeSheet) -> None:
    """The notice-board sheet's pages onto ``canvas``."""
    title = _("Notice board")
    after = state_text(sheet.state_round)

    def heading() -> float:
        return band(canvas, BOARD_BLUE, title, after, height=10 * mm) - 8 * mm

    y = band(canvas, BOARD_BLUE, _("Golden Islands – notice board"))
    top = titles(canvas, y, _("Golden Islands – %(state)s") % {"state": after}, sheet.camp)
    height = top - 110 * mm - key_height(sheet.key)
    bottom = draw_map(canvas, sheet.map, x=MARGIN, top=top, width=INNER, height=height, key=sheet.key)
    y = draw_legend(canvas, staff=False, y=bottom - 3 * mm)
    y = draw_key(canvas, sheet.key, y=y - 1 * mm)
    flow = Flow(canvas, y - 2 * mm, heading)
    marks = {row.team: row for row in sheet.key}

    flow.title(_("Standings"), keep=table_keep(len(sheet.standings)))
    widths = (TEAM_W + 34 * mm, 30 * mm, 30 * mm, INNER - TEAM_W - 94 * mm)
    _table(
        flow,
        (_("team"), _("chests delivered"), _("ships afloat"), _("AP received")),
        [
            (f"{r.rank}. {r.team}", r.colour, (str(r.delivered), str(r.ships), str(r.ap_received)))
            for r in sheet.standings
        ],
        widths,
        marks=[marks.get(r.team) for r in sheet.standings],
    )
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    canvas.drawString(MARGIN, flow.y + 1 * mm, _("A tie goes to the team that received fewer AP."))
    canvas.setFillColor(black)
    flow.y -= 4 * mm

    events_title = (
        _("What happened")
        if sheet.state_round is None
        else _("What happened in round %(round)d") % {"round": sheet.state_round}
    )
    flow.title(events_title, keep=GROUP_KEEP if sheet.events else 9 * 1.3)
    if not sheet.events:
        flow.para(_("Nothing to report yet."), indent=2 * mm)
    for group in sheet.events:
        flow.need(GROUP_KEEP)  # a moment's title never stands alone at the foot of a page
        canvas.setFillColor(BOARD_BLUE)
        flow.para(group.when, size=9.5)
        canvas.setFillColor(black)
        for line in group.lines:
            flow.para(f"• {line}", size=9, indent=3 * mm)
        flow.y -= 1 * mm

    flow.y -= 2 * mm
    flow.title(
        _("AP in the resolved rounds"), keep=table_keep(len(sheet.ap_teams)) if sheet.ap_rounds else 9 * 1.3
    )
    if not sheet.ap_rounds:
        flow.para(_("No round resolved yet."), indent=2 * mm)
        canvas.showPage()
        return
    # At most this many round columns side by side; more rounds continue in a second table.
    per_table = max(1, int((INNER - TEAM_W - 22 * mm) // (14 * mm)))
    chunks = [sheet.ap_rounds[i : i + per_table] for i in range(0, len(sheet.ap_rounds), per_table)]
    for n, chunk in enumerate(chunks):
        last = n == len(chunks) - 1
        col_w = (INNER - TEAM_W - 22 * mm) / per_table
        widths = (TEAM_W, *(col_w for _c in chunk), *((22 * mm,) if last else ()))
        heads = (
            _("team"),
            *(_("round %(round)d") % {"round": c.round} for c in chunk),
            *((_("in total"),) if last else ()),
        )
        rows = [
            (
                team,
                fill,
                (
                    *(c.cells[i] or "—" for c in chunk),
                    *((str(sheet.ap_totals[i]),) if last else ()),
                ),
            )
            for i, (team, fill) in enumerate(sheet.ap_teams)
        ]
        _table(flow, heads, rows, widths, marks=[marks.get(team) for team, _fill in sheet.ap_teams])
    canvas.setFont(FONT, 8)
    canvas.setFillColor(GREY)
    note = _(
        "The AP a round gave, the place in the mini-game in brackets (%(example)s); a round counts once"
        " it is resolved."
    ) % {"example": _("11 (#2) = 11 AP for 2nd place")}
    canvas.drawString(MARGIN, flow.y + 1 * mm, note)
    canvas.setFillColor(black)
    canvas.showPage()


def render_notice_sheet(sheet: NoticeSheet, *, font_dir: Path) -> bytes:
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – notice board"))
    draw_notice_sheet(canvas, sheet)
    canvas.save()
    return buffer.getvalue()
