"""The planning map of a team's plan form in a real browser on a 360-px phone: a tap on the hex next
to a route's end adds that step to the route's field (the rest of what was typed kept), a click
on it zoomed in too, a drag only pans it, and the page never gets wider than the screen."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from camp.models import Camp, Team
from games.islands import orders as islands_orders
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.notation import Alphabet
from games.islands.models.plans import TeamPlan
from games.islands.orders import OrderSheet
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle
from tests.games.islands.pages.helpers import legal_route, linked_open_round

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_a_tap_on_the_planning_map_adds_a_step_to_the_route_on_a_phone(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    red = teams[0]
    round_, link = linked_open_round(camp, red)
    ship, route = legal_route(round_, red)
    check = islands_orders.orders_check(round=round_, team=red, sheet=OrderSheet.typed(routes={ship: route}))
    g = geometry(camp.board_side)
    end = g.parse(next(p.points[-1] for p in check.routes if p.ship == ship))
    target = next(n for n in (end.step(d) for d in ("N", "NE", "NW", "SE", "SW", "S")) if g.on_board(n))
    step = direction_between(end, target)
    assert step is not None
    wanted = f"{route} {Alphabet.CZECH.letter(step)}"

    page = browser.new_page(viewport={"width": 360, "height": 800}, has_touch=True, is_mobile=True)
    page.goto(f"{live_server.url}{reverse('islands_public:team', args=[link.token])}")
    page.fill("input[name=build_cargo]", "1")
    page.fill(f"input[name=route-{ship}]", route)
    page.wait_for_selector("#plan-map polyline.route", state="attached")  # the live check drew it (a straight
    # route north is a line of no width: "visible" to a reader, not to Playwright)
    wait_htmx_idle(page)
    page.tap(f"label:has(input[name=mode][value={ship}])")
    page.tap(f"#plan-map a[data-hex='{g.label(target)}']")
    typed = f"() => document.querySelector('input[name=route-{ship}]').value === '{wanted}'"
    page.wait_for_function(typed, timeout=5000)
    assert page.input_value("input[name=build_cargo]") == "1"  # the rest of the form as typed
    assert page.input_value(f"input[name=route-{ship}]") == wanted
    assert not page.query_selector("[data-tap-message]")
    # Zoomed in, a click (a mouse's too) still reaches the hex under it: the end itself adds a stay.
    wait_htmx_idle(page)
    full = page.get_attribute("#plan-map svg", "viewBox")
    page.tap("#plan-map .zo-zoom-tools button >> nth=0")
    assert page.get_attribute("#plan-map svg", "viewBox") != full
    page.click(f"#plan-map a[data-hex='{g.label(target)}']")
    stayed = f"() => document.querySelector('input[name=route-{ship}]').value === '{wanted} .'"
    page.wait_for_function(stayed, timeout=5000)
    # A drag pans the map and sets nothing, even where it starts and ends on one hex's link.
    wait_htmx_idle(page)
    box = page.locator(f"#plan-map a[data-hex='{g.label(target)}']").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    zoomed = page.get_attribute("#plan-map svg", "viewBox")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y, steps=5)
    page.mouse.move(x, y, steps=5)
    page.mouse.move(x + 12, y, steps=2)
    page.mouse.up()
    wait_htmx_idle(page)
    assert page.get_attribute("#plan-map svg", "viewBox") != zoomed
    assert page.input_value(f"input[name=route-{ship}]") == f"{wanted} ."
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not TeamPlan.objects.filter(round=round_, team=red).exists()  # a tap stores nothing
    page.close()
