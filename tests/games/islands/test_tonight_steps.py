"""The islands steps of the admin home's evening panel (``games/islands/tonight_steps.py``)."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from camp.models import Round
from games.islands.tonight_steps import islands_steps


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def test_the_home_panel_links_to_the_round_page_and_its_resolve(staff_client: Client, game: Round) -> None:
    html = staff_client.get(reverse("admin:index")).content.decode()
    assert f'href="{url("page", game.pk)}"' in html and f'href="{url("resolve", game.pk)}"' in html


def test_the_home_panel_offers_tonights_printing_once_the_round_is_resolved(game: Round) -> None:
    closed = Round.objects.select_related("camp").get(camp=game.camp, number=1)
    steps = {step.url: step for step in islands_steps(closed)}
    assert steps[url("evening", closed.pk)].label == "Tisk na dnešní večer"
    assert url("evening", game.pk) not in {step.url for step in islands_steps(game)}  # orders open
