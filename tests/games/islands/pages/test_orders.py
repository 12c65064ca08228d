"""The order page: the live check, storing, nonsense in every order field (a message, nothing
stored, never a 500), map clicks, the fire target, a played round read-only, and two staff
saving one team's orders."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands import orders as islands_orders
from games.islands import words
from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Alphabet, Route
from games.islands.game_state import game_state
from games.islands.models.board import BoardHex, Ship
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans as plan_services
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import (
    HTMX,
    legal_route,
    orders_data,
    url,
)
from tests.pages import errors, items_of


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
    assert "zo-check-bad" in html and f"Loď {ship[1:]}, krok 2" in html
    # The map draws the route up to the typo, and counts its step as used.
    assert html.count('class="route"') == 1
    ap, cost, steps, left = re.findall(r"<span>[^<]*: <strong>(\d+)</strong></span>", html)[:4]
    assert (cost, int(left)) == ("0", int(steps) - 1) and ap == steps
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


#: Nonsense in one field, and the problem the check names for it (the page's Czech), first of all.
NONSENSE = [
    ({"build_cargo": "abc"}, "Stavba lodí: „abc“ není celý počet lodí"),
    ({"build_cargo": "-1"}, "Stavba lodí: „-1“ není celý počet lodí"),
    ({"build_cargo": "1e5"}, "Stavba lodí: „1e5“ není celý počet lodí"),
    ({"build_cargo": "9" * 40}, f"Stavba lodí: „{'9' * 20}“ není celý počet lodí"),
    ({"build_battleship": "2"}, "Stavba lodí: lodě stojí 18 AB, ale tým má v tomto kole jen 14 AB"),
    ({"build_battleship": "½"}, "Stavba lodí: „½“ není celý počet lodí"),
    ({"build_cargo": "²"}, "Stavba lodí: „²“ není celý počet lodí"),  # str.isdigit() says yes, int() no
    (
        {"harbor": "++ x"},
        "Přístav, krok 1: „++“ není posun přístavu: "
        "pište + (další zátoka), - (předchozí zátoka) nebo . (zůstává)",
    ),
    ({"harbor": "+" * 5000}, "Posuny přístavu: text je příliš dlouhý (5000 znaků, nejvýš 600)."),
    ({"fire": "Q99"}, "Střelba: „Q99“ není hex tohoto herního plánu (A1 … I1)"),
    ({"fire": "Z1"}, "Střelba: Z1 je zátoka: bitevní loď střílí na hex herního plánu"),
    ({"fire": "<script>alert(1)</script>"}, "Střelba: „<script>al“ není hex tohoto herního plánu (A1 … I1)"),
    ({"route-C1": "S " * 34}, "Loď 1: trasa má 34 kroků, ale tým má jen 14 kroků"),
    (
        {"route-C1": "N NE"},  # English letters on a Czech page
        "Loď 1, krok 1: „N“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání",
    ),
    (
        {"route-C1": "🙂"},
        "Loď 1, krok 1: „🙂“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání",
    ),
    ({"route-C1": "x" * 10000}, "Trasa (Loď 1): text je příliš dlouhý (10000 znaků, nejvýš 600)."),
    ({"route-C9": "S"}, "Tento tým nemá loď „C9“."),
    ({"route-C6": "S"}, "Tento tým nemá loď „C6“."),
    ({"route-<b>": "S"}, "Tento tým nemá loď „<b>“."),
]


@pytest.mark.parametrize(
    ("extra", "problem"), NONSENSE, ids=[f"{next(iter(d))}{i}" for i, (d, _p) in enumerate(NONSENSE)]
)
def test_nonsense_in_any_field_is_a_message(
    staff_client: Client, game: Round, teams: list[Team], extra: dict[str, str], problem: str
) -> None:
    team = teams[0]
    data = {"build_cargo": "0", "build_battleship": "0", "route-C1": "", "harbor": "", "fire": ""}
    data.update(extra)
    for kwargs in (HTMX, {}):
        response = staff_client.post(url("orders", game.pk, team.pk), data, **kwargs)
        assert response.status_code == 200, response.content.decode()[:500]
        assert (items_of(response, "check") or [""])[0] == problem
        assert "<script>alert" not in response.content.decode()
    assert not TeamOrders.objects.filter(round=game).exists()


def test_nonsense_in_the_page_switches_changes_nothing_of_the_orders(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    team = teams[0]
    data = {"build_cargo": "0", "build_battleship": "0", "route-C1": "", "harbor": "", "fire": ""}
    data |= {"mode": "fire'\"", "show_hidden": "maybe"}
    live = staff_client.post(url("orders", game.pk, team.pk), data, **HTMX)
    assert (items_of(live, "check") or [""])[0] == "14 kroků nevyužije žádná trasa: jejich AB propadají"
    assert "fire'" not in live.content.decode()
    response = staff_client.post(url("orders", game.pk, team.pk), data)
    assert response.status_code == 302 and response["Location"] == url("page", game.pk)
    assert TeamOrders.objects.get(round=game, team=team).routes == {}


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
        round=game, team=team, sheet=OrderSheet.typed(build_cargo=1, routes={ship: route})
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


def test_orders_saved_while_another_staff_member_resolves_the_round(
    staff_client: Client, game: Round, teams: list[Team], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save was checked against the open round, then the round was resolved before it stored:
    the message, the orders as played, and nothing changed (never a 500)."""
    team = teams[0]
    ship, route = legal_route(game, team)
    round_services.orders_submit(round=game, team=team, sheet=OrderSheet.typed(routes={ship: route}))
    submit = plan_services.plan_orders_entered  # the page's save: the orders, and a plan handed in

    def resolved_first(**kwargs: Any) -> Any:
        round_services.round_resolve(round=Round.objects.get(pk=game.pk))  # "Potvrdit" on another laptop
        return submit(**kwargs)

    monkeypatch.setattr(plan_services, "plan_orders_entered", resolved_first)
    page = url("orders", game.pk, team.pk)
    response = staff_client.post(page, orders_data(ship, route, build_cargo="1", v="1"), follow=True)
    assert response.status_code == 200 and response.redirect_chain == [(page, 302)]
    assert errors(response) == ["Plán tahu už nelze měnit: kolo není otevřené."]
    assert "Uložený plán tahu" in response.content.decode()  # the orders as played
    assert TeamOrders.objects.get(round=game, team=team).build_cargo == 0


def test_map_click_appends_a_direction(staff_client: Client, game: Round, teams: list[Team]) -> None:
    team = teams[0]
    ship, route = legal_route(game, team)
    check = islands_orders.orders_check(round=game, team=team, sheet=OrderSheet.typed(routes={ship: route}))
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
    assert f'value="{route}"' in response.content.decode()
    with translation.override("cs"):
        not_next = gettext(
            "%(hex)s is not next to the end of %(ship)s's route (%(end)s): click a neighbouring hex."
        ) % {"hex": far, "ship": words.ship_label(ship), "end": end}
        not_a_hex = gettext("“%(label)s” is not a hex of this board.") % {"label": "ZZ"}
    assert click_message(response) == not_next
    # Nonsense labels: a message.
    response = staff_client.get(
        url("orders", game.pk, team.pk), orders_data(ship, route, mode=ship, hex="ZZ"), **HTMX
    )
    assert response.status_code == 200 and click_message(response) == not_a_hex
    assert not TeamOrders.objects.filter(round=game).exists()


def click_message(response: Any) -> str:
    """What the page says about a click on the map (the editor's alert under the click modes)."""
    found = re.search(r'<p class="zo-bad" role="alert">(.*?)</p>', response.content.decode(), re.S)
    return unescape(found.group(1)) if found else ""


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
    with translation.override("cs"):
        nothing = gettext("No ship may move this round and the team has no battleship: the map sets nothing.")
    assert response.status_code == 200 and click_message(response) == nothing
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
    assert re.search(r"Uložil ho druhy ve? \d\d:\d\d:", note) and f"Trasa (Loď {ship[1:]}): {route}" in note
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
    return Route.parse(czech, Alphabet.CZECH).text()
