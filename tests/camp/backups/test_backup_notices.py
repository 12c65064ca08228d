"""The notice board's feed in the camp backup (``islands.notices``, optional): written in order, read
back equal, the board's feed the same after a restore; a document written before it imports with no
feed; a bad line is named by its path and nothing is stored."""

from __future__ import annotations

import copy
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import translation

from camp.backups.document import BackupDocumentError, camp_import_document
from camp.backups.export import camp_export_document
from camp.demo import demo_camp
from camp.models import Camp, Round, Team
from games.islands.models.links import TeamLink
from games.islands.models.notices import NoticeCode, PublicNotice
from games.islands.selectors.notices import notice_feed
from games.islands.services import plans, team_links
from tests.camp.backups.test_backup_roundtrip import delete_everything

AT = datetime(2026, 7, 9, 19, 0, tzinfo=UTC)


@pytest.fixture
def with_feed(db: None) -> Camp:
    """The demo camp run (round 4 open for orders) with a line of every kind in its feed."""
    call_command("loaddata", "demo_camp", verbosity=0)
    camp = demo_camp()
    assert camp is not None
    staff = get_user_model().objects.create_user("vedouci", password="heslo-heslo-123", is_staff=True)
    red, blue, _green = Team.objects.filter(camp=camp).order_by("order")
    fourth = Round.objects.get(camp=camp, number=4)
    PublicNotice.objects.create(
        camp=camp, code=NoticeCode.ROUND_UNDONE, params={"number": 3, "marks": {"x": "1"}}
    )
    PublicNotice.objects.create(
        camp=camp, code=NoticeCode.ROUND_CORRECTED, params={"number": 3, "teams": [red.name]}
    )
    plans.plans_deadline_set(round=fourth, due=AT, user=staff, confirmed=True)
    plans.plan_reopen(round=fourth, team=blue, user=staff)
    team_links.team_links_switch(camp=camp, on=True)
    team_links.team_link_renew(link=TeamLink.objects.get(team=red))
    return camp


def rows(camp: Camp) -> list[tuple[Any, ...]]:
    return list(PublicNotice.objects.filter(camp=camp).order_by("id").values_list("at", "code", "params"))


def test_the_feed_travels_in_the_backup_and_reads_the_same(with_feed: Camp) -> None:
    before = rows(with_feed)
    assert {code for _at, code, _params in before} == set(NoticeCode.values)
    with translation.override("cs"):
        lines = notice_feed(with_feed)
    document = camp_export_document(camp=with_feed)
    written = document["islands"]["notices"]
    assert [n["code"] for n in written] == [code for _at, code, _params in before]  # oldest first
    assert written[2] == {
        "at": written[2]["at"],
        "code": "deadline",
        "params": {"number": 4, "due": "2026-07-09T19:00:00+00:00", "was": None},
    }
    delete_everything()
    restored = camp_import_document(data=document)
    assert rows(restored) == before
    with translation.override("cs"):
        assert notice_feed(restored) == lines
    again = camp_export_document(camp=restored)
    assert again["islands"]["notices"] == written


def test_a_document_written_before_the_feed_imports_with_none(with_feed: Camp) -> None:
    older = copy.deepcopy(camp_export_document(camp=with_feed))
    del older["islands"]["notices"]
    restored = camp_import_document(data=older)
    assert not PublicNotice.objects.filter(camp=restored).exists()
    assert notice_feed(restored) == []


def test_a_bad_line_is_named_by_its_path_and_nothing_is_stored(with_feed: Camp) -> None:
    broken = copy.deepcopy(camp_export_document(camp=with_feed))
    notices = broken["islands"]["notices"]
    notices[0]["code"] = "rumour"
    notices[1]["params"] = ["Červení"]
    notices[2]["at"] = "včera"
    del notices[3]["params"]
    notices[4]["extra"] = 1
    camps = Camp.objects.count()
    count = PublicNotice.objects.count()
    with translation.override("en"), pytest.raises(BackupDocumentError) as caught:
        camp_import_document(data=broken)
    problems = caught.value.problems
    expected = [
        "islands.notices[0].code: must be one of",
        "islands.notices[1].params: expected an object ({…})",
        "islands.notices[2].at: expected a date and time with its time zone",
        "islands.notices[3]",
        "islands.notices[4]",
    ]
    for start in expected:
        assert any(p.startswith(start) for p in problems), (start, problems)
    assert len(problems) == len(expected), problems
    assert (Camp.objects.count(), PublicNotice.objects.count()) == (camps, count)
