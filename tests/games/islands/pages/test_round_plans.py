"""The round page's hand-in panel of the teams' plans: each team's state and time, "Schválit",
"Schválit vše odevzdané", "Vrátit" with a note, the deadline and reopening for one team, the log;
htmx answers with the panel, a plain POST with the round page; permissions and CSRF."""

from __future__ import annotations

import datetime as dt
from datetime import timedelta

import time_machine
from bs4 import BeautifulSoup, Tag
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.utils import timezone

from camp.models import Round, Team
from games.islands.engine.notation import Alphabet
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import HTMX, legal_route, url
from tests.pages import errors, messages

TEAM = plans.BY_TEAM


def hand_in(game: Round, team: Team) -> TeamPlan:
    ship, route = legal_route(game, team)
    version = TeamPlan.objects.filter(round=game, team=team).values_list("version", flat=True).first() or 0
    sheet = OrderSheet.typed(routes={ship: route})
    return plans.plan_hand_in(round=game, team=team, sheet=sheet, version=version, by=TEAM)


def panel(html: str) -> Tag:
    found = BeautifulSoup(html, "html.parser").find(id="plans")
    assert isinstance(found, Tag), "the page has the hand-in panel"
    return found


def row(section: Tag, team: Team) -> Tag:
    found = section.find("tr", attrs={"data-team": str(team.pk)})
    assert isinstance(found, Tag)
    return found


def text(tag: Tag | None) -> str:
    assert tag is not None
    return " ".join(tag.get_text(" ").split())


def test_the_panel_shows_each_teams_state_and_time(
    staff_client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, green = teams
    plan = hand_in(game, red)
    plans.plan_paper_received(round=game, team=blue, user=staff)
    round_services.orders_submit(round=game, team=green, sheet=OrderSheet.typed(routes={"C1": "."}))
    section = panel(staff_client.get(url("page", game.pk)).content.decode())
    assert text(section.find("h2")) == "Plány tahu týmů"
    states = {
        t.name: (row(section, t)["data-state"], text(row(section, t).select_one(".zo-plan-label")))
        for t in teams
    }
    assert states == {
        "Červení": ("handed_in", "odevzdáno (obrazovka)"),
        "Modří": ("paper", "odevzdáno (papír)"),
        "Zelení": ("staff", "plán zadali vedoucí"),
    }
    assert text(row(section, red).select_one(".zo-plan-time")) == timezone.localtime(
        plan.handed_in_at
    ).strftime("%H:%M")
    # What "Schválit" would store, in the camp's letters, to read before pressing it.
    ship, route = next(iter(plan.routes.items()))
    czech = OrderSheet.from_plan(plan).written_in(Alphabet.CZECH).route(ship)
    assert text(row(section, red).select_one(".zo-plan-sheet")) == (
        f"nákladní lodě: 0, bitevní loď: 0 · Loď {ship.removeprefix('C')}: {czech}"
    )
    assert row(section, blue).select_one(".zo-plan-sheet") is None  # paper: nothing on screen
    # Approve only what was handed in on screen; paper is typed in on the order page; both go back.
    assert [b.get_text() for b in row(section, red).find_all("button")] == ["Schválit", "Vrátit"]
    assert [b.get_text() for b in row(section, blue).find_all("button")] == ["Vrátit"]
    assert text(row(section, blue).find("a", class_="button")) == "Zapsat"
    assert row(section, green).find("button") is None
    assert text(section.find(id="plans-approve-all")) == "Schválit vše odevzdané (1)"
    assert section.find("input", attrs={"name": "due", "placeholder": "19:30"}) is not None
    for form in section.find_all("form"):
        assert form["method"] == "post" and form.find("input", attrs={"name": "csrfmiddlewaretoken"})


def test_nothing_yet_and_a_draft(staff_client: Client, game: Round, teams: list[Team]) -> None:
    red = teams[0]
    plans.plan_save_draft(
        round=game, team=red, sheet=OrderSheet.typed(routes={"C1": "S"}), version=0, by=TEAM
    )
    section = panel(staff_client.get(url("page", game.pk)).content.decode())
    assert text(row(section, red).select_one(".zo-plan-label")) == "koncept"
    assert text(row(section, teams[1]).select_one(".zo-plan-label")) == "zatím nic"
    assert section.find(id="plans-approve-all") is None  # nothing handed in


def test_approve_one_team_with_htmx_answers_with_the_panel(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    plan = hand_in(game, red)
    response = staff_client.post(url("plan_approve", game.pk), {"team": str(red.pk)}, **HTMX)
    html = response.content.decode()
    section = panel(html)
    assert "<html" not in html  # the partial only
    assert text(section.select_one(".zo-plans-done")) == "Plán tahu týmu Červení je schválený a uložený."
    assert row(section, red)["data-state"] == "approved"
    assert text(row(section, red).select_one(".zo-plan-label")) == "schváleno"
    assert TeamOrders.objects.get(round=game, team=red).routes == plan.routes


def test_approve_all_handed_in_with_a_plain_post(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue, green = teams
    hand_in(game, red)
    hand_in(game, green)
    response = staff_client.post(url("plans_approve_all", game.pk), follow=True)
    assert messages(response, "success") == ["Schváleny a uloženy 2 plány tahu: Červení, Zelení."]
    assert set(TeamOrders.objects.filter(round=game).values_list("team__name", flat=True)) == {
        "Červení",
        "Zelení",
    }
    assert not TeamPlan.objects.filter(round=game, team=blue).exists()
    response = staff_client.post(url("plans_approve_all", game.pk), follow=True)
    assert errors(response) == ["Žádný odevzdaný plán tahu pro kolo 2 nečeká na schválení."]


def test_return_with_a_note_and_without_one(staff_client: Client, game: Round, teams: list[Team]) -> None:
    red = teams[0]
    hand_in(game, red)
    response = staff_client.post(url("plan_return", game.pk), {"team": str(red.pk), "note": " "}, **HTMX)
    section = panel(response.content.decode())
    assert [text(li) for li in section.select(".zo-plans-refused li")] == [
        "Napište týmu poznámku: co má změnit?"
    ]
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN
    note = "Loď 1 pluje na útesy."
    response = staff_client.post(url("plan_return", game.pk), {"team": str(red.pk), "note": note}, **HTMX)
    section = panel(response.content.decode())
    assert text(row(section, red).select_one(".zo-plan-note")) == f"Poznámka pro tým: {note}"
    assert TeamPlan.objects.get(round=game, team=red).note == note


def test_the_deadline_is_set_shown_refused_when_no_time_and_reopened_for_one_team(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue, green = teams
    hand_in(game, green)
    response = staff_client.post(url("plans_deadline", game.pk), {"due": "25:70"}, **HTMX)
    assert [text(li) for li in panel(response.content.decode()).select(".zo-plans-refused li")] == [
        "„25:70“ není čas: napište ho jako 19:30 (nebo pole nechte prázdné, když termín není)."
    ]
    assert IslandsRound.objects.get(round=game).plans_due_at is None
    morning = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(9, 0)))
    with time_machine.travel(morning, tick=False):  # 19:30 still to come: set at once, nothing asked
        response = staff_client.post(url("plans_deadline", game.pk), {"due": "19.30"}, follow=True)
    assert messages(response, "success") == ["Plány tahu se odevzdávají do 19:30."]
    due = timezone.localtime(IslandsRound.objects.get(round=game).plans_due_at)
    assert (due.hour, due.minute) == (19, 30)
    section = panel(response.content.decode())
    assert section.find("input", attrs={"name": "due"})["value"] == "19:30"
    assert text(section.find(id="plans-due")).startswith("odevzdání do 19:30")
    # After the deadline: "uzavřeno", and a button per team to reopen.
    IslandsRound.objects.filter(round=game).update(plans_due_at=timezone.now() - timedelta(minutes=1))
    section = panel(staff_client.get(url("page", game.pk)).content.decode())
    assert text(section.find(id="plans-due").find("strong")) == "uzavřeno"
    assert text(row(section, red).find("button", attrs={"name": "reopen"})) == "Znovu otevřít tomuto týmu"
    assert row(section, green).find("button", attrs={"name": "reopen"}) is None  # handed in already
    response = staff_client.post(url("plan_reopen", game.pk), {"team": str(red.pk)}, **HTMX)
    section = panel(response.content.decode())
    assert row(section, red).find("button", attrs={"name": "reopen"}) is None
    assert "znovu otevřeno" in text(row(section, red).select_one(".zo-plan-state"))
    assert row(section, blue).find("button", attrs={"name": "reopen"}) is not None
    assert TeamPlan.objects.get(round=game, team=red).reopened


def test_the_log_lists_who_did_what(
    staff_client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red = teams[0]
    hand_in(game, red)
    staff_client.post(url("plan_return", game.pk), {"team": str(red.pk), "note": "Znovu."})
    html = staff_client.get(url("page", game.pk)).content.decode()
    log = BeautifulSoup(html, "html.parser").find(id="plan-log")
    assert isinstance(log, Tag)
    lines = [text(li) for li in log.find_all("li")]
    assert [li["data-action"] for li in log.find_all("li")] == ["handed_in", "returned"]
    assert lines[0].endswith("Červení: odevzdáno – odkaz týmu")
    assert lines[1].endswith("Červení: vráceno „Znovu.“ – vedouci")


def test_a_team_of_another_camp_or_no_team_is_refused(
    staff_client: Client, game: Round, teams: list[Team], other_camp: object
) -> None:
    from camp import services as camp_services

    stranger = camp_services.team_create(camp=other_camp, name="Cizí", colour="#000000")  # type: ignore[arg-type]
    for data in ({"team": str(stranger.pk)}, {"team": "abc"}, {}):
        response = staff_client.post(url("plan_approve", game.pk), data, follow=True)
        assert response.status_code == 200
        assert errors(response) == ["Takový tým v tomto běhu tábora není."]


def test_the_buttons_need_the_permission_and_post_with_csrf(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    hand_in(game, red)
    reader = get_user_model().objects.create_user("cteni", password="heslo-heslo-123", is_staff=True)
    reader.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client = Client()
    client.force_login(reader)
    assert 'id="plans"' in client.get(url("page", game.pk)).content.decode()  # may read the panel
    for name, data in (
        ("plan_approve", {"team": str(red.pk)}),
        ("plans_approve_all", {}),
        ("plan_return", {"team": str(red.pk), "note": "x"}),
        ("plans_deadline", {"due": "19:30"}),
        ("plan_reopen", {"team": str(red.pk)}),
        ("plan_nothing_undo", {"team": str(red.pk)}),
        ("plan_nothing_restore", {"team": str(red.pk)}),
    ):
        assert client.post(url(name, game.pk), data).status_code == 403
        assert client.get(url(name, game.pk)).status_code in (403, 405)
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN
    superuser = get_user_model().objects.create_superuser("hlavni2", "h@example.com", "heslo-heslo-123")
    checked = Client(enforce_csrf_checks=True)
    checked.force_login(superuser)
    assert checked.post(url("plan_approve", game.pk), {"team": str(red.pk)}).status_code == 403  # no token
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN
