"""The fair deal's services: starting one (a queued row of kind ``deal`` with a seed no one can try),
refusals that name the setting, the runner playing it to a proven board, accepting that board as
the camp's (then proven fair, until a hex is edited by hand), and the command line."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from camp.models import Camp, Team
from games.islands import deals
from games.islands.engine.rehearsal import deal as engine_deal
from games.islands.engine.rehearsal import judge
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.models.board import BoardHex, BoardSetup
from games.islands.models.rehearsals import Rehearsal, RehearsalKind, RehearsalStatus
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search of a few camps a step on the test camp's side 5, proving against a tolerance every
    board meets (the real search takes minutes: ``bench/fair_deal.py``)."""
    for module in (judge, engine_deal):
        monkeypatch.setattr(module, "TOLERANCE", 0.9)
    for name, value in (
        ("SCREEN_CAMPS", 4),
        ("READY_CAMPS", 4),
        ("READY", 0.9),
        ("READY_DOUBT", 0.9),
        ("APART_MOST", 0.9),
        ("TUNE_FROM", 0.9),
        ("CONFIRM_LOOKS", (4,)),
    ):
        monkeypatch.setattr(engine_deal, name, value)


def test_start_queues_a_deal_for_the_camp_run_with_a_long_seed(camp: Camp, teams: list[Team]) -> None:
    row = rehearsal_services.deal_start(camp=camp)
    assert row.kind == RehearsalKind.DEAL and row.status == RehearsalStatus.QUEUED
    assert row.spec["side"] == camp.board_side and row.spec["teams"] == 3
    assert row.spec["ap_table"] == list(camp.ap_table) and 2**40 < row.spec["seed"] < 2**63
    with pytest.raises(IslandsError) as busy:  # one run at a time on the laptop
        rehearsal_services.deal_start(camp=camp)
    assert busy.value.code == "busy"


def test_settings_that_make_a_fair_board_impossible_are_refused_naming_the_setting(
    camp: Camp, teams: list[Team]
) -> None:
    Camp.objects.filter(pk=camp.pk).update(ap_table=[0, 0, 0])
    camp.refresh_from_db()
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.deal_start(camp=camp)
    assert refused.value.code == "impossible"
    assert "Tabulka AB nedává žádnému týmu žádné AB" in str(refused.value)
    assert not Rehearsal.objects.filter(camp=camp).exists()


def test_a_deal_is_refused_once_the_game_has_started(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=10**16)
    BoardSetup.objects.filter(camp=camp).update(game_started_at="2026-07-01T10:00:00Z")
    with pytest.raises(IslandsError) as refused:
        rehearsal_services.deal_start(camp=camp)
    assert refused.value.code == "game_started"


@pytest.mark.usefixtures("quick")
def test_the_runner_finds_a_proven_board_and_accepting_it_makes_the_camps_board_proven(
    camp: Camp, teams: list[Team]
) -> None:
    row = rehearsal_services.deal_start(camp=camp)
    assert rehearsal_services.rehearsal_run(rehearsal_id=row.pk, workers=1) == RehearsalStatus.DONE
    row.refresh_from_db()
    report = row.report
    assert (
        report["format"] == deals.DEAL_FORMAT and report["confirmation"]["verdict"]["code"] == "proven_fair"
    )
    found = deals.dealt_cells(report)
    assert sum(c.chests for c in found.values()) == 7
    assert row.proven == [{"key": deals.cells_key(found), "camps": 4}]
    assert deals.board_proof(camp) is None  # nothing stored yet

    board_services.board_deal_accept(camp=camp, deal=row)
    stored = {
        (h.q, h.r): (h.tile, h.chests) for h in BoardHex.objects.filter(camp=camp) if h.tile != "open-sea"
    }
    assert stored == {(h.q, h.r): (c.tile.value, c.chests) for h, c in found.items()}
    assert BoardSetup.objects.get(camp=camp).generator_seed == row.spec["seed"]
    proof = deals.board_proof(camp)
    assert proof is not None and proof.rehearsal.pk == row.pk and proof.camps == 4

    # A hex changed by hand: the board is no longer the one proven.
    hexes = BoardHex.objects.filter(camp=camp, tile="open-sea")
    first = hexes.first()
    assert first is not None
    board_services.board_hex_set(camp=camp, at=first.hex, tile=Tile.REEFS)
    assert deals.board_proof(camp) is None


def test_a_deal_that_found_nothing_cannot_be_accepted(camp: Camp, teams: list[Team]) -> None:
    row = rehearsal_services.deal_start(camp=camp)
    with pytest.raises(IslandsError) as refused:
        board_services.board_deal_accept(camp=camp, deal=row)
    assert refused.value.code == "no_deal"
    assert not BoardHex.objects.filter(camp=camp).exists()


@pytest.mark.usefixtures("quick")
def test_the_command_deals_prints_and_with_accept_stores(
    camp: Camp, teams: list[Team], capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("islands_deal", "--camp", str(camp.pk), "--seed", "77", "--workers", "1", "--accept")
    printed = json.loads(capsys.readouterr().out)
    assert printed["seed"] == 77 and printed["confirmation"]["verdict"]["code"] == "proven_fair"
    proof = deals.board_proof(camp)
    assert proof is not None and proof.kind == RehearsalKind.DEAL
    # The same seed, the same board.
    call_command("islands_deal", "--side", "5", "--teams", "3", "--seed", "77", "--workers", "1")
    assert json.loads(capsys.readouterr().out)["cells"] == printed["cells"]


def test_the_command_names_an_impossible_setting_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        call_command("islands_deal", "--side", "9", "--teams", "30", "--workers", "1")
    assert exit_code.value.code == 2
    assert "30 týmů se nevejde na herní plán o straně 9" in capsys.readouterr().err


def test_the_command_names_an_ap_table_it_cannot_read_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        call_command("islands_deal", "--side", "5", "--teams", "3", "--ap-table", "14,x", "--workers", "1")
    assert exit_code.value.code == 2
    assert capsys.readouterr().err.strip() == (
        "--ap-table must list whole numbers separated by commas, e.g. 14,11,8, not “14,x”."
    )
