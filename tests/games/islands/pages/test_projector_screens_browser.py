"""The projector on the three screens a hall is likely to have (issue 33): at 1024×768, 1280×720
and 1920×1080 every ship marker is at least 36 px tall and wide (the map shrinks on a smaller
screen; its markers are scaled up again, static/js/zo-hall.js), the events column's text is at least
18 px, every team's harbor without ships shows its mark, and the page does not scroll. On the
usual board and on the largest one with twelve teams (the demo's two rounds, ships spread, the
third round open: the standings list who has handed in).

With ZO_SCREENSHOTS=<folder> the test keeps what it saw (docs/images/ is made so)."""

from __future__ import annotations

import os
from typing import Any

import pytest
from django.urls import reverse

from camp.models import DEFAULT_BOARD_SIDE, Camp, Team
from games.islands import demo
from games.islands.models.board import Ship
from tests.browser import NEEDS_CHROMIUM, launched_chromium
from tests.games.islands.pages.test_projector_hall_browser import hall_camp

pytestmark = NEEDS_CHROMIUM

SCREENS = ((1024, 768), (1280, 720), (1920, 1080))

MEASURE = """() => {
  const visible = el => el.getClientRects().length > 0;
  const ships = [...document.querySelectorAll('#board svg.zo-map g.ship')].filter(visible).map(g => {
    const b = g.querySelector('.sh').getBoundingClientRect();
    return {label: g.querySelector('title').textContent, w: b.width, h: b.height};
  });
  const events = [...document.querySelectorAll('#board [data-pages] h3, #board [data-pages] li li')]
    .filter(visible)
    .map(el => [el.textContent.trim().slice(0, 40), parseFloat(getComputedStyle(el).fontSize)]);
  const harbors = [...document.querySelectorAll('#board svg.zo-map g.harbor')].map(h => ({
    bay: h.dataset.bay, marks: h.querySelectorAll('g.tm').length,
  }));
  const shipsIn = new Set([...document.querySelectorAll('#board svg.zo-map [data-markers]')]
    .map(g => g.dataset.markers));
  return {
    ships, events, harbors: harbors.filter(h => !shipsIn.has(h.bay)),
    scrollX: document.documentElement.scrollWidth - innerWidth,
    scrollY: document.documentElement.scrollHeight - innerHeight,
    side: (() => { const b = document.querySelector('#board .zo-side').getBoundingClientRect();
      return {right: b.right, bottom: b.bottom}; })(),
  };
}"""


def _usual_camp(camp: Camp) -> Camp:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021, board_side=DEFAULT_BOARD_SIDE)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=2, open_next=False)
    return camp


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("board", ["usual", "largest-twelve-teams"])
def test_the_projector_reads_from_the_back_on_every_screen(
    live_server: Any, camp: Camp, teams: list[Team], board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
    camp = _usual_camp(camp) if board == "usual" else hall_camp(open_next=True)
    url = f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}?projektor"
    shots = os.environ.get("ZO_SCREENSHOTS")
    ships = Ship.objects.filter(team__camp=camp, q__isnull=False).count()
    with launched_chromium() as chromium:
        page = chromium.new_page(viewport={"width": 1920, "height": 1080})
        for width, height in SCREENS:
            page.set_viewport_size({"width": width, "height": height})
            page.goto(url)
            page.wait_for_function("() => document.documentElement.style.getPropertyValue('--zo-hall-k')")
            m = page.evaluate(MEASURE)
            if shots:
                page.screenshot(path=os.path.join(shots, f"projector-{board}-{width}x{height}.png"))
            screen = f"{width}×{height}"
            assert m["scrollX"] <= 0 and m["scrollY"] <= 0, (screen, m["scrollX"], m["scrollY"])
            assert m["side"]["right"] <= width and m["side"]["bottom"] <= height, (screen, m["side"])
            assert len(m["ships"]) >= ships > 0, (screen, len(m["ships"]), ships)
            small = [s for s in m["ships"] if min(s["w"], s["h"]) < 36]
            assert not small, (screen, small)
            assert m["events"], screen
            tiny = [e for e in m["events"] if e[1] < 18]
            assert not tiny, (screen, tiny)
            assert m["harbors"] and all(h["marks"] for h in m["harbors"]), (screen, m["harbors"])
        page.close()
