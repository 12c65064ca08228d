"""Bots that play the Golden Islands like a team: pure functions from a :class:`GameState` to legal
:class:`Orders` (and a telescope choice), knowing only what a team knows (revealed hexes, its own
ships and cargo, where ships and pirates are now, not where they will go). The demo camp plays the
planner; the rehearsal (``engine/rehearsal``) plays all three (``docs/islands-rehearsal.md``).

- :func:`plan_orders`, **the planner** (``planner.py``, the demo camp's): fetches known chests,
  explores near the ship and near home, steers around every known danger.
- :func:`greedy_orders`, **the greedy bot** (``greedy.py``): builds whenever it can, explores the
  nearest hidden hex, fears only reefs and octopuses, moves its harbor towards known chests.
- :func:`novice_orders`, **the novice** (``novice.py``): the planner with a child's slips.

Every bot sees the board from its own side (``ways.Frame``): no order of search and no tie prefers a
side, a bay or a compass point. The orders are legal as they are made (every step to a board hex or
into the own harbor, only for ships that may move, builds within the AP and the limits); with
``checked`` (the default) the engine's ``check_orders`` looks at them all the same and what it
refuses is dropped (``planner.legal``).
"""

from __future__ import annotations

from ..compiled import compiled_path

__path__ = compiled_path(__path__, __name__)

from .greedy import (
    GREEDY_AVOID,
    GREEDY_CARGO_BEFORE_BATTLESHIP,
    GREEDY_KEEP_STEPS,
    GREEDY_TELESCOPE_REACH,
    greedy_builds,
    greedy_harbor_move,
    greedy_orders,
    greedy_telescope_target,
)
from .novice import novice_orders
from .planner import AVOID, TELESCOPE_REACH, plan_orders, telescope_target

#: The bots by the name the rehearsal and its report use, with where each points a telescope.
STYLES = ("planner", "greedy", "novice")

__all__ = [
    "AVOID",
    "GREEDY_AVOID",
    "GREEDY_CARGO_BEFORE_BATTLESHIP",
    "GREEDY_KEEP_STEPS",
    "GREEDY_TELESCOPE_REACH",
    "STYLES",
    "TELESCOPE_REACH",
    "greedy_builds",
    "greedy_harbor_move",
    "greedy_orders",
    "greedy_telescope_target",
    "novice_orders",
    "plan_orders",
    "telescope_target",
]
