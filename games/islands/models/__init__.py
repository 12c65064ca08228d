"""The Golden Islands game of a camp run, as rows.

The *current* state of the game lives only here: one :class:`BoardHex` per board hex, a
:class:`Harbor` and :class:`Ship` rows per team, :class:`Pirate` rows per camp. The engine's
``GameState`` is read from these rows (``selectors.game_state``) and written back to them
(``services.game_state_store``). :class:`RoundResult.before` is a snapshot for an exact undo only,
never a second source of truth.

One module a concept:

- :mod:`.board`: the board set-up, hexes, harbors, ships, pirates (and the tiles, sides, ship kinds);
- :mod:`.rounds`: a round opened, the teams' stored orders, its result and telescope choices, an
  undone resolution's sheets;
- :mod:`.plans`: a team's plan for a round and the log of its writes;
- :mod:`.links`: a team's private link;
- :mod:`.rehearsals`: a rehearsal of the game or a fair deal;
- :mod:`.notices`: the notice board's feed of what staff changed.

Import a row from the module that owns it (``from games.islands.models.board import Ship``).
Writes go through :mod:`games.islands.services`; reads through :mod:`games.islands.selectors`.
"""

# Django's app registry and the migrations (``games.islands.models.new_link_token``) read these here,
# unsorted: the rows register in this order, and their content types and permissions are made in it.
# isort: off
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.rounds import (
    IslandsRound,
    RoundResult,
    TeamOrders,
    TelescopeChoice,
    UndoneResolution,
)
from games.islands.models.plans import PlanLogEntry, TeamPlan
from games.islands.models.links import TeamLink, new_link_token
from games.islands.models.rehearsals import Rehearsal
from games.islands.models.notices import PublicNotice

# isort: on

__all__ = [
    "BoardHex",
    "BoardSetup",
    "Harbor",
    "IslandsRound",
    "PlanLogEntry",
    "Pirate",
    "PublicNotice",
    "Rehearsal",
    "RoundResult",
    "Ship",
    "TeamLink",
    "TeamOrders",
    "TeamPlan",
    "TelescopeChoice",
    "UndoneResolution",
    "new_link_token",
]
