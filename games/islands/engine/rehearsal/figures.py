"""The figures of a rehearsed board, worked out from its simulated camps (:class:`.play.CampRecord`),
and its verdict: fair, or which side or bay wins too often, and the problems seen.

Every figure is a plain number of the report document (``zlate-ostrovy-rehearsal/1``; the contract
and ``docs/islands-rehearsal.md`` define each). The thresholds are the constants below, each with
its reason; the verdict needs a difference both large (a margin) and unlikely to be chance (a
z-score against the share a fair board would give), so a few simulated camps flag nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import fmean, pstdev

from ..hexes import SIDES, geometry
from .play import CampRecord, team_bots
from .spec import RehearsalBoard, RehearsalSpec

#: The verdicts, best first: a board's verdict is the worst that applies; boards compare by it.
VERDICTS = ("fair", "unfair_bay", "unfair_side")

#: A side wins too often when its win share is at least this much above its fair share (the share
#: of the teams it holds; 1/3 with three teams), ...
UNFAIR_SIDE_MARGIN = 0.10
#: ... and so far above that chance alone would give it so rarely: at least this many standard
#: errors of a fair share over that many camps (3: about one in a thousand).
UNFAIR_Z = 3.0
#: A bay wins too often when its teams' win share is at least this much above a team's fair share
#: (1 / teams), as unlikely by chance (:data:`UNFAIR_Z`), ...
UNFAIR_BAY_MARGIN = 0.15
#: ... over at least this many team-camps harboured there (fewer say little of a bay).
MIN_BAY_CAMPS = 20
#: Half the camps or more have no chest left to fetch by this share of the rounds: the game is
#: over before the camp is (a problem ``treasure_gone_early``, with that round).
GONE_EARLY_SHARE = 0.6
#: On average at least this share of the chests is still on the board or aboard at the end: the
#: camp ends with treasure nobody fetched (``treasure_left_over``).
LEFT_OVER_SHARE = 0.25
#: At least this share of the team-rounds had AP but nothing useful to do (``many_idle``): one
#: evening in five with nothing to plan (the bots idle about one in ten with three teams on the
#: generator's boards, once the treasure is all found).
MANY_IDLE_SHARE = 0.20
#: At least this many ships lost per team and round (``many_ships_lost``): a ship every three or
#: four rounds (the bots lose about one every four to seven on the generator's boards).
MANY_SHIPS_LOST = 0.30
#: At least this share of the camps were decided by the AP tie-break (``tie_break_often``).
TIE_BREAK_OFTEN = 0.25
#: Figures are rounded to this many decimals (the document stays readable and stable).
DECIMALS = 4


def _round(x: float) -> float:
    return round(x, DECIMALS)


def _percentile(values: Sequence[int], share: float) -> int:
    """The nearest-rank percentile of sorted ``values`` (not empty)."""
    return values[max(0, math.ceil(share * len(values)) - 1)]


def _rounds_to(reached: Sequence[int | None]) -> dict[str, float | int | None]:
    """Mean, 10th and 90th percentile of the round a mark was reached, over the camps that reached
    it, and the share of camps that never did."""
    got = sorted(r for r in reached if r is not None)
    never = _round(1 - len(got) / len(reached))
    if not got:
        return {"mean": None, "p10": None, "p90": None, "never_share": never}
    return {
        "mean": _round(fmean(got)),
        "p10": _percentile(got, 0.1),
        "p90": _percentile(got, 0.9),
        "never_share": never,
    }


def _z(share: float, fair: float, n: int) -> float:
    """How many standard errors of a fair share over ``n`` trials ``share`` lies above it."""
    if n <= 0 or fair <= 0 or fair >= 1:
        return 0.0
    return (share - fair) / math.sqrt(fair * (1 - fair) / n)


def board_figures(
    board: RehearsalBoard, spec: RehearsalSpec, records: Sequence[CampRecord]
) -> dict[str, object]:
    """The report document's entry of one board (``records``: its camps, in camp order)."""
    camps = len(records)
    teams = len(spec.teams)
    rounds = spec.rounds
    g = geometry(board.side)
    treasure = sum(cell.chests for cell in board.cells.values())
    win = [[0.0] * teams for _ in records]  # a camp's win, shared on a full tie
    for c, record in enumerate(records):
        for seat in record.winners:
            win[c][seat] = 1 / len(record.winners)

    sides: list[dict[str, object]] = []
    side_checks: list[tuple[float, str, float, float]] = []  # (z, side, share, fair)
    for side in SIDES:
        delivered = [r.delivered[i] for r in records for i in range(teams) if r.sides[i] == side]
        if not delivered:
            continue
        share = (
            sum(win[c][i] for c, r in enumerate(records) for i in range(teams) if r.sides[i] == side) / camps
        )
        fair = len(delivered) / (camps * teams)
        sides.append(
            {
                "side": side,
                "team_rounds": len(delivered) * rounds,
                "treasure_mean": _round(fmean(delivered)),
                "treasure_sd": _round(pstdev(delivered)),
                "win_share": _round(share),
                "fair_share": _round(fair),
            }
        )
        side_checks.append((_z(share, fair, camps), side, share, fair))

    bays: list[dict[str, object]] = []
    bay_checks: list[tuple[float, int, str, float, int]] = []  # (z, bay, side, share, camps)
    fair_team = 1 / teams
    for bay in sorted({b for r in records for b in r.bays}):
        seats = [(c, r.bays.index(bay)) for c, r in enumerate(records) if bay in r.bays]
        delivered = [records[c].delivered[i] for c, i in seats]
        share = sum(win[c][i] for c, i in seats) / len(seats)
        side = g.bay_sides[g.bay(bay)]
        bays.append(
            {
                "bay": bay,
                "side": side,
                "camps": len(seats),
                "treasure_mean": _round(fmean(delivered)),
                "treasure_sd": _round(pstdev(delivered)),
                "win_share": _round(share),
            }
        )
        if len(seats) >= MIN_BAY_CAMPS:
            bay_checks.append((_z(share, fair_team, len(seats)), bay, side, share, len(seats)))

    team_rounds = camps * teams * rounds
    lost = sum(sum(r.lost_by_round) for r in records)
    figures: dict[str, object] = {
        "label": board.label,
        "board_seed": board.board_seed,
        "treasure_total": treasure,
        "sides": sides,
        "bays": bays,
        "teams": [
            {
                "team": name,
                "bot": bot,
                "treasure_mean": _round(fmean(r.delivered[i] for r in records)),
                "win_share": _round(sum(win[c][i] for c in range(camps)) / camps),
            }
            for i, (name, bot) in enumerate(zip(spec.teams, team_bots(spec), strict=True))
        ],
        "home_by_round": [_round(fmean(r.home_by_round[i] for r in records)) for i in range(rounds)],
        "rounds_to_half": _rounds_to([r.rounds_to_half for r in records]),
        "rounds_to_all": _rounds_to([r.rounds_to_all for r in records]),
        "left_over_mean": _round(fmean(r.left_over for r in records)),
        "ships_lost_per_team_round": _round(lost / team_rounds),
        "ships_lost_by_round": [
            _round(sum(r.lost_by_round[i] for r in records) / (camps * teams)) for i in range(rounds)
        ],
        "zero_ap_share": _round(sum(r.zero_ap for r in records) / team_rounds),
        "idle_share": _round(sum(r.idle for r in records) / team_rounds),
        "tie_break_share": _round(sum(r.tie_break for r in records) / camps),
        "pirates": {
            "appeared_mean": _round(fmean(r.pirates for r in records)),
            "ships_taken_mean": _round(fmean(r.pirate_victims for r in records)),
        },
    }
    figures["verdict"] = _verdict(side_checks, bay_checks, fair_team)
    figures["problems"] = _problems(records, spec, treasure, figures)
    return figures


def _verdict(
    side_checks: list[tuple[float, str, float, float]],
    bay_checks: list[tuple[float, int, str, float, int]],
    fair_team: float,
) -> dict[str, object]:
    """``unfair_side`` (the side furthest above its fair share), else ``unfair_bay``, else ``fair``."""
    sides = [c for c in side_checks if c[2] - c[3] >= UNFAIR_SIDE_MARGIN and c[0] >= UNFAIR_Z]
    if sides:
        _z_, side, share, fair = max(sides, key=lambda c: (c[2] - c[3], c[0]))
        return {
            "code": "unfair_side",
            "params": {"side": side, "share": _round(share), "fair_share": _round(fair)},
        }
    bays = [c for c in bay_checks if c[3] - fair_team >= UNFAIR_BAY_MARGIN and c[0] >= UNFAIR_Z]
    if bays:
        _z_, bay, side, share, camps = max(bays, key=lambda c: (c[3], c[0], -c[1]))
        return {
            "code": "unfair_bay",
            "params": {
                "bay": bay,
                "side": side,
                "share": _round(share),
                "fair_share": _round(fair_team),
                "camps": camps,
            },
        }
    return {"code": "fair", "params": {}}


def _problems(
    records: Sequence[CampRecord], spec: RehearsalSpec, treasure: int, figures: dict[str, object]
) -> list[dict[str, object]]:
    """The problem codes that apply, in a fixed order, each with its figures."""
    problems: list[dict[str, object]] = []
    ends = sorted(r.rounds_to_all if r.rounds_to_all is not None else spec.rounds + 1 for r in records)
    median = ends[(len(ends) - 1) // 2]
    if median <= math.floor(GONE_EARLY_SHARE * spec.rounds):
        problems.append({"code": "treasure_gone_early", "params": {"round": median}})
    left = fmean(r.left_over for r in records) / treasure
    if left >= LEFT_OVER_SHARE:
        problems.append({"code": "treasure_left_over", "params": {"share": _round(left)}})
    idle = figures["idle_share"]
    assert isinstance(idle, float)
    if idle >= MANY_IDLE_SHARE:
        problems.append({"code": "many_idle", "params": {"share": idle}})
    lost = figures["ships_lost_per_team_round"]
    assert isinstance(lost, float)
    if lost >= MANY_SHIPS_LOST:
        problems.append({"code": "many_ships_lost", "params": {"per_team_round": lost}})
    ties = figures["tie_break_share"]
    assert isinstance(ties, float)
    if ties >= TIE_BREAK_OFTEN:
        problems.append({"code": "tie_break_often", "params": {"share": ties}})
    return problems


def verdict_rank(figures: dict[str, object]) -> tuple[int, int]:
    """How a board compares (less is fairer): its verdict, then how many problems."""
    verdict = figures["verdict"]
    problems = figures["problems"]
    assert isinstance(verdict, dict) and isinstance(problems, list)
    return VERDICTS.index(verdict["code"]), len(problems)
