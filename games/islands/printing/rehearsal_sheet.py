"""A rehearsal's report on paper (A4, staff only: it reveals the board): the parameters, the
verdict of each board side by side with the best one marked, each board's shares of the games won
by style of play (with their intervals; one 5 points or more off in bold with "!"), the figures,
the charts (treasure home by round, the games each side wins, ships lost by round) and each board's
sides and bays (information: teams choose their bays). A kept report of an older format says so.

Readable on a black-and-white printer: the boards are told apart by their lines' dashes and markers
and their bars' hatching (:data:`games.islands.maps.charts.SERIES_STYLES`, as on the page), never by
colour. Drawn from a :class:`~games.islands.rehearsal_report.ReportView` (never a model).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from io import BytesIO
from pathlib import Path

from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from camp.pdf import FONT, FONT_BOLD, register_fonts
from games.islands.maps.charts import Series, SeriesStyle, nice_top, series_style, ticks
from games.islands.printing.canvas import GREY, INNER, MARGIN, Flow, band, new_canvas, titles
from games.islands.rehearsal_report import BoardReport, ReportView
from games.islands.words import rehearsal as rehearsal_words

BAND = HexColor("#2b3a42")
RULE = HexColor("#9aa5ab")
GRID = HexColor("#c8c8c8")
GOOD = HexColor("#1d5e20")
DOUBT = HexColor("#6b4a00")
BAD = HexColor("#8b0000")
#: A verdict's ink by its tone (the words say it all: the ink only helps on a colour print).
TONES = {"good": GOOD, "doubt": DOUBT, "bad": BAD}
#: A chart's box on paper (its legend on top, the axes' texts inside).
CHART_H = 72 * mm
ROW = 4.6 * mm
LABEL_W = 62 * mm
PARAMETER_W = 80 * mm
Number = Callable[[float], str]


def render_rehearsal_sheet(report: ReportView, *, camp: str, when: datetime, font_dir: Path) -> bytes:
    """The report as a PDF in the active language."""
    register_fonts(font_dir)
    buffer = BytesIO()
    canvas = new_canvas(buffer, _("Golden Islands – rehearsal of the game"))
    draw_rehearsal_sheet(canvas, report, camp=camp, when=when)
    canvas.save()
    return buffer.getvalue()


def draw_rehearsal_sheet(canvas: Canvas, report: ReportView, *, camp: str, when: datetime) -> None:
    title = _("Golden Islands – rehearsal of the game")
    moment = formats.date_format(timezone.localtime(when), "DATETIME_FORMAT")

    def heading() -> float:
        return band(canvas, BAND, title, camp, height=10 * mm) - 8 * mm

    y = band(canvas, BAND, title, pgettext("printed sheet", "staff only"))
    y = titles(canvas, y, _("Rehearsal of %(when)s") % {"when": moment}, camp)
    flow = Flow(canvas, y, heading)
    if report.older:
        _older(flow)
    _parameters(flow, report)
    if not report.boards:
        flow.para(_("The report holds no board."))
        canvas.showPage()
        return
    _verdicts(flow, report)
    _shares(flow, report)
    _figures(flow, report)
    boards = report.boards
    top = max((b.treasure_total for b in boards), default=0)
    sides = [row.name for row in boards[0].sides]
    box = _chart_box(flow, _("Treasure home by round"))
    draw_line_chart(
        canvas, [Series(b.label, b.home_by_round) for b in boards], box, x_label=_("Round"),
        y_label=_("Chests home (mean)"), number=lambda v: rehearsal_words.decimal(v, 0),
        y_top=float(top) if top else None,
    )  # fmt: skip
    box = _chart_box(flow, _("Games won by each side"))
    draw_bar_chart(
        canvas, sides, [Series(b.label, tuple(r.win_value for r in b.sides)) for b in boards], box,
        y_label=_("Share of games won"), number=rehearsal_words.percent, y_top=0.5,
        reference=1 / len(sides) if sides else None, reference_label=_("a fair board"),
    )  # fmt: skip
    box = _chart_box(flow, _("Ships lost by round"))
    draw_line_chart(
        canvas, [Series(b.label, b.ships_lost_by_round) for b in boards], box, x_label=_("Round"),
        y_label=_("Ships lost per team (mean)"), number=lambda v: rehearsal_words.decimal(v, 2),
    )  # fmt: skip
    _spreads(flow, boards)
    canvas.showPage()


def _parameters(flow: Flow, report: ReportView) -> None:
    flow.title(_("What was rehearsed"))
    for name, value in report.parameters:
        flow.need(ROW)
        flow.canvas.setFont(FONT_BOLD, 9)
        flow.canvas.drawString(MARGIN, flow.y, name)
        lines = simpleSplit(value, FONT, 9, INNER - PARAMETER_W) or [""]
        flow.canvas.setFont(FONT, 9)
        for n, line in enumerate(lines):
            if n:
                flow.need(ROW * 0.85)
            flow.canvas.drawString(MARGIN + PARAMETER_W, flow.y, line)
            flow.y -= ROW * 0.85
    flow.y -= 2 * mm


def _columns(count: int) -> tuple[float, float]:
    """The width of a board's column beside the label column, and where the first one starts."""
    return (INNER - LABEL_W) / max(1, count), MARGIN + LABEL_W


def _verdicts(flow: Flow, report: ReportView) -> None:
    """Each board's verdict and problems, side by side; the best board's heading marked."""
    canvas = flow.canvas
    x0, width = MARGIN, INNER / len(report.boards)
    cells: list[list[tuple[str, str, Color]]] = []
    for board in report.boards:
        lines: list[tuple[str, str, Color]] = []
        head = board.label + ("  ★ " + _("the fairest") if board.best else "")
        lines += [(part, FONT_BOLD, black) for part in simpleSplit(head, FONT_BOLD, 10, width - 3 * mm)]
        ink = TONES.get(board.tone, black)
        lines += [(part, FONT_BOLD, ink) for part in simpleSplit(board.verdict, FONT_BOLD, 9, width - 3 * mm)]
        for problem in board.problems:
            lines += [
                (("• " if n == 0 else "  ") + part, FONT, black)
                for n, part in enumerate(simpleSplit(problem, FONT, 8.5, width - 6 * mm))
            ]
        cells.append(lines)
    height = max(len(c) for c in cells) * 4.2 * mm + 3 * mm
    flow.title(_("Verdict"), keep=height)
    top = flow.y
    for n, lines in enumerate(cells):
        x = x0 + n * width
        if report.boards[n].best:  # the fairest board framed twice as thick
            canvas.setLineWidth(1.6)
            canvas.setStrokeColor(black)
            canvas.rect(
                x + 0.5 * mm, top - height + 2.5 * mm, width - 1 * mm, height + 1 * mm, stroke=1, fill=0
            )
        y = top
        for text, font, ink in lines:
            canvas.setFillColor(ink)
            canvas.setFont(font, 10 if font == FONT_BOLD and y == top else 9)
            canvas.drawString(x + 2 * mm, y, text)
            y -= 4.2 * mm
    canvas.setFillColor(black)
    flow.y = top - height - 3 * mm


def _older(flow: Flow) -> None:
    """The line of a report of an older format, framed above everything."""
    canvas = flow.canvas
    lines = simpleSplit(
        _("An older report.")
        + " "
        + _(
            "This rehearsal was judged by an older version of the rehearsal: by sides and bays, without "
            "each style of play's shares and their intervals. Rehearse again for the new figures."
        ),
        FONT_BOLD,
        9,
        INNER - 4 * mm,
    )
    height = len(lines) * ROW * 0.9 + 3 * mm
    flow.y -= 2 * mm  # clear of the camp run's name above
    flow.need(height + 2 * mm)
    top = flow.y
    canvas.setStrokeColor(black)
    canvas.setLineWidth(1.2)
    canvas.rect(MARGIN, top - height, INNER, height, stroke=1, fill=0)
    canvas.setFont(FONT_BOLD, 9)
    flow.y = top - 1.5 * mm - 9
    for line in lines:
        canvas.drawString(MARGIN + 2 * mm, flow.y, line)
        flow.y -= ROW * 0.9
    flow.y = top - height - 6 * mm


#: The shares' tables: the row's name, then a column per style and the fair share.
SHARE_LABEL_W = 61 * mm
SHARE_FAIR_W = 30 * mm


def _shares(flow: Flow, report: ReportView) -> None:
    """Each board's shares of the games won: a row per side and per place in the order of choice, a
    column per style of play; a share 5 points or more off its fair share in bold with "!" (which a
    grey print keeps)."""
    canvas = flow.canvas
    flow.title(_("Games won, by style of play"), keep=ROW * 4)
    for board in report.boards:
        table = board.shares
        columns = max(1, len(table.columns))
        width = (INNER - SHARE_LABEL_W - SHARE_FAIR_W) / columns
        flow.need(ROW * (2 + min(3, len(table.rows))))
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(MARGIN, flow.y, board.label)
        flow.y -= ROW
        heads = [_("Side or order of choice"), *table.columns, _("fair share")]
        widths = [SHARE_LABEL_W, *([width] * columns), SHARE_FAIR_W]
        rows: list[list[tuple[str, bool]]] = [[(text, True) for text in heads]]
        for row in table.rows:
            cells = [(cell.text + (" !" if cell.off else ""), cell.off) for cell in row.cells]
            rows.append([(row.name, False), *cells, (row.fair, False)])
        for n, texts in enumerate(rows):
            flow.need(ROW)
            x = MARGIN
            for k, ((text, bold), w) in enumerate(zip(texts, widths, strict=True)):
                font = FONT_BOLD if bold else FONT
                size = 8
                while size > 6 and canvas.stringWidth(text, font, size) > w - 1.5 * mm:
                    size -= 0.5  # a long name or head shrinks to its column rather than overlap
                canvas.setFont(font, size)
                if k == 0:
                    canvas.drawString(x + 0.5 * mm, flow.y, text)
                else:
                    canvas.drawRightString(x + w - 0.5 * mm, flow.y, text)
                x += w
            header = n == 0
            canvas.setStrokeColor(black if header else RULE)
            canvas.setLineWidth(0.5 if header else 0.3)
            canvas.line(MARGIN, flow.y - 1.5 * mm, MARGIN + INNER, flow.y - 1.5 * mm)
            flow.y -= ROW * 0.9
        flow.y -= 2 * mm
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(GREY)
    for line in simpleSplit(report.share_note, FONT, 7.5, INNER):
        flow.need(ROW * 0.8)
        canvas.drawString(MARGIN, flow.y, line)
        flow.y -= ROW * 0.8
    canvas.setFillColor(black)
    flow.y -= 2 * mm


def _figures(flow: Flow, report: ReportView) -> None:
    """The figures of every board: a row each, a column per board."""
    canvas = flow.canvas
    width, x0 = _columns(len(report.boards))
    heads = [simpleSplit(board.label, FONT_BOLD, 8.5, width - 2 * mm)[:2] for board in report.boards]
    lines = max(len(head) for head in heads)
    flow.title(_("Figures"), keep=ROW * (2 + lines))
    canvas.setFont(FONT_BOLD, 8.5)
    for n, head in enumerate(heads):
        for k, part in enumerate(head):
            canvas.drawRightString(
                x0 + (n + 1) * width - 1 * mm, flow.y - (k + lines - len(head)) * ROW * 0.8, part
            )
    flow.y -= (lines - 1) * ROW * 0.8
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.6)
    canvas.line(MARGIN, flow.y - 1.6 * mm, MARGIN + INNER, flow.y - 1.6 * mm)
    flow.y -= ROW
    for i, (name, _value) in enumerate(report.boards[0].figures):
        values = [b.figures[i][1] for b in report.boards]
        lines = [simpleSplit(v, FONT, 8.5, width - 2 * mm) or [""] for v in values]
        rows = max(len(v) for v in lines)
        flow.need(ROW * rows)
        canvas.setFont(FONT, 8.5)
        canvas.drawString(MARGIN + 1 * mm, flow.y, name)
        for n, parts in enumerate(lines):
            for k, part in enumerate(parts):
                canvas.drawRightString(x0 + (n + 1) * width - 1 * mm, flow.y - k * ROW * 0.8, part)
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.3)
        bottom = flow.y - (rows - 1) * ROW * 0.8 - 1.6 * mm
        canvas.line(MARGIN, bottom, MARGIN + INNER, bottom)
        flow.y = bottom - ROW + 1.6 * mm
    flow.y -= 2 * mm


@dataclass(frozen=True)
class Box:
    """Where a chart goes: its top left corner and its size (points)."""

    x: float
    y: float
    width: float
    height: float


def _chart_box(flow: Flow, title: str) -> Box:
    """The chart's title, and the box under it (kept on one page with it)."""
    flow.title(title, keep=CHART_H)
    box = Box(MARGIN, flow.y + 2 * mm, INNER, CHART_H)
    flow.y -= CHART_H + 3 * mm
    return box


#: The sides' and bays' tables stand two side by side.
SPREAD_COLUMNS = 2
SPREAD_GAP = 8 * mm


def _spreads(flow: Flow, boards: Sequence[BoardReport]) -> None:
    """Each board's sides and bays: treasure home (mean ± spread) and the share of games won, the
    boards' tables two side by side."""
    canvas = flow.canvas
    width = (INNER - (SPREAD_COLUMNS - 1) * SPREAD_GAP) / SPREAD_COLUMNS
    widths = (width - 56 * mm, 24 * mm, 32 * mm)
    heads = (_("Side or bay"), _("chests home"), _("games won"))

    def height_of(row_boards: Sequence[BoardReport]) -> float:
        """The board's name, the head, a line per side and per bay: the tallest of the row."""
        lines = max(len(b.sides) + sum(len(bays) for _side, bays in b.side_groups) for b in row_boards)
        return ROW + (1 + lines) * ROW * 0.9

    note = _(
        "For information: the teams choose their bays, so a bay never makes a verdict; the sides "
        "are all the styles of play together."
    )
    lines = simpleSplit(note, FONT, 7.5, INNER)
    flow.title(_("Sides and bays"), keep=height_of(boards[:SPREAD_COLUMNS]) + len(lines) * ROW * 0.8)
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(GREY)
    for line in lines:
        canvas.drawString(MARGIN, flow.y, line)
        flow.y -= ROW * 0.8
    canvas.setFillColor(black)
    flow.y -= ROW * 0.4
    for first in range(0, len(boards), SPREAD_COLUMNS):
        row_boards = boards[first : first + SPREAD_COLUMNS]
        height = height_of(row_boards)
        flow.need(height + ROW)
        top = flow.y
        for n, board in enumerate(row_boards):
            x = MARGIN + n * (width + SPREAD_GAP)
            y = top
            canvas.setFont(FONT_BOLD, 9)
            canvas.drawString(x, y, board.label)
            y -= ROW
            # (texts, font, indent): the head, then each side (bold) with its bays under it
            cells: list[tuple[Sequence[str], str, float]] = [(heads, FONT_BOLD, 0.0)]
            for side, bays in board.side_groups:
                cells.append(((side.name, f"{side.treasure} ± {side.spread}", side.win_text), FONT_BOLD, 0.0))
                cells += [((r.name, f"{r.treasure} ± {r.spread}", r.win_share), FONT, 4 * mm) for r in bays]
            for texts, font, indent in cells:
                canvas.setFont(font, 8)
                cx = x
                for k, (text, w) in enumerate(zip(texts, widths, strict=True)):
                    if k == 0:
                        canvas.drawString(cx + 0.5 * mm + indent, y, text)
                    else:
                        canvas.drawRightString(cx + w - 0.5 * mm, y, text)
                    cx += w
                canvas.setStrokeColor(RULE if font == FONT else black)
                canvas.setLineWidth(0.3 if font == FONT else 0.5)
                canvas.line(x, y - 1.5 * mm, x + width, y - 1.5 * mm)
                y -= ROW * 0.9
        flow.y = top - height - 3 * mm
    canvas.setFont(FONT, 7.5)
    canvas.setFillColor(GREY)
    flow.need(ROW)
    canvas.drawString(MARGIN, flow.y, _("Chests home: the mean per game ± its spread (standard deviation)."))
    canvas.setFillColor(black)
    flow.y -= ROW


# ------------------------------------------------------------------------------------- the charts


def _legend(
    canvas: Canvas,
    series: Sequence[Series],
    x: float,
    y: float,
    width: float,
    *,
    bars: bool,
    reference: str = "",
) -> float:
    """The boards' samples and labels in rows from (x, y), and the dashed reference line's label;
    returns the y under them."""
    cx = x
    canvas.setFont(FONT, 8)
    for n, s in enumerate(series):
        style = series_style(n)
        item = 16 * mm + canvas.stringWidth(s.label, FONT, 8)
        if cx > x and cx + item > x + width:
            cx, y = x, y - 4.5 * mm
        if bars:
            _bar(canvas, style, cx, y - 1.4 * mm, 9 * mm, 3.2 * mm)
        else:
            _line_style(canvas, style)
            canvas.line(cx, y, cx + 10 * mm, y)
            canvas.setDash()
            _marker(canvas, style, cx + 5 * mm, y, 1.2 * mm)
        canvas.setFillColor(black)
        canvas.setFont(FONT, 8)
        canvas.drawString(cx + 12 * mm, y - 1 * mm, s.label)
        cx += item + 4 * mm
    if reference:
        if cx > x and cx + 16 * mm + canvas.stringWidth(reference, FONT, 8) > x + width:
            cx, y = x, y - 4.5 * mm
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.8)
        canvas.setDash([3, 2])
        canvas.line(cx, y, cx + 10 * mm, y)
        canvas.setDash()
        canvas.setFont(FONT, 8)
        canvas.drawString(cx + 12 * mm, y - 1 * mm, reference)
    return y - 5 * mm


def _line_style(canvas: Canvas, style: SeriesStyle) -> None:
    canvas.setStrokeColor(HexColor(style.ink))
    canvas.setLineWidth(1.3)
    canvas.setDash(list(style.dashes)) if style.dashes else canvas.setDash()


def _marker(canvas: Canvas, style: SeriesStyle, x: float, y: float, r: float) -> None:
    """The board's point marker (as :func:`games.islands.maps.charts.marker_svg` draws it)."""
    ink = HexColor(style.ink)
    canvas.setDash()
    canvas.setLineWidth(0.9)
    canvas.setStrokeColor(ink)
    if style.marker == "square":
        canvas.setFillColor(white)
        canvas.rect(x - r, y - r, 2 * r, 2 * r, stroke=1, fill=1)
    elif style.marker in ("triangle", "diamond"):
        pts = (
            [(x, y + r * 1.25), (x + r * 1.15, y - r * 0.8), (x - r * 1.15, y - r * 0.8)]
            if style.marker == "triangle"
            else [(x, y + r * 1.3), (x + r * 1.3, y), (x, y - r * 1.3), (x - r * 1.3, y)]
        )
        path = canvas.beginPath()
        path.moveTo(*pts[0])
        for p in pts[1:]:
            path.lineTo(*p)
        path.close()
        canvas.setFillColor(ink if style.marker == "triangle" else white)
        canvas.drawPath(path, stroke=1, fill=1)
    else:
        canvas.setFillColor(ink)
        canvas.circle(x, y, r, stroke=0, fill=1)
    canvas.setFillColor(black)


def _bar(canvas: Canvas, style: SeriesStyle, x: float, y: float, w: float, h: float) -> None:
    """A bar filled in the board's pattern (solid, hatched, dotted, crossed), edged in black."""
    ink = HexColor(style.ink)
    canvas.saveState()
    canvas.setFillColor(ink if style.pattern == "solid" else white)
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    if style.pattern != "solid" and h > 0:
        clip = canvas.beginPath()
        clip.rect(x, y, w, h)
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.setStrokeColor(ink)
        canvas.setFillColor(ink)
        canvas.setLineWidth(0.6)
        step = 1.6 * mm
        if style.pattern == "hatch":
            k = -h
            while k < w:
                canvas.line(x + k, y, x + k + h, y + h)
                k += step
        elif style.pattern == "dots":
            for i in range(int(w / step) + 1):
                for j in range(int(h / step) + 1):
                    canvas.circle(x + (i + 0.5) * step, y + (j + 0.5) * step, 0.35 * mm, stroke=0, fill=1)
        else:
            for i in range(int(w / step) + 1):
                canvas.line(x + (i + 0.5) * step, y, x + (i + 0.5) * step, y + h)
            for j in range(int(h / step) + 1):
                canvas.line(x, y + (j + 0.5) * step, x + w, y + (j + 0.5) * step)
    canvas.restoreState()
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.5)
    canvas.rect(x, y, w, h, stroke=1, fill=0)


def _axes(canvas: Canvas, left: float, bottom: float, width: float, height: float, top_value: float,
          number: Number, y_label: str) -> None:  # fmt: skip
    """Grid, y values, the axes and the y axis' title (turned)."""
    canvas.setFont(FONT, 7.5)
    for value in ticks(top_value):
        y = bottom + height * value / top_value
        canvas.setStrokeColor(GRID)
        canvas.setLineWidth(0.3)
        canvas.line(left, y, left + width, y)
        canvas.setFillColor(black)
        canvas.drawRightString(left - 1.5 * mm, y - 1 * mm, number(value))
    canvas.setStrokeColor(black)
    canvas.setLineWidth(0.7)
    canvas.line(left, bottom, left, bottom + height)
    canvas.line(left, bottom, left + width, bottom)
    canvas.saveState()
    canvas.translate(left - 13 * mm, bottom + height / 2)
    canvas.rotate(90)
    canvas.setFont(FONT, 8)
    canvas.drawCentredString(0, 0, y_label)
    canvas.restoreState()


def draw_line_chart(canvas: Canvas, series: Sequence[Series], box: Box, *, x_label: str, y_label: str,
                    number: Number, y_top: float | None = None) -> None:  # fmt: skip
    """A line per board over rounds 1, 2, … in ``box``, the legend above."""
    below = _legend(canvas, series, box.x + 16 * mm, box.y - 2 * mm, box.width - 16 * mm, bars=False)
    left, bottom = box.x + 16 * mm, box.y - box.height + 10 * mm
    plot_w, plot_h = box.width - 18 * mm, below - bottom - 2 * mm
    count = max((len(s.values) for s in series), default=0)
    highest = max((max(s.values, default=0.0) for s in series), default=0.0)
    top_value = nice_top(y_top if y_top is not None else highest)
    _axes(canvas, left, bottom, plot_w, plot_h, top_value, number, y_label)
    step = max(1, math.ceil(count / 15))

    def px(i: int) -> float:
        return left + plot_w * (i + 0.5) / max(1, count)

    def py(v: float) -> float:
        return bottom + plot_h * v / top_value

    canvas.setFont(FONT, 7.5)
    for i in range(0, count, step):
        canvas.drawCentredString(px(i), bottom - 3.5 * mm, str(i + 1))
    canvas.setFont(FONT, 8)
    canvas.drawCentredString(left + plot_w / 2, bottom - 8 * mm, x_label)
    for n, s in enumerate(series):
        style = series_style(n)
        if not s.values:
            continue
        _line_style(canvas, style)
        path = canvas.beginPath()
        path.moveTo(px(0), py(s.values[0]))
        for i, v in enumerate(s.values[1:], start=1):
            path.lineTo(px(i), py(v))
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.setDash()
        for i, v in enumerate(s.values):
            if i % step == 0:
                _marker(canvas, style, px(i), py(v), 1.1 * mm)


def draw_bar_chart(canvas: Canvas, groups: Sequence[str], series: Sequence[Series], box: Box, *, y_label: str,
                   number: Number, y_top: float = 1.0, reference: float | None = None,
                   reference_label: str = "") -> None:  # fmt: skip
    """Bars per group (a side), one per board in its pattern, the value above each, in ``box``."""
    below = _legend(
        canvas,
        series,
        box.x + 16 * mm,
        box.y - 2 * mm,
        box.width - 16 * mm,
        bars=True,
        reference=reference_label,
    )
    left, bottom = box.x + 16 * mm, box.y - box.height + 8 * mm
    plot_w, plot_h = box.width - 18 * mm, below - bottom - 6 * mm
    top_value = nice_top(max([y_top, *(v for s in series for v in s.values)]))
    _axes(canvas, left, bottom, plot_w, plot_h, top_value, number, y_label)
    group_w = plot_w / max(1, len(groups))
    bar_w = min(16 * mm, group_w * 0.8 / max(1, len(series)))
    for g, name in enumerate(groups):
        x0 = left + g * group_w + (group_w - bar_w * len(series)) / 2
        for n, s in enumerate(series):
            if g >= len(s.values):
                continue
            h = plot_h * s.values[g] / top_value
            _bar(canvas, series_style(n), x0 + n * bar_w + 0.4 * mm, bottom, bar_w - 0.8 * mm, h)
            canvas.setFont(FONT, 7)
            canvas.setFillColor(black)
            canvas.drawCentredString(x0 + (n + 0.5) * bar_w, bottom + h + 1.2 * mm, number(s.values[g]))
        canvas.setFont(FONT, 8)
        canvas.drawCentredString(left + (g + 0.5) * group_w, bottom - 4 * mm, name)
    if reference is not None:
        ry = bottom + plot_h * reference / top_value
        canvas.setStrokeColor(black)
        canvas.setLineWidth(0.8)
        canvas.setDash([3, 2])
        canvas.line(left, ry, left + plot_w, ry)
        canvas.setDash()
