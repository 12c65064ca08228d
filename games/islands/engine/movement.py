"""Movement in a Golden Islands round (rules, section 6): the harbors, then every ship and pirate
by its tokens, half-step by half-step in priority order; what a tile does to a ship entering it or
to a pirate; the held freed by a mate beside them.

Runs on the round's working state (:class:`.round_run.RoundRun`); :mod:`.resolve` walks the steps.
"""

from __future__ import annotations

from collections.abc import Callable

from .events import PendingTelescope, Visibility, What
from .hexes import Hex, neighbours
from .notation import RouteStep
from .round_run import Mover, RoundRun
from .state import Cell, ShipKind
from .tiles import REPEATING, Tile

#: Tiles that act on a pirate, and only once revealed (rules, section 6.4).
PIRATE_TILES = frozenset({Tile.OCTOPUS, Tile.MERMAID, Tile.SEAHORSE, Tile.REEFS})
#: Tiles that do nothing to a ship entering them (an entry reveals them all the same).
_NO_SHIP_EFFECT = frozenset({Tile.OPEN_SEA, Tile.PEACE})
#: Each tile's word (``Tile.value`` is an enum property, slow in the hot loop of a round).
_TILE_WORDS: dict[Tile, str] = {t: t.value for t in Tile}


class RoundMovement(RoundRun):
    """A round's movement phase, on the round's working state."""

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
        movers: list[Mover], move: Callable[[Mover, RouteStep], None], step: int, half: int
    ) -> list[Mover]:
        """Move each of ``movers`` by its token of this half-step, in order; those that may still
        move later, in the same order. Moving acts only on the mover itself (and on new pirates,
        who never move in their first round), so each is looked at in its turn as before."""
        # A doubled mover plays two tokens a step, one per half; a single one its step's in half 1.
        first = 2 * step + half - 3
        keep: list[Mover] = []
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

    def move_ship(self, ship: Mover, direction: RouteStep) -> None:
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

    def enter(self, ship: Mover, at: Hex, i: int) -> None:
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

    def move_pirate(self, pirate: Mover, direction: RouteStep) -> None:
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
        groups: list[list[Mover]] = []
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
            places: dict[Hex, Mover] = {}
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
