"""The auction: roll, bid order, bids, passes, payment, the lot and the start player."""

from __future__ import annotations

import pytest

from games.batavia.engine import legal, rules
from games.batavia.engine.actions import Bid, Draw, Pass, Roll
from games.batavia.engine.errors import IllegalBid, IllegalRoll, NotYourTurn, WrongPhase

from .helpers import NAMES4, counts, game, to_turns


def test_the_auctioneer_rolls_and_turns_that_many_cards_onto_the_lot() -> None:
    s = game()
    assert legal.whose_turn(s) == "Red"
    assert legal.legal_actions(s, "Red") == [Roll(k) for k in range(1, 7)]
    s = rules.apply(s, Roll(3))
    assert s.lot == counts(EN=1, DK=1, FR=1)  # the known deck after dealing 30: EN DK FR ...
    assert len(s.deck) == 110 - 30 - 3
    assert legal.whose_turn(s) == "Blue"  # left of the auctioneer bids first


@pytest.mark.parametrize("k", [0, 7, -1])
def test_a_die_shows_one_to_six(k: int) -> None:
    with pytest.raises(IllegalRoll):
        rules.apply(game(), Roll(k))


def test_only_the_auctioneer_rolls_and_only_once() -> None:
    with pytest.raises(NotYourTurn):
        rules.apply(game(), Roll(2), player="Blue")
    with pytest.raises(WrongPhase) as e:
        rules.apply(game(), Bid(1))
    assert e.value.code == "roll_due"
    s = rules.apply(game(), Roll(2))
    with pytest.raises(WrongPhase) as e:
        rules.apply(s, Roll(2))
    assert e.value.code == "already_rolled"


def test_bids_go_clockwise_from_the_auctioneers_left_and_the_auctioneer_bids_last() -> None:
    s = rules.apply(game(NAMES4, auctioneer="Green"), Roll(2))
    order = []
    for _ in range(4):
        order.append(legal.whose_turn(s))
        s = rules.apply(s, Bid(len(order)))
    assert order == ["Yellow", "Red", "Blue", "Green"]
    assert legal.whose_turn(s) == "Yellow"  # round again among those still in


def test_bids_are_at_least_one_higher_than_the_last_and_within_the_bills() -> None:
    s = rules.apply(game(), Roll(2))
    with pytest.raises(IllegalBid) as e:
        rules.apply(s, Bid(0))
    assert e.value.code == "bid_below_one"
    with pytest.raises(IllegalBid) as e:
        rules.apply(s, Bid(16))
    assert e.value.code == "not_enough_bills"
    s = rules.apply(s, Bid(4))
    with pytest.raises(IllegalBid) as e:
        rules.apply(s, Bid(4))
    assert e.value.code == "bid_too_low"
    assert legal.legal_actions(s, "Green") == [Pass(), *(Bid(n) for n in range(5, 16))]


def test_a_pass_is_out_and_the_auction_ends_when_one_bidder_is_left() -> None:
    s = rules.apply(game(), Roll(2))
    s = rules.apply(s, Bid(1), "Blue")
    s = rules.apply(s, Bid(2), "Green")
    s = rules.apply(s, Pass(), "Red")  # Red is out
    s = rules.apply(s, Bid(3), "Blue")
    assert legal.whose_turn(s) == "Green"  # Red is skipped
    s = rules.apply(s, Pass(), "Green")
    assert s.phase == "turns" and s.start_player == 1
    assert s.players[1].hand == (3, 3, 2, 2, 2)  # 10 dealt + EN and DK from the lot
    assert s.lot == counts()
    assert [p.bills for p in s.players] == [16, 12, 17]  # Green (left of Blue) 2, Red 1


def test_if_everyone_before_passes_the_auctioneer_may_still_bid_and_wins() -> None:
    s = rules.apply(game(), Roll(2))
    s = rules.apply(s, Pass())
    s = rules.apply(s, Pass())
    assert legal.whose_turn(s) == "Red"
    s = rules.apply(s, Bid(1))
    assert s.phase == "turns" and s.start_player == 0
    assert [p.bills for p in s.players] == [14, 16, 15]


def test_payment_goes_one_bill_at_a_time_from_the_left_neighbour_and_wraps() -> None:
    assert rules.payment(3, 2, 5) == (3, 2, 0)  # Red (left of Green) 3, Blue 2
    assert rules.payment(5, 1, 9) == (2, 0, 3, 2, 2)
    assert rules.payment(4, 3, 2) == (1, 1, 0, 0)
    s = rules.apply(game(), Roll(2))
    s = rules.apply(s, Pass())
    s = rules.apply(s, Bid(5))
    s = rules.apply(s, Pass())
    assert [p.bills for p in s.players] == [18, 17, 10]
    assert sum(p.bills for p in s.players) == 45


def test_nobody_bidding_in_the_first_auction_makes_the_auctioneer_start_player() -> None:
    s = to_turns(game(auctioneer="Blue"), roll=2)
    assert s.phase == "turns" and s.start_player == 1 and legal.whose_turn(s) == "Blue"
    assert s.lot == counts(EN=1, DK=1)  # the lot stays for the next round
    assert [p.bills for p in s.players] == [15, 15, 15]


def test_nobody_bidding_later_keeps_the_start_player_and_the_lot_grows() -> None:
    s = rules.apply(game(), Roll(1))
    s = rules.apply(s, Bid(1), "Blue")
    s = rules.apply(s, Pass())
    s = rules.apply(s, Pass())
    assert s.start_player == 1
    for _ in range(3):
        s = rules.apply(s, Draw())
    # round 2: the start player of round 1 (Blue) is the auctioneer
    assert s.phase == "auction" and s.round == 2 and s.auctioneer == 1
    s = rules.apply(s, Roll(2))
    for _ in range(3):
        s = rules.apply(s, Pass())
    assert s.start_player == 1 and sum(s.lot) == 2
    for _ in range(3):
        s = rules.apply(s, Draw())
    s = rules.apply(s, Roll(3), "Blue")
    assert sum(s.lot) == 5  # the unsold lot is carried over


def test_a_player_without_enough_bills_can_only_pass() -> None:
    s = rules.apply(game(), Roll(2))
    s = rules.apply(s, Bid(15))
    assert legal.legal_actions(s, "Green") == [Pass()]
