"""The AP table's warning on the camp run's page shows while staff type the table (htmx), in a
real browser: it comes, changes and goes with the table, and nothing is stored until saved."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from camp import services
from camp.models import TEAM_COLOURS, Camp, Team
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM

#: Screenshots for a person to look at (``ZO_SHOTS=/some/folder``); none by default.
SHOTS = os.environ.get("ZO_SHOTS", "")


@pytest.mark.django_db(transaction=True)
def test_the_warning_shows_while_typing(live_server: Any, page: Any, admin_user: Any, camp: Camp) -> None:
    for i, name in enumerate(["Červení", "Modří", "Zelení", "Žlutí", "Fialoví", "Oranžoví"]):
        services.team_create(camp=camp, name=name, colour=TEAM_COLOURS[i])
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{live_server.url}{reverse('admin:camp_camp_change', args=[camp.pk])}")
    warning = "#zo-ap-warning"
    assert page.inner_text(warning).startswith("Místa 4.–6. dostanou 0 AB.")
    page.fill("#id_ap_table", "14, 11, 8, 6, 4, 2")  # every place has its AP now
    page.wait_for_selector(warning, state="detached", timeout=5000)
    wait_htmx_idle(page)
    page.fill("#id_ap_table", "14, 11, 8, 6")
    page.wait_for_selector(warning, timeout=5000)
    assert page.inner_text(warning) == (
        "Místa 5.–6. dostanou 0 AB. Prodlužte tabulku AB, např. 14, 11, 8, 6, 4, 2."
    )
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS, "ap-warning-1280.png")))
    wait_htmx_idle(page)
    page.fill("#id_ap_table", "14, x")
    page.wait_for_selector("#zo-ap-error", timeout=5000)
    assert page.inner_text("#zo-ap-error") == "Zadejte celá čísla oddělená čárkami, např. 14, 11, 8."
    assert Camp.objects.get(pk=camp.pk).ap_table == [14, 11, 8]  # typing stores nothing
    assert Team.objects.filter(camp=camp).count() == 6
