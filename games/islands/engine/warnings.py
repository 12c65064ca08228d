"""Warnings about legal orders that are probably a mistake (rules, section 5: "staff may warn").

A warning never refuses anything: the orders stay legal and are stored as typed. It reads only
what the staff table knows before the round: the revealed hexes, the team's own orders and the
fire targets of the other teams' stored orders. Hidden hexes and pirate draws are never read, so a
warning tells nothing a page must not show to staff.

>>> from games.islands.engine.hexes import geometry
>>> from games.islands.engine.state import Board, Cell, GameState, Ship, ShipKind, Team
>>> g = geometry(5)
>>> reef = g.parse("C1")
>>> board = Board.empty(5).with_cells({reef: Cell(Tile.REEFS, revealed=True)})
>>> red = Team("red", harbor=g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO, at=g.parse("B1")),))
>>> state = GameState(board=board, teams=(red,))
>>> [w.code.value for w in orders_warnings(state, "red", Orders(ap=2, routes=(("C1", ("SE",)),)))]
['danger', 'ap-left']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from .hexes import Hex, distance, neighbours
from .notation import ShipId
from .orders import Orders, RouteLeg, harbor_steps, sail_route, steps_used
from .state import GameState, Ship, ShipKind, within_shot_range
from .tiles import Tile

#: Revealed tiles that stop or sink a ship entering them (rules, section 3).
DANGERS: frozenset[Tile] = frozenset({Tile.REEFS, Tile.OCTOPUS, Tile.MERMAID, Tile.POSEIDON})


class WarningCode(StrEnum):
    DANGER = "danger"  # the route enters a revealed reef, octopus, mermaid or Poseidon
    SHOT = "shot"  # the ship ends where a known shot lands (its target or a neighbour)
    FIRE_OUT_OF_RANGE = "fire-out-of-range"  # the target is over 4 hexes from where the battleship ends
    FIRE_FROM_HARBOR = "fire-from-harbor"  # the battleship ends in its harbor: it does not fire
    AP_LEFT = "ap-left"  # steps no route (nor the harbor) uses: those AP are lost
    NO_ORDERS = "no-orders"  # the team has AP this round but handed in nothing


@dataclass(frozen=True)
class Caution:
    """One warning: ``ship`` and ``step`` where it concerns a ship's route, ``at`` a hex, and the
    code's parameters (``tile``; ``shooter``, ``target``; ``distance``; ``ap``)."""

    code: WarningCode
    ship: ShipId | None = None
    step: int | None = None
    at: Hex | None = None
    tile: Tile | None = None
    shooter: str | None = None
    target: Hex | None = None
    number: int = 0


@dataclass(frozen=True)
class _Sailed:
    ship: Ship
    end: Hex | None  # None: in its harbor
    danger: Caution | None


def _sail(state: GameState, team_name: str, orders: Orders, ship: Ship) -> _Sailed:
    """Where a ship's route ends as staff can foresee it: at the first revealed danger it enters
    (it stops or sinks there), else where its legal moves lead."""
    g = state.geometry
    team = state.team(team_name)
    harbor_at = harbor_steps(g, team.harbor, orders.harbor, max(orders.steps, 1))
    per_step = 2 if ship.seahorse else 1
    end = ship.at
    leg: RouteLeg
    for leg in sail_route(g, ship, orders.route(ship.id), orders.steps, harbor_at):
        if leg.off_board:
            break
        end = leg.at
        if leg.at is None:
            continue
        cell = state.board.cell(leg.at)
        if cell.revealed and cell.tile in DANGERS:
            step = leg.token_index // per_step + 1
            return _Sailed(ship, end, Caution(WarningCode.DANGER, ship.id, step, leg.at, tile=cell.tile))
    return _Sailed(ship, end, None)


def _protected(state: GameState, at: Hex) -> bool:
    """A revealed peace zone on or next to the hex keeps its ship safe from every shot."""
    for h in (at, *neighbours(at)):
        if state.geometry.on_board(h):
            cell = state.board.cell(h)
            if cell.revealed and cell.tile is Tile.PEACE:
                return True
    return False


def orders_warnings(
    state: GameState,
    team_name: str,
    orders: Orders,
    *,
    other_targets: Mapping[str, Hex] | None = None,
) -> tuple[Caution, ...]:
    """The warnings of one team's legal orders against the state before the round.

    ``other_targets`` are the fire targets of the other teams' stored orders (team name → hex):
    the staff know them, and a ship that ends in one of their seven hexes is lost.
    """
    team = state.team(team_name)
    warnings: list[Caution] = []
    sailed = [_sail(state, team_name, orders, ship) for ship in sorted(team.ships, key=lambda s: s.order_key)]
    warnings.extend(s.danger for s in sailed if s.danger is not None)

    targets: dict[str, Hex] = dict(other_targets or {})
    battleship = next((s for s in sailed if s.ship.kind is ShipKind.BATTLESHIP), None)
    if orders.fire is not None and battleship is not None:
        if battleship.end is None:
            warnings.append(Caution(WarningCode.FIRE_FROM_HARBOR, battleship.ship.id, target=orders.fire))
        elif not within_shot_range(battleship.end, orders.fire):
            warnings.append(
                Caution(
                    WarningCode.FIRE_OUT_OF_RANGE,
                    battleship.ship.id,
                    at=battleship.end,
                    target=orders.fire,
                    number=distance(battleship.end, orders.fire),
                )
            )
        else:
            targets[team_name] = orders.fire
    for s in sailed:
        if s.end is None or (s.danger is not None and s.danger.tile is Tile.REEFS):
            continue
        if _protected(state, s.end):
            continue
        for shooter, target in sorted(targets.items()):
            if distance(s.end, target) <= 1:
                warnings.append(
                    Caution(WarningCode.SHOT, s.ship.id, at=s.end, shooter=shooter, target=target)
                )
                break

    left = orders.steps - steps_used(team, orders)
    if left > 0 and any(s.may_move for s in team.ships):
        warnings.append(Caution(WarningCode.AP_LEFT, number=left))
    return tuple(warnings)


def missing_orders_warning(ap: int) -> Caution | None:
    """A team with AP this round that handed in no orders (its ships stay, its AP are lost)."""
    return Caution(WarningCode.NO_ORDERS, number=ap) if ap > 0 else None
