"""Fixtures of the Batavia app tests: a camp with four teams, a round whose mini-game is Batavia,
a digital session (started) and a staff client."""

from __future__ import annotations

import pytest
from django.test import Client

from camp import services as camp_services
from camp.models import Camp, MiniGame, Round, Team
from games.batavia import services
from games.batavia.models import BataviaSession


@pytest.fixture
def camp(db: None) -> Camp:
    return camp_services.camp_create(name="Letní tábor techniků – 1. běh", year=2026)


@pytest.fixture
def teams(camp: Camp) -> list[Team]:
    return [
        camp_services.team_create(camp=camp, name="Červení", colour="#c0392b"),
        camp_services.team_create(camp=camp, name="Modří", colour="#2471a3"),
        camp_services.team_create(camp=camp, name="Zelení", colour="#229954"),
        camp_services.team_create(camp=camp, name="Žlutí", colour="#f1c40f"),
    ]


@pytest.fixture
def round1(camp: Camp, teams: list[Team]) -> Round:
    return camp_services.round_create(camp=camp)


@pytest.fixture
def minigame(round1: Round) -> MiniGame:
    return camp_services.minigame_record(round=round1, name="Batavia v jídelně", kind="batavia")


@pytest.fixture
def session(minigame: MiniGame) -> BataviaSession:
    """A digital game of the four teams, started (the first die is rolled: Červení bid... no, the
    auctioneer is seat 0 and the first bidder seat 1)."""
    s = services.session_create(minigame=minigame)
    services.session_start(session=s)
    return s


@pytest.fixture
def staff(db: None, django_user_model: type) -> Client:
    user = django_user_model.objects.create_superuser(username="vedouci", password="x", email="v@example.org")
    client = Client()
    client.force_login(user)
    return client
