"""What the order tests missed when bugs were planted in parsing, checking and storing orders: each
test here fails with one such bug (named in its docstring). They hold on behaviour that outlives a
rewrite of the order modules: the order page's POST and what it stores, the round file, and the
engine's public ``parse_*``/``check_orders``."""

from __future__ import annotations

import json

from bs4 import BeautifulSoup
from django.http import HttpResponse
from django.test import Client

from camp.models import Round, Team
from games.islands import words
from games.islands.engine.hexes import geometry
from games.islands.engine.orders import Orders, ProblemCode, check_orders
from games.islands.engine.state import Board, GameState, Ship, ShipKind
from games.islands.engine.state import Team as TeamState
from games.islands.game_state import game_state
from games.islands.models.board import Ship as ShipRow
from games.islands.models.rounds import TeamOrders
from games.islands.services import round_files
from tests.games.islands.pages.helpers import HTMX, legal_route, orders_data, url


def _save(client: Client, game: Round, team: Team, data: dict[str, str]) -> TeamOrders:
    response = client.post(url("orders", game.pk, team.pk), data)
    assert response.status_code == 302 and response["Location"] == url("page", game.pk)
    return TeamOrders.objects.get(round=game, team=team)


def _exported_orders(game: Round, team: Team) -> dict[str, object]:
    document = json.loads(round_files.round_export(round=game))
    orders = document["orders"]
    assert isinstance(orders, dict)
    return orders[team.name]


def test_a_fire_target_saved_on_the_order_page_is_stored_and_in_the_round_file(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: ``orders_submit`` stored ``fire`` as "" (the shot was lost, and every test passed)."""
    team = teams[0]
    ShipRow.objects.create(team=team, ident="B", kind="battleship")  # in its harbor at the round's start
    ship, route = legal_route(game, team)
    g = geometry(game.camp.board_side)
    harbor = game_state(game.camp, round=game).team(team.name).harbor
    target = next(h for h in g.ordered if not g.is_bay(h) and h != harbor)
    stored = _save(staff_client, game, team, orders_data(ship, route, fire=g.label(target).lower()))
    assert stored.fire == g.label(target)
    assert _exported_orders(game, team)["fire"] == g.label(target)
    page = staff_client.get(url("orders", game.pk, team.pk)).content.decode()
    assert f'name="fire" value="{g.label(target)}"' in page


def test_two_harbor_moves_typed_without_a_space_are_two_moves(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: the sheet's harbor run was split into moves only from three characters on, so
    "+-" (next bay, then back) was refused as one unknown token."""
    team = teams[1]
    ship, route = legal_route(game, team)
    stored = _save(staff_client, game, team, orders_data(ship, route, harbor="+-"))
    assert stored.harbor == "+ -"
    assert _exported_orders(game, team)["harbor"] == "+ -"


def test_a_seahorse_ships_bad_token_is_named_by_step_and_half_step(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: the step and half-step of a bad token in a seahorse ship's route were counted
    from 0 (token 3 named "krok 2, půlkrok 2" instead of "krok 2, půlkrok 1")."""
    team = teams[2]
    ship, route = legal_route(game, team)
    ShipRow.objects.filter(team=team, ident=ship).update(seahorse=True)  # moves double this round
    for typed, where in ((f"{route} {route} X", "krok 2, půlkrok 1"), (f"{route} X", "krok 1, půlkrok 2")):
        response = staff_client.post(url("orders", game.pk, team.pk), orders_data(ship, typed))
        assert response.status_code == 200
        assert _problems(response) == [
            f"Loď {ship[1:]}, {where}: „X“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání"
        ]
    assert not TeamOrders.objects.filter(round=game, team=team).exists()


def test_a_harbor_text_of_other_letters_is_named_whole(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: any harbor text without spaces was split into characters (not only a run of
    ``+ - .``), so "ab" was named as "a"."""
    team = teams[2]
    ship, route = legal_route(game, team)
    response = staff_client.post(url("orders", game.pk, team.pk), orders_data(ship, route, harbor="ab"))
    assert response.status_code == 200
    assert _problems(response) == [
        "Přístav, krok 1: „ab“ není posun přístavu: pište + (další zátoka), - (předchozí zátoka) "
        "nebo . (zůstává)"
    ]
    assert not TeamOrders.objects.filter(round=game, team=team).exists()


def test_a_seahorse_ships_two_tokens_fill_one_step_of_the_ap(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: the steps a route uses were counted one per token for a seahorse ship too, so
    the page said 9 AP were lost where 10 are."""
    team = teams[2]
    ship, route = legal_route(game, team)
    ShipRow.objects.filter(team=team, ident=ship).update(seahorse=True)
    response = staff_client.post(url("orders", game.pk, team.pk), orders_data(ship, f"{route} ."), **HTMX)
    check = _soup(response).find(id="check")
    assert check is not None
    warnings = check.find(id="orders-warnings")
    assert warnings is not None
    assert [li.get_text(" ", strip=True) for li in warnings.find_all("li")] == [
        "10 kroků nevyužije žádná trasa: jejich AB propadají"
    ]


def test_a_route_of_stays_is_kept_in_the_round_file(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Planted bug: the round file left out a route of stays only (the replay is the same, the
    file is not what was stored)."""
    team = teams[0]
    ship, _route = legal_route(game, team)
    stored = _save(staff_client, game, team, orders_data(ship, ". ."))
    assert stored.routes == {ship: ". ."}
    assert _exported_orders(game, team)["routes"] == {ship: ". ."}


def _problems(response: HttpResponse) -> list[str]:
    return [li.get_text(" ", strip=True) for li in _soup(response).select(".zo-check-bad li")]


def _soup(response: HttpResponse) -> BeautifulSoup:
    return BeautifulSoup(response.content.decode(), "html.parser")


G = geometry(5)


def _red(*ships: Ship) -> GameState:
    return GameState(Board.empty(5), (TeamState("red", G.parse("Z1"), ships=ships),))


def test_two_routes_for_a_ship_on_the_board_are_one_problem() -> None:
    """Planted bug: the check of a second route for a ship already afloat was skipped (only ships
    being built were checked), so the second route silently replaced the first."""
    state = _red(Ship("C1", ShipKind.CARGO, at=G.parse("C3")))
    orders = Orders(ap=3, routes=(("C1", (None,)), ("C1", (None, None))))
    problems = check_orders(state, "red", orders)
    assert [(p.code, p.field, p.ship) for p in problems] == [(ProblemCode.DUPLICATE_ROUTE, "routes", "C1")]
    assert words.breach_file_line(problems[0]) == "orders.red.routes.C1: two routes for C1"


def test_negative_action_points_are_named_from_minus_one() -> None:
    """Planted bug: ``ap < -1`` for ``ap < 0``: orders with -1 AP passed the check."""
    state = _red(Ship("C1", ShipKind.CARGO, at=G.parse("C3")))
    problems = check_orders(state, "red", Orders(ap=-1))
    assert [(p.code, p.field, dict(p.params)) for p in problems] == [
        (ProblemCode.NEGATIVE_AP, "ap", {"ap": -1})
    ]
    assert check_orders(state, "red", Orders(ap=0)) == []
