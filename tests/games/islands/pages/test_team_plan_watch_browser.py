"""The plan's state live in a real browser (zo-plan-watch.js): staff's answer to an untouched form
swaps in the fresh form by itself; a form the team has typed into keeps its text and shows the
notice, whose button then loads the plan as stored."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from camp.models import Camp, Team
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.pages import team_link, team_plan
from games.islands.services import plans
from tests.browser import NEEDS_CHROMIUM
from tests.games.islands.pages.helpers import legal_route, linked_open_round

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_the_form_follows_staff_unless_the_team_has_typed(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(team_link, "POLL_SECONDS", 1)  # the view's poll
    monkeypatch.setattr(team_plan, "POLL_SECONDS", 1)  # the plan's state line
    red = teams[0]
    leader = get_user_model().objects.create_superuser("hlavni", password="x")
    round_, link = linked_open_round(camp, red)
    ship, route = legal_route(round_, red)
    plans.plan_hand_in(
        round=round_, team=red, sheet=OrderSheet.typed(routes={ship: route}), version=0, by=plans.BY_TEAM
    )
    page = browser.new_page(viewport={"width": 360, "height": 800})
    page.goto(f"{live_server.url}{reverse('islands_public:team', args=[link.token])}")
    page.wait_for_selector("button[value=withdraw]")

    # Untouched: staff return the plan, the form comes back writable by itself.
    plans.plan_return(round=round_, team=red, note="Jinou trasu", user=leader)
    page.wait_for_selector("button[value=hand_in]", timeout=8000)
    assert page.inner_text("[data-plan-state]") == "vráceno: Jinou trasu"
    assert not page.is_visible("[data-plan-changed]")

    # Typed: the deadline passes, the text stays and the notice says why the form is out of date.
    page.fill(f"input[name=route-{ship}]", "S S")
    plans.plans_deadline_set(
        round=round_, due=timezone.now() - timedelta(seconds=1), user=leader, confirmed=True
    )
    page.wait_for_selector("[data-plan-changed]", state="visible", timeout=8000)
    assert page.inner_text("[data-plan-state]") == "uzavřeno"
    assert "Odevzdávání se mezitím uzavřelo" in page.inner_text("[data-plan-changed]")
    assert page.input_value(f"input[name=route-{ship}]") == "S S"
    assert page.is_visible("button[value=hand_in]")  # the typed form as it was
    page.wait_for_timeout(2500)  # more polls: nothing new, the notice and the text stay
    assert page.is_visible("[data-plan-changed]")
    assert page.input_value(f"input[name=route-{ship}]") == "S S"

    page.click("[data-plan-load]")
    page.wait_for_selector("button[value=hand_in]", state="detached")
    assert page.input_value(f"input[name=route-{ship}]") == route  # the plan as stored
    assert page.get_attribute(f"input[name=route-{ship}]", "readonly") is not None
    assert TeamPlan.objects.get(round=round_, team=red).state == PlanState.RETURNED
    page.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_form_posts_and_a_reload_shows_the_plan_as_stored(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    """Nothing polls; the form is a plain post (its CSRF check needs the browser's Origin, which a
    "no-referrer" policy would send as null), and the page shows staff's answer once reloaded."""
    red = teams[0]
    leader = get_user_model().objects.create_superuser("hlavni", password="x")
    round_, link = linked_open_round(camp, red)
    ship, route = legal_route(round_, red)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 800})
    page = context.new_page()
    page.goto(f"{live_server.url}{reverse('islands_public:team', args=[link.token])}")
    page.fill(f"input[name=route-{ship}]", route)
    page.click("button[value=hand_in]")
    page.wait_for_selector("[data-plan-done]")
    assert TeamPlan.objects.get(round=round_, team=red).state == PlanState.HANDED_IN
    plans.plan_return(round=round_, team=red, note="Jinou trasu", user=leader)
    page.reload()
    assert page.inner_text("[data-plan-state]") == "vráceno: Jinou trasu"
    context.close()
