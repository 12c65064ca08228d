"""Resolving a Golden Islands round: all teams' orders at once (rules, section 6).
(One pass through the round in the rules' order.)

:func:`resolve` is a pure function of (state before the round, every team's orders, fixed draws):
the same input always gives the same :class:`RoundResult`. It checks the orders first and raises
:class:`IllegalOrders` listing every problem; :func:`resolve_trusted` skips the check for orders
that were checked already.

Inside, the round runs on private mutable copies (``_Mover`` per ship and pirate, flat lists for
the board) for speed; the result is frozen again at the end.

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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from .events import (
    DetailValue,
    Event,
    MapHint,
    PendingTelescope,
    RoundResult,
    Visibility,
    What,
    standings,
)
from .hexes import (
    BoardGeometry,
    Hex,
    bay_numbers,
    compass16,
    distance,
    neighbour_table,
    neighbours,
    step_table,
)
from .notation import RouteStep, ShipId, who_text
from .orders import NO_ORDERS, IllegalOrders, Orders, check_all_orders
from .rng import NO_DRAWS, DirectionStream, Draws, RoundRandom, pirate_moves
from .state import (
    BATTLESHIP_ID,
    CARGO_IDS,
    MAX_CARGO_SHIPS,
    Board,
    Cell,
    GameState,
    Pirate,
    Ship,
    ShipKind,
    Team,
    hex_index,
    ship_priority,
    within_shot_range,
)
from .tiles import REPEATING, Tile

#: Tiles that act on a pirate, and only once revealed (rules, section 6.4).
PIRATE_TILES = frozenset({Tile.OCTOPUS, Tile.MERMAID, Tile.SEAHORSE, Tile.REEFS})
#: Tiles that do nothing to a ship entering them (an entry reveals them all the same).
_NO_SHIP_EFFECT = frozenset({Tile.OPEN_SEA, Tile.PEACE})
#: Each tile's word (``Tile.value`` is an enum property, slow in the hot loop of a round).
_TILE_WORDS: dict[Tile, str] = {t: t.value for t in Tile}
#: Makes an event without running its frozen dataclass's ``__init__`` (see :meth:`_Round.log`).
_new_object = object.__new__


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


class Phase(StrEnum):
    """The moments of a round at which :func:`resolve_recorded` takes a :class:`Checkpoint`."""

    START = "start"
    BUILD = "build"
    MOVE = "move"  # after each half-step of movement
    CONVERT = "convert"
    SHOOT = "shoot"
    END = "end"  # Poseidon, found ships, hints


@dataclass(frozen=True)
class Checkpoint:
    """The round's state at one moment of its resolution, and how many events were logged by then.

    Pirates carry no moves (what they would still do is not part of any moment), ships that sank
    are gone, a ship in its harbor is at None."""

    phase: Phase
    step: int
    half: int
    state: GameState
    events: int


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


@dataclass(slots=True, eq=False)
class _TeamRun:
    name: str
    harbor: Hex
    delivered: int
    ap_total: int
    orders: Orders
    ships: list[_Mover] = field(default_factory=list)
    #: Whether one of its ships moved since :meth:`_Round.free_held` last looked (or it never did).
    stirred: bool = True


@dataclass(slots=True, eq=False)
class _Mover:
    """A ship or a pirate during the round. ``team`` is None for a pirate."""

    team: _TeamRun | None
    id: ShipId
    kind: ShipKind | None
    at: Hex | None
    tokens: tuple[RouteStep, ...] = ()
    doubled: bool = False
    can_move: bool = False
    held: bool = False
    chests: int = 0
    boat: int = 0
    seahorse_next: bool = False
    mermaid_next: bool = False
    alive: bool = True
    stopped: bool = False
    poseidon: bool = False
    moved: bool = False
    new: bool = False
    rum: DirectionStream | None = None
    redraw: DirectionStream | None = None

    @property
    def label(self) -> str:
        return who_text(self.team.name if self.team else None, self.id)


class _Round:
    """One round being resolved. Methods follow the rules' section 6, in order."""

    def __init__(self, state: GameState, orders_by_team: Mapping[str, Orders], draws: Draws) -> None:
        self.state = state
        self.g = state.geometry
        self.random = RoundRandom(state.seed, state.round_number, draws)
        self.index = hex_index(state.side)
        self.steps = step_table(state.side)
        self.around = neighbour_table(state.side)
        self.bay_numbers = bay_numbers(state.side)
        self.cells = list(state.board.cells)
        self.events: list[Event] = []
        self.chests_lost = 0
        self.step, self.half = 0, 1
        self.telescopes: list[PendingTelescope] = []
        self.maps: list[tuple[_Mover, Hex]] = []
        self.found: list[tuple[_TeamRun, Hex]] = []
        self.hints: list[MapHint] = []
        self.next_pirate = max((p.number for p in state.pirates), default=0) + 1
        self.streams: list[DirectionStream] = []  # every stream made, so the result lists what they gave
        self.targets: list[tuple[str, Hex]] = []  # every random shot target, as it was drawn
        self.teams = [
            _TeamRun(t.name, t.harbor, t.delivered, t.ap_total, orders_by_team.get(t.name, NO_ORDERS))
            for t in state.teams
        ]
        for run, team in zip(self.teams, state.teams, strict=True):
            run.ships = [self._ship_mover(run, s) for s in sorted(team.ships, key=lambda s: s.order_key)]
        self.pirates = [self._pirate_mover(p) for p in sorted(state.pirates, key=lambda p: p.number)]
        #: Who may still move this round, in priority order (teams' ships, then pirates): a mover
        #: leaves its list once it is gone, stopped, or has played its last token.
        self.moving_ships = [s for t in self.teams for s in t.ships if s.can_move and s.tokens]
        self.moving_pirates = [p for p in self.pirates if p.can_move and p.tokens]
        #: The movers held (some freed or gone since, until :meth:`free_held` drops them): it
        #: looks at nothing while none is held.
        everyone = [s for t in self.teams for s in t.ships] + self.pirates
        self.held_movers = [m for m in everyone if m.held]
        self.pirates_stirred = True  # the pirates' :attr:`_TeamRun.stirred`
        #: Only for :func:`resolve_recorded`: None resolves without taking any.
        self.checkpoints: list[Checkpoint] | None = None

    # -- set-up ---------------------------------------------------------------------------------

    def _ship_mover(self, team: _TeamRun, ship: Ship) -> _Mover:
        may_move = ship.may_move
        return _Mover(
            team=team,
            id=ship.id,
            kind=ship.kind,
            at=ship.at,
            tokens=team.orders.route(ship.id) if may_move else (),
            doubled=ship.seahorse,
            can_move=may_move,
            held=ship.octopus,
            chests=ship.chests,
            boat=ship.boat,
        )

    def _pirate_mover(self, pirate: Pirate) -> _Mover:
        moves = pirate.moves
        if pirate.may_move and not moves:  # a state whose round was not opened: draw as opening would
            moves = pirate_moves(self.state.seed, self.state.round_number, pirate.id, doubled=pirate.seahorse)
        return _Mover(
            team=None,
            id=pirate.id,
            kind=None,
            at=pirate.at,
            tokens=moves if pirate.may_move else (),
            doubled=pirate.seahorse,
            can_move=pirate.may_move,
            held=pirate.octopus,
            redraw=self.stream(f"{pirate.id}.redraw"),
        )

    def stream(self, key: str) -> DirectionStream:
        stream = self.random.directions(key)
        self.streams.append(stream)
        return stream

    def shot_target(self, key: str, origin: Hex) -> Hex | None:
        target = self.random.shot_target(key, origin, self.g)
        if target is not None:
            self.targets.append((key, target))
        return target

    # -- the log --------------------------------------------------------------------------------

    def log(
        self,
        what: What,
        at: Hex,
        mover: _Mover | None = None,
        *,
        team: str | None = None,
        visibility: Visibility = Visibility.PUBLIC,
        **detail: DetailValue,
    ) -> None:
        actor = ""
        if mover is not None:
            actor = mover.id
            team = None if mover.team is None else mover.team.name
        # Made without the frozen dataclass's __init__ (an object.__setattr__ call per field, half
        # the cost of an event: a round logs hundreds); a test checks them against Event(...).
        event = _new_object(Event)
        event.__dict__.update(
            step=self.step,
            half=self.half,
            what=what,
            at=at,
            team=team,
            actor=actor,
            visibility=visibility,
            detail=tuple(detail.items()),
        )
        self.events.append(event)

    # -- the round ------------------------------------------------------------------------------

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

    def checkpoint(self, phase: Phase) -> None:
        if self.checkpoints is None:
            return
        state = GameState(
            board=Board(self.state.side, tuple(self.cells)),
            teams=tuple(
                Team(
                    name=t.name,
                    harbor=t.harbor,
                    ships=tuple(self.frozen_ship(s) for s in t.ships if s.alive),
                    delivered=t.delivered,
                    ap_total=t.ap_total,
                )
                for t in self.teams
            ),
            pirates=tuple(
                Pirate(p.id, p.at, (), seahorse=p.seahorse_next, mermaid=p.mermaid_next, octopus=p.held)
                for p in self.pirates
                if p.alive and p.at is not None
            ),
            seed=self.state.seed,
            round_number=self.state.round_number,
        )
        self.checkpoints.append(Checkpoint(phase, self.step, self.half, state, len(self.events)))

    def movement_steps(self) -> int:
        """The longest mover sets the count: a team's steps, or a pirate's 11 (or 22 in halves)."""
        counts = [t.orders.steps for t in self.teams]
        counts += [len(p.tokens) // (2 if p.doubled else 1) for p in self.pirates if p.can_move]
        return max(counts, default=0)

    def active_steps(self, steps: int) -> int:
        """The steps worth walking: up to the last one in which a route, a harbor or a pirate moves.

        Past it nothing moves, so nothing can happen (a held ship is freed in the first half-step
        after its rescuer arrived): AP in the millions resolve as fast as AP in the tens.
        """
        last = max((len(t.orders.harbor) for t in self.teams), default=0)
        for mover in [s for t in self.teams for s in t.ships] + self.pirates:
            per_step = 2 if mover.doubled else 1
            last = max(last, -(-len(mover.tokens) // per_step))
        return min(steps, max(last, 1))

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
                mover = _Mover(team=team, id=ship_id, kind=kind, at=None, new=True)
                team.ships.append(mover)
                self.log(What.BUILD, team.harbor, mover, kind=kind.value)
            team.ships.sort(key=lambda m: ship_priority(m.id))

    def move_harbors(self, step: int) -> None:
        """A harbor moves in the first half-step of its step, before the ships (its ships with it)."""
        for team in self.teams:
            moves = team.orders.harbor
            if step <= len(moves) and moves[step - 1]:
                team.harbor = self.g.bay(self.bay_numbers[team.harbor] + moves[step - 1])
                self.log(What.HARBOR, team.harbor, team=team.name)

    def move_all(self, step: int, half: int) -> None:
        """Everyone moves "at once"; effects apply in priority order: teams in order (battleship,
        then cargo ships by number), then pirates by number."""
        self.moving_ships = self.move_group(self.moving_ships, self.move_ship, step, half)
        self.moving_pirates = self.move_group(self.moving_pirates, self.move_pirate, step, half)

    @staticmethod
    def move_group(
        movers: list[_Mover], move: Callable[[_Mover, RouteStep], None], step: int, half: int
    ) -> list[_Mover]:
        """Move each of ``movers`` by its token of this half-step, in order; those that may still
        move later, in the same order. Moving acts only on the mover itself (and on new pirates,
        who never move in their first round), so each is looked at in its turn as before."""
        # A doubled mover plays two tokens a step, one per half; a single one its step's in half 1.
        first = 2 * step + half - 3
        keep: list[_Mover] = []
        for mover in movers:
            if not mover.alive or mover.stopped:
                continue
            tokens = mover.tokens
            if mover.doubled:
                i = first
            elif half == 1:
                i = step - 1
            else:
                keep.append(mover)
                continue
            if i >= len(tokens):
                continue  # its route is over: nothing more to play this round
            move(mover, tokens[i])
            keep.append(mover)
        return keep

    def move_ship(self, ship: _Mover, direction: RouteStep) -> None:
        if direction is None:
            return  # a stay: no entry, no effect
        team = ship.team
        assert team is not None
        if ship.rum is not None:
            direction = ship.rum.next()
            self.log(
                What.RUM_MOVE, ship.at or team.harbor, ship, visibility=Visibility.STAFF, direction=direction
            )
        origin = ship.at if ship.at is not None else team.harbor
        around = self.steps.get(origin)
        target = around[direction] if around is not None else origin.step(direction)
        i = self.index.get(target)
        if i is not None:
            ship.at = target
            ship.moved = team.stirred = True
            self.enter(ship, target, i)
        elif ship.at is not None and target == team.harbor:
            ship.at = None
            ship.moved = team.stirred = True
            self.deliver(ship, team.harbor)
        elif ship.at is None:
            # (decision) a rum-struck ship in its harbor cannot drift off the board: it stays moored.
            pass
        else:
            self.log(What.SINK, origin, ship, reason="off-board")
            self.lose(ship)

    def deliver(self, ship: _Mover, bay: Hex) -> None:
        """Into its own harbor: a cargo ship delivers all its chests; a delivery ends all boat bonuses."""
        team = ship.team
        assert team is not None
        if ship.kind is ShipKind.CARGO and ship.chests > 0:
            team.delivered += ship.chests
            self.log(What.DELIVER, bay, ship, chests=ship.chests, boat_ended=ship.boat)
            ship.chests = 0
            ship.boat = 0

    def lose(self, mover: _Mover) -> None:
        """A ship goes out of the game (sunk, hit, turned pirate): its chests go with it."""
        mover.alive = False
        self.chests_lost += mover.chests
        mover.chests = 0

    def enter(self, ship: _Mover, at: Hex, i: int) -> None:
        """A team ship enters the board hex ``at`` (the ``i``-th cell): reveal it if hidden, then
        apply the tile (section 3)."""
        cell = self.cells[i]
        first = not cell.revealed
        if first:
            cell = Cell(cell.tile, cell.chests, True)
            self.cells[i] = cell
            self.log(What.REVEAL, at, ship, tile=_TILE_WORDS[cell.tile])
        tile = cell.tile
        if tile in _NO_SHIP_EFFECT or (not first and tile not in REPEATING):
            return  # (looking a member of an Enum up costs more than the set: most hexes are open sea)
        team = ship.team
        assert team is not None
        if tile is Tile.TELESCOPE:
            self.telescopes.append(PendingTelescope(team.name, ship.id))
            self.log(What.TELESCOPE, at, ship, visibility=Visibility.TEAM)
        elif tile is Tile.MAP:
            self.maps.append((ship, at))
            self.log(What.MAP, at, ship)
        elif tile is Tile.CARGO_SHIP:
            self.found.append((team, at))
        elif tile is Tile.BOAT:
            if ship.kind is ShipKind.CARGO:
                ship.boat += 1
            self.log(
                What.BOAT,
                at,
                ship,
                visibility=Visibility.TEAM,
                bonus=ship.boat,
                used=ship.kind is ShipKind.CARGO,
            )
        elif tile is Tile.RUM:
            if ship.rum is None:  # a second rum changes nothing: its draws go on in order
                ship.rum = self.stream(f"{team.name}.{ship.id}.rum")
            self.log(What.RUM, at, ship)
        elif tile is Tile.SEAHORSE:
            ship.seahorse_next = True
            self.log(What.SEAHORSE, at, ship)
        elif tile is Tile.TREASURE:
            if ship.kind is ShipKind.CARGO and cell.chests > 0 and ship.chests < 1 + ship.boat:
                ship.chests += 1
                self.cells[i] = Cell(cell.tile, cell.chests - 1, cell.revealed)
                # A ship's cargo is its team's secret (rules, section 8); the hex's chests left are public.
                self.log(What.LOAD, at, ship, visibility=Visibility.TEAM, left=cell.chests - 1)
        elif tile is Tile.POSEIDON:
            ship.stopped = ship.poseidon = True
            self.log(What.STOP, at, ship, tile=_TILE_WORDS[tile])
        elif tile is Tile.OCTOPUS:
            ship.stopped = ship.held = True
            self.held_movers.append(ship)
            self.log(What.HOLD, at, ship)
        elif tile is Tile.MERMAID:
            ship.stopped = ship.mermaid_next = True
            self.log(What.STOP, at, ship, tile=_TILE_WORDS[tile])
        elif tile is Tile.REEFS:
            self.log(What.SINK, at, ship, reason="reefs")
            self.lose(ship)
        elif tile is Tile.PIRATES:
            pirate = self.new_pirate(at)
            self.log(What.PIRATE, at, pirate, by=ship.label)

    def new_pirate(self, at: Hex) -> _Mover:
        """A pirate placed or made this round: it neither moves nor shoots until the next."""
        pirate = _Mover(team=None, id=ShipId.pirate_ship(self.next_pirate), kind=None, at=at, new=True)
        self.next_pirate += 1
        self.pirates_stirred = True
        self.pirates.append(pirate)
        return pirate

    def move_pirate(self, pirate: _Mover, direction: RouteStep) -> None:
        """A pirate moves by its draws; a move off the board is drawn again. It reveals nothing."""
        if direction is None:
            return
        assert pirate.at is not None and pirate.redraw is not None
        around = self.steps.get(pirate.at)
        target = around[direction] if around is not None else pirate.at.step(direction)
        i = self.index.get(target)
        while i is None:
            direction = pirate.redraw.next()
            self.log(What.REDRAW, pirate.at, pirate, visibility=Visibility.STAFF, direction=direction)
            target = around[direction] if around is not None else pirate.at.step(direction)
            i = self.index.get(target)
        pirate.at = target
        pirate.moved = self.pirates_stirred = True
        cell = self.cells[i]
        if not cell.revealed or cell.tile not in PIRATE_TILES:
            return
        if cell.tile is Tile.OCTOPUS:
            pirate.stopped = pirate.held = True
            self.held_movers.append(pirate)
            self.log(What.HOLD, target, pirate)
        elif cell.tile is Tile.MERMAID:
            pirate.stopped = pirate.mermaid_next = True
            self.log(What.STOP, target, pirate, tile=_TILE_WORDS[cell.tile])
        elif cell.tile is Tile.SEAHORSE:
            # (decision) a revealed seahorse acts on a pirate at every entry: the rules name it among
            # the tiles that act on pirates, and a pirate never reveals, so "first entry" never comes.
            pirate.seahorse_next = True
            self.log(What.SEAHORSE, target, pirate)
        elif cell.tile is Tile.REEFS:
            self.log(What.SINK, target, pirate, reason="reefs")
            pirate.alive = False

    def free_held(self) -> None:
        """After every half-step, a held ship with another of its team (a held pirate with another
        pirate) on a neighbouring hex is freed. Ships in a harbor free nobody.

        Only a group (a team's ships, the pirates) with someone held that has moved since the last
        look is looked at: a held one never moves, and one not freed then gains a rescuer only when
        a mate moves (or a pirate appears); anyone newly held moved onto the octopus."""
        self.held_movers = [m for m in self.held_movers if m.held and m.alive]
        groups: list[list[_Mover]] = []
        if self.held_movers:
            teams = {m.team for m in self.held_movers}
            groups = [team.ships for team in self.teams if team.stirred and team in teams]
            if self.pirates_stirred and None in teams:
                groups.append(self.pirates)
        for team in self.teams:
            team.stirred = False
        self.pirates_stirred = False
        for group in groups:
            held = [m for m in group if m.alive and m.held and m.at is not None]
            if not held:
                continue
            places: dict[Hex, _Mover] = {}
            for m in group:
                if m.alive and m.at is not None:
                    places.setdefault(m.at, m)
            for m in held:
                assert m.at is not None
                around = self.around.get(m.at) or neighbours(m.at)
                rescuer = next((places[n] for n in around if n in places), None)
                if rescuer is not None:
                    m.held = False
                    self.log(What.FREE, m.at, m, by=rescuer.label)

    def convert(self) -> None:
        """A pirate that moved this round turns every team ship on its hex into a pirate."""
        on_hex: dict[Hex, list[_Mover]] = {}
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
        shots: list[tuple[_Mover, Hex]] = []
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
        hit: list[_Mover] = []
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
            mover = _Mover(team=team, id=ship_id, kind=ShipKind.CARGO, at=at, new=True)
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

    # -- freezing the result ---------------------------------------------------------------------

    def result(self) -> RoundResult:
        teams = tuple(
            Team(
                name=t.name,
                harbor=t.harbor,
                ships=tuple(self.frozen_ship(s) for s in t.ships if s.alive),
                delivered=t.delivered,
                ap_total=t.ap_total + t.orders.ap,
            )
            for t in self.teams
        )
        pirates = tuple(
            Pirate(p.id, p.at, (), seahorse=p.seahorse_next, mermaid=p.mermaid_next, octopus=p.held)
            for p in self.pirates
            if p.alive and p.at is not None
        )
        state = GameState(
            board=Board(self.state.side, tuple(self.cells)),
            teams=teams,
            pirates=pirates,
            seed=self.state.seed,
            round_number=self.state.round_number + 1,
        )
        return RoundResult(
            state=state,
            events=tuple(self.events),
            telescopes=tuple(self.telescopes),
            hints=tuple(self.hints),
            standings=standings(state),
            chests_lost=self.chests_lost,
            draws=Draws(
                directions=tuple((s.purpose, tuple(s.used)) for s in self.streams if s.used),
                targets=tuple(self.targets),
            ),
        )

    @staticmethod
    def frozen_ship(m: _Mover) -> Ship:
        assert m.kind is not None
        return Ship(
            id=m.id,
            kind=m.kind,
            at=m.at,
            chests=m.chests,
            boat=m.boat,
            seahorse=m.seahorse_next,
            mermaid=m.mermaid_next,
            octopus=m.held,
            new=m.new,
        )
