"""The charts of a rehearsal's report, as inline SVG drawn on the server (no script, no external
service): a line chart (one line per board: treasure home by round, ships lost by round) and a bar
chart (per side, one bar per board: the share of games won).

Black and white first: each board is told apart by its line's dash pattern and its point marker,
and by its bar's fill pattern, never by colour alone, so a grey print and a colour-blind reader
read them as well. The PDF (:mod:`games.islands.printing.rehearsal_sheet`) draws the same charts
with the same :data:`SERIES_STYLES`. Every text is escaped; the caller gives the words and how
numbers are printed (a decimal comma in Czech).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe

FONT = "'DejaVu Sans',Verdana,Arial,sans-serif"
Number = Callable[[float], str]


@dataclass(frozen=True)
class SeriesStyle:
    """How one board is drawn: its ink (black or a dark grey), its line's dashes (SVG
    ``stroke-dasharray`` in points; empty: solid), its point marker and its bars' fill pattern."""

    ink: str
    dashes: tuple[float, ...]
    marker: str  # circle, square, triangle, diamond
    pattern: str  # solid, hatch, dots, cross


#: The boards' styles, in board order (at most four boards are rehearsed side by side).
SERIES_STYLES: tuple[SeriesStyle, ...] = (
    SeriesStyle("#000000", (), "circle", "solid"),
    SeriesStyle("#333333", (7.0, 3.5), "square", "hatch"),
    SeriesStyle("#555555", (2.0, 2.5), "triangle", "dots"),
    SeriesStyle("#222222", (9.0, 3.0, 2.0, 3.0), "diamond", "cross"),
)
#: Around the plot: room for the y axis' values and title on the left, the x axis' below.
LEFT, RIGHT, BOTTOM = 58.0, 14.0, 44.0
LEGEND_ROW = 18.0
#: At most this many points carry a marker (and the x axis this many numbers).
MARKS = 15


def series_style(index: int) -> SeriesStyle:
    return SERIES_STYLES[index % len(SERIES_STYLES)]


@dataclass(frozen=True)
class Series:
    """One board's values: a line's points (round 1, 2, …) or a bar per group."""

    label: str
    values: tuple[float, ...]


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _el(tag: str, text: str | None = None, **attrs: object) -> str:
    """An SVG element; attribute names with ``_`` for ``-`` (``class_`` for ``class``), numbers
    rounded, every value and the text escaped."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        shown = _f(value) if isinstance(value, float) else str(value)
        parts.append(f' {name}="{escape(shown)}"')
    if text is None:
        return f"<{tag}{''.join(parts)}/>"
    return f"<{tag}{''.join(parts)}>{escape(text)}</{tag}>"


def _dashes(style: SeriesStyle) -> str | None:
    return " ".join(_f(d) for d in style.dashes) or None


def nice_top(value: float) -> float:
    """The axis' top: ``value`` rounded up to 1, 2, 2.5 or 5 times a power of ten (1 for none)."""
    if value <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 2.0, 2.5, 5.0):
        if value <= step * power * (1 + 1e-9):
            return step * power
    return 10 * power


def ticks(top: float, count: int = 5) -> list[float]:
    """``count`` + 1 evenly spaced values from 0 to ``top``."""
    return [top * i / count for i in range(count + 1)]


def marker_svg(marker: str, x: float, y: float, r: float, ink: str) -> str:
    """A point marker centred on (x, y): a filled circle, an open square, a filled triangle, an open
    diamond (filled and open alternate, so two markers of one grey still differ)."""
    if marker == "square":
        return _el(
            "rect", x=x - r, y=y - r, width=2 * r, height=2 * r, fill="#fff", stroke=ink, stroke_width=1.5
        )
    if marker == "triangle":
        pts = [(x, y - r * 1.25), (x + r * 1.15, y + r * 0.8), (x - r * 1.15, y + r * 0.8)]
        return _el("polygon", points=" ".join(f"{_f(a)},{_f(b)}" for a, b in pts), fill=ink)
    if marker == "diamond":
        d = r * 1.3
        pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
        return _el(
            "polygon",
            points=" ".join(f"{_f(a)},{_f(b)}" for a, b in pts),
            fill="#fff",
            stroke=ink,
            stroke_width=1.5,
        )
    return _el("circle", cx=x, cy=y, r=r, fill=ink)


def _pattern(prefix: str, n: int) -> str:
    """Board ``n``'s bar fill, a pattern with the id ``<prefix>-p<n>``."""
    style = series_style(n)
    white = _el("rect", width=6, height=6, fill="#fff")
    body = {
        "hatch": white
        + _el("path", d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2", stroke=style.ink, stroke_width=1.6),
        "dots": white + _el("circle", cx=3, cy=3, r=1.4, fill=style.ink),
        "cross": white + _el("path", d="M0,3 h6 M3,0 v6", stroke=style.ink, stroke_width=1.2),
    }.get(style.pattern, _el("rect", width=6, height=6, fill=style.ink))
    pattern_id = escape(f"{prefix}-p{n}")
    return f'<pattern id="{pattern_id}" width="6" height="6" patternUnits="userSpaceOnUse">{body}</pattern>'


def _legend(
    series: Sequence[Series], y: float, width: float, *, prefix: str, bars: bool, reference: str = ""
) -> tuple[str, float]:
    """The legend in rows from y: each board's line and marker (or bar fill) and its label, and the
    dashed reference line's ``reference`` label; returns the SVG and the y under it."""
    parts = []
    x = LEFT
    for n, s in enumerate(series):
        style = series_style(n)
        item_w = 52 + 7.4 * len(s.label)
        if x > LEFT and x + item_w > width - RIGHT:
            x, y = LEFT, y + LEGEND_ROW
        if bars:
            parts.append(
                _el(
                    "rect",
                    x=x,
                    y=y - 6,
                    width=24,
                    height=12,
                    fill=f"url(#{prefix}-p{n})",
                    stroke="#000",
                    stroke_width=0.8,
                )
            )
        else:
            parts.append(
                _el(
                    "line",
                    x1=x,
                    y1=y,
                    x2=x + 30,
                    y2=y,
                    stroke=style.ink,
                    stroke_width=2,
                    stroke_dasharray=_dashes(style),
                )
            )
            parts.append(marker_svg(style.marker, x + 15, y, 3.5, style.ink))
        parts.append(_el("text", s.label, x=x + 36, y=y + 4, font_size=12))
        x += item_w
    if reference:
        if x + 52 + 7.4 * len(reference) > width - RIGHT:
            x, y = LEFT, y + LEGEND_ROW
        parts.append(
            _el("line", x1=x, y1=y, x2=x + 30, y2=y, stroke="#000", stroke_width=1, stroke_dasharray="4 3")
        )
        parts.append(_el("text", reference, x=x + 36, y=y + 4, font_size=12, font_style="italic"))
    return "".join(parts), y + LEGEND_ROW + 4


def _y_axis(top_value: float, plot_top: float, plot_h: float, plot_w: float, number: Number) -> str:
    """The grid lines and the y axis' values."""
    parts = []
    for value in ticks(top_value):
        y = plot_top + plot_h * (1 - value / top_value)
        parts.append(_el("line", x1=LEFT, y1=y, x2=LEFT + plot_w, y2=y, stroke="#bbb", stroke_width=0.7))
        parts.append(_el("text", number(value), x=LEFT - 6, y=y + 4, text_anchor="end", font_size=11))
    return "".join(parts)


def _axes(plot_top: float, plot_h: float, plot_w: float, y_label: str) -> str:
    frame = f"M{_f(LEFT)},{_f(plot_top)} V{_f(plot_top + plot_h)} H{_f(LEFT + plot_w)}"
    turned = f"translate(14 {_f(plot_top + plot_h / 2)}) rotate(-90)"
    return _el("path", d=frame, fill="none", stroke="#000", stroke_width=1) + _el(
        "text", y_label, transform=turned, text_anchor="middle", font_size=12
    )


def _frame(width: float, height: float, title: str, body: str) -> SafeString:
    head = (
        f'<svg class="zo-chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'role="img" aria-label="{escape(title)}" font-family="{escape(FONT)}">'
    )
    return mark_safe(head + _el("title", title) + body + "</svg>")  # noqa: S308 (every text escaped by _el)


def line_chart(
    series: Sequence[Series],
    *,
    title: str,
    x_label: str,
    y_label: str,
    prefix: str,
    number: Number,
    y_top: float | None = None,
    width: float = 640,
    height: float = 300,
) -> SafeString:
    """Lines of ``series`` over rounds 1, 2, …: the legend above, a grid, the axes with their
    labels, one line per board in its dashes with its markers. ``number`` prints the y axis' values.
    """
    legend, plot_top = _legend(series, 18.0, width, prefix=prefix, bars=False)
    plot_h, plot_w = height - plot_top - BOTTOM, width - LEFT - RIGHT
    count = max((len(s.values) for s in series), default=0)
    highest = max((max(s.values, default=0.0) for s in series), default=0.0)
    top_value = nice_top(y_top if y_top is not None else highest)

    def px(i: int) -> float:
        return LEFT + plot_w * (i + 0.5) / max(1, count)

    def py(v: float) -> float:
        return plot_top + plot_h * (1 - v / top_value)

    parts = [legend, _y_axis(top_value, plot_top, plot_h, plot_w, number)]
    step = max(1, math.ceil(count / MARKS))
    parts += [
        _el("text", str(i + 1), x=px(i), y=plot_top + plot_h + 15, text_anchor="middle", font_size=11)
        for i in range(0, count, step)
    ]
    parts.append(_axes(plot_top, plot_h, plot_w, y_label))
    parts.append(_el("text", x_label, x=LEFT + plot_w / 2, y=height - 8, text_anchor="middle", font_size=12))
    for n, s in enumerate(series):
        style = series_style(n)
        points = " ".join(f"{_f(px(i))},{_f(py(v))}" for i, v in enumerate(s.values))
        parts.append(
            _el(
                "polyline",
                class_="series",
                data_series=n,
                points=points,
                fill="none",
                stroke=style.ink,
                stroke_width=2,
                stroke_linejoin="round",
                stroke_dasharray=_dashes(style),
            )
        )
        parts += [
            marker_svg(style.marker, px(i), py(v), 3.5, style.ink)
            for i, v in enumerate(s.values)
            if i % step == 0
        ]
    return _frame(width, height, title, "".join(parts))


def bar_chart(
    groups: Sequence[str],
    series: Sequence[Series],
    *,
    title: str,
    y_label: str,
    prefix: str,
    number: Number,
    y_top: float = 1.0,
    reference: float | None = None,
    reference_label: str = "",
    width: float = 640,
    height: float = 300,
) -> SafeString:
    """Bars per group (a side), one per board in its fill pattern, its value above it;
    ``reference`` draws a dashed line across, ``reference_label`` names it in the legend (a fair
    board's share)."""
    legend, plot_top = _legend(series, 18.0, width, prefix=prefix, bars=True, reference=reference_label)
    plot_top += 14  # room for the values above the highest bars
    plot_h, plot_w = height - plot_top - BOTTOM, width - LEFT - RIGHT
    top_value = nice_top(max([y_top, *itertools.chain.from_iterable(s.values for s in series)]))

    def py(v: float) -> float:
        return plot_top + plot_h * (1 - v / top_value)

    parts = ["<defs>" + "".join(_pattern(prefix, n) for n in range(len(series))) + "</defs>", legend]
    parts.append(_y_axis(top_value, plot_top, plot_h, plot_w, number))
    group_w = plot_w / max(1, len(groups))
    bar_w = min(48.0, group_w * 0.8 / max(1, len(series)))
    for g, name in enumerate(groups):
        x0 = LEFT + g * group_w + (group_w - bar_w * len(series)) / 2
        for n, s in enumerate(series):
            if g >= len(s.values):
                continue
            x, y = x0 + n * bar_w, py(s.values[g])
            parts.append(
                _el(
                    "rect",
                    class_="bar",
                    data_series=n,
                    x=x + 1,
                    y=y,
                    width=bar_w - 2,
                    height=plot_top + plot_h - y,
                    fill=f"url(#{prefix}-p{n})",
                    stroke="#000",
                    stroke_width=0.8,
                )
            )
            parts.append(
                _el("text", number(s.values[g]), x=x + bar_w / 2, y=y - 4, text_anchor="middle", font_size=10)
            )
        parts.append(
            _el(
                "text",
                name,
                x=LEFT + (g + 0.5) * group_w,
                y=plot_top + plot_h + 16,
                text_anchor="middle",
                font_size=12,
            )
        )
    if reference is not None:
        y = py(reference)
        parts.append(
            _el(
                "line",
                class_="reference",
                x1=LEFT,
                y1=y,
                x2=LEFT + plot_w,
                y2=y,
                stroke="#000",
                stroke_width=1,
                stroke_dasharray="4 3",
            )
        )
    parts.append(_axes(plot_top, plot_h, plot_w, y_label))
    return _frame(width, height, title, "".join(parts))
