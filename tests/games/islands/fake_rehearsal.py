"""A FAKE of the simulator (``games.islands.engine.rehearsal.rehearse``) for the page's tests: no
game is played. Each simulated camp's record (``play.CampRecord``) is drawn from its board, style and
number, its winner leaning as the board's index says (:data:`LEANS`), and the report is the engine's own
``run.report`` of those records: the document is exactly ``zlate-ostrovy-rehearsal/2``, its shares,
intervals, verdicts and best board the real judge's. It calls ``progress`` after every simulated
camp (every style's) and stops with ``RehearsalCancelled`` when ``cancelled()`` turns true, as the
real one does. The page's tests use it (the real simulator takes a while); the engine's own figures
are checked in tests/games/islands/engine/."""

from __future__ import annotations

import random
from collections.abc import Callable

from games.islands.engine.hexes import SIDES, geometry
from games.islands.engine.rehearsal import RehearsalCancelled, RehearsalSpec, report
from games.islands.engine.rehearsal.play import CampRecord, styles

#: How each board's camps lean, by its index in the spec: not at all, toward the teams that chose
#: their bay first (unfair_choice with enough camps), toward the bottom side (unfair_side), not at all.
LEANS = ("none", "first", "bottom", "none")
#: How much likelier a favoured team is to win than another.
LEAN_WEIGHT = 6.0


def fake_camp(spec: RehearsalSpec, board: int, style: str, camp: int) -> CampRecord:
    """Camp ``camp`` of ``style`` on board ``board``: the sides by seat turn with the camp, each
    side's teams choose its bays in seat order, the winner drawn with the board's lean.

    The draws do not depend on the spec's seed, which the service draws afresh for every
    rehearsal: the pages' tests must see the same verdicts on every run."""
    rng = random.Random(f"fake:{board}:{style}:{camp}")
    g = geometry(spec.side)
    teams, rounds = len(spec.teams), spec.rounds
    sides = tuple(SIDES[(seat + camp) % 3] for seat in range(teams))
    choice = tuple(sides[: seat + 1].count(sides[seat]) for seat in range(teams))
    bays = tuple(g.bay_number(g.bays_on(side)[c - 1]) for side, c in zip(sides, choice, strict=True))
    lean = LEANS[board % len(LEANS)]
    weights = [
        LEAN_WEIGHT if (lean == "bottom" and side == "bottom") or (lean == "first" and c == 1) else 1.0
        for side, c in zip(sides, choice, strict=True)
    ]
    winner = rng.choices(range(teams), weights=weights)[0]
    delivered = [rng.randint(0, 6) for _ in range(teams)]
    delivered[winner] = max(delivered) + 1
    treasure = sum(cell.chests for cell in spec.boards[board].cells.values())
    power, reach = 1.5 + 0.6 * board, 0.9 - 0.12 * board  # the boards' curves differ
    home = tuple(int(treasure * (1 - (1 - k / rounds) ** power) * reach) for k in range(1, rounds + 1))
    early = board == 1  # the second board's treasure is gone early (a problem)
    return CampRecord(
        camp=camp,
        style=style,
        sides=sides,
        bays=bays,
        choice=choice,
        delivered=tuple(delivered),
        ap_total=tuple(rng.randint(60, 140) for _ in range(teams)),
        winners=(winner,),
        tie_break=rng.random() < 0.1,
        home_by_round=home,
        rounds_to_half=max(1, rounds // 3 + rng.randint(0, 1)),
        rounds_to_all=max(1, rounds // 2) if early else (None if rng.random() < 0.5 else rounds),
        left_over=max(0, treasure - home[-1]),
        lost_by_round=tuple(rng.randint(0, 2) for _ in range(rounds)),
        zero_ap=rng.randint(0, rounds),
        idle=rng.randint(0, teams),
        pirates=rng.randint(0, 3),
        pirate_victims=rng.randint(0, 2),
    )


def fake_rehearse(
    spec: RehearsalSpec,
    *,
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, object]:
    played = styles(spec)
    total = spec.camps * len(spec.boards) * len(played)
    records: list[list[CampRecord]] = [[] for _ in spec.boards]
    done = 0
    for board in range(len(spec.boards)):
        for style in played:
            for camp in range(spec.camps):
                if cancelled is not None and cancelled():
                    raise RehearsalCancelled(done, total)
                records[board].append(fake_camp(spec, board, style, camp))
                done += 1
                if progress is not None:
                    progress(done, total)
    return report(spec, records)
