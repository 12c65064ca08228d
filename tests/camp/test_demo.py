"""The demo camp fixture and ``manage.py demo_setup``."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from camp import selectors
from camp.models import Camp, MiniGame, Placement, Round, Team


def test_fixture_loads(db: None) -> None:
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
    assert Round.objects.count() >= 3 and MiniGame.objects.count() >= 3
    round1 = Round.objects.get(number=1)
    assert Placement.objects.filter(round=round1).count() == 3
    for placement in Placement.objects.select_related("round__camp"):  # stored AP agree with the table
        assert placement.ap == selectors.ap_for_rank(placement.round.camp.ap_table, placement.rank)
    for round_ in Round.objects.all():  # placements are a valid competition ranking
        ranks = dict(Placement.objects.filter(round=round_).values_list("team_id", "rank"))
        assert selectors.competition_ranking_gaps(ranks) == []


def run_demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


def test_demo_setup_is_idempotent(db: None, settings: Any) -> None:
    settings.DEBUG = True
    first = run_demo_setup()
    counts = (Camp.objects.count(), Team.objects.count(), Round.objects.count(), Placement.objects.count())
    second = run_demo_setup()
    assert counts == (
        Camp.objects.count(),
        Team.objects.count(),
        Round.objects.count(),
        Placement.objects.count(),
    )
    assert counts[0] == 1
    user = get_user_model().objects.get(username="vedouci")
    assert user.is_staff and user.is_superuser and user.check_password("zlate-ostrovy")
    for output in (first, second):
        assert "http://127.0.0.1:8000/admin/" in output
        assert "vedouci" in output
        assert "zlate-ostrovy" in output
    assert "not loaded" in second


def test_demo_setup_never_loads_over_real_data(db: None, settings: Any) -> None:
    settings.DEBUG = True
    Camp.objects.create(name="Skutečný tábor", year=2026)
    run_demo_setup()
    assert list(Camp.objects.values_list("name", flat=True)) == ["Skutečný tábor"]


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
