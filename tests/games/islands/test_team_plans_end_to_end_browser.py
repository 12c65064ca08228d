"""An evening at the table, end to end in real browsers: a camp of six teams plays three rounds.

Three teams plan on their own links, each on its own 360-px phone (one saves a draft, hands it in,
takes it back and hands it in again; one is sent back with a note and corrects its plan); three hand
in the paper order form, which staff open by the code the sheet prints and type on the order page.
Staff approve the plans handed in on screen and resolve the round; the stored orders are what the
teams typed, the ships sailed where they were sent, and the public notice board reads "odevzdáno"
or "neodevzdáno" for each team as the plans come in. Set-up (the camp, the board, the links on,
the placements) goes through the services; everything of the plans goes through the pages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import pytest
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands import demo
from games.islands.engine.hexes import Hex, neighbours
from games.islands.engine.notation import Alphabet
from games.islands.engine.tiles import Tile
from games.islands.game_state import game_state
from games.islands.models.board import Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.printing.data import team_sheets_for
from games.islands.services import team_links as link_services
from tests.browser import NEEDS_CHROMIUM
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import url

pytestmark = NEEDS_CHROMIUM

ROUNDS = 3
#: Six places' AP, so that every team has some whatever its place (the default table stops at 3).
AP_TABLE = [14, 11, 8, 6, 4, 2]
MORE_TEAMS = [("Žlutí", "#d4ac0d"), ("Fialoví", "#8e44ad"), ("Oranžoví", "#d35400")]
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")
NOTE = "Loď jede jinam, než jste řekli u stolu: opravte trasu."
HANDED_IN = "Plán je odevzdán."


@dataclass(frozen=True)
class Step:
    """A one-step route of one ship: the Czech letter typed and the hex it ends on."""

    ship: str
    letter: str
    to: Hex


def safe_steps(round_: Round, team: Team, taken: set[Hex]) -> list[Step]:
    """The team's one-step routes into open sea (the staff's truth: no tile that stops, sinks or
    asks for a telescope), on no hex a ship is on or another team goes to and nowhere near a
    pirate, so the ship surely ends where it was sent."""
    state = game_state(round_.camp, round=round_)
    blocked = set(taken) | {ship.at for t in state.teams for ship in t.ships if ship.at is not None}
    for pirate in state.pirates:
        blocked.update((pirate.at, *neighbours(pirate.at)))
    own = state.team(team.name)
    found = []
    for ship in sorted(own.ships, key=lambda s: s.id):
        start = own.harbor if ship.at is None else ship.at
        for d in DIRECTIONS if ship.may_move else ():
            h = start.step(d)
            if state.geometry.on_board(h) and h not in blocked and state.board.cell(h).tile == Tile.OPEN_SEA:
                found.append(Step(ship.id, Alphabet.CZECH.letter(d), h))
    assert found, f"{team.name} has no safe step"
    return found


@dataclass
class Evening:
    """Staff's laptop (logged in) and the hall's notice board, each in its own browser context."""

    live_server: Any
    browser: Any
    camp: Camp
    teams: list[Team]
    staff: Any = None
    hall: Any = None

    def __post_init__(self) -> None:
        self.staff = self.browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
        self.staff.goto(f"{self.live_server.url}/admin/login/")
        self.staff.fill("#id_username", "admin")
        self.staff.fill("#id_password", "password")
        self.staff.click("input[type=submit]")
        self.staff.wait_for_url(f"{self.live_server.url}/admin/")
        self.hall = self.browser.new_context(viewport={"width": 1366, "height": 900}).new_page()

    def staff_goto(self, path: str) -> None:
        self.staff.goto(f"{self.live_server.url}{path}")

    def message(self) -> str:
        """The staff page's message (Django's messages framework) after a redirect."""
        return self.staff.inner_text("ul.messagelist").strip()

    def board(self) -> dict[str, str]:
        """The public notice board's word for each team's plan: {name: "odevzdáno" | "neodevzdáno"}."""
        self.hall.goto(f"{self.live_server.url}{reverse('islands_public:notice_board', args=[self.camp.pk])}")
        return {
            row.locator(".name").inner_text(): row.locator(".state").inner_text().replace("✓", "").strip()
            for row in self.hall.locator("section.zo-hand-in li.zo-plan").all()
        }

    def expected_board(self, handed_in: set[int]) -> dict[str, str]:
        return {t.name: "odevzdáno" if t.pk in handed_in else "neodevzdáno" for t in self.teams}

    def panel_row(self, team: Team) -> Any:
        """The team's row of the round page's hand-in panel."""
        return self.staff.locator(f"#plans tr[data-team='{team.pk}']")

    def panel_done(self, says: str) -> str:
        """The hand-in panel's line after an htmx press, once it names ``says``."""
        self.staff.wait_for_function(
            "(says) => document.querySelector('.zo-plans-done')?.textContent.includes(says)", arg=says
        )
        return self.staff.inner_text(".zo-plans-done")


class Phone:
    """A linked team's page on its own phone (its own browser context, 360 px wide)."""

    def __init__(self, evening: Evening, team: Team) -> None:
        self.team = team
        self.page = evening.browser.new_context(
            viewport={"width": 360, "height": 800}, is_mobile=True
        ).new_page()
        token = TeamLink.objects.get(team=team).token
        self.address = f"{evening.live_server.url}{reverse('islands_public:team', args=[token])}"

    def open(self) -> None:
        self.page.goto(self.address)

    def type_route(self, step: Step) -> None:
        self.page.fill(f"[data-plan] input[name=route-{step.ship}]", step.letter)

    def route(self, ship: str) -> str:
        return self.page.input_value(f"[data-plan] input[name=route-{ship}]")

    def press(self, name: str, done: str) -> None:
        """Press the plan form's button ``name`` (htmx); wait for the partial that says ``done``."""
        self.page.get_by_role("button", name=name, exact=True).click()
        self.page.wait_for_function(
            "(done) => document.querySelector('[data-plan-done]')?.textContent.trim() === done", arg=done
        )

    def state(self) -> str:
        return self.page.inner_text("[data-plan-state]").strip()

    def buttons(self) -> list[str]:
        return [b.strip() for b in self.page.locator("[data-plan] button[name=action]").all_inner_texts()]


def open_round(evening: Evening, number: int) -> Round:
    """The round's placements recorded (services), then opened on its page by staff."""
    camp, teams = evening.camp, evening.teams
    round_ = camp_services.round_create(camp=camp)
    camp_services.placements_record(
        round=round_, ranks={t.pk: (i + number) % len(teams) + 1 for i, t in enumerate(teams)}
    )
    evening.staff_goto(url("page", round_.pk))
    evening.staff.get_by_role("button", name="Otevřít kolo", exact=True).click()
    evening.staff.wait_for_selector("ul.messagelist")
    assert evening.message() == f"{number}. herní kolo je otevřené: zapište plány tahu týmů."
    round_.refresh_from_db()
    return round_


def withdrawn_and_handed_in_again(
    evening: Evening, phone: Phone, step: Step, handed_in: set[int], ap: int
) -> None:
    """A draft saved, handed in, taken back and handed in again; the board follows each press."""
    phone.type_route(step)
    phone.page.wait_for_selector("[data-check-ap]")  # the live check answers while typing
    assert phone.page.inner_text("[data-check-ap]") == f"AB {ap}, nevyužito: {ap - 1}"
    phone.press("Uložit koncept", "Koncept je uložen.")
    assert re.fullmatch(r"koncept uložen \d\d:\d\d", phone.state())
    assert evening.board() == evening.expected_board(handed_in)  # a draft is no plan handed in
    phone.press("Odevzdat plán", HANDED_IN)
    assert phone.buttons() == ["Vzít zpět"]
    assert evening.board() == evening.expected_board(handed_in | {phone.team.pk})
    phone.press("Vzít zpět", "Plán je vzatý zpět: je z něj zase koncept.")
    assert phone.buttons() == ["Uložit koncept", "Odevzdat plán"]
    assert phone.route(step.ship) == step.letter
    assert evening.board() == evening.expected_board(handed_in)
    phone.press("Odevzdat plán", HANDED_IN)


def sent_back_and_corrected(
    evening: Evening, round_: Round, phone: Phone, first: Step, step: Step, handed_in: set[int]
) -> None:
    """``first`` handed in, sent back by staff with a note, read on the phone, corrected to ``step``
    and handed in again."""
    team = phone.team
    phone.type_route(first)
    phone.press("Odevzdat plán", HANDED_IN)
    sheet = OrderSheet.typed(routes={first.ship: first.letter})
    assert TeamPlan.objects.get(round=round_, team=team).routes == sheet.plan_fields()["routes"]

    evening.staff_goto(url("page", round_.pk))
    row = evening.panel_row(team)
    assert row.get_attribute("data-state") == PlanState.HANDED_IN
    assert row.locator(".zo-plan-label").inner_text() == "odevzdáno (obrazovka)"
    row.locator("input[name=note]").fill(NOTE)
    row.get_by_role("button", name="Vrátit", exact=True).click()
    assert evening.panel_done(team.name) == f"Plán tahu týmu {team.name} je vrácený s poznámkou."
    assert evening.panel_row(team).get_attribute("data-state") == PlanState.RETURNED
    assert evening.panel_row(team).locator(".zo-plan-note").inner_text() == f"Poznámka pro tým: {NOTE}"
    assert evening.board() == evening.expected_board(handed_in)

    phone.open()
    assert phone.state() == f"vráceno: {NOTE}"
    assert phone.route(first.ship) == first.letter  # the plan sent back is the team's draft
    if first.ship != step.ship:
        phone.page.fill(f"[data-plan] input[name=route-{first.ship}]", "")
    phone.type_route(step)
    phone.press("Odevzdat plán", HANDED_IN)


def paper_plan(
    evening: Evening, round_: Round, team: Team, step: Step, handed_in: set[int], *, look: bool
) -> None:
    """Staff type the code printed on the team's order form, then the orders written on it; with
    ``look``, the notice board is looked at in between (handed in on paper, not typed yet)."""
    (sheet,) = team_sheets_for(round_, [team])  # what the printed sheet carries
    assert sheet.paper is not None
    evening.staff_goto(reverse("admin:islands_round_paper"))
    evening.staff.fill("#paper-code", sheet.paper.code)
    evening.staff.keyboard.press("Enter")
    evening.staff.wait_for_url(f"**{url('orders', round_.pk, team.pk)}")
    assert (
        evening.message() == f"Papírový plán týmu {team.name} na {round_.number}. kolo: zadejte ho a uložte."
    )
    if look:
        assert evening.board() == evening.expected_board(handed_in | {team.pk})
    evening.staff.fill(f"#id_route-{step.ship}", step.letter)
    evening.staff.get_by_role("button", name="Uložit plán tahu", exact=True).click()
    evening.staff.wait_for_url(f"**{url('page', round_.pk)}")
    assert evening.message() == f"Plán tahu týmu {team.name} je uložen."
    assert evening.panel_row(team).locator(".zo-plan-label").inner_text() == "plán zadali vedoucí"


def approve(evening: Evening, round_: Round, screen: list[Team], one_first: Team | None) -> None:
    """Staff approve the plans handed in on screen: ``one_first`` by its own button, the rest at once."""
    evening.staff_goto(url("page", round_.pk))
    waiting = list(screen)
    if one_first is not None:
        evening.panel_row(one_first).get_by_role("button", name="Schválit", exact=True).click()
        said = evening.panel_done(one_first.name)
        assert said == f"Plán tahu týmu {one_first.name} je schválený a uložený."
        waiting.remove(one_first)
    approve_all = evening.staff.locator("#plans-approve-all")
    assert approve_all.inner_text() == f"Schválit vše odevzdané ({len(waiting)})"
    approve_all.click()
    names = ", ".join(t.name for t in waiting)
    assert evening.panel_done(names) == f"Schváleny a uloženy {len(waiting)} plány tahu: {names}."  # 2 or 3
    for team in screen:
        assert evening.panel_row(team).get_attribute("data-state") == PlanState.APPROVED
    assert evening.staff.locator("#plans-approve-all").count() == 0  # nothing waits any more


def resolve_and_close(evening: Evening, round_: Round) -> None:
    """The preview, "Potvrdit", then the round closed on the after page."""
    evening.staff_goto(url("resolve", round_.pk))
    evening.staff.get_by_role("button", name="Potvrdit: vyhodnotit tah", exact=True).click()
    evening.staff.wait_for_url(f"**{url('after', round_.pk)}")
    number = round_.number
    assert evening.message() == f"{number}. herní kolo je vyhodnocené. Teď dalekohledy a nápovědy map."
    evening.staff.check("input[name=confirm]")
    evening.staff.get_by_role("button", name="Uzavřít kolo", exact=True).click()
    evening.staff.wait_for_url(f"**{url('page', round_.pk)}")
    assert evening.message() == f"{number}. herní kolo je uzavřené."


@pytest.mark.django_db(transaction=True)
def test_six_teams_plan_on_their_links_and_on_paper_for_three_rounds(
    live_server: Any, browser: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    teams = [*teams, *(camp_services.team_create(camp=camp, name=n, colour=c) for n, c in MORE_TEAMS)]
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED, ap_table=AP_TABLE)
    camp.refresh_from_db()
    demo.game_setup(camp, board_seed=11)
    link_services.team_links_switch(camp=camp, on=True)
    screen, paper = teams[:3], teams[3:]
    drafting, corrected, _plain = screen
    evening = Evening(live_server, browser, camp, teams)
    phones = {team.pk: Phone(evening, team) for team in screen}

    for number in range(1, ROUNDS + 1):
        round_ = open_round(evening, number)
        assert evening.board() == evening.expected_board(set())
        taken: set[Hex] = set()
        sent: dict[int, Step] = {}
        for team in teams:
            sent[team.pk] = safe_steps(round_, team, taken)[0]
            taken.add(sent[team.pk].to)
        handed_in: set[int] = set()

        for team in screen:
            phone = phones[team.pk]
            phone.open()
            assert phone.page.inner_text("[data-plan] h2") == f"Váš plán tahu pro kolo {number}"
            assert phone.state() == "zatím nic"
            if number == 1 and team == drafting:
                ap = round_.placements.get(team=team).ap
                withdrawn_and_handed_in_again(evening, phone, sent[team.pk], handed_in, ap)
            elif number == 1 and team == corrected:
                first = next(s for s in safe_steps(round_, team, taken) if s != sent[team.pk])
                sent_back_and_corrected(evening, round_, phone, first, sent[team.pk], handed_in)
            else:
                phone.type_route(sent[team.pk])
                phone.press("Odevzdat plán", HANDED_IN)
            assert phone.state() == "odevzdáno (obrazovka)"
            assert phone.buttons() == ["Vzít zpět"]
            assert phone.page.evaluate("document.documentElement.scrollWidth") <= 360
            handed_in.add(team.pk)
        assert evening.board() == evening.expected_board(handed_in)

        for team in paper:
            look = number == 1 and team == paper[0]
            paper_plan(evening, round_, team, sent[team.pk], handed_in, look=look)
            handed_in.add(team.pk)

        approve(evening, round_, screen, drafting if number == ROUNDS else None)
        assert evening.board() == evening.expected_board(handed_in)
        phone = phones[corrected.pk]
        phone.open()
        assert phone.state() == "schváleno"
        assert phone.buttons() == []  # an approved plan is staff's now

        # The stored orders are exactly what was typed, on the phones and on the order page.
        for team in teams:
            stored = OrderSheet.from_row(TeamOrders.objects.get(round=round_, team=team))
            typed = OrderSheet.typed(routes={sent[team.pk].ship: sent[team.pk].letter})
            assert stored.written_in(Alphabet.CZECH) == typed, team.name

        resolve_and_close(evening, round_)
        for team in teams:
            step = sent[team.pk]
            ship = Ship.objects.get(team=team, ident=step.ship)
            assert (ship.q, ship.r) == (step.to.q, step.to.r), team.name
        assert evening.board() == {}  # no round open for orders: no list of plans
        phone.open()
        # No plan form until the next round opens (only its hidden watch, which brings the form then).
        assert phone.page.locator("[data-plan]").is_hidden()
        assert phone.page.locator("[data-plan] form").count() == 0

    assert (
        list(Round.objects.filter(camp=camp).values_list("status", flat=True))
        == [RoundStatus.CLOSED] * ROUNDS
    )
