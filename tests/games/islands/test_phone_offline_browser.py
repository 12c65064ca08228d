"""An evening on poor Wi-Fi, in real browsers (zo-plan-draft.js): the phone loses its connection
mid-plan and its plan still reaches the leaders, exactly once.

Staff open the round on its page. The red team opens its link on a 360-px phone and starts its plan;
the connection drops (Chromium's network emulation over CDP); the team keeps typing and presses
"Odevzdat plán" while offline, reloads (Chromium's error page: no service worker on plain HTTP);
the connection returns, the link is opened again, and the press kept on the phone is sent by
itself, once. The blue team's phone drops too, and its press goes out on the "online" event
without a reload. The green team's answer is lost on its way back (the hand-in reached the
server): the next poll's answer sends it again and the server answers it as done, storing it
once. Staff see every hand-in on the round page; each plan is one row, handed in once.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from camp import services as camp_services
from camp.formats.dates import at_time
from camp.models import Camp, Round, Team
from games.islands import demo
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanAction, PlanLogEntry, PlanState, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.pages import team_link, team_plan
from games.islands.pages.team_plan import draft_key
from games.islands.services import plans
from games.islands.services import team_links as link_services
from tests.browser import NEEDS_CHROMIUM
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import url
from tests.games.islands.test_team_plans_end_to_end_browser import Evening, Step, safe_steps

pytestmark = NEEDS_CHROMIUM

HANDED_IN = "Plán je odevzdán."
ALREADY = "Tento plán už k vedoucím dorazil: je uložený jednou, nic se neposlalo dvakrát."
TYPED = "Uloženo jen v tomto telefonu, ještě neodesláno: odešlete ho tlačítkem níže."
PENDING = (
    "Uloženo v telefonu, ještě neodesláno (není spojení): odešle se samo, jednou, jakmile se spojení vrátí."
)


class Phone:
    """A team's link on its own phone, its network switched off and on through CDP, and the plan
    presses that reached the server (answers received) counted."""

    def __init__(self, evening: Evening, team: Team) -> None:
        self.team = team
        self.link = TeamLink.objects.get(team=team)
        self.context = evening.browser.new_context(viewport={"width": 360, "height": 800}, is_mobile=True)
        self.page = self.context.new_page()
        self.cdp = self.context.new_cdp_session(self.page)
        self.cdp.send("Network.enable")
        self.address = f"{evening.live_server.url}{reverse('islands_public:team', args=[self.link.token])}"
        self.plan_url = reverse("islands_public:team_plan", args=[self.link.token])
        self.answered: list[int] = []
        self.page.on("response", self._answered)

    def _answered(self, response: Any) -> None:
        if response.request.method == "POST" and response.url.endswith(self.plan_url):
            self.answered.append(response.status)

    def network(self, *, online: bool) -> None:
        self.cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
        )

    def open(self) -> None:
        self.page.goto(self.address)
        self.page.wait_for_selector("[data-plan] form")

    def type_route(self, step: Step) -> None:
        self.page.fill(f"[data-plan] input[name=route-{step.ship}]", step.letter)

    def local(self) -> str:
        """What the page says is kept on the phone ("" when the line is hidden)."""
        line = self.page.locator("[data-plan-local]")
        return line.inner_text().strip() if line.is_visible() else ""

    def wait_local(self, text: str) -> None:
        self.page.wait_for_function(
            "(text) => { const l = document.querySelector('[data-plan-local]');"
            " return l && !l.hidden && l.textContent.trim() === text; }",
            arg=text,
            timeout=10_000,
        )

    def wait_done(self, done: str) -> None:
        self.page.wait_for_function(
            "(done) => document.querySelector('[data-plan-done]')?.textContent.trim() === done",
            arg=done,
            timeout=15_000,
        )

    def wait_done_either(self, *done: str) -> str:
        self.page.wait_for_function(
            "(done) => done.includes(document.querySelector('[data-plan-done]')?.textContent.trim())",
            arg=list(done),
            timeout=15_000,
        )
        return self.page.inner_text("[data-plan-done]").strip()

    def storage(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self.page.evaluate("() => Object.entries(localStorage)")}

    def press_hand_in(self) -> None:
        self.page.get_by_role("button", name="Odevzdat plán", exact=True).click()


def hand_ins_arriving(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the teams whose hand-in press reached the server, one per press that arrived
    (the page calls the service once a press)."""
    arrived: list[str] = []
    real = plans.plan_hand_in

    def counted(**kwargs: Any) -> TeamPlan:
        arrived.append(kwargs["team"].name)
        return real(**kwargs)

    monkeypatch.setattr(plans, "plan_hand_in", counted)
    return arrived


def plan_of(round_: Round, team: Team) -> TeamPlan:
    return TeamPlan.objects.get(round=round_, team=team)


def handed_in_lines(round_: Round, team: Team) -> int:
    return PlanLogEntry.objects.filter(round=round_, team=team, action=PlanAction.HANDED_IN).count()


def stored_route(round_: Round, team: Team, step: Step) -> bool:
    sheet = OrderSheet.typed(routes={step.ship: step.letter})
    return plan_of(round_, team).routes == sheet.plan_fields()["routes"]


@pytest.mark.django_db(transaction=True)
def test_a_phone_that_loses_its_connection_mid_plan_gets_its_plan_in_once(
    live_server: Any,
    browser: Any,
    admin_user: Any,
    camp: Camp,
    teams: list[Team],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(team_link, "POLL_SECONDS", 1)
    arrived = hand_ins_arriving(monkeypatch)
    monkeypatch.setattr(team_plan, "POLL_SECONDS", 1)
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED)
    camp.refresh_from_db()
    demo.game_setup(camp, board_seed=11)
    link_services.team_links_switch(camp=camp, on=True)
    red, blue, green = teams
    evening = Evening(live_server, browser, camp, teams)

    # Staff open the round on its page.
    round_ = camp_services.round_create(camp=camp)
    camp_services.placements_record(round=round_, ranks={t.pk: i + 1 for i, t in enumerate(teams)})
    evening.staff_goto(url("page", round_.pk))
    evening.staff.get_by_role("button", name="Otevřít kolo", exact=True).click()
    evening.staff.wait_for_selector("ul.messagelist")
    round_.refresh_from_db()
    taken: set[Any] = set()
    steps: dict[int, list[Step]] = {}
    for team in teams:
        steps[team.pk] = safe_steps(round_, team, taken)
        taken.add(steps[team.pk][0].to)

    # Red: starts its plan, the connection drops, it keeps typing and presses send, reloads.
    phone = Phone(evening, red)
    # The phone's own clock is five hours off: the time it shows for a press sent is the camp's.
    phone.page.clock.set_fixed_time(timezone.now() + dt.timedelta(hours=5, minutes=17))
    phone.open()
    first, chosen = steps[red.pk][0], steps[red.pk][1]
    phone.type_route(first)
    phone.wait_local(TYPED)
    key = f"zo-plan:{draft_key(phone.link)}:{round_.number}"
    assert list(phone.storage()) == [key]
    assert phone.link.token[:8] not in json.dumps(phone.storage())  # no token kept on the phone
    phone.network(online=False)
    assert phone.page.evaluate("() => navigator.onLine") is False
    if chosen.ship != first.ship:
        phone.page.fill(f"[data-plan] input[name=route-{first.ship}]", "")
    phone.type_route(chosen)  # still typing, offline
    assert phone.storage()[key]["fields"][f"route-{chosen.ship}"] == chosen.letter
    phone.press_hand_in()
    phone.wait_local(PENDING)
    assert phone.storage()[key]["pending"] == "hand_in"
    assert not TeamPlan.objects.filter(round=round_, team=red).exists()  # nothing reached the server
    phone.page.wait_for_timeout(500)
    assert not TeamPlan.objects.filter(round=round_, team=red).exists() and not arrived
    with pytest.raises(Exception, match="ERR_INTERNET_DISCONNECTED"):
        phone.page.reload()  # plain HTTP, no service worker: the browser's own error page
    # The connection returns; the team opens its link again: the press kept is sent, once.
    phone.network(online=True)
    before = timezone.now()
    phone.page.goto(phone.address)
    # Chromium may send a POST again by itself when its socket died with the connection: the
    # server then answers the second as done, and still stores the plan once.
    phone.wait_done_either(HANDED_IN, ALREADY)
    phone.page.wait_for_selector("[data-plan-local][data-state=sent]")
    sent = re.fullmatch(r"Odesláno vedoucím (ve? \d\d:\d\d); v telefonu nic nečeká\.", phone.local())
    assert sent is not None
    with translation.override("cs"):
        assert sent.group(1) in {at_time(at) for at in (before, timezone.now())}
    assert phone.storage() == {}  # confirmed: nothing waits on the phone
    assert phone.page.inner_text("[data-plan-state]") == "odevzdáno (obrazovka)"
    phone.page.wait_for_timeout(2500)  # polls come and go: nothing is sent again
    assert phone.answered == [200]
    plan = plan_of(round_, red)
    assert (plan.state, plan.version) == (PlanState.HANDED_IN, 1)
    assert stored_route(round_, red, chosen)
    assert handed_in_lines(round_, red) == 1
    assert arrived.count(red.name) in (1, 2)  # the phone's one press, perhaps repeated by Chromium

    # Blue: offline mid-plan, the press kept; the connection returns, no reload: sent on "online".
    blue_phone = Phone(evening, blue)
    blue_phone.open()
    blue_phone.network(online=False)
    blue_step = steps[blue.pk][0]
    blue_phone.type_route(blue_step)
    blue_phone.press_hand_in()
    blue_phone.wait_local(PENDING)
    blue_phone.network(online=True)
    blue_phone.wait_done(HANDED_IN)
    blue_phone.page.wait_for_selector("[data-plan-local][data-state=sent]")
    blue_phone.page.wait_for_timeout(2500)
    assert blue_phone.answered == [200]
    assert blue_phone.storage() == {}
    assert (plan_of(round_, blue).version, handed_in_lines(round_, blue)) == (1, 1)
    assert stored_route(round_, blue, blue_step)

    # Green: the hand-in reaches the server but its answer is lost; the next poll's answer says
    # the connection is back, the press goes again and the server answers it as done.
    green_phone = Phone(evening, green)
    green_phone.open()
    lost: list[int] = []

    def lose_the_answer(route: Any) -> None:
        if route.request.method == "POST" and not lost:
            route.fetch()  # the server gets the press and stores it
            lost.append(1)
            route.abort("internetdisconnected")  # the phone never hears back
        else:
            route.continue_()

    green_phone.page.route(f"**{green_phone.plan_url}", lose_the_answer)
    green_step = steps[green.pk][0]
    green_phone.type_route(green_step)
    green_phone.press_hand_in()
    green_phone.wait_done(ALREADY)
    green_phone.page.wait_for_selector("[data-plan-local][data-state=sent]")  # the answer settled
    assert lost == [1]
    assert arrived.count(green.name) == 2  # the press, then the phone's own resend
    assert green_phone.answered == [200]  # the second answer; the first was lost
    assert green_phone.storage() == {}
    assert (plan_of(round_, green).version, handed_in_lines(round_, green)) == (1, 1)
    assert stored_route(round_, green, green_step)

    # Staff see the three hand-ins on the round page, each plan once.
    evening.staff_goto(url("page", round_.pk))
    for team in teams:
        row = evening.panel_row(team)
        assert row.get_attribute("data-state") == PlanState.HANDED_IN, team.name
        assert row.locator(".zo-plan-label").inner_text() == "odevzdáno (obrazovka)"
    assert TeamPlan.objects.filter(round=round_).count() == 3
    for p in (phone, blue_phone, green_phone):
        p.context.close()
