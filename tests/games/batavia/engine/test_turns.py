"""The turns: drawing, laying and majorities, seals, moving, crates, turning tiles, cashing in,
pirates, the empty deck, the end round and the order of play."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.batavia.engine import legal, rules
from games.batavia.engine.actions import Bid, Draw, Pass, Play, Reshuffle, Roll
from games.batavia.engine.components import GOODS, Tile
from games.batavia.engine.errors import (
    GameOver,
    IllegalCashIn,
    IllegalMove,
    IllegalPlay,
    IllegalReshuffle,
    WrongPhase,
)
from games.batavia.engine.log import LogCode
from games.batavia.engine.state import GameState

from .helpers import NAMES4, counts, game, patch, to_turns

# The known track: EN on 1, 6, 11, ...; DK on 2, 7, ...; FR on 3, 8, ...; NL on 4, 9, ...; SE on 5, 10, ...


def take_field(state: GameState, field: int, seat: int) -> GameState:
    track = list(state.track)
    track[field - 1] = replace(track[field - 1], taken_by=seat, face_up=True)
    return replace(state, track=tuple(track))


def test_draw_takes_the_top_two_cards_and_ends_the_turn() -> None:
    s = to_turns(game())  # the roll put the 31st card (EN) on the lot
    assert s.deck[:2] == ("DK", "FR")
    after = rules.apply(s, Draw())
    assert after.players[0].hand == (2, 3, 3, 2, 2)
    assert legal.whose_turn(after) == "Blue"


def test_a_tie_is_no_majority() -> None:
    s = to_turns(game())
    s = patch(s, 1, laid=counts(DK=2))
    s = patch(s, 0, hand=counts(DK=3))
    with pytest.raises(IllegalPlay) as e:
        rules.apply(s, Play.of({"DK": 2}, move="DK"))
    assert e.value.code == "no_majority"
    assert not rules.is_legal(s, Play.of({"DK": 2}, move="DK"))
    after = rules.apply(s, Play.of({"DK": 3}, move="DK"))
    assert after.seals[1] == 0  # taken from Blue


def test_a_player_who_cannot_reach_a_majority_must_draw() -> None:
    s = to_turns(game())
    s = patch(s, 1, laid=counts(EN=5, DK=5, FR=5, NL=5, SE=5))
    assert not legal.can_play(s)
    assert legal.legal_actions(s, "Red") == [Draw()]


def test_a_majority_held_from_before_allows_laying_any_card() -> None:
    s = to_turns(game())
    s = patch(s, 1, laid=counts(FR=2))
    s = patch(s, 0, laid=counts(EN=1), hand=counts(FR=1))
    after = rules.apply(s, Play.of({"FR": 1}, move="EN"))
    assert after.seals_of(0) == ("EN",) and after.seals_of(1) == ("FR",)


def test_tying_the_holder_sends_the_seal_back_to_the_board() -> None:
    s = to_turns(game())
    s = patch(s, 1, laid=counts(DK=3))
    s = patch(s, 0, laid=counts(DK=1), hand=counts(DK=2, EN=1))
    assert s.seals[1] == 1
    after = rules.apply(s, Play.of({"DK": 2, "EN": 1}, move="EN"))
    assert after.seals[1] is None
    assert after.seals[0] == 0
    assert any(e.code == LogCode.SEAL_RETURNED and e.param("company") == "DK" for e in after.log)


def test_the_move_must_follow_a_seal_held_after_laying() -> None:
    s = to_turns(game())
    s = patch(s, 0, hand=counts(DK=1, EN=1))
    with pytest.raises(IllegalMove) as e:
        rules.apply(s, Play.of({"DK": 1}, move="EN"))
    assert e.value.code == "no_seal"
    with pytest.raises(IllegalMove):
        rules.apply(s, Play.of({"DK": 1}, move="XX"))


def test_laying_more_cards_than_in_hand_or_none_is_illegal() -> None:
    s = to_turns(game())
    s = patch(s, 0, hand=counts(DK=1))
    with pytest.raises(IllegalPlay) as e:
        rules.apply(s, Play.of({"DK": 2}, move="DK"))
    assert e.value.code == "not_in_hand"
    with pytest.raises(IllegalPlay) as e:
        rules.apply(s, Play.of({}, move="DK"))
    assert e.value.code == "no_cards"
    with pytest.raises(IllegalPlay):
        rules.apply(s, Play((0, -1, 0, 0, 2), "DK"))


def test_the_merchant_skips_taken_stations_other_companies_and_merchants() -> None:
    s = to_turns(game())
    s = take_field(s, 2, 1)
    s = patch(s, 1, field=2)  # Blue's merchant stands on field 2
    s = patch(s, 0, hand=counts(DK=1))
    after = rules.apply(s, Play.of({"DK": 1}, move="DK"))
    assert after.players[0].field == 7
    assert after.track[6].taken_by == 0


def test_the_merchant_never_moves_backward() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=8, hand=counts(DK=1))
    assert legal.next_station(s, 0, "DK") == 12
    after = rules.apply(s, Play.of({"DK": 1}, move="DK"))
    assert after.players[0].field == 12
    assert after.track[6].taken_by is None


def test_a_face_down_tile_is_turned_when_taken_and_the_next_fields_are_turned() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=10, hand=counts(EN=1))
    assert not s.track[10].face_up
    after = rules.apply(s, Play.of({"EN": 1}, move="EN"))
    assert after.track[10].face_up and after.track[10].taken_by == 0
    # 11 is among the last five face-up fields of 1-15, so 16-20 are turned too; not 21-25
    assert after.revealed == 20
    assert all(f.face_up for f in after.track[:20])
    assert not any(f.face_up for f in after.track[20:])


@pytest.mark.parametrize(("field", "revealed"), [(1, 10), (5, 10), (6, 15), (10, 15)])
def test_reaching_the_last_five_face_up_fields_turns_the_next_five(field: int, revealed: int) -> None:
    s = to_turns(game())
    company = s.track[field - 1].tile.company
    s = patch(s, 0, field=field - 1, hand=counts(**{company: 1}))
    after = rules.apply(s, Play.of({company: 1}, move=company))
    assert after.players[0].field == field
    assert after.revealed == revealed
    assert [f.face_up for f in after.track] == [i < revealed for i in range(35)]


def test_open_tiles_are_all_face_up_from_the_start() -> None:
    s = game(open_tiles=True)
    assert all(f.face_up for f in s.track) and s.revealed == 35


def test_a_crate_goes_to_the_exchange_of_the_good_on_the_field_of_the_company() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=10, hand=counts(DK=1))
    after = rules.apply(s, Play.of({"DK": 1}, move="DK"))  # field 12: DK-porcelain
    assert after.exchanges[GOODS.index("porcelain")][1] == 0
    assert after.players[0].crates_left == 11
    assert after.crates("porcelain") == (1, 0, 0)


def test_without_crates_left_none_is_placed() -> None:
    s = to_turns(game())
    s = patch(s, 0, crates_left=0, hand=counts(DK=1))
    after = rules.apply(s, Play.of({"DK": 1}, move="DK"))
    assert after.players[0].crates_left == 0
    assert after.crates("tea") == (0, 0, 0)
    assert after.players[0].tiles == (Tile("DK", "tea"),)


def test_the_first_tile_cashes_in_alone_for_1_gold_and_the_table_is_a_setting() -> None:
    s = to_turns(game())
    s = patch(s, 0, hand=counts(DK=1))
    assert rules.apply(s, Play.of({"DK": 1}, move="DK", cash_in=True)).players[0].gold == 1
    held = (Tile("EN", "tea"), Tile("FR", "tea"), Tile("NL", "tea"), Tile("SE", "tea"))
    s5 = patch(s, 0, tiles=held)
    assert rules.apply(s5, Play.of({"DK": 1}, move="DK", cash_in=True)).players[0].gold == 15
    other = to_turns(game(cash_table=(1, 3, 6, 9, 12)))
    other = patch(other, 0, tiles=held, hand=counts(DK=1))
    assert rules.apply(other, Play.of({"DK": 1}, move="DK", cash_in=True)).players[0].gold == 12


def test_cashing_in_at_the_goal_is_refused() -> None:
    s = to_turns(game())
    s = patch(s, 0, field=35, laid=counts(EN=1), hand=counts(EN=1))
    with pytest.raises(IllegalCashIn) as e:
        rules.apply(s, Play.of({"EN": 1}, move="goal", cash_in=True))
    assert e.value.code == "cash_in_at_goal"


def test_pirates_repeat_while_the_cannon_reaches_the_threshold() -> None:
    s = to_turns(game())  # three players: threshold 21
    s = patch(s, 1, laid=counts(EN=7, FR=6))
    s = patch(s, 2, laid=counts(DK=6))
    s = patch(s, 0, laid=counts(NL=1), hand=counts(NL=4, SE=5))
    assert s.cannon == 20
    after = rules.apply(s, Play.of({"NL": 4, "SE": 5}, move="NL"))
    # 29: England (7) sinks; 22: Denmark and France (6 each, tied) sink together; 10 remain
    assert after.discards == counts(EN=7, DK=6, FR=6)
    assert after.cannon == 10 and after.markers == (0, 0, 0, 5, 5)
    assert after.seals == (None, None, None, 0, 0)
    assert [e.code for e in after.log].count("pirates") == 2


def test_pirates_come_at_25_with_four_players_and_only_after_a_turn() -> None:
    s = to_turns(game(NAMES4))
    s = patch(s, 1, laid=counts(EN=7, FR=6))
    s = patch(s, 2, laid=counts(DK=6))
    s = patch(s, 0, laid=counts(NL=2), hand=counts(NL=3))
    after = rules.apply(s, Play.of({"NL": 3}, move="NL"))
    assert after.cannon == 24 and sum(after.discards) == 0
    s = patch(s, 0, hand=counts(NL=4))
    after = rules.apply(s, Play.of({"NL": 4}, move="NL"))
    assert after.discards == counts(EN=7) and after.cannon == 18


def test_turns_go_clockwise_from_the_start_player_then_a_new_round_with_him_as_auctioneer() -> None:
    s = rules.apply(game(NAMES4), Roll(1))
    s = rules.apply(s, Pass())
    s = rules.apply(s, Bid(1), "Green")
    s = rules.apply(s, Pass())
    s = rules.apply(s, Pass())
    seen = []
    while s.phase == "turns":
        seen.append(legal.whose_turn(s))
        s = rules.apply(s, Draw())
    assert seen == ["Green", "Yellow", "Red", "Blue"]
    assert s.round == 2 and s.phase == "auction" and legal.whose_turn(s) == "Green"


def test_an_empty_deck_is_refilled_from_the_discards_by_an_explicit_reshuffle() -> None:
    s = to_turns(game())
    s = replace(s, deck=("EN",), discards=counts(DK=2, FR=1))
    s = rules.apply(s, Draw())
    assert s.pending is not None and legal.whose_turn(s) == "Red"
    assert s.players[0].hand == (3, 2, 2, 2, 2)
    assert legal.legal_actions(s, "Red") == [legal.chance_action(s)]
    with pytest.raises(WrongPhase) as e:
        rules.apply(s, Draw())
    assert e.value.code == "reshuffle_due"
    with pytest.raises(IllegalReshuffle) as e2:
        rules.apply(s, Reshuffle(("DK", "DK")))
    assert e2.value.code == "not_discards"
    with pytest.raises(IllegalReshuffle):
        rules.apply(s, Reshuffle(("DK", "EN", "FR")))
    s = rules.apply(s, Reshuffle(("FR", "DK", "DK")))
    assert s.players[0].hand == (3, 2, 3, 2, 2)
    assert s.deck == ("DK", "DK") and s.discards == counts()
    assert legal.whose_turn(s) == "Blue"


def test_a_reshuffle_only_when_due() -> None:
    s = replace(to_turns(game()), discards=counts(DK=1))
    with pytest.raises(IllegalReshuffle) as e:
        rules.apply(s, Reshuffle(("DK",)))
    assert e.value.code == "no_reshuffle_due"


def test_a_short_roll_takes_the_rest_after_the_reshuffle() -> None:
    s = replace(game(), deck=("EN",), discards=counts(DK=2))
    s = rules.apply(s, Roll(3))
    assert s.lot == counts(EN=1) and legal.whose_turn(s) == "Red"
    s = rules.apply(s, Reshuffle(("DK", "DK")))
    assert s.lot == counts(EN=1, DK=2) and s.deck == ()
    assert legal.whose_turn(s) == "Blue"


def test_with_no_discards_either_a_roll_or_draw_takes_less() -> None:
    s = replace(game(), deck=("EN",))
    s = rules.apply(s, Roll(4))
    assert s.lot == counts(EN=1) and s.pending is None and legal.whose_turn(s) == "Blue"
    s = to_turns(replace(game(), deck=()))
    s = rules.apply(s, Draw())
    assert s.players[0].hand == (2, 2, 2, 2, 2) and legal.whose_turn(s) == "Blue"


def _end_round_state() -> GameState:
    s = to_turns(game())
    s = patch(s, 0, field=33, laid=counts(DK=2), hand=counts(DK=1))  # Red: no DK station ahead
    s = patch(s, 1, laid=counts(EN=1), hand=counts(EN=1))  # Blue: EN station on field 1
    s = patch(s, 2, field=35, laid=counts(FR=1), hand=counts(FR=1, SE=1))  # Green: nothing ahead
    return rules.apply(s, Play.of({"DK": 1}, move="goal"))


def test_after_the_goal_only_plays_reaching_a_station_are_allowed_then_the_game_ends() -> None:
    s = _end_round_state()
    assert s.end_round and legal.whose_turn(s) == "Blue"
    s = rules.apply(s, Play.of({"EN": 1}, move="EN"))  # a station ahead: allowed
    assert legal.whose_turn(s) == "Green"
    with pytest.raises(IllegalPlay) as e:
        rules.apply(s, Play.of({"FR": 1}, move="goal"))
    assert e.value.code == "end_round_no_station"
    assert not legal.can_play(s)
    assert legal.legal_actions(s, "Green") == [Draw()]
    s = rules.apply(s, Draw())
    assert s.phase == "finished" and s.to_act is None
    with pytest.raises(GameOver):
        rules.apply(s, Draw())


def test_in_the_end_round_a_seal_gained_by_laying_counts() -> None:
    s = _end_round_state()
    s = rules.apply(s, Draw())
    s = patch(s, 2, field=30, laid=counts(), hand=counts(SE=1))  # no seal yet; SE station on 35
    after = rules.apply(s, Play.of({"SE": 1}, move="SE"))
    assert after.players[2].field == 35 and after.phase == "finished"


def test_final_scoring_lays_the_hands_and_gives_seals_by_majority() -> None:
    s = replace(_end_round_state(), deck=())
    s = rules.apply(s, Draw())  # Blue keeps 1 EN in hand
    s = patch(s, 2, hand=counts(DK=3, SE=1))  # Green will tie Red's 3 Danish cards at the end
    s = rules.apply(s, Draw())
    assert s.phase == "finished"
    assert all(sum(p.hand) == 0 for p in s.players)
    assert s.players[1].laid == counts(EN=2) and s.seals[0] == 1
    assert s.players[2].laid == counts(DK=3, FR=1, SE=1)
    assert s.seals == (1, None, 2, None, 2)  # Danish tie: nobody
    assert s.scores is not None
    assert [sc.seals for sc in s.scores] == [0, 2, 4]
    assert [sc.goal for sc in s.scores] == [4, 0, 0]


def test_no_pirates_in_final_scoring_whatever_the_cannon() -> None:
    s = rules.apply(_end_round_state(), Draw())  # Blue
    s = patch(s, 2, hand=counts(FR=10, SE=10))  # Green: nothing ahead, must draw; lays 20+ at the end
    s = rules.apply(s, Draw())
    assert s.phase == "finished"
    assert s.cannon >= s.pirate_threshold
    assert sum(s.discards) == 0 and "pirates" not in [e.code for e in s.log]
    assert s.players[2].laid[2] >= 11 and s.seals[2] == 2 and s.seals[4] == 2


def test_pirates_strike_after_the_last_turn_before_the_final_scoring() -> None:
    s = rules.apply(_end_round_state(), Draw())  # Blue
    s = patch(s, 1, laid=counts(EN=16))  # Red has 3 DK laid: the cannon shows 19
    s = patch(s, 2, field=30, laid=counts(), hand=counts(SE=2))  # SE station on field 35
    s = rules.apply(s, Play.of({"SE": 2}, move="SE"))  # 21 with three players
    assert s.phase == "finished"
    assert s.discards == counts(EN=16)
    assert s.players[1].laid[0] < 16  # only Blue's hand, laid at the end
    events = [e.code for e in s.log]
    assert events.count("pirates") == 1 and events.index("pirates") < events.index("end")
