"""The fair deal's search (``engine/rehearsal/deal.py``), its machinery on small settings: it deals,
screens, tunes and confirms, reports its stages, stops on cancel, gives the same board for the same
seed, and refuses settings that make a fair board impossible, naming the setting. (Whether it deals
boards the rehearsal proves fair at the real settings is ``bench/fair_deal.py``: it takes minutes.)"""

from __future__ import annotations

import pytest

from games.islands.engine.bots import STYLES
from games.islands.engine.generator import Cell
from games.islands.engine.rehearsal import deal, judge
from games.islands.engine.rehearsal.deal import DealError, DealSpec, DealStatus, deal_fair_board
from games.islands.engine.rehearsal.play import CampRecord
from games.islands.engine.rehearsal.spec import RehearsalCancelled
from games.islands.engine.tiles import Tile


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search of a few camps a step, proving against a tolerance every board meets."""
    monkeypatch.setattr(judge, "TOLERANCE", 0.9)
    monkeypatch.setattr(deal, "TOLERANCE", 0.9)
    monkeypatch.setattr(deal, "SCREEN_CAMPS", 6)
    monkeypatch.setattr(deal, "READY_CAMPS", 6)
    monkeypatch.setattr(deal, "READY", 0.9)
    monkeypatch.setattr(deal, "READY_DOUBT", 0.9)
    monkeypatch.setattr(deal, "APART_MOST", 0.9)
    monkeypatch.setattr(deal, "TUNE_FROM", 0.9)
    monkeypatch.setattr(deal, "CONFIRM_LOOKS", (6, 12))


SPEC = DealSpec(side=5, teams=3, ap_table=(14, 11, 8), rounds=6, seed=7)


@pytest.mark.usefixtures("quick")
def test_a_deal_gives_a_whole_board_and_its_confirmation() -> None:
    seen: list[DealStatus] = []
    found = deal_fair_board(SPEC, workers=1, progress=seen.append)
    assert found.candidate == 1 and found.camps >= 3 * (6 + 6)
    assert sum(c.chests for c in found.cells.values()) == 7 and all(
        isinstance(c, Cell) for c in found.cells.values()
    )
    assert found.confirmation["verdict"]["code"] == "proven_fair"  # type: ignore[index]
    assert [s["style"] for s in found.confirmation["styles"]] == ["planner", "greedy", "novice"]  # type: ignore[index]
    assert [s.stage for s in seen][:1] == ["screening"] and "confirming" in {s.stage for s in seen}
    # The same seed, the same board (for any number of workers); another seed, another.
    again = deal_fair_board(SPEC, workers=2)
    assert dict(again.cells) == dict(found.cells) and again.confirmation == found.confirmation
    other = deal_fair_board(DealSpec(5, 3, (14, 11, 8), rounds=6, seed=8), workers=1)
    assert dict(other.cells) != dict(found.cells)


@pytest.mark.usefixtures("quick")
def test_a_deal_is_cancelled() -> None:
    with pytest.raises(RehearsalCancelled):
        deal_fair_board(SPEC, workers=1, cancelled=lambda: True)


@pytest.mark.parametrize(
    ("spec", "code"),
    [
        (DealSpec(side=9, teams=25, ap_table=(14, 11, 8)), "bays"),
        (DealSpec(side=9, teams=1, ap_table=(14, 11, 8)), "teams"),
        (DealSpec(side=9, teams=3, ap_table=(0, 0, 0)), "ap_table"),
        (DealSpec(side=3, teams=3, ap_table=(14, 11, 8)), "chests"),
        (DealSpec(side=9, teams=3, ap_table=(14, 11, 8), seed=-1), "seed"),
        (DealSpec(side=14, teams=3, ap_table=(14, 11, 8)), "side"),
    ],
)
def test_settings_that_make_a_fair_board_impossible_are_named(spec: DealSpec, code: str) -> None:
    with pytest.raises(DealError) as caught:
        deal_fair_board(spec, workers=1)
    assert caught.value.code == code and isinstance(caught.value, ValueError)


def test_a_chest_moved_keeps_every_treasure_one_to_three() -> None:
    from games.islands.engine.generator import generate_map

    board = dict(generate_map(9, 1, teams=6).tiles)
    treasures = [h for h, c in board.items() if c.tile is Tile.TREASURE]
    x = next(h for h in treasures if board[h].chests >= 2)
    y = next(h for h in treasures if board[h].chests <= 2 and h != x)
    moved = deal._moved(board, x, y)
    assert moved[x].chests == board[x].chests - 1 and moved[y].chests == board[y].chests + 1
    assert sum(c.chests for c in moved.values()) == sum(c.chests for c in board.values())


# -- when a candidate is dropped --------------------------------------------------------------------

SIDES_OF_THREE = ("bottom", "right", "left")


def camps_leaning(offs: dict[str, tuple[float, float, float]], camps: int) -> list[CampRecord]:
    """``camps`` camps a style of three teams, one a side, whose wins put each side exactly ``offs``
    (bottom, right, left) from its fair third (a style not named: exactly fair)."""
    records = []
    for style in STYLES:
        off = offs.get(style, (0.0, 0.0, 0.0))
        wins = [round(camps * (1 / 3 + x)) for x in off[:2]]
        wins.append(camps - sum(wins))
        # Spread over the camps, so that the first camps lean as the whole.
        winners = [
            seat
            for _at, seat in sorted(
                ((k + 0.5) / won, seat) for seat, won in enumerate(wins) for k in range(won)
            )
        ]
        records += [
            CampRecord(
                camp=c,
                style=style,
                sides=SIDES_OF_THREE,
                bays=(1, 2, 3),
                choice=(1, 1, 1),
                delivered=(0, 0, 0),
                ap_total=(0, 0, 0),
                winners=(winners[c],),
                tie_break=False,
                home_by_round=(0,),
                rounds_to_half=None,
                rounds_to_all=None,
                left_over=0,
                lost_by_round=(0,),
                zero_ap=0,
                idle=0,
                pirates=0,
                pirate_victims=0,
            )
            for c in range(camps)
        ]
    return records


def tracked(offs: dict[str, tuple[float, float, float]], camps: int) -> deal._Tracker:
    tracker = deal._Tracker(3)
    tracker.add(camps_leaning(offs, camps))
    return tracker


@pytest.mark.parametrize(("apart", "dropped"), [(0.045, False), (0.06, True), (0.075, True)])
def test_a_candidate_whose_styles_disagree_beyond_a_standard_error_is_dropped(
    apart: float, dropped: bool
) -> None:
    # The greedy bot's bottom side `apart` ahead, the planner's as far behind: no common lean mends
    # both when half their range lies beyond APART_MOST by more than APART_Z standard errors (at
    # 600 camps a style the boundary is near 5.2 points; at two standard errors 6.6 would be kept).
    tracker = tracked(
        {"greedy": (apart, -apart / 2, -apart / 2), "planner": (-apart, apart / 2, apart / 2)}, 600
    )
    assert tracker.hopeless() is dropped
    assert not tracker.ready()


@pytest.mark.parametrize(
    ("lean", "camps", "stuck"),
    [(0.05, 1100, True), (0.045, 1100, True), (0.04, 1100, False), (0.05, 500, False), (0.02, 1100, False)],
)
def test_a_candidate_known_to_lean_beyond_ready_is_stuck(lean: float, camps: int, stuck: bool) -> None:
    # Every style's bottom side `lean` ahead: at 1,100 camps a style a share is known to within
    # READY_DOUBT, and stuck when beyond READY (3 points) by a standard error (some 1.4 points); at
    # 500 camps it is not known well enough to say.
    tracker = tracked(dict.fromkeys(STYLES, (lean, -lean / 2, -lean / 2)), camps)
    assert tracker.stuck() is stuck
    assert tracker.ready() is (lean <= deal.READY)
    assert not tracker.hopeless()


def test_the_tracker_counts_the_camps_added_since_it_last_looked() -> None:
    # Its checks are kept per version between looks; camps added to the version being played must
    # still count: 500 camps a style do not tell, 1,100 do.
    camps = camps_leaning(dict.fromkeys(STYLES, (0.05, -0.025, -0.025)), 1100)
    tracker = deal._Tracker(3)
    tracker.add([r for r in camps if r.camp < 500])
    assert not tracker.stuck()
    tracker.add([r for r in camps if r.camp >= 500])
    assert tracker.camps_now() == 1100 and tracker.stuck()


@pytest.mark.usefixtures("quick")
@pytest.mark.parametrize(("stuck", "camps"), [(True, 2 * 3 * 6), (False, 2 * 3 * 30)])
def test_a_stuck_candidate_is_dropped_at_once(
    monkeypatch: pytest.MonkeyPatch, stuck: bool, camps: int
) -> None:
    # Never ready, nothing to tune: a stuck candidate is dropped after its first camps, another is
    # screened to the limit (30 camps a style here); two candidates, then the search gives up.
    monkeypatch.setattr(deal, "READY", -1.0)
    monkeypatch.setattr(deal, "SCREEN_MOST", 30)
    monkeypatch.setattr(deal, "MAX_CANDIDATES", 2)
    monkeypatch.setattr(deal._Tracker, "stuck", lambda self: stuck)
    with pytest.raises(DealError) as caught:
        deal_fair_board(SPEC, workers=1)
    assert caught.value.code == "not_found" and caught.value.params["camps"] == camps
