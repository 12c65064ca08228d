"""The rules of both games, from the project's own copies, one click from every staff page."""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse

from camp.pages import rules_text as rules

ROOT = Path(__file__).resolve().parents[3]


def soup(client: Client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


@pytest.mark.parametrize("url_name", ["admin:index", "admin:camp_camp_changelist", "admin:camp_round_add"])
def test_every_staff_page_links_both_games_rules_in_its_header(admin_client: Client, url_name: str) -> None:
    links = soup(admin_client, reverse(url_name)).select("#user-tools .zo-rules-links a")
    assert [(a.get_text(strip=True), a["href"]) for a in links] == [
        ("Zlaté ostrovy", reverse("admin:camp_rules", args=["islands"])),
        ("Batavia", reverse("admin:camp_rules", args=["batavia"])),
    ]


def test_the_czech_rules_page_shows_the_camps_rules_from_the_repository(admin_client: Client) -> None:
    page = soup(admin_client, reverse("admin:camp_rules", args=["islands"]))
    text = page.select_one(".zo-rules-text")
    assert text.find("h1").get_text(strip=True) == "Zlaté ostrovy: pravidla"
    assert "Cíl hry" in [h.get_text(strip=True) for h in text.find_all("h2")]
    ap_rows = [[td.get_text(strip=True) for td in tr.find_all("td")] for tr in text.select("table tr")][1:]
    assert ap_rows == [["1.", "14"], ["2.", "11"], ["3.", "8"]]
    english = page.select_one(".zo-rules-note a")
    assert english["href"] == "/en" + reverse("admin:camp_rules", args=["islands"])


def test_the_english_rules_page_is_the_specification_with_its_decisions(admin_client: Client) -> None:
    page = soup(admin_client, "/en" + reverse("admin:camp_rules", args=["batavia"]))
    assert page.select_one(".zo-rules-text h1").get_text(strip=True) == (
        "Batavia: the rules as this project implements them"
    )
    assert page.select_one(".zo-rules-note") is None


def test_an_unknown_game_has_no_rules_page(admin_client: Client) -> None:
    assert admin_client.get(reverse("admin:camp_rules", args=["chess"])).status_code == 404


def test_rules_pages_are_for_staff_only(client: Client, db: None) -> None:
    response = client.get(reverse("admin:camp_rules", args=["islands"]))
    assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login"))


def test_raw_html_in_a_rules_file_is_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "islands.cs.md").write_text("# Pravidla\n\n<script>alert(1)</script>\n", encoding="utf-8")
    monkeypatch.setattr(rules, "RULES_DIR", tmp_path)
    rules.rules_html.cache_clear()
    try:
        html = rules.rules_html("islands", "cs")
    finally:
        rules.rules_html.cache_clear()
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_every_game_has_its_rules_in_both_languages() -> None:
    for game in rules.RULES_GAMES:
        assert rules.rules_languages(game.slug) == ["cs", "en"]
        assert (ROOT / "docs" / "rules" / f"{game.slug}.cs.md").read_text(encoding="utf-8").startswith("# ")
