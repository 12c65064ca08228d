"""How much of a board each team holds: the cost of the way from the bays, the teams' bays as they
choose them, each hex's share for each team, and the lean of a board that this predicts.

The map generator (``generator.py``) deals with it and the fair deal's search (``rehearsal/deal.py``)
tunes a board's chests by it; the rehearsal judges the result (issue 30,
``docs/islands-map-generator.md``, "Balanced by the way's cost").

- **The way's cost** (:func:`way_costs`) from a bay to each hex: the steps a ship sails, a hex of
  danger costing more to pass (:data:`HAZARD_COSTS`: a reef sinks the ship, an octopus holds it, …),
  as the bots' own paths go around known danger.
- **The seats** (:func:`seats`): the bays the teams choose (``bays.choose_bays``) for a sample of
  orders of choice, each team by its side and its place in its side's order.
- **Holdings** (:func:`holdings`): each hex's share for each seat, the nearer (by the way's cost)
  the larger: ``exp(-cost / REACH)`` over the sum of every team's, averaged over the sample.
- **The lean** (:func:`lean`): what a seat holds of each kind of tile, weighed by what that kind is
  worth in won camps (:data:`WORTH`, learned from simulated camps), less what an average seat holds:
  in points of the share of won camps, what the seat is predicted to win more than its share.
"""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .bays import choose_bays
from .hexes import SIDES, Hex, Side, geometry, neighbour_table
from .tiles import Tile

#: What passing a hex of danger costs beyond its step: a reef sinks the ship (a ship and the way
#: back), an octopus holds it until a friend comes, pirates take it, a mermaid keeps it a round,
#: Poseidon sends it home.
HAZARD_COSTS: Mapping[Tile, int] = {
    Tile.REEFS: 6,
    Tile.OCTOPUS: 2,
    Tile.PIRATES: 2,
    Tile.MERMAID: 1,
    Tile.POSEIDON: 1,
}
#: How fast a team's hold on a hex fades with the way's cost (a hex this much further from it than
#: from another team is e times less its).
REACH = 2.0
#: Orders of choice sampled for the seats (the same sample for a side and team count every time).
SEAT_SAMPLES = 24

#: A seat: a side and a place in its order of choice (1: chose first).
Seat = tuple[Side, int]


@lru_cache(maxsize=64)
def seats(side: int, teams: int) -> tuple[tuple[tuple[Seat, Hex], ...], ...]:
    """For each of :data:`SEAT_SAMPLES` orders of choice: each team's seat and the bay it takes.
    The sides are dealt as the camp deals them (``generator.draw_sides``: round robin, at most one
    team more on a side), the order drawn from a generator of its own."""
    draw = random.Random(f"zlate-ostrovy-seats/{side}/{teams}")
    out = []
    for _ in range(SEAT_SAMPLES):
        order = [SIDES[i % 3] for i in range(teams)]
        draw.shuffle(order)
        bays = choose_bays(side, tuple(order))
        taken: dict[Side, int] = {}
        sample = []
        for own, bay in zip(order, bays, strict=True):
            taken[own] = taken.get(own, 0) + 1
            sample.append(((own, taken[own]), bay))
        out.append(tuple(sample))
    return tuple(out)


def way_costs(side: int, tiles: Mapping[Hex, Tile], bay: Hex) -> dict[Hex, int]:
    """The way's cost from ``bay`` to every board hex: a step each, a hex of danger
    :data:`HAZARD_COSTS` more (``tiles``: the hexes that hold a tile; the others are open sea)."""
    hexes = geometry(side).hexes
    around = neighbour_table(side)
    cost: dict[Hex, int] = {bay: 0}
    queue = [(0, bay)]
    while queue:
        far, at = heapq.heappop(queue)
        if far > cost[at]:
            continue
        for n in around[at]:
            if n not in hexes:
                continue
            tile = tiles.get(n)
            step = far + 1 + (HAZARD_COSTS.get(tile, 0) if tile is not None else 0)
            if step < cost.get(n, step + 1):
                cost[n] = step
                heapq.heappush(queue, (step, n))
    return cost


@dataclass(frozen=True)
class Holdings:
    """Each seat's share of each board hex (label order), averaged over the sampled orders of
    choice, and how often each seat was taken."""

    side: int
    seats: tuple[Seat, ...]
    #: ``share[i][j]``: seat ``i``'s share of the ``j``-th hex in label order.
    share: tuple[tuple[float, ...], ...]
    #: How often each seat is taken in a camp (a side's first seat always; a later one when the
    #: side has that many teams).
    weight: tuple[float, ...]

    def held(self, values: Sequence[float]) -> list[float]:
        """What each seat holds of ``values`` (one a hex, in label order)."""
        return [sum(s * v for s, v in zip(row, values, strict=True) if v) for row in self.share]


def holdings(side: int, teams: int, tiles: Mapping[Hex, Tile]) -> Holdings:
    """Each seat's share of each hex of a board whose hexes hold ``tiles`` (only the tiles count:
    they make the ways' costs)."""
    ordered = geometry(side).ordered
    costs: dict[Hex, dict[Hex, int]] = {}
    samples = seats(side, teams)
    names = sorted(
        {seat for sample in samples for seat, _bay in sample}, key=lambda s: (SIDES.index(s[0]), s[1])
    )
    index = {seat: i for i, seat in enumerate(names)}
    total = [[0.0] * len(ordered) for _ in names]
    count = [0] * len(names)
    for sample in samples:
        reach = []
        for seat, bay in sample:
            if bay not in costs:
                costs[bay] = way_costs(side, tiles, bay)
            far = costs[bay]
            reach.append((index[seat], [math.exp(-far[h] / REACH) for h in ordered]))
            count[index[seat]] += 1
        sums = [sum(column) for column in zip(*(r for _i, r in reach), strict=True)]
        for i, row in reach:
            acc = total[i]
            for j, (part, whole) in enumerate(zip(row, sums, strict=True)):
                acc[j] += part / whole
    n = len(samples)
    return Holdings(
        side,
        tuple(names),
        tuple(tuple(x / n for x in row) for row in total),
        tuple(c / n for c in count),
    )


#: What a tile held is worth in won camps: in points of a side's share of the won camps per whole
#: tile held (a treasure's chests count apart, :data:`CHEST_WORTH` each). Learned by least squares
#: from the camps of every style on 120 dealt boards of side 9 with six teams (200 camps a style
#: each; docs/islands-map-generator.md): a cargo ship found is a ship for nothing; a reef, an
#: octopus or a mermaid near home costs ships and rounds.
WORTH: Mapping[Tile, float] = {
    Tile.CARGO_SHIP: 15.9,
    Tile.TELESCOPE: 3.1,
    Tile.SEAHORSE: 3.0,
    Tile.BOAT: 2.6,
    Tile.TREASURE: 2.4,
    Tile.PEACE: 1.6,
    Tile.MAP: 0.0,
    Tile.POSEIDON: -0.5,
    Tile.RUM: -0.7,
    Tile.PIRATES: -2.5,
    Tile.MERMAID: -8.3,
    Tile.OCTOPUS: -9.3,
    Tile.REEFS: -11.8,
}
#: What a chest held is worth, in the same points.
CHEST_WORTH = 8.2
#: How much more a tile held is worth to the greedy bot than to the planner, in the same points
#: (learned the same way): the planner, which builds little, gains more from a cargo ship found;
#: the greedy bot, which does not steer around them, loses more to a mermaid or Poseidon. The styles
#: disagreeing is what tuning the chests cannot mend, so the deal keeps this lean small too.
STYLE_WORTH: Mapping[Tile, float] = {
    Tile.CARGO_SHIP: -7.1,
    Tile.MERMAID: -4.8,
    Tile.POSEIDON: -3.1,
    Tile.TREASURE: -2.1,
    Tile.SEAHORSE: -0.7,
    Tile.PIRATES: -0.3,
    Tile.TELESCOPE: -0.3,
    Tile.PEACE: 1.1,
    Tile.MAP: 2.5,
    Tile.RUM: 2.6,
    Tile.REEFS: 2.8,
    Tile.BOAT: 3.1,
    Tile.OCTOPUS: 3.5,
}
STYLE_CHEST_WORTH = 1.6

Contents = tuple[Tile, int]


def worth(contents: Contents, table: Mapping[Tile, float] = WORTH, chest: float = CHEST_WORTH) -> float:
    """What a hex holding ``contents`` (a tile, its chests) is worth by ``table``."""
    tile, chests = contents
    return table.get(tile, 0.0) + chest * chests


class Lean:
    """The predicted lean of every seat and side of a board, kept up to date as contents move
    between hexes (a swap costs a pass over the seats, not over the board)."""

    def __init__(self, held: Holdings, contents: Mapping[Hex, Contents]) -> None:
        self.held = held
        g = geometry(held.side)
        self.index = {h: j for j, h in enumerate(g.ordered)}
        empty = (Tile.OPEN_SEA, 0)
        values = [contents.get(h, empty) for h in g.ordered]
        self.common = held.held([worth(c) for c in values])
        self.style = held.held([worth(c, STYLE_WORTH, STYLE_CHEST_WORTH) for c in values])
        self.weight = held.weight
        self.total = sum(held.weight)
        sides: dict[Side, list[tuple[int, float]]] = {}
        for i, ((own, _order), w) in enumerate(zip(held.seats, held.weight, strict=True)):
            sides.setdefault(own, []).append((i, w))
        self.sides = sides

    def _leans(self, sums: Sequence[float]) -> tuple[list[float], list[float]]:
        mean = sum(s * w for s, w in zip(sums, self.weight, strict=True)) / self.total
        seats = [s - mean for s in sums]
        sides = [sum(w * seats[i] for i, w in members) for members in self.sides.values()]
        return seats, sides

    def score(self, common: Sequence[float] | None = None, style: Sequence[float] | None = None) -> float:
        """How far the board leans: the squares of every side's and seat's predicted lean, of the
        styles together and of the styles apart."""
        total = 0.0
        for sums in (self.common if common is None else common, self.style if style is None else style):
            seats, sides = self._leans(sums)
            total += sum(x * x for x in sides) + sum(
                w * x * x for x, w in zip(seats, self.weight, strict=True)
            )
        return total

    def after_swap(self, a: Hex, b: Hex, at_a: Contents, at_b: Contents) -> tuple[list[float], list[float]]:
        """The seats' sums if the contents of ``a`` and ``b`` changed places."""
        ja, jb = self.index[a], self.index[b]
        share = self.held.share
        dc = worth(at_b) - worth(at_a)
        ds = worth(at_b, STYLE_WORTH, STYLE_CHEST_WORTH) - worth(at_a, STYLE_WORTH, STYLE_CHEST_WORTH)
        common = [s + (row[ja] - row[jb]) * dc for s, row in zip(self.common, share, strict=True)]
        style = [s + (row[ja] - row[jb]) * ds for s, row in zip(self.style, share, strict=True)]
        return common, style

    def side_leans(self) -> dict[Side, float]:
        """Each side's predicted lean of the styles together, in points."""
        _seats, sides = self._leans(self.common)
        return dict(zip(self.sides, sides, strict=True))


def balance(
    side: int, teams: int, contents: dict[Hex, Contents], movable: Sequence[Hex], draw: random.Random
) -> dict[Hex, Contents]:
    """``contents`` with the dangers and then the rest moved among the ``movable`` hexes (a random
    swap kept when it makes the board lean less) so that every side and seat holds alike:

    1. the dangers (:data:`HAZARD_COSTS`), by how near they lie (the way's cost with no danger on
       it), so that no side has more of them on its ways;
    2. everything else (treasures and their chests, helpers, open sea), by the way's cost around
       the dangers where they now lie, so that the whole board's predicted lean (:class:`Lean`) is
       as small as the swaps make it.

    Draws its swaps from ``draw``: the deal stays random (a balanced board, not a turned copy)."""
    out = dict(contents)
    empty: Contents = (Tile.OPEN_SEA, 0)

    def danger(h: Hex) -> bool:
        return out.get(h, empty)[0] in HAZARD_COSTS

    dangers = [h for h in movable if danger(h)]
    calm = [h for h in movable if not danger(h)]
    if dangers and calm:
        lean = Lean(holdings(side, teams, {}), {h: out[h] for h in dangers})
        best = lean.score()
        for _ in range(DANGER_SWAPS * len(dangers)):
            i, j = draw.randrange(len(dangers)), draw.randrange(len(calm))
            a, b = dangers[i], calm[j]
            common, style = lean.after_swap(a, b, out[a], empty)
            if (score := lean.score(common, style)) < best:
                best, lean.common, lean.style = score, common, style
                out[a], out[b] = out.get(b, empty), out[a]
                dangers[i], calm[j] = b, a
    held = holdings(side, teams, {h: out[h][0] for h in dangers})
    lean = Lean(held, out)
    best = lean.score()
    for _ in range(SWAPS * len(calm)):
        a, b = calm[draw.randrange(len(calm))], calm[draw.randrange(len(calm))]
        at_a, at_b = out.get(a, empty), out.get(b, empty)
        if at_a == at_b:
            continue
        common, style = lean.after_swap(a, b, at_a, at_b)
        if (score := lean.score(common, style)) < best:
            best, lean.common, lean.style = score, common, style
            out[a], out[b] = at_b, at_a
    return {h: c for h, c in out.items() if c != empty}


#: Random swaps tried per danger, and per other movable hex: enough that more change little.
DANGER_SWAPS = 20
SWAPS = 20
