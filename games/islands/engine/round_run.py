"""A Golden Islands round being resolved, as the resolver works on it: its mutable copies of the
state (:class:`TeamRun` per team, :class:`Mover` per ship and pirate, the board's cells as a flat
list) for speed, the log, the random draws it makes, what several phases do alike (a delivery, a
ship lost, a pirate placed), and the state frozen again: at a :class:`Checkpoint` for the replay,
and as the round's result.

The phases themselves are :mod:`.movement` (harbors, ships and pirates moving, tiles, the held
freed) and :mod:`.resolve` (the round in the rules' order: building, movement, conversion, shots,
the end of the round).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
from .hexes import Hex, bay_numbers, neighbour_table, step_table
from .notation import RouteStep, ShipId, who_text
from .orders import NO_ORDERS, Orders
from .rng import DirectionStream, Draws, RoundRandom, pirate_moves
from .state import Board, GameState, Pirate, Ship, ShipKind, Team, hex_index


class Phase(StrEnum):
    """The moments of a round at which :func:`.resolve.resolve_recorded` takes a :class:`Checkpoint`."""

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


@dataclass(slots=True, eq=False)
class TeamRun:
    """A team during the round: its harbor, deliveries and ships as they change."""

    name: str
    harbor: Hex
    delivered: int
    ap_total: int
    orders: Orders
    ships: list[Mover] = field(default_factory=list)
    #: Whether one of its ships moved since :meth:`.movement.RoundMovement.free_held` last looked
    #: (or it never did).
    stirred: bool = True


@dataclass(slots=True, eq=False)
class Mover:
    """A ship or a pirate during the round. ``team`` is None for a pirate."""

    team: TeamRun | None
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


class RoundRun:
    """One round being resolved: the working state every phase reads and changes, the log, the
    draws, and the frozen state and result."""

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
        self.maps: list[tuple[Mover, Hex]] = []
        self.found: list[tuple[TeamRun, Hex]] = []
        self.hints: list[MapHint] = []
        self.next_pirate = max((p.number for p in state.pirates), default=0) + 1
        self.streams: list[DirectionStream] = []  # every stream made, so the result lists what they gave
        self.targets: list[tuple[str, Hex]] = []  # every random shot target, as it was drawn
        self.teams = [
            TeamRun(t.name, t.harbor, t.delivered, t.ap_total, orders_by_team.get(t.name, NO_ORDERS))
            for t in state.teams
        ]
        for run, team in zip(self.teams, state.teams, strict=True):
            run.ships = [self._ship_mover(run, s) for s in sorted(team.ships, key=lambda s: s.order_key)]
        self.pirates = [self._pirate_mover(p) for p in sorted(state.pirates, key=lambda p: p.number)]
        #: Who may still move this round, in priority order (teams' ships, then pirates): a mover
        #: leaves its list once it is gone, stopped, or has played its last token.
        self.moving_ships = [s for t in self.teams for s in t.ships if s.can_move and s.tokens]
        self.moving_pirates = [p for p in self.pirates if p.can_move and p.tokens]
        #: The movers held (some freed or gone since, until
        #: :meth:`.movement.RoundMovement.free_held` drops them): it looks at nothing while none is held.
        everyone = [s for t in self.teams for s in t.ships] + self.pirates
        self.held_movers = [m for m in everyone if m.held]
        self.pirates_stirred = True  # the pirates' :attr:`TeamRun.stirred`
        #: Only for :func:`.resolve.resolve_recorded`: None resolves without taking any.
        self.checkpoints: list[Checkpoint] | None = None

    # -- set-up ---------------------------------------------------------------------------------

    def _ship_mover(self, team: TeamRun, ship: Ship) -> Mover:
        may_move = ship.may_move
        return Mover(
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

    def _pirate_mover(self, pirate: Pirate) -> Mover:
        moves = pirate.moves
        if pirate.may_move and not moves:  # a state whose round was not opened: draw as opening would
            moves = pirate_moves(self.state.seed, self.state.round_number, pirate.id, doubled=pirate.seahorse)
        return Mover(
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
        mover: Mover | None = None,
        *,
        team: str | None = None,
        visibility: Visibility = Visibility.PUBLIC,
        **detail: DetailValue,
    ) -> None:
        actor = ""
        if mover is not None:
            actor = mover.id
            team = None if mover.team is None else mover.team.name
        event = Event(
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

    # -- what several phases do -----------------------------------------------------------------

    def deliver(self, ship: Mover, bay: Hex) -> None:
        """Into its own harbor: a cargo ship delivers all its chests; a delivery ends all boat bonuses."""
        team = ship.team
        assert team is not None
        if ship.kind is ShipKind.CARGO and ship.chests > 0:
            team.delivered += ship.chests
            self.log(What.DELIVER, bay, ship, chests=ship.chests, boat_ended=ship.boat)
            ship.chests = 0
            ship.boat = 0

    def lose(self, mover: Mover) -> None:
        """A ship goes out of the game (sunk, hit, turned pirate): its chests go with it."""
        mover.alive = False
        self.chests_lost += mover.chests
        mover.chests = 0

    def new_pirate(self, at: Hex) -> Mover:
        """A pirate placed or made this round: it neither moves nor shoots until the next."""
        pirate = Mover(team=None, id=ShipId.pirate_ship(self.next_pirate), kind=None, at=at, new=True)
        self.next_pirate += 1
        self.pirates_stirred = True
        self.pirates.append(pirate)
        return pirate

    # -- freezing: a checkpoint, the result -----------------------------------------------------

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
    def frozen_ship(m: Mover) -> Ship:
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
