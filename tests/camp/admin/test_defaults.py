"""Defaults a new camp leader does not have to fix: the add page shows no seed that saving would
replace, and a camp with more teams than AP-table entries is warned (camp run and placements page)."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp import selectors, services
from camp.models import TEAM_COLOURS, Camp, Round, Team

SIX_TEAMS_WARNING = "Místa 4.–6. dostanou 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 6, 4, 2."


def page(client: Client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_the_add_page_shows_no_seed_and_the_saved_camp_shows_its_own(admin_client: Client, db: None) -> None:
    """Any number on the add page would be an unsaved default drawn again on saving."""
    add = page(admin_client, reverse("admin:camp_camp_add"))
    assert add.select_one(".field-seed") is None
    assert add.find(attrs={"name": "seed"}) is None
    data = {
        "name": "Letní tábor techniků – 3. běh",
        "year": str(timezone.localdate().year),
        "run_number": "3",
        "board_side": "9",
        "ap_table": "14, 11, 8",
        "route_letters": "cs",
        "teams-TOTAL_FORMS": "0",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
    }
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    camp = Camp.objects.get()
    assert camp.seed >= 2**40  # drawn from 63 random bits, not typed
    change = page(admin_client, reverse("admin:camp_camp_change", args=[camp.pk]))
    shown = change.select_one(".field-seed .readonly")
    assert shown is not None and shown.get_text(strip=True).replace("\xa0", "").replace(" ", "") == str(
        camp.seed
    )


def test_the_suggested_table_steps_down_from_the_last_place_and_never_to_zero() -> None:
    assert selectors.ap_table_suggestion([14, 11, 8], 6) == [14, 11, 8, 6, 4, 2]
    assert selectors.ap_table_suggestion([14, 11, 8], 3) == [14, 11, 8]
    assert selectors.ap_table_suggestion([2], 5) == [2, 2, 2, 1, 1]
    for teams in range(1, 13):
        table = selectors.ap_table_suggestion([14, 11, 8], teams)
        assert len(table) == max(teams, 3) and min(table) > 0
        assert table == sorted(table, reverse=True)


def test_no_warning_when_the_last_place_already_gets_nothing() -> None:
    assert selectors.ap_table_warning([14, 11, 0], 6) == ""
    assert selectors.ap_table_warning([14, 11, 8], 3) == ""


@pytest.fixture
def six_teams(camp: Camp) -> list[Team]:
    names = ["Červení", "Modří", "Zelení", "Žlutí", "Fialoví", "Oranžoví"]
    return [services.team_create(camp=camp, name=n, colour=TEAM_COLOURS[i]) for i, n in enumerate(names)]


def warning(soup: BeautifulSoup) -> str | None:
    element = soup.select_one("#zo-ap-warning")
    return None if element is None else " ".join(element.get_text(" ", strip=True).split())


def test_six_teams_and_three_ap_places_are_warned_on_the_camp_run_page(
    admin_client: Client, camp: Camp, six_teams: list[Team]
) -> None:
    assert warning(page(admin_client, reverse("admin:camp_camp_change", args=[camp.pk]))) == SIX_TEAMS_WARNING


def test_six_teams_and_three_ap_places_are_warned_on_the_placements_page(
    admin_client: Client, camp: Camp, six_teams: list[Team]
) -> None:
    round_ = services.round_create(camp=camp)
    shown = warning(page(admin_client, reverse("admin:camp_round_placements", args=[round_.pk])))
    assert shown == SIX_TEAMS_WARNING + " Otevřít běh tábora"


def test_one_team_beyond_the_table_is_named_alone(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    services.team_create(camp=camp, name="Žlutí", colour=TEAM_COLOURS[3])
    assert warning(page(admin_client, reverse("admin:camp_camp_change", args=[camp.pk]))) == (
        "Místo 4. dostane 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 4."
    )


def test_a_table_long_enough_is_not_warned(admin_client: Client, camp: Camp, six_teams: list[Team]) -> None:
    Camp.objects.filter(pk=camp.pk).update(ap_table=[14, 11, 8, 6, 4, 2])
    round_ = services.round_create(camp=camp)
    assert warning(page(admin_client, reverse("admin:camp_camp_change", args=[camp.pk]))) is None
    assert warning(page(admin_client, reverse("admin:camp_round_placements", args=[round_.pk]))) is None


def test_three_teams_and_the_rules_table_are_not_warned(
    admin_client: Client, camp: Camp, round1: Round
) -> None:
    assert warning(page(admin_client, reverse("admin:camp_camp_change", args=[camp.pk]))) is None
    assert warning(page(admin_client, reverse("admin:camp_round_placements", args=[round1.pk]))) is None


def test_the_restore_page_itself_asks_for_the_file(admin_client: Client, db: None) -> None:
    """No browser bubble (in the browser's language): the page says it, in Czech, by the field."""
    upload = page(admin_client, reverse("admin:camp_camp_restore")).select_one(
        '#backup-upload input[name="file"]'
    )
    assert upload is not None and not upload.has_attr("required")
    response = admin_client.post(reverse("admin:camp_camp_restore"), {})
    assert response.status_code == 400
    soup = BeautifulSoup(response.content, "html.parser")
    field = soup.select_one('#backup-upload input[name="file"]')
    assert field is not None
    error = soup.select_one(f"#{field['aria-describedby']}")
    assert error is not None and error.get_text(strip=True) == "Vyberte soubor zálohy, který chcete obnovit."
    assert not Camp.objects.exists()
