"""Map generator: deals the hidden tiles of a Golden Islands board, fairly between the three sides.
(One algorithm, its fairness measures and its search, read together.)

Pure Python, no Django. The camp leader's reasoning behind every number is in
``docs/islands-map-generator.md``; in short:

* the 3 hexes touching each bay (the *harbor mouths*) are always open sea, so a ship can leave
  any harbor safely and nobody finds a treasure one step from home;
* every other hex (the *inner* hexes) may hold a tile; the tiles of a :class:`TileMix` are dealt
  onto them at random (a shuffle, not a rotated third: a rotated board would tell a team that has
  found something near its own bays what lies near everyone else's);
* a board is kept only if it is *fair*: for each radius in :data:`FAIRNESS_RADII`, the chests
  within that many hexes of each side's bays differ by at most the tolerance between the sides,
  and no hex is walled in by reefs. Otherwise the next attempt is drawn; attempt ``k`` takes its
  randomness from ``rng.random_for(seed, 0, f"board.{side}.{k}")`` only, so a board is
  reproducible from ``(side, seed, mix)``.

>>> m = generate_map(9, seed=7)
>>> len(m.tiles), m.chests, m.fairness.is_fair
(109, 25, True)
>>> m == generate_map(9, seed=7)
True
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cache
from types import MappingProxyType
from typing import NamedTuple

from .balance import balance
from .hexes import MAX_SIDE, MIN_SIDE, SIDES, Hex, Side, distance, geometry, neighbours
from .rng import random_for
from .tiles import Tile

__all__ = [
    "BASE_SIDE",
    "DEFAULT_MIX",
    "FAIRNESS_RADII",
    "MAX_ATTEMPTS",
    "MAX_FILL",
    "SETUP_ROUND",
    "BoardNotFoundError",
    "Cell",
    "FairnessReport",
    "GeneratedMap",
    "GeneratorError",
    "MixError",
    "SideError",
    "TileMix",
    "default_mix",
    "default_tolerance",
    "draw_sides",
    "fairness_report",
    "generate_map",
    "inner_hexes",
    "mouth_hexes",
    "side_distances",
    "walled_in",
]

#: Radii (in hexes, i.e. moves) at which chests near each side are counted and compared.
#: Fixed, not scaled with the board: they measure "a round or so of sailing" from the harbor.
FAIRNESS_RADII: tuple[int, ...] = (3, 6, 9)
#: Attempts before :func:`generate_map` gives up with :class:`BoardNotFoundError`.
MAX_ATTEMPTS = 20_000
#: The board the default mix is written for (109 hexes, 64 of them inner).
BASE_SIDE = 9
#: Default mixes never cover more than this share of the inner hexes (the side-9 density, 42/64).
MAX_FILL = (2, 3)


# --------------------------------------------------------------------------------------------------
# Errors


class GeneratorError(ValueError):
    """Illegal input to the map generator."""


class SideError(GeneratorError):
    """A board side outside 3..13."""


class MixError(GeneratorError):
    """A tile mix that is malformed or does not fit on the board."""


class BoardNotFoundError(GeneratorError):
    """No fair, playable board was found within the allowed attempts."""


# --------------------------------------------------------------------------------------------------
# The mix


@dataclass(frozen=True)
class TileMix:
    """How many tiles of each kind a board gets. ``treasures`` lists the chests of each treasure."""

    treasures: tuple[int, ...] = ()
    telescopes: int = 0
    maps: int = 0
    cargo_ships: int = 0
    boats: int = 0
    rum: int = 0
    seahorses: int = 0
    poseidons: int = 0
    octopuses: int = 0
    mermaids: int = 0
    reefs: int = 0
    peace_zones: int = 0
    pirates: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.treasures, tuple):
            raise MixError("treasures must be a tuple of chest counts")
        for chests in self.treasures:
            if not _is_int(chests) or chests < 1:
                raise MixError(f"every treasure needs a whole number of chests, at least 1, not {chests!r}")
        for name in _COUNT_FIELDS.values():
            value = getattr(self, name)
            if not _is_int(value) or value < 0:
                raise MixError(f"{name} must be a whole number, 0 or more, not {value!r}")

    @classmethod
    def from_counts(cls, treasures: Iterable[int], counts: Mapping[Tile, int]) -> TileMix:
        """A mix from chest counts and a tile -> count mapping (open sea and treasure not allowed)."""
        kwargs: dict[str, int] = {}
        for tile, count in counts.items():
            if tile not in _COUNT_FIELDS:
                raise MixError(f"{tile} cannot be given as a count (treasures are listed by chests)")
            kwargs[_COUNT_FIELDS[tile]] = count
        return cls(tuple(treasures), **kwargs)

    def count(self, tile: Tile) -> int:
        """How many hexes get ``tile`` (open sea: 0, it fills whatever is left)."""
        if tile is Tile.TREASURE:
            return len(self.treasures)
        if tile is Tile.OPEN_SEA:
            return 0
        value: int = getattr(self, _COUNT_FIELDS[tile])
        return value

    def counts(self) -> dict[Tile, int]:
        """Tile -> number of hexes, for every tile but open sea, in :class:`Tile` order."""
        return {t: self.count(t) for t in Tile if t is not Tile.OPEN_SEA}

    @property
    def chests(self) -> int:
        return sum(self.treasures)

    @property
    def tile_count(self) -> int:
        """Hexes this mix covers (everything but open sea)."""
        return sum(self.counts().values())

    def deal_order(self) -> list[tuple[Tile, int]]:
        """The tiles to place, one entry per hex: treasures first (in order), then :class:`Tile` order."""
        order: list[tuple[Tile, int]] = [(Tile.TREASURE, c) for c in self.treasures]
        for tile in Tile:
            if tile in _COUNT_FIELDS:
                order.extend((tile, 0) for _ in range(self.count(tile)))
        return order


_COUNT_FIELDS: dict[Tile, str] = {
    Tile.TELESCOPE: "telescopes",
    Tile.MAP: "maps",
    Tile.CARGO_SHIP: "cargo_ships",
    Tile.BOAT: "boats",
    Tile.RUM: "rum",
    Tile.SEAHORSE: "seahorses",
    Tile.POSEIDON: "poseidons",
    Tile.OCTOPUS: "octopuses",
    Tile.MERMAID: "mermaids",
    Tile.REEFS: "reefs",
    Tile.PEACE: "peace_zones",
    Tile.PIRATES: "pirates",
}
assert {f.name for f in fields(TileMix)} == {"treasures", *_COUNT_FIELDS.values()}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: The default mix for side 9 (109 hexes, 64 inner): 13 treasures with 25 chests, 29 other tiles,
#: 67 hexes of open sea (45 of them the harbor mouths).
DEFAULT_MIX = TileMix(
    treasures=(3, 3, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1),
    telescopes=2,
    maps=3,
    cargo_ships=2,
    boats=3,
    rum=2,
    seahorses=2,
    poseidons=2,
    octopuses=2,
    mermaids=2,
    reefs=5,
    peace_zones=2,
    pirates=2,
)

#: Chest counts of the default treasures in an interleaved order: a prefix of this cycle has big
#: and small treasures in about the default proportions, so scaled mixes take prefixes of it.
_TREASURE_CYCLE: tuple[int, ...] = (3, 2, 1, 2, 3, 2, 1, 2, 3, 2, 1, 2, 1)
assert sorted(_TREASURE_CYCLE) == sorted(DEFAULT_MIX.treasures)

#: When a scaled mix does not fit (small boards), tiles are dropped one at a time, cycling through
#: this list: the least needed helpers first, reefs last. Treasures are never dropped.
_DROP_ORDER: tuple[Tile, ...] = (
    Tile.TELESCOPE,
    Tile.CARGO_SHIP,
    Tile.SEAHORSE,
    Tile.MAP,
    Tile.BOAT,
    Tile.RUM,
    Tile.MERMAID,
    Tile.OCTOPUS,
    Tile.PIRATES,
    Tile.PEACE,
    Tile.POSEIDON,
    Tile.REEFS,
)
assert set(_DROP_ORDER) == set(_COUNT_FIELDS)


def _hex_count(side: int) -> int:
    return 1 + 3 * side * (side - 1) // 2


def _round_half_up(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded half up, in exact integer arithmetic."""
    return (2 * numerator + denominator) // (2 * denominator)


@cache
def default_mix(side: int) -> TileMix:
    """The default mix scaled to a board of ``side`` (``DEFAULT_MIX`` itself for side 9).

    Every count scales with the board's hex count: ``count * hexes(side) / 109``, rounded half up.
    Chests scale the same way (at least 1) and are split into treasures by taking the shortest
    prefix of the interleaved cycle ``3 2 1 2 3 2 1 2 3 2 1 2 1`` (repeated as needed) that holds
    them, the last treasure trimmed to match. Finally the tiles may cover at most two thirds of the
    inner hexes: extra tiles are dropped one at a time in ``_DROP_ORDER`` (never treasures).

    >>> default_mix(9) == DEFAULT_MIX
    True
    >>> default_mix(3).treasures, default_mix(3).tile_count
    ((2,), 1)
    """
    _check_side(side)
    hexes, base_hexes = _hex_count(side), _hex_count(BASE_SIDE)
    if side == BASE_SIDE:
        return DEFAULT_MIX
    chests = max(1, _round_half_up(DEFAULT_MIX.chests * hexes, base_hexes))
    treasures: list[int] = []
    while sum(treasures) < chests:
        treasures.append(_TREASURE_CYCLE[len(treasures) % len(_TREASURE_CYCLE)])
    treasures[-1] -= sum(treasures) - chests
    counts = {t: _round_half_up(DEFAULT_MIX.count(t) * hexes, base_hexes) for t in _COUNT_FIELDS}
    room = len(inner_hexes(side)) * MAX_FILL[0] // MAX_FILL[1]
    excess = len(treasures) + sum(counts.values()) - room
    position = 0
    while excess > 0 and any(counts.values()):
        tile = _DROP_ORDER[position % len(_DROP_ORDER)]
        position += 1
        if counts[tile] > 0:
            counts[tile] -= 1
            excess -= 1
    return TileMix.from_counts(sorted(treasures, reverse=True), counts)


# --------------------------------------------------------------------------------------------------
# Board regions


def _check_side(side: int) -> None:
    if not _is_int(side) or not MIN_SIDE <= side <= MAX_SIDE:
        raise SideError(f"board side must be a whole number from {MIN_SIDE} to {MAX_SIDE}, not {side!r}")


@cache
def mouth_hexes(side: int) -> frozenset[Hex]:
    """The harbor mouths: board hexes touching at least one bay. Always open sea."""
    _check_side(side)
    g = geometry(side)
    return frozenset(h for bay in g.bays for h in g.bay_hexes(bay))


@cache
def inner_hexes(side: int) -> tuple[Hex, ...]:
    """Board hexes that may hold a tile (all but the mouths), in label order."""
    mouths = mouth_hexes(side)
    return tuple(h for h in geometry(side).ordered if h not in mouths)


@cache
def side_distances(side: int) -> Mapping[Side, Mapping[Hex, int]]:
    """For each side, each board hex's distance from the nearest bay of that side."""
    _check_side(side)
    g = geometry(side)
    return MappingProxyType(
        {
            s: MappingProxyType({h: min(distance(bay, h) for bay in g.bays_on(s)) for h in g.ordered})
            for s in SIDES
        }
    )


# --------------------------------------------------------------------------------------------------
# Fairness


def default_tolerance(chests: int) -> int:
    """Largest allowed gap, in chests, between the best and worst side at each radius.

    ``max(2, round(chests / 16))`` (rounded half up): 2 up to 39 chests (every default board up to
    side 11; a treasure holds up to 3 chests, and with a gap of 1 hardly one random board in a
    thousand passes), then about 6 % of all chests (side 12: 3 of 46, side 13: 3 of 54).

    >>> [default_tolerance(c) for c in (2, 25, 31, 38, 46, 54)]
    [2, 2, 2, 2, 3, 3]
    """
    return max(2, _round_half_up(chests, 16))


@dataclass(frozen=True)
class FairnessReport:
    """Chests near each side: ``chests[side][i]`` counts chests within ``radii[i]`` of its bays."""

    radii: tuple[int, ...]
    chests: Mapping[Side, tuple[int, ...]]
    tolerance: int

    @property
    def spreads(self) -> tuple[int, ...]:
        """Per radius: chests of the best side minus chests of the worst side."""
        return tuple(
            max(self.chests[s][i] for s in SIDES) - min(self.chests[s][i] for s in SIDES)
            for i in range(len(self.radii))
        )

    @property
    def is_fair(self) -> bool:
        return all(spread <= self.tolerance for spread in self.spreads)

    def as_rows(self) -> list[tuple[Side, tuple[int, ...]]]:
        """``[(side, counts per radius), …]`` in :data:`SIDES` order, for a table."""
        return [(s, self.chests[s]) for s in SIDES]


def _chest_counts(side: int, treasures: Iterable[tuple[Hex, int]]) -> dict[Side, tuple[int, ...]]:
    dist = side_distances(side)
    totals = {s: [0] * len(FAIRNESS_RADII) for s in SIDES}
    for h, chests in treasures:
        for s in SIDES:
            d = dist[s][h]
            row = totals[s]
            for i, radius in enumerate(FAIRNESS_RADII):
                if d <= radius:
                    row[i] += chests
    return {s: tuple(row) for s, row in totals.items()}


def _spread_ok(counts: Mapping[Side, Sequence[int]], tolerance: int) -> bool:
    for i in range(len(FAIRNESS_RADII)):
        values = [counts[s][i] for s in SIDES]
        if max(values) - min(values) > tolerance:
            return False
    return True


def fairness_report(side: int, tiles: Mapping[Hex, Cell], *, tolerance: int | None = None) -> FairnessReport:
    """The fairness of any board (generated or edited by staff): chests near each side.

    ``tolerance`` defaults to :func:`default_tolerance` of the chests on the board.
    """
    _check_side(side)
    board = geometry(side).hexes
    outside = [h for h in tiles if h not in board]
    if outside:
        raise GeneratorError(f"{len(outside)} hexes are not on a board of side {side}: {outside[:3]}")
    treasures = [(h, c.chests) for h, c in tiles.items() if c.tile is Tile.TREASURE]
    if tolerance is None:
        tolerance = default_tolerance(sum(c for _, c in treasures))
    return FairnessReport(
        radii=FAIRNESS_RADII,
        chests=MappingProxyType(_chest_counts(side, treasures)),
        tolerance=tolerance,
    )


def walled_in(side: int, reefs: set[Hex]) -> bool:
    """Whether some non-reef hex cannot be reached from the bays without crossing reefs."""
    g = geometry(side)
    start = [h for h in mouth_hexes(side) if h not in reefs]
    seen = set(start)
    queue = deque(start)
    while queue:
        h = queue.popleft()
        for n in neighbours(h):
            if n in g.hexes and n not in seen and n not in reefs:
                seen.add(n)
                queue.append(n)
    return len(seen) + len(reefs) < len(g.hexes)


# --------------------------------------------------------------------------------------------------
# The board


class Cell(NamedTuple):
    """What hides under one hex: the tile and, for a treasure, its chests (0 otherwise)."""

    tile: Tile
    chests: int = 0


_OPEN_SEA = Cell(Tile.OPEN_SEA, 0)


@dataclass(frozen=True)
class GeneratedMap:
    """A dealt board: a cell for *every* board hex (open sea included) and its fairness report."""

    side: int
    seed: int
    mix: TileMix
    #: Which attempt (0-based) gave the first fair board for this seed.
    attempt: int
    tiles: Mapping[Hex, Cell] = field(repr=False)
    fairness: FairnessReport

    @property
    def chests(self) -> int:
        return sum(c.chests for c in self.tiles.values())

    def counts(self) -> dict[Tile, int]:
        """Tile -> number of hexes, every tile including open sea, in :class:`Tile` order."""
        result = dict.fromkeys(Tile, 0)
        for cell in self.tiles.values():
            result[cell.tile] += 1
        return result

    def scenario_hexes(self) -> dict[str, dict[str, str | int]]:
        """The ``hexes`` object of a round file (``zlate-ostrovy/1``): every hex but open sea."""
        g = geometry(self.side)
        result: dict[str, dict[str, str | int]] = {}
        for h, cell in self.tiles.items():
            if cell.tile is Tile.TREASURE:
                result[g.label(h)] = {"tile": str(cell.tile), "chests": cell.chests}
            elif cell.tile is not Tile.OPEN_SEA:
                result[g.label(h)] = {"tile": str(cell.tile)}
        return result


#: The round number of the draws made before the game starts (board and sides): rounds count from 1.
SETUP_ROUND = 0


def _rng(seed: int, purpose: str) -> random.Random:
    """A generator of its own for ``(seed, round 0, purpose)``: independent of every other draw."""
    return random_for(seed, SETUP_ROUND, purpose)


def generate_map(
    side: int,
    seed: int,
    mix: TileMix | None = None,
    *,
    teams: int | None = None,
    tolerance: int | None = None,
    max_attempts: int = MAX_ATTEMPTS,
) -> GeneratedMap:
    """Deal ``mix`` (default: :func:`default_mix` of ``side``) onto a board, fairly.

    Attempt ``k`` (0, 1, …) shuffles the inner hexes (label order) with the generator of
    ``(seed, round 0, "board.<side>.<k>")``; the first hexes of the shuffle get the tiles of
    :meth:`TileMix.deal_order`. The attempt is kept if its chests near each side are within
    ``tolerance`` (default :func:`default_tolerance`) at every radius and no hex is walled in by
    reefs. Raises :class:`SideError`, :class:`MixError` (does not fit the inner hexes) or
    :class:`BoardNotFoundError` (no fair board in ``max_attempts`` attempts).
    """
    _check_side(side)
    if not _is_int(seed):
        raise GeneratorError(f"the seed must be a whole number, not {seed!r}")
    if mix is None:
        mix = default_mix(side)
    if tolerance is None:
        tolerance = default_tolerance(mix.chests)
    if not _is_int(tolerance) or tolerance < 0:
        raise GeneratorError(f"the tolerance must be a whole number, 0 or more, not {tolerance!r}")
    if not _is_int(max_attempts) or max_attempts < 1:
        raise GeneratorError(f"max_attempts must be at least 1, not {max_attempts!r}")
    inner = inner_hexes(side)
    deal = mix.deal_order()
    if len(deal) > len(inner):
        raise MixError(
            f"the mix has {len(deal)} tiles but a board of side {side} has only {len(inner)} hexes "
            f"away from the bays ({len(geometry(side).hexes)} in all, {len(mouth_hexes(side))} touch a bay "
            f"and stay open sea)"
        )
    n_treasures = len(mix.treasures)
    unfair = walled = 0
    for attempt in range(max_attempts):
        cells = list(inner)
        _rng(seed, f"board.{side}.{attempt}").shuffle(cells)
        counts = _chest_counts(side, zip(cells[:n_treasures], mix.treasures, strict=True))
        if teams is None and not _spread_ok(counts, tolerance):
            unfair += 1
            continue
        placed = dict(zip(cells, deal, strict=False))
        if teams is not None:
            # Balanced for the seats of this many teams by the way's cost (balance.py), in place of
            # the chests near each side: its fairness report then tells what the balance gave.
            placed = balance(side, teams, placed, inner, _rng(seed, f"balance.{side}.{teams}.{attempt}"))
            counts = _chest_counts(side, ((h, c) for h, (tile, c) in placed.items() if tile is Tile.TREASURE))
        if walled_in(side, {h for h, (tile, _) in placed.items() if tile is Tile.REEFS}):
            walled += 1
            continue
        tiles = {h: Cell(*placed[h]) if h in placed else _OPEN_SEA for h in geometry(side).ordered}
        return GeneratedMap(
            side=side,
            seed=seed,
            mix=mix,
            attempt=attempt,
            tiles=MappingProxyType(tiles),
            fairness=FairnessReport(
                radii=FAIRNESS_RADII, chests=MappingProxyType(counts), tolerance=tolerance
            ),
        )
    raise BoardNotFoundError(
        f"no fair board of side {side} for seed {seed} in {max_attempts} attempts "
        f"({unfair} had the chests near the sides more than {tolerance} apart, {walled} walled hexes in "
        f"with reefs); try another seed, a larger tolerance or a mix with more, smaller treasures"
    )


# --------------------------------------------------------------------------------------------------
# Sides by lot


def draw_sides(team_names: Iterable[str], seed: int) -> dict[str, Side]:
    """Give each team a side by lot, repeatably: the same names and seed always give the same draw.

    The names are sorted first (the order they are passed in does not matter), shuffled with the
    generator of ``(seed, round 0, "sides")``, and dealt the sides in a shuffled order, round-robin: two
    teams get two different sides, three teams one side each, more teams share sides with at most
    one team more on any side than on another. The result is in the order the names were given.

    >>> draw_sides(["red", "blue", "green"], 1) == draw_sides(["green", "red", "blue"], 1)
    True
    """
    names = list(team_names)
    if len(set(names)) != len(names):
        raise GeneratorError("team names must be different")
    if not _is_int(seed):
        raise GeneratorError(f"the seed must be a whole number, not {seed!r}")
    rng = _rng(seed, "sides")
    order = sorted(names)
    rng.shuffle(order)
    sides = list(SIDES)
    rng.shuffle(sides)
    drawn = {name: sides[i % len(sides)] for i, name in enumerate(order)}
    return {name: drawn[name] for name in names}
