"""A team's mark besides its colour: a short label and a shape, so a team is told apart on a
black-and-white sheet and by a colour-blind child as well as by its colour.

Pure (no database): the palette, the shapes, their outlines and the functions that pick a team's
colour, label and shape so that no two teams of a camp run share one.

The distinct-in-grey rule: two teams of a camp run (up to :data:`MAX_DISTINCT_TEAMS`) never look
alike in grey, because their **shapes differ** (each of the first twelve seats gets its own
shape), and where the palette repeats a grey their **labels** differ too. Two palette colours
whose greys are closer than :data:`MIN_GREY_STEP` are only ever given with different shapes.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

#: The teams' colours by seat, distinct at a glance on the board and on paper: a new team gets the
#: first one its camp run does not use yet (the camp form, a round file's import).
# fmt: off
TEAM_COLOURS = (
    "#c0392b", "#2471a3", "#229954", "#d4ac0d", "#8e44ad", "#d35400",
    "#17a589", "#7f8c8d", "#1b2631", "#e84393", "#6e2c00", "#85c1e9",
)
# fmt: on

#: The shapes by seat, the most different first (a camp of four uses circle, square, triangle,
#: diamond). Twelve, so a camp of twelve teams has twelve outlines; each has room in its middle
#: for a ship's number (:data:`SHAPE_INNER_WIDTH`).
TEAM_SHAPES = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "hexagon",
    "star",
    "cross",
    "triangle_down",
    "pentagon",
    "arrow",
    "trapezoid",
    "shield",
)

#: How much of a shape's width its middle line offers to a text (the rest is its points): a marker
#: holding a text is drawn this much wider than the text.
SHAPE_INNER_WIDTH = {
    "circle": 0.9, "square": 1.0, "triangle": 0.55, "diamond": 0.55, "hexagon": 0.9, "star": 0.55,
    "cross": 0.8, "triangle_down": 0.55, "pentagon": 0.85, "arrow": 0.8, "trapezoid": 0.75, "shield": 0.9,
}  # fmt: skip

MAX_DISTINCT_TEAMS = len(TEAM_SHAPES)
#: A label is 1 to 3 letters (or digits): it is drawn inside a harbor's mark and in the sheets' key.
LABEL_MAX_LENGTH = 3
#: Two greys (0 = black, 1 = white) this far apart are told apart on a laser print.
MIN_GREY_STEP = 0.12


def grey(colour: str) -> float:
    """The grey (0 = black, 1 = white) a black-and-white printer or ``pdftoppm -gray`` makes of
    ``colour`` (``#rrggbb``): ITU-R BT.601 luma."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def team_colour(index: int, used: frozenset[str] | set[str] = frozenset()) -> str:
    """The palette's colour for the team at ``index`` (0 = first), skipping colours in ``used``;
    the palette again from the start once every colour is taken."""
    free = [colour for colour in TEAM_COLOURS if colour not in used] or list(TEAM_COLOURS)
    return free[index % len(free)]


def team_shape(index: int, used: Iterable[str] = ()) -> str:
    """The shape for the new team at ``index`` (0 = first new one), skipping shapes in ``used``;
    all of them again once every shape is taken."""
    taken = set(used)
    free = [shape for shape in TEAM_SHAPES if shape not in taken] or list(TEAM_SHAPES)
    return free[index % len(free)]


def label_key(label: str) -> str:
    """What two labels are compared by: upper case, without diacritics ("Č" and "C" look alike
    in a small print)."""
    plain = unicodedata.normalize("NFKD", label)
    return "".join(c for c in plain if not unicodedata.combining(c)).upper()


def _letters(name: str) -> str:
    return "".join(c for c in name if c.isalnum())


def team_label(name: str, taken: Iterable[str] = ()) -> str:
    """The default label of a team called ``name``: its first letter (of each word, up to two
    words: "Zlatí piráti" → "ZP"), upper case; on a collision with ``taken`` (compared by
    :func:`label_key`) its first two letters, then three, then its first letter and a digit."""
    keys = {label_key(t) for t in taken}
    words = [_letters(word) for word in name.split()]
    words = [w for w in words if w] or ["T"]
    letters = "".join(words)
    candidates = []
    if len(words) > 1:
        candidates.append(words[0][0] + words[1][0])
    candidates += [letters[:1], letters[:2], letters[:3]]
    if len(words) > 1:
        candidates.append(words[0][0] + words[1][:2])
    candidates += [letters[:1] + str(digit) for digit in range(2, 10)]
    candidates += [letters[:2] + str(digit) for digit in range(2, 10)]
    for candidate in candidates:
        label = candidate.upper()[:LABEL_MAX_LENGTH]
        if label and label_key(label) not in keys:
            return label
    number = 1
    while f"T{number}" in keys:  # a camp run of ~150 same-lettered teams: numbered
        number += 1
    return f"T{number}"


@dataclass(frozen=True)
class Mark:
    """What tells a team apart besides its colour."""

    label: str
    shape: str


def assign_marks(names: Sequence[str], taken: Iterable[Mark] = ()) -> list[Mark]:
    """Marks for new teams called ``names`` (in seat order) beside the teams holding ``taken``:
    each a label and a shape no other team of the camp run has (shapes repeat only past twelve)."""
    taken = list(taken)
    labels = [m.label for m in taken]
    shapes = [m.shape for m in taken]
    marks = []
    for index, name in enumerate(names):
        label = team_label(name, labels)
        shape = team_shape(0 if len(shapes) < MAX_DISTINCT_TEAMS else index, shapes)
        labels.append(label)
        shapes.append(shape)
        marks.append(Mark(label, shape))
    return marks


def shape_points(
    shape: str, cx: float, cy: float, r: float, *, y_up: bool = False
) -> list[tuple[float, float]]:
    """The outline of ``shape`` centred on (``cx``, ``cy``) within radius ``r``, as polygon
    points; empty for the circle (draw a circle). ``y_up`` for ReportLab (y grows upwards);
    SVG's y grows downwards. Each shape leaves room for one or two digits in its middle."""
    sign = -r if y_up else r
    return [(cx + x * r, cy + y * sign) for x, y in _unit_shape(shape)]


@lru_cache(maxsize=32)
def _unit_shape(shape: str) -> tuple[tuple[float, float], ...]:
    """:func:`shape_points` of radius 1 around (0, 0), y down: worked out once per shape (a printed
    map draws hundreds of markers)."""

    def polar(count: int, radius: float, start_deg: float) -> list[tuple[float, float]]:
        return [
            (
                radius * math.cos(math.radians(start_deg + i * 360 / count)),
                radius * math.sin(math.radians(start_deg + i * 360 / count)),
            )
            for i in range(count)
        ]

    if shape == "square":
        s = 0.82
        return ((-s, -s), (s, -s), (s, s), (-s, s))
    if shape == "triangle":
        return ((0, -1.15), (1.1, 0.8), (-1.1, 0.8))
    if shape == "triangle_down":
        return ((-1.1, -0.8), (1.1, -0.8), (0, 1.15))
    if shape == "diamond":
        return ((0, -1.1), (1.1, 0), (0, 1.1), (-1.1, 0))
    if shape == "hexagon":
        return tuple(polar(6, 1.0, 0))
    if shape == "pentagon":
        return tuple(polar(5, 1.02, -90))
    if shape == "star":
        outer = polar(5, 1.2, -90)
        inner = polar(5, 0.62, -54)
        return tuple(p for pair in zip(outer, inner, strict=True) for p in pair)
    if shape == "cross":
        a, b = 0.4, 1.0
        return (
            (-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a),
            (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a),
        )  # fmt: skip
    if shape == "arrow":
        return ((-0.95, -0.75), (0.35, -0.75), (1.0, 0), (0.35, 0.75), (-0.95, 0.75))
    if shape == "trapezoid":
        return ((-0.5, -0.8), (0.5, -0.8), (1.05, 0.8), (-1.05, 0.8))
    if shape == "shield":
        return ((-0.9, -0.9), (0.9, -0.9), (0.9, 0.15), (0, 1.05), (-0.9, 0.15))
    return ()
