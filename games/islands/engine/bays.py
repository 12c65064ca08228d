"""The teams choose their bays (rules, section 2: each team "picks a bay on that side for its
harbor"): how the rehearsal has them choose, seeing only what a team sees before the game, the
board's shape (every hex is hidden).

Each team, in the order of choice the camp decides, takes the free bay of its side with the **most
sea of its own**: the most board hexes nearer to it than to every harbor chosen before it. On a tie
(the first team of all: the whole board is its own from any bay) the bay nearer the middle of the
board wins, then the team's own left (the bay order as seen from its side). So the first team of a
side takes a middle bay and the others spread out, and no side, bay or direction is preferred: the
same choices turned by a third are the choices of the board turned by a third.
(docs/islands-rules-decisions.md, "Choosing the bays".)

>>> g = geometry(9)
>>> [g.bay_number(b) for b in choose_bays(9, ("bottom", "right", "left", "bottom"))]
[4, 12, 20, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from operator import lt

from .hexes import SIDE_TURNS, Hex, Side, distance, geometry, turned


@cache
def _bay_distances(side: int) -> dict[Hex, tuple[int, ...]]:
    """Each bay's distance to every board hex (in label order)."""
    g = geometry(side)
    return {b: tuple(distance(b, h) for h in g.ordered) for b in g.bays}


@cache
def _tie_break(side: int, bay: Hex) -> tuple[int, int, int]:
    """A bay's rank among equals: nearer the middle of the board first, then the team's own left."""
    m = side - 1
    own_side = geometry(side).bay_sides[bay]
    as_bottom = turned(bay, side, -SIDE_TURNS[own_side])
    return (distance(bay, Hex(m, -m)), *geometry(side).sort_key(as_bottom))


@lru_cache(maxsize=4096)
def choose_bays(side: int, sides: Sequence[Side]) -> tuple[Hex, ...]:
    """The bays teams of ``sides`` (one side per team, in the order they choose) take, in that
    order. Each side must have a free bay for each of its teams (``ValueError`` otherwise)."""
    g = geometry(side)
    far = _bay_distances(side)
    nearest = [4 * side] * len(g.ordered)  # each hex's distance to the nearest harbor chosen so far
    chosen: list[Hex] = []
    for own_side in sides:
        free = [b for b in g.bays_on(own_side) if b not in chosen]
        if not free:
            raise ValueError(f"the {own_side} side of a board of side {side} has no bay left")
        bay = min(free, key=lambda b: (-sum(map(lt, far[b], nearest)), _tie_break(side, b)))
        chosen.append(bay)
        nearest = [min(a, b) for a, b in zip(nearest, far[bay], strict=True)]
    return tuple(chosen)
