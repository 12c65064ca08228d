"""Snapshots of the database after the evening's big steps, their retention, and ``camp_restore``."""

from __future__ import annotations

import logging
import re
import sqlite3
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp import backups
from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.batavia import services as batavia_services
from games.batavia.models import BataviaSession
from games.islands import demo
from games.islands.errors import IslandsError
from games.islands.models import RoundResult
from games.islands.services import rounds as round_services

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="snapshots are of a SQLite database (PostgreSQL: pg_dump)"
)
STAMP = r"\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}[+-]\d{4}"


@pytest.fixture
def backup_dir(settings: Any, tmp_path: Path) -> Path:
    folder = tmp_path / "backups"
    settings.BACKUP_DIR = folder
    return folder


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def events(folder: Path) -> list[str]:
    return [s.event for s in reversed(backups.snapshot_list(folder))]


def count(database: Path, sql: str) -> int:
    db = sqlite3.connect(f"{database.as_uri()}?mode=ro", uri=True)
    try:
        return int(db.execute(sql).fetchone()[0])
    finally:
        db.close()


def started_camp() -> Camp:
    camp = camp_services.camp_create(name="Letní tábor techniků – 1. běh", year=2026, board_side=5)
    for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3"), ("Zelení", "#229954")):
        camp_services.team_create(camp=camp, name=name, colour=colour)
    demo.game_setup(camp, board_seed=11)
    return camp


def opened_round(camp: Camp) -> Round:
    round_ = camp_services.round_create(camp=camp)
    teams = Team.objects.filter(camp=camp).order_by("order")
    camp_services.placements_record(round=round_, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    round_.refresh_from_db()
    round_services.round_open(round=round_)
    return round_


# ------------------------------------------------------------------------------------ the hooks


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_resolve_undo_and_close_each_write_one_consistent_snapshot(backup_dir: Path) -> None:
    round_ = opened_round(started_camp())
    assert names(backup_dir) == []  # opening a round is no snapshot's event
    round_services.round_resolve(round=round_)
    (first,) = names(backup_dir)
    assert re.fullmatch(STAMP + r"_round-1-resolved\.sqlite3", first), first
    snapshot = backup_dir / first
    # a database of its own, as it was just after the commit
    assert count(snapshot, "SELECT count(*) FROM islands_roundresult") == 1
    assert count(snapshot, f"SELECT count(*) FROM camp_round WHERE status = '{RoundStatus.RESOLVED}'") == 1
    assert count(snapshot, "SELECT count(*) FROM camp_team") == 3
    round_services.round_undo(round=round_)
    assert count(backup_dir / names(backup_dir)[-1], "SELECT count(*) FROM islands_roundresult") == 0
    round_services.round_resolve(round=round_)
    round_services.round_close(round=round_)
    # the second resolve of the same second gets "-2", never overwriting the first
    assert [re.sub(r"-2$", "", e) for e in events(backup_dir)] == [
        "round-1-resolved",
        "round-1-undone",
        "round-1-resolved",
        "round-1-closed",
    ]
    assert not [n for n in names(backup_dir) if n.endswith(".tmp")]


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_or_refused_action_writes_no_snapshot(backup_dir: Path) -> None:
    camp = started_camp()
    round_ = opened_round(camp)
    with pytest.raises(RuntimeError), transaction.atomic():
        round_services.round_resolve(round=round_)
        raise RuntimeError("something after the resolve failed: all of it rolls back")
    assert not RoundResult.objects.exists()
    with pytest.raises(IslandsError), translation.override("en"):
        round_services.round_close(round=Round.objects.get(pk=round_.pk))  # not resolved: refused
    assert names(backup_dir) == []


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_failing_snapshot_is_logged_and_the_action_stands(
    settings: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the backup folder should be")
    settings.BACKUP_DIR = blocked
    round_ = opened_round(started_camp())
    with caplog.at_level(logging.ERROR, logger="camp.backups"):
        round_services.round_resolve(round=round_)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    (record,) = [r for r in caplog.records if r.name == "camp.backups"]
    assert "round-1-resolved" in record.getMessage() and record.exc_info is not None


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_finished_batavia_game_and_its_recorded_placements_write_snapshots(backup_dir: Path) -> None:
    camp = camp_services.camp_create(name="Deštivý den", year=2026)
    for name, colour in (("Červení", "#c0392b"), ("Modří", "#2471a3"), ("Zelení", "#229954")):
        camp_services.team_create(camp=camp, name=name, colour=colour)
    round_ = camp_services.round_create(camp=camp)
    minigame = camp_services.minigame_record(round=round_, name="Batavia v jídelně", kind="batavia")
    session = batavia_services.session_create(minigame=minigame)
    batavia_services.session_start(session=session)
    assert names(backup_dir) == []
    for seat in session.seats.all():
        batavia_services.seat_set_bot(seat=seat, bot="greedy")  # the last one plays to the end
    assert events(backup_dir) == ["round-1-batavia-finished"]
    batavia_services.session_finish(session=BataviaSession.objects.get(pk=session.pk))
    assert events(backup_dir) == ["round-1-batavia-finished", "round-1-batavia-recorded"]
    recorded = backup_dir / names(backup_dir)[-1]
    assert count(recorded, "SELECT count(*) FROM camp_placement") == 3


@pytest.mark.django_db(transaction=True)
def test_on_another_database_the_hook_writes_nothing_and_the_action_stands(
    backup_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if connection.vendor == "sqlite":  # on PostgreSQL for real; on SQLite pretend
        monkeypatch.setattr(backups, "sqlite_database_file", lambda alias="default": None)
    round_ = opened_round(started_camp())
    round_services.round_resolve(round=round_)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    assert backups.snapshot_create(event="by hand") is None
    assert not backup_dir.exists()
    backup_dir.mkdir()
    (backup_dir / "2026-07-14T21-03-55+0200_round-1-resolved.sqlite3").write_bytes(b"")
    with pytest.raises(CommandError, match="SQLite database only"):
        call_command("camp_restore", "2026-07-14T21-03-55+0200_round-1-resolved.sqlite3", interactive=False)


# ------------------------------------------------------------------------------------ WAL


def test_a_snapshot_of_a_wal_database_holds_only_committed_data_and_stands_alone(tmp_path: Path) -> None:
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(sqlite3.OperationalError):
        backups.open_read_only(missing)
    assert not missing.exists()  # reading never creates a database
    live = tmp_path / "live.sqlite3"
    setup = sqlite3.connect(live)
    setup.execute("PRAGMA journal_mode=WAL")
    setup.execute("CREATE TABLE t (x INTEGER)")
    setup.execute("INSERT INTO t VALUES (1)")
    setup.commit()
    writer = sqlite3.connect(live, isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("INSERT INTO t VALUES (2)")  # not committed while the snapshot is taken
    source = backups.open_read_only(live)
    snapshot = tmp_path / "snapshot.sqlite3"
    backups._copy(source, snapshot)
    writer.execute("COMMIT")
    for db in (setup, writer, source):
        db.close()
    assert count(snapshot, "SELECT count(*) FROM t") == 1
    check = sqlite3.connect(snapshot)
    assert check.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    check.close()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("snapshot")) == ["snapshot.sqlite3"]


# ------------------------------------------------------------------------------------ retention

PRAGUE = timezone(timedelta(hours=2))


def fake(at: datetime, event: str = "round-1-resolved") -> backups.Snapshot:
    return backups.Snapshot(path=Path(backups.snapshot_name(at=at, event=event)), taken_at=at, event=event)


def test_names_sort_by_time_and_read_back() -> None:
    at = datetime(2026, 7, 14, 21, 3, 55, tzinfo=PRAGUE)
    name = backups.snapshot_name(at=at, event="Round 4 resolved!")
    assert name == "2026-07-14T21-03-55+0200_round-4-resolved.sqlite3"
    parsed = backups.snapshot_parse(Path(name))
    assert parsed is not None and parsed.taken_at == at and parsed.event == "round-4-resolved"
    for other in ("notes.txt", "2026-07-14_round.sqlite3", ".2026-07-14T21-03-55+0200_x.sqlite3.1.tmp"):
        assert backups.snapshot_parse(Path(other)) is None


def test_retention_keeps_the_newest_30_and_the_newest_of_each_earlier_day() -> None:
    start = datetime(2026, 7, 1, 20, 0, tzinfo=PRAGUE)
    # ten evenings of four snapshots each (20:00, 20:30, 21:00, 21:30), 40 in all
    snapshots = [fake(start + timedelta(days=d, minutes=30 * i)) for d in range(10) for i in range(4)]
    deleted = backups.snapshots_to_delete(snapshots)
    kept = sorted(set(snapshots) - set(deleted), key=lambda s: s.taken_at)
    newest = sorted(snapshots, key=lambda s: s.taken_at)[-30:]
    assert set(newest) <= set(kept)
    older_days = {s.taken_at.date() for s in snapshots} - {s.taken_at.date() for s in newest}
    assert older_days == {start.date(), (start + timedelta(days=1)).date()}  # day 3's last two are new
    assert [s.taken_at for s in kept if s not in newest] == [
        start.replace(hour=21, minute=30) + timedelta(days=d) for d in range(2)
    ]
    assert len(kept) == 32 and len(deleted) == 8
    # the just-written one is never deleted, even when the clock went backwards
    stray = fake(start - timedelta(days=5, minutes=1))
    second_of_that_day = fake(start - timedelta(days=5))
    assert stray in backups.snapshots_to_delete([*snapshots, stray, second_of_that_day])
    assert stray not in backups.snapshots_to_delete(
        [*snapshots, stray, second_of_that_day], protect={stray.name}
    )


def test_pruning_deletes_only_snapshots_and_never_other_files(tmp_path: Path) -> None:
    start = datetime(2026, 7, 14, 20, 0, tzinfo=PRAGUE)
    for i in range(32):
        (
            tmp_path / backups.snapshot_name(at=start + timedelta(minutes=i), event="round-2-closed")
        ).write_bytes(b"")
    (tmp_path / "poznamky.txt").write_text("keep me")
    deleted = backups.snapshot_prune(directory=tmp_path)
    assert [p.name for p in deleted] == [
        backups.snapshot_name(at=start + timedelta(minutes=i), event="round-2-closed") for i in (1, 0)
    ]
    assert len(backups.snapshot_list(tmp_path)) == 30 and (tmp_path / "poznamky.txt").exists()


# ------------------------------------------------------------------------------------ restoring


@pytest.fixture
def resolved(backup_dir: Path, transactional_db: None) -> Iterator[tuple[Round, Path]]:
    round_ = opened_round(started_camp())
    round_services.round_resolve(round=round_)
    (name,) = names(backup_dir)
    yield round_, backup_dir / name


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_brings_back_the_state_of_the_snapshot(resolved: tuple[Round, Path]) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    Team.objects.filter(camp=round_.camp, name="Zelení").update(name="Pozdní")
    out = StringIO()
    call_command("camp_restore", snapshot.name, interactive=False, stdout=out)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    assert RoundResult.objects.filter(round=round_).count() == 1
    assert not Team.objects.filter(name="Pozdní").exists()
    before = [s for s in backups.snapshot_list(snapshot.parent) if s.event == "before-restore"]
    assert len(before) == 1
    assert count(before[0].path, "SELECT count(*) FROM camp_team WHERE name = 'Pozdní'") == 1
    assert f"kept in {before[0].path}" in out.getvalue()
    listed = StringIO()
    call_command("camp_restore", "--list", stdout=listed)
    lines = [line.split() for line in listed.getvalue().splitlines()[1:]]
    assert [line[2] for line in lines] == ["before-restore", "round-1-undone", "round-1-resolved"]


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_accepts_a_path_outside_the_backup_folder(
    resolved: tuple[Round, Path], tmp_path: Path
) -> None:
    round_, snapshot = resolved
    usb = tmp_path / "usb" / snapshot.name
    usb.parent.mkdir()
    usb.write_bytes(snapshot.read_bytes())
    round_services.round_undo(round=round_)
    call_command("camp_restore", str(usb), interactive=False, stdout=StringIO())
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED


def broken_files(folder: Path, snapshot: Path) -> dict[str, tuple[Path, str]]:
    folder.mkdir(exist_ok=True)
    text = folder / "notes.sqlite3"
    text.write_text("Tohle není databáze.")
    truncated = folder / "truncated.sqlite3"
    data = snapshot.read_bytes()
    truncated.write_bytes(data[: len(data) // 3])
    foreign = folder / "foreign.sqlite3"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE things (x)")
    db.commit()
    db.close()
    other_django = folder / "other-django.sqlite3"
    db = sqlite3.connect(other_django)
    db.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app TEXT, name TEXT, applied TEXT)")
    db.execute("INSERT INTO django_migrations (app, name, applied) VALUES ('blog', '0001_initial', '')")
    db.commit()
    db.close()
    return {
        "text": (text, "is not a SQLite database"),
        "truncated": (truncated, "is not a readable SQLite database|is damaged"),
        "foreign": (foreign, "not one of this tool \\(no django_migrations\\)"),
        "other django": (other_django, "not one of this tool \\(no camp migrations\\)"),
        "missing": (folder / "nowhere.sqlite3", "There is no snapshot"),
    }


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_refuses_what_is_not_a_snapshot_of_this_tool(
    resolved: tuple[Round, Path], tmp_path: Path
) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    before = names(snapshot.parent)
    for what, (path, message) in broken_files(tmp_path / "junk", snapshot).items():
        with pytest.raises(CommandError, match=message) as refused:
            call_command("camp_restore", str(path), interactive=False, stdout=StringIO())
        assert "Nothing was changed" in str(refused.value), what
    assert names(snapshot.parent) == before  # not even a before-restore snapshot
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.ORDERS_OPEN
    with pytest.raises(CommandError, match="is the camp's database itself"):
        call_command("camp_restore", connection.settings_dict["NAME"], interactive=False, stdout=StringIO())
    with pytest.raises(CommandError, match="Name the snapshot"):
        call_command("camp_restore", interactive=False, stdout=StringIO())


# ------------------------------------------------------------------------------------ the staff page


class TableRows(HTMLParser):
    """The cells' text of each body row of the snapshot table, and the links in them."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.links: list[str] = []
        self._in_table = self._in_body = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table" and "zo-backups-table" in (dict(attrs).get("class") or ""):
            self._in_table = True
        elif self._in_table and tag == "tbody":
            self._in_body = True
        elif self._in_body and tag == "tr":
            self.rows.append([])
        elif self._in_body and tag == "td":
            self.rows[-1].append("")
        elif self._in_body and tag == "a":
            self.links.append(dict(attrs)["href"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._in_table = self._in_body = False

    def handle_data(self, data: str) -> None:
        if self._in_body and self.rows and self.rows[-1]:
            self.rows[-1][-1] += data.strip()


@pytest.fixture
def superuser_client(db: None, django_user_model: Any) -> Client:
    client = Client()
    client.force_login(
        django_user_model.objects.create_superuser("vedouci", "v@example.org", "heslo-heslo-123")
    )
    return client


@sqlite_only
def test_the_staff_page_lists_the_snapshots_newest_first_with_downloads(
    backup_dir: Path, superuser_client: Client
) -> None:
    backup_dir.mkdir()
    older = "2026-07-13T22-10-00+0200_round-3-closed.sqlite3"
    newer = "2026-07-14T21-03-55+0200_round-4-resolved.sqlite3"
    (backup_dir / older).write_bytes(b"x" * 2048)
    (backup_dir / newer).write_bytes(b"SQLite format 3\x00 and the rest")
    (backup_dir / "poznamky.txt").write_text("not a snapshot")
    response = superuser_client.get(reverse("admin:camp_camp_backups"))
    assert response.status_code == 200
    table = TableRows()
    table.feed(response.content.decode())
    assert [row[:2] for row in table.rows] == [
        ["14. 7. 2026 21:03:55", "round-4-resolved"],
        ["13. 7. 2026 22:10:00", "round-3-closed"],
    ]
    assert table.rows[1][2] == "2,0\xa0KB" and table.rows[0][3] == newer
    download = superuser_client.get(table.links[0])
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == (backup_dir / newer).read_bytes()  # type: ignore[attr-defined]
    assert download["Content-Disposition"] == f'attachment; filename="{newer}"'
    home = superuser_client.get(reverse("admin:index"))
    assert f'href="{reverse("admin:camp_camp_backups")}"' in home.content.decode()


@sqlite_only
def test_the_staff_page_serves_only_snapshots_and_only_to_superusers(
    backup_dir: Path, superuser_client: Client, django_user_model: Any
) -> None:
    backup_dir.mkdir()
    temporary = ".2026-07-14T21-03-55+0200_round-4-resolved.sqlite3.77.tmp"  # being written
    for name in ("poznamky.txt", temporary):
        (backup_dir / name).write_text("not a snapshot")
    for name in ("poznamky.txt", temporary, "2026-07-14T21-03-55+0200_gone.sqlite3"):
        url = reverse("admin:camp_camp_backups") + name
        assert superuser_client.get(url).status_code == 404, name
    staff = django_user_model.objects.create_user("pomocnik", password="heslo-heslo-123", is_staff=True)
    client = Client()
    client.force_login(staff)
    assert client.get(reverse("admin:camp_camp_backups")).status_code == 403
    (backup_dir / "2026-07-14T21-03-55+0200_round-4-resolved.sqlite3").write_bytes(b"secret")
    url = reverse(
        "admin:camp_camp_backup_download", args=["2026-07-14T21-03-55+0200_round-4-resolved.sqlite3"]
    )
    assert client.get(url).status_code == 403
    assert reverse("admin:camp_camp_backups") not in client.get(reverse("admin:index")).content.decode()
