"""Making the game from its round (:mod:`games.batavia.pages.create`)."""

from __future__ import annotations

from typing import Any

from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, MiniGame, Round, Team
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


def _team_boxes(response: Any) -> dict[str, bool]:
    page = BeautifulSoup(response.content, "html.parser")
    return {
        box.parent.get_text(strip=True): box.has_attr("checked") for box in page.select('input[name="team"]')
    }


def test_a_camp_of_four_teams_has_them_all_ticked(staff: Client, round1: Round, minigame: MiniGame) -> None:
    response = staff.get(reverse("admin:batavia_bataviasession_round", args=[round1.pk]))
    assert _team_boxes(response) == {"Červení": True, "Modří": True, "Zelení": True, "Žlutí": True}
    assert BeautifulSoup(response.content, "html.parser").select_one("#bt-players-hint") is None


def test_a_camp_of_six_teams_ticks_none_and_asks_for_three_to_five(
    staff: Client, camp: Camp, round1: Round, minigame: MiniGame
) -> None:
    """Six ticked boxes would only be refused by "Připravit hru": none is ticked, the page says why."""
    camp_services.team_create(camp=camp, name="Fialoví", colour="#8e44ad")
    camp_services.team_create(camp=camp, name="Oranžoví", colour="#e67e22")
    page = reverse("admin:batavia_bataviasession_round", args=[round1.pk])
    response = staff.get(page)
    boxes = _team_boxes(response)
    assert len(boxes) == 6 and not any(boxes.values())
    hint = BeautifulSoup(response.content, "html.parser").select_one("#bt-players-hint")
    assert hint is not None
    assert hint.get_text(strip=True) == "Tábor má víc týmů, než Batavia usadí: vyberte 3–5 týmů, které hrají."
    described = BeautifulSoup(response.content, "html.parser").select('input[name="team"]')
    assert {box["aria-describedby"] for box in described} == {"bt-players-hint"}
    # picking five of the six makes the game
    five = [t.pk for t in Team.objects.filter(camp=camp).order_by("order", "name")[:5]]
    response = staff.post(page, {"mode": "digital", "team": five})
    assert response.status_code == 302
    assert BataviaSession.objects.get().seats.count() == 5
