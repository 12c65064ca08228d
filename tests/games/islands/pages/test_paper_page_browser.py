"""The "Papírový plán" page in a real browser: the code typed and Enter opens the team's order page;
the camera button only where the browser reads QR codes (the BarcodeDetector API; Chromium on
Linux has none, so the test gives it one that "sees" the order form's QR code, and a camera)."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.paper import paper_code
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

PAGE = "/admin/islands/islandsround/paper/"

#: A browser that reads QR codes, looking at ``window.zoSeen`` through a camera that is there.
READER = """
window.BarcodeDetector = class {
  constructor(options) { window.zoFormats = options.formats; }
  detect() { return Promise.resolve(window.zoSeen ? [{ rawValue: window.zoSeen }] : []); }
};
navigator.mediaDevices.getUserMedia = () => Promise.resolve(new MediaStream());
"""


def _logged_in(live_server: Any, page: Any, camp: Camp) -> Round:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    return Round.objects.get(camp=camp, number=2)


@pytest.mark.django_db(transaction=True)
def test_a_typed_code_opens_the_order_page_and_no_camera_without_the_api(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    round2 = _logged_in(live_server, page, camp)
    page.goto(f"{live_server.url}{PAGE}")
    assert page.locator("#paper-camera").is_hidden()  # this Chromium reads no QR codes: typing only
    code = str(paper_code(camp=camp, team=teams[2], round_number=2))
    page.fill("#paper-code", code.lower().replace("-", " "))
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/round/{round2.pk}/orders/{teams[2].pk}/")
    assert f"Papírový plán týmu {teams[2].name} na 2. kolo" in page.inner_text(".messagelist")


@pytest.mark.django_db(transaction=True)
def test_the_camera_reads_the_qr_code_and_opens_the_order_page(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    round2 = _logged_in(live_server, page, camp)
    page.add_init_script(READER)
    page.goto(f"{live_server.url}{PAGE}")
    button = page.locator("#paper-camera")
    assert button.is_visible()
    code = str(paper_code(camp=camp, team=teams[0], round_number=2))
    button.click()
    page.wait_for_selector("#paper-video:not([hidden])")
    assert page.evaluate("window.zoFormats") == ["qr_code"]
    page.evaluate(f"window.zoSeen = 'http://192.168.1.10:8000{PAGE}?code={code}'")
    page.wait_for_url(f"**/round/{round2.pk}/orders/{teams[0].pk}/")
    assert f"Papírový plán týmu {teams[0].name} na 2. kolo" in page.inner_text(".messagelist")
