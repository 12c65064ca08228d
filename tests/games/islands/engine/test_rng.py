"""Draws derive from (seed, round, purpose): stable, independent, and overridable."""

from __future__ import annotations

from games.islands.engine.hexes import DIRECTION_NAMES, Hex, distance, geometry
from games.islands.engine.rng import Draws, RoundRandom, draw_key_kind, pirate_moves, random_for


def test_same_inputs_same_draws_and_different_purposes_differ() -> None:
    assert pirate_moves(1, 2, "P1") == pirate_moves(1, 2, "P1")
    assert pirate_moves(1, 2, "P1") != pirate_moves(1, 2, "P2")
    assert pirate_moves(1, 2, "P1") != pirate_moves(1, 3, "P1")
    assert pirate_moves(1, 2, "P1") != pirate_moves(2, 2, "P1")
    assert set(pirate_moves(5, 1, "P1", doubled=True)) <= set(DIRECTION_NAMES)


def test_a_draw_never_shifts_another() -> None:
    # Drawing for one purpose first changes nothing for another purpose.
    before = random_for(9, 1, "P2.shot").random()
    random_for(9, 1, "P1.shot").random()
    assert random_for(9, 1, "P2.shot").random() == before


def test_known_answer_keeps_replays_stable() -> None:
    # If this changes, every stored camp round would replay differently: sha256 of
    # repr((seed, round, purpose)) seeds random.Random.
    assert pirate_moves(7, 1, "P1") == ("N", "NE", "S", "SW", "S", "SW", "N", "SE", "S", "SE", "NE")
    assert random_for(0, 1, "x").randrange(1000) == 439
    assert len({pirate_moves(s, 1, "P1") for s in range(20)}) == 20


def test_fixed_directions_come_first_then_random() -> None:
    source = RoundRandom(3, 1, Draws(directions=(("P1.redraw", ("N", "S")),)))
    stream = source.directions("P1.redraw")
    drawn = [stream.next() for _ in range(6)]
    assert drawn[:2] == ["N", "S"] and all(d in DIRECTION_NAMES for d in drawn)
    again = source.directions("P1.redraw")
    assert [again.next() for _ in range(6)] == drawn


def test_random_shot_is_two_to_four_away_and_fixed_wins() -> None:
    g = geometry(9)
    origin = g.parse("E5")
    source = RoundRandom(11, 4)
    targets = {source.shot_target(f"P{i}.shot", origin, g) for i in range(1, 200)}
    assert targets and all(t is not None and g.on_board(t) and 2 <= distance(origin, t) <= 4 for t in targets)
    assert len(targets) > 10  # spread over the ring, not one hex
    fixed = RoundRandom(11, 4, Draws(targets=(("P1.shot", Hex(0, 0)),)))
    assert fixed.shot_target("P1.shot", origin, g) == Hex(0, 0)


def test_draw_keys() -> None:
    assert draw_key_kind("P1.shot") == "shot"
    assert draw_key_kind("P12.redraw") == "redraw"
    assert draw_key_kind("red.C2.rum") == "rum"
    assert draw_key_kind("red.B.rum") == "rum"
    assert draw_key_kind("red.B.shot") == "shot"
    for bad in ("P0.shot", "red.C7.rum", "red.C1.shot", "shot", "P1.rum"):
        assert draw_key_kind(bad) is None, bad
