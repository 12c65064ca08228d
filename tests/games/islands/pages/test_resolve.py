"""The resolve page: the preview stores nothing, commit once; orders that no longer fit are named."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.test import Client

from camp.models import Round, Team
from games.islands.models.board import BoardHex
from games.islands.models.rounds import RoundResult, TeamOrders
from tests.games.islands.pages.helpers import (
    store_all,
    url,
)
from tests.pages import errors


def test_preview_stores_nothing_then_commit_once(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    store_all(game, teams)
    before = list(BoardHex.objects.filter(camp=game.camp).values_list("revealed", flat=True))
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    # The preview itself (every render of the page names "Kolo 2"): its heading and the board after.
    preview = BeautifulSoup(html, "html.parser").find(id="preview")
    assert preview is not None
    headings = [" ".join(h.get_text().split()) for h in preview.find_all("h2")]
    assert headings[:2] == ["Náhled – zatím se nic neukládá", "Herní plán po tahu (pohled vedoucích)"]
    assert preview.select_one("svg.zo-map") is not None
    assert not RoundResult.objects.filter(round=game).exists()
    assert list(BoardHex.objects.filter(camp=game.camp).values_list("revealed", flat=True)) == before
    response = staff_client.post(url("resolve", game.pk))
    assert response.status_code == 302 and response["Location"] == url("after", game.pk)
    assert RoundResult.objects.filter(round=game).count() == 1
    # The second press: a message, no error, nothing new.
    response = staff_client.post(url("resolve", game.pk), follow=True)
    assert response.status_code == 200
    assert errors(response) == ["Kolo 2 už bylo vyhodnoceno."]
    assert RoundResult.objects.filter(round=game).count() == 1
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert url("after", game.pk) in html


def test_preview_names_orders_that_no_longer_fit(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    store_all(game, teams)
    TeamOrders.objects.filter(round=game, team=teams[0]).update(build_cargo=3)
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert teams[0].name in html and url("orders", game.pk, teams[0].pk) in html
    assert f"{teams[0].name}: {teams[0].name}:" not in html  # the row names the team once
    response = staff_client.post(url("resolve", game.pk), follow=True)
    assert response.status_code == 200
    assert not RoundResult.objects.filter(round=game).exists()
