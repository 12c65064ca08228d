"""The feed of what staff changed, as the hall and a phone see it (issue 33): on the projector its
three newest lines are the first group of the events column, paged with the events: at 1024×768,
1280×720 and 1920×1080, with three teams and with twelve on the largest board (the hand-in open),
the feed adds no scroll (the page scrolls exactly as without it, and at 1280×720 and 1920×1080 not
at all), its lines on screen are whole and inside the column, newest first, and the first page
begins with them. (At 1024×768 the standings' table is wider than its column with or without the
feed, and with twelve teams leaves the events column no room: the projector's layout at that size
is not this test's.) On a 360-px phone the feed lists its lines
in a section of its own without a sideways scroll.

With ZO_SCREENSHOTS=<folder> the test keeps what it saw (docs/notice-board-feed-*.png)."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands import demo
from games.islands.models.links import TeamLink
from games.islands.models.notices import NoticeCode, PublicNotice
from games.islands.services import plans
from games.islands.services import team_links as link_services
from tests.browser import NEEDS_CHROMIUM, launched_chromium
from tests.games.islands.pages.test_projector_hall_browser import TEAMS, hall_camp

pytestmark = [*NEEDS_CHROMIUM, pytest.mark.usefixtures("morning")]  # 19:30 deadlines still ahead

#: The feed's lines (on the projector: those of the events column's page shown) and whether each is
#: wholly inside its column and the window; the scroll size.
MEASURE = """() => {
  const visible = el => el.getClientRects().length > 0;
  const column = document.querySelector('#board [data-pages]');
  const box = column && getComputedStyle(document.body).overflow === 'hidden'
    ? column.getBoundingClientRect() : {top: -1e9, bottom: 1e9};
  const selector = '#board section.zo-feed li, #board [data-pages] li.zo-feed-line';
  const lines = [...document.querySelectorAll(selector)].filter(visible).map(li => {
    const b = li.getBoundingClientRect();
    return {text: li.textContent.trim().replace(/\\s+/g, ' '),
            whole: b.top >= Math.max(0, box.top - .5) && b.bottom <= Math.min(innerHeight, box.bottom + .5)
              && b.left >= 0 && b.right <= innerWidth};
  });
  const first = document.querySelector('#board [data-pages] .zo-events > li');
  return {
    lines, all: document.querySelectorAll(selector).length,
    firstIsFeed: !!(first && visible(first) && first.querySelector('li.zo-feed-line')),
    scrollX: document.documentElement.scrollWidth - innerWidth,
    scrollY: document.documentElement.scrollHeight - innerHeight,
  };
}"""

#: The page as it would be without the feed (the projector's group, the phone's section).
DROP_FEED = """() => {
  const group = document.querySelector('#board [data-pages] li.zo-feed-line');
  if (group) group.closest('.zo-events > li').remove();
  document.querySelectorAll('#board section.zo-feed').forEach(s => s.remove());
  window.dispatchEvent(new Event('resize'));
}"""


def small_camp() -> Camp:
    """Three teams on a board of side 7, two rounds played, round 3 open with a deadline at 19:30
    (as the hall's camp), the teams named as the hall's camp's first, ninth and tenth."""
    camp = camp_services.camp_create(name="Letní tábor – malá hra", year=2026, board_side=7)
    for name, colour in (TEAMS[0], TEAMS[8], TEAMS[9], TEAMS[11]):
        camp_services.team_create(camp=camp, name=name, colour=colour)
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=2, open_next=True)
    due = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(19, 30)))
    plans.plans_deadline_set(round=Round.objects.get(camp=camp, number=3), due=due, user=None)
    return camp


def feed_camp(*, hall: bool = True) -> Camp:
    """The hall's camp (side 13, 12 teams, round 3 open with a deadline) or a small one with five
    lines in its feed, the newest naming four teams with long names."""
    camp = hall_camp(open_next=True) if hall else small_camp()
    third = Round.objects.get(camp=camp, number=3)
    named = {t.name: t for t in Team.objects.filter(camp=camp)}
    teams = [named.get(name) for name, _colour in TEAMS]
    due = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(19, 45)))
    plans.plans_deadline_set(round=third, due=due, user=None)
    plans.plan_reopen(round=third, team=named["Piráti z Karibiku"], user=None)
    link_services.team_links_switch(camp=camp, on=True)
    link_services.team_link_renew(link=TeamLink.objects.get(team=named["Mořští vlci"]))
    PublicNotice.objects.create(
        camp=camp,
        code=NoticeCode.ROUND_CORRECTED,
        params={"number": 2, "teams": [t.name for t in (teams[0], teams[8], teams[9], teams[11]) if t]},
    )
    return camp


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
        with launched_chromium() as browser:
            yield browser


def _shoot(page: Any, name: str) -> None:
    folder = os.environ.get("ZO_SCREENSHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, name))


NEWEST = [
    "Vedoucí opravili 2. kolo — změny u týmů Červení, Chobotnice, Piráti z Karibiku, Mořští vlci",
    "Vedoucí vydali týmu Mořští vlci nový odkaz; starý už nefunguje",
    "Vedoucí znovu otevřeli odevzdání 3. kola pro tým Piráti z Karibiku",
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("hall", [False, True], ids=["three-teams", "twelve-teams"])
def test_the_projector_pages_the_feed_with_the_events_at_every_size(
    live_server: Any, chromium: Any, hall: bool
) -> None:
    camp = feed_camp(hall=hall)
    url = f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}?projektor"
    page = chromium.new_page(viewport={"width": 1024, "height": 768})
    for width, height in ((1024, 768), (1280, 720), (1920, 1080)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url)
        m = page.evaluate(MEASURE)
        _shoot(page, f"notice-board-feed-projector-{width}x{height}{'-12' if hall else ''}.png")
        assert m["all"] == 3, (width, m)
        shown = [line["text"].split(" ", 1)[1] for line in m["lines"]]
        assert shown == NEWEST[: len(shown)], (width, m["lines"])  # newest first
        assert all(line["whole"] for line in m["lines"]), (width, m["lines"])
        if (hall, width) != (True, 1024):  # 1024×768 leaves twelve teams' events no room at all
            assert shown and m["firstIsFeed"], (width, m)
        page.evaluate(DROP_FEED)
        without = page.evaluate(MEASURE)
        assert without["all"] == 0
        assert (m["scrollX"], m["scrollY"]) == (without["scrollX"], without["scrollY"]), (width, m, without)
        if width != 1024:  # at 1024×768 the standings overflow sideways already, feed or not
            assert m["scrollX"] <= 0 and m["scrollY"] <= 0, (width, m["scrollX"], m["scrollY"])
    page.close()


@pytest.mark.django_db(transaction=True)
def test_a_phone_lists_the_feed_without_a_sideways_scroll(live_server: Any, chromium: Any) -> None:
    camp = feed_camp()
    page = chromium.new_page(viewport={"width": 360, "height": 740})
    page.goto(f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}")
    page.locator("#board section.zo-feed").scroll_into_view_if_needed()
    _shoot(page, "notice-board-feed-phone.png")
    m = page.evaluate(MEASURE)
    assert m["scrollX"] <= 0, m["scrollX"]
    texts = [line["text"].split(" ", 1)[1] for line in m["lines"]]
    assert texts[:3] == NEWEST and len(texts) == 5, texts
    assert texts[3:] == [
        "Vedoucí posunuli odevzdání 3. kola z 19:30 na 19:45",
        "Vedoucí stanovili odevzdání 3. kola do 19:30",
    ]
    page.close()
