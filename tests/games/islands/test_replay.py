"""The replay of a resolved round (issue 10, part 2): frames of the public map, step by step."""

from __future__ import annotations

import pytest

from camp.models import Camp, Round, RoundStatus, Team
from games.islands import replay
from games.islands.models import RoundResult


@pytest.fixture
def round_one(game: None, camp: Camp) -> Round:
    return Round.objects.get(camp=camp, number=1)


def test_the_replay_of_a_played_round_is_exact_and_ends_where_the_round_ended(round_one: Round, teams: list[Team]) -> None:
    played = replay.round_replay(round_one)
    assert played is not None and played.exact
    assert len(played.frames) > 3
    for f in played.frames:
        print(f.title, f.lines)
