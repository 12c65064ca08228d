"""Fixtures of the islands app tests: a camp of side 5 with three teams, a staff client.

A test that asks for ``game`` gets a camp whose round 1 was played: that world is built once per
test module, in a transaction rolled back at the module's end, and every test runs in a savepoint
of it (pytest-django's ``db``), so replaying the round does not cost every test. ``camp`` and
``teams`` are then that world's; without ``game`` they are a fresh camp and its teams.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils import translation

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands import demo
from games.islands.engine.hexes import direction_between, geometry
from games.islands.engine.notation import Alphabet, Route
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex, Harbor, Pirate, Ship
from games.islands.services import rounds as round_services

CAMP_NAME = "Letní tábor techniků – 1. běh"
GAME_SEED = 4151990316782215021


def ship_title_team(title: str) -> str:
    """The team a ship marker's hover title names ("Loď 1 (Červení), truhly: 2" -> "Červení")."""
    named = re.fullmatch(r"(?:Loď \d+|Ship \d+|Bitevní loď|Battleship) \((.+?)\)(?:, .*)?", title)
    assert named is not None, title
    return named.group(1)


def _new_camp() -> Camp:
    return camp_services.camp_create(name=CAMP_NAME, year=2026, board_side=5)


def _new_teams(camp: Camp) -> list[Team]:
    return [
        camp_services.team_create(camp=camp, name="Červení", colour="#c0392b"),
        camp_services.team_create(camp=camp, name="Modří", colour="#2471a3"),
        camp_services.team_create(camp=camp, name="Zelení", colour="#229954"),
    ]


@pytest.fixture(scope="module")
def played_world(django_db_setup: None, django_db_blocker: Any) -> Iterator[tuple[int, list[int]]]:
    """(camp id, team ids) of a camp with round 1 played and closed by the demo's planner and round 2
    open for orders (no orders stored yet); a fixed seed, so every run plays the same game."""
    from games.islands.demo import demo_play

    with django_db_blocker.unblock(), translation.override(settings.LANGUAGE_CODE):
        with transaction.atomic():
            camp = _new_camp()
            teams = _new_teams(camp)
            Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED)
            camp.refresh_from_db()
            demo_play(camp, rounds=1, open_next=True)
            yield camp.pk, [t.pk for t in teams]
            transaction.set_rollback(True)


def _played(request: pytest.FixtureRequest) -> tuple[int, list[int]] | None:
    return request.getfixturevalue("played_world") if "game" in request.fixturenames else None


@pytest.fixture
def camp(request: pytest.FixtureRequest, db: None) -> Camp:
    played = _played(request)
    return _new_camp() if played is None else Camp.objects.get(pk=played[0])


@pytest.fixture
def teams(request: pytest.FixtureRequest, camp: Camp) -> list[Team]:
    played = _played(request)
    if played is None:
        return _new_teams(camp)
    by_id = Team.objects.in_bulk(played[1])
    return [by_id[pk] for pk in played[1]]


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
    from games.islands.models.board import BoardHex

    h = geometry(camp.board_side).parse(label)
    BoardHex.objects.update_or_create(
        camp=camp, q=h.q, r=h.r, defaults={"tile": tile, "chests": chests, "revealed": revealed}
    )


@pytest.fixture
def game(played_world: tuple[int, list[int]], camp: Camp, teams: list[Team]) -> Round:
    """Round 2 of the played world (see the module's docstring), open for orders."""
    return Round.objects.get(camp=camp, number=2)


# ------------------------------------------------------------------------------------ rounds
# A started game (board, sides, bays, ships) and helpers of the round tests.


@pytest.fixture
def started(camp: Camp, teams: list[Team]) -> Camp:
    """The side-5 camp with its board, sides, bays and ships (no rounds yet)."""
    demo.game_setup(camp, board_seed=11)
    return camp


def new_round(camp: Camp, ranks: list[tuple[Team, int]] | None = None) -> Round:
    round_ = camp_services.round_create(camp=camp)
    teams = list(Team.objects.filter(camp=camp).order_by("order"))
    ranks = ranks if ranks is not None else [(t, i) for i, t in enumerate(teams, start=1)]
    camp_services.placements_record(round=round_, ranks={t.pk: r for t, r in ranks})
    round_.refresh_from_db()
    return round_


def opened(camp: Camp, ranks: list[tuple[Team, int]] | None = None) -> Round:
    round_ = new_round(camp, ranks)
    round_services.round_open(round=round_)
    return round_


def rows(camp: Camp) -> dict[str, list[tuple[Any, ...]]]:
    """Every row a round may change, field by field (ship and pirate ids aside)."""
    return {
        "hexes": list(
            BoardHex.objects.filter(camp=camp)
            .order_by("q", "r")
            .values_list("q", "r", "tile", "chests", "revealed", "revealed_round_id", "revealed_by_id")
        ),
        "ships": list(
            Ship.objects.filter(team__camp=camp)
            .order_by("team_id", "ident")
            .values_list(
                "team_id",
                "ident",
                "kind",
                "q",
                "r",
                "chests",
                "boat",
                "seahorse",
                "mermaid",
                "octopus",
                "built_round_id",
            )
        ),
        "pirates": list(
            Pirate.objects.filter(camp=camp)
            .order_by("ident")
            .values_list("ident", "q", "r", "seahorse", "mermaid", "octopus")
        ),
        "harbors": list(
            Harbor.objects.filter(team__camp=camp)
            .order_by("team_id")
            .values_list("team_id", "side", "bay", "delivered")
        ),
    }


def harbor_of(team: Team) -> Any:
    g = geometry(team.camp.board_side)
    return g.bay(Harbor.objects.get(team=team).bay)


def put_tile(camp: Camp, team: Team, tile: Tile, *, chests: int = 0, index: int = 0) -> tuple[str, str]:
    """Put ``tile`` (hidden) on a hex touching the team's bay; returns (hex label, Czech direction)."""
    g = geometry(camp.board_side)
    bay = harbor_of(team)
    h = g.bay_hexes(bay)[index]
    place_tile(camp, g.label(h), tile.value, chests=chests)
    direction = direction_between(bay, h)
    assert direction is not None
    return g.label(h), Route((direction,)).text(Alphabet.CZECH)


def replay(tmp_path: Path, text: str) -> dict[str, Any]:
    path = tmp_path / "round.json"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("islands_scenario", str(path), stdout=out)
    return json.loads(out.getvalue())


def file_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Stored events as the round file writes them."""
    out = []
    for e in events:
        who = e["actor"] if e["team"] is None else (f"{e['team']}.{e['actor']}" if e["actor"] else e["team"])
        entry = {"step": e["step"], "half": e["half"], "who": who, "at": e["at"], "what": e["what"]}
        if e["visibility"] != "public":
            entry["private"] = True
        out.append(entry)
    return out


# ------------------------------------------------------------------------------------ rehearsals


@pytest.fixture
def fake_simulator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rehearsals play no game: the services call the tests' fake of the simulator
    (tests/games/islands/fake_rehearsal.py), which returns a report of the contract's shape."""
    from games.islands.services import rehearsals as rehearsal_services
    from tests.games.islands.fake_rehearsal import fake_rehearse

    monkeypatch.setattr(rehearsal_services, "rehearse", fake_rehearse)
