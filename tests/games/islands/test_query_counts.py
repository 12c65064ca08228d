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
from camp.models import Round
from games.islands.demo import demo_play

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
