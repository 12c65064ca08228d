"""The team's own plan on its order page: its state and time, its sheet as text, "Schválit" and
"Vrátit" from the hand-in panel (posted plainly, back to the order page), the form filled from the
plan (``?from=plan``), and what saving orders over a plan handed in does to it."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from django.test import Client
from django.utils import timezone

from camp.models import Round, Team
from games.islands.engine.notation import Alphabet
from games.islands.models.plans import PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.selectors.plans import ENTERED_BY_STAFF, team_plan
from games.islands.services import plans
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import legal_route, orders_data, url
from tests.pages import errors, messages

TEAM = plans.BY_TEAM


def hand_in(game: Round, team: Team) -> TeamPlan:
    ship, route = legal_route(game, team)
    version = team_plan(game, team).version
    sheet = OrderSheet.typed(routes={ship: route}, fire="")
    return plans.plan_hand_in(round=game, team=team, sheet=sheet, version=version, by=TEAM)


def soup(client: Client, path: str) -> BeautifulSoup:
    response = client.get(path)
    assert response.status_code == 200
    return BeautifulSoup(response.content.decode(), "html.parser")


def section(page: BeautifulSoup) -> Tag:
    found = page.find(id="team-plan")
    assert isinstance(found, Tag), "the order page shows the team's plan"
    return found


def text(tag: Tag | None) -> str:
    assert tag is not None
    return " ".join(tag.get_text(" ").split())


def sheet_rows(plan_section: Tag) -> dict[str, str]:
    return {text(tr.find("th")): text(tr.find("td")) for tr in plan_section.select("table.zo-played tr")}


def buttons(plan_section: Tag) -> list[str]:
    return [text(b) for b in plan_section.find_all("button")]


def test_a_plan_handed_in_shows_with_its_time_its_sheet_and_the_panels_buttons(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    plan = hand_in(game, red)
    ship, route = next(iter(plan.routes.items()))
    found = section(soup(staff_client, url("orders", game.pk, red.pk)))
    assert found["data-state"] == "handed_in"
    assert text(found.select_one(".zo-plan-label")) == "odevzdáno (obrazovka)"
    assert text(found.select_one(".zo-plan-time")) == timezone.localtime(plan.handed_in_at).strftime("%H:%M")
    assert text(found.select_one(".zo-plan-caption")) == (
        "Odevzdaný na stránce týmu; „Schválit“ ho uloží jako plán tahu týmu:"
    )
    czech = OrderSheet.from_plan(plan).written_in(Alphabet.CZECH).route(ship)
    assert sheet_rows(found) == {
        "Stavba": "nákladní lodě: 0, bitevní loď: 0",
        f"Loď {ship.removeprefix('C')}": czech,
        "přístav": "—",
    }
    assert buttons(found) == ["Schválit", "Vrátit"]
    for form in found.find_all("form"):  # posted plainly, back to this page
        assert form.get("data-hx-post") is None
        assert form.find("input", attrs={"name": "back"})["value"] == "orders"
        assert form.find("input", attrs={"name": "team"})["value"] == str(red.pk)
    assert found.find("a", string="Zapsat") is None  # we are on the page it would open
    link = found.find(id="plan-to-form")
    assert isinstance(link, Tag) and link["href"] == url("orders", game.pk, red.pk) + "?from=plan"
    assert text(found.find(id="plan-settles")) == (
        "Uložením plánu tahu níže se tento plán vyřídí: bude u něj „plán zadali vedoucí“ a na "
        "schválení už čekat nebude; stránka týmu ukáže, co uložíte."
    )


def test_a_teams_plan_shows_only_on_its_own_order_page(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue = teams[0], teams[1]
    hand_in(game, red)
    page = soup(staff_client, url("orders", game.pk, blue.pk))
    assert page.find(id="team-plan") is None
    assert page.find("input", attrs={"name": "back"}) is None


def test_a_draft_shows_as_a_draft_with_nothing_to_approve(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    sheet = OrderSheet.typed(routes={"C1": "S ? J"})  # a draft keeps its typo
    plans.plan_save_draft(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    found = section(soup(staff_client, url("orders", game.pk, red.pk)))
    assert (found["data-state"], text(found.select_one(".zo-plan-label"))) == ("draft", "koncept")
    assert text(found.select_one(".zo-plan-caption")) == "Koncept týmu, neodevzdaný (na vás nic nečeká):"
    assert sheet_rows(found)["Loď 1"] == "S ? J"
    assert buttons(found) == [] and found.find(id="plan-settles") is None
    assert found.find(id="plan-to-form") is not None


def test_a_paper_plan_is_typed_in_or_sent_back(
    staff_client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    blue = teams[1]
    plans.plan_paper_received(round=game, team=blue, user=staff)
    found = section(soup(staff_client, url("orders", game.pk, blue.pk)))
    assert text(found.select_one(".zo-plan-label")) == "odevzdáno (papír)"
    assert text(found.select_one(".zo-plan-caption")) == (
        "Odevzdaný na papíře: zapište ho do formuláře níže a uložte."
    )
    assert found.find("table") is None and found.find(id="plan-to-form") is None
    assert buttons(found) == ["Vrátit"]
    assert found.find(id="plan-settles") is not None


def test_approve_on_the_order_page_stores_the_plan_and_comes_back_to_it(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    plan = hand_in(game, red)
    response = staff_client.post(url("plan_approve", game.pk), {"team": str(red.pk), "back": "orders"})
    assert response.status_code == 302
    assert response["Location"] == url("orders", game.pk, red.pk) + "#team-plan"
    assert TeamOrders.objects.get(round=game, team=red).routes == plan.routes
    page = staff_client.get(response["Location"])
    assert messages(page, "success") == ["Plán tahu týmu Červení je schválený a uložený."]
    found = section(BeautifulSoup(page.content.decode(), "html.parser"))
    assert text(found.select_one(".zo-plan-label")) == "schváleno"
    assert buttons(found) == [] and found.find("table") is None  # it is the stored orders now


def test_send_back_on_the_order_page_with_a_note_or_without_one(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    hand_in(game, red)
    path = url("orders", game.pk, red.pk)
    refused = staff_client.post(url("plan_return", game.pk), {"team": str(red.pk), "back": "orders"})
    assert refused["Location"] == path + "#team-plan"
    assert errors(staff_client.get(path)) == ["Napište týmu poznámku: co má změnit?"]
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN
    data = {"team": str(red.pk), "back": "orders", "note": "C1 pluje na útesy."}
    response = staff_client.post(url("plan_return", game.pk), data, follow=True)
    assert messages(response, "success") == ["Plán tahu týmu Červení je vrácený s poznámkou."]
    found = section(BeautifulSoup(response.content.decode(), "html.parser"))
    assert text(found.select_one(".zo-plan-label")) == "vráceno"
    assert text(found.select_one(".zo-plan-note")) == "Poznámka pro tým: C1 pluje na útesy."
    assert text(found.select_one(".zo-plan-caption")) == "Vrácený týmu; tým ho zatím znovu neodevzdal:"


def test_a_plan_changed_since_the_page_showed_it_is_neither_approved_nor_sent_back(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    hand_in(game, red)
    path = url("orders", game.pk, red.pk)
    shown = section(soup(staff_client, path))
    forms = {f["action"]: {i["name"]: i.get("value", "") for i in f.find_all("input")} for f in shown("form")}
    # Meanwhile the team takes its plan back and hands in another.
    plan = TeamPlan.objects.get(round=game, team=red)
    plans.plan_withdraw(round=game, team=red, version=plan.version, by=TEAM)
    hand_in(game, red)
    changed = (
        "Plán tahu týmu Červení se změnil, když už ho vaše stránka ukazovala (tým ho vzal zpět nebo "
        "odevzdal jiný); nic se nestalo: přečtěte si ho znovu."
    )
    for action, data in forms.items():
        response = staff_client.post(action, {**data, "note": "Změňte trasu."}, follow=True)
        assert errors(response) == [changed]
        assert response.redirect_chain == [(path + "#team-plan", 302)]
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN
    assert not TeamOrders.objects.filter(round=game, team=red).exists()
    # The page as it is now approves the plan it shows.
    fresh = section(soup(staff_client, path)).find("form")
    data = {i["name"]: i.get("value", "") for i in fresh.find_all("input")}
    staff_client.post(fresh["action"], data)
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.APPROVED


def test_back_names_no_other_page_than_the_teams_own(
    staff_client: Client, game: Round, teams: list[Team], other_camp: object
) -> None:
    red = teams[0]
    hand_in(game, red)
    for data in ({"team": "999999", "back": "orders"}, {"team": str(red.pk), "back": "/evil/"}):
        response = staff_client.post(url("plan_approve", game.pk), data)
        assert response["Location"] == url("page", game.pk) + "#plans"


def test_the_form_starts_from_the_plan_and_saving_it_settles_the_plan(
    staff_client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red = teams[0]
    ship, route = legal_route(game, red)
    round_services.orders_submit(round=game, team=red, sheet=OrderSheet.typed(routes={ship: "."}))
    plan = hand_in(game, red)
    page = soup(staff_client, url("orders", game.pk, red.pk) + "?from=plan")
    assert text(page.find(id="from-plan")).startswith(
        "Formulář je vyplněný podle plánu týmu: „Uložit plán tahu“ ho uloží jako plán tahu týmu."
    )
    assert page.find("input", attrs={"name": f"route-{ship}"})["value"] == route
    assert page.find("input", attrs={"name": "v"})["value"] == "1"  # over the stored orders, knowingly
    # Without ``from=plan`` the form is the stored orders, as before.
    plain = soup(staff_client, url("orders", game.pk, red.pk))
    assert plain.find(id="from-plan") is None
    assert plain.find("input", attrs={"name": f"route-{ship}"})["value"] == "."

    corrected = f"{route} ."  # the leader's small correction
    response = staff_client.post(url("orders", game.pk, red.pk), orders_data(ship, corrected, v="1"))
    assert response.status_code == 302
    stored = TeamOrders.objects.get(round=game, team=red)
    assert (stored.version, stored.routes[ship]) == (2, f"{next(iter(plan.routes.values()))} .")
    settled = TeamPlan.objects.get(round=game, team=red)
    assert (settled.state, settled.routes) == (PlanState.DRAFT, plan.routes)  # the team's sheet kept
    assert team_plan(game, red).state == ENTERED_BY_STAFF
    entry = PlanLogEntry.objects.filter(round=game, team=red).latest("id")
    assert (entry.action, entry.user) == ("entered", staff)
    # No longer waiting: "approve all" cannot replace the correction with the plan.
    refused = staff_client.post(url("plans_approve_all", game.pk))
    assert errors(staff_client.get(refused["Location"])) == [
        f"Žádný odevzdaný plán tahu pro kolo {game.number} nečeká na schválení."
    ]
    assert TeamOrders.objects.get(round=game, team=red).version == 2


def test_the_english_page(staff_client: Client, game: Round, teams: list[Team]) -> None:
    red = teams[0]
    hand_in(game, red)
    found = section(soup(staff_client, "/en" + url("orders", game.pk, red.pk)))
    assert text(found.find("h2")) == "The team's plan"
    assert text(found.select_one(".zo-plan-label")) == "handed in (screen)"
    assert buttons(found) == ["Approve", "Send back"]
    assert text(found.find(id="plan-to-form")) == "Edit the orders starting from this plan"
    assert text(found.find(id="plan-settles")).startswith("Saving the orders below settles this plan")
