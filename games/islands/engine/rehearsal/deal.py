"""The fair deal (issue 30): boards dealt by the generator, tuned and judged by the rehearsal, and
only one the rehearsal has proven fair handed out.

No game of this kind deals with a simulation in the loop; here every board staff are offered is one
whose simulated camps proved every side (and every place in a side's order of choice) within 5
points of its fair share of the won camps, for every style of play (``judge.py``). The search:

1. **Deal** a candidate: the generator's balanced deal (``generator.generate_map`` with the seats of
   this many teams: every side's hold on the chests, helpers and dangers alike by the way's cost,
   ``balance.py``), from a seed of the search's own.
2. **Screen and tune** it: play 50 camps per style at a time, tracking every style's shares over
   everything played on the candidate (:class:`_Tracker`). A candidate whose styles lie far apart
   (moving chests moves every style alike, so that cannot be tuned) is dropped as soon as that is
   clear. Otherwise chests are moved, one at a time, from one treasure to another, towards the
   common lean that leaves the styles furthest apart equally far from fair (``balance.holdings``
   predicts what a move does), and the tuned board is screened again on fresh camps. One with no
   chest to move whose shares are known well, one of them too far from fair, is dropped too.
3. **Confirm** the survivor on camps of a fresh simulation seed (the best of several always looks
   fairer than it is): looked at after each of :data:`CONFIRM_LOOKS` camps per style; it passes when
   the judge proves it fair, its false pass split over the looks (a share 5 points off passes in
   fewer than 1 in 100 confirmations). A board that cannot pass is tuned on from the
   confirmation's camps, or dropped.

Everything is drawn from the search's seed: the same spec gives the same board, for any number of
workers. ``docs/islands-map-generator.md`` explains the method and its figures.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..balance import HAZARD_COSTS, Holdings, Seat, holdings
from ..bots import STYLES
from ..generator import Cell, GeneratorError, TileMix, default_mix, generate_map
from ..hexes import Hex, geometry
from ..state import Cell as StateCell
from ..tiles import Tile
from .figures import board_figures, shares
from .judge import FALSE_PASS, NORMAL, TOLERANCE, Share, proven
from .play import CampRecord
from .run import CampRunner, Cancelled, Watch, camp_tasks, check_workers
from .spec import RehearsalBoard, RehearsalSpec, RehearsalSpecError, check_spec

#: Camps per style a candidate is screened with at a time.
SCREEN_CAMPS = 50
#: Camps per style a candidate is screened and tuned with at most before it is dropped.
SCREEN_MOST = 1500
#: Chest moves a candidate is tuned with at most.
MAX_MOVES = 8
#: A chest is moved when the styles together lean at least this much (and beyond chance).
TUNE_FROM = 0.012
#: A candidate goes on to confirmation when no style's share is predicted further than this from
#: its fair share, each known to within READY_DOUBT (a standard error).
READY = 0.03
READY_DOUBT = 0.016
#: Camps per style a confirmation is judged after (the proof's false pass split over the looks).
CONFIRM_LOOKS: tuple[int, ...] = (2000, 4000, 7000)
#: A confirmation stops early when a share is this much beyond what its last look could prove.
HOPELESS_MARGIN = 0.005
#: Candidates dealt at most before the search gives up.
MAX_CANDIDATES = 200


def confirm_z() -> float:
    """The standard errors a confirmation's proof adds at each look (its false pass split over
    :data:`CONFIRM_LOOKS`)."""
    return NORMAL.inv_cdf(1 - FALSE_PASS / len(CONFIRM_LOOKS))


def beyond_proof(checks: Sequence[Share], looked: int, tolerance: float | None = None) -> bool:
    """Whether a confirmation looked at after ``looked`` camps a style is hopeless: a share whose
    distance is :data:`HOPELESS_MARGIN` beyond what its last look could prove within ``tolerance``
    (by default :data:`TOLERANCE`; stopping there spends no false pass)."""
    bound = TOLERANCE if tolerance is None else tolerance
    z, shrink = confirm_z(), math.sqrt(looked / CONFIRM_LOOKS[-1])
    return any(abs(c.off) > bound - z * c.se * shrink + HOPELESS_MARGIN for c in checks)


class DealError(ValueError):
    """The search cannot deal a fair board: ``code`` names why, ``params`` the figures."""

    def __init__(self, code: str, **params: str | int) -> None:
        self.code, self.params = code, params
        details = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code} ({details})" if details else code)


@dataclass(frozen=True)
class DealSpec:
    """A fair deal asked for: the board's side, how many teams (their names do not matter: the
    sides are drawn by lot), the AP table, the rounds, the tile mix and the search's seed."""

    side: int
    teams: int
    ap_table: tuple[int, ...]
    rounds: int = 14
    seed: int = 0
    mix: TileMix | None = None


@dataclass(frozen=True)
class DealStatus:
    """How the search stands, for its progress bar."""

    stage: str  # "screening" or "confirming"
    candidate: int
    camps: int
    confirm_done: int = 0
    confirm_total: int = 0


@dataclass(frozen=True)
class FairDeal:
    """A board the rehearsal proved fair: every hex's cell, and the confirmation's figures."""

    cells: Mapping[Hex, Cell] = field(repr=False)
    #: The confirmation's board entry of a rehearsal report (``figures.board_figures``).
    confirmation: Mapping[str, object] = field(repr=False)
    #: Which candidate it was (1: the first dealt), how many chests were moved, the camps played.
    candidate: int
    moves: int
    camps: int


def board_rows(cells: Mapping[Hex, Cell]) -> list[list[int | str]]:
    """A board as a deal's report keeps it: ``[q, r, tile, chests]`` of every hex holding a tile,
    sorted."""
    rows = sorted((h.q, h.r, c.tile.value, c.chests) for h, c in cells.items() if c.tile is not Tile.OPEN_SEA)
    return [list(row) for row in rows]


def board_from_rows(rows: Iterable[Sequence[Any]]) -> dict[Hex, Cell]:
    """The board :func:`board_rows` wrote (every hex that holds a tile)."""
    return {Hex(q, r): Cell(Tile(tile), chests) for q, r, tile, chests in rows}


def rehearsal_cells(cells: Mapping[Hex, Cell]) -> dict[Hex, StateCell]:
    """A dealt board as a rehearsal plays it (open sea left out: a hex missing is open sea)."""
    return {h: StateCell(c.tile, c.chests) for h, c in cells.items() if c.tile is not Tile.OPEN_SEA}


def derived(seed: int, *parts: object) -> int:
    """A 63-bit seed of its own from the search's seed and ``parts``."""
    digest = hashlib.sha256(repr(("zlate-ostrovy-deal", seed, *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def team_names(teams: int) -> tuple[str, ...]:
    return tuple(f"T{i}" for i in range(1, teams + 1))


def check_deal(spec: DealSpec) -> None:
    """Raise :class:`DealError` naming the setting that makes a fair board impossible."""
    try:
        mix = spec.mix or default_mix(spec.side)
    except GeneratorError:
        raise DealError("side", side=str(spec.side)) from None
    bays = len(geometry(spec.side).bays) // 3
    per_side = -(-spec.teams // 3)
    if per_side > bays:
        raise DealError("bays", teams=spec.teams, side=spec.side, bays=bays, most=3 * bays)
    if spec.teams < 2:
        raise DealError("teams", teams=spec.teams)
    if not any(spec.ap_table):
        raise DealError("ap_table")
    if mix.chests < spec.teams:
        raise DealError("chests", chests=mix.chests, teams=spec.teams)
    if not isinstance(spec.seed, int) or not 0 <= spec.seed < 2**63:
        raise DealError("seed", seed=str(spec.seed))
    probe = RehearsalBoard("Deal", spec.side, {Hex(0, 0): StateCell(Tile.TREASURE, 1)})
    try:
        check_spec(RehearsalSpec((probe,), team_names(spec.teams), spec.ap_table, rounds=spec.rounds))
    except RehearsalSpecError as exc:
        raise DealError(exc.code, **exc.params) from None


DealProgress = Callable[[DealStatus], None]


class _Search:
    """One search: its spec, the worker processes, the camps played so far."""

    def __init__(self, spec: DealSpec, runner: CampRunner, progress: DealProgress | None) -> None:
        self.spec, self.runner, self.progress = spec, runner, progress
        self.camps = 0
        self.candidate = 0
        self.names = team_names(spec.teams)

    def status(self, stage: str, done: int = 0, total: int = 0) -> None:
        if self.progress is not None:
            self.progress(DealStatus(stage, self.candidate, self.camps, done, total))

    def play(self, cells: Mapping[Hex, Cell], seed: int, first: int, last: int) -> list[CampRecord]:
        """Camps ``first`` to ``last - 1`` of every style on ``cells``, simulation seed ``seed``."""
        board = RehearsalBoard("Deal", self.spec.side, rehearsal_cells(cells))
        rspec = RehearsalSpec(
            (board,), self.names, self.spec.ap_table, rounds=self.spec.rounds, camps=last, seed=seed
        )
        tasks = [task for style in STYLES for task in camp_tasks(rspec, 0, style, first, last)]
        found = [record for records in self.runner.play(tasks) for record in records]
        self.camps += len(found)
        return found

    # -- one candidate ------------------------------------------------------------------------------

    def fair(self, cells: dict[Hex, Cell]) -> FairDeal | None:
        """The candidate tuned and proven fair, or None when it is dropped."""
        spec = self.spec
        held = holdings(
            spec.side, spec.teams, {h: c.tile for h, c in cells.items() if c.tile in HAZARD_COSTS}
        )
        tracker = _Tracker(spec.teams)
        moves = 0
        while tracker.screened < SCREEN_MOST:
            self.status("screening")
            played = tracker.camps_now()
            seed = derived(spec.seed, "screen", self.candidate, len(tracker.versions))
            tracker.add(self.play(cells, seed, played, played + SCREEN_CAMPS))
            if tracker.hopeless():
                return None
            if tracker.camps_now() < READY_CAMPS:
                continue
            move = self.best_move(cells, held, tracker) if tracker.leans() and moves < MAX_MOVES else None
            if move is None:
                if not tracker.ready():
                    if tracker.stuck():
                        return None
                    continue
                confirmed = self.confirm(cells, len(tracker.versions), moves)
                if isinstance(confirmed, FairDeal):
                    return confirmed
                tracker.add(confirmed, fresh=True)
                if tracker.hopeless() or moves == MAX_MOVES:
                    return None
                move = self.best_move(cells, held, tracker)
                if move is None:
                    return None
            cells = _moved(cells, move[0], move[1])
            tracker.moved(move[2])
            moves += 1
        return None

    def confirm(self, cells: Mapping[Hex, Cell], version: int, moves: int) -> FairDeal | list[CampRecord]:
        """The board proven fair on a fresh simulation seed, or the camps that failed to prove it.

        Judged after each of :data:`CONFIRM_LOOKS` camps per style, the false pass split over the
        looks; it stops early too when a share is so far off that the last look would hardly prove
        it (:data:`HOPELESS_MARGIN` beyond; that spends no false pass)."""
        spec = self.spec
        seed = derived(spec.seed, "confirm", self.candidate, version)
        z = confirm_z()
        most = CONFIRM_LOOKS[-1]
        records: list[CampRecord] = []
        first = 0
        for last in CONFIRM_LOOKS:
            self.status("confirming", first, most)
            records += self.play(cells, seed, first, last)
            first = last
            checks = shares(records, spec.teams)
            if proven(checks, z):
                board = RehearsalBoard("Deal", spec.side, rehearsal_cells(cells))
                rspec = RehearsalSpec(
                    (board,), self.names, spec.ap_table, rounds=spec.rounds, camps=last, seed=seed
                )
                ordered = sorted(records, key=lambda r: (STYLES.index(r.style), r.camp))
                figures = board_figures(board, rspec, ordered, len(CONFIRM_LOOKS))
                return FairDeal(cells, figures, self.candidate, moves, self.camps)
            if beyond_proof(checks, last):
                break
        return records

    def best_move(
        self, cells: Mapping[Hex, Cell], held: Holdings, tracker: _Tracker
    ) -> tuple[Hex, Hex, dict[Key, float]] | None:
        """The chest to move (from one treasure to another, each keeping 1 to 3) that brings the
        styles' common shares nearest their fair shares, by the sum of squares (``balance.holdings``
        predicts how much of each seat's hold moves with it; :data:`MOVE_GAIN` what a chest held is
        worth); None when no move would make that sum :data:`MOVE_BETTER` of what it is."""
        index = {h: j for j, h in enumerate(geometry(self.spec.side).ordered)}
        lean = tracker.lean()
        aims = tracker.aims()
        now = sum((v - aims.get(key, 0.0)) ** 2 for key, v in lean.items())
        treasures = [h for h, c in cells.items() if c.tile is Tile.TREASURE]
        total = sum(held.weight)
        best: tuple[float, Hex, Hex, dict[Key, float]] | None = None
        for x in treasures:
            if cells[x].chests <= 1:
                continue
            for y in treasures:
                if y == x or cells[y].chests >= 3:
                    continue
                gain = [MOVE_GAIN * (row[index[y]] - row[index[x]]) for row in held.share]
                mean = sum(g * w for g, w in zip(gain, held.weight, strict=True)) / total
                seat_gain = {seat: g - mean for seat, g in zip(held.seats, gain, strict=True)}
                effect = {key: _gain(key, seat_gain, held) for key in lean}
                miss = sum((lean[key] + effect[key] - aims.get(key, 0.0)) ** 2 for key in lean)
                if best is None or miss < best[0]:
                    best = (miss, x, y, effect)
        if best is None or best[0] > MOVE_BETTER * now:
            return None
        return best[1], best[2], best[3]


#: What a chest is worth, moved, in a check's share per whole hex of hold: measured on camps of
#: every style (a chest moved from a treasure one side holds to one another side holds moves about
#: 12 points of the won camps; ``balance.CHEST_WORTH``, learned over whole boards, is smaller).
MOVE_GAIN = 0.12
#: A move is made only when it is predicted to leave at most this share of the squared lean.
MOVE_BETTER = 0.8


def _gain(key: Key, seat_gain: Mapping[Seat, float], held: Holdings) -> float:
    """The predicted gain of a check: its seats' together, each as often as it is taken (a side's
    seats, or the seats of one place in the order of choice)."""
    side, order = key
    return sum(
        w * seat_gain[s]
        for s, w in zip(held.seats, held.weight, strict=True)
        if (s[0] == side if not order else s[1] == order)
    )


def _moved(cells: Mapping[Hex, Cell], x: Hex, y: Hex) -> dict[Hex, Cell]:
    out = dict(cells)
    out[x] = Cell(Tile.TREASURE, cells[x].chests - 1)
    out[y] = Cell(Tile.TREASURE, cells[y].chests + 1)
    return out


#: A check's key: a side and 0, or "" and a place in the order of choice (``figures.shares``).
Key = tuple[str, int]


class _Tracker:
    """Everything a candidate's camps told, version after version (a version: the board between
    two moves of a chest): each check's lean now, the styles together (what moving chests mends,
    each earlier version's shifted by the moves' predicted effects, their doubt added) and each
    style's difference from them (what it does not: pooled over every version)."""

    def __init__(self, teams: int) -> None:
        self.teams = teams
        #: Per version: its checks, and the predicted shift of each key from it to now (and doubt).
        self.versions: list[tuple[list[CampRecord], dict[Key, float], dict[Key, float]]] = [([], {}, {})]
        self.screened = 0
        #: Per version, its checks and the camps they were counted from: only the version being
        #: played grows, and counting every version anew at every step was 40 % of the search's own
        #: work (not its workers') on side 13 with twelve teams.
        self._counted: dict[int, tuple[int, list[Share]]] = {}

    def camps_now(self) -> int:
        return len(self.versions[-1][0]) // len(STYLES)

    def add(self, records: list[CampRecord], *, fresh: bool = False) -> None:
        """Camps played on the board as it is now (``fresh``: a confirmation's, a version apart)."""
        if fresh:
            self.versions.append((records, {}, {}))
            self.versions.append(([], {}, {}))
        else:
            self.versions[-1][0].extend(records)
        self.screened += len(records) // len(STYLES)

    def moved(self, effect: Mapping[Key, float]) -> None:
        """A chest was moved with ``effect`` predicted on each key."""
        for _records, shift, doubt in self.versions:
            for key, e in effect.items():
                shift[key] = shift.get(key, 0.0) + e
                doubt[key] = doubt.get(key, 0.0) + (MOVE_DOUBT * e) ** 2 + MOVE_DOUBT_FLOOR**2
        self.versions.append(([], {}, {}))

    def _checks(self) -> list[tuple[list[Share], dict[Key, float], dict[Key, float]]]:
        out = []
        for version, (records, shift, doubt) in enumerate(self.versions):
            if not records:
                continue
            counted = self._counted.get(version)
            if counted is None or counted[0] != len(records):
                counted = self._counted[version] = (len(records), shares(records, self.teams))
            out.append((counted[1], shift, doubt))
        return out

    def lean(self) -> dict[Key, float]:
        """Each key's lean now, the styles together (inverse-variance mean over the versions)."""
        return {key: value for key, (value, _var) in self._lean().items()}

    def _lean(self) -> dict[Key, tuple[float, float]]:
        sums: dict[Key, list[float]] = {}
        for checks, shift, doubt in self._checks():
            groups: dict[Key, list[Share]] = {}
            for c in checks:
                groups.setdefault((c.side, c.order), []).append(c)
            for key, group in groups.items():
                value = sum(c.off for c in group) / len(group) + shift.get(key, 0.0)
                var = sum(c.se**2 for c in group) / len(group) ** 2 + doubt.get(key, 0.0)
                acc = sums.setdefault(key, [0.0, 0.0])
                acc[0] += value / var
                acc[1] += 1 / var
        return {key: (acc[0] / acc[1], 1 / acc[1]) for key, acc in sums.items()}

    def apart(self) -> dict[tuple[str, Key], float]:
        """Each style's difference from the styles together, by key (pooled over the versions)."""
        return {key: value for key, (value, _var) in self._apart().items()}

    def _apart(self) -> dict[tuple[str, Key], tuple[float, float]]:
        sums: dict[tuple[str, Key], list[float]] = {}
        for checks, _shift, _doubt in self._checks():
            groups: dict[Key, list[Share]] = {}
            for c in checks:
                groups.setdefault((c.side, c.order), []).append(c)
            for key, group in groups.items():
                mean = sum(c.off for c in group) / len(group)
                for c in group:
                    var = c.se**2 * (1 - 1 / len(group))
                    acc = sums.setdefault((c.style, key), [0.0, 0.0])
                    acc[0] += (c.off - mean) / var
                    acc[1] += 1 / var
        return {key: (acc[0] / acc[1], 1 / acc[1]) for key, acc in sums.items()}

    def spread(self) -> dict[Key, tuple[float, float, float]]:
        """Per key, the styles' differences from their mean, shrunk toward none by their doubt: the
        middle of their range (the lean that puts the styles furthest apart equally far from fair),
        half their range, and its doubt (a variance)."""
        grouped: dict[Key, list[tuple[float, float]]] = {}
        for (_style, key), (v, var) in self._apart().items():
            shrunk = v * APART_PRIOR**2 / (APART_PRIOR**2 + var)
            grouped.setdefault(key, []).append((shrunk, var))
        out = {}
        for key, values in grouped.items():
            low, high = min(values), max(values)
            out[key] = ((low[0] + high[0]) / 2, (high[0] - low[0]) / 2, (low[1] + high[1]) / 4)
        return out

    def aims(self) -> dict[Key, float]:
        """Per key, the common lean to tune towards: the one that leaves the styles furthest apart
        equally far from fair on either side (when the greedy bot's side leans 4 points more than
        the planner's, the planner's 2 points behind and the greedy bot's 2 ahead)."""
        return {key: -middle for key, (middle, _half, _var) in self.spread().items()}

    def hopeless(self) -> bool:
        """Whether the styles are so far apart on a key (which moving chests does not mend) that
        even the best common lean leaves one beyond what a proof allows, and not by chance."""
        return any(
            half - APART_Z * math.sqrt(var) > APART_MOST for _middle, half, var in self.spread().values()
        )

    def leans(self) -> bool:
        """Whether the styles together lean off their aim enough, beyond chance, to move a chest."""
        aims = self.aims()
        return any(
            abs(v - aims.get(key, 0.0)) > max(TUNE_FROM, 2 * math.sqrt(var))
            for key, (v, var) in self._lean().items()
        )

    def _predicted(self) -> list[tuple[float, float]]:
        """Each style's share on each key as predicted now: its distance from its fair share and the
        doubt of that (a variance)."""
        lean, apart = self._lean(), self._apart()
        return [(lean[key][0] + v, lean[key][1] + var) for (_style, key), (v, var) in apart.items()]

    def stuck(self) -> bool:
        """Whether every style's share is known as well as :meth:`ready` asks, yet one is predicted
        further than :data:`READY` by :data:`STUCK_Z` standard errors: asked when no chest is to be
        moved, more camps would only tell the same."""
        if self.camps_now() < READY_CAMPS:
            return False
        predicted = self._predicted()
        return all(var <= READY_DOUBT**2 for _off, var in predicted) and any(
            abs(off) - STUCK_Z * math.sqrt(var) > READY for off, var in predicted
        )

    def ready(self) -> bool:
        """Whether every style's share is predicted near enough its fair share, and surely enough, to
        try the proof (a confirmation costs many camps): none predicted further than :data:`READY`,
        each known to within :data:`READY_DOUBT` (a standard error)."""
        if self.camps_now() < READY_CAMPS:
            return False
        return all(abs(off) <= READY and var <= READY_DOUBT**2 for off, var in self._predicted())


#: The doubt of a move's predicted effect: this share of it, and at least this much.
MOVE_DOUBT = 0.4
MOVE_DOUBT_FLOOR = 0.005
#: Styles whose shares lie more than twice this apart cannot be proven fair by moving chests: the
#: best common lean leaves the furthest this far off.
APART_MOST = 0.03
#: The standard errors by which the styles must lie beyond APART_MOST for a candidate to be dropped.
#: One, not two: a candidate dropped wrongly costs another candidate, never fairness (the proof judges).
APART_Z = 1.0
#: The standard errors by which a share known well must lie beyond READY for a candidate that has no
#: chest to move to be dropped.
STUCK_Z = 1.0
#: How far a style's share is, a priori, from the styles' mean (its estimate is shrunk by it).
APART_PRIOR = 0.03
#: Camps per style played on the board as it is before a chest is moved or it is confirmed.
READY_CAMPS = 150


def deal_fair_board(
    spec: DealSpec,
    *,
    workers: int = 2,
    progress: DealProgress | None = None,
    cancelled: Cancelled | None = None,
) -> FairDeal:
    """A board the rehearsal proves fair for ``spec`` (see the module's docstring).

    Raises :class:`DealError` (the setting that makes it impossible, or no board found within
    :data:`MAX_CANDIDATES`) and ``RehearsalCancelled`` when ``cancelled()`` turned true."""
    check_deal(spec)
    check_workers(workers)
    mix = spec.mix or default_mix(spec.side)
    with CampRunner(workers, Watch(0, None, cancelled)) as runner:
        search = _Search(spec, runner, progress)
        for candidate in range(1, MAX_CANDIDATES + 1):
            search.candidate = candidate
            dealt = generate_map(spec.side, derived(spec.seed, "board", candidate), mix, teams=spec.teams)
            found = search.fair(dict(dealt.tiles))
            if found is not None:
                return found
    raise DealError("not_found", candidates=MAX_CANDIDATES, camps=search.camps)
