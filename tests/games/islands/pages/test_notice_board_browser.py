"""The public notice board and the staff standings in a real browser: a team with a very long name
(with spaces or without) wraps inside the standings table; the page never gets wider than the
screen, on a laptop or on a phone."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from camp.models import Camp, Team
from games.islands.demo import demo_play
from tests.browser import NEEDS_CHROMIUM

pytestmark = NEEDS_CHROMIUM

NAMES = [
    ("Žlutí Kapitáni a přátelé s velmi dlouhým jménem posádky, která se nikam nevejde " * 2)[:100],
    "W" * 100,
]

#: How wide the page is, and how wide the standings' team cells are.
LAYOUT = """() => ({
  page: document.documentElement.scrollWidth,
  width: window.innerWidth,
  cells: [...document.querySelectorAll('tbody tr')].map(r => r.getBoundingClientRect().right),
})"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("name", NAMES, ids=["spaces", "one-word"])
def test_a_long_team_name_keeps_the_standings_in_their_card(
    live_server: Any, browser: Any, admin_user: Any, camp: Camp, teams: list[Team], name: str
) -> None:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1)
    Team.objects.filter(pk=teams[0].pk).update(name=name)
    urls = []
    for language in ("cs", "en"):  # English has longer column heads
        with translation.override(language):
            urls.append(f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}")
    for width, url in itertools.product((1366, 390, 360), urls):
        page = browser.new_page(viewport={"width": width, "height": 900})
        page.goto(url)
        assert name in page.inner_text("main")
        layout = page.evaluate(LAYOUT)
        assert layout["page"] <= width, (width, url, layout)
        assert layout["cells"] and max(layout["cells"]) <= width, (width, url, layout)
        page.close()

    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    with translation.override("cs"):
        standings = reverse("admin:islands_round_standings", args=[camp.pk])
    page.goto(f"{live_server.url}{standings}")
    assert name in page.inner_text("#standings")
    layout = page.evaluate(LAYOUT)
    assert layout["page"] <= 1366, layout


#: Make the tab hidden or shown, as a phone's browser does when it is put away or taken out.
SET_HIDDEN = """(hidden) => {
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


@pytest.mark.django_db(transaction=True)
def test_the_board_polls_nothing_while_hidden_and_at_once_when_shown(
    live_server: Any, browser: Any, camp: Camp, teams: list[Team], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A phone in a pocket sends no poll; taken out, it asks at once rather than after a whole
    interval (static/js/zo-poll.js)."""
    from games.islands.pages import notice_board

    monkeypatch.setattr(notice_board, "POLL_SECONDS", 4)  # htmx's clock: polls at 4 s, 8 s, 12 s
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    demo_play(camp, rounds=1)
    with translation.override("cs"):
        url = f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}"
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if "?v=" in request.url else None)
    page.goto(url)
    page.wait_for_timeout(4600)
    assert len(polls) == 1  # shown: the poll at 4 s
    page.evaluate(SET_HIDDEN, True)
    page.wait_for_timeout(4400)  # past the poll at 8 s
    assert len(polls) == 1
    page.evaluate(SET_HIDDEN, False)  # at 9 s
    page.wait_for_timeout(600)  # well before the poll at 12 s
    assert len(polls) == 2
    page.close()
