"""The AP table's warning on the camp run's page follows the table as staff type it (htmx): the
page's own view answers ``?ap_check`` with the warning alone (a Form reads the table and the team
rows), the words those the saved camp run gets; nothing is stored."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from camp import services
from camp.models import TEAM_COLOURS, Camp, Team

HTMX = {"HTTP_HX_REQUEST": "true"}
SIX_TEAMS_WARNING = "Místa 4.–6. dostanou 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 6, 4, 2."


@pytest.fixture
def six_teams(camp: Camp) -> list[Team]:
    names = ["Červení", "Modří", "Zelení", "Žlutí", "Fialoví", "Oranžoví"]
    return [services.team_create(camp=camp, name=n, colour=TEAM_COLOURS[i]) for i, n in enumerate(names)]


def change_url(camp: Camp) -> str:
    return reverse("admin:camp_camp_change", args=[camp.pk])


def check(client: Client, path: str, **query: str) -> BeautifulSoup:
    response = client.get(path, {"ap_check": "1", **query}, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="zo-ap-check"') and "<html" not in html  # the partial alone
    return BeautifulSoup(html, "html.parser")


def said(soup: BeautifulSoup, element_id: str = "zo-ap-warning") -> str | None:
    element = soup.select_one(f"#{element_id}")
    return None if element is None else " ".join(element.get_text(" ", strip=True).split())


def test_the_warning_follows_the_table_typed(admin_client: Client, camp: Camp, six_teams: list[Team]) -> None:
    path = change_url(camp)
    assert said(check(admin_client, path, ap_table="14, 11, 8")) == SIX_TEAMS_WARNING
    assert said(check(admin_client, path, ap_table="14, 11, 8, 6, 4, 2")) is None  # every place has AP
    assert said(check(admin_client, path, ap_table="14, 11, 8, 6, 4")) == (
        "Místo 6. dostane 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 6, 4, 2."
    )
    assert said(check(admin_client, path, ap_table="14, 11, 0")) is None  # the staff's own choice
    assert Camp.objects.get(pk=camp.pk).ap_table == [14, 11, 8]  # nothing stored


def test_the_team_rows_on_the_page_count_not_only_the_saved_teams(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    path = change_url(camp)
    rows = {f"teams-{i}-id": str(t.pk) for i, t in enumerate(teams)}
    assert said(check(admin_client, path, ap_table="14, 11, 8", **rows)) is None
    typed = {**rows, "teams-3-name": "Žlutí", "teams-4-name": ""}  # one new row named, one left empty
    assert said(check(admin_client, path, ap_table="14, 11, 8", **typed)) == (
        "Místo 4. dostane 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 4."
    )
    deleted = {**typed, "teams-0-DELETE": "on"}
    assert said(check(admin_client, path, ap_table="14, 11, 8", **deleted)) is None


def test_a_table_that_is_no_table_is_said_while_typing(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    soup = check(admin_client, change_url(camp), ap_table="14, x")
    assert said(soup, "zo-ap-error") == "Zadejte celá čísla oddělená čárkami, např. 14, 11, 8."
    assert said(soup) is None


def test_the_add_page_warns_too(admin_client: Client, db: None) -> None:
    path = reverse("admin:camp_camp_add")
    rows = {f"teams-{i}-name": name for i, name in enumerate(["A", "B", "C", "D"])}
    assert said(check(admin_client, path, ap_table="14, 11, 8", **rows)) == (
        "Místo 4. dostane 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 4."
    )
    assert not Camp.objects.exists()


def test_the_page_itself_carries_the_check(admin_client: Client, camp: Camp, six_teams: list[Team]) -> None:
    html = admin_client.get(change_url(camp)).content.decode()
    div = re.search(r'<div id="zo-ap-check"[^>]*>', html)
    assert div is not None
    assert f'data-hx-get="{change_url(camp)}?ap_check=1"' in div.group(0)
    assert 'data-hx-include="#id_ap_table, #teams-group"' in div.group(0)
    assert said(BeautifulSoup(html, "html.parser")) == SIX_TEAMS_WARNING  # as before, on load


def test_a_plain_get_with_the_query_is_the_page(admin_client: Client, camp: Camp) -> None:
    response = admin_client.get(change_url(camp), {"ap_check": "1", "ap_table": "1"})
    assert "<html" in response.content.decode()


def test_staff_who_may_only_view_get_no_check(client: Client, camp: Camp, django_user_model: Any) -> None:
    viewer = django_user_model.objects.create_user(username="divak", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_camp"))
    client.force_login(viewer)
    response = client.get(change_url(camp), {"ap_check": "1", "ap_table": "1"}, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 403


def test_a_camp_run_that_is_not_there_is_404(admin_client: Client, db: None) -> None:
    response = admin_client.get(reverse("admin:camp_camp_change", args=[999999]), {"ap_check": "1"}, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 404
