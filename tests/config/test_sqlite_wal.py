"""SQLite for a server that runs two weeks: in WAL mode (config/settings.py's ``init_command``) the notice
board, polled by the dining-hall screen, is read while a round is being resolved and committed,
without waiting for the writer and without an error."""

from __future__ import annotations

import re
import threading
import time

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Round
from games.islands import demo
from games.islands.services import rounds as round_services

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3", reason="SQLite only"
    ),
]


def board_heading(client: Client, camp: Camp) -> tuple[int, str, float]:
    """The notice board's status, its "after round N" line and how long it took."""
    began = time.monotonic()
    response = client.get(reverse("islands_public:notice_board", args=[camp.pk]))
    took = time.monotonic() - began
    found = re.search(r"<header>.*?<p>(.*?)</p>", response.content.decode(), re.S)
    return response.status_code, found.group(1) if found else "", took


def test_the_notice_board_answers_with_the_old_state_while_a_resolve_holds_its_write(
    production_journal: None,
) -> None:
    camp = camp_services.camp_create(name="Tábor", year=2026, board_side=5)
    for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3")):
        camp_services.team_create(camp=camp, name=name, colour=colour)
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=1, open_next=True)
    round2 = Round.objects.get(camp=camp, number=2)
    demo._orders(camp, round2)

    written, release, committed = threading.Event(), threading.Event(), threading.Event()
    problems: list[Exception] = []
    commit_took: list[float] = []

    def resolve_and_hold() -> None:
        try:
            with transaction.atomic():  # BEGIN IMMEDIATE: the write lock is held until the block ends
                round_services.round_resolve(round=round2)
                written.set()
                release.wait(60)
                began = time.monotonic()
            commit_took.append(time.monotonic() - began)
            committed.set()
        except Exception as error:
            problems.append(error)
            written.set()
        finally:
            connection.close()

    writer = threading.Thread(target=resolve_and_hold)
    writer.start()
    screen = Client()
    try:
        assert written.wait(60) and not problems, problems
        with connection.cursor() as cursor:
            # The screen's read is still open (its snapshot held) when the resolve commits.
            cursor.execute("BEGIN DEFERRED")
            status, heading, took = board_heading(screen, camp)
            release.set()
            committed_while_reading = committed.wait(10)
            cursor.execute("COMMIT")
    finally:
        release.set()
        writer.join(60)
    assert not problems, problems
    assert status == 200 and took < 5  # the busy timeout is 20 s: a waiting reader would show
    assert heading.endswith(": 1. herní kolo"), heading  # round 2 was not committed yet
    # Rollback journal: the commit would wait for the reader (and the reader for the commit).
    assert committed_while_reading and commit_took[0] < 5, commit_took
    status, heading, _ = board_heading(screen, camp)
    assert status == 200 and heading.endswith(": 2. herní kolo"), heading
