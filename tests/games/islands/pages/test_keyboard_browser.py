"""A leader enters a team's orders with the keyboard alone: Tab to each field, type, Enter saves."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.engine.hexes import CZECH_DIRECTIONS
from games.islands.game_state import game_state
from games.islands.models import TeamOrders
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle
from tests.games.islands.pages.test_orders_browser import _movable

pytestmark = NEEDS_CHROMIUM


def _tab_to(page: Any, selector: str, limit: int = 300) -> None:
    """Press Tab until ``selector`` has the focus (fails if the keyboard never reaches it)."""
    for _ in range(limit):
        if page.evaluate("(s) => document.activeElement === document.querySelector(s)", selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reaches {selector}")


@pytest.mark.django_db(transaction=True)
def test_a_teams_orders_by_keyboard_alone(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    round2 = Round.objects.get(camp=camp, number=2)
    team = next(
        t for t in teams if any(s.may_move for s in game_state(camp, round=round2).team(t.name).ships)
    )
    ship, (first, second) = _movable(round2, team)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/islands/islandsround/round/{round2.pk}/orders/{team.pk}/")

    _tab_to(page, f"#id_route-{ship}")
    page.keyboard.type(f"{CZECH_DIRECTIONS[first]} {CZECH_DIRECTIONS[second]}")
    _tab_to(page, "#id_build_cargo")
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    wait_htmx_idle(page)
    _tab_to(page, "#orders-form button[type=submit].default")
    page.keyboard.press("Enter")
    page.wait_for_selector(".messagelist .success", timeout=5000)
    stored = TeamOrders.objects.get(round=round2, team=team)
    assert stored.routes[ship] == f"{first} {second}"
