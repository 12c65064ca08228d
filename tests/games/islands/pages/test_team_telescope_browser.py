"""The team's telescope page in a real browser on a 360-px phone: a tap on a hex of the map asks
for the confirmation (htmx, the map stays where it was), "Ano, odhalit …" stores it and the page
says so; the page never gets wider than the screen."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.models.links import TeamLink
from games.islands.models.rounds import TelescopeChoice
from games.islands.services import team_links as link_services
from tests.browser import NEEDS_CHROMIUM
from tests.games.islands.conftest import opened
from tests.games.islands.pages.helpers import resolved_with_telescope

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_a_team_taps_a_hex_confirms_and_it_is_revealed(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1)
    round_: Round = opened(camp)
    result = resolved_with_telescope(round_, teams)
    owner, ship = result.pending_telescopes[0].split(".")
    link_services.team_links_switch(camp=camp, on=True)
    link = TeamLink.objects.get(team__camp=camp, team__name=owner)
    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{live_server.url}{reverse('islands_public:team', args=[link.token])}")
    page.click("[data-telescope-link]")
    page.wait_for_selector("[data-telescope-pick]")
    page.click('svg a[data-hex="C3"]')
    page.wait_for_selector("[data-telescope-confirm]")
    assert "Odhalit C3 a jeho sousedy?" in page.inner_text("[data-telescope-confirm]")
    assert not TelescopeChoice.objects.exists()  # a tap stores nothing
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("button[name=confirm]")
    page.wait_for_selector("[data-telescope-done]")
    assert TelescopeChoice.objects.get().hex == "C3"
    assert TelescopeChoice.objects.get().ship == f"{owner}.{ship}"
    page.close()
