"""The balanced deal (``engine/balance.py`` and ``generate_map(..., teams=…)``): every seat's hold of a
hex, the way's cost around dangers, and a deal that moves the tiles until no side is predicted to
lean, keeping the mix, the open harbor mouths and the randomness."""

from __future__ import annotations

from collections import Counter

import pytest

from games.islands.engine.balance import HAZARD_COSTS, Lean, holdings, way_costs
from games.islands.engine.generator import generate_map, mouth_hexes
from games.islands.engine.hexes import geometry
from games.islands.engine.tiles import Tile


def test_a_reef_on_the_way_costs_more_than_its_step() -> None:
    g = geometry(5)
    bay = g.bays_on("bottom")[1]
    plain = way_costs(5, {}, bay)
    first = g.bay_hexes(bay)[0]
    with_reef = way_costs(5, {first: Tile.REEFS}, bay)
    assert plain[first] == 1 and with_reef[first] == 1 + HAZARD_COSTS[Tile.REEFS]


@pytest.mark.parametrize(("side", "teams"), [(7, 3), (9, 6), (13, 12)])
def test_every_hex_is_held_whole_by_the_teams_of_a_camp(side: int, teams: int) -> None:
    held = holdings(side, teams, {})
    per_hex = [sum(row[j] for row in held.share) for j in range(len(geometry(side).hexes))]
    # Averaged over the sampled camps every hex is shared out whole among the seats taken.
    assert all(total == pytest.approx(1.0) for total in per_hex)
    assert sorted({o for _s, o in held.seats}) == list(range(1, -(-teams // 3) + 1))


@pytest.mark.parametrize(("side", "teams", "seed"), [(9, 6, 1), (9, 3, 2), (13, 12, 3), (7, 3, 4)])
def test_the_balanced_deal_leans_far_less_and_keeps_the_mix(side: int, teams: int, seed: int) -> None:
    plain = generate_map(side, seed)
    balanced = generate_map(side, seed, teams=teams)
    tiles = {h: c.tile for h, c in balanced.tiles.items() if c.tile in HAZARD_COSTS}
    assert Counter(c.tile for c in balanced.tiles.values()) == Counter(c.tile for c in plain.tiles.values())
    assert sorted(c.chests for c in balanced.tiles.values() if c.chests) == sorted(plain.mix.treasures)
    assert all(balanced.tiles[h].tile is Tile.OPEN_SEA for h in mouth_hexes(side))

    def leaning(cells: dict) -> float:  # type: ignore[type-arg]
        held = holdings(side, teams, {h: c.tile for h, c in cells.items() if c.tile in HAZARD_COSTS})
        lean = Lean(held, {h: (c.tile, c.chests) for h, c in cells.items()})
        return max(abs(v) for v in lean.side_leans().values())

    assert leaning(dict(balanced.tiles)) < 1.0 < leaning(dict(plain.tiles))
    assert tiles  # (dangers there are, and they were placed too)


def test_the_balanced_deal_is_a_function_of_its_seed() -> None:
    assert generate_map(9, 5, teams=6) == generate_map(9, 5, teams=6)
    assert generate_map(9, 5, teams=6).tiles != generate_map(9, 6, teams=6).tiles
    # Another number of teams has other seats to balance: another board.
    assert generate_map(9, 5, teams=6).tiles != generate_map(9, 5, teams=3).tiles
