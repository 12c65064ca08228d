"""The start page and the staff login on a 360-px phone: nothing wider than the screen."""

from __future__ import annotations

import os
from typing import Any

import pytest

from camp import services
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

PHONE = {"width": 360, "height": 740}
#: Where a run may keep the screenshots to look at (unset: none are written).
SHOTS = os.environ.get("ZO_SHOTS_DIR", "")

# The elements outside the screen or cut by a box that hides what overflows it (Django's login box
# does: a header wider than the box is clipped, not scrolled), and the page's scroll width.
CLIPPED = """() => {
  const clipped = [];
  for (const el of document.querySelectorAll("body *")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    let left = 0, right = window.innerWidth;
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") {
        const outer = up.getBoundingClientRect();
        left = Math.max(left, outer.left); right = Math.min(right, outer.right);
      }
    }
    const name = el.tagName + "#" + el.id + "." + el.className;
    if (box.left < left - 0.5 || box.right > right + 0.5) clipped.push(name);
  }
  return {clipped, scroll: document.documentElement.scrollWidth};
}"""


def fits(page: Any, name: str) -> dict[str, Any]:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
    found: dict[str, Any] = page.evaluate(CLIPPED)
    return found


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["", "/en"])
def test_the_staff_login_fits_a_phone(live_server: Any, browser: Any, language: str) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{live_server.url}{language}/admin/login/")
    found = fits(page, f"login{language.replace('/', '-')}")
    assert found["scroll"] <= PHONE["width"], found
    assert found["clipped"] == [], found
    for field in ("#id_username", "#id_password", "input[type=submit]"):
        box = page.locator(field).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (field, box)


@pytest.mark.django_db(transaction=True)
def test_the_start_page_fits_a_phone(live_server: Any, browser: Any) -> None:
    services.camp_create(name="Letní tábor Zlaté ostrovy – 2. běh (velmi dlouhý název)", year=2026)
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{live_server.url}/")
    found = fits(page, "start")
    assert found["scroll"] <= PHONE["width"] and found["clipped"] == [], found
    page.click("text=Přihlášení vedoucích")
    page.wait_for_selector("#id_username")
