"""The Golden Islands map generator: determinism, the mix, harbor mouths, fairness, sides by lot."""

from __future__ import annotations

from collections import Counter, deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.islands.engine.generator import (
    DEFAULT_MIX,
    FAIRNESS_RADII,
    BoardNotFoundError,
    Cell,
    GeneratedMap,
    GeneratorError,
    MixError,
    SideError,
    TileMix,
    default_mix,
    default_tolerance,
    draw_sides,
    fairness_report,
    generate_map,
    inner_hexes,
    mouth_hexes,
)
from games.islands.engine.hexes import MAX_SIDE, MIN_SIDE, SIDES, distance, geometry, neighbours
from games.islands.engine.tiles import Tile

ALL_SIDES = range(MIN_SIDE, MAX_SIDE + 1)
sides = st.integers(MIN_SIDE, MAX_SIDE)
seeds = st.integers(-(2**63), 2**63)


def chests_near(m: GeneratedMap) -> dict[str, list[int]]:
    """Chests within each radius of each side's bays, counted from scratch (no generator helpers)."""
    g = geometry(m.side)
    result: dict[str, list[int]] = {}
    for side in SIDES:
        bays = g.bays_on(side)
        result[side] = [
            sum(
                cell.chests
                for h, cell in m.tiles.items()
                if cell.tile is Tile.TREASURE and min(distance(b, h) for b in bays) <= radius
            )
            for radius in FAIRNESS_RADII
        ]
    return result


# -- determinism ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(side=sides, seed=seeds)
def test_same_seed_gives_the_same_map(side: int, seed: int) -> None:
    first, second = generate_map(side, seed), generate_map(side, seed)
    assert first == second
    assert list(first.tiles.items()) == list(second.tiles.items())


def test_a_known_board_does_not_change() -> None:
    """Pins the dealing algorithm: a camp must be able to regenerate its board from the seed."""
    m = generate_map(9, 2024)
    g = geometry(9)
    treasures = sorted((g.label(h), c.chests) for h, c in m.tiles.items() if c.tile is Tile.TREASURE)
    reefs = sorted(g.label(h) for h, c in m.tiles.items() if c.tile is Tile.REEFS)
    assert m.attempt == 7
    assert treasures == [
        ("E3", 2), ("F3", 2), ("F6", 1), ("G2", 1), ("G6", 2), ("H6", 3), ("H7", 1),
        ("J4", 1), ("J8", 3), ("K3", 2), ("K7", 2), ("L3", 3), ("M5", 2),
    ]  # fmt: skip
    assert reefs == ["E5", "H8", "I11", "I9", "K5"]
    assert m.scenario_hexes()["H6"] == {"tile": "treasure", "chests": 3}
    assert m.scenario_hexes()["E5"] == {"tile": "reefs"}
    assert len(m.scenario_hexes()) == 42


@pytest.mark.parametrize("side", [7, 9, 11, 13])
def test_different_seeds_give_different_maps(side: int) -> None:
    boards = {tuple(generate_map(side, seed).tiles.items()) for seed in range(20)}
    assert len(boards) == 20


def test_small_boards_vary_too() -> None:
    # Side 5 deals 6 tiles onto 10 hexes, and only fair deals count: repeats happen, but rarely.
    boards = {tuple(generate_map(5, seed).tiles.items()) for seed in range(20)}
    assert len(boards) >= 15


def test_seed_is_a_whole_number() -> None:
    with pytest.raises(GeneratorError):
        generate_map(9, "7")  # type: ignore[arg-type]
    with pytest.raises(GeneratorError):
        generate_map(9, True)


# -- the mix ----------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(side=sides, seed=seeds)
def test_tile_counts_equal_the_mix(side: int, seed: int) -> None:
    m = generate_map(side, seed)
    mix = default_mix(side)
    counts = m.counts()
    assert set(m.tiles) == geometry(side).hexes  # every board hex is listed, open sea too
    for tile, wanted in mix.counts().items():
        assert counts[tile] == wanted, tile
    assert counts[Tile.OPEN_SEA] == len(geometry(side).hexes) - mix.tile_count
    assert sorted(c.chests for c in m.tiles.values() if c.tile is Tile.TREASURE) == sorted(mix.treasures)
    assert all(c.chests == 0 for c in m.tiles.values() if c.tile is not Tile.TREASURE)
    assert m.chests == mix.chests


def test_default_mix_for_side_9() -> None:
    mix = default_mix(9)
    assert mix == DEFAULT_MIX
    assert mix.chests == 25
    assert len(mix.treasures) == 13
    assert set(mix.treasures) == {1, 2, 3}
    assert mix.tile_count == 42
    assert all(count > 0 for count in mix.counts().values())


def test_default_mix_scales_with_the_hex_count() -> None:
    chests = [default_mix(side).chests for side in ALL_SIDES]
    assert chests == sorted(chests)
    assert default_mix(13).chests == round(25 * 235 / 109)
    assert default_mix(13).reefs == round(5 * 235 / 109)
    for side in ALL_SIDES:
        mix = default_mix(side)
        assert mix.chests >= 1
        assert all(1 <= c <= 3 for c in mix.treasures)
        # never more than two thirds of the inner hexes, unless treasures alone need more
        assert mix.tile_count <= max(len(mix.treasures), len(inner_hexes(side)) * 2 // 3)


def test_custom_mix() -> None:
    mix = TileMix.from_counts([5, 5, 5], {Tile.REEFS: 3, Tile.MAP: 1})
    m = generate_map(7, 1, mix)
    assert m.counts()[Tile.REEFS] == 3
    assert m.counts()[Tile.MAP] == 1
    assert m.counts()[Tile.TREASURE] == 3
    assert m.chests == 15


def test_an_impossible_mix_is_refused() -> None:
    too_many = TileMix(treasures=(1,) * 10, reefs=1)
    with pytest.raises(MixError, match="only 10 hexes away from the bays"):
        generate_map(5, 1, too_many)
    assert issubclass(MixError, ValueError)
    with pytest.raises(MixError):
        generate_map(3, 1, TileMix(treasures=(1, 1)))
    with pytest.raises(ValueError):
        generate_map(13, 1, TileMix(reefs=len(geometry(13).hexes) + 1))


@pytest.mark.parametrize(
    "kwargs",
    [{"treasures": (0,)}, {"treasures": (2, -1)}, {"treasures": [1, 2]}, {"reefs": -1}, {"maps": 1.5}],
)
def test_a_malformed_mix_is_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(MixError):
        TileMix(**kwargs)  # type: ignore[arg-type]


def test_open_sea_and_treasure_are_not_counts() -> None:
    with pytest.raises(MixError):
        TileMix.from_counts([1], {Tile.OPEN_SEA: 3})
    with pytest.raises(MixError):
        TileMix.from_counts([1], {Tile.TREASURE: 3})


@pytest.mark.parametrize("side", [2, 14, 0, -9])
def test_side_out_of_range(side: int) -> None:
    with pytest.raises(SideError):
        generate_map(side, 1)
    with pytest.raises(SideError):
        default_mix(side)


# -- a playable board -------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(side=sides, seed=seeds)
def test_hexes_touching_a_bay_are_open_sea(side: int, seed: int) -> None:
    m = generate_map(side, seed)
    g = geometry(side)
    for bay in g.bays:
        for h in g.bay_hexes(bay):
            assert m.tiles[h] == Cell(Tile.OPEN_SEA, 0), g.label(h)


def test_mouths_and_inner_hexes_split_the_board() -> None:
    for side in ALL_SIDES:
        g = geometry(side)
        assert mouth_hexes(side) | set(inner_hexes(side)) == g.hexes
        assert not mouth_hexes(side) & set(inner_hexes(side))
        assert all(min(distance(b, h) for b in g.bays) >= 2 for h in inner_hexes(side))
    assert len(inner_hexes(9)) == 64


@settings(max_examples=30, deadline=None)
@given(side=st.integers(7, MAX_SIDE), seed=seeds)
def test_reefs_wall_nothing_in(side: int, seed: int) -> None:
    m = generate_map(side, seed, TileMix(treasures=(2, 2, 2), reefs=len(inner_hexes(side)) // 3))
    g = geometry(side)
    open_hexes = {h for h, c in m.tiles.items() if c.tile is not Tile.REEFS}
    start = {h for bay in g.bays for h in g.bay_hexes(bay)}
    seen, queue = set(start), deque(start)
    while queue:
        for n in neighbours(queue.popleft()):
            if n in open_hexes and n not in seen:
                seen.add(n)
                queue.append(n)
    assert seen == open_hexes


def test_no_fair_board_within_the_attempts_is_reported() -> None:
    seed = next(s for s in range(100) if generate_map(9, s).attempt > 0)
    with pytest.raises(BoardNotFoundError, match="no fair board of side 9"):
        generate_map(9, seed, max_attempts=1)
    assert generate_map(9, seed, max_attempts=generate_map(9, seed).attempt + 1) == generate_map(9, seed)
    assert issubclass(BoardNotFoundError, ValueError)


# -- fairness ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", list(ALL_SIDES))
def test_fair_within_tolerance_for_many_seeds(side: int) -> None:
    tolerance = default_tolerance(default_mix(side).chests)
    for seed in range(60):
        m = generate_map(side, seed)
        near = chests_near(m)
        assert {s: list(counts) for s, counts in m.fairness.chests.items()} == near
        for i in range(len(FAIRNESS_RADII)):
            column = [near[s][i] for s in SIDES]
            assert max(column) - min(column) <= tolerance, (side, seed, FAIRNESS_RADII[i], near)
        assert m.fairness.is_fair
        assert m.fairness.tolerance == tolerance


@settings(max_examples=60, deadline=None)
@given(side=sides, seed=seeds)
def test_fairness_report_matches_a_recount(side: int, seed: int) -> None:
    m = generate_map(side, seed)
    report = fairness_report(side, m.tiles)
    assert report == m.fairness
    assert max(report.spreads) <= report.tolerance


def test_tolerance() -> None:
    assert [default_tolerance(c) for c in (0, 7, 25, 39, 40, 46, 54)] == [2, 2, 2, 2, 3, 3, 3]
    assert {default_tolerance(default_mix(side).chests) for side in range(3, 12)} == {2}


def test_fairness_report_of_an_edited_board() -> None:
    g = geometry(9)
    apex_hex = g.parse("I9")  # near the right and left sides only
    report = fairness_report(9, {apex_hex: Cell(Tile.TREASURE, 4)}, tolerance=1)
    assert not report.is_fair
    assert dict(report.as_rows())["bottom"][0] == 0
    with pytest.raises(GeneratorError):
        fairness_report(5, {g.parse("I13"): Cell(Tile.TREASURE, 1)})


# -- sides by lot -----------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(names=st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=9, unique=True), seed=seeds)
def test_draw_sides_is_repeatable_and_balanced(names: list[str], seed: int) -> None:
    drawn = draw_sides(names, seed)
    assert drawn == draw_sides(list(reversed(names)), seed)
    assert list(drawn) == names
    per_side = Counter(drawn.values())
    assert set(per_side) <= set(SIDES)
    assert len(per_side) == min(3, len(names))
    assert max(per_side.values()) - min(per_side.values()) <= 1


def test_draw_sides_really_draws() -> None:
    draws = {tuple(draw_sides(["red", "blue", "green"], seed).items()) for seed in range(60)}
    assert len(draws) == 6  # every assignment of three sides comes up
    firsts = Counter(draw_sides(["red", "blue"], seed)["red"] for seed in range(300))
    assert set(firsts) == set(SIDES)


def test_draw_sides_refuses_duplicates() -> None:
    with pytest.raises(GeneratorError):
        draw_sides(["red", "red"], 1)
    assert draw_sides([], 1) == {}
