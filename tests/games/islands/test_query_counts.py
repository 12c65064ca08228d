"""The staff's round pages read a fixed number of rows, however many rounds were played (issue 12):
the order page, its htmx check, a map click and the resolve preview make as many queries after
three rounds as after one."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from camp import services as camp_services
from camp.caches.version import public_version_bump
from camp.models import Camp, Placement, Round
from games.islands.demo import demo_play, plan_orders, submit_orders
from games.islands.game_state import game_state
from games.islands.models.rounds import TeamOrders

pytestmark = pytest.mark.django_db


def _queries(client: Client, rounds: int) -> dict[str, int]:
    camp = camp_services.camp_create(name=f"Tábor {rounds}", year=2026, board_side=7)
    teams = [
        camp_services.team_create(camp=camp, name=name, colour=colour)
        for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3"), ("Zelení", "#229954"))
    ]
    demo_play(camp, rounds=rounds, open_next=True)
    round_ = Round.objects.get(camp=camp, number=rounds + 1)
    orders = reverse("admin:islands_round_orders", args=[round_.pk, teams[0].pk])
    data = {"build_cargo": "0", "build_battleship": "0", "harbor": "", "fire": "", "v": "0"}
    calls = {
        "order page": lambda: client.get(orders),
        "htmx check": lambda: client.post(orders, data, HTTP_HX_REQUEST="true"),
        "map click": lambda: client.get(orders, {"hex": "A1"}, HTTP_HX_REQUEST="true"),
        "resolve preview": lambda: client.get(reverse("admin:islands_round_resolve", args=[round_.pk])),
    }
    counts = {}
    for name, call in calls.items():
        assert call().status_code == 200, name  # warm: the session, the content types
        with CaptureQueriesContext(connection) as queries:
            assert call().status_code == 200, name
        counts[name] = len(queries.captured_queries)
    return counts


def test_the_round_pages_query_counts_do_not_grow_with_the_rounds_played(staff_client: Client) -> None:
    after_one = _queries(staff_client, 1)
    after_three = _queries(staff_client, 3)
    assert after_three == after_one
    assert all(n <= 25 for n in after_one.values()), after_one


def _sheets_queries(client: Client, teams: int) -> int:
    """The queries of all teams' sheets PDF printed from the round open after one round played (its
    result read: events, hints, telescopes), on a board of side 13 with ``teams`` teams."""
    camp = camp_services.camp_create(name=f"Tábor {teams} týmů", year=2026, board_side=13)
    for n in range(1, teams + 1):
        camp_services.team_create(camp=camp, name=f"Tým {n}", colour="#c0392b")
    demo_play(camp, rounds=1, open_next=True)
    round_ = Round.objects.get(camp=camp, number=2)
    url = reverse("admin:islands_round_sheets", args=[round_.pk])
    assert client.get(url).status_code == 200  # warm: the session, the content types, the fonts
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return len(queries.captured_queries)


def test_all_teams_sheets_query_count_does_not_grow_with_the_teams(staff_client: Client) -> None:
    """Issue 22: all teams' sheets read each table once, not once per team (they read the round's
    telescopes once per team before)."""
    assert _sheets_queries(staff_client, 12) == _sheets_queries(staff_client, 3)


def _after_a_change_queries(client: Client, teams: int) -> dict[str, int]:
    """The queries of the order page and the resolve preview right after a write drew a new public
    version (the state, the map and the preview built anew), on a board of side 13 with ``teams``
    teams, every one's real orders stored (the demo planner's)."""
    camp = camp_services.camp_create(name=f"Tábor {teams} týmů", year=2026, board_side=13)
    # A fixed seed: the sides are drawn from it, and on some draws no ship of 3 teams moves in round 2.
    Camp.objects.filter(pk=camp.pk).update(seed=3)
    camp.refresh_from_db()
    team_rows = [
        camp_services.team_create(camp=camp, name=f"Tým {n}", colour="#c0392b") for n in range(teams)
    ]
    demo_play(camp, rounds=1, open_next=True)
    round_ = Round.objects.get(camp=camp, number=2)
    state = game_state(camp, round=round_)
    ap = dict(Placement.objects.filter(round=round_).values_list("team_id", "ap"))
    for team in team_rows:
        submit_orders(round_, team, plan_orders(state, team.name, ap=int(ap.get(team.pk, 0))), state)
    stored = TeamOrders.objects.filter(round=round_)
    assert stored.count() == teams and any(o.routes for o in stored)  # the preview moves ships
    orders = reverse("admin:islands_round_orders", args=[round_.pk, team_rows[-1].pk])
    calls = {
        "order page": lambda: client.get(orders),
        "resolve preview": lambda: client.get(reverse("admin:islands_round_resolve", args=[round_.pk])),
    }
    counts = {}
    for name, call in calls.items():
        assert call().status_code == 200, name  # the session, the content types
        public_version_bump(camp=camp)
        with CaptureQueriesContext(connection) as queries:
            response = call()
        assert response.status_code == 200, name
        counts[name] = len(queries.captured_queries)
    return counts


def test_the_order_page_and_preview_after_a_change_query_counts_do_not_grow_with_the_teams(
    staff_client: Client,
) -> None:
    """Issue 22: right after a change the engine state is read in one query per kind of row (hexes,
    ships, teams with their harbors, pirates, AP, the round), not per team or ship."""
    with_twelve = _after_a_change_queries(staff_client, 12)
    assert with_twelve == _after_a_change_queries(staff_client, 3)
    assert with_twelve["order page"] <= 20, with_twelve
