"""A resolved round as the public saw it happen: the moments of its resolution, each with the
state at that moment and the public events that led to it (the replay at the evening assembly).

:func:`public_moments` resolves the round again from the state before it, with its orders and its
draws (the same pure resolution, so the same round), taking a checkpoint after building, after
every half-step of movement, after conversions, after the shots and at the end of the round. A
moment's events are the public ones only; its state is the whole truth (hidden tiles, cargo):
what a viewer may see of it is decided by the map view drawn from it, never here.

>>> from games.islands.engine.hexes import geometry
>>> from games.islands.engine.state import Board, Cell, GameState, Ship, ShipKind, Team
>>> from games.islands.engine.tiles import Tile
>>> from games.islands.engine.notation import Route
>>> from games.islands.engine.orders import Orders
>>> g = geometry(5)
>>> board = Board.from_cells(5, {g.parse("B2"): Cell(Tile.TREASURE, chests=2)})
>>> red = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO),))
>>> orders = {"red": Orders(ap=8, routes=(("C1", Route.parse("N N")),))}
>>> _result, moments = public_moments(GameState(board, (red,)), orders)
>>> [(m.phase.value, m.step, m.half, [e.what.value for e in m.events]) for m in moments][:4]
[('start', 0, 1, []), ('build', 0, 1, []), ('move', 1, 1, ['reveal']), ('move', 1, 2, [])]
>>> [e.what.value for e in moments[4].events]  # the load is the team's secret: not a public event
['reveal']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .events import Event, RoundResult, Visibility
from .orders import Orders
from .resolve import resolve_recorded
from .rng import NO_DRAWS, Draws
from .round_run import Checkpoint, Phase
from .state import GameState

__all__ = ["Moment", "Phase", "public_moments"]


@dataclass(frozen=True)
class Moment:
    """One moment of a round: its phase, step and half-step, the state then, and the public events
    logged since the moment before."""

    phase: Phase
    step: int
    half: int
    state: GameState
    events: tuple[Event, ...]


def public_moments(
    state: GameState, orders_by_team: Mapping[str, Orders], draws: Draws = NO_DRAWS
) -> tuple[RoundResult, tuple[Moment, ...]]:
    """The round resolved again (orders known to be legal), and its moments, the first being the
    state before the round."""
    result, checkpoints = resolve_recorded(state, orders_by_team, draws)
    return result, tuple(_moments(result.events, checkpoints))


def _moments(events: tuple[Event, ...], checkpoints: tuple[Checkpoint, ...]) -> list[Moment]:
    moments = []
    logged = 0
    for cp in checkpoints:
        public = tuple(e for e in events[logged : cp.events] if e.visibility is Visibility.PUBLIC)
        moments.append(Moment(cp.phase, cp.step, cp.half, cp.state, public))
        logged = cp.events
    return moments
