"""The Golden Islands board as an inline SVG string, drawn from a :class:`MapView`
(:mod:`games.islands.maps.visibility`: what the viewer may see is decided before drawing).

The renderer escapes every piece of text and attribute it writes. With ``clickable`` each hex is a
link (``href`` plus ``data-hx-get``) whose only parameter is the hex label, so the same markup works
with htmx and without it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache, lru_cache
from html import escape as html_escape
from urllib.parse import urlencode

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.marks import SHAPE_INNER_WIDTH, shape_points
from games.islands import words
from games.islands.engine.hexes import Hex, corners, geometry, to_pixel
from games.islands.engine.tiles import Tile
from games.islands.maps.style import (
    DARK_TILES,
    HARBOR_RADIUS,
    HIDDEN_FILL,
    LABEL_DY,
    MARKER_GAP,
    SIZE,
    TEXT_HALF_HEIGHT,
    TILE_FILLS,
    HexTexts,
    MarkerSize,
    Placed,
    hex_texts,
    ink,
    marker_groups,
    marker_layout,
    marker_text,
    marker_width,
    projector_marker_layout,
    projector_marker_size,
    safe_colour,
    sector,
    text_width,
)
from games.islands.maps.style import team_key as style_team_key
from games.islands.maps.visibility import CellView, HarborView, MapView, PirateView, ShipView


def escape(value: object) -> str:
    """``value`` as HTML text: the same as Django's ``escape`` (which calls this), without its lazy
    text and safe-string wrapping, which cost more than the escaping on a map of thousands of pieces."""
    return html_escape(str(value), quote=True)


@cache
def _hex_shape(q: int, r: int) -> tuple[float, float, str]:
    """Centre and ``points`` of a hex (the same on every board size and every map: drawn once)."""
    h = Hex(q, r)
    x, y = to_pixel(h, SIZE)
    return x, y, _points(corners(h, SIZE))


@cache
def _shrunk_points(q: int, r: int, factor: float) -> str:
    return _points(_shrunk(Hex(q, r), factor))


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _points(pts: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _attrs(**attrs: object) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{escape(str(value))}"')
    return "".join(parts)


def _text(x: float, y: float, text: str, *, cls: str, **attrs: object) -> str:
    return f"<text{_attrs(x=_f(x), y=_f(y), class_=cls, **attrs)}>{escape(text)}</text>"


def _shrunk(h: Hex, factor: float) -> list[tuple[float, float]]:
    """The corners of ``h`` pulled towards its centre (for bays and highlight rings)."""
    cx, cy = to_pixel(h, SIZE)
    return [(cx + (x - cx) * factor, cy + (y - cy) * factor) for x, y in corners(h, SIZE)]


STYLE = (
    ".zo-map text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;text-anchor:middle;"
    "dominant-baseline:central;pointer-events:none}"
    ".zo-map .lbl{font-size:8.5px;fill:#233}"
    ".zo-map .mark{font-size:12px;font-weight:bold;fill:#123}"
    ".zo-map .dark .mark,.zo-map .dark .lbl,.zo-map .dark .cnt{fill:#fff}"
    ".zo-map .cnt{font-size:10px;font-weight:bold;fill:#6b3e00}"
    ".zo-map .bay{fill:#eef4f8;stroke:#9bb;stroke-dasharray:3 2}"
    ".zo-map .bay-lbl{font-size:9px;fill:#467}"
    ".zo-map .hex polygon{stroke:#fff;stroke-width:1.5}"
    ".zo-map a .hex:hover polygon{stroke:#d00;stroke-width:3}"
    ".zo-map .hl{fill:none;stroke:#e63946;stroke-width:3.5}"
    ".zo-map .ship text,.zo-map .pirate text{font-size:7px;font-weight:bold}"
    ".zo-map .pirate text{fill:#fff}"
    ".zo-map text.mk-l{font-size:9px}"
    ".zo-map .ship .sh{stroke:#000;stroke-width:.8;stroke-linejoin:round}"
    ".zo-map .tm .sh{stroke:#000;stroke-width:.8;stroke-linejoin:round}"
    ".zo-map .tm text{font-weight:bold}"
    ".zo-map .pirate rect{stroke:#fff;stroke-width:.8}"
    ".zo-map .harbor .rim{fill:none;stroke-width:3;stroke-linejoin:round}"
    ".zo-map .harbor .bay-lbl{font-weight:bold;fill:#123}"
    ".zo-map .harbor .bay-lbl.halo{fill:none;stroke:#fff;stroke-width:2.5px}"
    ".zo-map .route{fill:none;stroke-width:3;stroke-linecap:round;stroke-linejoin:round;opacity:.8}"
    ".zo-map .target{fill:none;stroke:#d00;stroke-width:2.5}"
    ".zo-map .compass{font-size:13px;font-weight:bold;fill:#233}"
)


#: A harbor's marks on the pages' map (not a projector's): font size and line (from the bay's centre).
HARBOR_MARK_FONT = 8.0
HARBOR_MARK_HALF = 7.0  # half its height: between the bay's label and a row of ships
HARBOR_MARK_DY = -5.5
HARBOR_MARK_BOTTOM = HARBOR_MARK_DY + HARBOR_MARK_HALF + MARKER_GAP / 2

#: On every drawing over the hexes that is not a link (routes, highlights, target, markers, labels).
NO_POINTER = ' pointer-events="none"'


def view_box(side: int) -> tuple[float, float, float, float]:
    """The map's viewBox (min x, min y, width, height) on a board of ``side``: every hex and bay."""
    g = geometry(side)
    s = SIZE
    cells_px = [to_pixel(h, s) for h in g.ordered] + [to_pixel(b, s) for b in g.bays]
    xs = [x for x, _y in cells_px]
    ys = [y for _x, y in cells_px]
    pad = s * 1.2
    min_x, min_y = min(xs) - pad, min(ys) - pad
    return min_x, min_y, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad


def projector_text_size(side: int, *, screen_height: int = 1080, least_px: float = 18.5) -> float:
    """The font size (in the map's own units) of the map's texts on a projector: the map takes the
    screen's full height, so at ``screen_height`` no text of it is under ``least_px`` pixels."""
    view_height = view_box(side)[3]
    scale = (screen_height - 24) / view_height  # the page keeps 12 px above and below the map
    return round(least_px / scale + 0.05, 1)  # rounded up: the CSS gets one decimal


def render_svg(view: MapView, *, text_size: float | None = None) -> SafeString:
    """The board as one ``<svg>`` element (safe to put into a template as is).

    ``text_size`` (map units) is the font size of the map's texts on a projector
    (:func:`projector_text_size`): the hexes' texts and markers are then laid out for
    texts that large, so none of them overlaps another.

    Kept by what it shows (the view, a frozen value, the size and the language): a page built
    anew after a write that left this map as it was (the placements, another team's orders) draws
    it once, not again (a quarter of the order page's time on the largest board)."""
    return _render_svg(view, text_size, get_language())


@lru_cache(maxsize=32)
def _render_svg(view: MapView, text_size: float | None, language: str) -> SafeString:
    g = geometry(view.side)
    s = SIZE
    min_x, min_y, width, height = view_box(view.side)

    def centre(label: str) -> tuple[float, float]:
        return to_pixel(g.parse(label), s)

    board_name = _("Game board")
    harbor_word = _("harbor")
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="zo-map"'
        f' viewBox="{_f(min_x)} {_f(min_y)} {_f(width)} {_f(height)}"'
        # A map with clickable hexes is a group of links, not one image (axe: nested-interactive).
        f' width="100%" style="max-width:{_f(width * 1.25)}px" role="{"group" if view.click_url else "img"}"'
        f' aria-label="{escape(board_name)}"{_hall_marker(text_size)}>',
        f"<style>{STYLE}</style>",
    ]
    if view.staff:
        out.append(
            "<style>.zo-map .staff-hidden .mark,.zo-map .staff-hidden .cnt{opacity:.75}</style>"
            '<defs><pattern id="zo-hatch" width="6" height="6" patternUnits="userSpaceOnUse"'
            ' patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff" fill-opacity=".25"/>'
            '<line x1="0" y1="0" x2="0" y2="6" stroke="#000" stroke-opacity=".22" stroke-width="1"/>'
            "</pattern></defs>"
        )

    # Compass: which way is north, in the page's own letters.
    cx0, cy0 = min_x + s * 1.1, min_y + s * 1.1
    out.append(
        f'<g class="compass-rose" aria-hidden="true"{NO_POINTER}>'
        f'<path d="M{_f(cx0)},{_f(cy0 - 16)} l6,16 l-6,-4 l-6,4 z" fill="#233"/>'
        + _text(cx0, cy0 + 10, words.direction_label("N"), cls="compass")
        + "</g>"
    )

    harbors: dict[int, list[HarborView]] = {}
    for hv in view.harbors:
        harbors.setdefault(hv.bay, []).append(hv)
    groups = marker_groups(view, g)
    bay_teams = {f"Z{number}": [h.team for h in here] for number, here in harbors.items()}
    for at, items in groups:
        if at in bay_teams:  # a shared bay: each team's ships under its own part, left to right
            order = bay_teams[at]
            items.sort(
                key=lambda i: order.index(i.team) if isinstance(i, ShipView) and i.team in order else 99
            )
    cells = {cell.label.upper(): cell for cell in view.cells} if text_size is not None else {}
    harbor_marked = {f"Z{number}" for number, here in harbors.items() if any(h.label for h in here)}
    placed: dict[str, Placed] = {}
    for at, items in groups:
        if text_size is None:
            size, offsets = marker_layout(items)
            lift = SIZE * 0.2 if at in bay_teams else 0.0  # clear of the harbor's rim
            offsets = [(dx, dy - lift) for dx, dy in offsets]
            # A harbor's marks give their line to a second row of ships (which carry the shape).
            keep = at not in harbor_marked or all(dy - size.r >= HARBOR_MARK_BOTTOM for _dx, dy in offsets)
            placed[at] = (size, offsets, keep)
        else:
            cell = cells.get(at)
            radius = HARBOR_RADIUS if at in bay_teams else SIZE
            # A harbor's line under its label holds its teams' marks, as a hex's holds its tile mark.
            mark = (cell is not None and _has_mark(cell)) or at in harbor_marked
            placed[at] = projector_marker_layout(items, text_size, mark=mark, radius=radius)

    # Bays and harbors.
    out.append('<g class="bays">')
    for number, bay in enumerate(g.bays, start=1):
        x, y = to_pixel(bay, s)
        label = f"Z{number}"
        here = harbors.get(number, [])
        if here:
            keep_mark = placed[label][2] if label in placed else True
            out.append(_harbor(bay, label, tuple(here), harbor_word, text_size, keep_mark))
        else:
            out.append(
                f"<g{_attrs(data_bay=label)}><title>{escape(label)}</title>"
                f'<polygon class="bay"{_attrs(points=_shrunk_points(bay.q, bay.r, 0.92))}/>'
                + _text(x, y, label, cls="bay-lbl")
                + "</g>"
            )
    out.append("</g>")

    # Hexes, in label order.
    out.append('<g class="hexes">')
    click_url = view.click_url if view.clickable else ""
    click_target = view.click_target if view.clickable else ""
    language = get_language()
    for cell in view.cells:
        label = g.label(Hex(cell.q, cell.r))
        texts = None if text_size is None else hex_texts(text_size, mark=_has_mark(cell))
        keep_mark = placed[label][2] if label in placed else True
        out.append(_hex(cell, label, texts, keep_mark, click_url, click_target, language))
    out.append("</g>")

    # Overlays (highlights, routes, the fire target) draw over the hexes but never catch a click:
    # a click on a route's end must reach the hex link below it.
    for label in sorted(view.highlights):
        out.append(f'<polygon class="hl"{_attrs(points=_shrunk_points(*g.parse(label), 0.84))}{NO_POINTER}/>')

    for route in view.routes:
        if len(route.points) < 2:
            continue
        pts = _points(centre(p) for p in route.points)
        dash = _attrs(stroke_dasharray=route.dash or None)
        out.append(
            f'<polyline class="route"{_attrs(points=pts, stroke=safe_colour(route.colour))}'
            f"{dash}{NO_POINTER}/>"
        )

    if view.target:
        tx, ty = centre(view.target)
        out.append(
            f'<g class="target"{_attrs(data_target=view.target)}{NO_POINTER}>'
            f"<circle{_attrs(cx=_f(tx), cy=_f(ty), r=_f(s * 0.55))}/>"
            f'<path d="M{_f(tx - s * 0.8)},{_f(ty)} h{_f(s * 1.6)} '
            f'M{_f(tx)},{_f(ty - s * 0.8)} v{_f(s * 1.6)}"/>'
            "</g>"
        )

    # Ships and pirates on top (they never catch clicks).
    out.append(f'<g class="ships"{NO_POINTER}>')
    for at, items in groups:
        x, y = centre(at)
        size, offsets, _keep_mark = placed[at]
        if size.spill:  # a group reaching out of its hex stays inside the map (a harbor at its foot)
            half_w = [marker_width(i, size) / 2 for i in items]
            x += _into(
                min(dx - w for (dx, _dy), w in zip(offsets, half_w, strict=True)) + x,
                max(dx + w for (dx, _dy), w in zip(offsets, half_w, strict=True)) + x,
                min_x,
                min_x + width,
            )
            y += _into(
                min(dy for _dx, dy in offsets) - size.r - 1 + y,
                max(dy for _dx, dy in offsets) + size.r + 1 + y,
                min_y,
                min_y + height,
            )
        out.append(f"<g{_attrs(data_markers=at, data_spilled='1' if size.spill else None)}>")
        for (dx, dy), item in zip(offsets, items, strict=True):
            out.append(_marker(item, x + dx, y + dy, size, language))
        out.append("</g>")
    out.append("</g>")
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - every piece above is escaped


def _hall_marker(text_size: float | None) -> str:
    """A projector's map tells ``static/js/zo-hall.js`` how tall its markers are (map units): on a
    screen smaller than 1080 lines it scales them up to 36 px again."""
    if text_size is None:
        return ""
    return _attrs(data_hall_marker=_f(2 * projector_marker_size(text_size).r))


def _into(low: float, high: float, least: float, most: float) -> float:
    """How far to move a span (``low``..``high``) to lie within ``least``..``most``."""
    if high > most:
        return most - high
    return max(0.0, least - low)


def _has_mark(cell: CellView) -> bool:
    """Whether the hex shows a line under its label: its tile's mark or its chests."""
    return cell.tile is not None and (bool(words.tile_mark(Tile(cell.tile))) or cell.chests is not None)


@lru_cache(maxsize=1024)
def _harbor(
    bay: Hex,
    label: str,
    here: tuple[HarborView, ...],
    harbor_word: str,
    text_size: float | None,
    keep_mark: bool,
) -> str:
    """A bay with one harbor or more: one coloured part of the bay per team (halves, thirds, …,
    the first team on the left), each with its own coloured rim, so none hides another. Drawn
    once per what it shows (``harbor_word`` is in the page's language)."""
    x, y = to_pixel(bay, SIZE)
    names = ", ".join(h.team for h in here)
    title = f"{label} – {harbor_word}: {names}"
    parts = [f'<g class="harbor"{_attrs(data_bay=label)}><title>{escape(title)}</title>']
    if len(here) == 1:
        colour = safe_colour(here[0].colour)
        parts.append(
            f"<polygon{_attrs(points=_points(_shrunk(bay, 0.92)), fill=colour)}"
            f' fill-opacity=".45"{_attrs(stroke=colour)} stroke-width="3"/>'
        )
    else:
        k = len(here)
        for i, hv in enumerate(here):
            colour = safe_colour(hv.colour)
            # Counter-clockwise from the top: the first part is the left one.
            a0, a1 = -90 - 360 * (i + 1) / k, -90 - 360 * i / k
            wedge = sector(x, y, SIZE * 0.92, a0 + 360, a1 + 360)
            rim = sector(x, y, SIZE * 0.92 - 1.5, a0 + 360, a1 + 360)[1:]
            parts.append(
                f'<g class="harbor-part"{_attrs(data_team=hv.team)}>'
                f"<title>{escape(label)} – {escape(harbor_word)}: {escape(hv.team)}</title>"
                f'<polygon{_attrs(points=_points(wedge), fill=colour)} fill-opacity=".45"/>'
                f'<polyline class="rim"{_attrs(points=_points(rim), stroke=colour)}/></g>'
            )
    # The halo is a copy under the label (not CSS paint-order, which not every reader knows).
    dy = (
        -SIZE * LABEL_DY
        if text_size is None
        else hex_texts(text_size, mark=False, radius=HARBOR_RADIUS).label_dy
    )
    parts.append(_text(x, y + dy, label, cls="bay-lbl halo"))
    parts.append(_text(x, y + dy, label, cls="bay-lbl"))
    parts.append(_harbor_marks(x, y, here, text_size, keep_mark))
    return "".join(parts) + "</g>"


def _harbor_marks(
    x: float, y: float, here: tuple[HarborView, ...], text_size: float | None, keep_mark: bool
) -> str:
    """Each team's mark on its harbor, side by side in the order of the bay's parts (the first
    team on the left), on the line a hex's tile mark takes: its shape in its colour, its label in
    it. A projector's crowded harbor gives that line to its ships (they carry the shape too); a
    projector's mark too narrow for its label (a triangle, a diamond, a star) is its shape alone."""
    if not keep_mark or not any(h.label for h in here):
        return ""
    if text_size is None:
        font, line_dy, half_h = HARBOR_MARK_FONT, HARBOR_MARK_DY, HARBOR_MARK_HALF
    else:
        texts = hex_texts(text_size, mark=True, radius=HARBOR_RADIUS)
        font, line_dy = texts.mark_text, texts.mark_dy or 0.0
        half_h = TEXT_HALF_HEIGHT * font
    widths = [
        max(2 * half_h, (text_width(h.label, font) + 2) / SHAPE_INNER_WIDTH.get(h.shape, 1.0)) for h in here
    ]
    room = 2 * (HARBOR_RADIUS - abs(line_dy) / math.sqrt(3)) - 2
    total = sum(widths) + MARKER_GAP * (len(widths) - 1)
    scale = min(1.0, room / total) if total else 1.0
    labels = True
    if scale < 1.0 and text_size is not None:
        # A projector's texts are never smaller than its size: marks too wide with their labels in
        # (a triangle's, a diamond's, a star's middle is narrow) keep their shapes, the labels out.
        labels = False
        widths = [2 * half_h * _shape_aspect(h.shape) for h in here]
        total = sum(widths) + MARKER_GAP * (len(widths) - 1)
        scale = min(1.0, room / total)
    cy = y + line_dy
    out = []
    left = x - total * scale / 2
    for h, w in zip(here, widths, strict=True):
        w *= scale
        cx = left + w / 2
        colour = safe_colour(h.colour)
        size_attr = f' font-size="{_f(font * scale)}"'
        text = f"<text{_attrs(x=_f(cx), y=_f(cy), fill=ink(colour))}{size_attr}>{escape(h.label)}</text>"
        out.append(
            f'<g class="tm"{_attrs(data_team=h.team, data_shape=h.shape, data_label=h.label)}>'
            + _outline(h.shape, cx, cy, w / 2, half_h * scale, colour)
            + (text if labels else "")
            + "</g>"
        )
        left += w + MARKER_GAP * scale
    return "".join(out)


@lru_cache(maxsize=8192)
def _hex(
    cell: CellView,
    label: str,
    texts: HexTexts | None,
    keep_mark: bool,
    click_url: str,
    click_target: str,
    language: str | None,
) -> str:
    """One hex's markup: drawn once per what it shows (a board has up to ~500 hexes, and most stay
    the same from one map to the next), in ``language`` (its tile names; the cache key)."""
    s = SIZE
    x, y, poly = _hex_shape(cell.q, cell.r)
    label_dy = -s * LABEL_DY if texts is None else texts.label_dy
    mark_dy = -s * 0.15 if texts is None or texts.mark_dy is None else texts.mark_dy
    if cell.tile is None:
        # Hidden and not for this viewer: the same markup for every such hex.
        body = f"<title>{escape(label)}</title><polygon{_attrs(points=poly, fill=HIDDEN_FILL)}/>" + _text(
            x, y + label_dy, label, cls="lbl"
        )
        cls = "hex hidden"
    else:
        tile = Tile(cell.tile)
        name = words.tile_name(tile)
        title = f"{label}: {name}"
        if cell.chests is not None:
            title += f" ({cell.chests})"
        if not cell.revealed:
            hidden_word = _("hidden")
            title += f" – {hidden_word}"
        parts = [f"<title>{escape(title)}</title>"]
        if cell.revealed:
            parts.append(f"<polygon{_attrs(points=poly, fill=TILE_FILLS[tile])}/>")
            cls = f"hex revealed tile-{tile.value}" + (" dark" if tile.value in DARK_TILES else "")
        else:
            parts.append(f'<polygon{_attrs(points=poly, fill=TILE_FILLS[tile])} fill-opacity=".55"/>')
            parts.append(f'<polygon{_attrs(points=poly)} fill="url(#zo-hatch)"/>')
            cls = f"hex staff-hidden tile-{tile.value}"
        parts.append(_text(x, y + label_dy, label, cls="lbl"))
        # Mark and chests on one line, so the lower part of the hex is free for ship markers.
        mark = words.tile_mark(tile) if keep_mark else ""
        chests = f"×{cell.chests}" if cell.chests is not None and keep_mark else ""
        if texts is None:
            shift = s * 0.32 if chests else 0.0
            mark_dx, chests_dx = -shift, shift + 1
        else:
            mark, mark_dx, chests_dx = texts.mark_line(mark, chests)
        if mark:
            parts.append(_text(x + mark_dx, y + mark_dy, mark, cls="mark"))
        if chests:
            parts.append(_text(x + chests_dx, y + mark_dy, chests, cls="cnt"))
        body = "".join(parts)
    group = f"<g{_attrs(class_=cls, data_hex=label)}>{body}</g>"
    if click_url:
        sep = "&" if "?" in click_url else "?"
        url = f"{click_url}{sep}{urlencode({'hex': label})}"
        link = _attrs(href=url, data_hx_get=url, data_hx_target=click_target or None, data_hex=label)
        return f"<a{link}>{group}</a>"
    return group


@lru_cache(maxsize=4096)
def _marker(item: ShipView | PirateView, x: float, y: float, size: MarkerSize, language: str | None) -> str:
    """A pirate (a black pill) or a ship: its team's shape in its team's colour (a battleship's
    outline thicker), its number (a battleship's swords) inside. Drawn once per what it shows and
    where, in ``language`` (its title's words; the cache key): most stay from one map to the next."""
    r = size.r
    w = marker_width(item, size)
    box = _attrs(x=_f(x - w / 2), y=_f(y - r), width=_f(w), height=_f(2 * r))
    if isinstance(item, PirateView):
        return (
            f'<g class="pirate"{_attrs(data_pirate=item.ident)}>'
            f"<title>{escape(words.ship_label(item.ident))}</title>"
            f'<rect{box}{_attrs(rx=_f(r))} fill="#111"/>'
            + _text(x, y, marker_text(item), cls=size.cls)
            + "</g>"
        )
    colour = safe_colour(item.colour)
    # The ship as every event names it: "Loď 1 (Červení)"; its chests where the reader may see them.
    title = words.who_label(item.team, item.ident)
    if item.chests is not None:
        chests_word = _("chests")
        title += f", {chests_word}: {item.chests}"
    shape = _outline(item.shape, x, y, w / 2, r, colour)
    if item.battleship:
        shape = shape.replace("/>", ' stroke-width="2"/>', 1)
    text = _text(x, y, marker_text(item), cls=size.cls, fill=ink(colour))
    mark = _attrs(data_ship=item.ident, data_shape=item.shape or None)
    return f'<g class="ship"{mark}><title>{escape(title)}</title>{shape}{text}</g>'


def team_key(view: MapView) -> list[dict[str, object]]:
    """The map's key of teams (``style.team_key``), each with its mark as a small SVG of its own."""
    return [
        {**row, "mark": team_mark_svg(str(row["label"]), str(row["shape"]), str(row["colour"]))}
        for row in style_team_key(view)
    ]


@cache
def _unit_outline(shape: str) -> tuple[tuple[float, float], ...]:
    """``shape``'s outline fitted to the box -1..1 both ways (empty: the circle)."""
    pts = shape_points(shape, 0.0, 0.0, 1.0)
    if not pts:
        return ()
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    mid_x, mid_y = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    half_x, half_y = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
    return tuple(((px - mid_x) / half_x, (py - mid_y) / half_y) for px, py in pts)


@cache
def _shape_aspect(shape: str) -> float:
    """How wide ``shape`` is for its height (a mark without its label keeps its own proportions)."""
    pts = shape_points(shape, 0.0, 0.0, 1.0)
    if not pts:
        return 1.0
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (max(xs) - min(xs)) / (max(ys) - min(ys))


def _outline(shape: str, x: float, y: float, half_w: float, half_h: float, colour: str) -> str:
    """A team's shape filling the box ``half_w`` × ``half_h`` around (x, y), in ``colour``: a
    marker's box is the layout's, whatever the shape (a circle wider than tall is a pill)."""
    unit = _unit_outline(shape)
    if not unit:
        box = _attrs(x=_f(x - half_w), y=_f(y - half_h), width=_f(2 * half_w), height=_f(2 * half_h))
        return f'<rect{box}{_attrs(rx=_f(half_h), fill=colour)} class="sh"/>'
    pts = _points((x + ux * half_w, y + uy * half_h) for ux, uy in unit)
    return f'<polygon{_attrs(points=pts, fill=colour)} class="sh"/>'


def team_mark_svg(label: str, shape: str, colour: str) -> SafeString:
    """A team's mark alone (its shape in its colour, its label in it), 18 px tall (a page's CSS may
    size it to its line): for a key beside the team's name (the maps' keys, the standings)."""
    colour = safe_colour(colour)
    width = max(18.0, text_width(label, 10) / SHAPE_INNER_WIDTH.get(shape, 1.0) + 6)
    outline = _outline(shape, width / 2, 9, width / 2 - 1, 8, colour)
    return mark_safe(  # noqa: S308 - the label is escaped, the colour checked
        f'<svg class="zo-teammark" viewBox="0 0 {_f(width)} 18" width="{_f(width)}" height="18"'
        f' aria-hidden="true">{outline}'
        f'<text x="{_f(width / 2)}" y="9.5" fill="{ink(colour)}" font-size="10" font-weight="bold"'
        f' text-anchor="middle" dominant-baseline="central" stroke="none">{escape(label)}</text></svg>'
    )
