"""The plan's state on a team's page, live (``/tym/<token>/plan/stav/``, polled like the map): 204
while nothing the team may see of its plan changed, the new state line and its notice when staff
return or approve the plan, the deadline passes or staff reopen it; the team's own press brings the
new version with it; the fresh form from ``/tym/<token>/plan/formular/``; its secrecy by bytes
(hidden data and another team's plan change nothing of it); links that do not work."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp.caches.version import public_version_bump
from camp.models import Round, Team
from games.islands.models.board import BoardHex, Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from tests.games.islands.pages.helpers import HTMX, legal_route, links_on, page_url, store_all

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def watch_url(link: TeamLink) -> str:
    return reverse("islands_public:team_plan_watch", args=[link.token])


def form_url(link: TeamLink) -> str:
    return reverse("islands_public:team_plan_form", args=[link.token])


def watch_of(content: bytes) -> str:
    """The ``#plan-watch`` element of a page or a fragment."""
    found = re.search(r'<div id="plan-watch".*?</div>\s*</div>', content.decode(), re.S)
    assert found is not None, content.decode()[:2000]
    return found.group(0)


def version_of(content: bytes) -> str:
    found = re.search(r'<div id="plan-watch" data-plan-watch data-version="([0-9a-f]{20})"', content.decode())
    assert found is not None
    return found.group(1)


def state_of(content: bytes) -> str:
    found = re.search(r"<p data-plan-state><strong>(.*?)</strong></p>", content.decode(), re.S)
    assert found is not None
    return found.group(1)


def shown(link: TeamLink) -> str:
    """The version the team's page shows now."""
    return version_of(Client().get(page_url(link)).content)


def poll(link: TeamLink, version: str) -> tuple[int, bytes]:
    response = Client().get(watch_url(link), {"v": version}, **HTMX)  # type: ignore[arg-type]
    return response.status_code, response.content


def press(link: TeamLink, action: str, **fields: str) -> bytes:
    """A press of the plan form as the page shows it now (its plan version)."""
    client = Client()
    page = client.get(page_url(link)).content.decode()
    version = re.search(r'name="v" value="(\d+)"', page)
    assert version is not None
    response = client.post(
        reverse("islands_public:team_plan", args=[link.token]),
        {"action": action, "v": version.group(1), **fields},
        **HTMX,  # type: ignore[arg-type]
    )
    assert response.status_code == 200
    return response.content


def route_fields(game: Round, team: Team) -> dict[str, str]:
    ship, route = legal_route(game, team)
    return {f"route-{ship}": route}


# ------------------------------------------------------------------------------------ the poll


def test_the_page_carries_the_watch_polled_at_the_map_s_pace(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    content = Client().get(page_url(link)).content
    watch = watch_of(content)
    version = version_of(content)
    polled = 'data-hx-trigger="every 10000ms, zo-shown" data-zo-poll'
    assert f'data-hx-get="{watch_url(link)}?v={version}" {polled}' in watch
    assert state_of(content) == "zatím nic"
    assert "data-changed" not in watch and "data-plan-changed" not in watch  # no notice on the page
    assert poll(link, version) == (204, b"")


@pytest.mark.parametrize(
    ("change", "state", "notice"),
    [
        (
            lambda game, team, leader: plans.plan_return(
                round=game, team=team, note="Doplňte palbu", user=leader
            ),
            "vráceno: Doplňte palbu",
            "Vedoucí mezitím plán vrátili.",
        ),
        (
            lambda game, team, leader: plans.plan_approve(round=game, team=team, user=leader),
            "schváleno",
            "Vedoucí mezitím plán schválili.",
        ),
        (
            lambda game, team, leader: plans.plans_deadline_set(
                round=game, due=timezone.now() - timedelta(minutes=1), user=leader, confirmed=True
            ),
            "odevzdáno (obrazovka)",  # handed in before the deadline: it stays so
            None,
        ),
    ],
    ids=["returned", "approved", "deadline"],
)
def test_staff_s_answer_to_a_handed_in_plan_reaches_the_poll(
    game: Round,
    teams: list[Team],
    leader: object,
    change: Callable[[Round, Team, object], object],
    state: str,
    notice: str | None,
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    press(link, "hand_in", **route_fields(game, red))
    version = shown(link)
    change(game, red, leader)
    status, content = poll(link, version)
    assert status == 200
    assert state_of(content) == state
    if notice is None:  # no write the team sees: the buttons changed (no "Vzít zpět" after the deadline)
        assert 'data-withdrawable="0"' in content.decode()
    else:
        assert (
            f"<p><strong>{notice}</strong> Co jste napsali, zůstává ve formuláři níže.</p>"
            in content.decode()
        )
    assert b"data-changed" in content and b"<html" not in content
    assert f'data-hx-get="{form_url(link)}" data-hx-target="#team-plan"'.encode() in content
    assert poll(link, version_of(content)) == (204, b"")  # the new version holds still


def test_the_deadline_passing_and_staff_reopening_reach_the_poll(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    press(link, "draft", build_cargo="1")
    version = shown(link)
    plans.plans_deadline_set(
        round=game, due=timezone.now() - timedelta(seconds=1), user=leader, confirmed=True
    )
    status, content = poll(link, version)
    assert status == 200 and state_of(content) == "uzavřeno"
    assert "<strong>Odevzdávání se mezitím uzavřelo: plán už změnit nejde.</strong>" in content.decode()
    assert 'data-writable="0"' in content.decode()
    closed = version_of(content)
    plans.plan_reopen(round=game, team=red, user=leader)
    status, content = poll(link, closed)
    assert status == 200 and state_of(content).startswith("koncept uložen ")
    assert 'data-writable="1"' in content.decode()


def due_of(content: bytes) -> str | None:
    found = re.search(r'<p class="quiet" data-plan-due>(.*?)</p>', content.decode())
    return None if found is None else found.group(1)


def test_the_page_shows_the_hand_in_deadline_and_a_reopening_for_the_team(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    assert due_of(Client().get(page_url(links[red.name])).content) is None  # no deadline: no line
    due = timezone.localtime(timezone.now() + timedelta(hours=1))
    plans.plans_deadline_set(round=game, due=due, user=leader)
    content = Client().get(page_url(links[red.name])).content
    assert due_of(content) == f"odevzdání do {due:%H:%M}"
    past = timezone.localtime(timezone.now() - timedelta(minutes=5))
    plans.plans_deadline_set(round=game, due=past, user=leader, confirmed=True)
    plans.plan_reopen(round=game, team=red, user=leader)
    assert due_of(Client().get(page_url(links[red.name])).content) == (
        f"odevzdání do {past:%H:%M} (vašemu týmu znovu otevřeno)"
    )
    blue_page = Client().get(page_url(links[blue.name])).content
    assert due_of(blue_page) == f"odevzdání do {past:%H:%M}"  # another team's reopening is not blue's
    assert state_of(blue_page) == "uzavřeno"


def test_orders_staff_type_and_a_paper_plan_reach_the_poll(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    version = shown(link)
    plans.plan_paper_received(round=game, team=red, user=leader)
    status, content = poll(link, version)
    assert status == 200 and "Vedoucí mezitím převzali váš plán na papíře." in content.decode()
    version = version_of(content)
    ship, route = legal_route(game, red)
    round_services.orders_submit(round=game, team=red, sheet=OrderSheet.typed(routes={ship: route}))
    status, content = poll(link, version)
    assert status == 200 and state_of(content) in ("plán zadali vedoucí", "schváleno")
    version = version_of(content)
    stored = round_services.orders_submit(
        round=game,
        team=red,
        sheet=OrderSheet.typed(routes={ship: "."}),
        version=TeamOrders.objects.get(round=game, team=red).version,
    )
    assert stored.routes == {ship: "."}
    assert poll(link, version)[0] == 200  # typed again: the form would start from other orders


def test_the_team_s_own_press_brings_the_new_version_with_it(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    saved = press(link, "draft", build_cargo="1")
    assert "data-plan-done" in saved.decode()
    assert "data-changed" not in watch_of(saved)  # one's own save is no news
    assert poll(link, version_of(saved)) == (204, b"")
    handed = press(link, "hand_in", **route_fields(game, red))
    assert poll(link, version_of(handed)) == (204, b"")


def test_a_refused_press_marks_the_form_as_typed(game: Round, teams: list[Team]) -> None:
    """Its text is what was typed, not the stored plan: the page must not load the stored one over it."""
    link = links_on(game.camp)[teams[0].name]
    refused = press(link, "hand_in", **{"route-C1": "S ?"})
    assert "data-plan-refused" in refused.decode()
    assert re.search(r'<div id="plan-watch" [^>]* data-typed\b', watch_of(refused))
    saved = press(link, "draft", build_cargo="1")
    assert "data-typed" not in watch_of(saved)


def test_the_fresh_form_is_the_plan_as_stored(game: Round, teams: list[Team], leader: object) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    ((field, route),) = route_fields(game, red).items()
    press(link, "hand_in", **{field: route})
    plans.plan_return(round=game, team=red, note="Jinou trasu", user=leader)
    response = Client().get(form_url(link), **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    content = response.content.decode()
    assert content.lstrip().startswith('<section id="team-plan" class="zo-plan" data-plan data-plan-key="')
    assert f'data-plan-round="{game.number}">' in content.split("\n", 2)[1]
    assert state_of(response.content) == "vráceno: Jinou trasu"
    assert f'name="{field}" value="{route}"' in content
    assert 'value="hand_in">Odevzdat plán</button>' in content
    assert "data-changed" not in watch_of(response.content)
    assert 'name="csrfmiddlewaretoken"' in content  # the form posts as the page's does


def test_plain_visits_of_the_poll_and_the_form_go_to_the_page(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    for url in (watch_url(link), form_url(link)):
        response = Client().get(url)
        assert response.status_code == 302 and response["Location"] == page_url(link)
        assert Client().post(url, {"v": "1"}, **HTMX).status_code == 405  # type: ignore[arg-type]


def test_the_round_resolved_the_form_goes_and_the_watch_stays_for_the_next_round(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    version = shown(link)
    store_all(game, teams)
    round_services.round_resolve(round=game)
    status, content = poll(link, version)
    assert status == 200
    assert "<strong>Kolo už není otevřené pro plány tahu: plán už změnit nejde.</strong>" in content.decode()
    assert b"data-plan-state" not in content
    page = Client().get(page_url(link)).content.decode()
    section = re.search(r'<section id="team-plan"[^>]*>', page)
    assert section is not None and section.group(0).endswith(" hidden>")  # only the watch in it
    assert "<form" not in page.split('<section id="team-plan"')[1].split("</section>")[0]
    assert poll(link, version_of(page.encode())) == (204, b"")
    fresh = Client().get(form_url(link), **HTMX).content.decode()  # type: ignore[arg-type]
    assert fresh.lstrip().startswith('<section id="team-plan" class="zo-plan" data-plan hidden>')


def test_a_poll_reads_a_handful_of_rows(
    game: Round, teams: list[Team], django_assert_max_num_queries
) -> None:  # type: ignore[no-untyped-def]
    link = links_on(game.camp)[teams[0].name]
    version = shown(link)
    # (the link, round, plan, orders and deadline; the placements and ships that say "nemá tah")
    with django_assert_max_num_queries(7):
        assert poll(link, version) == (204, b"")


# ------------------------------------------------------------------------------------ secrecy


def test_the_watch_is_the_same_whatever_is_hidden_or_another_team_plans(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    link = links[red.name]
    press(link, "draft", build_cargo="1")
    version = shown(link)
    before = poll(link, "0" * 20)

    hidden = BoardHex.objects.filter(camp=game.camp, revealed=False).order_by("q", "r").first()
    assert hidden is not None
    BoardHex.objects.filter(pk=hidden.pk).update(
        tile="treasure" if hidden.tile != "treasure" else "reefs", chests=3
    )
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11, "P2": ["S"] * 11})
    Ship.objects.filter(team=blue).update(chests=1)
    press(links[blue.name], "draft", build_cargo="1")  # another team's draft, hand-in and its answer
    press(links[blue.name], "hand_in", **route_fields(game, blue))
    plans.plan_return(round=game, team=blue, note="Modří: jinak", user=leader)
    press(links[blue.name], "hand_in", **route_fields(game, blue))
    plans.plan_approve(round=game, team=blue, user=leader)
    ship, route = legal_route(game, teams[2], strict=False)  # a third team's orders typed by staff
    round_services.orders_submit(round=game, team=teams[2], sheet=OrderSheet.typed(routes={ship: route}))
    plans.plan_reopen(round=game, team=blue, user=leader)
    public_version_bump(camp=game.camp)

    assert poll(link, "0" * 20) == before
    assert poll(link, version) == (204, b"")
    assert TeamPlan.objects.get(round=game, team=blue).state == PlanState.APPROVED

    # The control: the team's own plan does change it.
    plans.plan_paper_received(round=game, team=red, user=leader)
    assert poll(link, version)[0] == 200


# ------------------------------------------------------------------------------------ links


def test_unknown_revoked_and_switched_off_links_get_the_not_found_page(
    game: Round, teams: list[Team]
) -> None:
    link = links_on(game.camp)[teams[0].name]
    missing = Client().get(reverse("islands_public:team", args=["x" * 43])).content
    for name in ("islands_public:team_plan_watch", "islands_public:team_plan_form"):
        response = Client().get(reverse(name, args=["x" * 43]), **HTMX)  # type: ignore[arg-type]
        assert response.status_code == 404 and response.content == missing
    link_services.team_link_revoke(link=link)
    for url in (watch_url(link), form_url(link)):
        for headers in (HTMX, {}):
            response = Client().get(url, {"v": "0"}, **headers)  # type: ignore[arg-type]
            assert response.status_code == 404 and response.content == missing
