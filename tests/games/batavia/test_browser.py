"""A team plays from its phone page in a real browser: a bid, then laying cards with the live
check (htmx, CSRF header on <body>); a waiting page refreshes by itself when the game moves on."""

from __future__ import annotations

from typing import Any

import pytest

from games.batavia import selectors, services
from games.batavia.engine import Pass, cards_needed
from games.batavia.engine.components import COMPANIES
from games.batavia.models import BataviaSession
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_a_team_bids_and_lays_cards_from_its_phone(
    live_server: Any, browser: Any, session: BataviaSession
) -> None:
    seats = {s.number: s for s in session.seats.all()}
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{live_server.url}/batavia/t/{seats[1].token}/")
    assert "Jste na tahu" in phone.inner_text("#bt-live")
    phone.fill("input[name=amount]", "2")
    phone.click("text=Přihodit")
    phone.wait_for_selector("text=Hotovo.")
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 2}

    watcher = browser.new_page(viewport={"width": 390, "height": 844})
    watcher.goto(f"{live_server.url}/batavia/t/{seats[2].token}/")
    assert "Jste na tahu" in watcher.inner_text("#bt-live")
    for number in (2, 3, 0):  # the others pass: Modří wins the lot and starts the turns
        services.session_act(session=session, seat=number, action=Pass())
    watcher.wait_for_function(
        "() => document.querySelector('#bt-live').innerText.includes('Čeká se na tým Modří')", timeout=8000
    )

    phone.goto(f"{live_server.url}/batavia/t/{seats[1].token}/")
    session.refresh_from_db()
    state = selectors.session_state(session)
    need = cards_needed(state, 1)
    hand = state.players[1].hand
    company = next(c for i, c in enumerate(COMPANIES) if 0 < max(need[i], 1) <= hand[i])
    index = COMPANIES.index(company)
    phone.fill(f"input[name=count-{company}]", str(max(need[index], 1)))
    phone.wait_for_selector(f"input[name=move][value={company}]", timeout=5000)  # the live check answered
    phone.check(f"input[name=move][value={company}]")
    phone.wait_for_selector("text=Vyložit karty a táhnout")
    wait_htmx_idle(phone)
    phone.click("text=Vyložit karty a táhnout")
    phone.wait_for_url("**?done=1", timeout=10_000)
    assert "Hotovo." in phone.inner_text("#bt-live"), phone.inner_text("#bt-live")
    session.refresh_from_db()
    last = session.record["actions"][-1]
    assert (
        last["by"] == "Modří" and last["play"] == {company: max(need[index], 1)} and last["move"] == company
    )


#: Every table on a phone page fits the screen or scrolls sideways in its own box: the page itself
#: never gets wider than the phone, so nothing is cut off at its right edge.
LAYOUT = """() => {
  const width = window.innerWidth;
  const tables = [...document.querySelectorAll('#bt-live table')].map(t => {
    const box = t.closest('.bt-scroll');
    const r = (box || t).getBoundingClientRect();
    return {cls: t.className, boxed: !!box, right: Math.round(r.right), wide: t.scrollWidth};
  });
  return {page: document.documentElement.scrollWidth, width, tables};
}"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [360, 390])
def test_phone_page_tables_never_run_off_the_screen(
    live_server: Any, browser: Any, session: BataviaSession, width: int
) -> None:
    seats = {s.number: s for s in session.seats.all()}
    phone = browser.new_page(viewport={"width": width, "height": 844})

    def check(where: str) -> None:
        layout = phone.evaluate(LAYOUT)
        assert layout["page"] <= width, (where, layout)
        assert layout["tables"], where
        for t in layout["tables"]:
            assert t["right"] <= width, (where, t)
            assert t["boxed"] or t["wide"] <= width, (where, t)

    phone.goto(f"{live_server.url}/batavia/t/{seats[1].token}/")
    check("during the game")
    for s in seats.values():  # bots play the game to its end
        services.seat_set_bot(seat=s, bot="greedy")
    phone.goto(f"{live_server.url}/batavia/t/{seats[1].token}/")
    assert "Konečné pořadí" in phone.inner_text("#bt-live")
    check("after the game")


#: The boxes of the projector table's grid (players and ranking, exchanges, status and log) and
#: their tables: the left and right edges of each.
GRID = """() => [...document.querySelectorAll('.bt-grid > *')].map(box => {
  const r = box.getBoundingClientRect();
  const tables = [...box.querySelectorAll('table')].map(t => Math.round(t.getBoundingClientRect().right));
  return {left: Math.round(r.left), right: Math.round(r.right), tables};
})"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_projector_table_boxes_never_overlap_with_a_long_team_name(
    live_server: Any, browser: Any, minigame: Any, staff: Any, size: tuple[int, int]
) -> None:
    from camp.models import Team

    long_name = ("Mořské panny s velmi dlouhým jménem které se nikam nevejde " * 2)[:100]
    Team.objects.filter(name="Červení").update(name=long_name)
    session = services.session_create(minigame=minigame)
    services.session_start(session=session)
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.context.add_cookies(
        [{"name": "sessionid", "value": staff.cookies["sessionid"].value, "url": live_server.url}]
    )
    url = f"{live_server.url}/admin/batavia/bataviasession/{session.pk}/table/"

    def check(where: str) -> None:
        page.goto(url)
        assert long_name in page.inner_text("#bt-table"), where
        boxes = page.evaluate(GRID)
        assert len(boxes) == 3, (where, boxes)
        for left, right in zip(boxes, boxes[1:], strict=False):
            assert left["right"] <= right["left"], (where, boxes)
        for box in boxes:
            assert all(t <= box["right"] for t in box["tables"]), (where, boxes)
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0], where

    check("during the game")
    for s in session.seats.all():  # bots play the game to its end
        services.seat_set_bot(seat=s, bot="greedy")
    check("final ranking")
    assert "Konečné pořadí" in page.inner_text("#bt-table")


@pytest.mark.django_db(transaction=True)
def test_an_unticked_undo_is_answered_by_the_page_next_to_its_box(
    live_server: Any, browser: Any, session: BataviaSession, staff: Any
) -> None:
    """The browser sends the form (no "required" bubble in the browser's language); the page says,
    in Czech and beside the box, what to tick, and takes nothing back."""
    services.session_act(session=session, seat=1, action=Pass(), version=session.version, by_staff=True)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.context.add_cookies(
        [{"name": "sessionid", "value": staff.cookies["sessionid"].value, "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/admin/batavia/bataviasession/{session.pk}/")
    version = BataviaSession.objects.get(pk=session.pk).version
    page.click("form.bt-confirm:has(input[name=op][value=undo]) input[type=submit]")
    refusal = page.wait_for_selector("#bt-undo-refusal", timeout=5000)
    assert refusal.inner_text() == "Nejdřív zaškrtněte „ano, opravdu“ u tlačítka: nic nebylo vráceno."
    box = page.locator("form.bt-confirm:has(input[name=op][value=undo]) input[name=confirm]")
    assert box.get_attribute("aria-describedby") == "bt-undo-refusal"
    assert refusal.is_visible() and box.is_visible()
    assert BataviaSession.objects.get(pk=session.pk).version == version
