"""What a rehearsal plays: the boards, the teams, the AP table and the models (:class:`RehearsalSpec`),
and the check that refuses a spec it cannot play (:class:`RehearsalSpecError`, a code and params)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields

from ..generator import generate_map, side_distances, walled_in
from ..hexes import MAX_SIDE, MIN_SIDE, Hex, geometry, turned
from ..state import Cell
from ..tiles import Tile

#: Boards rehearsed side by side, at most.
MAX_BOARDS = 4
#: Teams of a rehearsal: as many as a camp may have on the board.
MIN_TEAMS, MAX_TEAMS = 2, 12
MAX_ROUNDS = 60
MAX_CAMPS = 10_000
#: Placement models: every ranking as likely (ties as the mini-games give them), or the first team
#: places higher more often.
PLACEMENTS = ("uniform", "strong")
#: Who plays the teams: every bot on camps of its own (the default), one bot, or the planner and
#: the greedy bot alternating by seat.
BOTS = ("every", "planner", "greedy", "novice", "mixed")


class RehearsalSpecError(ValueError):
    """A spec the rehearsal cannot play: ``code`` names the problem, ``params`` its values."""

    def __init__(self, code: str, **params: str | int) -> None:
        self.code = code
        self.params = params
        details = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code} ({details})" if details else code)


class RehearsalCancelled(ValueError):
    """The rehearsal was cancelled (its ``cancelled`` callback said so) before it was done."""

    code = "cancelled"

    def __init__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self.params = {"done": done, "total": total}
        super().__init__(f"cancelled after {done} of {total} simulated camps")


@dataclass(frozen=True)
class RehearsalBoard:
    """One board to rehearse: every hex's hidden content as the board stores it (a hex missing is
    hidden open sea; a hex stored revealed starts revealed)."""

    label: str
    side: int
    cells: Mapping[Hex, Cell] = field(repr=False)
    #: The seed it was dealt from (None: an edited or stored board).
    board_seed: int | None = None

    def __reduce__(self) -> tuple[type[RehearsalBoard], tuple[object, ...]]:
        # Pickled by its fields (to a worker): the compiled engine's frozen classes refuse the default.
        return (RehearsalBoard, tuple(getattr(self, part.name) for part in fields(self)))


@dataclass(frozen=True)
class RehearsalSpec:
    """A rehearsal: the same simulated camps on each board (camp ``k`` of every board draws its
    sides, bays, placements and the round's random draws from (``seed``, ``k``))."""

    boards: tuple[RehearsalBoard, ...]
    teams: tuple[str, ...]
    ap_table: tuple[int, ...]
    rounds: int = 14
    camps: int = 200
    placement: str = "uniform"
    bots: str = "every"
    seed: int = 0

    def __reduce__(self) -> tuple[type[RehearsalSpec], tuple[object, ...]]:
        # Pickled by its fields (to a worker): the compiled engine's frozen classes refuse the default.
        return (RehearsalSpec, tuple(getattr(self, part.name) for part in fields(self)))

    @property
    def side(self) -> int:
        return self.boards[0].side


def dealt_board(
    side: int, seed: int, label: str | None = None, *, teams: int | None = None
) -> RehearsalBoard:
    """The board the generator deals from ``seed`` (its default mix; with ``teams``, balanced for
    that many, as the board page deals it for the camp run's teams), every hex hidden. Raises the
    generator's errors (``generator.GeneratorError``: a side or seed it refuses, no board found)."""
    dealt = generate_map(side, seed, teams=teams)
    cells = {h: Cell(c.tile, c.chests) for h, c in dealt.tiles.items()}
    return RehearsalBoard(f"Seed {seed}" if label is None else label, side, cells, seed)


def symmetric_board(side: int, seed: int, label: str | None = None) -> RehearsalBoard:
    """A board fair by construction: the third of a dealt board nearest its bottom side, turned by a
    third and two thirds of a full turn onto the other two (``hexes.turned``: bays onto bays, each
    side onto the next), the middle hex as dealt. The rehearsal's yardstick: on such a board every
    side's teams stand alike, so a side winning more than its share says the rehearsal leans
    (issue 30). The first of the dealt boards from ``seed``, ``seed + 1``, … whose thirds wall no hex
    in with reefs. Not a board to play: a team finding one thing would know two more."""
    near_bottom = side_distances(side)["bottom"]
    g = geometry(side)
    for attempt in range(seed, seed + 100):
        dealt = generate_map(side, attempt).tiles
        cells: dict[Hex, Cell] = {}
        for h in g.ordered:
            orbit = [turned(h, side, t) for t in range(3)]
            # the orbit's hex nearest the bottom side (the first label on a tie) gives its cell
            source = min(orbit, key=lambda o: (near_bottom[o], g.sort_key(o)))
            dealt_cell = dealt[source]
            cells[h] = Cell(dealt_cell.tile, dealt_cell.chests)
        if not walled_in(side, {h for h, c in cells.items() if c.tile is Tile.REEFS}):
            return RehearsalBoard(f"Symmetric {attempt}" if label is None else label, side, cells, None)
    raise ValueError(f"no symmetric board of side {side} from seeds {seed} to {seed + 99}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_spec(spec: RehearsalSpec) -> None:
    """Raise :class:`RehearsalSpecError` for the first thing wrong with ``spec`` (nothing is played)."""
    if not isinstance(spec.boards, tuple) or not 1 <= len(spec.boards) <= MAX_BOARDS:
        count = len(spec.boards) if isinstance(spec.boards, tuple) else 0
        raise RehearsalSpecError("boards", count=count, max=MAX_BOARDS)
    for index, board in enumerate(spec.boards):
        _check_board(index, board)
    sides = {b.side for b in spec.boards}
    if len(sides) > 1:
        raise RehearsalSpecError("boards_side", sides=", ".join(str(s) for s in sorted(sides)))
    teams = spec.teams
    if not isinstance(teams, tuple) or not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
        count = len(teams) if isinstance(teams, tuple) else 0
        raise RehearsalSpecError("teams", count=count, min=MIN_TEAMS, max=MAX_TEAMS)
    for name in teams:
        if not isinstance(name, str) or not name.strip():
            raise RehearsalSpecError("team_name", name=str(name))
    if len(set(teams)) != len(teams):
        twice = next(n for n in teams if teams.count(n) > 1)
        raise RehearsalSpecError("team_twice", name=twice)
    per_side = -(-len(teams) // 3)  # sides are dealt round-robin: the fullest side has this many
    bays = len(geometry(spec.side).bays) // 3
    if per_side > bays:
        raise RehearsalSpecError("bays", teams=len(teams), side=spec.side, bays=bays)
    table = spec.ap_table
    if not isinstance(table, tuple) or not table or not all(_whole(a) and a >= 0 for a in table):
        raise RehearsalSpecError(
            "ap_table", table=", ".join(map(str, table)) if isinstance(table, tuple) else ""
        )
    if not _whole(spec.rounds) or not 1 <= spec.rounds <= MAX_ROUNDS:
        raise RehearsalSpecError("rounds", rounds=str(spec.rounds), max=MAX_ROUNDS)
    if not _whole(spec.camps) or not 1 <= spec.camps <= MAX_CAMPS:
        raise RehearsalSpecError("camps", camps=str(spec.camps), max=MAX_CAMPS)
    if spec.placement not in PLACEMENTS:
        raise RehearsalSpecError("placement", placement=str(spec.placement), allowed=" ".join(PLACEMENTS))
    if spec.bots not in BOTS:
        raise RehearsalSpecError("bots", bots=str(spec.bots), allowed=" ".join(BOTS))
    if not _whole(spec.seed) or spec.seed < 0:
        raise RehearsalSpecError("seed", seed=str(spec.seed))


def _check_board(index: int, board: RehearsalBoard) -> None:
    if not _whole(board.side) or not MIN_SIDE <= board.side <= MAX_SIDE:
        raise RehearsalSpecError("side", board=index + 1, side=str(board.side), min=MIN_SIDE, max=MAX_SIDE)
    g = geometry(board.side)
    for h, cell in board.cells.items():
        if not isinstance(h, Hex) or not g.on_board(h) or not isinstance(cell, Cell):
            raise RehearsalSpecError("board_cell", board=index + 1, hex=repr(h))
        if not _whole(cell.chests) or cell.chests < 0 or (cell.chests and cell.tile is not Tile.TREASURE):
            raise RehearsalSpecError("board_chests", board=index + 1, hex=g.label(h), chests=str(cell.chests))
    if not any(cell.chests for cell in board.cells.values()):
        raise RehearsalSpecError("board_treasure", board=index + 1)
    if board.board_seed is not None and not _whole(board.board_seed):
        raise RehearsalSpecError("board_seed", board=index + 1, seed=str(board.board_seed))
