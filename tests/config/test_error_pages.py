"""A 403, 404 or 500 (DEBUG off) is a page in the user's language with a way back, not Django's
bare "403 Forbidden" or "Not Found"."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from django.test import Client, override_settings
from django.urls import reverse

from camp.models import Round


def page(response: object) -> BeautifulSoup:
    return BeautifulSoup(response.content, "html.parser")  # type: ignore[attr-defined]


def ways(soup: BeautifulSoup) -> list[tuple[str, str]]:
    return [(a.get_text(strip=True), a["href"]) for a in soup.select(".zo-error-ways a")]


@override_settings(DEBUG=False)
def test_a_404_inside_the_admin_is_a_czech_page_with_the_way_back(admin_client: Client, db: None) -> None:
    response = admin_client.get(reverse("admin:camp_round_placements", args=[987654]))
    assert response.status_code == 404
    soup = page(response)
    assert soup.html["lang"] == "cs"
    assert soup.find("h1").get_text(strip=True) == "Stránka nenalezena"
    assert ways(soup) == [("Zpět na dnešní večer", reverse("admin:index"))]


@override_settings(DEBUG=False)
def test_a_404_in_english_is_english(admin_client: Client, db: None) -> None:
    soup = page(admin_client.get("/en/admin/camp/round/987654/placements/"))
    assert soup.html["lang"] == "en"
    assert soup.find("h1").get_text(strip=True) == "Page not found"


@override_settings(DEBUG=False)
def test_a_403_inside_the_admin_is_a_czech_page_with_the_way_back(
    db: None, round1: Round, django_user_model: type
) -> None:
    user = django_user_model.objects.create_user(username="host", password="x", is_staff=True)
    client = Client()
    client.force_login(user)
    response = client.get(reverse("admin:camp_round_placements", args=[round1.pk]))
    assert response.status_code == 403
    soup = page(response)
    assert soup.find("h1").get_text(strip=True) == "Přístup odepřen"
    assert "Forbidden" not in soup.get_text()
    assert ways(soup) == [("Zpět na dnešní večer", reverse("admin:index"))]


@override_settings(DEBUG=False)
def test_a_404_for_a_visitor_offers_the_home_page_and_no_staff_words(client: Client, db: None) -> None:
    soup = page(client.get("/no-such-page/"))
    assert soup.find("h1").get_text(strip=True) == "Stránka nenalezena"
    assert ways(soup) == [("Na úvodní stránku", reverse("admin:index"))]


@pytest.mark.parametrize("name", ["403.html", "404.html", "500.html", "503.html"])
def test_the_error_templates_render_without_a_request(name: str) -> None:
    """The 500 page is rendered with no context at all: it must not need one."""
    from django.template import loader

    soup = BeautifulSoup(loader.get_template(name).render(), "html.parser")
    assert soup.find("h1").get_text(strip=True)
    assert soup.select(".zo-error-ways a")
