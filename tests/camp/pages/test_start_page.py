"""The start page (/): what a phone sees at the banner's address. The camp runs' notice boards and
their projector views, how a team opens its Batavia page, the staff login; nothing hidden."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from camp import services
from camp.models import Camp


@pytest.fixture
def camps(db: None) -> list[Camp]:
    return [
        services.camp_create(name="Letní tábor – 1. běh", year=2026),
        services.camp_create(name="Letní tábor – 2. běh", year=2026, run_number=2),
    ]


def links(html: str, css_class: str) -> list[tuple[str, str]]:
    return re.findall(rf'<a class="{css_class}" href="([^"]*)">([^<]*)</a>', html)


def test_the_start_page_lists_every_notice_board_and_its_projector_view(
    client: Client, camps: list[Camp]
) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    boards = {(reverse("islands_public:notice_board", args=[c.pk]), str(c)) for c in camps}
    assert set(links(html, "zo-start-board")) == boards
    assert set(links(html, "zo-start-projector")) == {
        (f"{url}?projektor", "na plátno") for url, _name in boards
    }
    team = re.search(r'<p class="zo-start-team">([^<]*)</p>', html)
    assert team is not None and team.group(1).startswith("Má váš tým odkaz na Batavii? Otevřete ten odkaz")
    assert f'<a href="{reverse("admin:login")}">Přihlášení vedoucích</a>' in html
    for board_url, _name in boards:  # each link works, for anyone
        assert client.get(board_url).status_code == 200


def test_the_start_page_in_english(client: Client, camps: list[Camp]) -> None:
    html = client.get("/en/").content.decode()
    assert '<html lang="en">' in html
    assert [name for _url, name in links(html, "zo-start-projector")] == ["for the projector"] * 2
    assert '<a href="/en/admin/login/">Staff login</a>' in html
    assert 'action="/i18n/setlang/"' in html  # the language switch


def test_the_start_page_leaks_no_team_link(client: Client, camps: list[Camp]) -> None:
    from games.batavia import services as batavia_services
    from games.batavia.models import BataviaSeat

    for name in ("Červení", "Modří", "Zelení"):
        services.team_create(camp=camps[0], name=name, colour="#c0392b")
    round_ = services.round_create(camp=camps[0])
    minigame = services.minigame_record(round=round_, name="Batavia v jídelně", kind="batavia")
    batavia_services.session_start(session=batavia_services.session_create(minigame=minigame))
    tokens = list(BataviaSeat.objects.values_list("token", flat=True))
    assert tokens
    html = client.get("/").content.decode()
    assert "/batavia/" not in html and all(token not in html for token in tokens)
    hrefs = set(re.findall(r'href="([^"]*)"', html))
    boards = {reverse("islands_public:notice_board", args=[c.pk]) for c in camps}
    assert hrefs <= {"/static/camp/start.css", reverse("admin:login")} | boards | {
        f"{b}?projektor" for b in boards
    }


def test_with_no_camp_run_it_says_so(client: Client, db: None) -> None:
    html = client.get("/").content.decode()
    assert "Zatím žádný běh tábora: vedoucí ho nejdřív založí." in html


def test_the_start_page_tells_a_team_of_its_own_islands_link(client: Client, camps: list[Camp]) -> None:
    """Teams plan on their own private links: the start page says how to open one, and links none."""
    html = client.get("/").content.decode()
    said = re.search(r'<p class="zo-start-islands-team">([^<]*)</p>', html)
    assert said is not None
    assert said.group(1).startswith("Má váš tým vlastní odkaz na Zlaté ostrovy? Otevřete ho, nebo naskenujte")
    assert "plán tahu vašeho týmu" in said.group(1)
    english = client.get("/en/").content.decode()
    said = re.search(r'<p class="zo-start-islands-team">([^<]*)</p>', english)
    assert said is not None and said.group(1).startswith("Does your team have its own Golden Islands link?")
