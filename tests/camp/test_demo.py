"""The demo camp: its fixture, the builder that generates it (``manage.py demo_fixture``) and
``manage.py demo_setup``, which loads it."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from camp import selectors
from camp.demo import (
    DemoError,
    build_demo,
    demo_fixture_path,
    demo_models,
    fixture_differences,
    fixture_text,
    serialize_demo,
)
from camp.models import Camp, MiniGame, Placement, Round, RoundStatus, Team
from games.batavia.demo import PLACEHOLDER_TOKEN_PREFIX
from games.batavia.models import BataviaSeat, BataviaSession, SessionStatus
from games.islands.models.board import BoardHex
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders


def committed_fixture() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(demo_fixture_path().read_text(encoding="utf-8"))
    return rows


def run_demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


# ------------------------------------------------------------------------------- the fixture


# Primary keys from 1, on PostgreSQL too (its sequences are not reset between tests otherwise): the
# fixture was built in a fresh database, and its JSON (the islands priority order) holds team ids.
@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_the_committed_fixture_is_what_the_builder_makes() -> None:
    """Fails after a change of an engine or of the demo planner: run ``manage.py demo_fixture``."""
    build_demo(out=lambda line: None)
    differences = fixture_differences(committed_fixture(), serialize_demo())
    assert not differences, (
        "fixtures/demo_camp.json is stale: run `manage.py demo_fixture` and commit it.\n"
        + "\n".join(differences[:30])
    )


def test_the_fixture_file_is_written_by_the_tool() -> None:
    """Stable formatting: regenerating an unchanged demo gives the same bytes (a clean diff)."""
    assert fixture_text(committed_fixture()) == demo_fixture_path().read_text(encoding="utf-8")


def test_the_fixture_holds_the_whole_demo_and_no_secret() -> None:
    rows = committed_fixture()
    models = {row["model"] for row in rows}
    assert {
        "camp.camp",
        "camp.team",
        "camp.round",
        "camp.minigame",
        "camp.placement",
        "islands.boardsetup",
        "islands.boardhex",
        "islands.harbor",
        "islands.ship",
        "islands.islandsround",
        "islands.teamorders",
        "islands.roundresult",
        "batavia.bataviasession",
        "batavia.bataviaseat",
    } <= models
    assert {model.split(".")[0] for model in models} == {"camp", "islands", "batavia"}  # no user, no log
    seats = [row["fields"] for row in rows if row["model"] == "batavia.bataviaseat"]
    assert len(seats) == 3
    for number, seat in enumerate(seats, start=1):  # a placeholder, and a revoked one
        assert seat["token"] == f"{PLACEHOLDER_TOKEN_PREFIX}{number}"
        assert seat["token_revoked_at"] is not None
    assert len(json.dumps(rows)) < 200_000  # a demo, not a dump of a whole summer


def test_the_fixture_loads(db: None) -> None:
    call_command("loaddata", "demo_camp", verbosity=0)
    camp = Camp.objects.get()
    assert (camp.name, camp.year, camp.run_number, camp.board_side) == (
        "Letní tábor techniků – 1. běh",
        2026,
        1,
        9,
    )
    assert camp.ap_table == [14, 11, 8]
    assert list(Team.objects.values_list("name", "colour")) == [
        ("Červení", "#c0392b"),
        ("Modří", "#2471a3"),
        ("Zelení", "#229954"),
    ]
    assert Round.objects.count() == 4 and MiniGame.objects.count() == 4
    for placement in Placement.objects.select_related("round__camp"):  # stored AP agree with the table
        assert placement.ap == selectors.ap_for_rank(placement.round.camp.ap_table, placement.rank)
    for round_ in Round.objects.all():  # placements are a valid competition ranking
        ranks = dict(Placement.objects.filter(round=round_).values_list("team_id", "rank"))
        assert len(ranks) == 3
        assert selectors.competition_ranking_gaps(ranks) == []


def test_the_base_fixture_is_the_builders_start(db: None) -> None:
    """The hand-written start: rounds 1-3 with mini-games, placements of rounds 1-2, no game yet."""
    call_command("loaddata", "demo_base", verbosity=0)
    assert list(Round.objects.values_list("number", "status")) == [
        (1, RoundStatus.MINIGAME_RECORDED),
        (2, RoundStatus.MINIGAME_RECORDED),
        (3, RoundStatus.PLANNED),
    ]
    assert Placement.objects.count() == 6
    assert not BoardHex.objects.exists() and not BataviaSession.objects.exists()


def test_the_builder_refuses_a_database_with_data(db: None) -> None:
    Camp.objects.create(name="Skutečný tábor", year=2026)
    with pytest.raises(DemoError, match="empty database"):
        build_demo(out=lambda line: None)
    assert list(Camp.objects.values_list("name", flat=True)) == ["Skutečný tábor"]


def test_fixture_differences_name_the_rows() -> None:
    rows = committed_fixture()
    assert fixture_differences(rows, rows) == []
    assert fixture_differences(list(reversed(rows)), rows) == []  # the order does not matter
    changed = json.loads(json.dumps(rows))
    harbor = next(row for row in changed if row["model"] == "islands.harbor")
    harbor["fields"]["delivered"] += 1
    extra = {"model": "camp.team", "pk": 99, "fields": {}}
    assert fixture_differences([*changed, extra], rows) == [
        "camp.team pk=99: in the committed fixture, not built any more",
        f"islands.harbor pk={harbor['pk']}: delivered differs",
    ]
    assert fixture_differences(changed[1:], rows)[0].endswith("built now, missing from the committed fixture")
    assert fixture_differences({"rows": []}, rows) == [
        "the committed fixture is not a list of rows (model, pk, fields)"
    ]


def test_demo_fixture_command_writes_and_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The command builds in a throwaway database (a child process): it writes the committed file
    byte for byte, and ``--check`` fails naming the rows of a stale one."""
    from camp.management.commands import demo_fixture as command

    builds: list[Any] = []
    build = command.build_in_throwaway_database

    def recorded() -> Any:
        builds.append(build())
        return builds[-1]

    monkeypatch.setattr(command, "build_in_throwaway_database", recorded)
    path = tmp_path / "demo_camp.json"
    out = StringIO()
    call_command("demo_fixture", "--path", str(path), stdout=out)
    assert "Wrote" in out.getvalue()
    assert path.read_text(encoding="utf-8") == demo_fixture_path().read_text(encoding="utf-8")

    # --check compares what the builder makes with the file: the same build again (building the
    # whole demo twice would test the builder twice, not the check).
    monkeypatch.setattr(command, "build_in_throwaway_database", lambda: builds[0])
    stale = committed_fixture()
    next(row for row in stale if row["model"] == "islands.harbor")["fields"]["delivered"] += 1
    path.write_text(json.dumps(stale), encoding="utf-8")
    with pytest.raises(CommandError, match=r"run `manage.py demo_fixture`[\s\S]*islands.harbor pk=1"):
        call_command("demo_fixture", "--check", "--path", str(path), stdout=StringIO())
    assert json.loads(path.read_text(encoding="utf-8")) == stale  # --check writes nothing


# ------------------------------------------------------------------------------ demo_setup


def test_demo_setup_loads_the_played_demo(db: None, settings: Any, django_user_model: type) -> None:
    settings.DEBUG = True
    output = run_demo_setup()
    assert "Loaded the demo camp" in output and "3 rounds played, round 4 open for orders" in output
    camp = Camp.objects.get()
    assert list(Round.objects.filter(camp=camp).values_list("number", "status")) == [
        (1, RoundStatus.CLOSED),
        (2, RoundStatus.CLOSED),
        (3, RoundStatus.CLOSED),
        (4, RoundStatus.ORDERS_OPEN),
    ]
    assert RoundResult.objects.filter(round__camp=camp).count() == 3
    assert IslandsRound.objects.filter(round__number=4).exists()
    assert TeamOrders.objects.filter(round__number=3).count() == 3
    session = BataviaSession.objects.get(minigame__round__number=3)
    assert session.status == SessionStatus.RECORDED
    assert Placement.objects.filter(round__number=3).count() == 3
    # Every seat has a fresh random link: not the fixture's placeholder, and working.
    fixture_tokens = {
        row["fields"]["token"] for row in committed_fixture() if row["model"] == "batavia.bataviaseat"
    }
    seats = list(BataviaSeat.objects.all())
    assert len(seats) == 3
    assert not {seat.token for seat in seats} & fixture_tokens
    assert len({seat.token for seat in seats}) == 3 and all(len(seat.token) >= 40 for seat in seats)
    assert all(seat.link_active for seat in seats)
    client = Client()
    assert client.get(reverse("batavia:team", args=[seats[0].token])).status_code == 200
    # The staff pages of the loaded demo work.
    client.force_login(django_user_model.objects.get(username="vedouci"))
    assert client.get(reverse("admin:index")).status_code == 200
    assert client.get(reverse("admin:batavia_bataviasession_master", args=[session.pk])).status_code == 200


def test_demo_setup_is_idempotent(db: None, settings: Any) -> None:
    settings.DEBUG = True
    first = run_demo_setup()

    def everything() -> list[Any]:  # every row as stored (tokens and date-times too)
        return [serializers.serialize("python", m._base_manager.order_by("pk")) for m in demo_models()]

    before = everything()
    second = run_demo_setup()
    assert everything() == before
    assert Camp.objects.count() == 1
    user = get_user_model().objects.get(username="vedouci")
    assert user.is_staff and user.is_superuser and user.check_password("zlate-ostrovy")
    for output in (first, second):
        assert "http://127.0.0.1:8000/admin/" in output
        assert "vedouci" in output
        assert "zlate-ostrovy" in output
    assert "not loaded" in second and "new private links" not in second


def test_demo_setup_never_loads_over_real_data(db: None, settings: Any) -> None:
    settings.DEBUG = True
    Camp.objects.create(name="Skutečný tábor", year=2026)
    output = run_demo_setup()
    assert "Camp runs exist already: demo camp not loaded." in output
    assert list(Camp.objects.values_list("name", flat=True)) == ["Skutečný tábor"]
    assert not Round.objects.exists() and not BataviaSeat.objects.exists()


def test_demo_setup_keeps_a_changed_password(db: None, settings: Any) -> None:
    settings.DEBUG = True
    run_demo_setup()
    user = get_user_model().objects.get(username="vedouci")
    user.set_password("jine-heslo-123")
    user.save()
    output = run_demo_setup()
    assert "zlate-ostrovy" not in output
    assert get_user_model().objects.get(username="vedouci").check_password("jine-heslo-123")


def test_demo_setup_refuses_without_debug(db: None, settings: Any) -> None:
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG"):
        run_demo_setup()
    assert not get_user_model().objects.exists()
    assert not Camp.objects.exists()
