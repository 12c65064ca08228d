"""A rehearsal reveals the board (its report and its cells): no public page, no team page, no team
sheet and no notice-board sheet shows anything of it (their bytes are the same with and without a
kept rehearsal, rendered again), and the camp file and the round file leave it out."""

from __future__ import annotations

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from camp.backups.export import camp_export_document
from camp.models import Camp, Round, RoundStatus, Team
from games.islands import rehearsal_report, rehearsals
from games.islands.models.rehearsals import Rehearsal
from games.islands.services import rehearsals as rehearsal_services
from games.islands.services import round_files
from tests.games.islands.pages.helpers import HTMX, links_on, page_url

CSRF_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')
SEED = 1234567890123456789


def kept_rehearsal(camp: Camp) -> Rehearsal:
    """A finished rehearsal of the camp's board and a seed (the fake simulator's report)."""
    teams = tuple(t.name for t in Team.objects.filter(camp=camp))
    plan = rehearsals.RehearsalPlan(
        board_seeds=(None, SEED), teams=teams, ap_table=(14, 11, 8), rounds=5, camps=3
    )
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan).rehearsal
    rehearsal_services.rehearsal_run(rehearsal_id=row.pk)
    row.refresh_from_db()
    assert row.report is not None
    return row


def rendered(client: Client, urls: list[tuple[str, bool]]) -> dict[str, bytes]:
    """Each page's bytes, rendered anew (the kept public pages dropped: a rehearsal is no write of
    the game and draws no new version), its CSRF token blanked."""
    cache.clear()
    pages = {}
    for url, htmx in urls:
        response = client.get(url, **(HTMX if htmx else {}))
        assert response.status_code == 200, url
        pages[f"{url} htmx={htmx}"] = CSRF_TOKEN.sub(b"", response.content)
    return pages


def test_public_and_team_pages_and_team_sheets_are_the_same_with_a_kept_rehearsal(
    game: Round, camp: Camp, teams: list[Team], staff_client: Client, fake_simulator: None
) -> None:
    links = links_on(camp)
    resolved = Round.objects.filter(camp=camp, status__in=(RoundStatus.RESOLVED, RoundStatus.CLOSED))
    public = [
        (reverse("islands_public:notice_board", args=[camp.pk]), False),
        (reverse("islands_public:notice_board", args=[camp.pk]) + "?projektor", False),
        (reverse("islands_public:notice_board", args=[camp.pk]), True),
        *((reverse("islands_public:round_replay", args=[camp.pk, r.number]), False) for r in resolved),
        *((page_url(link), htmx) for link in links.values() for htmx in (False, True)),
    ]
    sheets = [
        (reverse("admin:islands_round_sheets", args=[game.pk]), False),  # every team's sheet
        (reverse("admin:islands_round_notice", args=[game.pk]), False),
        (reverse("admin:islands_teamlink_handouts", args=[camp.pk]), False),
    ]
    before = rendered(Client(), public), rendered(staff_client, sheets)
    row = kept_rehearsal(camp)
    after = rendered(Client(), public), rendered(staff_client, sheets)
    assert after == before
    # The control: the staff's own pages do show it.
    board_page = staff_client.get(reverse("admin:islands_boardsetup_camp", args=[camp.pk])).content.decode()
    assert reverse("admin:islands_boardsetup_rehearsal", args=[camp.pk, row.pk]) in board_page


def test_the_camp_file_and_the_round_file_leave_rehearsals_out(
    game: Round, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    """The camp file (a staff backup) is the same with a kept rehearsal: rehearsals are run again
    rather than restored (docs/camp-backup-format.md); a round file has no place for them."""
    document = camp_export_document(camp=camp)
    round_file = round_files.round_export(round=game)
    row = kept_rehearsal(camp)
    again = camp_export_document(camp=camp)
    assert {k: v for k, v in again.items() if k != "exported_at"} == {
        k: v for k, v in document.items() if k != "exported_at"
    }
    text = json.dumps(again)
    assert rehearsal_report.REPORT_FORMAT not in text and row.key not in text
    assert round_files.round_export(round=game) == round_file


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()
