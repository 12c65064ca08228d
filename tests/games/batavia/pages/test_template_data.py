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


def test_the_play_preview_warns_when_a_tie_sends_a_seal_back() -> None:
    """Rules (seals): a play that ties the seal's holder sends that seal back to the board."""
    from dataclasses import replace

    from django.utils import translation

    from games.batavia.pages.template_data import play_preview

    state = new_game(["Červení", "Modří", "Zelení"], seed=1)
    players = list(state.players)
    players[0] = replace(players[0], hand=(3, 0, 0, 0, 0))
    players[1] = replace(players[1], laid=(2, 0, 0, 0, 0))
    state = replace(state, players=tuple(players), seals=(1, None, None, None, None))
    with translation.override("cs"):
        tie = play_preview(state, 0, {"EN": 2})
        beat = play_preview(state, 0, {"EN": 3})
        short = play_preview(state, 0, {"EN": 1})
    assert tie.warnings == ["EN: vaše karty remizují s týmem Modří, a tak se pečeť EN vrátí na plán."]
    assert beat.warnings == [] and short.warnings == []
