"""Action points: by rank, with ties, for teams that did not play, by the camp's table, totals."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from camp import selectors, services
from camp.models import Camp, Round, Team


@pytest.mark.parametrize(
    ("rank", "ap"),
    [(1, 14), (2, 11), (3, 8), (4, 0), (99, 0), (None, 0), (0, 0), (-1, 0)],
)
def test_ap_for_rank_default_table(rank: int | None, ap: int) -> None:
    assert selectors.ap_for_rank([14, 11, 8], rank) == ap


def test_ap_for_rank_custom_table() -> None:
    table = [20, 15, 10, 5, 1]
    assert [selectors.ap_for_rank(table, r) for r in range(1, 7)] == [20, 15, 10, 5, 1, 0]


def test_two_firsts_share_first_place_ap_and_next_is_third(
    camp: Camp, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={blue.pk: 1, green.pk: 1, red.pk: 3})
    assert selectors.round_ap(round1) == {red: 8, blue: 14, green: 14}


def test_tie_for_second_place(camp: Camp, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 2})
    assert selectors.round_ap(round1) == {red: 14, blue: 11, green: 11}


def test_team_without_placement_gets_zero(camp: Camp, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: None})  # green not even listed
    assert selectors.round_ap(round1) == {red: 14, blue: 0, green: 0}


def test_rank_beyond_table_gets_zero(db: None) -> None:
    camp = services.camp_create(name="Malý tábor", year=2026, ap_table=[10, 5])
    a, b, c = (services.team_create(camp=camp, name=n, colour="#000000") for n in "ABC")
    round_ = services.round_create(camp=camp)
    services.placements_record(round=round_, ranks={a.pk: 1, b.pk: 2, c.pk: 3})
    assert selectors.round_ap(round_) == {a: 10, b: 5, c: 0}


def test_custom_table_with_more_places(db: None) -> None:
    camp = services.camp_create(name="Velký tábor", year=2026, ap_table=[16, 13, 10, 7, 4])
    ts = [services.team_create(camp=camp, name=f"T{i}", colour="#123456") for i in range(5)]
    round_ = services.round_create(camp=camp)
    services.placements_record(
        round=round_, ranks={ts[0].pk: 1, ts[1].pk: 1, ts[2].pk: 3, ts[3].pk: 4, ts[4].pk: 4}
    )
    assert list(selectors.round_ap(round_).values()) == [16, 16, 10, 7, 7]


def test_totals_run_over_rounds(camp: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    r1 = services.round_create(camp=camp)
    r2 = services.round_create(camp=camp)
    services.round_create(camp=camp)  # a round without placements adds nothing
    services.placements_record(round=r1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    services.placements_record(round=r2, ranks={red.pk: None, blue.pk: 1, green.pk: 2})
    assert selectors.rounds_with_ap(camp).total_cells == [(red, 14), (blue, 25), (green, 19)]


def test_totals_of_a_camp_without_rounds_are_zero(camp: Camp, teams: list[Team]) -> None:
    assert selectors.rounds_with_ap(camp).total_cells == [(team, 0) for team in teams]


def test_changing_the_table_does_not_rewrite_recorded_rounds(
    camp: Camp, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    camp.ap_table = [30, 20, 10]
    camp.save()
    assert selectors.round_ap(round1) == {red: 14, blue: 11, green: 8}
    round2 = services.round_create(camp=camp)
    services.placements_record(round=round2, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    assert selectors.round_ap(round2) == {red: 30, blue: 20, green: 10}
    assert selectors.rounds_with_ap(camp).total_cells == [(red, 44), (blue, 31), (green, 18)]


def test_rounds_with_ap_table(camp: Camp, teams: list[Team]) -> None:
    red, blue, green = teams
    r1 = services.round_create(camp=camp)
    services.round_create(camp=camp)
    services.minigame_record(round=r1, name="Stavba vorů", kind="outdoor")
    services.placements_record(round=r1, ranks={red.pk: 2, blue.pk: 1, green.pk: None})
    overview = selectors.rounds_with_ap(camp)
    assert overview.teams == teams
    assert [row.round.number for row in overview.rows] == [1, 2]
    assert overview.rows[0].minigame is not None and overview.rows[0].minigame.name == "Stavba vorů"
    assert overview.rows[1].minigame is None
    assert [(c.team, c.rank, c.ap) for c in overview.rows[0].cells] == [
        (red, 2, 11),
        (blue, 1, 14),
        (green, None, 0),
    ]
    assert [(c.rank, c.ap) for c in overview.rows[1].cells] == [(None, 0)] * 3
    assert overview.total_cells == [(red, 11), (blue, 14), (green, 0)]


@pytest.mark.parametrize("rounds", [1, 10])
def test_rounds_with_ap_uses_constant_queries(
    camp: Camp, teams: list[Team], rounds: int, django_assert_num_queries: object
) -> None:
    for _ in range(rounds):
        round_ = services.round_create(camp=camp)
        services.minigame_record(round=round_, name="Hra", kind="indoor")
        services.placements_record(round=round_, ranks={t.pk: i + 1 for i, t in enumerate(teams)})
    with django_assert_num_queries(3):  # type: ignore[operator]
        overview = selectors.rounds_with_ap(camp)
        assert len(overview.rows) == rounds
        assert overview.totals[teams[0].pk] == 14 * rounds


def competition_ranking(scores: list[int]) -> list[int]:
    """Rank = 1 + number of strictly better scores (how a referee ranks a race)."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


@given(scores=st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=8))
def test_every_competition_ranking_is_accepted_and_ties_share_ap(scores: list[int]) -> None:
    ranks = dict(enumerate(competition_ranking(scores)))
    assert selectors.competition_ranking_gaps(ranks) == []
    aps = selectors.ranks_ap([14, 11, 8], ranks)
    for i in ranks:
        for j in ranks:
            if ranks[i] == ranks[j]:
                assert aps[i] == aps[j]
            if ranks[i] < ranks[j]:
                assert aps[i] >= aps[j]


@given(ranks=st.lists(st.integers(min_value=1, max_value=9), min_size=1, max_size=8))
def test_only_competition_rankings_are_accepted(ranks: list[int]) -> None:
    by_team = dict(enumerate(ranks))
    is_competition = sorted(ranks) == sorted(competition_ranking([-r for r in ranks]))
    assert (selectors.competition_ranking_gaps(by_team) == []) == is_competition


@pytest.mark.parametrize(
    ("ranks", "ok"),
    [
        ([1, 1, 3], True),
        ([1, 2, 2, 4], True),
        ([1], True),
        ([1, 1, 1], True),
        ([1, 3], False),
        ([2], False),
        ([1, 1, 2], False),
        ([1, 2, 2, 3], False),
        ([2, 2], False),
    ],
)
def test_competition_ranking_examples(ranks: list[int], ok: bool) -> None:
    assert (selectors.competition_ranking_gaps(dict(enumerate(ranks))) == []) is ok
