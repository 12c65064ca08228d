"""Fixtures of the printed sheets' tests: crowded camps (6 and 12 teams, three rounds played, round
4 open for orders), built once per test module in a transaction rolled back at its end."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.db import transaction
from django.utils import translation

from camp import services as camp_services
from camp.models import TEAM_COLOURS, Camp, Round
from games.islands.demo import demo_play

GAME_SEED = 4151990316782215021
TEAM_NAMES = ("Piráti", "Chobotnice", "Delfíni", "Žraloci", "Kapitáni", "Mořské panny", "Racci", "Korzáři",
              "Velryby", "Tuleni", "Krakeni", "Albatrosi")  # fmt: skip
#: Board side by the number of teams (enough bays on every side).
SIDES = {6: 7, 12: 9}


def crowded_camp(teams: int) -> Camp:
    """A camp of ``teams`` teams after three rounds played, round 4 open for orders."""
    camp = camp_services.camp_create(name=f"Tábor {teams} týmů", year=2026, board_side=SIDES[teams])
    for i, name in enumerate(TEAM_NAMES[:teams]):
        camp_services.team_create(camp=camp, name=name, colour=TEAM_COLOURS[i % len(TEAM_COLOURS)])
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED, ap_table=[14, 11, 8, 6, 5, 4, 3, 3, 2, 2, 1, 1])
    camp.refresh_from_db()
    demo_play(camp, rounds=3, open_next=True)
    return camp


@pytest.fixture(scope="module")
def crowded_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[int, int]]:
    """Round 4's id in a 6-team and in a 12-team camp."""
    with django_db_blocker.unblock(), translation.override(settings.LANGUAGE_CODE):
        with transaction.atomic():
            yield {n: Round.objects.get(camp=crowded_camp(n), number=4).pk for n in SIDES}
            transaction.set_rollback(True)


@pytest.fixture
def crowded_round(crowded_world: dict[int, int], db: None) -> Callable[[int], Round]:
    """Round 4 of the crowded camp of 6 or 12 teams."""

    def round_of(teams: int) -> Round:
        return Round.objects.select_related("camp").get(pk=crowded_world[teams])

    return round_of
