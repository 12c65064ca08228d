"""The figures of a rehearsed board, worked out from its simulated camps (:class:`.play.CampRecord`),
and its verdict (:mod:`.judge`): fair, proven fair, or which side, or which team in its side's order
of choice, wins or loses too often, for which style of play; and the problems seen.

Every figure is a plain number of the report document (``zlate-ostrovy-rehearsal/2``;
``docs/islands-rehearsal.md`` defines each). The problems' thresholds are the constants below, each
with its reason.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import fmean, pstdev

from ..hexes import SIDES, geometry
from .judge import Share, verdict, verdict_rank, wilson
from .play import CampRecord
from .spec import RehearsalBoard, RehearsalSpec

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


def _wins(record: CampRecord, teams: int) -> list[float]:
    """Each team's win of the camp (a full tie shared)."""
    win = [0.0] * teams
    for seat in record.winners:
        win[seat] = 1 / len(record.winners)
    return win


def shares(records: Sequence[CampRecord], teams: int) -> list[Share]:
    """The checks of the judge (:mod:`.judge`) from a board's camps: for each style played, each
    side that had teams and, when a side had two teams or more, each place in the order of choice
    (the teams that chose their bay first on their side, all sides together; then second, …)."""
    out: list[Share] = []
    for style in dict.fromkeys(r.style for r in records):
        camps = [r for r in records if r.style == style]
        wins = [_wins(r, teams) for r in camps]
        seats: dict[tuple[str, int], list[tuple[int, int]]] = {}
        for c, record in enumerate(camps):
            for i, side in enumerate(record.sides):
                seats.setdefault((side, 0), []).append((c, i))
                seats.setdefault(("", record.choice[i]), []).append((c, i))
        keys: list[tuple[str, int]] = [(side, 0) for side in SIDES if (side, 0) in seats]
        orders = sorted(order for side, order in seats if not side)
        if len(orders) > 1:
            keys += [("", order) for order in orders]
        for side, order in keys:
            places = seats[(side, order)]
            out.append(
                Share(
                    style=style,
                    side=side,
                    order=order,
                    camps=len(camps),
                    wins=sum(wins[c][i] for c, i in places),
                    fair=len(places) / (len(camps) * teams),
                )
            )
    return out


def share_figure(share: Share) -> dict[str, object]:
    """A check as the report keeps it: the share, its 95 % interval and its fair share."""
    low, high = share.interval()
    figure: dict[str, object] = {"order": share.order} if share.order else {"side": share.side}
    figure.update(
        share=_round(share.share), low=_round(low), high=_round(high), fair_share=_round(share.fair)
    )
    return figure


def board_figures(
    board: RehearsalBoard, spec: RehearsalSpec, records: Sequence[CampRecord], looks: int = 1
) -> dict[str, object]:
    """The report document's entry of one board (``records``: its camps, of every style, in camp
    order; ``looks``: how often the run looked at them before it stopped, :mod:`.judge`)."""
    camps = len(records)
    teams = len(spec.teams)
    rounds = spec.rounds
    g = geometry(board.side)
    treasure = sum(cell.chests for cell in board.cells.values())
    win = [_wins(record, teams) for record in records]

    checks = shares(records, teams)
    played = list(dict.fromkeys(r.style for r in records))
    per_style = [
        {
            "style": style,
            "camps": sum(1 for r in records if r.style == style),
            "sides": [share_figure(s) for s in checks if s.style == style and not s.order],
            "choice": [share_figure(s) for s in checks if s.style == style and s.order],
        }
        for style in played
    ]

    sides: list[dict[str, object]] = []
    for side in SIDES:
        delivered = [r.delivered[i] for r in records for i in range(teams) if r.sides[i] == side]
        if not delivered:
            continue
        share = (
            sum(win[c][i] for c, r in enumerate(records) for i in range(teams) if r.sides[i] == side) / camps
        )
        low, high = wilson(share, camps)
        sides.append(
            {
                "side": side,
                "team_rounds": len(delivered) * rounds,
                "treasure_mean": _round(fmean(delivered)),
                "treasure_sd": _round(pstdev(delivered)),
                "win_share": _round(share),
                "low": _round(low),
                "high": _round(high),
                "fair_share": _round(len(delivered) / (camps * teams)),
            }
        )

    bays: list[dict[str, object]] = []
    for bay in sorted({b for r in records for b in r.bays}):
        seats = [(c, r.bays.index(bay)) for c, r in enumerate(records) if bay in r.bays]
        delivered = [records[c].delivered[i] for c, i in seats]
        bays.append(
            {
                "bay": bay,
                "side": g.bay_sides[g.bay(bay)],
                "camps": len(seats),
                "treasure_mean": _round(fmean(delivered)),
                "treasure_sd": _round(pstdev(delivered)),
                "win_share": _round(sum(win[c][i] for c, i in seats) / len(seats)),
            }
        )

    team_rounds = camps * teams * rounds
    lost = sum(sum(r.lost_by_round) for r in records)
    figures: dict[str, object] = {
        "label": board.label,
        "board_seed": board.board_seed,
        "treasure_total": treasure,
        "camps": camps,
        "styles": per_style,
        "sides": sides,
        "bays": bays,
        "teams": [
            {
                "team": name,
                "treasure_mean": _round(fmean(r.delivered[i] for r in records)),
                "win_share": _round(sum(win[c][i] for c in range(camps)) / camps),
            }
            for i, name in enumerate(spec.teams)
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
    figures["verdict"] = verdict(checks, looks)
    figures["problems"] = _problems(records, spec, treasure, figures)
    return figures


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


def board_rank(figures: dict[str, object]) -> tuple[int, int]:
    """How a board compares (less is fairer): its verdict, then how many problems."""
    found = figures["verdict"]
    problems = figures["problems"]
    assert isinstance(found, dict) and isinstance(problems, list)
    return verdict_rank(str(found["code"])), len(problems)
