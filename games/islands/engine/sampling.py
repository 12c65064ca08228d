"""Random but legal states and orders, for property tests, benchmarks and demo rounds.

>>> import random
>>> rnd = random.Random(1)
>>> state = random_state(rnd, side=7, teams=3, ships_per_team=4, pirates=3)
>>> orders = {t.name: random_legal_orders(rnd, state, t.name, ap=11) for t in state.teams}
>>> from games.islands.engine.orders import check_all_orders
>>> check_all_orders(state, orders)
[]
"""

from __future__ import annotations

import random

from .hexes import DIRECTION_NAMES, SIDES, Hex
from .notation import HarborMoves, Route, RouteStep, ShipId
from .orders import Orders, harbor_positions
from .resolve import open_round
from .state import (
    BATTLESHIP_COST,
    BATTLESHIP_ID,
    CARGO_IDS,
    CARGO_SHIP_COST,
    MAX_CARGO_SHIPS,
    Board,
    Cell,
    GameState,
    Pirate,
    Ship,
    ShipKind,
    Team,
)
from .tiles import Tile

TEAM_NAMES = ("red", "blue", "green", "yellow", "white", "black")


def team_name(i: int) -> str:
    """The ``i``-th random team's name (0-based): a colour, then ``team7``, ``team8``, … (a camp
    may have 12 teams)."""
    return TEAM_NAMES[i] if i < len(TEAM_NAMES) else f"team{i + 1}"


def random_board(rnd: random.Random, side: int, special_share: float = 0.5) -> Board:
    """Every tile kind at random on about ``special_share`` of the hexes, some revealed."""
    g = Board.empty(side).geometry
    cells: dict[Hex, Cell] = {}
    tiles = [t for t in Tile if t is not Tile.OPEN_SEA]
    for h in g.ordered:
        if rnd.random() < special_share:
            tile = rnd.choice(tiles)
            chests = rnd.randint(0, 4) if tile is Tile.TREASURE else 0
            cells[h] = Cell(tile, chests, revealed=rnd.random() < 0.2)
    return Board.from_cells(side, cells)


def random_state(
    rnd: random.Random,
    side: int = 9,
    teams: int = 3,
    ships_per_team: int = 7,
    pirates: int = 6,
    seed: int | None = None,
) -> GameState:
    """A state with ``teams`` teams (one side each, more share a side: each its own bay while the
    side has one free), each with a battleship (when ``ships_per_team`` > 6 or at random) and cargo
    ships, some in harbor; flags and cargo at random."""
    board = random_board(rnd, side)
    g = board.geometry
    board_hexes = list(g.ordered)
    team_list: list[Team] = []
    for i in range(teams):
        bays = g.bays_on(SIDES[i % len(SIDES)])
        taken = {t.harbor for t in team_list}
        harbor = rnd.choice([b for b in bays if b not in taken] or bays)
        cargo = min(MAX_CARGO_SHIPS, ships_per_team)
        ids = list(CARGO_IDS[:cargo])
        if ships_per_team > cargo or rnd.random() < 0.5:
            ids.insert(0, BATTLESHIP_ID)
        ships = []
        for ship_id in ids:
            kind = ShipKind.BATTLESHIP if ship_id == BATTLESHIP_ID else ShipKind.CARGO
            at = None if rnd.random() < 0.3 else rnd.choice(board_hexes)
            boat = rnd.choice((0, 0, 0, 1, 2)) if kind is ShipKind.CARGO else 0
            chests = rnd.randint(0, 1 + boat) if kind is ShipKind.CARGO else 0
            ships.append(
                Ship(
                    ship_id,
                    kind,
                    at,
                    chests=chests,
                    boat=boat,
                    seahorse=rnd.random() < 0.15,
                    mermaid=rnd.random() < 0.05,
                    octopus=at is not None and rnd.random() < 0.05,
                )
            )
        team_list.append(Team(team_name(i), harbor, tuple(ships), rnd.randint(0, 5), rnd.randint(0, 60)))
    pirate_list = [
        Pirate(
            ShipId.pirate_ship(i),
            rnd.choice(board_hexes),
            seahorse=rnd.random() < 0.1,
            mermaid=rnd.random() < 0.05,
            octopus=rnd.random() < 0.05,
        )
        for i in range(1, pirates + 1)
    ]
    state = GameState(
        board, tuple(team_list), tuple(pirate_list), seed=rnd.randrange(2**32) if seed is None else seed
    )
    return open_round(state)


def random_legal_orders(
    rnd: random.Random, state: GameState, team_name: str, ap: int, build: bool = True, stay_share: float = 0.1
) -> Orders:
    """Orders that pass :func:`check_orders`: maybe some builds, routes that never leave the board
    except into the team's own harbor, harbor moves, and a fire target when there is a battleship."""
    team = state.team(team_name)
    g = state.geometry
    build_cargo = build_battleships = 0
    if build and rnd.random() < 0.3:
        if team.battleship is None and ap >= BATTLESHIP_COST and rnd.random() < 0.5:
            build_battleships = 1
        elif team.cargo_count < MAX_CARGO_SHIPS and ap >= CARGO_SHIP_COST:
            build_cargo = 1
    steps = max(0, ap - CARGO_SHIP_COST * build_cargo - BATTLESHIP_COST * build_battleships)
    harbor = HarborMoves(rnd.choice((0, 0, 0, 1, -1)) for _ in range(steps))
    harbor_at = harbor_positions(g, team.harbor, harbor)
    routes: list[tuple[ShipId, Route]] = []
    for ship in team.ships:
        if not ship.may_move:
            continue
        per_step = 2 if ship.seahorse else 1
        at = ship.at
        route: list[RouteStep] = []
        for i in range(rnd.randint(0, steps * per_step)):
            bay = harbor_at[i // per_step]
            origin = bay if at is None else at
            options: list[RouteStep] = [
                d
                for d in DIRECTION_NAMES
                if g.on_board(origin.step(d)) or (at is not None and origin.step(d) == bay)
            ]
            if rnd.random() < stay_share:
                options = [None]
            choice = rnd.choice(options)
            route.append(choice)
            if choice is not None:
                target = origin.step(choice)
                at = target if g.on_board(target) else None
        routes.append((ship.id, Route(route)))
    fire = rnd.choice(g.ordered) if team.battleship is not None and rnd.random() < 0.8 else None
    return Orders(ap, build_cargo, build_battleships, tuple(routes), harbor, fire)
