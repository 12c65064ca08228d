"""The plan form on a team's own page (``/tym/<token>/plan/``): its flows (draft, hand in, take
back, returned, deadline, stale version, problems), its refusals (no CSRF token, unknown link, bad
input) and its secrecy by bytes (another team's plan changes nothing on this team's page; a token
writes only its own team's plan)."""

from __future__ import annotations

import datetime as dt
import re
from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp.models import Camp, Round, Team
from games.islands.engine.notation import Alphabet
from games.islands.game_state import game_state
from games.islands.models.board import Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from tests.games.islands.pages.helpers import HTMX, legal_route, links_on, page_url
from tests.pages import items_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def plan_url(link: TeamLink) -> str:
    return reverse("islands_public:team_plan", args=[link.token])


def plan_section(content: bytes) -> str:
    found = re.search(r'<section id="team-plan".*?</section>', content.decode(), re.S)
    assert found is not None
    return found.group(0)


def shown_version(content: bytes) -> int:
    found = re.search(r'name="v" value="(\d+)"', content.decode())
    assert found is not None
    return int(found.group(1))


def state_of(content: bytes) -> str:
    found = re.search(r"<p data-plan-state><strong>(.*?)</strong></p>", content.decode(), re.S)
    assert found is not None
    return found.group(1)


def press(link: TeamLink, action: str, *, htmx: bool = True, **fields: str) -> bytes:
    """One press of the form's button as the page shows it now (its version unless given)."""
    client = Client()
    if "v" not in fields:
        fields["v"] = str(shown_version(client.get(page_url(link)).content))
    response = client.post(plan_url(link), {"action": action, **fields}, **(HTMX if htmx else {}))  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content


def route_fields(game: Round, team: Team) -> dict[str, str]:
    ship, route = legal_route(game, team)
    return {f"route-{ship}": route}


# ------------------------------------------------------------------------------------ flows


def test_the_form_is_prefilled_empty_and_reads_nothing_yet(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    content = Client().get(page_url(link)).content
    assert state_of(content) == "zatím nic"
    assert shown_version(content) == 0
    assert 'value="draft">Uložit koncept</button>' in plan_section(content)
    assert 'value="hand_in">Odevzdat plán</button>' in plan_section(content)
    assert "Vzít zpět" not in plan_section(content)


def test_draft_then_hand_in_then_take_back_then_hand_in_again(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    typed = route_fields(game, red)
    saved = press(link, "draft", **typed)
    plan = TeamPlan.objects.get(round=game, team=red)
    assert plan.state == PlanState.DRAFT
    at = timezone.localtime(plan.saved_at).strftime("%H:%M")
    assert state_of(saved) == f"koncept uložen {at}"
    ((field, route),) = typed.items()
    assert f'name="{field}" value="{route}"' in saved.decode()  # prefilled from the plan
    handed = press(link, "hand_in", **typed)
    assert state_of(handed) == "odevzdáno (obrazovka)"
    assert 'value="withdraw">Vzít zpět</button>' in handed.decode()
    assert "Uložit koncept" not in handed.decode()
    back = press(link, "withdraw")
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.DRAFT
    assert "Vzít zpět" not in back.decode()
    press(link, "hand_in", **typed)
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.HANDED_IN


def test_a_plain_post_redirects_back_to_the_page(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    client = Client()
    # 16:05 UTC on a July evening is 18:05 in the camp: the time the phone shows comes from here.
    with time_machine.travel(dt.datetime(2026, 7, 14, 16, 5, tzinfo=dt.UTC), tick=False):
        response = client.post(plan_url(link), {"action": "draft", "v": "0", **route_fields(game, teams[0])})
        assert response.status_code == 302
        assert response["Location"] == f"{page_url(link)}?done=1"
        shown = plan_section(client.get(response["Location"]).content)
    assert '<p class="zo-done" role="status" data-plan-done="v 18:05">Uloženo.</p>' in shown


def test_a_returned_plan_shows_the_note_and_approved_reads_approved(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    press(link, "hand_in", **route_fields(game, red))
    plans.plan_return(round=game, team=red, note="Loď 1 nesmí na útes", user=leader)
    content = Client().get(page_url(link)).content
    assert state_of(content) == "vráceno: Loď 1 nesmí na útes"
    press(link, "hand_in", **route_fields(game, red))
    plans.plan_approve(round=game, team=red, user=leader)
    content = Client().get(page_url(link)).content
    assert state_of(content) == "schváleno"
    assert "Odevzdat plán" not in plan_section(content)


def test_orders_typed_by_staff_read_entered_by_the_leaders(game: Round, teams: list[Team]) -> None:
    from games.islands.services import rounds as round_services

    red = teams[0]
    link = links_on(game.camp)[red.name]
    ship, route = legal_route(game, red)
    round_services.orders_submit(round=game, team=red, sheet=OrderSheet.typed(routes={ship: route}))
    content = Client().get(page_url(link)).content
    assert state_of(content) == "plán zadali vedoucí"
    assert f'name="route-{ship}" value="{route}"' in plan_section(content)  # the form starts from them


def test_orders_staff_typed_over_an_approved_plan_offer_no_form_the_service_would_refuse(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    typed = route_fields(game, red)
    press(link, "hand_in", **typed)
    plans.plan_approve(round=game, team=red, user=leader)
    ((field, route),) = typed.items()
    stored = TeamOrders.objects.get(round=game, team=red)
    round_services.orders_submit(
        round=game, team=red, sheet=OrderSheet.typed(routes={field[6:]: route}), version=stored.version
    )
    content = Client().get(page_url(link)).content
    assert state_of(content) == "plán zadali vedoucí"
    assert "Uložit koncept" not in plan_section(content)  # the plan stays approved: nothing to write
    assert "Odevzdat plán" not in plan_section(content)
    refused = press(link, "draft", **typed)
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.APPROVED
    assert "je schválený: už se nedá měnit" in plan_section(refused)


def test_after_the_deadline_it_reads_closed_and_a_press_is_refused(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    plans.plans_deadline_set(
        round=game, due=timezone.now() - timedelta(minutes=1), user=leader, confirmed=True
    )
    content = Client().get(page_url(link)).content
    assert state_of(content) == "uzavřeno"
    assert "Odevzdat plán" not in plan_section(content)
    refused = press(link, "hand_in", **route_fields(game, red))
    assert "Odevzdávání plánů tahu pro kolo 2 skončilo" in plan_section(refused)
    assert not TeamPlan.objects.filter(round=game, team=red).exists()


def test_two_phones_the_older_version_is_refused_showing_both(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    first = route_fields(game, red)
    press(link, "draft", v="0", **first)
    before = TeamPlan.objects.get(round=game, team=red)
    other = press(link, "draft", v="0", build_cargo="1")  # the second phone still shows version 0
    stored = TeamPlan.objects.get(round=game, team=red)
    assert (stored.version, stored.build_cargo, stored.routes) == (
        before.version,
        before.build_cargo,
        before.routes,
    )
    section = plan_section(other)
    assert "nic se neuložilo" in section.lower()
    ((field, route),) = first.items()
    stale = re.search(r"<div class=\"zo-stale\" data-plan-stale>.*?</div>", section, re.S)
    assert stale is not None and f"<dd>{route}</dd>" in stale.group(0)  # the plan as stored now …
    assert 'name="build_cargo" value="1"' in section  # … and what was typed
    assert shown_version(other) == stored.version  # the next save replaces it knowingly
    press(link, "draft", v=str(stored.version), build_cargo="1")
    assert TeamPlan.objects.get(round=game, team=red).build_cargo == "1"


def test_a_hand_in_with_problems_is_refused_listing_them(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    content = press(link, "hand_in", **{"route-C1": "S ?"})
    section = plan_section(content)
    assert "Plán nebyl odevzdán: má chyby." in section
    assert (
        "<li>Loď 1, krok 2: „?“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání</li>"
        in section
    )
    assert not TeamPlan.objects.filter(round=game, team=red).exists()


def test_a_refused_plain_post_shows_the_page_whose_poll_asks_the_team_page(
    game: Round, teams: list[Team]
) -> None:
    """The page answered at ``/plan/`` (a press without JavaScript, refused) polls the team page's own
    address: ``/plan/`` takes only posts, and its poll used to be refused there (405)."""
    link = links_on(game.camp)[teams[0].name]
    content = press(link, "hand_in", htmx=False, **{"route-C1": "S ?"}).decode()
    version = re.search(r'id="team-view" data-version="([^"]+)"', content)
    assert version is not None
    assert f'data-hx-get="{page_url(link)}?v={version.group(1)}"' in content
    assert Client().get(page_url(link), {"v": version.group(1)}, **HTMX).status_code == 204  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ refusals


def test_a_post_without_the_csrf_token_is_refused(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    client = Client(enforce_csrf_checks=True)
    response = client.post(plan_url(link), {"action": "draft", "v": "0", "build_cargo": "1"})
    assert response.status_code == 403
    assert not TeamPlan.objects.exists()
    page = client.get(page_url(link))  # with the page's token (its cookie and its field) it goes
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page.content)
    assert token is not None
    response = client.post(
        plan_url(link),
        {"action": "draft", "v": "0", "build_cargo": "1", "csrfmiddlewaretoken": token.group(1).decode()},
    )
    assert response.status_code == 302, response.content
    assert TeamPlan.objects.get().build_cargo == "1"


def test_an_unknown_or_revoked_token_gets_the_page_s_not_found(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    missing = Client().get(reverse("islands_public:team", args=["x" * 43]))
    for token in ("x" * 43, link.token):
        if token == link.token:
            link_services.team_link_revoke(link=link)
        response = Client().post(
            reverse("islands_public:team_plan", args=[token]), {"action": "draft", "v": "0"}
        )
        assert response.status_code == 404
        assert response.content == missing.content
    assert not TeamPlan.objects.exists()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"action": "explode", "v": "0"},
        {"action": "draft", "v": "²"},
        {"action": "draft", "v": "0", "build_cargo": "9" * 700},
        {"action": "draft", "v": "0", "route-Z9": "S"},
        {"action": "withdraw", "v": "0"},
        {"action": "draft", "v": "0", "build_cargo": "\x00"},  # PostgreSQL stores no NUL: refused
        {"action": "draft", "v": "0", "route-C1": "S\x00"},
    ],
)
def test_bad_input_gets_a_czech_message_and_stores_nothing(
    game: Round, teams: list[Team], data: dict[str, str]
) -> None:
    link = links_on(game.camp)[teams[0].name]
    response = Client().post(plan_url(link), data, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    refused = re.search(
        r"<div class=\"zo-refused\" role=\"alert\" data-plan-refused>(.*?)</div>",
        response.content.decode(),
        re.S,
    )
    assert refused is not None and refused.group(1).strip()
    if any("\x00" in value for value in data.values()):
        assert ": text obsahuje znak NUL (\\x00), který nelze uložit.</li>" in refused.group(1)
    assert not TeamPlan.objects.exists()


def test_the_team_comes_from_the_token_never_from_the_form(game: Round, teams: list[Team]) -> None:
    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    press(links[red.name], "draft", team=str(blue.pk), team_id=str(blue.pk), build_cargo="1")
    assert list(TeamPlan.objects.values_list("team_id", flat=True)) == [red.pk]


# ------------------------------------------------------------------------------------ secrecy


def test_another_team_s_draft_and_hand_in_change_nothing_on_this_team_s_page(
    game: Round, teams: list[Team]
) -> None:
    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    blue_page = lambda: Client().get(page_url(links[blue.name]))  # noqa: E731
    before = blue_page()
    fragment = Client().get(page_url(links[blue.name]), **HTMX).content  # type: ignore[arg-type]
    press(links[red.name], "draft", build_cargo="1")
    press(links[red.name], "hand_in", **route_fields(game, red))
    cache.clear()
    after = blue_page()
    token = rb'name="csrfmiddlewaretoken" value="[^"]+"'  # drawn anew for every response
    assert re.sub(token, b"", after.content) == re.sub(token, b"", before.content)
    assert Client().get(page_url(links[blue.name]), **HTMX).content == fragment  # type: ignore[arg-type]


def test_a_draft_never_reaches_the_notice_board(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    board = reverse("islands_public:notice_board", args=[game.camp_id])
    before, version = Client().get(board).content, camp_version(game)
    press(link, "draft", **route_fields(game, red))
    cache.clear()
    assert Client().get(board).content.replace(camp_version(game).encode(), version.encode()) == before


def camp_version(game: Round) -> str:
    return Camp.objects.values_list("public_version", flat=True).get(pk=game.camp_id)


# ------------------------------------------------------------------------------------ the live check


def check_url(link: TeamLink) -> str:
    return reverse("islands_public:team_plan_check", args=[link.token])


def live_check(link: TeamLink, **fields: str) -> bytes:
    response = Client().post(check_url(link), {"v": "0", **fields}, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content


def test_the_live_check_lists_problems_and_ap_and_stores_nothing(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = links_on(game.camp)[red.name]
    content = live_check(link, **{"route-C1": "S ?"}).decode()
    assert (
        "<li>Loď 1, krok 2: „?“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání</li>"
        in content
    )
    assert re.search(r"<p data-check-ap>AB \d+, nevyužito: \d+</p>", content)
    fine = live_check(link, **route_fields(game, red)).decode()
    assert "data-check-problems" not in fine
    assert not TeamPlan.objects.exists()


def test_the_live_check_is_the_same_whatever_is_hidden_or_another_team_plans(
    game: Round, teams: list[Team]
) -> None:
    from games.islands.models.board import BoardHex, Ship
    from games.islands.services import rounds as round_services

    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    ship, route = legal_route(game, red, explore=True)  # into a hidden hex, if it has one
    typed = {f"route-{ship}": route, "build_cargo": "1"}
    before = live_check(links[red.name], **typed)
    BoardHex.objects.filter(camp=game.camp, revealed=False).update(tile="reefs", chests=0)
    Ship.objects.filter(team=blue).update(chests=1)
    ship, route = legal_route(game, blue, strict=False)  # another team's orders
    round_services.orders_submit(round=game, team=blue, sheet=OrderSheet.typed(routes={ship: route}))
    press(links[blue.name], "draft", build_cargo="1")
    assert live_check(links[red.name], **typed) == before


def route_end(game: Round, team: Team, ship: str, route: str) -> str:
    """The label of the hex where ``ship``'s one-step ``route`` (Czech letters) ends."""
    state = game_state(game.camp, round=game)
    own = state.team(team.name)
    start = next(own.harbor if s.at is None else s.at for s in own.ships if s.id == ship)
    step = next(d for d in ("N", "NE", "SE", "S", "SW", "NW") if Alphabet.CZECH.letter(d) == route)
    return state.geometry.label(start.step(step))


def test_the_live_check_leaves_out_another_team_s_shot_at_this_team_s_route_end(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    """Blue's battleship fires (stored orders and a plan handed in) at the hex where red's route
    ends: red's own check answers the same bytes as before, while staff's check of red warns."""
    red, blue = teams[0], teams[1]
    links = links_on(game.camp)
    ship, route = legal_route(game, red)
    end = route_end(game, red, ship, route)
    typed = {f"route-{ship}": route}
    Ship.objects.create(team=blue, ident="B", kind="battleship")
    round_services.orders_submit(round=game, team=blue, sheet=OrderSheet.typed(), version=0)
    staff_check = lambda: staff_client.post(  # noqa: E731
        reverse("admin:islands_round_orders", args=[game.pk, red.pk]), {**typed, "v": "0"}, **HTMX
    )
    shot = f"Loď {ship.removeprefix('C')}: skončí v {end}, kam dopadne výstřel týmu Modří na {end}"
    assert shot not in (items_of(staff_check(), "orders-warnings") or [])
    before = live_check(links[red.name], **typed)
    assert b"data-check-warnings" in before  # the team's check lists its own warnings

    aimed = OrderSheet.typed(fire=end)
    round_services.orders_submit(round=game, team=blue, sheet=aimed, version=1)
    plans.plan_hand_in(round=game, team=blue, sheet=aimed, version=0, by=plans.BY_TEAM)
    assert TeamOrders.objects.get(round=game, team=blue).fire == end
    assert shot in (items_of(staff_check(), "orders-warnings") or [])  # staff know blue's target
    assert live_check(links[red.name], **typed) == before  # the team does not


def test_the_live_check_without_the_csrf_token_or_with_a_bad_token_is_refused(
    game: Round, teams: list[Team]
) -> None:
    link = links_on(game.camp)[teams[0].name]
    assert Client(enforce_csrf_checks=True).post(check_url(link), {"v": "0"}).status_code == 403
    unknown = reverse("islands_public:team_plan_check", args=["x" * 43])
    assert Client().post(unknown, {"v": "0"}).status_code == 404
