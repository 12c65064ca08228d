"""A leader enters a team's orders with the keyboard alone: Tab to each field, type, Enter saves."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Camp, Team
from games.islands.engine.notation import Alphabet
from games.islands.models.rounds import TeamOrders
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle
from tests.games.islands.pages.test_orders_browser import open_orders_of_a_movable_ship

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
    round2, team, ship, (first, second) = open_orders_of_a_movable_ship(live_server, page, camp, teams)

    _tab_to(page, f"#id_route-{ship}")
    page.keyboard.type(f"{Alphabet.CZECH.letter(first)} {Alphabet.CZECH.letter(second)}")
    _tab_to(page, "#id_build_cargo")
    page.keyboard.press("Control+A")
    page.keyboard.type("0")
    wait_htmx_idle(page)
    _tab_to(page, "#orders-form button[type=submit].default")
    page.keyboard.press("Enter")
    page.wait_for_selector(".messagelist .success", timeout=5000)
    stored = TeamOrders.objects.get(round=round2, team=team)
    assert stored.routes[ship] == f"{first} {second}"
