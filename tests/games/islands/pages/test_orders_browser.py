"""Order entry in a real browser: a Czech route typed, the live check (htmx POST with the CSRF header)
shows the problem and draws the route; a click on the map extends the route; saving stores it."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.engine.notation import Alphabet, Route
from games.islands.game_state import game_state
from games.islands.models.rounds import TeamOrders
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM


def _movable(round_: Round, team: Team) -> tuple[str, list[str]]:
    """A ship that may move and two legal steps for it (English letters)."""
    state = game_state(round_.camp, round=round_)
    g = state.geometry
    t = state.team(team.name)
    for ship in t.ships:
        if not ship.may_move:
            continue
        start = t.harbor if ship.at is None else ship.at
        for first in ("N", "NE", "NW", "SE", "SW", "S"):
            one = start.step(first)
            if not g.on_board(one):
                continue
            for second in ("N", "NE", "NW", "SE", "SW", "S"):
                if g.on_board(one.step(second)):
                    return ship.id, [first, second]
    raise AssertionError("no movable ship")


def open_orders_of_a_movable_ship(
    live_server: Any, page: Any, camp: Camp, teams: list[Team]
) -> tuple[Round, Team, str, list[str]]:
    """Round 1 played, round 2 open: log in as the admin and open the order page of a team with a
    ship that may move. Returns the round, the team, the ship and two legal steps for it."""
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    round2 = Round.objects.get(camp=camp, number=2)
    team = next(
        t for t in teams if any(s.may_move for s in game_state(camp, round=round2).team(t.name).ships)
    )
    ship, steps = _movable(round2, team)
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/islands/islandsround/round/{round2.pk}/orders/{team.pk}/")
    return round2, team, ship, steps


@pytest.mark.django_db(transaction=True)
def test_typed_czech_route_is_checked_live_and_drawn(
    live_server: Any, page: Any, admin_user: Any, camp: Camp, teams: list[Team]
) -> None:
    round2, team, ship, (first, second) = open_orders_of_a_movable_ship(live_server, page, camp, teams)
    assert "staff-hidden" not in page.content()  # hidden tiles stay hidden by default

    page.click(f"#id_route-{ship}")
    page.keyboard.type(f"{Alphabet.CZECH.letter(first)} Q")
    page.wait_for_selector("#check .zo-check-bad", timeout=5000)
    problem = page.inner_text("#check .zo-check-bad")
    assert f"Loď {ship[1:]}, krok 2: „Q“ není směr" in problem
    assert page.locator("#check polyline.route").count() == 1  # drawn up to the typo

    page.fill(f"#id_route-{ship}", Alphabet.CZECH.letter(first))
    page.wait_for_selector("#check .zo-check-ok", timeout=5000)
    assert not TeamOrders.objects.filter(round=round2).exists()  # the live check stores nothing

    # A click on the map extends the route (the hex next to its end).
    page.click(f"label:has(input[name=mode][value={ship}])")
    state = game_state(camp, round=round2)
    g = state.geometry
    t = state.team(team.name)
    s = t.ship(ship)
    assert s is not None
    at = (t.harbor if s.at is None else s.at).step(first).step(second)
    page.click(f"#check a[data-hex='{g.label(at)}']")
    page.wait_for_function(
        f"() => document.querySelector('#id_route-{ship}').value.split(/\\s+/).length == 2", timeout=5000
    )
    assert page.input_value(f"#id_route-{ship}") == Route((first, second)).text(Alphabet.CZECH)

    wait_htmx_idle(page)
    page.click("button[type=submit].default")
    page.wait_for_selector(".messagelist .success", timeout=5000)
    stored = TeamOrders.objects.get(round=round2, team=team)
    assert stored.routes[ship] == f"{first} {second}"
