"""The placements page in a real browser: htmx preview (CSRF header on <body>), then saving."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Placement, Round, Team
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
