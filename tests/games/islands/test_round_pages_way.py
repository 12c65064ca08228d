"""Finding one's way from a round page: every round page links back to the evening panel of the
admin home, and a closed round says how to go on."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse

from camp.models import Round, Team


def page(client: Client, url: str) -> BeautifulSoup:
    response = client.get(url)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def round_urls(round_: Round, team: Team) -> list[str]:
    urls = [reverse(f"admin:islands_round_{name}", args=[round_.pk]) for name in ("page", "resolve", "after")]
    return [*urls, reverse("admin:islands_round_orders", args=[round_.pk, team.pk])]


def test_every_round_page_links_back_to_the_evening_panel(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    for round_ in (game, closed):
        for url in round_urls(round_, teams[0]):
            link = page(staff_client, url).select_one(".breadcrumbs a.zo-desk-link")
            assert link is not None, url
            assert link["href"] == f"{reverse('admin:index')}?camp={game.camp_id}"
            assert link.get_text(strip=True) == "Zpět na dnešní večer"


def test_a_closed_round_says_how_to_go_on(staff_client: Client, game: Round) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    for name in ("page", "after"):
        go_on = page(staff_client, reverse(f"admin:islands_round_{name}", args=[closed.pk])).select_one(
            "#go-on"
        )
        assert go_on is not None, name
        button = go_on.select_one("a.button")
        assert button.get_text(strip=True) == "Pokračovat 2. herním kolem"
        assert button["href"] == reverse("admin:islands_round_page", args=[game.pk])
    assert (
        page(staff_client, reverse("admin:islands_round_page", args=[game.pk])).select_one("#go-on") is None
    )


def test_the_last_closed_round_offers_to_add_the_next_one(staff_client: Client, game: Round) -> None:
    Round.objects.filter(pk=game.pk).update(status="closed")  # round 2 is the camp run's last round
    go_on = page(staff_client, reverse("admin:islands_round_page", args=[game.pk])).select_one("#go-on")
    button = go_on.select_one("a.button")
    assert button.get_text(strip=True) == "Přidat další herní kolo"
    assert button["href"] == f"{reverse('admin:camp_round_add')}?camp={game.camp_id}"
