"""The pages that run a round: login, pages and htmx fragments, every POST flow, nonsense in every
order field (a message, nothing stored, never a 500), query counts that do not grow with the
rounds played, and the public notice board that shows nothing hidden."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands import display, selectors
from games.islands import orders as islands_orders
from games.islands.demo import demo_play
from games.islands.engine.hexes import CZECH_DIRECTIONS, geometry
from games.islands.game_state import game_state
from games.islands.models import BoardHex, IslandsRound, RoundResult, Ship, TeamOrders, TelescopeChoice
from games.islands.orders import OrdersText
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import GAME_SEED
from tests.pages import errors

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Each test starts in Czech, whatever language an earlier request left active."""
    with translation.override(settings.LANGUAGE_CODE):
        yield


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def _cz(route: str) -> str:
    return " ".join(CZECH_DIRECTIONS.get(t, t) for t in route.split())


def legal_route(round_: Round, team: Team, *, strict: bool = True, explore: bool = False) -> tuple[str, str]:
    """A ship of the team and a legal one-step route for it (Czech letters); with ``explore`` one
    into a hidden hex if the team has such a step (so the round has something to tell)."""
    state = game_state(round_.camp, round=round_)
    g = state.geometry
    t = state.team(team.name)
    steps = []
    for ship in t.ships:
        if not ship.may_move:
            continue
        start = t.harbor if ship.at is None else ship.at
        for d in ("N", "NE", "SE", "S", "SW", "NW"):
            if g.on_board(start.step(d)):
                steps.append((ship.id, d, not state.board.cell(start.step(d)).revealed))
    if steps:
        ship_id, d, _hidden = max(steps, key=lambda s: s[2]) if explore else steps[0]
        return ship_id, CZECH_DIRECTIONS[d]
    if not strict:
        return "C1", "."
    raise AssertionError("no movable ship")


def orders_data(ship: str, route: str, **extra: str) -> dict[str, str]:
    data = {"build_cargo": "0", "build_battleship": "0", f"route-{ship}": route, "harbor": "", "fire": ""}
    data.update(extra)
    return data


# --------------------------------------------------------------------------- login, pages, fragments


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


def test_desk_links_to_the_round_page(staff_client: Client, game: Round) -> None:
    html = staff_client.get(reverse("admin:index")).content.decode()
    assert url("page", game.pk) in html or url("resolve", game.pk) in html


def test_round_page_lists_teams_with_a_tick_for_stored_orders(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    ship, route = legal_route(game, teams[0])
    round_services.orders_submit(round=game, team=teams[0], text=OrdersText.typed(routes={ship: route}))
    html = staff_client.get(url("page", game.pk)).content.decode()
    for team in teams:
        assert url("orders", game.pk, team.pk) in html
    assert html.count('class="stored"') == 1
    assert "1 z 3" in html  # "1 of 3 stored", in Czech


# --------------------------------------------------------------------------- open


def test_open_round(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    demo_play(camp, rounds=1)
    round2 = camp_services.round_create(camp=camp)
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert "otevřít" in response.content.decode().lower() or "umístění" in response.content.decode().lower()
    assert Round.objects.get(pk=round2.pk).status == RoundStatus.PLANNED  # no placements: a message
    camp_services.placements_record(round=round2, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=round2.pk).status == RoundStatus.ORDERS_OPEN
    assert response.content.decode().count('class="messagelist"') == 1
    # Pressed again: a clear message, not an error.
    response = staff_client.post(url("open", round2.pk), follow=True)
    assert response.status_code == 200 and errors(response) == ["Kolo 2 už bylo otevřeno."]


def test_get_on_a_post_only_url_is_refused(staff_client: Client, game: Round) -> None:
    assert staff_client.get(url("open", game.pk)).status_code == 405
    assert staff_client.get(url("close", game.pk)).status_code == 405


# --------------------------------------------------------------------------- orders


def test_live_check_returns_the_check_fragment_and_stores_nothing(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    ship, route = legal_route(game, teams[0])
    response = staff_client.post(url("orders", game.pk, teams[0].pk), orders_data(ship, route), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="check"')
    assert 'class="route"' in html  # the route is drawn on the map
    assert "zo-check-bad" not in html
    assert not TeamOrders.objects.exists() or not TeamOrders.objects.filter(round=game).exists()


def test_live_check_names_the_ship_and_step(staff_client: Client, game: Round, teams: list[Team]) -> None:
    ship, route = legal_route(game, teams[0])
    response = staff_client.post(url("orders", game.pk, teams[0].pk), orders_data(ship, f"{route} X"), **HTMX)
    html = response.content.decode()
    assert "zo-check-bad" in html and ship in html and "krok 2" in html
    assert not TeamOrders.objects.filter(round=game).exists()


def test_submit_valid_orders(staff_client: Client, game: Round, teams: list[Team]) -> None:
    ship, route = legal_route(game, teams[0])
    response = staff_client.post(url("orders", game.pk, teams[0].pk), orders_data(ship, route.lower()))
    assert response.status_code == 302 and response["Location"] == url("page", game.pk)
    stored = TeamOrders.objects.get(round=game, team=teams[0])
    assert stored.routes[ship].split()[0] in ("N", "NE", "SE", "S", "SW", "NW")
    # The page shows them again, in Czech letters.
    html = staff_client.get(url("orders", game.pk, teams[0].pk)).content.decode()
    assert f'value="{route}"' in html


def test_submit_invalid_orders_stores_nothing(staff_client: Client, game: Round, teams: list[Team]) -> None:
    ship, route = legal_route(game, teams[0])
    response = staff_client.post(
        url("orders", game.pk, teams[0].pk), orders_data(ship, route, build_cargo="7")
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nic nebylo uloženo" in html and "zo-check-bad" in html
    assert not TeamOrders.objects.filter(round=game).exists()


NONSENSE = [
    {"build_cargo": "abc"},
    {"build_cargo": "-1"},
    {"build_cargo": "1e5"},
    {"build_cargo": "9" * 40},
    {"build_battleship": "2"},
    {"build_battleship": "½"},
    {"build_cargo": "²"},  # str.isdigit() says yes, int() says no
    {"harbor": "++ x"},
    {"harbor": "+" * 5000},
    {"fire": "Q99"},
    {"fire": "Z1"},
    {"fire": "<script>alert(1)</script>"},
    {"route-C1": "S S S S S S S S S S S S S S S S S S S S S S S S S S S S S S S S S S"},
    {"route-C1": "N NE"},  # English letters on a Czech page
    {"route-C1": "🙂"},
    {"route-C1": "x" * 10000},
    {"route-C9": "S"},
    {"route-C6": "S"},
    {"route-<b>": "S"},
    {"mode": "fire'\"", "show_hidden": "maybe"},
]


@pytest.mark.parametrize("extra", NONSENSE, ids=[next(iter(d)) + str(i) for i, d in enumerate(NONSENSE)])
def test_nonsense_in_any_field_is_a_message(
    staff_client: Client, game: Round, teams: list[Team], extra: dict[str, str]
) -> None:
    team = teams[0]
    data = {"build_cargo": "0", "build_battleship": "0", "route-C1": "", "harbor": "", "fire": ""}
    data.update(extra)
    for kwargs in (HTMX, {}):
        response = staff_client.post(url("orders", game.pk, team.pk), data, **kwargs)
        html = response.content.decode()
        if extra.get("mode"):  # only the page's own switches: nothing wrong with the orders
            assert response.status_code in (200, 302)
            continue
        assert response.status_code == 200, html[:500]
        assert "zo-check-bad" in html
        assert "<script>alert" not in html
    if not extra.get("mode"):
        assert not TeamOrders.objects.filter(round=game).exists()


def test_orders_of_another_camps_team_or_unknown_ids_are_404(
    staff_client: Client, game: Round, other_camp: Camp
) -> None:
    stranger = camp_services.team_create(camp=other_camp, name="Cizí", colour="#000000")
    assert staff_client.get(url("orders", game.pk, stranger.pk)).status_code == 404
    assert staff_client.post(url("orders", game.pk, stranger.pk), {"route-C1": "S"}).status_code == 404
    assert staff_client.get(url("orders", 99999, stranger.pk)).status_code == 404
    assert staff_client.get(url("page", 99999)).status_code == 404


def test_orders_not_open_are_read_only(staff_client: Client, game: Round, teams: list[Team]) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    html = staff_client.get(url("orders", closed.pk, teams[0].pk)).content.decode()
    editor = html[html.index('<div id="editor"') :]
    assert all('name="show_hidden"' in tag for tag in re.findall(r"<input[^>]*>", editor))
    assert 'name="route-' not in html and 'name="build_cargo"' not in html
    assert "Uložit plán tahu" not in html and "Uložený plán tahu" in html
    response = staff_client.post(url("orders", closed.pk, teams[0].pk), {"route-C1": "S"}, follow=True)
    assert response.status_code == 200
    assert errors(response) == ["Plán tahu už nelze měnit: kolo není otevřené."]


def _route_starts(html: str) -> list[str]:
    """The first point ("x,y") of every route drawn on a page's map."""
    return [m.split()[0] for m in re.findall(r'<polyline class="route" points="([^"]*)"', html)]


def test_a_resolved_rounds_orders_are_shown_as_played(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """After resolving, the order page shows the stored orders as text (no field to type in), the
    ships and the board before the round, and the routes from where the ships were then; a ship
    built in the round has no row, no field and no route."""
    from games.islands.engine.hexes import to_pixel
    from games.islands.maps.style import SIZE
    from games.islands.maps.svg import _f

    team = teams[0]
    ship, route = legal_route(game, team)
    round_services.orders_submit(
        round=game, team=team, text=OrdersText.typed(build_cargo=1, routes={ship: route})
    )
    before = game_state(game.camp, round=game)
    g = before.geometry
    start = before.team(team.name).ship(ship)
    assert start is not None
    start_hex = before.team(team.name).harbor if start.at is None else start.at
    ships_before = {s.id for s in before.team(team.name).ships}
    round_services.round_resolve(round=game)
    new = set(Ship.objects.filter(team=team).values_list("ident", flat=True)) - ships_before
    assert new  # the cargo ship built this round
    page = url("orders", game.pk, team.pk)
    for kwargs in ({}, HTMX):
        html = unescape(staff_client.get(page, **kwargs).content.decode())
        editor = html[html.index('<div id="editor"') :]
        assert all('name="show_hidden"' in tag for tag in re.findall(r"<input[^>]*>", editor))
        assert "Uložit plán tahu" not in html and "Uložený plán tahu" in html
        assert route in editor  # the route as text, in Czech letters
        assert "nákladní lodě: 1, bitevní loď: 0" in editor
        assert "Lodě před tímto kolem" in editor
        for ident in new:
            assert f'<th scope="row">{ident} ' not in editor and f'name="route-{ident}"' not in editor
        x, y = to_pixel(start_hex, SIZE)
        assert _route_starts(editor) == [f"{_f(x)},{_f(y)}"]  # from where the ship was before
        assert "staff-hidden" not in editor  # the public map, unless asked
    assert g.label(start_hex) in html
    shown = staff_client.get(page, {"show_hidden": "1"}, **HTMX).content.decode()
    assert "staff-hidden" in shown and 'class="route"' in shown
    # A team without stored orders: a note, no route.
    html = staff_client.get(url("orders", game.pk, teams[1].pk)).content.decode()
    assert "neměl uložený plán tahu" in html and 'class="route"' not in html
    # Nothing can be stored any more, with or without htmx.
    response = staff_client.post(page, orders_data(ship, route), follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Plán tahu už nelze měnit: kolo není otevřené."
    ]
    response = staff_client.post(page, orders_data(ship, route), **HTMX)
    assert response.status_code == 200 and 'name="route-' not in response.content.decode()
    assert TeamOrders.objects.get(round=game, team=team).build_cargo == 1


def test_map_click_appends_a_direction(staff_client: Client, game: Round, teams: list[Team]) -> None:
    team = teams[0]
    ship, route = legal_route(game, team)
    check = islands_orders.orders_check(round=game, team=team, text=OrdersText.typed(routes={ship: route}))
    end = check.routes[0].points[-1]
    g = geometry(game.camp.board_side)
    # Click the route's end's northern-most neighbour on the board.
    h = g.parse(end)
    target = next(n for n in (h.step(d) for d in ("N", "NE", "NW", "SE", "SW", "S")) if g.on_board(n))
    data = orders_data(ship, route, mode=ship, hex=g.label(target))
    response = staff_client.get(url("orders", game.pk, team.pk), data, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="editor"')
    value = re.search(rf'name="route-{ship}" value="([^"]*)"', html)
    assert value is not None and value.group(1).startswith(route + " ") and len(value.group(1).split()) == 2
    # The end itself: a stay. Far away: a message, the route unchanged.
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode=ship, hex=end), **HTMX
    )
    assert f'value="{route} ."' in response.content.decode()
    far = g.label(g.ordered[-1])
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode=ship, hex=far), **HTMX
    )
    assert f'value="{route}"' in response.content.decode() and "zo-bad" in response.content.decode()
    # Nonsense labels: a message.
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode=ship, hex="ZZ"), **HTMX
    )
    assert response.status_code == 200 and "zo-bad" in response.content.decode()
    assert not TeamOrders.objects.filter(round=game).exists()


def _give_battleship(team: Team) -> None:
    """The team has a battleship (in its harbor) at the start of the open round."""
    Ship.objects.create(team=team, ident="B", kind="battleship")


FIRE_RADIO = 'name="mode" value="fire"'


def test_fire_is_offered_only_with_a_battleship(staff_client: Client, game: Round, teams: list[Team]) -> None:
    team = teams[0]
    assert not Ship.objects.filter(team=team, kind="battleship").exists()
    html = staff_client.get(url("orders", game.pk, team.pk)).content.decode()
    assert 'name="fire"' not in html and FIRE_RADIO not in html
    assert 'name="mode"' in html  # its ships' routes can still be set by clicking
    # A click in a fire mode that is not on offer sets no target.
    ship, route = legal_route(game, team)
    far = geometry(game.camp.board_side).label(geometry(game.camp.board_side).ordered[-1])
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode="fire", hex=far), **HTMX
    )
    assert response.status_code == 200 and 'name="fire"' not in response.content.decode()

    _give_battleship(team)
    html = staff_client.get(url("orders", game.pk, team.pk)).content.decode()
    assert 'name="fire"' in html and FIRE_RADIO in html
    # Fire mode: the clicked hex becomes the target.
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode="fire", hex=far), **HTMX
    )
    assert f'name="fire" value="{far}"' in response.content.decode()
    assert not TeamOrders.objects.filter(round=game).exists()


def test_a_shot_without_a_battleship_is_refused_with_a_message(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """A tampered POST still reaches the check: the message, nothing stored, the field to empty."""
    team = teams[0]
    ship, route = legal_route(game, team)
    target = geometry(game.camp.board_side).label(geometry(game.camp.board_side).ordered[0])
    data = orders_data(ship, route, fire=target)
    message = "tým na začátku kola neměl bitevní loď, takže nemůže střílet"
    live = staff_client.post(url("orders", game.pk, team.pk), data, **HTMX).content.decode()
    assert "zo-check-bad" in live and message in live
    response = staff_client.post(url("orders", game.pk, team.pk), data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nic nebylo uloženo" in html and message in html
    assert f'name="fire" value="{target}"' in html and FIRE_RADIO not in html
    assert not TeamOrders.objects.filter(round=game).exists()
    # Without the target the same orders are stored.
    response = staff_client.post(url("orders", game.pk, team.pk), orders_data(ship, route))
    assert response.status_code == 302
    assert not TeamOrders.objects.get(round=game, team=team).fire


def test_no_ship_that_may_move_and_no_battleship(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Every ship held by a mermaid: nothing to set by clicking, but the page works and stores stays."""
    team = teams[0]
    idents = list(Ship.objects.filter(team=team).values_list("ident", flat=True))
    assert idents
    Ship.objects.filter(team=team).update(mermaid=True)
    page = url("orders", game.pk, team.pk)
    response = staff_client.get(page)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="mode"' not in html and 'name="fire"' not in html
    assert "?hex=" not in html  # the map is not clickable
    assert "Nic: žádná loď se v tomto kole nesmí pohnout" in html
    assert all(f'name="route-{i}"' in html for i in idents)
    # A click anyway (an old tab): a message, nothing changes.
    hex_label = geometry(game.camp.board_side).label(geometry(game.camp.board_side).ordered[0])
    response = staff_client.get(page, {"hex": hex_label, "mode": idents[0]}, **HTMX)
    assert response.status_code == 200 and "zo-bad" in response.content.decode()
    # Moving a held ship is refused; staying is stored.
    live = staff_client.post(page, orders_data(idents[0], "S"), **HTMX).content.decode()
    assert "zo-check-bad" in live
    response = staff_client.post(page, orders_data(idents[0], "."))
    assert response.status_code == 302
    assert TeamOrders.objects.filter(round=game, team=team).exists()


def test_a_team_without_ships_gets_the_page(staff_client: Client, game: Round, teams: list[Team]) -> None:
    team = teams[0]
    Ship.objects.filter(team=team).delete()
    page = url("orders", game.pk, team.pk)
    for kwargs in ({}, HTMX):
        response = staff_client.get(page, **kwargs)
        html = response.content.decode()
        assert response.status_code == 200
        assert 'name="mode"' not in html and 'name="fire"' not in html
    response = staff_client.post(page, {"build_cargo": "0", "build_battleship": "0", "harbor": ""})
    assert response.status_code == 302
    assert TeamOrders.objects.filter(round=game, team=team).exists()


def test_hidden_tiles_only_on_request(staff_client: Client, game: Round, teams: list[Team]) -> None:
    hidden = BoardHex.objects.filter(camp=game.camp, revealed=False).exclude(tile="open_sea").count()
    assert hidden
    html = staff_client.get(url("orders", game.pk, teams[0].pk)).content.decode()
    assert "staff-hidden" not in html
    response = staff_client.post(url("orders", game.pk, teams[0].pk), {"show_hidden": "1"}, **HTMX)
    assert "staff-hidden" in response.content.decode()


# --------------------------------------------------------------------------- resolve, after, undo


def _store_all(round_: Round, teams: list[Team]) -> None:
    for team in teams:
        ship, route = legal_route(round_, team, explore=True)
        round_services.orders_submit(round=round_, team=team, text=OrdersText.typed(routes={ship: route}))


def test_preview_stores_nothing_then_commit_once(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    _store_all(game, teams)
    before = list(BoardHex.objects.filter(camp=game.camp).values_list("revealed", flat=True))
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert "Kolo 2" in html and 'class="zo-map"' in html
    assert not RoundResult.objects.filter(round=game).exists()
    assert list(BoardHex.objects.filter(camp=game.camp).values_list("revealed", flat=True)) == before
    response = staff_client.post(url("resolve", game.pk))
    assert response.status_code == 302 and response["Location"] == url("after", game.pk)
    assert RoundResult.objects.filter(round=game).count() == 1
    # The second press: a message, no error, nothing new.
    response = staff_client.post(url("resolve", game.pk), follow=True)
    assert response.status_code == 200
    assert errors(response) == ["Kolo 2 už bylo vyhodnoceno."]
    assert RoundResult.objects.filter(round=game).count() == 1
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert url("after", game.pk) in html


def _placements_again_without(round_: Round, teams: list[Team], dropped: Team) -> None:
    """The placements recorded again, ``dropped`` now "did not play" (0 AP)."""
    others = [t for t in teams if t != dropped]
    ranks: dict[int, int | None] = {t.pk: i for i, t in enumerate(others, start=1)}
    camp_services.placements_record(round=round_, ranks={**ranks, dropped.pk: None})


def test_preview_names_orders_that_no_longer_fit(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    _store_all(game, teams)
    TeamOrders.objects.filter(round=game, team=teams[0]).update(build_cargo=3)
    html = staff_client.get(url("resolve", game.pk)).content.decode()
    assert teams[0].name in html and url("orders", game.pk, teams[0].pk) in html
    assert f"{teams[0].name}: {teams[0].name}:" not in html  # the row names the team once
    response = staff_client.post(url("resolve", game.pk), follow=True)
    assert response.status_code == 200
    assert not RoundResult.objects.filter(round=game).exists()


def test_round_page_warns_of_stored_orders_gone_stale(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Orders stored, then the placements recorded again: the round page names the team whose
    orders no longer pass (the preview's check), not just "3 of 3 stored"."""
    _store_all(game, teams)
    html = staff_client.get(url("page", game.pk)).content.decode()
    assert html.count('class="stored"') == 3 and 'class="zo-stale"' not in html
    _placements_again_without(game, teams, teams[1])
    html = unescape(staff_client.get(url("page", game.pk)).content.decode())
    assert html.count('class="stored"') == 2 and html.count('class="stale"') == 1
    assert "uloženo 3 z 3, 1 už neplatí" in html
    stale = html[html.index('class="stale"') :]
    stale = stale[: stale.index("</li>\n")]
    assert teams[1].name in stale and "Uložený plán tahu už neplatí" in stale
    assert "ale tým má jen 0 kroků" in stale and f"{teams[1].name}:" not in stale
    assert url("orders", game.pk, teams[1].pk) in stale
    # The preview says the same, the team named once, the moves in the right Czech plural.
    preview = unescape(staff_client.get(url("resolve", game.pk)).content.decode())
    assert f"{teams[1].name}: {teams[1].name}:" not in preview
    assert "trasa má 1 tah, ale tým má jen 0 kroků" in preview


def _resolved_with_telescope(game: Round, teams: list[Team]) -> RoundResult:
    _store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    if not result.pending_telescopes:
        team = teams[0]
        ship = Ship.objects.filter(team=team).first()
        assert ship is not None
        result.pending_telescopes = [f"{team.name}.{ship.ident}"]
        result.save()
    return result


def test_after_page_telescope_pick_confirm_and_skip(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    result = _resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    html = staff_client.get(url("after", game.pk)).content.decode()
    assert "data-hx-get" in html and "?ship=" in html
    response = staff_client.get(url("after", game.pk), {"ship": who, "hex": "B2"}, **HTMX)
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="telescopes"') and 'value="B2"' in fragment
    assert not TelescopeChoice.objects.exists()  # a click only asks
    response = staff_client.get(url("after", game.pk), {"ship": who, "hex": "nonsense"}, **HTMX)
    assert "zo-bad" in response.content.decode()
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2"}, follow=True
    )
    assert response.status_code == 200
    assert TelescopeChoice.objects.filter(result=result, hex="B2").exists()
    # Choosing again, or for nobody: a message.
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2"}, follow=True
    )
    assert response.status_code == 200 and errors(response) == [
        "Volba dalekohledu pro Červení C1 už je zadaná."
    ]
    response = staff_client.post(
        url("after", game.pk), {"action": "skip", "ship": "nobody.C9", "confirm": "1"}, follow=True
    )
    assert response.status_code == 200 and errors(response) == [
        "nobody C9 v tomto kole nemá dalekohled, pro který by se volilo."
    ]
    response = staff_client.post(url("after", game.pk), {"action": "dance"}, follow=True)
    assert response.status_code == 200


def test_skipping_a_telescope_asks_first(staff_client: Client, game: Round, teams: list[Team]) -> None:
    """Like a picked hex, a skip is asked and then confirmed: one misclick throws nothing away."""
    result = _resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    html = staff_client.get(url("after", game.pk), {"ship": who}).content.decode()
    assert 'value="skip"' not in html  # no button that skips at once
    assert "skip=1" in html
    response = staff_client.get(url("after", game.pk), {"ship": who, "skip": "1"}, **HTMX)
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="telescopes"')
    assert 'value="skip"' in fragment and 'name="confirm"' in fragment and "Ano, přeskočit" in fragment
    assert not TelescopeChoice.objects.exists()  # asking stores nothing
    # A POST without the confirmation (an old tab, a tampered form): a message, nothing stored.
    response = staff_client.post(url("after", game.pk), {"action": "skip", "ship": who}, follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Přeskočení dalekohledu lodi Červení C1 potřebuje potvrzení."
    ]
    assert "potvrzení" in response.content.decode()
    assert not TelescopeChoice.objects.exists()
    response = staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    assert response.status_code == 302
    assert TelescopeChoice.objects.filter(result=result, ship=who, hex="").exists()


def test_after_page_hides_hidden_tiles_unless_asked(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """A team's runner is often at the table: the after page's map is the public one by default
    (as on the order page), the staff map only with the box ticked; a telescope is picked either way."""
    result = _resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    assert BoardHex.objects.filter(camp=game.camp, revealed=False).exclude(tile="open_sea").exists()
    html = staff_client.get(url("after", game.pk)).content.decode()
    assert "staff-hidden" not in html and "zo-hatch" not in html
    assert 'class="hex hidden"' in html and 'name="show_hidden"' in html
    assert "?ship=" in html and "hex=" in html  # the map can still be clicked
    # A click picks the hex and highlights it and its neighbours, still on the public map.
    fragment = staff_client.get(url("after", game.pk), {"ship": who, "hex": "B2"}, **HTMX).content.decode()
    assert 'value="B2"' in fragment and 'class="hl"' in fragment and "staff-hidden" not in fragment
    # With the box ticked: the hidden tiles, and every link and form keeps the box ticked.
    shown = staff_client.get(url("after", game.pk), {"ship": who, "show_hidden": "1"}, **HTMX)
    shown = shown.content.decode()
    assert "staff-hidden" in shown and "checked" in shown
    assert "show_hidden=1&amp;hex=" in shown  # the map's links
    fragment = staff_client.get(
        url("after", game.pk), {"ship": who, "hex": "B2", "show_hidden": "1"}, **HTMX
    ).content.decode()
    assert "staff-hidden" in fragment and 'class="hl"' in fragment
    assert '<input type="hidden" name="show_hidden" value="1">' in fragment  # the confirmation form
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2", "show_hidden": "1"}
    )
    assert response.status_code == 302 and "show_hidden=1" in response["Location"]
    assert TelescopeChoice.objects.filter(result=result, hex="B2").exists()


def test_after_page_offers_the_sheets_once_no_telescope_is_pending(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Sheets printed before the telescope choices would miss their reveals."""
    result = _resolved_with_telescope(game, teams)
    sheets_url = url("sheets", game.pk)
    assert sheets_url not in staff_client.get(url("after", game.pk)).content.decode()
    for who in result.pending_telescopes:
        staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    assert sheets_url in staff_client.get(url("after", game.pk)).content.decode()


def test_close_round(staff_client: Client, game: Round, teams: list[Team]) -> None:
    result = _resolved_with_telescope(game, teams)
    response = staff_client.post(url("close", game.pk), {"confirm": "1"}, follow=True)
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED  # a telescope is pending
    assert errors(response) == [
        "Ještě chybí volby dalekohledů: Červení C1. Nejdřív je zadejte, nebo přeskočte."
    ]
    for who in result.pending_telescopes:
        staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    # Closing cannot be undone: both close buttons come with a box to tick, and without it the
    # round stays resolved (undo still possible) with a message saying what to tick.
    for page in (url("page", game.pk), url("after", game.pk)):
        html = staff_client.get(page).content.decode()
        form = html[html.index(url("close", game.pk)) :]
        form = form[: form.index("</form>")]
        assert 'name="confirm"' in form and "required" in form
        assert "Ano, uzavřít kolo (nelze vrátit)" in form
    response = staff_client.post(url("close", game.pk), follow=True)
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED
    assert response.redirect_chain[-1][0] == url("after", game.pk)
    assert "Ano, uzavřít kolo (nelze vrátit)" in response.content.decode()
    assert errors(response) == ["Uzavření potvrďte zaškrtnutím „Ano, uzavřít kolo (nelze vrátit)“."]
    assert selectors.round_undoable(Round.objects.get(pk=game.pk))
    response = staff_client.post(url("close", game.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=game.pk).status == RoundStatus.CLOSED


def test_after_page_shows_hints_and_public_log(staff_client: Client, game: Round, teams: list[Team]) -> None:
    _store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    result.hints = {f"{teams[1].name}.C1": "NNE"}
    result.save()
    html = staff_client.get(url("after", game.pk)).content.decode()
    assert "SSV" in html and teams[1].name in html


def test_undo_needs_confirmation_and_keeps_orders(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    _store_all(game, teams)
    round_services.round_resolve(round=game)
    html = staff_client.get(url("page", game.pk)).content.decode()
    assert url("undo", game.pk) in html
    response = staff_client.post(url("undo", game.pk), follow=True)
    assert Round.objects.get(pk=game.pk).status == RoundStatus.RESOLVED
    assert errors(response) == ["Vrácení potvrďte zaškrtnutím políčka."]
    response = staff_client.post(url("undo", game.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200
    assert Round.objects.get(pk=game.pk).status == RoundStatus.ORDERS_OPEN
    assert TeamOrders.objects.filter(round=game).count() == 3
    assert not RoundResult.objects.filter(round=game).exists()
    # Undo of a round that is not the last resolved one: a message.
    closed = Round.objects.get(camp=game.camp, number=1)
    assert "zo-bad" in staff_client.get(url("undo", closed.pk)).content.decode()
    response = staff_client.post(url("undo", closed.pk), {"confirm": "1"}, follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Kolo 1 je uzavřené: vyhodnocení už nejde vrátit."
    ]
    assert Round.objects.get(pk=closed.pk).status == RoundStatus.CLOSED


# --------------------------------------------------------------------------- export, import


def test_export_a_round_and_import_it(staff_client: Client, game: Round, teams: list[Team]) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    response = staff_client.get(url("export", closed.pk))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    doc = json.loads(response.content)
    assert doc["format"] == "zlate-ostrovy/1"
    camps = Camp.objects.count()
    response = staff_client.post(url("import"), {"name": "Kopie", "text": response.content.decode()})
    assert response.status_code == 302
    assert Camp.objects.count() == camps + 1
    assert Camp.objects.filter(name="Kopie").exists()


def test_export_action_in_the_admin(staff_client: Client, game: Round) -> None:
    ids = list(IslandsRound.objects.filter(round__camp=game.camp).values_list("pk", flat=True))
    changelist = reverse("admin:islands_islandsround_changelist")
    response = staff_client.post(changelist, {"action": "export_rounds", "_selected_action": ids[:1]})
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    response = staff_client.post(changelist, {"action": "export_rounds", "_selected_action": ids})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"


def test_export_of_an_unopened_round_is_a_message(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    demo_play(camp, rounds=1)
    planned = camp_services.round_create(camp=camp)
    response = staff_client.get(url("export", planned.pk), follow=True)
    assert response.status_code == 200 and errors(response) == [
        "Kolo 2 ještě nebylo otevřeno: není co exportovat."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"format": "zlate-ostrovy/1", "side": 99}',
        '{"format": "zlate-ostrovy/1", "side": 5, "teams": [{"name": "a", "harbor": "Q9"}]}',
    ],
)
def test_import_a_bad_file_stores_nothing(staff_client: Client, db: None, text: str) -> None:
    camps = Camp.objects.count()
    response = staff_client.post(url("import"), {"name": "Nový", "text": text})
    html = response.content.decode()
    assert response.status_code == 200
    assert "errornote" in html
    assert Camp.objects.count() == camps
    response = staff_client.post(url("import"), {"name": "Nový", "text": text}, **HTMX)
    assert response.content.decode().lstrip().startswith('<div id="result"')


def test_import_lists_json_paths(staff_client: Client, db: None) -> None:
    text = '{"format": "zlate-ostrovy/1", "side": 5, "teams": [{"name": "a", "harbor": "Q9"}]}'
    html = staff_client.post(url("import"), {"name": "Nový", "text": text}).content.decode()
    assert "teams" in html and "harbor" in html


IMPORT_FILE: dict[str, Any] = {
    "format": "zlate-ostrovy/1",
    "side": 5,
    "seed": 7,
    "teams": [
        {"name": "red", "harbor": "Z1", "ships": [{"id": "C1", "kind": "cargo", "at": "Z1"}]},
        {"name": "blue", "harbor": "Z5", "ships": [{"id": "C1", "kind": "cargo", "at": "E3"}]},
    ],
    "pirates": [{"id": "P1", "at": "E2"}],
    "orders": {"red": {"ap": 8, "routes": {"C1": "N N"}}, "blue": {"ap": 11, "routes": {"C1": "SE"}}},
}


def bad_file(path: str, value: object) -> str:
    """The import file with one value set at a dotted path (``teams.0.delivered``)."""
    doc = json.loads(json.dumps(IMPORT_FILE))
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value
    return json.dumps(doc)


#: A bad file, then what the import page says about it in Czech and in English (path first).
BAD_FILES: dict[str, tuple[str, str, str]] = {
    "bad JSON": (
        '{"format": "zlate-ostrovy/1",\n  "side": 5,,\n}',
        "Není platný JSON (řádek 2, sloupec 13)",
        "Not valid JSON (line 2, column 13)",
    ),
    "unknown key": (
        bad_file("colour", "red"),
        "colour: neznámý klíč: formát zlate-ostrovy/1 takovou položku nemá",
        "colour: unknown key: the zlate-ostrovy/1 format has no such item",
    ),
    "wrong type": (
        bad_file("teams.0.delivered", "3"),
        "teams[0].delivered: musí být celé číslo",
        "teams[0].delivered: must be a whole number",
    ),
    "not a label": (
        bad_file("hexes", {"X9": {"tile": "reefs"}}),
        "hexes.X9: „X9“ není hex ani zátoka herního plánu se stranou 5",
        "hexes.X9: “X9” is neither a hex nor a bay of a board of side 5",
    ),
    "a bay, not a board hex": (
        bad_file("pirates.0.at", "Z3"),
        "pirates[0].at: Z3 je zátoka, ne hex herního plánu",
        "pirates[0].at: Z3 is a bay, not a hex of the board",
    ),
    "not a tile": (
        bad_file("hexes", {"B2": {"tile": "gold"}}),
        "hexes.B2.tile: „gold“ není druh políčka (open-sea,",
        "hexes.B2.tile: “gold” is not a tile (open-sea,",
    ),
    "bad direction in a route": (
        bad_file("orders.red.routes.C1", "N Q"),
        "orders.red.routes.C1: 2. tah „Q“ není směr: pište anglicky N NE SE S SW NW (S je jih) nebo . "
        "pro stání",
        "orders.red.routes.C1: move 2 “Q” is not a direction: write N NE SE S SW NW or . to stay",
    ),
    "unknown team in orders": (
        bad_file("orders.green", {"ap": 3}),
        "orders.green: tým green neexistuje",
        "orders.green: there is no team green",
    ),
    "bad pirate moves": (
        bad_file("pirates.0.moves", ["N", "N"]),
        "pirates[0].moves: pirátská loď má 11 tahů, ne 2",
        "pirates[0].moves: a pirate ship gets 11 moves, not 2",
    ),
    "a pirate move that is no direction": (
        bad_file("pirates.0.moves", ["N", "UP"] + ["N"] * 9),
        "pirates[0].moves[1]: „UP“ není směr (pište anglicky N NE SE S SW NW: S je jih)",
        "pirates[0].moves[1]: “UP” is not a direction (write N NE SE S SW NW: S is south)",
    ),
    "wrong ship kind": (
        bad_file("teams.0.ships.0.kind", "battleship"),
        "teams[0].ships[0].kind: loď C1 je nákladní loď",
        "teams[0].ships[0].kind: ship C1 is a cargo ship",
    ),
    "a route off the board": (
        bad_file("orders.blue.routes.C1", "NE NE NE"),
        "orders.blue.routes.C1: vyplula by mimo herní plán u G4 (krok 3)",
        "orders.blue.routes.C1: would sail off the board at G4 (step 3)",
    ),
    "a team name too long to store": (
        bad_file("teams.0.name", "r" * 150).replace('"red"', '"' + "r" * 150 + '"'),
        "teams[0].name: název týmu smí mít nejvýš 100 znaků, ne 150",
        "teams[0].name: a team name has at most 100 characters, not 150",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
@pytest.mark.parametrize("language", ["cs", "en"])
def test_import_names_each_problem_by_path_in_the_page_language(
    staff_client: Client, db: None, case: str, language: str
) -> None:
    text, czech, english = BAD_FILES[case]
    with translation.override(language):  # English pages live under /en/
        target = url("import")
    camps = Camp.objects.count()
    response = staff_client.post(target, {"name": "Nový", "text": text})
    assert response.status_code == 200
    html = unescape(response.content.decode())
    expected, other = (czech, english) if language == "cs" else (english, czech)
    assert expected in html, html[html.find("errornote") :][:2000]
    assert other not in html
    heading = "Soubor kola nelze importovat:" if language == "cs" else "The round file cannot be imported:"
    assert heading in html
    assert Camp.objects.count() == camps


def test_import_of_a_pirate_on_a_bay_is_not_english_in_czech(staff_client: Client, db: None) -> None:
    """The command line's English text never reaches the Czech page."""
    response = staff_client.post(url("import"), {"name": "Nový", "text": bad_file("pirates.0.at", "Z3")})
    html = unescape(response.content.decode())
    assert "pirates[0].at: Z3" in html and "is not a board hex" not in html


def test_import_upload_not_utf8(staff_client: Client, db: None) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("x.json", b"\xff\xfe\x00junk", content_type="application/json")
    response = staff_client.post(url("import"), {"name": "Nový", "file": upload})
    assert response.status_code == 200 and "UTF-8" in response.content.decode()
    assert not Camp.objects.filter(name="Nový").exists()


# --------------------------------------------------------------------------- standings, public page


def test_standings_page(staff_client: Client, game: Round, teams: list[Team]) -> None:
    html = staff_client.get(url("standings", game.camp_id)).content.decode()
    for team in teams:
        assert team.name in html
    assert "window.print()" in html


def test_public_notice_board_needs_no_login(client: Client, game: Round, teams: list[Team]) -> None:
    response = client.get(reverse("islands_public:notice_board", args=[game.camp_id]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'class="zo-map"' in html and "Kolo 1" in html and "@media print" in html
    for team in teams:
        assert team.name in html
    response = client.get(reverse("islands_public:notice_board", args=[game.camp_id]), **HTMX)
    assert response.content.decode().lstrip().startswith('<div id="board"')
    assert client.get(reverse("islands_public:notice_board", args=[99999])).status_code == 404


def test_public_notice_board_hides_everything_hidden(client: Client, game: Round, teams: list[Team]) -> None:
    """Hidden treasure and reefs, pirate draws, hints, telescopes and cargo never reach the page."""
    camp = game.camp
    _store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    result.hints = {f"{teams[0].name}.C1": "NNE"}
    result.events = [
        *result.events,
        {
            "step": 1,
            "half": 1,
            "what": "hint",
            "at": "A1",
            "team": teams[0].name,
            "actor": "C1",
            "visibility": "team",
            "detail": {"point": "NNE"},
        },
        {
            "step": 1,
            "half": 1,
            "what": "redraw",
            "at": "A1",
            "team": None,
            "actor": "P1",
            "visibility": "staff",
            "detail": {"direction": "NE"},
        },
    ]
    result.save()
    Ship.objects.filter(team=teams[0]).update(chests=1)
    html = client.get(reverse("islands_public:notice_board", args=[camp.pk])).content.decode()
    g = geometry(camp.board_side)
    for row in BoardHex.objects.filter(camp=camp, revealed=False):
        label = g.label(row.hex)
        assert f'data-hex="{label}"' in html
        block = re.search(rf'<g class="([^"]*)" data-hex="{label}">(.*?)</g>', html)
        assert block is not None and block.group(1) == "hex hidden"
        assert block.group(2) == f"<title>{label}</title>" + block.group(2).split("</title>", 1)[1]
        assert "tile-" not in block.group(1)
    hidden_tiles = set(BoardHex.objects.filter(camp=camp, revealed=False).values_list("tile", flat=True))
    revealed_tiles = set(BoardHex.objects.filter(camp=camp, revealed=True).values_list("tile", flat=True))
    for tile in hidden_tiles - revealed_tiles:
        assert f"tile-{tile}" not in html
    assert "SSV" not in html and "NNE" not in html  # the hint
    for event in result.events:  # staff-only and team-only lines (redraws, rum, hints, boats)
        if event.get("visibility") != "public":
            assert display.event_text(event) not in html
    for islands_round in IslandsRound.objects.filter(round__camp=camp):
        for moves in islands_round.pirate_moves.values():
            assert json.dumps(moves) not in html and " ".join(moves) not in html
    assert "pirate_moves" not in html
    assert "·1" not in html  # cargo is drawn as "C1·1" for staff only
    assert f", {gettext('chests')}: " not in html  # … and named in the ship's title


# --------------------------------------------------------------------------- query counts


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


# --------------------------------------------------------------------------- two staff, one team


def hidden_version(response: Any) -> str:
    found = re.findall(r'<input type="hidden" name="v" value="([^"]*)">', response.content.decode())
    assert len(found) == 1, found
    return found[0]


def stale_note(response: Any) -> str:
    html = response.content.decode()
    match = re.search(r'<div class="errornote" role="alert" id="stale-orders">(.*?)</div>', html, re.S)
    assert match, html[:3000]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def test_a_save_from_a_page_older_than_the_stored_orders_is_refused_showing_them(
    staff_client: Client, game: Round, teams: list[Team], django_user_model: Any
) -> None:
    """Issue 8: two staff typing one team's sheet; the later save used to win silently."""
    team = teams[0]
    ship, route = legal_route(game, team)
    page = url("orders", game.pk, team.pk)
    assert hidden_version(staff_client.get(page)) == "0"  # the first staff member opens the page
    colleague = Client()
    colleague.force_login(django_user_model.objects.create_superuser("druhy", "d@example.com", "x-x-x-x-123"))
    assert hidden_version(colleague.get(page)) == "0"
    assert colleague.post(page, orders_data(ship, route, v="0")).status_code == 302
    stored = TeamOrders.objects.get(round=game, team=team)
    assert (stored.version, stored.routes[ship]) == (1, route_in_english(route))

    # The first one saves other orders from the page loaded before: refused, theirs shown, nothing stored.
    response = staff_client.post(page, orders_data(ship, ".", build_cargo="1", v="0"))
    assert response.status_code == 200
    note = stale_note(response)
    assert note.startswith(
        "Někdo jiný mezitím uložil plán tahu tohoto týmu (po načtení této stránky); nic se neuložilo."
    )
    assert "Uložil ho druhy v " in note and f"Trasa lodi {ship}: {route}" in note
    assert "Stavba nákladních lodí: 0" in note
    stored = TeamOrders.objects.get(round=game, team=team)
    assert (stored.version, stored.build_cargo) == (1, 0)
    # The form keeps what they typed, now against the stored version: saving again replaces knowingly.
    assert hidden_version(response) == "1"
    assert 'name="build_cargo" value="1"' in response.content.decode()
    assert staff_client.post(page, orders_data(ship, ".", build_cargo="1", v="1")).status_code == 302
    stored = TeamOrders.objects.get(round=game, team=team)
    assert (stored.version, stored.build_cargo) == (2, 1)


@pytest.mark.parametrize("posted", [{}, {"v": ""}, {"v": "abc"}, {"v": "99"}])
def test_a_save_without_the_stored_version_is_stale_once_orders_exist(
    staff_client: Client, game: Round, teams: list[Team], posted: dict[str, str]
) -> None:
    team = teams[0]
    ship, route = legal_route(game, team)
    page = url("orders", game.pk, team.pk)
    # No orders yet: a save without a version stores them (nothing can be overwritten).
    assert staff_client.post(page, orders_data(ship, route, **posted)).status_code == 302
    response = staff_client.post(page, orders_data(ship, ".", build_cargo="1", **posted))
    assert stale_note(response).startswith("Někdo jiný mezitím uložil")
    assert TeamOrders.objects.get(round=game, team=team).build_cargo == 0


def route_in_english(czech: str) -> str:
    back = {v: k for k, v in CZECH_DIRECTIONS.items()}
    return " ".join(back.get(t, t) for t in czech.split())
