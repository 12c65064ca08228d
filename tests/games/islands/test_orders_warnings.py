"""Warnings before "Potvrdit": legal orders that are probably a mistake are named on the order page
as staff type (the htmx check) and gathered per team on the resolve preview; they never stop the
orders from being stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp.models import Camp, Team
from games.islands.engine.tiles import Tile
from games.islands.models.rounds import TeamOrders
from tests.games.islands.conftest import opened, place_tile, put_tile
from tests.pages import errors, items_of

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def czech() -> Iterator[None]:
    with translation.override(settings.LANGUAGE_CODE):
        yield


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def orders(route: str, **extra: str) -> dict[str, str]:
    data = {"build_cargo": "0", "build_battleship": "0", "route-C1": route, "harbor": "", "fire": ""}
    data.update(extra)
    return data


def reef_next_to_harbor(camp: Camp, team: Team) -> tuple[str, str]:
    """Revealed reefs on a hex touching the team's bay: (its label, the Czech direction to it)."""
    label, direction = put_tile(camp, team, Tile.REEFS)
    place_tile(camp, label, Tile.REEFS.value, revealed=True)
    return label, direction


def test_the_live_check_warns_of_revealed_reefs_and_saving_still_stores(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    round_ = opened(started)
    reef, direction = reef_next_to_harbor(started, teams[0])
    response = staff_client.post(url("orders", round_.pk, teams[0].pk), orders(direction), **HTMX)
    warnings = items_of(response, "orders-warnings")
    assert warnings is not None
    assert f"Loď 1, krok 1: vpluje na odhalené útesy v {reef} a potopí se" in warnings
    assert not TeamOrders.objects.filter(round=round_).exists()  # the check stores nothing
    # A warning is not a problem: "Uložit" stores the orders as typed.
    saved = staff_client.post(url("orders", round_.pk, teams[0].pk), orders(direction))
    assert saved.status_code == 302 and errors(saved) == []
    assert TeamOrders.objects.get(round=round_, team=teams[0]).routes["C1"]


def test_orders_without_a_warning_show_no_warning_box(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    round_ = opened(started)
    ap = round_.placements.get(team=teams[0]).ap
    _label, direction = put_tile(started, teams[0], Tile.OPEN_SEA)
    route = " ".join([direction] + ["."] * (ap - 1))  # every step written: nothing is lost
    response = staff_client.post(url("orders", round_.pk, teams[0].pk), orders(route), **HTMX)
    assert response.status_code == 200 and items_of(response, "check") is not None
    assert items_of(response, "orders-warnings") is None


def test_unspent_steps_are_warned_with_their_number(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    round_ = opened(started)
    ap = round_.placements.get(team=teams[0]).ap
    _label, direction = put_tile(started, teams[0], Tile.OPEN_SEA)
    response = staff_client.post(url("orders", round_.pk, teams[0].pk), orders(direction), **HTMX)
    left = ap - 1
    assert f"{left} kroků nevyužije žádná trasa: jejich AB propadají" in (
        items_of(response, "orders-warnings") or []
    )


def test_the_resolve_preview_gathers_the_warnings_per_team(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    round_ = opened(started)
    reef, direction = reef_next_to_harbor(started, teams[0])
    staff_client.post(url("orders", round_.pk, teams[0].pk), orders(direction))
    assert TeamOrders.objects.filter(round=round_, team=teams[0]).exists()
    response = staff_client.get(url("resolve", round_.pk))
    items = items_of(response, "team-warnings")
    assert items is not None
    red = next(i for i in items if i.startswith(f"{teams[0].name} – plán tahu"))
    assert f"Loď 1, krok 1: vpluje na odhalené útesy v {reef} a potopí se" in red
    # The teams that handed in nothing are warned too, with their AP.
    ap = round_.placements.get(team=teams[1]).ap
    blue = next(i for i in items if i.startswith(f"{teams[1].name} – plán tahu"))
    assert f"Plán tahu nebyl odevzdán: {ap} AB týmu propad" in blue
    # Warnings never block the commit.
    committed = staff_client.post(url("resolve", round_.pk))
    assert committed.status_code == 302 and errors(committed) == []
