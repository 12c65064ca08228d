"""How the Golden Islands' words are shown to people: tile names, short map marks, directions.

Everything a user reads goes through Django's translation (English source, Czech by default). The
direction letters come from the engine's own table, never through gettext, so a Czech page always
shows Czech letters (``S`` is north) and an English page English ones: the two never mix.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.islands.engine.hexes import CZECH_COMPASS16, CZECH_DIRECTIONS
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


def czech_active() -> bool:
    return (get_language() or "cs").split("-")[0] == "cs"


def direction_label(direction: str) -> str:
    """``N`` in English, ``S`` in Czech (of the six move directions)."""
    return CZECH_DIRECTIONS[direction] if czech_active() else direction


def compass_label(point: str) -> str:
    """A 16-point compass point in the active language (``NNE`` -> ``SSV``)."""
    return CZECH_COMPASS16[point] if czech_active() else point


def tile_name(tile: str | Tile) -> str:
    return str(TILE_NAMES[Tile(tile)])


def tile_mark(tile: str | Tile) -> str:
    t = Tile(tile)
    return "" if t is Tile.OPEN_SEA else str(TILE_MARKS[t])
