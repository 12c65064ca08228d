"""The staff's "Papírový plán" page: the code typed (any case, with or without dashes) or the QR
code's address opens the team's order page of the round; a wrong code is named on the page in
Czech (a typo, another camp run's, a round not open), opens nothing and changes nothing; only staff
who may enter orders use it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from camp.models import Round, Team
from games.islands.engine.paper_code import PaperCode
from games.islands.models.plans import PlanAction, PlanBy, PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.paper import paper_code
from games.islands.services import plans

PAGE = "/admin/islands/islandsround/paper/"


def problems_of(html: str) -> list[str]:
    box = re.search(r'<div class="errornote" id="paper-problems" role="alert">(.*?)</div>', html, re.S)
    assert box, "no problems shown"
    return [p.strip() for p in re.findall(r"<li>(.*?)</li>", box.group(1), re.S)]


def test_the_page_has_the_code_field_and_the_camera_script(staff_client: Client) -> None:
    assert reverse("admin:islands_round_paper") == PAGE
    response = staff_client.get(PAGE)
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(
        r'<form method="post" action="/admin/islands/islandsround/paper/" id="paper-form">', html
    )
    assert re.search(r'<input type="text" name="code" id="paper-code" value=""', html)
    assert '<script src="/static/js/zo-paper.js" defer></script>' in html
    assert 'id="paper-problems"' not in html  # nothing asked yet: no error


@pytest.mark.parametrize("way", ["printed", "typed", "qr"])
def test_a_posted_code_opens_the_teams_order_page(
    game: Round, teams: list[Team], staff_client: Client, way: str
) -> None:
    team = teams[1]
    code = str(paper_code(camp=game.camp, team=team, round_number=game.number))
    typed = {
        "printed": code,
        "typed": code.lower().replace("-", ""),
        "qr": f"http://192.168.1.10:8000{PAGE}?code={code}",  # the camera read the whole address
    }
    response = staff_client.post(PAGE, {"code": typed[way]})
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:islands_round_orders", args=[game.pk, team.pk])
    page = staff_client.get(response["Location"])
    assert f"Papírový plán týmu {team.name} na 2. kolo: zadejte ho a uložte." in page.content.decode()


def test_a_posted_code_records_the_plan_as_handed_in_on_paper(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    """The plan reads "handed in (paper)" once its code is posted (a GET writes nothing); a plan the
    team already handed in on screen is not overwritten: the page says why and opens nothing."""
    paper_team, screen_team = teams[0], teams[1]
    code = str(paper_code(camp=game.camp, team=paper_team, round_number=game.number))
    staff_client.get(f"{PAGE}?code={code}")
    assert not TeamPlan.objects.filter(round=game, team=paper_team).exclude(state=PlanState.NONE).exists()
    assert staff_client.post(PAGE, {"code": code}).status_code == 302
    plan = TeamPlan.objects.get(round=game, team=paper_team)
    assert plan.state == PlanState.PAPER and plan.handed_in_by == PlanBy.STAFF
    assert [e.action for e in PlanLogEntry.objects.filter(round=game, team=paper_team)] == [PlanAction.PAPER]
    sheet = OrderSheet.typed(routes={"C1": "."})
    plans.plan_hand_in(round=game, team=screen_team, sheet=sheet, version=0, by=plans.BY_TEAM)
    other = str(paper_code(camp=game.camp, team=screen_team, round_number=game.number))
    response = staff_client.post(PAGE, {"code": other})
    assert response.status_code == 200
    assert problems_of(response.content.decode()) == [
        f"Tým {screen_team.name} už odevzdal plán tahu na obrazovce; nejdřív ho schvalte nebo vraťte."
    ]
    assert TeamPlan.objects.get(round=game, team=screen_team).state == PlanState.HANDED_IN


def test_the_qr_codes_address_shows_whose_plan_it_is_and_opens_it(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    """Opened from the QR code (a GET: it writes nothing, a phone may open it ahead), the page names
    the team and the round, and its one button posts the code."""
    team = teams[0]
    code = str(paper_code(camp=game.camp, team=team, round_number=game.number))
    response = staff_client.get(f"{PAGE}?code={code}")
    assert response.status_code == 200
    html = response.content.decode()
    opener = re.search(r'<form method="post" action="([^"]+)" id="paper-open".*?</form>', html, re.S)
    assert opener and opener.group(1) == PAGE
    assert f'<input type="hidden" name="code" value="{code}">' in opener.group(0)
    assert f"<strong>Plán týmu {team.name} na 2. kolo (kód {code}).</strong>" in opener.group(0)
    posted = staff_client.post(PAGE, {"code": code})
    assert posted["Location"] == reverse("admin:islands_round_orders", args=[game.pk, team.pk])


def test_wrong_codes_are_named_and_change_nothing(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    letters = paper_code(camp=game.camp, team=teams[0], round_number=game.number).letters
    typo = letters[:-1] + ("2" if letters[-1] != "2" else "3")
    foreign = PaperCode.make(camp="elsewhere", team=1, round_number=game.number, secret=b"x")
    shut = paper_code(camp=game.camp, team=teams[0], round_number=1)
    stored = list(TeamOrders.objects.values_list("pk", "version"))
    cases = {
        typo: "Kód má překlep: jeho znaky nesedí. Přečtěte ho z plánu tahu znovu.",
        str(foreign): "Tento kód není z plánů tohoto notebooku: byl vytištěn pro jiný běh tábora nebo na "
        "jiném notebooku. Nic se neotevřelo.",
        str(shut): f"Kód je plán týmu {teams[0].name} na 1. kolo tábora {game.camp}, to kolo je ale ve stavu "
        "„uzavřeno“: papírové plány se přijímají, jen dokud se v kole odevzdávají plány tahu.",
        "": "Opište kód z plánu tahu, např. ZO-4K7P-Q2XM.",
    }
    for typed, message in cases.items():
        for method in (staff_client.get, staff_client.post):
            response = method(PAGE, {"code": typed})
            assert response.status_code == 200, typed
            html = response.content.decode()
            assert problems_of(html) == [message], typed
            assert 'aria-invalid="true"' in html
            assert 'id="paper-open"' not in html  # nothing to open
    assert list(TeamOrders.objects.values_list("pk", "version")) == stored


def test_junk_never_fails(db: None, staff_client: Client) -> None:
    for junk in ("\x00", "ZO-" + "Z" * 29 + "2", "ž" * 500, "code=", "ZO-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZ"):
        for method in (staff_client.get, staff_client.post):
            response = method(PAGE, {"code": junk})
            assert response.status_code == 200, junk
            assert problems_of(response.content.decode())


def test_only_staff_who_enter_orders_use_it(game: Round, teams: list[Team]) -> None:
    viewer = get_user_model().objects.create_user("divak", password="heslo-heslo-123", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client = Client()
    client.force_login(viewer)
    code = str(paper_code(camp=game.camp, team=teams[0], round_number=game.number))
    assert client.get(PAGE, {"code": code}).status_code == 403
    assert client.post(PAGE, {"code": code}).status_code == 403


def test_the_round_page_links_to_it_while_orders_are_open(game: Round, staff_client: Client) -> None:
    html = staff_client.get(reverse("admin:islands_round_page", args=[game.pk])).content.decode()
    assert (
        f'<a href="{PAGE}" id="paper-plan-link">Odevzdaný papírový plán: otevřít kódem z formuláře</a>'
        in html
    )
    closed = Round.objects.get(camp=game.camp, number=1)
    html = staff_client.get(reverse("admin:islands_round_page", args=[closed.pk])).content.decode()
    assert 'id="paper-plan-link"' not in html
