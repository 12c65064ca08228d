"""In a real browser: the placements form's place and "did not play" exclude each other, and the
admin home with two camp runs (the demo camp running, a new one) on a 1366×768 laptop screen."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import timezone

from camp import services
from camp.models import Camp, Round, Team
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM


def log_in(page: Any, live_server: Any) -> None:
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")


@pytest.mark.django_db(transaction=True)
def test_did_not_play_clears_the_place_and_a_place_unticks_it(
    live_server: Any, page: Any, admin_user: Any, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/camp/round/{round1.pk}/placements/")
    page.fill(f"#rank-{red.pk}", "2")
    page.check(f"#absent-{red.pk}")
    assert page.input_value(f"#rank-{red.pk}") == ""
    page.check(f"#absent-{blue.pk}")
    page.fill(f"#rank-{blue.pk}", "1")
    assert not page.is_checked(f"#absent-{blue.pk}")
    page.fill(f"#rank-{green.pk}", "2")
    wait_htmx_idle(page)
    page.wait_for_selector("#ap-preview .zo-ok", timeout=5000)  # the live preview followed
    assert "Červení (nehrál)" in page.inner_text("#ap-preview")


@pytest.mark.django_db(transaction=True)
def test_the_home_with_a_running_and_a_new_camp_run_fits_a_laptop(
    live_server: Any, browser: Any, admin_user: Any
) -> None:
    call_command("loaddata", "demo_camp", verbosity=0)
    running = Camp.objects.get()
    Camp.objects.filter(pk=running.pk).update(year=timezone.localdate().year)
    new = services.camp_create(
        name="Letní tábor techniků – 2. běh", year=timezone.localdate().year, run_number=2
    )
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    log_in(page, live_server)
    page.goto(f"{live_server.url}/admin/")
    switcher = page.locator("nav.zo-camp-switcher a")
    assert switcher.all_inner_texts() == [str(new), str(Camp.objects.get(pk=running.pk))]
    assert page.locator("nav.zo-camp-switcher a[aria-current=page]").inner_text() == str(
        Camp.objects.get(pk=running.pk)
    )
    # The switcher and tonight's steps are on the first screen, and nothing is wider than it.
    steps = page.locator(".zo-desk ol li")
    assert steps.count() >= 4
    assert steps.last.bounding_box()["y"] + steps.last.bounding_box()["height"] <= 768
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    if folder := os.environ.get("ZO_SCREENSHOT_DIR"):
        page.screenshot(path=str(Path(folder) / "home-two-camps.png"))
