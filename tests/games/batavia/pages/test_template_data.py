"""The team badges (two letters on the track, the exchanges and the tables) are unique in a game."""

from __future__ import annotations

import pytest

from games.batavia.engine import new_game, public_view
from games.batavia.pages.template_data import badges, public_context


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Červení", "Černí"], ["ČE", "ČR"]),
        (["Žraloci", "žraloci"], ["ŽR", "ŽA"]),
        (["Modří", "Zelení", "Žlutí"], ["MO", "ZE", "ŽL"]),
        (["Modří draci", "Modří delfíni", "Modří"], ["MD", "MO", "MŘ"]),
        (["AA", "aa", "Aa"], ["AA", "A2", "A3"]),
        (["Ab", "AB", "ab", "aB"], ["AB", "A2", "A3", "A4"]),
    ],
)
def test_badges_are_unique_and_follow_the_seat_order(names: list[str], expected: list[str]) -> None:
    got = badges(names)
    assert [got[n] for n in names] == expected
    assert len(set(got.values())) == len(names)
    assert badges(names) == got  # deterministic


def test_the_table_shows_the_unique_badges() -> None:
    names = ["Červení", "Černí", "Žraloci", "žraloci"]
    g = public_context(public_view(new_game(names, seed="camp")), {})
    assert [p["initials"] for p in g["players"]] == ["ČE", "ČR", "ŽR", "ŽA"]
    assert {m["initials"] for m in g["start"]} == {"ČE", "ČR", "ŽR", "ŽA"}
