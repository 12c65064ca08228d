"""The Golden Islands board as an inline SVG string, drawn from plain data.

Build a :class:`MapView` with one of the two constructors, then :func:`render_svg` it:

- :func:`staff_view` sees everything: hidden tiles are drawn too, lighter and hatched.
- :func:`public_view` sees what the teams see. The constructor itself drops the tile and chests of
  every unrevealed hex (and the ships' cargo), so the renderer never holds them: nothing about a
  hidden hex can reach the SVG, not as text, class, title or data attribute. A hidden hex is drawn
  exactly like every other hidden hex.

The renderer escapes every piece of text and attribute it writes. With ``clickable`` each hex is a
link (``href`` plus ``hx-get``) whose only parameter is the hex label, so the same markup works
with htmx and without it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.islands import display
from games.islands.engine.hexes import Hex, corners, geometry, to_pixel
from games.islands.engine.tiles import Tile

#: Circumradius of a hex in SVG user units.
SIZE = 30.0

HIDDEN_FILL = "#8a99a8"
BAY_FILL = "#eef4f8"
TILE_FILLS: dict[str, str] = {
    Tile.OPEN_SEA: "#cfe8f7",
    Tile.TELESCOPE: "#e9edc9",
    Tile.MAP: "#fefae0",
    Tile.CARGO_SHIP: "#d4e09b",
    Tile.BOAT: "#cbdfbd",
    Tile.RUM: "#e0a96d",
    Tile.SEAHORSE: "#9ad1d4",
    Tile.TREASURE: "#f4d35e",
    Tile.POSEIDON: "#7b9fd4",
    Tile.OCTOPUS: "#c3a6e8",
    Tile.MERMAID: "#f7b2d9",
    Tile.REEFS: "#b08968",
    Tile.PEACE: "#b7e4c7",
    Tile.PIRATES: "#595959",
}
_DARK_TILES = {Tile.PIRATES.value}
_SAFE_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$")
FALLBACK_COLOUR = "#777777"


# --------------------------------------------------------------------------- plain data


@dataclass(frozen=True)
class BoardCell:
    """The truth about one board hex: what a constructor is given, never what a renderer sees."""

    q: int
    r: int
    tile: str = Tile.OPEN_SEA.value
    chests: int = 0
    revealed: bool = False


@dataclass(frozen=True)
class CellView:
    """One hex as the viewer may see it. ``tile`` and ``chests`` are None when the viewer may not."""

    q: int
    r: int
    label: str
    tile: str | None
    chests: int | None
    revealed: bool


@dataclass(frozen=True)
class ShipView:
    """A team ship at a hex label or, while in its harbor, at its bay label (``Z3``)."""

    at: str
    ident: str
    colour: str
    team: str
    battleship: bool = False
    #: Cargo: shown to staff only (a team's cargo is private).
    chests: int | None = None


@dataclass(frozen=True)
class HarborView:
    bay: int
    colour: str
    team: str


@dataclass(frozen=True)
class PirateView:
    at: str
    ident: str


@dataclass(frozen=True)
class RouteView:
    """A polyline through hex/bay labels, e.g. a ship's planned route."""

    points: tuple[str, ...]
    colour: str = "#222222"


@dataclass(frozen=True)
class MapView:
    side: int
    cells: tuple[CellView, ...]
    ships: tuple[ShipView, ...] = ()
    harbors: tuple[HarborView, ...] = ()
    pirates: tuple[PirateView, ...] = ()
    highlights: frozenset[str] = frozenset()
    routes: tuple[RouteView, ...] = ()
    target: str | None = None
    staff: bool = False
    clickable: bool = False
    #: With ``clickable``: each hex links to ``click_url?hex=<label>`` and htmx swaps ``click_target``.
    click_url: str = ""
    click_target: str = ""

    def clicking(self, url: str, target: str = "") -> MapView:
        return replace(self, clickable=True, click_url=url, click_target=target)


def _cells(side: int, cells: Iterable[BoardCell], *, staff: bool) -> tuple[CellView, ...]:
    g = geometry(side)
    by_hex = {Hex(c.q, c.r): c for c in cells}
    unknown = set(by_hex) - g.hexes
    if unknown:
        raise ValueError(f"cells off a board of side {side}: {sorted(unknown)}")
    out = []
    for h in g.ordered:  # label order: the drawing order never depends on what is hidden
        cell = by_hex.get(h)
        revealed = bool(cell and cell.revealed)
        if cell is not None and (revealed or staff):
            tile: str | None = Tile(cell.tile).value
            chests: int | None = cell.chests if tile == Tile.TREASURE else None
        else:
            tile, chests = None, None
        out.append(CellView(q=h.q, r=h.r, label=g.label(h), tile=tile, chests=chests, revealed=revealed))
    return tuple(out)


def staff_view(
    *,
    side: int,
    cells: Iterable[BoardCell],
    ships: Iterable[ShipView] = (),
    harbors: Iterable[HarborView] = (),
    pirates: Iterable[PirateView] = (),
    highlights: Iterable[str] = (),
    routes: Iterable[RouteView] = (),
    target: str | None = None,
) -> MapView:
    """Everything, hidden tiles included (drawn lighter and hatched)."""
    return MapView(
        side=side,
        cells=_cells(side, cells, staff=True),
        ships=tuple(ships),
        harbors=tuple(harbors),
        pirates=tuple(pirates),
        highlights=frozenset(highlights),
        routes=tuple(routes),
        target=target,
        staff=True,
    )


def public_view(
    *,
    side: int,
    cells: Iterable[BoardCell],
    ships: Iterable[ShipView] = (),
    harbors: Iterable[HarborView] = (),
    pirates: Iterable[PirateView] = (),
    highlights: Iterable[str] = (),
) -> MapView:
    """What every team may see: revealed hexes, ships (without cargo), harbors and pirates."""
    return MapView(
        side=side,
        cells=_cells(side, cells, staff=False),
        ships=tuple(replace(s, chests=None) for s in ships),
        harbors=tuple(harbors),
        pirates=tuple(pirates),
        highlights=frozenset(highlights),
        staff=False,
    )


# --------------------------------------------------------------------------- rendering


def safe_colour(colour: str) -> str:
    """A team colour fit for an attribute: ``#rgb``, ``#rrggbb`` or a plain colour name."""
    colour = (colour or "").strip()
    return colour if _SAFE_COLOUR.match(colour) else FALLBACK_COLOUR


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


@dataclass(frozen=True)
class MarkerSize:
    """Ship and pirate markers of one size: radius of a round marker, width of one character of
    its bold text (about), and how far below the hex centre the first row of markers sits."""

    r: float
    char_w: float
    row_dy: float
    cls: str


#: Up to two markers on a hex are drawn large; more (or a long text) small, three in a row. Rows
#: fill from the lower edge of the hex upwards, so the hex label (top) and the tile mark (middle)
#: stay readable with up to three markers.
MARKER_LARGE = MarkerSize(r=SIZE * 0.27, char_w=6.0, row_dy=SIZE * 0.57, cls="mk-l")
MARKER_SMALL = MarkerSize(r=SIZE * 0.2, char_w=4.6, row_dy=SIZE * 0.54, cls="mk-s")
MARKER_R = MARKER_SMALL.r
MARKER_GAP = 1.0


def _marker_width(item: ShipView | PirateView, size: MarkerSize) -> float:
    """A marker is a circle (a square for a battleship) that grows into a pill for longer text."""
    return max(2 * size.r, len(_marker_text(item)) * size.char_w + 2.5)


def _row_half_width(dy: float, size: MarkerSize) -> float:
    """How far from the centre line a marker's round end may sit on a row ``dy`` below the centre,
    keeping the whole marker inside the hex (flat-top: the slanted edges bind)."""
    # A point (x, y) is inside the hex, ``m`` away from the slanted edge, iff
    # sqrt(3)|x| + |y| <= sqrt(3) * SIZE - 2m.
    return max(0.0, (math.sqrt(3) * SIZE - abs(dy) - 2 * (size.r + 0.5)) / math.sqrt(3))


def _rows(widths: list[float], size: MarkerSize) -> list[list[float]]:
    rows: list[list[float]] = [[]]
    for w in widths:
        row = rows[-1]
        dy = size.row_dy - (len(rows) - 1) * (2 * size.r + MARKER_GAP)
        # The room of a row: between the centres of its outermost round ends, plus those ends.
        room = 2 * (_row_half_width(dy, size) + size.r)
        if row and sum(row) + MARKER_GAP * len(row) + w > room:
            rows.append([])
        rows[-1].append(w)
    return rows


def _layout(items: list[ShipView | PirateView]) -> tuple[MarkerSize, list[tuple[float, float]]]:
    """The size of the markers on one hex and their centres (dx, dy): rows along the lower edge of
    the hex, left to right, the next row above when one is full. Large when they fit in one row.
    Depends only on the markers' texts, never on the hex."""
    size = MARKER_LARGE
    rows = _rows([_marker_width(i, size) for i in items], size)
    if len(rows) > 1:
        size = MARKER_SMALL
        rows = _rows([_marker_width(i, size) for i in items], size)
    out: list[tuple[float, float]] = []
    for n, row in enumerate(rows):
        dy = size.row_dy - n * (2 * size.r + MARKER_GAP)
        x = -(sum(row) + MARKER_GAP * (len(row) - 1)) / 2
        for w in row:
            out.append((x + w / 2, dy))
            x += w + MARKER_GAP
    return size, out


def _sector(cx: float, cy: float, radius: float, a0: float, a1: float) -> list[tuple[float, float]]:
    """The part of a flat-top hexagon (circumradius ``radius``) between the angles ``a0 < a1``
    (degrees, clockwise on screen from east): its centre, the rim from ``a0`` to ``a1``."""

    def rim(a: float) -> tuple[float, float]:
        edge_mid = 60 * math.floor(a / 60) + 30  # the apothem of the edge the ray hits
        d = radius * math.cos(math.radians(30)) / math.cos(math.radians(a - edge_mid))
        return cx + d * math.cos(math.radians(a)), cy + d * math.sin(math.radians(a))

    pts = [(cx, cy), rim(a0)]
    corner = 60 * math.floor(a0 / 60) + 60
    while corner < a1 - 1e-9:
        pts.append(
            (cx + radius * math.cos(math.radians(corner)), cy + radius * math.sin(math.radians(corner)))
        )
        corner += 60
    pts.append(rim(a1))
    return pts


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
    ".zo-map .ship text,.zo-map .pirate text{font-size:7px;font-weight:bold;fill:#fff}"
    ".zo-map text.mk-l{font-size:9px}"
    ".zo-map .ship rect{stroke:#000;stroke-width:.8}"
    ".zo-map .pirate rect{stroke:#fff;stroke-width:.8}"
    ".zo-map .harbor .rim{fill:none;stroke-width:3;stroke-linejoin:round}"
    ".zo-map .harbor .bay-lbl{font-weight:bold;fill:#123;stroke:#fff;stroke-width:2.5px;paint-order:stroke}"
    ".zo-map .route{fill:none;stroke-width:3;stroke-linecap:round;stroke-linejoin:round;opacity:.8}"
    ".zo-map .target{fill:none;stroke:#d00;stroke-width:2.5}"
    ".zo-map .compass{font-size:13px;font-weight:bold;fill:#233}"
)


#: On every drawing over the hexes that is not a link (routes, highlights, target, markers, labels).
NO_POINTER = ' pointer-events="none"'


def render_svg(view: MapView) -> SafeString:
    """The board as one ``<svg>`` element (safe to put into a template as is)."""
    g = geometry(view.side)
    s = SIZE
    cells_px = [to_pixel(Hex(c.q, c.r), s) for c in view.cells] + [to_pixel(b, s) for b in g.bays]
    xs = [x for x, _y in cells_px]
    ys = [y for _x, y in cells_px]
    pad = s * 1.2
    min_x, min_y = min(xs) - pad, min(ys) - pad
    width, height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad

    def centre(label: str) -> tuple[float, float]:
        return to_pixel(g.parse(label), s)

    board_name = _("Game board")
    harbor_word = _("harbor")
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="zo-map"'
        f' viewBox="{_f(min_x)} {_f(min_y)} {_f(width)} {_f(height)}"'
        f' width="100%" style="max-width:{_f(width * 1.25)}px" role="img"'
        f' aria-label="{escape(board_name)}">',
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
        + _text(cx0, cy0 + 10, display.direction_label("N"), cls="compass")
        + "</g>"
    )

    # Bays and harbors.
    harbors: dict[int, list[HarborView]] = {}
    for hv in view.harbors:
        harbors.setdefault(hv.bay, []).append(hv)
    out.append('<g class="bays">')
    for number, bay in enumerate(g.bays, start=1):
        x, y = to_pixel(bay, s)
        label = f"Z{number}"
        here = harbors.get(number, [])
        if here:
            out.append(_harbor(bay, label, here, harbor_word))
        else:
            out.append(
                f"<g{_attrs(data_bay=label)}><title>{escape(label)}</title>"
                f'<polygon class="bay"{_attrs(points=_points(_shrunk(bay, 0.92)))}/>'
                + _text(x, y, label, cls="bay-lbl")
                + "</g>"
            )
    out.append("</g>")

    # Hexes, in label order.
    out.append('<g class="hexes">')
    for cell in view.cells:
        out.append(_hex(view, cell, g.label(Hex(cell.q, cell.r))))
    out.append("</g>")

    # Overlays (highlights, routes, the fire target) draw over the hexes but never catch a click:
    # a click on a route's end must reach the hex link below it.
    for label in sorted(view.highlights):
        out.append(
            f'<polygon class="hl"{_attrs(points=_points(_shrunk(g.parse(label), 0.84)))}{NO_POINTER}/>'
        )

    for route in view.routes:
        if len(route.points) < 2:
            continue
        pts = _points(centre(p) for p in route.points)
        out.append(
            f'<polyline class="route"{_attrs(points=pts, stroke=safe_colour(route.colour))}{NO_POINTER}/>'
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
    markers: dict[str, list[ShipView | PirateView]] = {}
    for ship in view.ships:
        markers.setdefault(ship.at.strip().upper(), []).append(ship)
    for pirate in view.pirates:
        markers.setdefault(pirate.at.strip().upper(), []).append(pirate)
    bay_teams = {f"Z{number}": [h.team for h in here] for number, here in harbors.items()}
    out.append(f'<g class="ships"{NO_POINTER}>')
    for at in sorted(markers, key=lambda lab: g.sort_key(g.parse(lab))):
        x, y = centre(at)
        items = markers[at]
        if at in bay_teams:  # a shared bay: each team's ships under its own part, left to right
            order = bay_teams[at]
            items.sort(
                key=lambda i: order.index(i.team) if isinstance(i, ShipView) and i.team in order else 99
            )
        size, offsets = _layout(items)
        lift = SIZE * 0.2 if at in bay_teams else 0.0  # a harbor has no mark: keep clear of its rim
        for (dx, dy), item in zip(offsets, items, strict=True):
            out.append(_marker(item, x + dx, y + dy - lift, size))
    out.append("</g>")
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - every piece above is escaped


#: The hex label sits this far (in hex sizes) above the centre, clear of the tile mark below it.
LABEL_DY = 0.62


def _harbor(bay: Hex, label: str, here: list[HarborView], harbor_word: str) -> str:
    """A bay with one harbor or more: one coloured part of the bay per team (halves, thirds, …,
    the first team on the left), each with its own coloured rim, so none hides another."""
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
            sector = _sector(x, y, SIZE * 0.92, a0 + 360, a1 + 360)
            rim = _sector(x, y, SIZE * 0.92 - 1.5, a0 + 360, a1 + 360)[1:]
            parts.append(
                f'<g class="harbor-part"{_attrs(data_team=hv.team)}>'
                f"<title>{escape(label)} – {escape(harbor_word)}: {escape(hv.team)}</title>"
                f'<polygon{_attrs(points=_points(sector), fill=colour)} fill-opacity=".45"/>'
                f'<polyline class="rim"{_attrs(points=_points(rim), stroke=colour)}/></g>'
            )
    parts.append(_text(x, y - SIZE * LABEL_DY, label, cls="bay-lbl") + "</g>")
    return "".join(parts)


def _hex(view: MapView, cell: CellView, label: str) -> str:
    s = SIZE
    h = Hex(cell.q, cell.r)
    x, y = to_pixel(h, s)
    poly = _points(corners(h, s))
    if cell.tile is None:
        # Hidden and not for this viewer: the same markup for every such hex.
        body = f"<title>{escape(label)}</title><polygon{_attrs(points=poly, fill=HIDDEN_FILL)}/>" + _text(
            x, y - s * LABEL_DY, label, cls="lbl"
        )
        cls = "hex hidden"
    else:
        tile = Tile(cell.tile)
        name = display.tile_name(tile)
        title = f"{label}: {name}"
        if cell.chests is not None:
            title += f" ({cell.chests})"
        if not cell.revealed:
            hidden_word = _("hidden")
            title += f" – {hidden_word}"
        parts = [f"<title>{escape(title)}</title>"]
        if cell.revealed:
            parts.append(f"<polygon{_attrs(points=poly, fill=TILE_FILLS[tile])}/>")
            cls = f"hex revealed tile-{tile.value}" + (" dark" if tile.value in _DARK_TILES else "")
        else:
            parts.append(f'<polygon{_attrs(points=poly, fill=TILE_FILLS[tile])} fill-opacity=".55"/>')
            parts.append(f'<polygon{_attrs(points=poly)} fill="url(#zo-hatch)"/>')
            cls = f"hex staff-hidden tile-{tile.value}"
        parts.append(_text(x, y - s * LABEL_DY, label, cls="lbl"))
        # Mark and chests on one line, so the lower part of the hex is free for ship markers.
        mark = display.tile_mark(tile)
        shift = s * 0.32 if cell.chests is not None else 0.0
        if mark:
            parts.append(_text(x - shift, y - s * 0.15, mark, cls="mark"))
        if cell.chests is not None:
            parts.append(_text(x + shift + 1, y - s * 0.15, f"×{cell.chests}", cls="cnt"))
        body = "".join(parts)
    group = f"<g{_attrs(class_=cls, data_hex=label)}>{body}</g>"
    if view.clickable:
        sep = "&" if "?" in view.click_url else "?"
        url = f"{view.click_url}{sep}{urlencode({'hex': label})}"
        return (
            f"<a{_attrs(href=url, hx_get=url, hx_target=view.click_target or None, data_hex=label)}>"
            f"{group}</a>"
        )
    return group


def _marker_text(item: ShipView | PirateView) -> str:
    if isinstance(item, PirateView) or not item.chests:
        return item.ident
    return f"{item.ident}·{item.chests}"


def _marker(item: ShipView | PirateView, x: float, y: float, size: MarkerSize) -> str:
    """A pirate (black), a cargo ship (round) or a battleship (square) in its team's colour."""
    r = size.r
    w = _marker_width(item, size)
    box = _attrs(x=_f(x - w / 2), y=_f(y - r), width=_f(w), height=_f(2 * r))
    if isinstance(item, PirateView):
        pirate_word = _("pirate ship")
        return (
            f'<g class="pirate"{_attrs(data_pirate=item.ident)}>'
            f"<title>{escape(pirate_word)} {escape(item.ident)}</title>"
            f'<rect{box}{_attrs(rx=_f(r))} fill="#111"/>' + _text(x, y, item.ident, cls=size.cls) + "</g>"
        )
    colour = safe_colour(item.colour)
    kind = _("battleship") if item.battleship else _("cargo ship")
    title = f"{item.team} {item.ident} ({kind})"
    if item.chests is not None:
        chests_word = _("chests")
        title += f", {chests_word}: {item.chests}"
    shape = f"<rect{box}{_attrs(rx=_f(1.5 if item.battleship else r), fill=colour)}/>"
    text = _text(
        x, y, _marker_text(item), cls=size.cls, stroke="#000", stroke_width=".6", paint_order="stroke"
    )
    return f'<g class="ship"{_attrs(data_ship=item.ident)}><title>{escape(title)}</title>{shape}{text}</g>'


def legend(*, staff: bool) -> list[dict[str, str]]:
    """Mark, name and colour of every tile, for the key under the map."""
    rows = [{"mark": display.tile_mark(t), "name": display.tile_name(t), "fill": TILE_FILLS[t]} for t in Tile]
    rows.insert(0, {"mark": "", "name": _("hidden"), "fill": HIDDEN_FILL})
    return rows
