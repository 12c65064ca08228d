"""The setup: the track in blocks of five, the face-up fields, the deal, what every player starts with."""

from __future__ import annotations

from collections import Counter

from games.batavia.engine import legal, setup
from games.batavia.engine.components import COMPANIES, GOODS, count_cards
from games.batavia.engine.state import BILLS, CRATES

from .helpers import NAMES4, TRACK, game

#: Top first: 10 EN, 10 DK, 10 FR, 10 NL, then the other 70 cards (SE first).
SORTED_DECK = (
    *(c for c in ("EN", "DK", "FR", "NL") for _ in range(10)),
    *("SE",) * 22,
    *(c for c in ("EN", "DK", "FR", "NL") for _ in range(12)),
)


def test_the_first_player_takes_the_top_ten_then_the_next_player_the_next_ten() -> None:
    s = setup.setup_game(NAMES4, TRACK, SORTED_DECK, auctioneer="Green")  # dealing ignores the auctioneer
    assert [p.hand for p in s.players] == [
        (10, 0, 0, 0, 0),
        (0, 10, 0, 0, 0),
        (0, 0, 10, 0, 0),
        (0, 0, 0, 10, 0),
    ]
    assert s.deck == SORTED_DECK[40:] and s.deck[0] == "SE" and count_cards(s.deck) == (12, 12, 12, 12, 22)


def test_every_player_starts_with_15_bills_12_crates_no_gold_on_the_start_field() -> None:
    s = game(NAMES4)
    for p in s.players:
        assert (p.bills, p.crates_left, p.gold, p.field) == (BILLS, CRATES, 0, 0)
        assert p.laid == (0,) * 5 and p.tiles == ()
    assert s.seals == (None,) * 5 and s.cannon == 0 and s.lot == (0,) * 5 and sum(s.discards) == 0
    assert s.start_player is None and s.round == 1 and s.phase == "auction"
    assert legal.whose_turn(s) == "Red"  # the first seat is the first auctioneer by default


def test_a_shuffled_track_has_one_tile_of_every_company_in_every_block_of_five() -> None:
    first_fields: Counter[str] = Counter()
    for seed in range(60):
        track = setup.random_track(seed)
        assert setup.track_problem(track) is None
        assert sorted(map(str, track)) == sorted(f"{c}-{g}" for c in COMPANIES for g in GOODS)
        for b in range(7):
            assert sorted(t.company for t in track[5 * b : 5 * b + 5]) == sorted(COMPANIES)
        first_fields[track[0].company] += 1
    assert len(first_fields) == 5  # the order inside a block is random


def test_fields_1_to_10_are_face_up_or_all_with_open_tiles() -> None:
    assert [f.face_up for f in setup.new_game(["A", "B", "C"], seed=9).track] == [True] * 10 + [False] * 25
    assert all(f.face_up for f in setup.new_game(["A", "B", "C"], seed=9, open_tiles=True).track)
