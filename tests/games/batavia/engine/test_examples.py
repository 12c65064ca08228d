"""The worked examples of the rules (``docs/rules/batavia.en.md``), one test each."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.batavia.engine import rules
from games.batavia.engine.actions import Play
from games.batavia.engine.components import GOODS, Tile
from games.batavia.engine.errors import IllegalCashIn, IllegalMove
from games.batavia.engine.state import GOAL_FIELD, GameState

from .helpers import NAMES4, counts, game, patch, to_turns


def test_laying_4_dutch_and_2_french_moves_markers_and_cannon() -> None:
    s = to_turns(game())
    s = patch(s, 0, hand=counts(NL=4, FR=2, EN=1))
    before = s.markers
    after = rules.apply(s, Play.of({"NL": 4, "FR": 2}, move="NL"))
    assert after.markers[3] - before[3] == 4
    assert after.markers[2] - before[2] == 2
    assert after.cannon - s.cannon == 6
    assert after.seals_of(0) == ("FR", "NL")
    assert after.players[0].field == 4 and after.players[0].tiles == (Tile("NL", "tea"),)


def test_cannon_25_with_four_players_sinks_the_11_danish_ships() -> None:
    s = to_turns(game(NAMES4))
    s = patch(s, 0, laid=counts(EN=4), hand=counts(EN=1))
    s = patch(s, 1, laid=counts(DK=6, FR=3))
    s = patch(s, 2, laid=counts(DK=5, NL=3))
    s = patch(s, 3, laid=counts(SE=3))
    assert s.cannon == 24 and s.markers[1] == 11 and s.seals[1] == 1
    after = rules.apply(s, Play.of({"EN": 1}, move="EN"))
    assert after.markers == (5, 0, 3, 3, 3)
    assert after.cannon == 14
    assert after.discards == counts(DK=11)
    assert after.seals[1] is None  # the Danish seal is back on the board
    assert [p.laid[1] for p in after.players] == [0, 0, 0, 0]
    assert any(e.code == "pirates" for e in after.log)


def _cash_in_state(new_company: str) -> tuple[GameState, Play]:
    s = to_turns(game())
    held = (Tile("SE", "tea"), Tile("FR", "cotton"), Tile("SE", "cotton"))
    s = patch(s, 0, field=10, tiles=held, hand=counts(**{new_company: 1}))
    return s, Play.of({new_company: 1}, move=new_company, cash_in=True)


def test_cashing_in_two_swedish_one_french_and_a_new_danish_tile_gives_6_gold() -> None:
    s, play = _cash_in_state("DK")
    after = rules.apply(s, play)
    p = after.players[0]
    assert p.gold == 6
    assert p.tiles == (Tile("SE", "cotton"),)  # the Swedish tile taken first went back
    assert set(p.cashed) == {Tile("SE", "tea"), Tile("FR", "cotton"), Tile("DK", "porcelain")}


@pytest.mark.parametrize("company", ["FR", "SE"])
def test_cashing_in_is_refused_when_the_new_tile_is_of_a_company_already_held(company: str) -> None:
    s, play = _cash_in_state(company)
    with pytest.raises(IllegalCashIn) as e:
        rules.apply(s, play)
    assert e.value.code == "company_held"
    kept = rules.apply(s, replace(play, cash_in=False))  # keeping the tile is fine
    assert kept.players[0].gold == 0 and len(kept.players[0].tiles) == 4


def test_only_the_danish_seal_and_no_danish_station_ahead_goes_to_the_goal() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=33, laid=counts(DK=2), hand=counts(DK=1, SE=1))  # DK stations: 2, 7, ..., 32
    with pytest.raises(IllegalMove) as e:
        rules.apply(s, Play.of({"DK": 1}, move="DK"))
    assert e.value.code == "no_station"
    after = rules.apply(s, Play.of({"DK": 1}, move="goal"))
    assert after.players[0].field == GOAL_FIELD and after.players[0].goal
    assert after.end_round


def test_with_a_swedish_seal_and_a_swedish_station_ahead_she_must_go_there() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=33, laid=counts(DK=2, SE=1), hand=counts(DK=1))
    with pytest.raises(IllegalMove) as e:
        rules.apply(s, Play.of({"DK": 1}, move="goal"))
    assert e.value.code == "station_ahead"
    after = rules.apply(s, Play.of({"DK": 1}, move="SE"))
    assert after.players[0].field == 35 and not after.end_round


def _silk(owners: list[int | None]) -> GameState:
    s = game()
    g = GOODS.index("silk")
    exchanges = s.exchanges[:g] + (tuple(owners),) + s.exchanges[g + 1 :]
    return replace(s, exchanges=exchanges)


def test_silk_majority_alone_gets_13() -> None:
    scores = rules.score(_silk([0, 0, 1, None, None]))
    assert [sc.exchanges for sc in scores] == [13, 0, 0]


def test_silk_three_way_tie_gets_6_each() -> None:
    scores = rules.score(_silk([0, 1, 2, None, None]))
    assert [sc.exchanges for sc in scores] == [6, 6, 6]


def test_silk_two_way_tie_gets_6_each_and_the_third_nothing() -> None:
    scores = rules.score(_silk([0, 0, 1, 1, 2]))
    assert [sc.exchanges for sc in scores] == [6, 6, 0]
