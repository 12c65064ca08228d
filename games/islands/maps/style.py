"""How a Golden Islands map looks, whatever draws it (the SVG of the pages, the printed sheets):
tile colours and marks, the hex size, where the markers of ships and pirates sit on a hex, the
parts of a shared harbor, and the legend under the map."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from django.utils.translation import gettext as _

from camp.marks import SHAPE_INNER_WIDTH, TEAM_SHAPES
from games.islands import words
from games.islands.engine.hexes import BoardGeometry
from games.islands.engine.tiles import Tile
from games.islands.maps.visibility import MapView, PirateView, ShipView

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
DARK_TILES = {Tile.PIRATES.value}
_SAFE_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-zA-Z]{3,20})$")
FALLBACK_COLOUR = "#777777"


#: The CSS basic colour names a team colour may be (``safe_colour`` lets a plain name through).
NAMED_COLOURS = {
    "black": "#000000", "silver": "#c0c0c0", "gray": "#808080", "grey": "#808080", "white": "#ffffff",
    "maroon": "#800000", "red": "#ff0000", "purple": "#800080", "fuchsia": "#ff00ff", "green": "#008000",
    "lime": "#00ff00", "olive": "#808000", "yellow": "#ffff00", "navy": "#000080", "blue": "#0000ff",
    "teal": "#008080", "aqua": "#00ffff", "orange": "#ffa500", "pink": "#ffc0cb", "brown": "#a52a2a",
}  # fmt: skip
INK_DARK = "#000000"
INK_LIGHT = "#ffffff"


@lru_cache(maxsize=1024)
def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance (0 black … 1 white) of ``#rgb``, ``#rrggbb`` or a basic colour name
    (anything else counts as :data:`FALLBACK_COLOUR`)."""
    text = safe_colour(colour)
    text = NAMED_COLOURS.get(text.lower(), text if text.startswith("#") else FALLBACK_COLOUR)
    digits = text[1:] if len(text) == 7 else "".join(c * 2 for c in text[1:])

    def linear(byte: str) -> float:
        v = int(byte, 16) / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(digits[i : i + 2]) for i in (0, 2, 4))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(one: str, other: str) -> float:
    """WCAG contrast ratio of two colours, 1 to 21 (text wants 4.5)."""
    a, b = sorted((relative_luminance(one), relative_luminance(other)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def ink(background: str) -> str:
    """Black or white text on ``background``, whichever contrasts more: a yellow ship gets black
    letters, a navy one white (the screens and the printed map alike)."""
    if contrast_ratio(INK_DARK, background) >= contrast_ratio(INK_LIGHT, background):
        return INK_DARK
    return INK_LIGHT


def safe_colour(colour: str) -> str:
    """A team colour fit for an attribute: ``#rgb``, ``#rrggbb`` or a plain colour name."""
    colour = (colour or "").strip()
    return colour if _SAFE_COLOUR.match(colour) else FALLBACK_COLOUR


#: Room between two markers, in map units.
MARKER_GAP = 1.0


@dataclass(frozen=True)
class MarkerSize:
    """Ship and pirate markers of one size: radius of a round marker, width of one character of
    its bold text (about), and how far below the hex centre the first row of markers sits."""

    r: float
    char_w: float
    row_dy: float
    cls: str
    #: Room between two markers of a projector (their outlines are drawn half outside them).
    gap: float = MARKER_GAP
    #: The markers reach out of their hex (a projector's hex too small for hall-sized ones).
    spill: bool = False


#: Up to two markers on a hex are drawn large; more (or a long text) small, three in a row. Rows
#: fill from the lower edge of the hex upwards, so the hex label (top) and the tile mark (middle)
#: stay readable with up to three markers.
MARKER_LARGE = MarkerSize(r=SIZE * 0.27, char_w=6.0, row_dy=SIZE * 0.57, cls="mk-l")
MARKER_SMALL = MarkerSize(r=SIZE * 0.2, char_w=4.6, row_dy=SIZE * 0.54, cls="mk-s")
MARKER_R = MARKER_SMALL.r


def marker_width(item: ShipView | PirateView, size: MarkerSize) -> float:
    """A ship's marker is its team's shape (``camp.marks``), a pirate's a black pill: as tall as
    ``2 r``, and widened for a longer text, as far as the shape's middle needs to hold it."""
    inner = SHAPE_INNER_WIDTH.get(item.shape, 1.0) if isinstance(item, ShipView) else 1.0
    return max(2 * size.r, (len(marker_text(item)) * size.char_w + 2.5) / inner)


def _row_half_width(dy: float, size: MarkerSize, radius: float = SIZE) -> float:
    """How far from the centre line a marker's round end may sit on a row ``dy`` below the centre,
    keeping the whole marker inside the hex (flat-top: the slanted edges bind)."""
    # A point (x, y) is inside the hex, ``m`` away from the slanted edge, iff
    # sqrt(3)|x| + |y| <= sqrt(3) * SIZE - 2m.
    return max(0.0, (math.sqrt(3) * radius - abs(dy) - 2 * (size.r + 0.5)) / math.sqrt(3))


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


def marker_groups(view: MapView, g: BoardGeometry) -> list[tuple[str, list[ShipView | PirateView]]]:
    """The map's ships, then its pirates, grouped by the hex (or bay) they are at, in board order:
    what the screen and the paper draw as one group of markers."""
    groups: dict[str, list[ShipView | PirateView]] = {}
    for item in (*view.ships, *view.pirates):
        groups.setdefault(item.at.strip().upper(), []).append(item)
    return [(at, groups[at]) for at in sorted(groups, key=lambda lab: g.sort_key(g.parse(lab)))]


def marker_layout(items: list[ShipView | PirateView]) -> tuple[MarkerSize, list[tuple[float, float]]]:
    """The size of the markers on one hex and their centres (dx, dy): rows along the lower edge of
    the hex, left to right, the next row above when one is full. Large when they fit in one row.
    Depends only on the markers' texts, never on the hex."""
    size = MARKER_LARGE
    rows = _rows([marker_width(i, size) for i in items], size)
    if len(rows) > 1:
        size = MARKER_SMALL
        rows = _rows([marker_width(i, size) for i in items], size)
    out: list[tuple[float, float]] = []
    for n, row in enumerate(rows):
        dy = size.row_dy - n * (2 * size.r + MARKER_GAP)
        x = -(sum(row) + MARKER_GAP * (len(row) - 1)) / 2
        for w in row:
            out.append((x + w / 2, dy))
            x += w + MARKER_GAP
    return size, out


#: Half the height of a text's box, in font sizes (DejaVu Sans's ascent and descent, a little over).
TEXT_HALF_HEIGHT = 0.6
#: The upper half of the box of a text with an accented capital (Ú), in font sizes.
ACCENT_HALF_HEIGHT = 0.7
#: Distance from a hex's centre to its top and bottom edges (flat-top hexes).
APOTHEM = SIZE * math.sqrt(3) / 2
#: A harbor's coloured part is the bay shrunk to this, with a rim: markers stay inside it.
HARBOR_RADIUS = SIZE * 0.92 - 3.5
#: The projector's tile marks are never smaller than this (map units): a mark is one glyph.
PROJECTOR_MARK = 14.0


@dataclass(frozen=True)
class HexTexts:
    """Where a hex's own texts sit (below the centre is positive): its label, its tile mark (with
    its chests) if it has one, and the room left below them for the hex's markers."""

    label_dy: float
    mark_dy: float | None
    markers_top: float
    #: The font sizes of the label and of the mark line (map units).
    text: float
    mark_text: float

    def mark_line(self, mark: str, chests: str) -> tuple[str, float, float]:
        """The mark to show and where (dx) it and the chests' count sit on their line: side by
        side, centred, each as wide as its text. A line too wide for the hex keeps the count
        alone (the hex's colour still tells its tile)."""
        if not (mark and chests):
            return mark, 0.0, 0.0
        mark_w, chests_w = text_width(mark, self.mark_text), text_width(chests, self.text)
        total = mark_w + 2 * MARKER_GAP + chests_w
        # the hex's width at the line's middle, where its texts' letters are widest
        room = 2 * (SIZE - abs(self.mark_dy or 0.0) / math.sqrt(3)) - 2
        if total > room:
            return "", 0.0, 0.0
        return mark, -total / 2 + mark_w / 2, total / 2 - chests_w / 2


def text_width(text: str, size: float) -> float:
    """About how wide a short bold text is at font size ``size`` (DejaVu Sans Bold: 0.7 em a digit)."""
    return len(text) * 0.72 * size


def hex_texts(text: float, *, mark: bool, radius: float = SIZE) -> HexTexts:
    """The label at the top of a hex (circumradius ``radius``) and the mark under it, at the font
    size ``text`` (map units) of a projector: the label moves down only as far as its box needs to
    stay inside the hex, the mark only as far as it needs to stay clear of the label."""
    half = TEXT_HALF_HEIGHT * text
    label_dy = max(-SIZE * LABEL_DY, -radius * math.sqrt(3) / 2 + half)
    mark_text = max(text, PROJECTOR_MARK)
    if not mark:
        return HexTexts(label_dy, None, label_dy + half + MARKER_GAP, text, mark_text)
    mark_half = TEXT_HALF_HEIGHT * mark_text
    # A mark's accented capital (Út) reaches higher than its box's other half.
    mark_dy = max(-SIZE * 0.15, label_dy + half + MARKER_GAP + ACCENT_HALF_HEIGHT * mark_text)
    return HexTexts(label_dy, mark_dy, mark_dy + mark_half + MARKER_GAP, text, mark_text)


#: A projector's marker is at least this many of its texts' font sizes across: at the 18.5 px of
#: a 1080-p screen, 37 px (readable from the back of the hall).
HALL_MARKER_EMS = 2.0


def projector_marker_size(text: float) -> MarkerSize:
    """The markers of a projector, whose texts are ``text`` map units tall: hall-sized pills
    (:data:`HALL_MARKER_EMS`) that hold such a text. No smaller dots: a crowd spills instead."""
    r = max(4.0, TEXT_HALF_HEIGHT * text, HALL_MARKER_EMS * text / 2)
    return MarkerSize(r=r, char_w=0.72 * text, row_dy=0.0, cls="mk-s", gap=2.0)


#: At most this many hall-sized markers side by side where they spill out of their hex.
SPILL_ROW = 3


def spilled_marker_layout(
    items: list[ShipView | PirateView], size: MarkerSize, *, top: float
) -> list[tuple[float, float]]:
    """Centres (dx, dy) of hall-sized markers too many or too large for their hex: rows of up to
    :data:`SPILL_ROW` from under the hex's label downwards, centred, over the edges of the hex and
    its neighbours below (the page keeps the whole group inside the map)."""
    pitch = 2 * size.r + size.gap
    widths = [marker_width(i, size) for i in items]
    rows = [widths[n : n + SPILL_ROW] for n in range(0, len(widths), SPILL_ROW)]
    out: list[tuple[float, float]] = []
    for n, row in enumerate(rows):
        x = -(sum(row) + size.gap * (len(row) - 1)) / 2
        for w in row:
            out.append((x + w / 2, top + size.r + n * pitch))
            x += w + size.gap
    return out


def fitted_marker_layout(
    items: list[ShipView | PirateView], size: MarkerSize, *, top: float, radius: float = SIZE
) -> list[tuple[float, float]] | None:
    """Centres (dx, dy) of the markers in rows from ``top`` (under the hex's texts) down to the
    lower edge of a hex of circumradius ``radius``, left to right: the upper rows, nearer the
    hex's wide middle, hold the most. None when they do not fit (nothing ever overlaps)."""
    bottom = radius * math.sqrt(3) / 2 - 0.8
    pitch = 2 * size.r + size.gap

    def row_dy(n: int) -> float:
        return top + size.r + n * pitch

    def room(n: int) -> float:
        return 2 * (_row_half_width(row_dy(n), size, radius) + size.r)

    rows: list[list[float]] = [[]]
    for w in (marker_width(i, size) for i in items):
        row = rows[-1]
        if row and sum(row) + size.gap * len(row) + w > room(len(rows) - 1):
            rows.append([])
        if w > room(len(rows) - 1):
            return None
        rows[-1].append(w)
    if row_dy(len(rows) - 1) + size.r > bottom:  # the lowest row's lower edge
        return None
    out: list[tuple[float, float]] = []
    for n, row in enumerate(rows):
        x = -(sum(row) + size.gap * (len(row) - 1)) / 2
        for w in row:
            out.append((x + w / 2, row_dy(n)))
            x += w + size.gap
    return out


#: A group of markers laid out: their size, their centres (from the hex's centre), and whether the
#: hex keeps its tile mark (a projector's crowded hex gives the mark's room to its markers).
Placed = tuple[MarkerSize, list[tuple[float, float]], bool]


def projector_marker_layout(
    items: list[ShipView | PirateView], text: float, *, mark: bool, radius: float = SIZE
) -> Placed:
    """The markers of one hex (``mark``: it has a mark line) or harbor on a projector: hall-sized
    pills with their texts where they fit under the hex's own texts (the mark's line given up if
    need be: its colour still tells the tile); else the same pills in rows from under its label
    that reach over its edges (``spill``)."""
    pill = projector_marker_size(text)
    for keep_mark in (True, False) if mark else (False,):
        top = hex_texts(text, mark=keep_mark, radius=radius).markers_top
        offsets = fitted_marker_layout(items, pill, top=top, radius=radius)
        if offsets is not None:
            return pill, offsets, keep_mark
    # Too many or too large for the hex: hall-sized all the same, reaching over its edges.
    spill = replace(pill, spill=True)
    top = hex_texts(text, mark=False, radius=radius).markers_top
    return spill, spilled_marker_layout(items, spill, top=top), False


def sector(cx: float, cy: float, radius: float, a0: float, a1: float) -> list[tuple[float, float]]:
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


#: The hex label sits this far (in hex sizes) above the centre, clear of the tile mark below it.
LABEL_DY = 0.62


def marker_text(item: ShipView | PirateView) -> str:
    """A marker's few characters, never a hex label: a cargo ship's number (and its chests), the
    battleship's crossed swords, a pirate's skull and number (the names: ``words.ship_label``)."""
    if isinstance(item, PirateView):
        return f"☠{words.ship_number(item.ident)}"
    if item.battleship:
        return "⚔"
    number = words.ship_number(item.ident)
    return f"{number}·{item.chests}" if item.chests else number


#: One ship's route from another's of its team (all drawn in the team's colour): an SVG
#: ``stroke-dasharray`` by ship, the ship's number at the route's end.
ROUTE_DASHES = {
    "C1": "", "C2": "9 4", "C3": "2 4", "C4": "12 3 2 3", "C5": "5 3", "C6": "1 3", "B": "14 3 3 3 3 3",
}  # fmt: skip


def route_dash(ship: str) -> str:
    return ROUTE_DASHES.get(ship, "6 2")


def team_key(view: MapView) -> list[dict[str, str]]:
    """The teams on a map, for its key: name, mark (label and shape), colour and harbor bay, in the
    order of the bays (read around the board). Shows nothing hidden (a harbor is public, a mark too)."""
    rows = []
    for harbor in sorted(view.harbors, key=lambda h: h.bay):
        rows.append(
            {
                "team": harbor.team,
                "label": harbor.label,
                "shape": harbor.shape if harbor.shape in TEAM_SHAPES else "",
                "colour": safe_colour(harbor.colour),
                "ink": ink(safe_colour(harbor.colour)),
                "bay": f"Z{harbor.bay}",
            }
        )
    return rows


def legend(*, staff: bool) -> list[dict[str, str]]:
    """Mark, name and colour of every tile, for the key under the map."""
    rows = [{"mark": words.tile_mark(t), "name": words.tile_name(t), "fill": TILE_FILLS[t]} for t in Tile]
    rows.insert(0, {"mark": "", "name": _("hidden"), "fill": HIDDEN_FILL})
    for row in rows:
        row["ink"] = ink(row["fill"])
    return rows
