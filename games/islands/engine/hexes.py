"""All hex math of the Golden Islands board, in one small module.

The board is a triangle of flat-top hexes in Red Blob Games' *axial* coordinates ``(q, r)``:
pixel centre ``x = 1.5 q``, ``y = sqrt(3) (r + q/2)`` with y growing downward. A hex is on a board
of side ``n`` iff ``2r + q <= 0``, ``r + 2q >= 0`` and ``r - q >= -3(n-1)``.

>>> g = geometry(9)
>>> len(g.hexes), len(g.bays)
(109, 24)
>>> g.label(Hex(0, 0)), g.label(Hex(8, -16)), g.label(g.bays[0])
('A1', 'I13', 'Z1')
>>> g.parse("I1")
Hex(q=8, r=-4)
>>> distance(Hex(0, 0), Hex(8, -16))
16
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Literal, NamedTuple

MIN_SIDE = 3
MAX_SIDE = 13


class Hex(NamedTuple):
    """A cell in axial coordinates; board hexes and the bays outside the board alike."""

    q: int
    r: int

    def __add__(self, other: object) -> Hex:
        if not isinstance(other, tuple) or len(other) != 2:
            return NotImplemented
        return Hex(self.q + other[0], self.r + other[1])

    def step(self, direction: str) -> Hex:
        """The neighbour in ``direction`` (``N NE SE S SW NW``).

        >>> Hex(0, 0).step("NE")
        Hex(q=1, r=-1)
        """
        dq, dr = DIRECTIONS[direction]
        return Hex(self.q + dq, self.r + dr)


Direction = Literal["N", "NE", "SE", "S", "SW", "NW"]

#: The six directions in clockwise order from north, as used in files and code.
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1),
    "NE": (1, -1),
    "SE": (1, 0),
    "S": (0, 1),
    "SW": (-1, 1),
    "NW": (-1, 0),
}
DIRECTION_NAMES: tuple[str, ...] = tuple(DIRECTIONS)


Side = Literal["bottom", "right", "left"]
SIDES: tuple[Side, ...] = ("bottom", "right", "left")


#: How many thirds of a full turn carry the bottom side onto each side (:func:`turned`).
SIDE_TURNS: dict[Side, int] = {"bottom": 0, "right": 1, "left": 2}


def turned(h: Hex, side: int, turns: int) -> Hex:
    """``h`` turned by ``turns`` thirds of a full turn (120° each, anticlockwise) about the centre of
    a board of ``side``: the board onto itself, the bottom side onto the right, the right onto the
    left, every bay onto the bay ``side - 1`` further in the bay order.

    >>> g = geometry(9)
    >>> turned(g.bays[0], 9, 1) == g.bays[8], turned(Hex(0, 0), 9, 3)
    (True, Hex(q=0, r=0))
    """
    m = side - 1
    q, r = h
    for _ in range(turns % 3):
        q, r = r + 2 * m, -q - r - m
    return Hex(q, r)


def turned_direction(direction: str, turns: int) -> str:
    """A direction turned as :func:`turned` turns the board (``N`` by one third is ``SW``).

    >>> turned_direction("N", 1), turned_direction("SE", 2)
    ('SW', 'SW')
    """
    return DIRECTION_NAMES[(DIRECTION_NAMES.index(direction) + 4 * turns) % 6]


def neighbours(h: Hex) -> list[Hex]:
    """The six neighbouring cells, on the board or not, clockwise from north."""
    q, r = h
    return [Hex(q, r - 1), Hex(q + 1, r - 1), Hex(q + 1, r), Hex(q, r + 1), Hex(q - 1, r + 1), Hex(q - 1, r)]


def distance(a: Hex, b: Hex) -> int:
    """Hex distance (number of steps) between two cells.

    >>> distance(Hex(0, 0), Hex(2, -1))
    2
    """
    dq = a.q - b.q
    dr = a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def direction_between(a: Hex, b: Hex) -> str | None:
    """The direction from ``a`` to its neighbour ``b``, or None if they are not neighbours."""
    delta = (b.q - a.q, b.r - a.r)
    for name, d in DIRECTIONS.items():
        if d == delta:
            return name
    return None


def to_pixel(h: Hex, size: float = 1.0) -> tuple[float, float]:
    """Centre of ``h`` in pixels for hexes of circumradius ``size`` (y grows downward)."""
    return size * 1.5 * h.q, size * math.sqrt(3) * (h.r + h.q / 2)


def corners(h: Hex, size: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex, for drawing a polygon."""
    cx, cy = to_pixel(h, size)
    return corners_around(cx, cy, size)


def corners_around(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a flat-top hex of ``size`` centred on the point (cx, cy)."""
    return [
        (cx + size * math.cos(math.radians(60 * i)), cy + size * math.sin(math.radians(60 * i)))
        for i in range(6)
    ]


#: The 16-point compass as the camp rules define it: "NNE" is twice as far north as east.
#: Vectors are (east, north) on the map.
COMPASS16: tuple[tuple[str, tuple[int, int]], ...] = (
    ("N", (0, 1)),
    ("NNE", (1, 2)),
    ("NE", (1, 1)),
    ("ENE", (2, 1)),
    ("E", (1, 0)),
    ("ESE", (2, -1)),
    ("SE", (1, -1)),
    ("SSE", (1, -2)),
    ("S", (0, -1)),
    ("SSW", (-1, -2)),
    ("SW", (-1, -1)),
    ("WSW", (-2, -1)),
    ("W", (-1, 0)),
    ("WNW", (-2, 1)),
    ("NW", (-1, 1)),
    ("NNW", (-1, 2)),
)
CZECH_COMPASS16: dict[str, str] = {
    "N": "S", "NNE": "SSV", "NE": "SV", "ENE": "VSV", "E": "V", "ESE": "VJV", "SE": "JV",
    "SSE": "JJV", "S": "J", "SSW": "JJZ", "SW": "JZ", "WSW": "ZJZ", "W": "Z", "WNW": "ZSZ",
    "NW": "SZ", "NNW": "SSZ",
}  # fmt: skip


def compass16(origin: Hex, target: Hex) -> str:
    """The compass point (of the 16 above) closest in angle to the vector origin -> target.

    Ties go to the point listed first. ``origin == target`` is refused.

    >>> compass16(Hex(0, 0), Hex(0, -3))
    'N'
    >>> compass16(Hex(0, 0), Hex(2, -1))
    'E'
    """
    if origin == target:
        raise ValueError("compass16 needs two different hexes")
    ox, oy = to_pixel(origin)
    tx, ty = to_pixel(target)
    east, north = tx - ox, oy - ty
    angle = math.atan2(east, north)
    best_name, best_gap = "", math.inf
    for name, (ce, cn) in COMPASS16:
        gap = abs(math.remainder(angle - math.atan2(ce, cn), math.tau))
        if gap < best_gap - 1e-12:
            best_name, best_gap = name, gap
    return best_name


class LabelError(ValueError):
    """A hex or bay label that does not name a cell of this board."""


_LABEL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,3})\s*$")
_BAY_LABEL = re.compile(r"^\s*[Zz]\s*(\d{1,3})\s*$")


@dataclass(frozen=True)
class BoardGeometry:
    """Everything about the shape of a board of one side; build it with :func:`geometry`."""

    side: int
    hexes: frozenset[Hex] = field(repr=False)
    #: Bays in their order around the board: ``bays[0]`` is Z1.
    bays: tuple[Hex, ...] = field(repr=False)
    bay_sides: dict[Hex, Side] = field(repr=False)
    _labels: dict[Hex, str] = field(repr=False)
    _by_label: dict[str, Hex] = field(repr=False)

    def on_board(self, h: Hex) -> bool:
        return h in self.hexes

    def is_bay(self, h: Hex) -> bool:
        return h in self.bay_sides

    def bay_number(self, bay: Hex) -> int:
        """1-based number of a bay around the board (ValueError for a cell that is not a bay)."""
        number = bay_numbers(self.side).get(bay)
        if number is None:
            raise ValueError(f"{bay} is not a bay of a board of side {self.side}")
        return number

    def bay(self, number: int) -> Hex:
        """The bay ``Z<number>``; numbers wrap around (0 is the last bay)."""
        return self.bays[(number - 1) % len(self.bays)]

    def bay_neighbour(self, bay: Hex, delta: int) -> Hex:
        """The bay ``delta`` places further in the bay order, wrapping around corners."""
        return self.bay(self.bay_number(bay) + delta)

    def bays_on(self, side: Side) -> tuple[Hex, ...]:
        return tuple(b for b in self.bays if self.bay_sides[b] == side)

    def bay_hexes(self, bay: Hex) -> list[Hex]:
        """The 3 board hexes that touch a bay (where a ship leaves the harbor)."""
        return [n for n in neighbours(bay) if n in self.hexes]

    def label(self, h: Hex) -> str:
        """``E3`` for a board hex, ``Z2`` for a bay."""
        try:
            return self._labels[h]
        except KeyError:
            raise LabelError(f"{tuple(h)} is neither a hex nor a bay of this board") from None

    def parse(self, label: str) -> Hex:
        """The cell a label names; accepts lower case and spaces (``" e 3 "``)."""
        key = label.strip().upper().replace(" ", "")
        try:
            return self._by_label[key]
        except KeyError:
            raise LabelError(f"{label!r} is not a hex or bay of a board of side {self.side}") from None

    def sort_key(self, h: Hex) -> tuple[int, int]:
        """Order of labels: letter, then number as a number."""
        return (h.q, column_number(h))

    def within(self, centre: Hex, low: int, high: int) -> list[Hex]:
        """Board hexes whose distance from ``centre`` is between ``low`` and ``high``, label order."""
        return list(_within(self.side, centre, low, high))

    @property
    def ordered(self) -> tuple[Hex, ...]:
        """All board hexes in label order (A1, A2, …, B1, …)."""
        return _ordered(self.side)


def column_number(h: Hex) -> int:
    """1-based number of a hex within its column, counting up from the bottom-most hex."""
    bottom_r = (-h.q) // 2  # the largest r with 2r + q <= 0
    return bottom_r - h.r + 1


def on_triangle(h: Hex, side: int) -> bool:
    return 2 * h.r + h.q <= 0 and h.r + 2 * h.q >= 0 and h.r - h.q >= -3 * (side - 1)


def check_side(side: object) -> None:
    if not isinstance(side, int) or isinstance(side, bool) or not MIN_SIDE <= side <= MAX_SIDE:
        raise ValueError(f"board side must be a whole number from {MIN_SIDE} to {MAX_SIDE}, not {side!r}")


@cache
def geometry(side: int) -> BoardGeometry:
    """The (cached) geometry of a board of ``side`` hexes per edge."""
    check_side(side)
    top = 3 * (side - 1)
    hexes = frozenset(
        Hex(q, r)
        for q in range(0, 2 * (side - 1) + 1)
        for r in range(-top, 1)
        if on_triangle(Hex(q, r), side)
    )
    candidates = {n for h in hexes for n in neighbours(h) if n not in hexes}
    bay_cells = [c for c in candidates if sum(n in hexes for n in neighbours(c)) == 3]

    def side_of(c: Hex) -> Side:
        if 2 * c.r + c.q > 0:
            return "bottom"
        if c.r - c.q < -top:
            return "right"
        return "left"

    # Around the board: right along the bottom, up the right side, down the left side.
    bottom = sorted((c for c in bay_cells if side_of(c) == "bottom"), key=lambda c: c.q)
    right = sorted((c for c in bay_cells if side_of(c) == "right"), key=lambda c: -(2 * c.r + c.q))
    left = sorted((c for c in bay_cells if side_of(c) == "left"), key=lambda c: 2 * c.r + c.q)
    bays = tuple(bottom + right + left)
    labels: dict[Hex, str] = {h: f"{chr(ord('A') + h.q)}{column_number(h)}" for h in hexes}
    labels.update({b: f"Z{i}" for i, b in enumerate(bays, start=1)})
    return BoardGeometry(
        side=side,
        hexes=hexes,
        bays=bays,
        bay_sides={b: side_of(b) for b in bays},
        _labels=labels,
        _by_label={v: k for k, v in labels.items()},
    )


@cache
def bay_numbers(side: int) -> Mapping[Hex, int]:
    """The 1-based number of each bay of a board of ``side`` (cached). Shared, do not modify."""
    return {b: i for i, b in enumerate(geometry(side).bays, start=1)}


@cache
def neighbour_table(side: int) -> Mapping[Hex, tuple[Hex, ...]]:
    """:func:`neighbours` of every board hex and bay of a board of ``side``, as tuples (cached:
    the round resolver asks for them at every half-step). Shared, do not modify.

    >>> neighbour_table(5)[Hex(0, 0)] == tuple(neighbours(Hex(0, 0)))
    True
    """
    g = geometry(side)
    return {h: tuple(neighbours(h)) for h in (*g.hexes, *g.bays)}


@cache
def step_table(side: int) -> Mapping[Hex, Mapping[str, Hex]]:
    """``Hex.step`` from every board hex and bay of a board of ``side``, by direction, on the board
    or not (cached: every move of a round reads it). Shared, do not modify.

    >>> step_table(5)[Hex(0, 0)]["NE"]
    Hex(q=1, r=-1)
    """
    return {h: dict(zip(DIRECTION_NAMES, around, strict=True)) for h, around in neighbour_table(side).items()}


@cache
def _within(side: int, centre: Hex, low: int, high: int) -> tuple[Hex, ...]:
    # Cached per (side, hex): every random shot of every pirate asks for the hexes 2–4 away.
    # Built from the hexes around the centre when they are fewer than the board's (label order).
    hexes = geometry(side).hexes
    if high < 0 or (2 * high + 1) ** 2 >= len(hexes):
        return tuple(h for h in _ordered(side) if low <= distance(centre, h) <= high)
    q, r = centre
    near = [
        h
        for dq in range(-high, high + 1)
        for dr in range(max(-high, -dq - high), min(high, -dq + high) + 1)
        if (h := Hex(q + dq, r + dr)) in hexes and distance(centre, h) >= low
    ]
    return tuple(sorted(near, key=lambda h: (h.q, column_number(h))))


@cache
def _ordered(side: int) -> tuple[Hex, ...]:
    return tuple(sorted(geometry(side).hexes, key=lambda h: (h.q, column_number(h))))
