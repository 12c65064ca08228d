"""Fixtures of the camp tests: a camp run with three teams (and another camp to mix in)."""

from __future__ import annotations

import pytest

from camp import services
from camp.models import Camp, Placement, Round, Team


@pytest.fixture
def camp(db: None) -> Camp:
    return services.camp_create(name="Letní tábor techniků – 1. běh", year=2026, run_number=1)


@pytest.fixture
def teams(camp: Camp) -> list[Team]:
    return [
        services.team_create(camp=camp, name="Červení", colour="#c0392b"),
        services.team_create(camp=camp, name="Modří", colour="#2471a3"),
        services.team_create(camp=camp, name="Zelení", colour="#229954"),
    ]


@pytest.fixture
def red(teams: list[Team]) -> Team:
    return teams[0]


@pytest.fixture
def blue(teams: list[Team]) -> Team:
    return teams[1]


@pytest.fixture
def green(teams: list[Team]) -> Team:
    return teams[2]


@pytest.fixture
def round1(camp: Camp, teams: list[Team]) -> Round:
    return services.round_create(camp=camp)


@pytest.fixture
def other_camp(db: None) -> Camp:
    return services.camp_create(name="Letní tábor techniků – 2. běh", year=2026, run_number=2)


@pytest.fixture
def stranger(other_camp: Camp) -> Team:
    return services.team_create(camp=other_camp, name="Žlutí", colour="#f1c40f")


def db_state() -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Everything placements_record could change: to assert that a refused call stored nothing."""
    return (
        list(Placement.objects.order_by("id").values_list("id", "round_id", "team_id", "rank", "ap")),
        list(Round.objects.order_by("id").values_list("id", "status")),
    )
