"""The plan form on a team's page in a real browser on a 360-px phone: the live check answers while
typing, "Uložit koncept" and "Odevzdat plán" go through htmx (CSRF token and the pressed button
included), "Vzít zpět" takes it back, and the page never gets wider than the screen."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from camp.models import Camp, Team
from games.islands.models.plans import PlanState, TeamPlan
from tests.browser import NEEDS_CHROMIUM
from tests.games.islands.pages.helpers import legal_route, linked_open_round

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_a_team_saves_hands_in_and_takes_back_its_plan_on_a_phone(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    red = teams[0]
    round_, link = linked_open_round(camp, red)
    ship, route = legal_route(round_, red)
    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{live_server.url}{reverse('islands_public:team', args=[link.token])}")
    page.fill(f"input[name=route-{ship}]", "S ?")
    page.wait_for_selector("[data-check-problems]")
    assert "není směr" in page.inner_text("[data-check-problems]")
    page.fill(f"input[name=route-{ship}]", route)
    page.wait_for_selector("[data-check-problems]", state="detached")
    page.click("button[value=draft]")
    page.wait_for_selector("[data-plan-done]")
    assert page.inner_text("[data-plan-state]").startswith("koncept uložen")
    page.click("button[value=hand_in]")
    page.wait_for_selector("button[value=withdraw]")
    assert TeamPlan.objects.get(round=round_, team=red).state == PlanState.HANDED_IN
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click("button[value=withdraw]")
    page.wait_for_selector("button[value=hand_in]")
    assert TeamPlan.objects.get(round=round_, team=red).state == PlanState.DRAFT
    page.close()
