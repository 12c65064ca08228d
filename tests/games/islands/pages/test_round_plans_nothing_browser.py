"""The hand-in panel in a real browser (htmx): a team with nothing to do reads "nemá tah" and staff
undo that with its button, and the team's own phone reads it too; a deadline typed as now asks
first, and only "Ano, uzavřít" sets it.
``ZO_SHOTS=<folder>`` keeps screenshots of the panel (docs/hand-in-nothing-to-do.png,
docs/hand-in-past-deadline.png)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.utils import timezone

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.models.rounds import IslandsRound
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import links_on, page_url

pytestmark = NEEDS_CHROMIUM


def round_green_sits_out(camp: Camp, teams: list[Team]) -> Round:
    """Round 2 open for orders, the third team (Zelení) without a place in its mini-game: no AP."""
    red, blue, green = teams
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    game = Round.objects.get(camp=camp, number=2)
    camp_services.placements_record(round=game, ranks={red.pk: 1, blue.pk: 2, green.pk: None})
    return game


@pytest.mark.django_db(transaction=True)
def test_nothing_to_do_and_a_past_deadline_on_the_panel(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    red, blue, green = teams
    game = round_green_sits_out(camp, teams)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/islands/islandsround/round/{game.pk}/")

    green_row = page.locator(f'#plans tr[data-team="{green.pk}"]')
    assert green_row.locator(".zo-plan-label").inner_text() == "nemá tah (počítá se jako odevzdáno)"
    folder = os.environ.get("ZO_SHOTS")
    if folder:
        page.locator("#plans").screenshot(path=os.path.join(folder, "hand-in-nothing-to-do.png"))
    green_row.locator("button[name=nothing_undo]").click()
    wait_htmx_idle(page)
    green_row = page.locator(f'#plans tr[data-team="{green.pk}"]')
    assert green_row.get_attribute("data-state") == "none"
    assert page.inner_text("#plans .zo-plans-done") == "Tým Zelení má plán tahu přece jen odevzdat."

    now = timezone.localtime()  # this very minute: already begun, so the next moment closes it
    typed = f"{now:%H:%M}"
    page.fill("#plans-deadline input[name=due]", typed)
    page.click("#plans-deadline button[type=submit]")
    page.wait_for_selector("#plans-deadline-confirm", timeout=5000)
    question = page.inner_text("#plans-deadline-confirm strong")
    assert question == "Termín už minul — uzavřít odevzdávání všem týmům hned?"
    assert IslandsRound.objects.get(round=game).plans_due_at is None  # asked, nothing set
    if folder:
        page.locator("#plans").screenshot(path=os.path.join(folder, "hand-in-past-deadline.png"))
    page.click("#plans-deadline-confirm button[name=close_now]")
    page.wait_for_selector("#plans .zo-plans-done", timeout=5000)
    wait_htmx_idle(page)
    assert page.locator("#plans-deadline-confirm").count() == 0
    due = IslandsRound.objects.get(round=game).plans_due_at
    assert due is not None and f"{timezone.localtime(due):%H:%M}" == typed
    assert page.inner_text("#plans-due strong") == "uzavřeno"


@pytest.mark.django_db(transaction=True)
def test_the_team_s_phone_reads_nothing_to_do(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    """On a phone's width the team without AP reads "nemá tah" above the form it may still use.
    ``ZO_SHOTS`` keeps the phone's screenshot (team-nothing-to-do-360.png)."""
    green = teams[2]
    round_green_sits_out(camp, teams)
    phone = browser.new_page(viewport={"width": 360, "height": 740})
    phone.goto(live_server.url + page_url(links_on(camp)[green.name]))
    assert phone.inner_text("[data-plan-state]") == "nemá tah (počítá se jako odevzdáno)"
    assert phone.locator("button[value=hand_in]").is_visible()
    folder = os.environ.get("ZO_SHOTS")
    if folder:
        phone.locator("#team-plan").screenshot(path=os.path.join(folder, "team-nothing-to-do-360.png"))
