"""A full disk (:mod:`camp.web.disk_full`): a write answers the page "Disk notebooku je plný" (503) and
one log line, nothing of it is stored, and pages that only read are still served. The database is
made to refuse every write as SQLite (or PostgreSQL) does on a full disk."""

from __future__ import annotations

import datetime as dt
import errno
import logging
import re
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from axes.models import AccessLog
from bs4 import BeautifulSoup
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp.models import Camp
from camp.web.disk_full import (
    KEPT_REFUSED_SAVES,
    ROOM_AGAIN_BYTES,
    RefusedSave,
    RefusedSaves,
    is_disk_full,
    refused_saves,
)
from tests.sql_writes import written_table

PASSWORD = "heslo-heslo-123"
CZECH_MESSAGE = (
    "Nic se neuložilo: na disku notebooku už není místo. Uvolněte místo (vysypte koš, smažte velké "
    "soubory, které nepotřebujete, třeba videa), zkopírujte starší zálohy na flash disk a z notebooku "
    "je smažte, pak to zkuste znovu. Stránky, které data jen zobrazují, fungují dál."
)


class DiskFull:
    """Refuses every statement that writes, as the database does when the disk is full."""

    def __init__(self, error: Exception) -> None:
        self.error = error
        self.refused: list[str] = []

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if written_table(sql) is not None:
            self.refused.append(sql.split()[0].upper())
            raise self.error
        return execute(sql, params, many, context)


def sqlite_full() -> OperationalError:
    error = OperationalError("database or disk is full")
    error.__cause__ = sqlite3.OperationalError("database or disk is full")
    return error


def postgres_full() -> OperationalError:
    """What Django raises for psycopg's ``DiskFull`` (SQLSTATE 53100)."""
    import psycopg

    error = OperationalError('could not extend file "base/16384/2619": No space left on device')
    error.__cause__ = psycopg.errors.DiskFull("could not extend file")
    return error


@contextmanager
def full_disk(error: Exception | None = None) -> Iterator[DiskFull]:
    wrapper = DiskFull(error or sqlite_full())
    with connection.execute_wrapper(wrapper):
        yield wrapper
    assert wrapper.refused, "no write was tried"


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_superuser("vedouci", "vedouci@example.com", PASSWORD)


@pytest.fixture
def staff_client(staff: Any) -> Client:
    client = Client()
    client.force_login(staff)
    return client


def disk_full_page(response: Any) -> tuple[str, str]:
    """The 503 page's heading and message."""
    assert response.status_code == 503
    soup = BeautifulSoup(response.content, "html.parser")
    message = soup.select_one("#disk-full-message").get_text()
    return soup.find("h1").get_text(strip=True), " ".join(message.split())


def camp_change_data(camp: Camp, **changes: str) -> dict[str, str]:
    return {
        "name": camp.name,
        "year": str(camp.year),
        "run_number": str(camp.run_number),
        "board_side": str(camp.board_side),
        "ap_table": ", ".join(str(n) for n in camp.ap_table),
        "route_letters": camp.route_letters,
        "teams-TOTAL_FORMS": "0",
        "teams-INITIAL_FORMS": "0",
        **changes,
    }


@pytest.mark.parametrize("error", [sqlite_full, postgres_full], ids=["SQLite", "PostgreSQL"])
def test_a_staff_save_on_a_full_disk_answers_the_page_and_stores_nothing(
    staff_client: Client, camp: Camp, error: Any, caplog: pytest.LogCaptureFixture, free_space: dict[str, int]
) -> None:
    change = reverse("admin:camp_camp_change", args=[camp.pk])
    entries = LogEntry.objects.count()
    with full_disk(error()), caplog.at_level(logging.INFO):
        response = staff_client.post(change, camp_change_data(camp, name="Přejmenovaný běh"))
        assert disk_full_page(response) == ("Disk notebooku je plný", CZECH_MESSAGE)
        # Reads are still served (the camp run's page and the list), with the name unchanged.
        page = staff_client.get(change)
        assert page.status_code == 200 and page.context["original"].name == camp.name
        assert staff_client.get(reverse("admin:camp_camp_changelist")).status_code == 200
    camp.refresh_from_db()
    assert camp.name == "Letní tábor techniků – 1. běh" and LogEntry.objects.count() == entries
    # One line in the log, without a traceback (and not Django's "Service Unavailable" besides).
    lines = [(r.name, r.getMessage(), r.exc_info) for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and lines[0][2] is None, lines
    name, message, _ = lines[0]
    assert name == "camp.web.disk_full"
    assert message.startswith(f"The disk is full: POST {change} was not saved (")


def test_a_login_on_a_full_disk_answers_the_page_and_stores_nothing(
    client: Client, staff: Any, settings: Any
) -> None:
    settings.AXES_ENABLED = True  # the access log is written at a login too
    sessions, accesses = Session.objects.count(), AccessLog.objects.count()
    login = reverse("admin:login")
    with full_disk():
        assert client.get(login).status_code == 200  # the login page is a read
        response = client.post(login, {"username": "vedouci", "password": PASSWORD})
        assert disk_full_page(response)[0] == "Disk notebooku je plný"
        assert settings.SESSION_COOKIE_NAME not in response.cookies  # no session was saved
    staff.refresh_from_db()
    assert staff.last_login is None
    assert (Session.objects.count(), AccessLog.objects.count()) == (sessions, accesses)
    # With room again, the same login works.
    response = client.post(login, {"username": "vedouci", "password": PASSWORD})
    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_the_page_in_english_and_for_htmx(staff_client: Client, camp: Camp) -> None:
    change = reverse("admin:camp_camp_change", args=[camp.pk])
    with full_disk():
        response = staff_client.post(f"/en{change}", camp_change_data(camp, name="Renamed"))
        assert disk_full_page(response)[0] == "The laptop's disk is full"
        # htmx swaps no error answer: the page takes the place of the one the form was on.
        response = staff_client.post(
            change, camp_change_data(camp, name="Přejmenovaný běh"), HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200
        assert (response["HX-Retarget"], response["HX-Reswap"]) == ("body", "innerHTML")
        soup = BeautifulSoup(response.content, "html.parser")
        assert soup.find("h1").get_text(strip=True) == "Disk notebooku je plný"


def test_other_errors_are_not_a_full_disk() -> None:
    assert is_disk_full(OSError(errno.ENOSPC, "No space left on device"))
    assert is_disk_full(sqlite_full()) and is_disk_full(postgres_full())
    wrapped = OperationalError("disk I/O")
    wrapped.__cause__ = OSError(errno.ENOSPC, "No space left on device")
    assert is_disk_full(wrapped)
    assert not is_disk_full(OperationalError("database is locked"))
    assert not is_disk_full(OSError(errno.EACCES, "Permission denied"))
    assert not is_disk_full(ValueError("x"))


# ------------------------------------------------- the refused saves, kept until the log has room


@pytest.fixture(autouse=True)
def refused() -> Iterator[RefusedSaves]:
    refused_saves.forget()
    yield refused_saves
    refused_saves.forget()


@pytest.fixture
def free_space(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The free bytes the log's disk reports (0: full)."""
    free = {"bytes": 0}
    monkeypatch.setattr(
        "camp.web.disk_full.shutil.disk_usage", lambda folder: SimpleNamespace(free=free["bytes"])
    )
    return free


def disk_full_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "camp.web.disk_full"]


def test_the_refused_saves_wait_in_memory_and_reach_the_log_once_the_disk_has_room(
    staff_client: Client,
    camp: Camp,
    refused: RefusedSaves,
    free_space: dict[str, int],
    caplog: pytest.LogCaptureFixture,
) -> None:
    change = reverse("admin:camp_camp_change", args=[camp.pk])
    home = reverse("admin:index")
    with full_disk():
        assert staff_client.post(change, camp_change_data(camp, name="Přejmenovaný běh")).status_code == 503
    assert refused.count == 1 and refused.waiting
    with caplog.at_level(logging.INFO):
        for free in (0, ROOM_AGAIN_BYTES - 1):  # still full: nothing written (it could not be)
            free_space["bytes"] = free
            caplog.clear()
            assert staff_client.get(home).status_code == 200
            assert disk_full_lines(caplog) == []
        free_space["bytes"] = ROOM_AGAIN_BYTES
        caplog.clear()
        staff_client.get(home)
        summary, line = disk_full_lines(caplog)
        assert (
            summary == "The disk has room again. Saves refused while it was full: 1 (the 0 oldest not kept)"
        )
        assert re.fullmatch(
            rf"Refused while the disk was full, at \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d: POST {change} "
            r"\(database or disk is full\)",
            line,
        ), line
        caplog.clear()
        staff_client.get(home)
        assert disk_full_lines(caplog) == []  # written once
    assert refused.count == 1 and not refused.waiting


def test_only_the_last_refused_saves_are_kept_and_the_log_says_how_many_were_not(
    refused: RefusedSaves, free_space: dict[str, int], caplog: pytest.LogCaptureFixture, tmp_path: Any
) -> None:
    at = timezone.now()
    for number in range(KEPT_REFUSED_SAVES + 1):
        refused.add(RefusedSave(at=at, method="POST", path=f"/admin/{number}/", reason="disk full"))
    free_space["bytes"] = ROOM_AGAIN_BYTES
    with caplog.at_level(logging.INFO):
        assert refused.log_if_room(tmp_path)
    summary, *lines = disk_full_lines(caplog)
    assert summary.endswith(f": {KEPT_REFUSED_SAVES + 1} (the 1 oldest not kept)")
    assert len(lines) == KEPT_REFUSED_SAVES and "POST /admin/1/ " in lines[0] and "/admin/0/" not in lines[0]
    assert refused.count == KEPT_REFUSED_SAVES + 1 and not refused.log_if_room(tmp_path)


@pytest.mark.parametrize(
    ("saves", "czech"),
    [
        (0, None),
        (1, "Od spuštění serveru tábora bylo 1 uložení odmítnuto kvůli plnému disku notebooku"),
        (2, "Od spuštění serveru tábora byla 2 uložení odmítnuta kvůli plnému disku notebooku"),
        (5, "Od spuštění serveru tábora bylo 5 uložení odmítnuto kvůli plnému disku notebooku"),
    ],
)
def test_the_admin_home_says_how_many_saves_the_full_disk_refused(
    staff_client: Client, refused: RefusedSaves, free_space: dict[str, int], saves: int, czech: str | None
) -> None:
    at = dt.datetime(2026, 7, 14, 19, 5, tzinfo=dt.UTC)  # 21:05 in the camp: "ve", not "v"
    for _ in range(saves):
        refused.add(RefusedSave(at=at, method="POST", path="/admin/", reason="disk full"))
    notice = BeautifulSoup(staff_client.get(reverse("admin:index")).content, "html.parser").select_one(
        "#refused-saves"
    )
    if czech is None:
        assert notice is None
    else:
        text = " ".join(notice.get_text().split())
        assert text.startswith(czech) and "(naposledy ve 21:05)" in text
