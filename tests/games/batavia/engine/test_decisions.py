"""Tests of our own decisions where the rules are silent (``docs/batavia-rules-decisions.md``)."""

from __future__ import annotations

from dataclasses import replace

from games.batavia.engine import legal, record, rules, setup
from games.batavia.engine.actions import Bid, Draw, Pass, Play, Roll

from .helpers import counts, game, patch, to_turns


def test_d1_the_start_player_of_the_round_is_the_next_auctioneer() -> None:
    s = rules.apply(game(), Roll(1))  # Red is the first auctioneer
    s = rules.apply(s, Pass(), "Blue")
    s = rules.apply(s, Bid(1), "Green")
    s = rules.apply(s, Pass(), "Red")
    for _ in range(3):
        s = rules.apply(s, Draw())
    assert s.round == 2 and legal.whose_turn(s) == "Green"  # not Blue, Red's left neighbour


def test_d4_a_tie_between_players_without_the_seal_leaves_it_on_the_board() -> None:
    s = to_turns(game())
    s = patch(s, 1, laid=counts(DK=2))
    s = patch(s, 2, laid=counts(DK=2))
    assert s.seals[1] is None
    s = patch(s, 0, laid=counts(EN=1), hand=counts(DK=2))
    after = rules.apply(s, Play.of({"DK": 2}, move="EN"))
    assert after.seals[1] is None and after.seals[0] == 0


def test_d10_the_goal_taker_and_the_players_before_him_get_no_more_turns() -> None:
    s = to_turns(game())  # Red starts
    s = rules.apply(s, Draw())  # Red
    s = patch(s, 1, field=33, laid=counts(DK=2), hand=counts(DK=1))
    s = rules.apply(s, Play.of({"DK": 1}, move="goal"))  # Blue takes the goal
    assert s.end_round and legal.whose_turn(s) == "Green"
    s = rules.apply(s, Draw())  # Green, the last of the round
    assert s.phase == "finished"


def test_d11_draw_is_legal_even_when_it_takes_nothing() -> None:
    s = replace(to_turns(game()), deck=())
    assert Draw() in legal.legal_actions(s, "Red")
    assert rules.apply(s, Draw()).players[0].hand == s.players[0].hand


def test_d13_an_empty_lot_is_still_auctioned_for_the_start_player() -> None:
    s = replace(game(), deck=())
    s = rules.apply(s, Roll(5))
    assert s.lot == counts()
    s = rules.apply(s, Bid(1))  # Blue
    s = rules.apply(s, Pass())
    s = rules.apply(s, Pass())
    assert s.start_player == 1 and s.players[1].bills == 14


def test_d19_unknown_top_level_keys_in_a_record_are_ignored() -> None:
    data = record.state_to_record(setup.new_game(["A", "B", "C"], seed=2))
    data["title"] = "Rainy Tuesday"
    assert record.replay(record.read_record(data)).names == ("A", "B", "C")
