"""The hand-in panel, the notice board and the team's own page show a team with nothing to do as
handed in ("nemá tah"), staff undo that and take the undo back with a button; the resolve page
names such teams apart from those that handed in nothing. The deadline form asks before a deadline
already past (or now) closes the hand-in for every team, and applies it only on the question's own
submit."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager

import time_machine
from bs4 import BeautifulSoup, Tag
from django.test import Client
from django.utils import timezone

from camp import services as camp_services
from camp.models import Round, Team
from games.islands.models.plans import TeamPlan
from games.islands.models.rounds import IslandsRound
from tests.games.islands.pages.helpers import HTMX, links_on, page_url, store_all, url
from tests.games.islands.pages.test_notice_board_plans import board, lines, projector_lines
from tests.games.islands.pages.test_round_plans import panel, row, text
from tests.games.islands.pages.test_team_plan_form import state_of as team_state
from tests.pages import messages


def without(game: Round, teams: list[Team], absent: Team) -> None:
    """``absent`` did not take part in the round's mini-game: 0 AP (and it has no battleship)."""
    ranks: dict[int, int | None] = {t.pk: i for i, t in enumerate((t for t in teams if t != absent), 1)}
    ranks[absent.pk] = None
    camp_services.placements_record(round=game, ranks=ranks)


def state_of(section: Tag, team: Team) -> tuple[str, str]:
    found = row(section, team)
    return str(found["data-state"]), text(found.select_one(".zo-plan-label"))


def test_the_panel_marks_nothing_to_do_and_staff_undo_it_and_back(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, _blue, green = teams
    without(game, teams, green)
    section = panel(staff_client.get(url("page", game.pk)).content.decode())
    assert state_of(section, green) == ("nothing", "nemá tah (počítá se jako odevzdáno)")
    assert state_of(section, red) == ("none", "zatím nic")
    assert row(section, red).find("button", attrs={"name": "nothing_undo"}) is None  # it has AP
    button = row(section, green).find("button", attrs={"name": "nothing_undo"})
    assert button is not None and text(button) == "Přesto čekat na plán"

    response = staff_client.post(url("plan_nothing_undo", game.pk), {"team": str(green.pk)}, **HTMX)
    section = panel(response.content.decode())
    assert text(section.select_one(".zo-plans-done")) == "Tým Zelení má plán tahu přece jen odevzdat."
    assert state_of(section, green) == ("none", "zatím nic")
    assert text(row(section, green).select_one(".zo-plan-expected")) == "(nemá tah, ale plán se čeká)"
    restore = row(section, green).find("button", attrs={"name": "nothing_restore"})
    assert restore is not None and text(restore) == "Zase počítat jako odevzdané"

    response = staff_client.post(url("plan_nothing_restore", game.pk), {"team": str(green.pk)}, follow=True)
    assert messages(response, "success") == ["Tým Zelení se znovu počítá jako odevzdaný, dokud nemá tah."]
    assert state_of(panel(response.content.decode()), green)[0] == "nothing"
    response = staff_client.post(url("plan_nothing_undo", game.pk), {"team": str(red.pk)}, **HTMX)
    refused = [text(li) for li in panel(response.content.decode()).select(".zo-plans-refused li")]
    assert refused == ["Tým Červení se nepočítá jako odevzdaný kvůli tomu, že nemá tah: není co rušit."]


def test_the_team_s_own_page_reads_nothing_to_do_as_the_board_does(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """The phone says what the notice board says, and the team may still hand in a plan."""
    red, _blue, green = teams
    links = links_on(game.camp)
    # (reversed now: after an English page the test's thread would reverse them with /en/)
    green_page, red_page = page_url(links[green.name]), page_url(links[red.name])
    without(game, teams, green)
    page = Client().get(green_page).content
    assert team_state(page) == "nemá tah (počítá se jako odevzdáno)"
    assert 'value="hand_in">Odevzdat plán</button>' in page.decode()
    assert team_state(Client().get(red_page).content) == "zatím nic"  # it has AP
    staff_client.post(url("plan_nothing_undo", game.pk), {"team": str(green.pk)})
    assert team_state(Client().get(green_page).content) == "zatím nic"
    staff_client.post(url("plan_nothing_restore", game.pk), {"team": str(green.pk)})
    english = Client().get("/en" + green_page).content
    assert team_state(english) == "nothing to do (counts as handed in)"


def test_the_board_reads_nothing_to_do_and_after_the_undo_not_handed_in(
    client: Client, staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue, green = teams
    assert lines(board(client, game.camp_id))[green.name] == "neodevzdáno"
    without(game, teams, green)
    expected = {red.name: "neodevzdáno", blue.name: "neodevzdáno", green.name: "✓ nemá tah"}
    assert lines(board(client, game.camp_id)) == expected
    assert lines(board(client, game.camp_id, language="en"))[green.name] == "✓ nothing to do"
    assert projector_lines(board(client, game.camp_id, "?projektor"))[green.name] == "✓ nemá tah"
    staff_client.post(url("plan_nothing_undo", game.pk), {"team": str(green.pk)})
    assert lines(board(client, game.camp_id))[green.name] == "neodevzdáno"
    assert projector_lines(board(client, game.camp_id, "?projektor"))[green.name] == "– neodevzdáno"


def test_the_resolve_preview_names_teams_with_nothing_to_do_apart(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue, green = teams
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert BeautifulSoup(html, "html.parser").find(id="nothing-to-do") is None
    without(game, teams, green)
    soup = BeautifulSoup(staff_client.get(url("resolve", game.pk)).content.decode(), "html.parser")
    assert text(soup.find(id="nothing-to-do")) == (
        "Toto kolo nemají tah (žádné AB, žádná bitevní loď na moři), vyhodnotí se s prázdným plánem: Zelení."
    )
    missing = soup.select_one("p.zo-bad")
    assert missing is not None and green.name not in text(missing) and red.name in text(missing)


def test_the_checklist_needs_no_orders_of_a_team_with_nothing_to_do(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    red, blue, green = teams
    without(game, teams, green)

    def typing_step() -> tuple[Tag, str]:
        soup = BeautifulSoup(staff_client.get(url("page", game.pk)).content.decode(), "html.parser")
        step = next(li for li in soup.select("ol.zo-checklist > li") if li.select("ul.zo-teamlist"))
        return step, text(step.find("span", class_="zo-note", recursive=False))

    step, hint = typing_step()
    assert hint == "(uloženo 0 z 3, 1 nemá tah)"
    notes = {text(li.find("a")): text(li.select_one(".zo-note")) for li in step.select("ul.zo-teamlist li")}
    assert notes == {red.name: "14 AB", blue.name: "11 AB", green.name: "0 AB · nemá tah"}
    assert "done" not in step["class"]
    store_all(game, [red, blue])
    step, hint = typing_step()
    assert hint == "(uloženo 2 z 3, 1 nemá tah)"
    assert "done" in step["class"]  # green's empty orders need no typing
    staff_client.post(url("plan_nothing_undo", game.pk), {"team": str(green.pk)})
    step, hint = typing_step()
    assert hint == "(uloženo 2 z 3)" and "done" not in step["class"]  # its plan is expected again


# ------------------------------------------------------------------------------------ a deadline in the past


def _today(hour: int, minute: int, second: int = 0, micro: int = 0) -> dt.datetime:
    return timezone.make_aware(
        dt.datetime.combine(timezone.localdate(), dt.time(hour, minute, second, micro))
    )


def _due(game: Round) -> dt.datetime | None:
    return IslandsRound.objects.get(round=game).plans_due_at


@contextmanager
def at(moment: dt.datetime, client: Client, user: object) -> Iterator[None]:
    """The clock stands at ``moment``; ``client`` logs in then (a login of the real now may have
    expired by the evening)."""
    with time_machine.travel(moment, tick=False):
        client.force_login(user)  # type: ignore[arg-type]
        yield


def test_a_deadline_a_moment_ahead_is_set_at_once(staff_client: Client, staff: object, game: Round) -> None:
    with at(_today(19, 29, 59, 999999), staff_client, staff):
        response = staff_client.post(url("plans_deadline", game.pk), {"due": "19:30"}, **HTMX)
        section = panel(response.content.decode())
    assert section.find(id="plans-deadline-confirm") is None
    assert text(section.select_one(".zo-plans-done")) == "Plány tahu se odevzdávají do 19:30."
    assert _due(game) == _today(19, 30)


def test_a_deadline_now_asks_and_only_the_answer_sets_it(
    staff_client: Client, staff: object, game: Round
) -> None:
    with at(_today(19, 30), staff_client, staff):
        response = staff_client.post(url("plans_deadline", game.pk), {"due": "19:30"}, **HTMX)
        section = panel(response.content.decode())
        question = section.find(id="plans-deadline-confirm")
        assert isinstance(question, Tag)
        assert text(question.find("strong")) == "Termín už minul — uzavřít odevzdávání všem týmům hned?"
        assert _due(game) is None  # asked, nothing set
        assert section.select_one(".zo-plans-done") is None and not section.select(".zo-plans-refused li")
        form = question.find("form")
        assert isinstance(form, Tag)
        answer = {i["name"]: i["value"] for i in form.find_all("input") if i["name"] != "csrfmiddlewaretoken"}
        assert answer == {"due": "19:30", "confirm": "1"}
        assert text(form.find("button")) == "Ano, uzavřít odevzdávání (19:30)"
        response = staff_client.post(url("plans_deadline", game.pk), answer, **HTMX)
        section = panel(response.content.decode())
    assert _due(game) == _today(19, 30)
    assert section.find(id="plans-deadline-confirm") is None
    assert text(section.select_one(".zo-plans-done")) == (
        "Plány tahu se odevzdávaly do 19:30: odevzdávání je teď pro všechny týmy uzavřené."
    )


def test_a_plain_post_of_a_past_deadline_shows_the_question_on_the_round_page(
    staff_client: Client, staff: object, game: Round, teams: list[Team]
) -> None:
    with at(_today(21, 5), staff_client, staff):
        response = staff_client.post(url("plans_deadline", game.pk), {"due": "21:00"})
        assert response.status_code == 302
        assert response["Location"] == url("page", game.pk) + "?deadline=21%3A00#plans-deadline-confirm"
        page = staff_client.get(response["Location"].split("#")[0]).content.decode()
        question = panel(page).find(id="plans-deadline-confirm")
        assert isinstance(question, Tag)
        assert question.find("input", attrs={"name": "due"})["value"] == "21:00"
        # A question in the address about a deadline still to come asks nothing.
        later = panel(staff_client.get(url("page", game.pk) + "?deadline=22:00").content.decode())
        assert later.find(id="plans-deadline-confirm") is None
    assert _due(game) is None
    assert not TeamPlan.objects.filter(round=game).exists()
