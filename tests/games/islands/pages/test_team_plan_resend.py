"""The team's plan form answers a press sent again (a phone whose connection dropped before the
answer came) as done and stores it once; a stale one is refused saying why. The phone's storage
key for its draft is a keyed digest of the link, never the token."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from camp.models import Round, Team
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanAction, PlanLogEntry, PlanState, TeamPlan
from games.islands.pages.team_plan import draft_key
from tests.games.islands.pages.helpers import HTMX, legal_route, links_on, page_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def post(link: TeamLink, data: dict[str, str]) -> str:
    response = Client().post(reverse("islands_public:team_plan", args=[link.token]), data, **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content.decode()


def done_line(html: str) -> str | None:
    found = re.search(
        r'<p class="zo-done" role="status" data-plan-done="ve? \d\d:\d\d">(.*?)</p>', html, re.S
    )
    return found.group(1) if found else None


def refused_line(html: str) -> str | None:
    found = re.search(r"data-plan-refused><p>(.*?)</p>", html, re.S)
    return found.group(1) if found else None


def test_a_hand_in_sent_twice_is_done_twice_and_stored_once(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    ship, route = legal_route(game, teams[0])
    press = {
        "action": "hand_in",
        "v": "0",
        f"route-{ship}": route,
        "build_cargo": "0",
        "build_battleship": "0",
    }
    assert done_line(post(link, press)) == "Plán je odevzdán."
    again = post(link, press)  # the same press, as the phone kept it (version 0)
    assert (
        done_line(again) == "Tento plán už k vedoucím dorazil: je uložený jednou, nic se neposlalo dvakrát."
    )
    assert refused_line(again) is None
    plan = TeamPlan.objects.get(team=teams[0])
    assert (plan.state, plan.version) == (PlanState.HANDED_IN, 1)
    assert PlanLogEntry.objects.filter(team=teams[0], action=PlanAction.HANDED_IN).count() == 1


def test_a_stale_press_sent_again_is_refused_with_the_plan_as_stored(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    ship, route = legal_route(game, teams[0])
    assert (
        done_line(post(link, {"action": "draft", "v": "0", f"route-{ship}": route})) == "Koncept je uložen."
    )
    html = post(link, {"action": "draft", "v": "0", f"route-{ship}": "J J"})  # typed offline on version 0
    assert done_line(html) is None
    assert refused_line(html) == (
        "Plán mezitím změnil někdo jiný (jiný telefon nebo vedoucí) po načtení této stránky; nic se "
        "neuložilo. Tady je plán, jak je teď."
    )
    assert "data-plan-stale" in html
    plan = TeamPlan.objects.get(team=teams[0])
    assert plan.version == 1  # the newer plan is kept
    assert PlanLogEntry.objects.filter(team=teams[0]).count() == 1


def test_the_phones_key_is_a_digest_of_the_link_not_the_token(game: Round, teams: list[Team]) -> None:
    links = links_on(game.camp)
    red, blue = links[teams[0].name], links[teams[1].name]
    html = Client().get(page_url(red)).content.decode()
    found = re.search(r'data-plan-key="([0-9a-f]+)" data-plan-round="(\d+)"', html)
    assert found is not None and found.groups() == (draft_key(red), str(game.number))
    assert red.token not in found.group(1) and red.token[:6] not in found.group(1)
    assert draft_key(red) != draft_key(blue)
    with override_settings(SECRET_KEY="another-laptop-" + "x" * 40):  # keyed: not the token's bare hash
        assert draft_key(red) != found.group(1)
