"""The board set-up page in a browser: no sideways scroll on the laptop widths staff use (1280 to
1600 px), and every team's bay set in one form."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Team
from games.islands.engine.hexes import geometry
from games.islands.models.board import Harbor
from games.islands.services import board as board_services
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

WIDTHS = [1280, 1440, 1600]
#: Screenshots for a person to look at (``ZO_SHOTS=/some/folder``); none by default.
SHOTS = os.environ.get("ZO_SHOTS", "")


def login(page: Any, live_server: Any, user: Any) -> None:
    page.goto(f"{live_server.url}{reverse('admin:login')}")
    page.fill("#id_username", user.username)
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.wait_for_load_state()


def sideways(page: Any) -> int:
    """How far the page scrolls sideways (0: it fits the window)."""
    return int(page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth"))


def overflowing(page: Any) -> list[str]:
    """The page's sections whose content sticks out of them (a table past the frame)."""
    return list(
        page.evaluate(
            "() => [...document.querySelectorAll('.zo-setup section')]"
            ".filter(s => s.scrollWidth > s.clientWidth + 1).map(s => s.id || s.className)"
        )
    )


def board_page(live_server: Any, camp: Camp) -> str:
    return f"{live_server.url}{reverse('admin:islands_boardsetup_camp', args=[camp.pk])}"


@pytest.fixture
def six_teams(camp: Camp, teams: list[Team]) -> list[Team]:
    more = [
        camp_services.team_create(camp=camp, name=name, colour=colour)
        for name, colour in [("Žlutí", "#d4ac0d"), ("Fialoví", "#7d3c98"), ("Oranžoví", "#ca6f1e")]
    ]
    return [*teams, *more]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("stage", ["empty", "drawn"])
def test_the_board_page_has_no_sideways_scroll(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, six_teams: list[Team], stage: str
) -> None:
    if stage == "drawn":
        board_services.board_generate(camp=camp, seed=4151990316782215021)
        board_services.harbors_draw_sides(camp=camp)
    login(page, live_server, admin_user)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        page.goto(board_page(live_server, camp))
        page.wait_for_load_state("networkidle")
        if SHOTS:
            page.screenshot(path=str(Path(SHOTS, f"board-{stage}-{width}.png")), full_page=True)
        assert sideways(page) <= 0, f"{width} px: {sideways(page)} px sideways"
        assert overflowing(page) == [], f"{width} px"


@pytest.mark.django_db(transaction=True)
def test_every_team_s_bay_set_in_one_form(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, six_teams: list[Team]
) -> None:
    board_services.board_generate(camp=camp, seed=4151990316782215021)
    board_services.harbors_draw_sides(camp=camp)
    g = geometry(camp.board_side)
    chosen: dict[int, int] = {}
    for harbor in Harbor.objects.filter(team__camp=camp).order_by("team__order", "team__name"):
        free = [g.bay_number(b) for b in g.bays_on(harbor.side) if g.bay_number(b) not in chosen.values()]
        chosen[harbor.team_id] = free[0]
    login(page, live_server, admin_user)
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(board_page(live_server, camp) + "#harbors")
    for team_id, bay in chosen.items():
        page.select_option(f"#bay-{team_id}", str(bay))
    page.click("#bays-submit")
    page.wait_for_selector(".messagelist .success")
    if SHOTS:
        page.locator("#harbors").screenshot(path=str(Path(SHOTS, "board-bays-1280.png")))
    assert dict(Harbor.objects.filter(team__camp=camp).values_list("team_id", "bay")) == chosen
    assert [page.inner_text(f'tr[data-team="{t}"] .zo-bay') for t in chosen] == [
        f"Z{b}" for b in chosen.values()
    ]
