"""The evening assembly in a real browser (issue 10): the projector view fits the screen with text
readable from the back of the hall, the phone map zooms, the board updates itself after a round is
resolved elsewhere, and the replay plays a round to its end and steps back."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.services import rounds as round_services
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

#: The smallest rendered font size (px) of the map's texts and of the standings, and the scroll room.
MEASURE = """() => {
  const px = el => {
    const fs = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (!svg) return fs;
    return fs * svg.getBoundingClientRect().height / svg.viewBox.baseVal.height;
  };
  const visible = el => el.getClientRects().length > 0;
  const map = [...document.querySelectorAll('#board svg.zo-map text, .zo-stage svg text')].filter(visible);
  const standings = [...document.querySelectorAll('tbody td')].filter(visible);
  return {
    map: Math.min(...map.map(px)), mapTexts: map.length,
    standings: Math.min(...standings.map(px)),
    scrollX: document.documentElement.scrollWidth - innerWidth,
    scrollY: document.documentElement.scrollHeight - innerHeight,
  };
}"""


@pytest.fixture
def played(camp: Camp, teams: list[Team]) -> Camp:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021, board_side=9)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    return camp


@pytest.mark.django_db(transaction=True)
def test_the_projector_view_fits_the_screen_and_reads_from_the_back(
    live_server: Any, browser: Any, played: Camp
) -> None:
    url = f"{live_server.url}{reverse('islands_public:notice_board', args=[played.pk])}?projektor"
    for width, height in ((1920, 1080), (1280, 720)):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(url)
        m = page.evaluate(MEASURE)
        assert m["scrollX"] <= 0 and m["scrollY"] <= 0, (width, m)
        assert m["mapTexts"] > 100
        if height == 1080:
            assert m["map"] >= 18, m
            assert m["standings"] >= 24, m
        page.close()


@pytest.mark.django_db(transaction=True)
def test_the_phone_map_zooms_and_pans_and_the_board_updates_itself(
    live_server: Any, browser: Any, played: Camp
) -> None:
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.goto(f"{live_server.url}{reverse('islands_public:notice_board', args=[played.pk])}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    svg = page.locator("#board svg.zo-map")
    full = svg.get_attribute("viewBox")
    page.click(".zo-zoom-tools button >> nth=0")  # +
    zoomed = [float(x) for x in svg.get_attribute("viewBox").split()]
    assert zoomed[2] < float(full.split()[2]) / 1.4
    box = svg.bounding_box()
    page.mouse.move(box["x"] + 150, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + 100, box["y"] + 60, steps=4)
    page.mouse.up()
    panned = [float(x) for x in svg.get_attribute("viewBox").split()]
    assert panned[0] > zoomed[0] and panned[2] == pytest.approx(zoomed[2])
    assert "2. herní kolo" not in page.inner_text(".zo-what h2")

    round_two = Round.objects.get(camp=played, number=2)
    round_services.round_resolve(round=round_two)  # another staff member, another laptop
    page.wait_for_function(
        "() => document.querySelector('.zo-what h2').textContent.includes('2. herní kolo')", timeout=15_000
    )
    # the zoom stayed where the reader left it
    page.wait_for_selector("#board .zo-zoom[data-zoom-ready]", timeout=2_000)
    assert [float(x) for x in page.locator("#board svg.zo-map").get_attribute("viewBox").split()] == panned
    page.close()


@pytest.mark.django_db(transaction=True)
def test_the_replay_plays_to_its_end_and_steps_back(live_server: Any, browser: Any, played: Camp) -> None:
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}{reverse('islands_public:notice_board', args=[played.pk])}")
    page.click("text=Přehrát kolo krok za krokem")
    frames = int(page.get_attribute("#replay", "data-frames"))
    assert frames > 3
    assert page.inner_text(".zo-frame:not([hidden]) h2").startswith("Před kolem")
    m = page.evaluate(MEASURE)
    assert m["map"] >= 18 and m["scrollY"] <= 0, m
    page.select_option('[data-act="speed"]', "900")
    page.keyboard.press(" ")
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.current === '{frames - 1}'", timeout=frames * 1500
    )
    assert page.get_attribute("#replay", "data-playing") == "false"  # it stops at the end
    # the last moment of the round shows (the end of the round, or its telescopes when it had some)
    assert page.evaluate(
        "() => document.querySelector('.zo-frame:not([hidden])')"
        " === [...document.querySelectorAll('.zo-frame')].pop()"
    )
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#replay", "data-current") == str(frames - 2)
    stage = page.inner_html("#stage")
    page.click('[data-act="back"]')
    assert page.get_attribute("#replay", "data-current") == str(frames - 3)
    assert page.inner_html("#stage") != stage or frames < 4
    page.close()


#: Words of the page's text (outside the map) that the browser broke across two lines although
#: they would fit on one line of their box.
BROKEN_WORDS = """() => {
  const broken = [];
  const ctx = document.createElement('canvas').getContext('2d');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const box = node.parentElement;
    if (!box || box.closest('svg, script, style') || box.getClientRects().length === 0) continue;
    const css = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    ctx.font = css.font;
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (lines.size > 1 && ctx.measureText(m[0]).width <= room) {
        broken.push(`${m[0]} in ${box.tagName}.${box.className} (${Math.round(room)} px)`);
      }
    }
  }
  return broken;
}"""


@pytest.mark.django_db(transaction=True)
def test_team_names_wrap_between_words_never_inside_one(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team]
) -> None:
    names = ["Chobotnice", "Račí ocásci", "Žraloci"]
    for team, name in zip(teams, names, strict=True):
        Team.objects.filter(pk=team.pk).update(name=name)
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1)
    board = reverse("islands_public:notice_board", args=[camp.pk])
    for url, (width, height) in (
        (board, (360, 640)),
        (board, (320, 640)),
        (f"{board}?projektor", (1280, 720)),
        (f"{board}?projektor", (1920, 1080)),
    ):
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(f"{live_server.url}{url}")
        shown = page.evaluate("document.body.innerText")
        assert "Chobotnice" in shown and "Račí ocásci" in shown
        assert page.evaluate(BROKEN_WORDS) == [], (url, width)
        page.close()
