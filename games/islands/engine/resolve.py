"""Resolving a Golden Islands round: all teams' orders at once (rules, section 6).

:func:`resolve` is a pure function of (state before the round, every team's orders, fixed draws):
the same input always gives the same :class:`RoundResult`. It checks the orders first and raises
:class:`IllegalOrders` listing every problem; :func:`resolve_trusted` skips the check for orders
that were checked already.

Inside, the round runs on mutable copies of the state for speed (:mod:`.round_run`), its
movement is :mod:`.movement`; the result is frozen again at the end.

>>> from games.islands.engine.hexes import geometry
>>> from games.islands.engine.state import Board, Cell, GameState, Ship, ShipKind, Team
>>> from games.islands.engine.tiles import Tile
>>> from games.islands.engine.notation import Route
>>> from games.islands.engine.orders import Orders
>>> g = geometry(5)
>>> board = Board.from_cells(5, {g.parse("B2"): Cell(Tile.TREASURE, chests=2)})
>>> red = Team("red", g.parse("Z1"), ships=(Ship("C1", ShipKind.CARGO),))
>>> state = GameState(board, (red,))
>>> result = resolve(state, {"red": Orders(ap=8, routes=(("C1", Route.parse("N N")),))})
>>> [(e.what.value, g.label(e.at)) for e in result.events]
[('reveal', 'B1'), ('reveal', 'B2'), ('load', 'B2')]
>>> result.state.team("red").ships[0].chests, result.state.board.cell(g.parse("B2")).chests
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from .events import MapHint, RoundResult, Visibility, What
from .hexes import BoardGeometry, Hex, compass16, distance, neighbours
from .movement import RoundMovement
from .orders import IllegalOrders, Orders, check_all_orders
from .rng import NO_DRAWS, Draws, pirate_moves
from .round_run import Checkpoint, Mover, Phase
from .state import (
    BATTLESHIP_ID,
    CARGO_IDS,
    MAX_CARGO_SHIPS,
    GameState,
    ShipKind,
    ship_priority,
    within_shot_range,
)
from .tiles import Tile


class TelescopeError(ValueError):
    """A telescope choice that does not name a board hex."""


def resolve(state: GameState, orders_by_team: Mapping[str, Orders], draws: Draws = NO_DRAWS) -> RoundResult:
    """Check every team's orders, then resolve the round (checked path).

    Teams missing from ``orders_by_team`` hand in nothing: they build nothing, nothing of theirs
    moves, and they receive 0 AP. Raises :class:`IllegalOrders` with every problem of every team.
    """
    problems = check_all_orders(state, orders_by_team)
    if problems:
        raise IllegalOrders(problems)
    return resolve_trusted(state, orders_by_team, draws)


def resolve_trusted(
    state: GameState, orders_by_team: Mapping[str, Orders], draws: Draws = NO_DRAWS
) -> RoundResult:
    """Resolve a round with orders already known to be legal (see :func:`check_orders`)."""
    return _Round(state, orders_by_team, draws).run()


def resolve_recorded(
    state: GameState, orders_by_team: Mapping[str, Orders], draws: Draws = NO_DRAWS
) -> tuple[RoundResult, tuple[Checkpoint, ...]]:
    """:func:`resolve_trusted`, also giving the state after every phase and half-step (the replay)."""
    run = _Round(state, orders_by_team, draws)
    run.checkpoints = []
    result = run.run()
    return result, tuple(run.checkpoints)


def open_round(state: GameState, priority: Iterable[str] | None = None) -> GameState:
    """Draw every pirate's directions for the coming round (11, or 22 for a doubled pirate).

    A pirate that may not move this round (held, enchanted) gets none. With ``priority`` (every
    team's name, each once) the teams are put in the round's priority order too, in the same new
    state (``GameState.with_team_order``).
    """
    teams = state.teams if priority is None else state.teams_in_order(priority)
    pirates = tuple(
        replace(
            p,
            moves=pirate_moves(state.seed, state.round_number, p.id, doubled=p.seahorse)
            if p.may_move
            else (),
        )
        for p in state.pirates
    )
    return replace(state, teams=teams, pirates=pirates)


def telescope_hexes(g: BoardGeometry, centre: Hex) -> list[Hex]:
    """The hexes a telescope choice reveals: ``centre`` and its neighbours on the board."""
    if not g.on_board(centre):
        raise TelescopeError(f"{centre} is not a board hex")
    return [centre] + [n for n in neighbours(centre) if g.on_board(n)]


def reveal_by_telescope(state: GameState, centre: Hex) -> GameState:
    """Apply a telescope choice: reveal ``centre`` and its 6 neighbours for all. Triggers nothing."""
    board = state.board
    changes = {h: replace(board.cell(h), revealed=True) for h in telescope_hexes(state.geometry, centre)}
    return replace(state, board=board.with_cells(changes))


class _Round(RoundMovement):
    """One round being resolved, in the rules' order (section 6): building, the movement
    (:class:`.movement.RoundMovement`), conversion, the shots, the end of the round."""

    def run(self) -> RoundResult:
        self.checkpoint(Phase.START)
        self.build()
        self.checkpoint(Phase.BUILD)
        steps = self.movement_steps()
        for step in range(1, self.active_steps(steps) + 1):
            for half in (1, 2):
                self.step, self.half = step, half
                if half == 1:
                    self.move_harbors(step)
                self.move_all(step, half)
                self.free_held()
                self.checkpoint(Phase.MOVE)
        self.step, self.half = steps + 1, 1
        self.convert()
        self.checkpoint(Phase.CONVERT)
        self.shoot()
        self.checkpoint(Phase.SHOOT)
        self.end_of_round()
        self.checkpoint(Phase.END)
        return self.result()

    def build(self) -> None:
        for team in self.teams:
            orders = team.orders
            used = {s.id for s in team.ships}
            free = [i for i in CARGO_IDS if i not in used]
            built = free[: orders.build_cargo]
            if orders.build_battleships and all(s.id != BATTLESHIP_ID for s in team.ships):
                built.insert(0, BATTLESHIP_ID)
            for ship_id in built:
                kind = ShipKind.BATTLESHIP if ship_id == BATTLESHIP_ID else ShipKind.CARGO
                mover = Mover(team=team, id=ship_id, kind=kind, at=None, new=True)
                team.ships.append(mover)
                self.log(What.BUILD, team.harbor, mover, kind=kind.value)
            team.ships.sort(key=lambda m: ship_priority(m.id))

    def convert(self) -> None:
        """A pirate that moved this round turns every team ship on its hex into a pirate."""
        on_hex: dict[Hex, list[Mover]] = {}
        for team in self.teams:
            for ship in team.ships:
                if ship.alive and ship.at is not None:
                    on_hex.setdefault(ship.at, []).append(ship)
        for pirate in list(self.pirates):
            if not (pirate.alive and pirate.moved) or pirate.at not in on_hex:
                continue
            for ship in on_hex.pop(pirate.at):
                assert ship.at is not None
                made = self.new_pirate(ship.at)
                made.held, made.mermaid_next, made.seahorse_next = (
                    ship.held,
                    ship.mermaid_next,
                    ship.seahorse_next,
                )
                if made.held:
                    self.held_movers.append(made)
                self.log(What.CONVERT, ship.at, ship, by=pirate.id, pirate=made.id, chests_lost=ship.chests)
                self.lose(ship)

    def shoot(self) -> None:
        """All shots at once, after all movement; a revealed peace zone shelters its hex and ring."""
        peace = {
            h for h, c in zip(self.g.ordered, self.cells, strict=True) if c.revealed and c.tile is Tile.PEACE
        }
        sheltered = peace | {n for h in peace for n in self.around[h]}
        shots: list[tuple[Mover, Hex]] = []
        for team in self.teams:
            ship = next((s for s in team.ships if s.id == BATTLESHIP_ID and s.alive), None)
            if ship is None or (ship.rum is None and team.orders.fire is None):
                continue
            if ship.at is None:
                self.log(What.SHOT_LOST, team.harbor, ship, reason="harbor")
            elif ship.at in sheltered:
                self.log(What.SHOT_LOST, ship.at, ship, reason="peace")
            elif ship.rum is not None:
                target = self.shot_target(f"{team.name}.{BATTLESHIP_ID}.shot", ship.at)
                if target is not None:
                    shots.append((ship, target))
            elif team.orders.fire is not None:
                if within_shot_range(ship.at, team.orders.fire):
                    shots.append((ship, team.orders.fire))
                else:
                    self.log(What.SHOT_LOST, team.orders.fire, ship, reason="range")
        for pirate in self.pirates:
            if not pirate.alive or pirate.new or pirate.at is None:
                continue
            if pirate.at in sheltered:
                self.log(What.SHOT_LOST, pirate.at, pirate, reason="peace")
                continue
            target = self.shot_target(f"{pirate.id}.shot", pirate.at)
            if target is not None:
                shots.append((pirate, target))

        # Nobody moves or goes while shots fall: who may be hit is indexed by hex once, by their
        # place in the priority order (teams' ships, then pirates), which orders each shot's hits.
        everyone = [s for t in self.teams for s in t.ships] + self.pirates
        exposed: dict[Hex, list[int]] = {}
        for place, m in enumerate(everyone):
            if m.alive and m.at is not None and m.at not in sheltered:
                exposed.setdefault(m.at, []).append(place)
        hit: list[Mover] = []
        was_hit: set[int] = set()
        for shooter, target in shots:
            self.log(What.SHOT, target, shooter)
            area = (target, *(self.around.get(target) or neighbours(target)))
            for place in sorted(p for h in area for p in exposed.get(h, ())):
                if place not in was_hit:
                    was_hit.add(place)
                    m = everyone[place]
                    hit.append(m)
                    assert m.at is not None
                    self.log(What.HIT, m.at, m, by=shooter.label)
        for m in hit:  # ships that were hit still fired: they go only now
            self.lose(m)

    def end_of_round(self) -> None:
        """Poseidon carries home, found cargo ships appear, map hints are worked out."""
        for team in self.teams:
            for ship in team.ships:
                if ship.alive and ship.poseidon:
                    ship.at = None
                    self.log(What.HOME, team.harbor, ship)
                    self.deliver(ship, team.harbor)
        for team, at in self.found:
            alive = [s for s in team.ships if s.alive]
            cargo = sum(1 for s in alive if s.kind is ShipKind.CARGO)
            if cargo >= MAX_CARGO_SHIPS:
                self.log(What.FOUND_LOST, at, team=team.name)
                continue
            used = {s.id for s in alive}
            ship_id = next(i for i in CARGO_IDS if i not in used)
            mover = Mover(team=team, id=ship_id, kind=ShipKind.CARGO, at=at, new=True)
            team.ships.append(mover)
            self.log(What.FOUND, at, mover)
        self.hints = self.work_out_hints()

    def work_out_hints(self) -> list[MapHint]:
        """(decision) One hint per ship, from where it ended (its bay when in harbor), or from the
        first map hex it found when it did not survive; the nearest hex with chests, but its own."""
        hints: list[MapHint] = []
        done: set[tuple[str, str]] = set()
        treasure = [(h, c) for h, c in zip(self.g.ordered, self.cells, strict=True) if c.chests > 0]
        for ship, map_hex in self.maps:
            team = ship.team
            assert team is not None
            if (team.name, ship.id) in done:
                continue
            done.add((team.name, ship.id))
            origin = (ship.at or team.harbor) if ship.alive else map_hex
            candidates = [h for h, _ in treasure if h != origin]  # label order: ties go to the first
            if not candidates:
                continue
            nearest = min(candidates, key=lambda h: distance(origin, h))
            point = compass16(origin, nearest)
            hints.append(MapHint(team.name, ship.id, origin, nearest, point))
            self.log(What.HINT, origin, ship, visibility=Visibility.TEAM, point=point)
        return hints
