"""Undo of the last resolved round: only confirmed, and the orders stay."""

from __future__ import annotations

from django.test import Client

from camp.models import Round, RoundStatus, Team
from games.islands.models.rounds import RoundResult, TeamOrders
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import (
    store_all,
    url,
)
from tests.pages import element_text, errors


def element_html(html: str, element_id: str) -> str:
    start = html.index(f'id="{element_id}"')
    return html[start : html.index("</section>", start)]


def test_undo_needs_confirmation_and_keeps_orders(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    store_all(game, teams)
    round_services.round_resolve(round=game)
    html = staff_client.get(url("page", game.pk)).content.decode()
    assert url("undo", game.pk) in html
    # Without the tick the page answers next to the box, in Czech (not the browser's bubble).
    page = staff_client.get(url("undo", game.pk)).content.decode()
    assert 'name="confirm"' in page and "required" not in element_html(page, "confirm")
    response = staff_client.post(url("undo", game.pk))
    assert response.status_code == 400
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED
    assert RoundResult.objects.filter(round=game).exists()
    html = response.content.decode()
    assert element_text(html, "undo-refusal") == "Vrácení potvrďte zaškrtnutím políčka."
    assert 'name="confirm" value="1" aria-describedby="undo-refusal"' in html
    assert errors(response) == []
    response = staff_client.post(url("undo", game.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=game.pk).status == RoundStatus.ORDERS_OPEN
    assert TeamOrders.objects.filter(round=game).count() == 3
    assert not RoundResult.objects.filter(round=game).exists()
    # Undo of a round that is not the last resolved one: a message.
    closed = Round.objects.get(camp=game.camp, number=1)
    assert "zo-bad" in staff_client.get(url("undo", closed.pk)).content.decode()
    response = staff_client.post(url("undo", closed.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Kolo 1 je uzavřené: vyhodnocení už nejde vrátit."
    ]
    assert Round.objects.get(pk=closed.pk).status == RoundStatus.CLOSED
