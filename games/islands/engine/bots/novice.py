"""The novice (:func:`novice_orders`): the planner as children play it on their first evenings. It
plans short (a ship's route may end with its first leg, the rest of its steps unused), forgets to go
home now and then (a loaded ship sails on for more), and now and then sails into known danger (it
takes the shortest way whatever lies on it). Its telescope points as the planner's does.

Its slips are drawn from the game's scheme (``rng.random_for``: the state's seed and round, the
team's name), three draws a cargo ship in the order of their numbers, whatever they decide: the same
state gives the same orders, and a state turned by a third the same orders turned.
"""

from __future__ import annotations

from ..hexes import Hex
from ..notation import RouteStep
from ..orders import Orders
from ..rng import FewDraws
from ..state import GameState, Ship
from .planner import TeamPlan, planned_orders, planner_builds
from .ways import NOWHERE

#: The chance, for each cargo ship each round, that its route ends with its first leg.
NOVICE_PLANS_SHORT = 0.4
#: The chance that a loaded cargo ship forgets to go home this round (it fetches or explores on).
NOVICE_FORGETS_HOME = 0.3
#: The chance that a cargo ship takes the shortest way this round, known danger or not.
NOVICE_RECKLESS = 0.15


class NovicePlan(TeamPlan):
    """The planner's plan with a child's slips, drawn a ship at a time."""

    def __init__(self, state: GameState, team_name: str) -> None:
        super().__init__(state, team_name)
        self.slips = FewDraws(state.seed, state.round_number, f"{team_name}.novice")
        self.careful = self.avoid
        self.short = self.forgets = False

    def cargo_route(self, ship: Ship, tokens: int) -> tuple[list[RouteStep], Hex | None]:
        short, forgets, reckless = (self.slips.random() for _ in range(3))
        self.short = short < NOVICE_PLANS_SHORT
        self.forgets = forgets < NOVICE_FORGETS_HOME
        self.avoid = NOWHERE if reckless < NOVICE_RECKLESS else self.careful
        try:
            return super().cargo_route(ship, tokens)
        finally:
            self.avoid = self.careful

    def cargo_leg(self, at: Hex | None, cargo: int, room: int) -> list[Hex]:
        if cargo and self.forgets:
            # Sails on as if empty: a chest still to fetch, or the sea still to explore.
            return super().cargo_leg(at, 0, room) or self.home_path(at)
        return super().cargo_leg(at, cargo, room)

    def leg_ends_route(self) -> bool:
        return self.short


def novice_orders(state: GameState, team_name: str, *, ap: int, checked: bool = True) -> Orders:
    """The novice's legal orders for the round ``state`` is about to play (deterministic from the
    state; builds as the planner's; ``checked`` as for ``plan_orders``)."""
    build_cargo, build_battleships = planner_builds(state, team_name, ap)
    plan = NovicePlan(state, team_name)
    return planned_orders(plan, state, ap, build_cargo, build_battleships, checked)
