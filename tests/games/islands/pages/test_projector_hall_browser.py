"""The projector from the back of the hall (issue 19) on the largest board a camp may choose (side
13) with 12 teams, ships spread over the sea and one crowded hex: at 1920×1080 and 1280×720 the
page does not scroll, no text is cut (the events column shows only whole lines, a page at a time),
and at 1920×1080 every ship marker is at least 36 px across. On a 360-px phone the zoom buttons
sit outside the map.

The camp is built once for the module; one Chromium page measures it."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from camp import services as camp_services
from camp.models import MAX_BOARD_SIDE, Camp, Round, Team
from games.islands import demo
from games.islands.engine.hexes import geometry
from games.islands.models.board import BoardHex, Harbor, Ship
from games.islands.services import plans
from tests.browser import NEEDS_CHROMIUM, launched_chromium

pytestmark = NEEDS_CHROMIUM

TEAMS = (
    ("Červení", "#c0392b"),
    ("Modří", "#2471a3"),
    ("Zelení", "#229954"),
    ("Žlutí", "#d4ac0d"),
    ("Fialoví", "#8e44ad"),
    ("Oranžoví", "#d35400"),
    ("Tyrkysoví", "#17a589"),
    ("Šedí", "#7f8c8d"),
    ("Chobotnice", "#1e8449"),
    ("Piráti z Karibiku", "#922b21"),
    ("Delfíni", "#5dade2"),
    ("Mořští vlci", "#34495e"),
)


def hall_camp(*, open_next: bool = False) -> Camp:
    """Side 13, 12 teams, two rounds played by the demo's planner (events to read; with
    ``open_next`` the third round open for orders, so the board lists who has handed in: half the
    teams have, and the deadline is set); then every team
    has two cargo ships: the first three teams' six on one hex by the first team's harbor, the
    others' first ship out on the hex before its own harbor (spread round the board), the second in
    its harbor."""
    camp = camp_services.camp_create(name="Letní tábor – velká hra", year=2026, board_side=MAX_BOARD_SIDE)
    for name, colour in TEAMS:
        camp_services.team_create(camp=camp, name=name, colour=colour)
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=2, open_next=open_next)
    teams = list(Team.objects.filter(camp=camp).order_by("order"))
    if open_next:
        third = Round.objects.get(camp=camp, number=3)
        for team in teams[::2]:
            plans.plan_paper_received(round=third, team=team, user=None)
        due = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(19, 30)))
        plans.plans_deadline_set(round=third, due=due, user=None, confirmed=True)
    g = geometry(camp.board_side)

    def before_harbor(team: Team) -> Any:
        return g.bay_hexes(g.bay(Harbor.objects.get(team=team).bay))[0]

    crowded = before_harbor(teams[0])
    for team in teams:
        for ident in ("C1", "C2"):
            Ship.objects.get_or_create(team=team, ident=ident, defaults={"kind": "cargo"})
        Ship.objects.filter(team=team).exclude(ident__in=("C1", "C2")).delete()
        if team in teams[:3]:
            Ship.objects.filter(team=team).update(q=crowded.q, r=crowded.r)
        else:
            out = before_harbor(team)
            Ship.objects.filter(team=team, ident="C1").update(q=out.q, r=out.r)
            Ship.objects.filter(team=team, ident="C2").update(q=None, r=None)
            BoardHex.objects.filter(camp=camp, q=out.q, r=out.r).update(revealed=True)
    BoardHex.objects.filter(camp=camp, q=crowded.q, r=crowded.r).update(revealed=True)
    return camp


#: What the hall sees: the scroll size, the boxes of the ship markers, the texts cut by their own
#: box, and the events column's lines that are not wholly inside it.
MEASURE = """() => {
  const visible = el => el.getClientRects().length > 0;
  const ships = [...document.querySelectorAll('#board svg g.ship')].filter(visible).map(g => {
    const b = g.getBoundingClientRect();
    return {label: g.textContent, w: b.width, h: b.height};
  });
  const texts = [...document.querySelectorAll('#board .zo-side *')].filter(visible)
    .filter(el => !(el instanceof SVGElement))  // a team's mark: scaled to its box, never cut
    .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
    .filter(el => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
    .filter(el => getComputedStyle(el).display !== 'inline')
    .map(el => el.textContent.trim().slice(0, 60));
  const column = document.querySelector('#board [data-pages]').getBoundingClientRect();
  const lines = [...document.querySelectorAll('#board [data-pages] h3, #board [data-pages] li li')];
  const shown = lines.filter(visible);
  const halfShown = shown.filter(el => {
    const b = el.getBoundingClientRect();
    return b.top < column.top - .5 || b.bottom > column.bottom + .5;
  }).map(el => el.textContent.trim().slice(0, 60));
  return {
    scrollX: document.documentElement.scrollWidth - innerWidth,
    scrollY: document.documentElement.scrollHeight - innerHeight,
    ships, texts, lines: lines.filter(el => el.tagName === 'LI').length,
    shown: shown.filter(el => el.tagName === 'LI').length, halfShown,
    // the hand-in line's teams wholly on the screen
    handIn: [...document.querySelectorAll('#board td.team .zo-plan')].filter(visible).filter(el => {
      const b = el.getBoundingClientRect();
      return b.top >= 0 && b.bottom <= innerHeight && b.left >= 0 && b.right <= innerWidth;
    }).length,
    // the hand-in marks alone on a line below their team's name (a long name wrapped before them)
    markAlone: [...document.querySelectorAll('#board td.team .zo-plan')].filter(visible).filter(el => {
      const name = [...el.parentElement.querySelector('.name').getClientRects()].pop();
      return el.getBoundingClientRect().top >= name.bottom - 1;
    }).map(el => el.parentElement.querySelector('.name').textContent),
    more: [...document.querySelectorAll('#board [data-pages-more]')].filter(visible)
      .map(el => el.textContent.trim()),
  };
}"""

#: The next page of the events column, as a hall would see it after a few seconds.
NEXT_PAGE = "() => window.zoBoard.nextPage()"


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
        with launched_chromium() as browser:
            yield browser


def _shoot(page: Any, name: str) -> None:
    """With ZO_SCREENSHOTS=<folder>, keep what the test saw (the docs' pictures are made so)."""
    folder = os.environ.get("ZO_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("open_next", [False, True], ids=["after-the-round", "hand-in-open"])
def test_the_hall_reads_the_largest_board_with_twelve_teams(
    live_server: Any, chromium: Any, open_next: bool
) -> None:
    camp = hall_camp(open_next=open_next)
    url = f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}?projektor"
    page = chromium.new_page(viewport={"width": 1920, "height": 1080})
    for width, height in ((1920, 1080), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url)
        m = page.evaluate(MEASURE)
        _shoot(page, f"projector-{width}{'-hand-in' if open_next else ''}.png")
        assert m["handIn"] == (12 if open_next else 0), (width, m["handIn"])
        assert not m["markAlone"], (width, m["markAlone"])
        assert m["scrollX"] <= 0 and m["scrollY"] <= 0, (width, m["scrollX"], m["scrollY"])
        assert not m["texts"], (width, m["texts"])
        assert m["shown"] and not m["halfShown"], (width, m["halfShown"])
        seen = m["shown"]
        while seen < m["lines"]:  # page by page, every line once whole
            assert m["more"], (width, m)
            page.evaluate(NEXT_PAGE)
            m = page.evaluate(MEASURE)
            assert m["shown"] and not m["halfShown"], (width, m["halfShown"])
            seen += m["shown"]
        assert seen == m["lines"], (width, seen, m["lines"])
        if width == 1920:
            ships = m["ships"]
    page.close()
    assert len(ships) == Ship.objects.filter(team__camp=camp).count()
    small = [s for s in ships if min(s["w"], s["h"]) < 36]
    assert not small, small


@pytest.mark.django_db(transaction=True)
def test_the_phone_zoom_buttons_sit_outside_the_map(live_server: Any, chromium: Any) -> None:
    camp = hall_camp()
    page = chromium.new_page(viewport={"width": 360, "height": 640})
    page.goto(f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}")
    page.wait_for_selector("#board .zo-zoom-tools button")
    _shoot(page, "phone-360.png")
    map_box = page.locator("#board svg.zo-map").bounding_box()
    buttons = page.locator("#board .zo-zoom-tools button")
    assert buttons.count() == 3
    for i in range(3):
        b = buttons.nth(i).bounding_box()
        apart = (
            b["x"] + b["width"] <= map_box["x"]
            or map_box["x"] + map_box["width"] <= b["x"]
            or b["y"] + b["height"] <= map_box["y"]
            or map_box["y"] + map_box["height"] <= b["y"]
        )
        assert apart, (buttons.nth(i).text_content(), b, map_box)
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, b  # on the screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.close()
