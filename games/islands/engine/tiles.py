"""What hides under a hex. Values are the words of the round file (``zlate-ostrovy/1``)."""

from __future__ import annotations

from enum import StrEnum


class Tile(StrEnum):
    OPEN_SEA = "open-sea"
    TELESCOPE = "telescope"
    MAP = "map"
    CARGO_SHIP = "cargo-ship"
    BOAT = "boat"
    RUM = "rum"
    SEAHORSE = "seahorse"
    TREASURE = "treasure"
    POSEIDON = "poseidon"
    OCTOPUS = "octopus"
    MERMAID = "mermaid"
    REEFS = "reefs"
    PEACE = "peace"
    PIRATES = "pirates"


#: Tiles whose effect applies on every entry, not only the first (rules, section 3).
REPEATING: frozenset[Tile] = frozenset(
    {Tile.TREASURE, Tile.POSEIDON, Tile.OCTOPUS, Tile.MERMAID, Tile.REEFS, Tile.PEACE}
)
