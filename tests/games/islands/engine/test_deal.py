"""The fair deal's search (``engine/rehearsal/deal.py``), its machinery on small settings: it deals,
screens, tunes and confirms, reports its stages, stops on cancel, gives the same board for the same
seed, and refuses settings that make a fair board impossible, naming the setting. (Whether it deals
boards the rehearsal proves fair at the real settings is ``bench/fair_deal.py``: it takes minutes.)"""

from __future__ import annotations

import pytest

from games.islands.engine.generator import Cell
from games.islands.engine.rehearsal import deal, judge
from games.islands.engine.rehearsal.deal import DealError, DealSpec, DealStatus, deal_fair_board
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
