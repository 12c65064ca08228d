"""The placements page in a real browser: htmx preview (CSRF header on <body>), then saving."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Placement, Round, RoundStatus, Team
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_preview_while_typing_then_save(
    live_server: Any, page: Any, admin_user: Any, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/camp/round/{round1.pk}/placements/")
    page.fill(f"#rank-{red.pk}", "1")
    page.fill(f"#rank-{blue.pk}", "1")
    page.fill(f"#rank-{green.pk}", "3")
    page.wait_for_selector("#ap-preview .zo-ok", timeout=5000)  # htmx POST passed CSRF and swapped in
    preview = page.inner_text("#ap-preview")
    assert "Zelení" in preview and "8" in preview
    assert not Placement.objects.exists()  # the preview stores nothing
    wait_htmx_idle(page)
    page.click("input[type=submit]")
    page.wait_for_selector(".messagelist .success")
    assert sorted(Placement.objects.values_list("team_id", "ap")) == sorted(
        [(red.pk, 14), (blue.pk, 14), (green.pk, 8)]
    )


@pytest.mark.django_db(transaction=True)
def test_round_list_fits_a_laptop_screen(
    live_server: Any, browser: Any, admin_user: Any, teams: list[Team], other_camp: Any
) -> None:
    """QA: on a 1366-px laptop the round list's status, AP and placements columns were cut off and
    its rows were many lines tall. With two camp runs (the camp column shown), a long mini-game name
    and every kind of row, the whole table fits next to the filter and its rows stay short."""
    from camp import services

    camp = teams[0].camp
    for number in range(1, 4):
        round_ = services.round_create(camp=camp)
        services.minigame_record(round=round_, name=f"Stavba vorů na rybníce, {number}. část", kind="outdoor")
        services.placements_record(round=round_, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    Round.objects.filter(camp=camp, number__lt=3).update(status=RoundStatus.CLOSED)
    Round.objects.filter(camp=camp, number=3).update(status=RoundStatus.ORDERS_OPEN)
    long_round = services.round_create(camp=camp)
    services.minigame_record(round=long_round, name="Déšť – Batavia v jídelně " * 4, kind="batavia")
    services.round_create(camp=other_camp)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    for query in ("", f"?camp__id__exact={camp.pk}"):
        page.goto(f"{live_server.url}/admin/camp/round/{query}")
        fit = page.evaluate(
            """() => ({table: document.querySelector('#result_list').scrollWidth,
                       box: document.querySelector('#changelist .results').clientWidth,
                       rows: [...document.querySelectorAll('#result_list tbody tr')]
                             .map(r => r.offsetHeight)})"""
        )
        assert fit["table"] <= fit["box"], (query, fit)
        assert len(fit["rows"]) == (4 if query else 5) and max(fit["rows"]) <= 100, (query, fit)
        links = page.locator("#result_list").get_by_text("Zapsat umístění").count()
        assert links == (2 if query else 3)  # rounds 3 and 4 (and the other camp's round 1)
