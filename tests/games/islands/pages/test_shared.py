"""What every staff round page shares: the login, the page and its htmx fragment, POST-only
steps, and query counts that do not grow with the rounds played."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands.demo import demo_play
from games.islands.models.rounds import TeamOrders
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import (
    HTMX,
    legal_route,
    orders_data,
    url,
)


def page_urls(round_: Round, team: Team) -> dict[str, str]:
    return {
        "page": url("page", round_.pk),
        "orders": url("orders", round_.pk, team.pk),
        "resolve": url("resolve", round_.pk),
        "after": url("after", round_.pk),
        "undo": url("undo", round_.pk),
        "import": url("import"),
        "standings": url("standings", round_.camp_id),
    }


FRAGMENTS = {
    "page": 'id="checklist"',
    "orders": 'id="editor"',
    "resolve": 'id="preview"',
    "after": 'id="telescopes"',
    "undo": 'id="confirm"',
    "import": 'id="result"',
    "standings": 'id="standings"',
}


@pytest.mark.parametrize("name", sorted(FRAGMENTS) + ["open", "close", "export"])
def test_anonymous_is_sent_to_login(client: Client, game: Round, teams: list[Team], name: str) -> None:
    target = page_urls(game, teams[0]).get(name) or url(name, game.pk)
    for method in (client.get, client.post):
        response = method(target)
        assert response.status_code == 302
        assert reverse("admin:login") in response["Location"]
    assert not TeamOrders.objects.filter(round=game).exists()
    assert Round.objects.get(pk=game.pk).status == RoundStatus.ORDERS_OPEN


@pytest.mark.parametrize("name", sorted(FRAGMENTS))
def test_full_page_and_htmx_fragment(staff_client: Client, game: Round, teams: list[Team], name: str) -> None:
    target = page_urls(game, teams[0])[name]
    if name == "after":
        target = url("after", Round.objects.get(camp=game.camp, number=1).pk)
    response = staff_client.get(target)
    html = response.content.decode()
    assert response.status_code == 200, html[:2000]
    assert "<html" in html and FRAGMENTS[name] in html
    response = staff_client.get(target, **HTMX)
    fragment = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in fragment and "<body" not in fragment
    assert fragment.lstrip().startswith("<") and FRAGMENTS[name] in fragment.split(">", 1)[0] + ">"


def test_get_on_a_post_only_url_is_refused(staff_client: Client, game: Round) -> None:
    assert staff_client.get(url("open", game.pk)).status_code == 405
    assert staff_client.get(url("close", game.pk)).status_code == 405


def _queries(client: Client, target: str, method: str = "get", data: Any = None, **extra: Any) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(target, data or {}, **extra)
    assert response.status_code in (200, 302), response.content[:500]
    return len(ctx.captured_queries)


def _counts(client: Client, round_: Round, team: Team, closed: Round) -> dict[str, int]:
    ship, route = legal_route(round_, team, strict=False)
    return {
        "page": _queries(client, url("page", round_.pk)),
        "orders": _queries(client, url("orders", round_.pk, team.pk)),
        "check": _queries(
            client, url("orders", round_.pk, team.pk), "post", orders_data(ship, route), **HTMX
        ),
        "click": _queries(
            client,
            url("orders", round_.pk, team.pk),
            "get",
            orders_data(ship, route, mode=ship, hex="A1"),
            **HTMX,
        ),
        "resolve": _queries(client, url("resolve", round_.pk)),
        "after": _queries(client, url("after", closed.pk)),
        "undo": _queries(client, url("undo", closed.pk)),
        "standings": _queries(client, url("standings", round_.camp_id)),
        "public": _queries(client, reverse("islands_public:notice_board", args=[round_.camp_id])),
    }


MAX_QUERIES = 30


def test_query_counts_do_not_grow_with_rounds(staff_client: Client, db: None) -> None:
    counts = []
    for rounds, name in ((1, "A"), (15, "B")):
        camp = camp_services.camp_create(name=f"Tábor {name}", year=2026, run_number=rounds, board_side=7)
        teams = [camp_services.team_create(camp=camp, name=f"{name}{i}", colour="#123456") for i in range(3)]
        Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED + rounds)
        camp.refresh_from_db()
        demo_play(camp, rounds=rounds, open_next=True)
        open_round = Round.objects.get(camp=camp, number=rounds + 1)
        closed = Round.objects.get(camp=camp, number=rounds)
        counts.append(_counts(staff_client, open_round, teams[0], closed))
    for name, n in counts[0].items():
        assert n <= MAX_QUERIES, (name, n)
    assert counts[0] == counts[1]
