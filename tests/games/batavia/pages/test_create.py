"""Making the game from its round (:mod:`games.batavia.pages.create`)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from camp.models import MiniGame, Round, Team
from games.batavia.models import BataviaSession
from tests.games.batavia.pages.helpers import text, url


def test_round_page_creates_then_opens_the_game(staff: Client, round1: Round, minigame: MiniGame) -> None:
    page = reverse("admin:batavia_bataviasession_round", args=[round1.pk])
    response = staff.get(page)
    assert response.status_code == 200 and "Nová hra Batavia" in text(response)
    response = staff.post(page, {"mode": "digital", "team": []})  # no team ticked
    assert response.status_code == 200 and "Nic nebylo vytvořeno" in text(response)
    assert not BataviaSession.objects.exists()
    response = staff.post(page, {"mode": "digital", "team": [t.pk for t in Team.objects.all()]})
    session = BataviaSession.objects.get()
    assert response.status_code == 302 and response["Location"] == url("master", session)
    assert staff.get(page)["Location"] == url("master", session)
    # the round's page links to it
    assert page in staff.get(reverse("admin:camp_round_change", args=[round1.pk])).content.decode()


def test_round_page_of_an_outdoor_round(staff: Client, round1: Round) -> None:
    from camp import services as camp_services

    camp_services.minigame_record(round=round1, name="Přetahovaná", kind="outdoor")
    page = reverse("admin:batavia_bataviasession_round", args=[round1.pk])
    assert "není Batavia" in text(staff.get(page))
    staff.post(page, {"mode": "digital", "team": [t.pk for t in Team.objects.all()]})
    assert not BataviaSession.objects.exists()
