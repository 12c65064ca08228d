"""The round file ``zlate-ostrovy/1`` read: a state with orders and fixed draws, checked through.

The format is ``docs/formats/islands-scenario.md``; the writer is :mod:`.scenario_writer`. The
reader collects every problem, each with its JSON path, a machine ``code`` and ``params`` for the
staff's language, and an English message for the command line:

>>> parse_scenario('{"format": "zlate-ostrovy/1", "side": 2, "teams": []}')
Traceback (most recent call last):
...
games.islands.engine.scenario.ScenarioError: side: board side must be a whole number from 3 to 13, not 2

>>> text = '''{"format": "zlate-ostrovy/1", "side": 5, "seed": 1,
...   "teams": [{"name": "red", "harbor": "Z1", "ships": [{"id": "C1", "kind": "cargo", "at": "Z1"}]}],
...   "orders": {"red": {"ap": 3, "routes": {"C1": "N NW"}}}}'''
>>> parse_scenario(text)
Traceback (most recent call last):
...
games.islands.engine.scenario.ScenarioError: orders.red.routes.C1: off_board (step 2, at=B1)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .hexes import DIRECTIONS, MAX_SIDE, MIN_SIDE, BoardGeometry, Hex, LabelError, check_side, geometry
from .notation import HarborMoves, Route, RouteSyntaxError, ShipId, is_pirate_id
from .orders import Breach, Orders, ProblemParam, check_orders
from .rng import Draws, draw_key_kind
from .state import (
    BATTLESHIP_ID,
    CARGO_IDS,
    PIRATE_MOVES,
    Board,
    Cell,
    GameState,
    InvalidState,
    Pirate,
    Ship,
    ShipKind,
    Team,
)
from .tiles import Tile

FORMAT = "zlate-ostrovy/1"
_OUTPUT_ONLY_KEYS = {"events", "pending", "standings"}  # an output may be read back as the next input


class ScenarioProblemCode(StrEnum):
    """What is wrong with a round file; ``ScenarioProblem.params`` hold the details."""

    NOT_JSON = "not_json"  # line, column (and the decoder's English detail)
    TOO_DEEP = "too_deep"
    NUMBER_TOO_LONG = "number_too_long"
    NOT_OBJECT = "not_object"
    NOT_LIST = "not_list"
    NOT_STRING = "not_string"
    NOT_INTEGER = "not_integer"
    NOT_BOOLEAN = "not_boolean"
    TOO_SMALL = "too_small"  # minimum
    UNKNOWN_KEY = "unknown_key"
    MISSING = "missing"
    WRONG_FORMAT = "wrong_format"  # format
    BAD_SIDE = "bad_side"  # value, shown, minimum, maximum
    BAD_LABEL = "bad_label"  # label, side
    NOT_BOARD_HEX = "not_board_hex"  # label
    NOT_BOARD_HEX_NOR_HARBOR = "not_board_hex_nor_harbor"  # label
    NOT_BAY = "not_bay"  # label
    SAME_HEX = "same_hex"  # other
    NOT_TILE = "not_tile"  # value, shown, tiles
    CHESTS_NOT_TREASURE = "chests_not_treasure"
    BAD_TEAM_NAME = "bad_team_name"
    BAD_SHIP_ID = "bad_ship_id"
    WRONG_SHIP_KIND = "wrong_ship_kind"  # ship, kind
    CHESTS_DO_NOT_FIT = "chests_do_not_fit"  # chests, room
    OCTOPUS_IN_HARBOR = "octopus_in_harbor"
    BAD_PIRATE_ID = "bad_pirate_id"
    PIRATE_MOVES = "pirate_moves"  # expected, count
    NOT_DIRECTION = "not_direction"  # value, shown
    UNKNOWN_TEAM = "unknown_team"  # team
    ROUTE_TOKEN = "route_token"  # position, token, allowed (from RouteSyntaxError)
    HARBOR_TOKEN = "harbor_token"  # position, token, allowed (from RouteSyntaxError)
    NOT_DRAW_KEY = "not_draw_key"
    ILLEGAL_ORDERS = "illegal_orders"  # detail; ScenarioProblem.order_problem has code and params
    INVALID_STATE = "invalid_state"  # detail (InvalidState's text; the reader checks first)


#: English texts of the problems (what the command line prints); the Django layer keeps its own
#: translated texts per code.
SCENARIO_PROBLEM_TEXTS: dict[ScenarioProblemCode, str] = {
    ScenarioProblemCode.NOT_JSON: "not valid JSON: {detail}",
    ScenarioProblemCode.TOO_DEEP: "not valid JSON (nested too deeply)",
    ScenarioProblemCode.NUMBER_TOO_LONG: "not valid JSON: a number has more than {limit} digits",
    ScenarioProblemCode.NOT_OBJECT: "must be an object",
    ScenarioProblemCode.NOT_LIST: "must be a list",
    ScenarioProblemCode.NOT_STRING: "must be a string",
    ScenarioProblemCode.NOT_INTEGER: "must be a whole number",
    ScenarioProblemCode.NOT_BOOLEAN: "must be true or false",
    ScenarioProblemCode.TOO_SMALL: "must be at least {minimum}",
    ScenarioProblemCode.UNKNOWN_KEY: "unknown key",
    ScenarioProblemCode.MISSING: "is missing",
    ScenarioProblemCode.WRONG_FORMAT: "must be {format!r}",
    ScenarioProblemCode.BAD_SIDE: (
        "board side must be a whole number from {minimum} to {maximum}, not {value}"
    ),
    ScenarioProblemCode.BAD_LABEL: "{label!r} is not a hex or bay of a board of side {side}",
    ScenarioProblemCode.NOT_BOARD_HEX: "{label} is not a board hex",
    ScenarioProblemCode.NOT_BOARD_HEX_NOR_HARBOR: "{label} is not a board hex nor the team's harbor",
    ScenarioProblemCode.NOT_BAY: "{label} is not a bay",
    ScenarioProblemCode.SAME_HEX: "names the same hex as hexes.{other}",
    ScenarioProblemCode.NOT_TILE: "{value} is not a tile ({tiles})",
    ScenarioProblemCode.CHESTS_NOT_TREASURE: "only a treasure holds chests",
    ScenarioProblemCode.BAD_TEAM_NAME: "a team name must be unique, non-empty and without dots",
    ScenarioProblemCode.BAD_SHIP_ID: "a ship id is C1…C6 or B, once per team",
    ScenarioProblemCode.WRONG_SHIP_KIND: "ship {ship} is a {kind}",
    ScenarioProblemCode.CHESTS_DO_NOT_FIT: "{chests} chests do not fit a room of {room}",
    ScenarioProblemCode.OCTOPUS_IN_HARBOR: "no octopus holds a ship in its harbor",
    ScenarioProblemCode.BAD_PIRATE_ID: "a pirate id is P1, P2, …, each once",
    ScenarioProblemCode.PIRATE_MOVES: "a pirate gets {expected} moves, not {count}",
    ScenarioProblemCode.NOT_DIRECTION: "{value} is not a direction (N NE SE S SW NW)",
    ScenarioProblemCode.UNKNOWN_TEAM: "there is no team {team}",
    ScenarioProblemCode.ROUTE_TOKEN: "token {position} {token!r} is not one of {allowed}",
    ScenarioProblemCode.HARBOR_TOKEN: "token {position} {token!r} is not one of {allowed}",
    ScenarioProblemCode.NOT_DRAW_KEY: (
        "not a draw key (PIRATE.shot, PIRATE.redraw, TEAM.SHIP.rum, TEAM.B.shot)"
    ),
    ScenarioProblemCode.ILLEGAL_ORDERS: "{detail}",
    ScenarioProblemCode.INVALID_STATE: "{detail}",
}


@dataclass(frozen=True)
class ScenarioProblem:
    """One thing wrong with a round file: where it is (``orders.red.routes.C2``), what (``code`` and
    ``params``), and for an illegal order the engine's own :class:`Breach`.

    >>> p = ScenarioProblem("teams[0].harbor", ScenarioProblemCode.NOT_BAY, (("label", "A1"),))
    >>> str(p), p.message
    ('teams[0].harbor: A1 is not a bay', 'A1 is not a bay')
    """

    path: str
    code: ScenarioProblemCode
    params: tuple[tuple[str, ProblemParam], ...] = ()
    order_problem: Breach | None = None

    @property
    def message(self) -> str:
        """English text, as the command line prints it."""
        return SCENARIO_PROBLEM_TEXTS[self.code].format(**dict(self.params))

    def param(self, name: str) -> ProblemParam | None:
        return dict(self.params).get(name)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class ScenarioError(ValueError):
    """A round file that cannot be resolved; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ScenarioProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class Scenario:
    """What a round file holds: the state before the round, the orders, the fixed draws."""

    state: GameState
    orders: tuple[tuple[str, Orders], ...]
    draws: Draws

    @property
    def orders_by_team(self) -> dict[str, Orders]:
        return dict(self.orders)


class _Reader:
    """Walks the JSON tree, collecting problems instead of stopping at the first."""

    def __init__(self) -> None:
        self.problems: list[ScenarioProblem] = []

    def fail(self, path: str, code: ScenarioProblemCode, **params: ProblemParam) -> None:
        self.problems.append(ScenarioProblem(path, code, tuple(params.items())))

    def obj(
        self, value: object, path: str, allowed: set[str], required: frozenset[str] | set[str] = frozenset()
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(path, ScenarioProblemCode.NOT_OBJECT)
            return {}
        for key in value:
            if key not in allowed:
                self.fail(_join(path, key), ScenarioProblemCode.UNKNOWN_KEY)
        for key in sorted(required - set(value)):
            self.fail(_join(path, key), ScenarioProblemCode.MISSING)
        return {k: v for k, v in value.items() if k in allowed}

    def integer(self, value: object, path: str, default: int = 0, minimum: int | None = 0) -> int:
        if value is None:
            return default
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(path, ScenarioProblemCode.NOT_INTEGER)
            return default
        if minimum is not None and value < minimum:
            self.fail(path, ScenarioProblemCode.TOO_SMALL, minimum=minimum)
            return default
        return value

    def flag(self, value: object, path: str) -> bool:
        if value is None:
            return False
        if not isinstance(value, bool):
            self.fail(path, ScenarioProblemCode.NOT_BOOLEAN)
            return False
        return value

    def text(self, value: object, path: str) -> str | None:
        if not isinstance(value, str):
            self.fail(path, ScenarioProblemCode.NOT_STRING)
            return None
        return value

    def items(self, value: object, path: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(path, ScenarioProblemCode.NOT_LIST)
            return []
        return value

    def cell_label(self, g: BoardGeometry, value: object, path: str, *, bay: Hex | None = None) -> Hex | None:
        """A board hex label (or, when ``bay`` is given, that bay's label too)."""
        label = self.text(value, path)
        if label is None:
            return None
        try:
            h = g.parse(label)
        except LabelError:
            self.fail(path, ScenarioProblemCode.BAD_LABEL, label=label, side=g.side)
            return None
        if g.on_board(h) or h == bay:
            return h
        if bay is None:
            self.fail(path, ScenarioProblemCode.NOT_BOARD_HEX, label=label)
        else:
            self.fail(path, ScenarioProblemCode.NOT_BOARD_HEX_NOR_HARBOR, label=label)
        return None

    def directions(self, value: object, path: str) -> tuple[str, ...]:
        result: list[str] = []
        for i, d in enumerate(self.items(value, path)):
            if not isinstance(d, str) or d not in DIRECTIONS:
                self.fail(f"{path}[{i}]", ScenarioProblemCode.NOT_DIRECTION, **_value(d))
            else:
                result.append(d)
        return tuple(result)


def _or_empty(value: object) -> object:
    """An optional object: null reads as ``{}`` (the default), anything else is checked as given."""
    return {} if value is None else value


def _value(value: object) -> dict[str, ProblemParam]:
    """A file's value for a problem's text: ``value`` as the English text writes it (Python's repr),
    ``shown`` as the file has it (a string as is, anything else as JSON)."""
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return {"value": repr(value), "shown": shown}


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def parse_scenario(text: str) -> Scenario:
    """Read a round file; raises :class:`ScenarioError` listing every problem (with JSON paths)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        params = (("detail", str(e)), ("line", e.lineno), ("column", e.colno))
        raise ScenarioError([ScenarioProblem("", ScenarioProblemCode.NOT_JSON, params)]) from None
    except RecursionError:  # deeper than the parser goes
        raise ScenarioError([ScenarioProblem("", ScenarioProblemCode.TOO_DEEP)]) from None
    except ValueError:  # an integer longer than Python converts (sys.get_int_max_str_digits)
        limit = (("limit", sys.get_int_max_str_digits()),)
        raise ScenarioError([ScenarioProblem("", ScenarioProblemCode.NUMBER_TOO_LONG, limit)]) from None
    return load_scenario(data)


def load_scenario(data: object) -> Scenario:
    """Read an already decoded round file (see :func:`parse_scenario`)."""
    r = _Reader()
    top_keys = {"format", "side", "seed", "round", "hexes", "teams", "pirates", "orders", "draws"}
    doc = r.obj(data, "", top_keys | _OUTPUT_ONLY_KEYS, {"format", "side", "teams"})
    if doc.get("format", FORMAT) != FORMAT:
        r.fail("format", ScenarioProblemCode.WRONG_FORMAT, format=FORMAT)
    side = doc.get("side")
    try:
        check_side(side)
    except ValueError:
        if "side" in doc:
            r.fail("side", ScenarioProblemCode.BAD_SIDE, minimum=MIN_SIDE, maximum=MAX_SIDE, **_value(side))
        raise ScenarioError(r.problems) from None
    assert isinstance(side, int)
    g = geometry(side)
    seed = r.integer(doc.get("seed"), "seed", minimum=None)
    round_number = r.integer(doc.get("round"), "round", default=1, minimum=1)

    board = _read_board(r, g, doc.get("hexes"))
    teams = _read_teams(r, g, doc.get("teams"))
    pirates = _read_pirates(r, g, doc.get("pirates"))
    draws = _read_draws(r, g, doc.get("draws"))
    orders = _read_orders(r, g, doc.get("orders"), {t.name: t for t in teams})
    if r.problems:
        raise ScenarioError(r.problems)
    try:
        state = GameState(board, tuple(teams), tuple(pirates), seed=seed, round_number=round_number)
    except InvalidState as e:
        raise ScenarioError(
            [ScenarioProblem("", ScenarioProblemCode.INVALID_STATE, (("detail", str(e)),))]
        ) from None
    for name, team_orders in orders:
        for problem in check_orders(state, name, team_orders):
            r.problems.append(
                ScenarioProblem(
                    problem.path,
                    ScenarioProblemCode.ILLEGAL_ORDERS,
                    (("detail", problem.detail),),
                    order_problem=problem,
                )
            )
    if r.problems:
        raise ScenarioError(r.problems)
    return Scenario(state, tuple(orders), draws)


def _read_board(r: _Reader, g: BoardGeometry, value: object) -> Board:
    cells: dict[Hex, Cell] = {}
    labels: dict[Hex, str] = {}
    if value is None:
        return Board.empty(g.side)
    if not isinstance(value, dict):
        r.fail("hexes", ScenarioProblemCode.NOT_OBJECT)
        return Board.empty(g.side)
    for label, spec in value.items():
        path = f"hexes.{label}"
        h = r.cell_label(g, label, path)
        item = r.obj(spec, path, {"tile", "chests", "revealed"}, {"tile"})
        if h is not None and h in labels:
            r.fail(path, ScenarioProblemCode.SAME_HEX, other=labels[h])
            continue
        if h is not None:
            labels[h] = label
        if h is None or "tile" not in item:
            continue
        try:
            tile = Tile(item["tile"])
        except ValueError:
            tiles = ", ".join(t.value for t in Tile)
            r.fail(f"{path}.tile", ScenarioProblemCode.NOT_TILE, tiles=tiles, **_value(item["tile"]))
            continue
        chests = r.integer(item.get("chests"), f"{path}.chests")
        if chests and tile is not Tile.TREASURE:
            r.fail(f"{path}.chests", ScenarioProblemCode.CHESTS_NOT_TREASURE)
            chests = 0
        cells[h] = Cell(tile, chests, r.flag(item.get("revealed"), f"{path}.revealed"))
    return Board.from_cells(g.side, cells)


_SHIP_KEYS = {"id", "kind", "at", "chests", "boat", "seahorse", "mermaid", "octopus", "new"}


def _read_teams(r: _Reader, g: BoardGeometry, value: object) -> list[Team]:
    teams: list[Team] = []
    names: set[str] = set()
    for i, spec in enumerate(r.items(value, "teams")):
        path = f"teams[{i}]"
        item = r.obj(spec, path, {"name", "harbor", "delivered", "ap_total", "ships"}, {"name", "harbor"})
        name = r.text(item.get("name"), f"{path}.name") if "name" in item else None
        if name is not None and (not name or "." in name or name in names):
            r.fail(f"{path}.name", ScenarioProblemCode.BAD_TEAM_NAME)
            name = None
        harbor = None
        if "harbor" in item:
            label = r.text(item["harbor"], f"{path}.harbor")
            if label is not None:
                try:
                    harbor = g.parse(label)
                except LabelError:
                    r.fail(f"{path}.harbor", ScenarioProblemCode.BAD_LABEL, label=label, side=g.side)
                if harbor is not None and not g.is_bay(harbor):
                    r.fail(f"{path}.harbor", ScenarioProblemCode.NOT_BAY, label=label)
                    harbor = None
        ships = _read_ships(r, g, item.get("ships"), f"{path}.ships", harbor)
        delivered = r.integer(item.get("delivered"), f"{path}.delivered")
        ap_total = r.integer(item.get("ap_total"), f"{path}.ap_total")
        if name is not None and harbor is not None:
            names.add(name)
            teams.append(Team(name, harbor, tuple(ships), delivered, ap_total))
    return teams


def _read_ships(r: _Reader, g: BoardGeometry, value: object, path: str, harbor: Hex | None) -> list[Ship]:
    ships: list[Ship] = []
    seen: set[ShipId] = set()
    for i, spec in enumerate(r.items(value, path)):
        spath = f"{path}[{i}]"
        item = r.obj(spec, spath, _SHIP_KEYS, {"id", "kind", "at"})
        written = item.get("id")
        ship_id = ShipId.read(written) if isinstance(written, str) else None
        if ship_id is None or ship_id not in (*CARGO_IDS, BATTLESHIP_ID) or ship_id in seen:
            r.fail(f"{spath}.id", ScenarioProblemCode.BAD_SHIP_ID)
            continue
        seen.add(ship_id)
        expected = ShipKind.BATTLESHIP if ship_id == BATTLESHIP_ID else ShipKind.CARGO
        if item.get("kind") != expected.value:
            r.fail(f"{spath}.kind", ScenarioProblemCode.WRONG_SHIP_KIND, ship=ship_id, kind=expected.value)
        at = r.cell_label(g, item.get("at"), f"{spath}.at", bay=harbor) if "at" in item else None
        chests = r.integer(item.get("chests"), f"{spath}.chests")
        boat = r.integer(item.get("boat"), f"{spath}.boat")
        flags = {f: r.flag(item.get(f), f"{spath}.{f}") for f in ("seahorse", "mermaid", "octopus", "new")}
        room = 1 + boat if expected is ShipKind.CARGO else 0
        if chests > room:
            r.fail(f"{spath}.chests", ScenarioProblemCode.CHESTS_DO_NOT_FIT, chests=chests, room=room)
        if at is None:
            continue
        in_harbor = at == harbor
        if in_harbor and flags["octopus"]:
            r.fail(f"{spath}.octopus", ScenarioProblemCode.OCTOPUS_IN_HARBOR)
        ships.append(
            Ship(
                ship_id,
                expected,
                None if in_harbor else at,
                chests=min(chests, room),
                boat=boat,
                seahorse=flags["seahorse"],
                mermaid=flags["mermaid"],
                octopus=flags["octopus"] and not in_harbor,
            )  # "new" is ignored in input: it tells what the last round brought
        )
    return ships


def _read_pirates(r: _Reader, g: BoardGeometry, value: object) -> list[Pirate]:
    pirates: list[Pirate] = []
    seen: set[str] = set()
    for i, spec in enumerate(r.items(value, "pirates")):
        path = f"pirates[{i}]"
        item = r.obj(spec, path, {"id", "at", "moves", "seahorse", "mermaid", "octopus"}, {"id", "at"})
        pirate_id = item.get("id")
        if not isinstance(pirate_id, str) or not is_pirate_id(pirate_id) or pirate_id in seen:
            r.fail(f"{path}.id", ScenarioProblemCode.BAD_PIRATE_ID)
            continue
        seen.add(pirate_id)
        at = r.cell_label(g, item.get("at"), f"{path}.at") if "at" in item else None
        flags = {f: r.flag(item.get(f), f"{path}.{f}") for f in ("seahorse", "mermaid", "octopus")}
        moves = r.directions(item.get("moves"), f"{path}.moves")
        expected = PIRATE_MOVES * (2 if flags["seahorse"] else 1)
        if moves and len(moves) != expected:
            r.fail(f"{path}.moves", ScenarioProblemCode.PIRATE_MOVES, expected=expected, count=len(moves))
        if at is not None:
            pirates.append(Pirate(ShipId.parse(pirate_id), at, moves, **flags))
    return pirates


def _read_orders(
    r: _Reader, g: BoardGeometry, value: object, teams: Mapping[str, Team]
) -> list[tuple[str, Orders]]:
    if value is None:
        return []
    if not isinstance(value, dict):
        r.fail("orders", ScenarioProblemCode.NOT_OBJECT)
        return []
    result: list[tuple[str, Orders]] = []
    for name, spec in value.items():
        path = f"orders.{name}"
        if name not in teams:
            r.fail(path, ScenarioProblemCode.UNKNOWN_TEAM, team=name)
            continue
        item = r.obj(spec, path, {"ap", "build", "routes", "harbor", "fire"}, {"ap"})
        ap = r.integer(item.get("ap"), f"{path}.ap", minimum=None)
        build = r.obj(_or_empty(item.get("build")), f"{path}.build", {"cargo", "battleship"})
        cargo = r.integer(build.get("cargo"), f"{path}.build.cargo", minimum=None)
        battleships = r.integer(build.get("battleship"), f"{path}.build.battleship", minimum=None)
        routes = []
        route_specs = _or_empty(item.get("routes"))
        if not isinstance(route_specs, dict):
            r.fail(f"{path}.routes", ScenarioProblemCode.NOT_OBJECT)
            route_specs = {}
        for key, text in route_specs.items():
            rpath = f"{path}.routes.{key}"
            ship_id = ShipId.read(key)
            if ship_id is None:  # (a ship id the team lacks, C7 or P1, is the orders' check's to name)
                r.fail(rpath, ScenarioProblemCode.BAD_SHIP_ID)
                continue
            route_text = r.text(text, rpath)
            if route_text is None:
                continue
            try:
                routes.append((ship_id, Route.parse(route_text)))
            except RouteSyntaxError as e:
                r.fail(rpath, ScenarioProblemCode.ROUTE_TOKEN, **_syntax(e))
        harbor = HarborMoves()
        if item.get("harbor") is not None:
            harbor_text = r.text(item["harbor"], f"{path}.harbor")
            try:
                harbor = HarborMoves.parse(harbor_text or "")
            except RouteSyntaxError as e:
                r.fail(f"{path}.harbor", ScenarioProblemCode.HARBOR_TOKEN, **_syntax(e))
        fire = r.cell_label(g, item["fire"], f"{path}.fire") if item.get("fire") is not None else None
        result.append((name, Orders(ap, cargo, battleships, tuple(routes), harbor, fire)))
    return result


def _syntax(e: RouteSyntaxError) -> dict[str, ProblemParam]:
    return {"position": e.position, "token": e.token, "allowed": " ".join(e.allowed)}


def read_draws(value: object, side: int) -> Draws:
    """A round file's ``draws`` on their own (as a camp stores a round's fixed draws); raises
    :class:`ScenarioError` with every problem."""
    r = _Reader()
    draws = _read_draws(r, geometry(side), value)
    if r.problems:
        raise ScenarioError(r.problems)
    return draws


def _read_draws(r: _Reader, g: BoardGeometry, value: object) -> Draws:
    if value is None:
        return Draws()
    if not isinstance(value, dict):
        r.fail("draws", ScenarioProblemCode.NOT_OBJECT)
        return Draws()
    directions: list[tuple[str, tuple[str, ...]]] = []
    targets: list[tuple[str, Hex]] = []
    for key, spec in value.items():
        path = f"draws.{key}"
        kind = draw_key_kind(key)
        if kind is None:
            r.fail(path, ScenarioProblemCode.NOT_DRAW_KEY)
        elif kind == "shot":
            target = r.cell_label(g, spec, path)
            if target is not None:
                targets.append((key, target))
        else:
            directions.append((key, r.directions(spec, path)))
    return Draws(tuple(directions), tuple(targets))
