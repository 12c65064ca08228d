"""The demo camp's pages in Chromium under the Content-Security-Policy (camp.web.security_headers): each
works (htmx checks and polls swap their element, the map zooms, the replay plays and steps, the
admin's inline adds a row) and the browser reports no violation of the policy and no script error.

A violation is caught twice: the page's ``securitypolicyviolation`` event (an init script passes it
to the test) and Chromium's console message ("Refused to …"). The first test shows that both see an
inline script the policy refuses, so a silent detector cannot pass the others."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from camp import services as camp_services
from camp.caches.version import public_version_bump
from camp.demo import demo_camp, run_demo_setup
from camp.models import Camp, Round, RoundStatus
from games.batavia import services as batavia_services
from games.batavia.engine import Pass
from games.batavia.models import BataviaSession
from games.islands.engine.notation import Alphabet
from games.islands.game_state import game_state
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM

#: Passes every violation of the policy on the page to the test (the binding ``zoViolation``).
REPORT_VIOLATIONS = """document.addEventListener('securitypolicyviolation', e => window.zoViolation(
  `${e.violatedDirective} refused ${e.blockedURI || 'inline'}`
  + ` (${e.sourceFile}:${e.lineNumber}) ${e.sample}`));"""


@dataclass
class Watched:
    """A browser context whose pages report what went wrong under the policy."""

    context: Any
    base: str
    problems: list[str] = field(default_factory=list)

    def open(self, path: str, **viewport: int) -> Any:
        page = self.context.new_page()
        if viewport:
            page.set_viewport_size(viewport)
        page.goto(self.base + path)
        return page

    def settled(self, *pages: Any) -> list[str]:
        """The problems so far, once the pages' pending reports have arrived."""
        for page in pages:
            page.evaluate("() => new Promise(r => setTimeout(r, 50))")
        return self.problems


@pytest.fixture
def watched(browser: Any, live_server: Any) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    result = Watched(context, live_server.url)

    def console(message: Any) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            result.problems.append(f"console {message.type}: {message.text}")

    def page_opened(page: Any) -> None:
        page.on("console", console)
        page.on("pageerror", lambda error: result.problems.append(f"script error: {error}"))

    context.expose_binding("zoViolation", lambda source, text: result.problems.append(f"violation: {text}"))
    context.add_init_script(REPORT_VIOLATIONS)
    # The pages name no icon; Chromium asks for one anyway, and its 404 would count as an error.
    context.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    context.on("page", page_opened)
    yield result
    context.close()


@dataclass(frozen=True)
class Demo:
    camp: Camp
    open_round: Round  # round 4, orders open
    new_round: Round  # round 5, planned: its placements are editable
    batavia: BataviaSession  # round 6's Batavia game, started, played on the phones


@pytest.fixture
def demo(db: None) -> Demo:
    run_demo_setup(out=lambda line: None)
    get_user_model().objects.create_superuser("vedouci", "", "heslo-heslo-123")
    camp = demo_camp()
    assert camp is not None
    open_round = Round.objects.get(camp=camp, status=RoundStatus.ORDERS_OPEN)
    new_round = camp_services.round_create(camp=camp)
    batavia_round = camp_services.round_create(camp=camp)
    minigame = camp_services.minigame_record(round=batavia_round, name="Batavia v dešti", kind="batavia")
    session = batavia_services.session_create(minigame=minigame)
    batavia_services.session_start(session=session)
    return Demo(camp, open_round, new_round, session)


def log_in(watched: Watched) -> Any:
    page = watched.open("/admin/login/")
    page.fill("#id_username", "vedouci")
    page.fill("#id_password", "heslo-heslo-123")
    page.click("input[type=submit]")
    page.wait_for_selector("#site-name")
    return page


@pytest.mark.django_db(transaction=True)
def test_the_browser_refuses_an_inline_script_and_the_test_hears_of_it(watched: Watched) -> None:
    page = watched.open("/admin/login/")
    page.evaluate(
        """() => { const s = document.createElement('script'); s.textContent = 'window.zoRan = true';
                   document.head.appendChild(s); }"""
    )
    assert page.evaluate("() => window.zoRan === undefined")  # the script did not run
    problems = watched.settled(page)
    assert any(p.startswith("violation: script-src-elem refused inline") for p in problems), problems
    assert any(p.startswith("console error: Executing inline script violates") for p in problems), problems


def movable_step(round_: Round) -> tuple[int, str, str, str]:
    """A team with a ship that may move one step on the board: (team id, ship, the step, its hex)."""
    state = game_state(round_.camp, round=round_)
    g = state.geometry
    for team in round_.camp.teams.order_by("pk"):
        t = state.team(team.name)
        for ship in t.ships:
            start = t.harbor if ship.at is None else ship.at
            for step in ("N", "NE", "SE", "S", "SW", "NW"):
                if ship.may_move and g.on_board(start.step(step)):
                    return team.pk, ship.id, step, g.label(start.step(step))
    raise AssertionError("no ship may move")


@pytest.mark.django_db(transaction=True)
def test_the_staff_pages_work_under_the_policy(watched: Watched, demo: Demo) -> None:
    page = log_in(watched)
    page.goto(f"{watched.base}/admin/")
    assert page.locator("#zo-language-select").count() == 1

    # The camp run's change form: Django's inlines.js adds a team row ("add another").
    page.goto(f"{watched.base}/admin/camp/camp/{demo.camp.pk}/change/")
    rows = page.locator(".inline-group .form-row:not(.empty-form)")
    before = rows.count()
    page.click(".inline-group .add-row a")
    assert rows.count() == before + 1

    # A round's add form: the calendar's "today" (DateTimeShortcuts.js) and the "+" of its camp run,
    # a popup whose answer (popup_response.js) puts the new camp run into the form and closes it.
    page.goto(f"{watched.base}/admin/camp/round/add/")
    page.click(".datetimeshortcuts a >> nth=0")
    assert page.input_value("#id_date") != ""
    with page.expect_popup() as opened:
        page.click("#add_id_camp")
    popup = opened.value
    popup.fill("#id_name", "Podzimní tábor")
    popup.fill("#id_year", "2026")
    popup.fill("#id_run_number", "2")
    with popup.expect_event("close"):
        popup.click("input[name=_save]")
    added = Camp.objects.get(name="Podzimní tábor")
    assert page.input_value("#id_camp") == str(added.pk)

    # The placements page: the live preview (htmx POST with the CSRF header) and placements.js.
    page.goto(f"{watched.base}/admin/camp/round/{demo.new_round.pk}/placements/")
    teams = list(demo.camp.teams.order_by("pk"))
    for place, team in enumerate(teams, start=1):
        page.fill(f"#rank-{team.pk}", str(place))
    page.wait_for_selector("#ap-preview .zo-ok", timeout=5000)
    page.check(f"#absent-{teams[-1].pk}")  # placements.js: "did not play" clears the place
    assert page.input_value(f"#rank-{teams[-1].pk}") == ""
    wait_htmx_idle(page)

    # The order page: the live check answers as one types, a click on the map adds a step.
    team, ship, step, hex_label = movable_step(demo.open_round)
    page.goto(f"{watched.base}/admin/islands/islandsround/round/{demo.open_round.pk}/orders/{team}/")
    page.fill(f"#id_route-{ship}", f"{Alphabet.CZECH.letter(step)} Q")
    page.wait_for_selector("#check .zo-check-bad", timeout=5000)
    page.fill(f"#id_route-{ship}", "")
    wait_htmx_idle(page)
    page.click(f"label:has(input[name=mode][value={ship}])")
    wait_htmx_idle(page)
    page.click(f"#check a[data-hex='{hex_label}']")
    letter = Alphabet.CZECH.letter(step)
    typed = f"() => document.querySelector('#id_route-{ship}').value === '{letter}'"
    page.wait_for_function(typed, timeout=5000)

    # The Batavia game master's page follows the game by itself (htmx poll).
    page.goto(f"{watched.base}/admin/batavia/bataviasession/{demo.batavia.pk}/master/")
    version = page.get_attribute("#bt-master", "data-version")
    batavia_services.session_act(session=demo.batavia, seat=1, action=Pass())
    page.wait_for_function(
        f"() => document.querySelector('#bt-master').dataset.version !== '{version}'", timeout=10_000
    )
    assert watched.settled(page) == []


@pytest.mark.django_db(transaction=True)
def test_the_public_pages_work_under_the_policy(
    watched: Watched, demo: Demo, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.islands.pages import notice_board

    monkeypatch.setattr(notice_board, "POLL_SECONDS", 1)  # the live server runs in this process
    board = watched.open(f"/nastenka/{demo.camp.pk}/", width=390, height=844)

    # zo-board.js: the phone map zooms.
    full = board.get_attribute("#board svg.zo-map", "viewBox")
    board.click(".zo-zoom-tools button >> nth=0")
    assert float(board.get_attribute("#board svg.zo-map", "viewBox").split()[2]) < float(full.split()[2])
    # htmx: a change of the board reaches the phone with the next poll.
    version = board.get_attribute("#board", "data-version")
    public_version_bump(camp=demo.camp)
    board.wait_for_function(
        f"() => document.querySelector('#board').dataset.version !== '{version}'", timeout=5000
    )

    projector = watched.open(f"/nastenka/{demo.camp.pk}/?projektor", width=1920, height=1080)
    assert projector.locator("body.projector #board svg.zo-map").count() == 1
    with projector.expect_request(lambda request: "v=" in request.url, timeout=5000):
        pass  # the screen polls

    # zo-replay.js: it plays by itself, pauses, steps forward and back.
    board.bring_to_front()  # a tab behind another gets no animation frames: clicks wait for them
    board.set_viewport_size({"width": 1400, "height": 1000})  # the replay is shown on a screen
    board.click("text=Přehrát kolo krok za krokem")
    board.wait_for_selector("#replay")
    board.select_option('[data-act="speed"]', "900")
    board.click('[data-act="play"]')
    board.wait_for_function(
        "() => Number(document.getElementById('replay').dataset.current) >= 2", timeout=5000
    )
    board.click('[data-act="play"]')
    assert board.get_attribute("#replay", "data-playing") == "false"
    paused = int(board.get_attribute("#replay", "data-current"))
    board.click('[data-act="forward"]')
    assert board.get_attribute("#replay", "data-current") == str(paused + 1)
    board.click('[data-act="back"]')
    board.click('[data-act="back"]')
    assert board.get_attribute("#replay", "data-current") == str(paused - 1)

    # A team's phone: a bid (a plain form), then the page follows the game by itself.
    seats = {s.number: s for s in demo.batavia.seats.all()}
    phone = watched.open(f"/batavia/t/{seats[1].token}/", width=390, height=844)
    assert "Jste na tahu" in phone.inner_text("#bt-live")
    phone.fill("input[name=amount]", "2")
    phone.click("text=Přihodit")
    phone.wait_for_selector("text=Hotovo.")
    waiting = watched.open(f"/batavia/t/{seats[2].token}/", width=390, height=844)
    for number in [n for n in (2, 3, 0) if n in seats]:  # the others pass
        batavia_services.session_act(session=demo.batavia, seat=number, action=Pass())
    waiting.wait_for_function(
        "() => !document.querySelector('#bt-live').innerText.includes('Jste na tahu')", timeout=8000
    )
    assert watched.settled(board, projector, phone, waiting) == []
