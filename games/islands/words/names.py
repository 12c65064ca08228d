"""The game's names for people: tile names, short map marks, sides, directions, ships.

Everything a user reads goes through Django's translation (English source, Czech by default). The
direction letters come from the engine's own :class:`~games.islands.engine.notation.Alphabet`,
never through gettext, so a Czech page always shows Czech letters (``S`` is north) and an English
page English ones: the two never mix.
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.islands.engine.hexes import COMPASS16, CZECH_COMPASS16, DIRECTIONS, Hex, to_pixel
from games.islands.engine.notation import Alphabet, ShipId
from games.islands.engine.tiles import Tile

#: Full names, as in the glossary.
TILE_NAMES: dict[Tile, Promise] = {
    Tile.OPEN_SEA: _("open sea"),
    Tile.TELESCOPE: _("telescope"),
    Tile.MAP: _("map"),
    Tile.CARGO_SHIP: _("cargo ship"),
    Tile.BOAT: _("boat"),
    Tile.RUM: _("rum"),
    Tile.SEAHORSE: _("seahorse"),
    Tile.TREASURE: _("treasure"),
    Tile.POSEIDON: _("Poseidon"),
    Tile.OCTOPUS: _("octopus"),
    Tile.MERMAID: _("mermaid"),
    Tile.REEFS: _("reefs"),
    Tile.PEACE: _("peace zone"),
    Tile.PIRATES: _("pirates"),
}

#: Two-letter marks drawn on the map (explained by the legend under it). Open sea has none.
TILE_MARKS: dict[Tile, Promise] = {
    Tile.TELESCOPE: pgettext_lazy("map mark: telescope", "Te"),
    Tile.MAP: pgettext_lazy("map mark: map", "Ma"),
    Tile.CARGO_SHIP: pgettext_lazy("map mark: cargo ship", "CS"),
    Tile.BOAT: pgettext_lazy("map mark: boat", "Bo"),
    Tile.RUM: pgettext_lazy("map mark: rum", "Ru"),
    Tile.SEAHORSE: pgettext_lazy("map mark: seahorse", "Sh"),
    Tile.TREASURE: pgettext_lazy("map mark: treasure", "Tr"),
    Tile.POSEIDON: pgettext_lazy("map mark: Poseidon", "Po"),
    Tile.OCTOPUS: pgettext_lazy("map mark: octopus", "Oc"),
    Tile.MERMAID: pgettext_lazy("map mark: mermaid", "Me"),
    Tile.REEFS: pgettext_lazy("map mark: reefs", "Re"),
    Tile.PEACE: pgettext_lazy("map mark: peace zone", "Pz"),
    Tile.PIRATES: pgettext_lazy("map mark: pirates", "Pi"),
}

SIDE_NAMES: dict[str, Promise] = {
    "bottom": _("bottom (south)"),
    "right": _("right (north-east)"),
    "left": _("left (north-west)"),
}

# "on the … side" as a whole phrase: Czech needs the locative ("na pravé straně"), not the nominative.
SIDE_ON: dict[str, Promise] = {
    "bottom": _("on the bottom side (south)"),
    "right": _("on the right side (north-east)"),
    "left": _("on the left side (north-west)"),
}


def czech_active() -> bool:
    return (get_language() or "cs").split("-")[0] == "cs"


def direction_label(direction: str) -> str:
    """``N`` in English, ``S`` in Czech (of the six move directions): the page's language's letter,
    for a direction named in a sentence (routes are in the camp's letters: ``Alphabet.letter``)."""
    return (Alphabet.CZECH if czech_active() else Alphabet.ENGLISH).letter(direction)


#: Which letters routes are in, named without repeating them (a help line lists the letters).
ALPHABET_NAMES: dict[Alphabet, Promise] = {
    Alphabet.CZECH: _("Czech, S is north"),
    Alphabet.ENGLISH: _("English, S is south"),
}


def _bearing(east: float, north: float) -> float:
    """Degrees clockwise from north, 0 up to 360."""
    return math.degrees(math.atan2(east, north)) % 360


@cache
def hex_directions_around(point: str) -> tuple[str, ...]:
    """The move directions a compass point of a map hint lies between (``NNE`` -> ``("N",
    "NE")``), or the one it points along (``N`` -> ``("N",)``). A ship moves in six directions
    only, 60° apart on the map (N at 0°, NE at 60°, …), while the engine names the treasure's
    bearing by one of 16 compass points (the rules: NNE is twice as far north as east), so a
    team reads which two of its moves the treasure lies between. Worked out from the engine's
    own vectors, never a table of its own."""
    east, north = dict(COMPASS16)[point]
    angle = _bearing(east, north)
    bearings = {}
    for name, (dq, dr) in DIRECTIONS.items():
        x, y = to_pixel(Hex(dq, dr))
        bearings[name] = _bearing(x, -y)  # the map's y grows downward
    for name, bearing in bearings.items():
        if math.isclose(angle, bearing, abs_tol=1e-9):
            return (name,)
    ordered = sorted(bearings, key=bearings.__getitem__)
    for first, second in zip(ordered, ordered[1:] + ordered[:1], strict=True):
        low, high = bearings[first], bearings[second]
        if high < low:  # NW (300°) to N (360°)
            high += 360
        if low < angle < high or low < angle + 360 < high:
            return (first, second)
    raise ValueError(point)  # pragma: no cover - six directions cover the circle


def compass_label(point: str) -> str:
    """A map hint's compass point in the active language, with the move directions it lies
    between: ``NNE`` -> "SSV (mezi S a SV)" (English "NNE (between N and NE)"); a point along a
    move direction alone: ``N`` -> "S"."""
    name = CZECH_COMPASS16[point] if czech_active() else point
    around = hex_directions_around(point)
    if len(around) == 1:
        return name
    return gettext("%(point)s (between %(one)s and %(other)s)") % {
        "point": name,
        "one": direction_label(around[0]),
        "other": direction_label(around[1]),
    }


def tile_name(tile: str | Tile) -> str:
    return str(TILE_NAMES[Tile(tile)])


def tile_mark(tile: str | Tile) -> str:
    return _tile_mark(Tile(tile), get_language())


def tile_marks() -> dict[str, str]:
    """:func:`tile_mark` of every tile, by its value, in the active language (a map draws hundreds)."""
    language = get_language()
    return {tile.value: _tile_mark(tile, language) for tile in Tile}


@lru_cache(maxsize=128)
def _tile_mark(tile: Tile, language: str | None) -> str:
    # Once per language: a map asks for a mark on every hex, and the catalogues never change.
    return "" if tile is Tile.OPEN_SEA else str(TILE_MARKS[tile])


def ship_label(ship: str) -> str:
    """A ship's name as people read it, one that no hex label can have (a hex is a letter and a
    number, so "C1" and "B" read like hexes and columns): ``C2`` -> "Loď 2", ``B`` -> "Bitevní
    loď", ``P1`` -> "Pirátská loď 1". The ids stay those of the round file; an id that is none of
    these (typed in a form) is shown as typed."""
    ident = ShipId.read(ship)
    if ident is None:
        return ship
    if ident.battleship:
        return gettext("Battleship")
    if ident.cargo:
        return gettext("Ship %(number)s") % {"number": ident.number}
    return gettext("Pirate ship %(number)s") % {"number": ident.number}


def ship_number(ship: str) -> str:
    """``C2`` -> "2", ``P1`` -> "1": the number in a ship's name (the id itself when it has none)."""
    ident = ShipId.read(ship)
    return str(ident.number) if ident is not None and not ident.battleship else ship


def ship_flags(*, seahorse: bool, mermaid: bool, octopus: bool, boat: int = 0) -> list[str]:
    """What holds or helps a ship now, for the staff pages and the team's own sheet (private)."""
    flags = []
    if seahorse:
        flags.append(gettext("seahorse: 2 moves per step"))
    if mermaid:
        flags.append(gettext("mermaid: may not move"))
    if octopus:
        flags.append(gettext("held by an octopus"))
    if boat:
        flags.append(gettext("boat: +%(n)d chest room") % {"n": boat})
    return flags


def map_hint_text(*, ship: str, point: str, found: str = "", origin: str = "") -> str:
    """A map hint as a team's sheet prints it, naming both hexes: where the ship found the map and
    where it was when the hint was worked out (its bay, its hex at sea, or the map's hex if it
    sank): "Loď 2 (mapa nalezená na D3, nápověda získaná na Z2): nejbližší poklad leží směrem S"."""
    values = {"ship": ship_label(ship), "point": compass_label(point), "found": found, "origin": origin}
    if found and origin:
        return (
            gettext(
                "%(ship)s (map found at %(found)s, hint taken at %(origin)s): "
                "the nearest treasure lies to the %(point)s"
            )
            % values
        )
    if origin:
        return (
            gettext("%(ship)s (hint taken at %(origin)s): the nearest treasure lies to the %(point)s")
            % values
        )
    return gettext("%(ship)s: the nearest treasure lies to the %(point)s") % values


def step_label(step: int, half: int | None = None) -> str:
    if half is None:
        return gettext("step %(step)d") % {"step": step}
    return gettext("step %(step)d, half-step %(half)d") % {"step": step, "half": half}
