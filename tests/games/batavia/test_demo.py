"""The Batavia demo: the demo camp's round 3 played by bots (a step of the demo builder, whose result
the demo fixture holds) and fresh private links when ``demo_setup`` loads it."""

from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.demo import build_demo, load_demo_base
from camp.models import Camp, Placement, Round, RoundStatus
from games.batavia import selectors
from games.batavia.demo import PLACEHOLDER_TOKEN_PREFIX, play_demo_game, renew_demo_links
from games.batavia.engine.scoring import competition_ranks
from games.batavia.models import BataviaSeat, BataviaSession, SessionMode, SessionStatus


def demo_setup() -> str:
    out = StringIO()
    call_command("demo_setup", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("how", ["build", "demo_setup"])
def test_round_3_batavia_is_played_with_bots(db: None, settings: Any, how: str) -> None:
    """By the demo builder, and so in the fixture that ``demo_setup`` loads."""
    settings.DEBUG = True
    if how == "build":
        lines: list[str] = []
        build_demo(out=lines.append)
        assert "Batavia: round 3 played by bots, placements recorded." in lines
    else:
        output = demo_setup().splitlines()
        assert "Batavia: new private links for the 3 seats of the demo game:" in output
    camp = Camp.objects.get()
    round3 = Round.objects.get(camp=camp, number=3)
    session = BataviaSession.objects.get(minigame__round=round3)
    assert (session.mode, session.status) == (SessionMode.DIGITAL, SessionStatus.RECORDED)
    seats = list(session.seats.select_related("team"))
    assert [s.team.name for s in seats] == ["Červení", "Modří", "Zelení"]
    assert {s.bot for s in seats} == {"greedy"}
    if how == "demo_setup":  # the fresh links, printed one a team, where the server listens
        for seat in seats:
            assert f"  {seat.team.name}: http://127.0.0.1:8000/batavia/t/{seat.token}/" in output
    assert session.record["format"] == "batavia/1"
    state = selectors.session_state(session)
    assert state is not None and state.phase == "finished" and state.scores is not None
    # The game's final ranking (ties shared) is round 3's placements, and the islands demo kept them.
    places = competition_ranks([score.total for score in state.scores])
    expected = {seat.team_id: places[seat.number] for seat in seats}
    assert dict(Placement.objects.filter(round=round3).values_list("team_id", "rank")) == expected
    assert round3.status == RoundStatus.CLOSED


def test_staff_open_the_demo_game(db: None, settings: Any, django_user_model: type) -> None:
    """The game master's page, the projector table and the export show the bots' game."""
    settings.DEBUG = True
    demo_setup()
    session = BataviaSession.objects.get()
    client = Client()
    client.force_login(django_user_model.objects.get(username="vedouci"))
    for name in ("master", "table"):
        response = client.get(reverse(f"admin:batavia_bataviasession_{name}", args=[session.pk]))
        assert response.status_code == 200, name
    response = client.get(reverse("admin:batavia_bataviasession_export", args=[session.pk]))
    assert response.status_code == 200
    assert response.json()["actions"] == session.record["actions"]


def test_the_batavia_demo_step_is_idempotent(db: None) -> None:
    load_demo_base(out=lambda line: None)
    play_demo_game(out=lambda line: None)
    session = BataviaSession.objects.get()
    before = (session.record, session.version, session.status, session.updated_at)
    placements = list(Placement.objects.order_by("pk").values_list("pk", "round_id", "team_id", "rank", "ap"))
    lines: list[str] = []
    play_demo_game(out=lines.append)
    assert lines == ["Batavia: round 3 has been played already."]
    session = BataviaSession.objects.get()
    assert (session.record, session.version, session.status, session.updated_at) == before
    assert list(Placement.objects.order_by("pk").values_list("pk", "round_id", "team_id", "rank", "ap")) == (
        placements
    )


def test_the_batavia_demo_step_leaves_recorded_placements_alone(db: None) -> None:
    """A demo whose round 3 has placements already (placed by the islands demo) gets no game."""
    call_command("loaddata", "demo_base", verbosity=0)
    round3 = Round.objects.get(number=3)
    teams = list(round3.camp.teams.order_by("order"))
    camp_services.placements_record(round=round3, ranks={t.pk: i for i, t in enumerate(teams, 1)})
    lines: list[str] = []
    play_demo_game(out=lines.append)
    assert lines == ["Batavia: round 3 has been played already."]
    assert not BataviaSession.objects.exists()


def test_no_demo_camp_no_game(db: None) -> None:
    Camp.objects.create(name="Skutečný tábor", year=2026)
    lines: list[str] = []
    play_demo_game(out=lines.append)
    assert not BataviaSession.objects.exists()
    assert lines and "no Batavia game played" in lines[0]


def test_renewing_the_demo_links_touches_only_placeholders(db: None) -> None:
    """A seat with a real token (any game but the loaded demo's) keeps its link."""
    load_demo_base(out=lambda line: None)
    play_demo_game(out=lambda line: None)
    session = BataviaSession.objects.get()
    seats = list(session.seats.order_by("number"))
    BataviaSeat.objects.filter(pk=seats[0].pk).update(token=f"{PLACEHOLDER_TOKEN_PREFIX}1")
    tokens = dict(BataviaSeat.objects.values_list("pk", "token"))
    lines: list[str] = []
    renew_demo_links(out=lines.append, base_url="http://10.0.0.5:8000/")
    renewed = dict(BataviaSeat.objects.values_list("pk", "token"))
    team = BataviaSeat.objects.get(pk=seats[0].pk).team
    assert lines == [
        "Batavia: new private links for 1 seat of the demo game:",
        f"  {team.name}: http://10.0.0.5:8000/batavia/t/{renewed[seats[0].pk]}/",
    ]
    assert renewed[seats[1].pk] == tokens[seats[1].pk] and renewed[seats[2].pk] == tokens[seats[2].pk]
    assert not renewed[seats[0].pk].startswith(PLACEHOLDER_TOKEN_PREFIX)
    renew_demo_links(out=lines.append)
    assert len(lines) == 2 and dict(BataviaSeat.objects.values_list("pk", "token")) == renewed
