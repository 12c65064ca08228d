"""Fixtures of the islands app tests: a camp of side 5 with three teams, a staff client."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from camp import services as camp_services
from camp.models import Camp, Round, Team


@pytest.fixture
def camp(db: None) -> Camp:
    return camp_services.camp_create(name="Letní tábor techniků – 1. běh", year=2026, board_side=5)


@pytest.fixture
def teams(camp: Camp) -> list[Team]:
    return [
        camp_services.team_create(camp=camp, name="Červení", colour="#c0392b"),
        camp_services.team_create(camp=camp, name="Modří", colour="#2471a3"),
        camp_services.team_create(camp=camp, name="Zelení", colour="#229954"),
    ]


@pytest.fixture
def other_camp(db: None) -> Camp:
    return camp_services.camp_create(name="Letní tábor techniků – 2. běh", year=2026, run_number=2)


@pytest.fixture
def staff(db: None) -> object:
    return get_user_model().objects.create_superuser("vedouci", "vedouci@example.com", "heslo-heslo-123")


@pytest.fixture
def staff_client(staff: object) -> Client:
    client = Client()
    client.force_login(staff)  # type: ignore[arg-type]
    return client


def place_tile(camp: Camp, label: str, tile: str, *, chests: int = 0, revealed: bool = False) -> None:
    """Set up a scenario's board hex directly (``board_hex_set`` refuses once the game has started,
    and a scenario often needs a tile next to a ship already at sea)."""
    from games.islands.engine.hexes import geometry
    from games.islands.models import BoardHex

    h = geometry(camp.board_side).parse(label)
    BoardHex.objects.update_or_create(
        camp=camp, q=h.q, r=h.r, defaults={"tile": tile, "chests": chests, "revealed": revealed}
    )


@pytest.fixture
def game(camp: Camp, teams: list[Team]) -> Round:
    """Round 1 played and closed by the demo's planner, round 2 open for orders; a fixed seed."""
    from games.islands.demo import demo_play

    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    return Round.objects.get(camp=camp, number=2)
