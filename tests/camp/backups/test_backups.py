"""Snapshots of the database after the evening's big steps, their retention, and ``camp_restore``."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sqlite3
import subprocess
import sys
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

from camp import services as camp_services
from camp.backups import restore as snapshot_restore
from camp.backups import snapshots as backups
from camp.backups.installation import installation_claim, installation_claim_for_camp, installation_current
from camp.models import Camp, InstallationKind, Round, RoundStatus, Team
from camp.staff.passwords import DEMO_PASSWORD
from games.batavia import services as batavia_services
from games.batavia.models import BataviaSession
from games.islands import demo
from games.islands.errors import IslandsError
from games.islands.models.rounds import RoundResult
from games.islands.services import rounds as round_services

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="snapshots are of a SQLite database (PostgreSQL: pg_dump)"
)
ROOT = Path(__file__).resolve().parents[3]
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
    with caplog.at_level(logging.ERROR, logger="camp.backups.snapshots"):
        round_services.round_resolve(round=round_)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    (record,) = [r for r in caplog.records if r.name == "camp.backups.snapshots"]
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
        for module in (backups, snapshot_restore):  # the snapshot's writer, the restore
            monkeypatch.setattr(module, "sqlite_database_file", lambda alias="default": None)
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
    backups.copy_database(source, snapshot)
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


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def live_database() -> Path:
    return Path(connection.settings_dict["NAME"])


def restore_leftovers() -> list[Path]:
    """This database's temporary files left beside it (the other test workers' databases share the
    folder, and one may be restoring right now)."""
    live = live_database()
    ours = f".{live.name}."  # .<database>.restore-<pid>.tmp, as the restore names them
    return [p for p in live.parent.iterdir() if p.name.startswith(ours) and p.name.endswith(".tmp")]


@pytest.fixture
def resolved(backup_dir: Path, transactional_db: None) -> Iterator[tuple[Round, Path]]:
    """A camp of this installation, round 1 resolved: its snapshot."""
    installation_claim(kind=InstallationKind.CAMP)
    round_ = opened_round(started_camp())
    round_services.round_resolve(round=round_)
    (name,) = names(backup_dir)
    yield round_, backup_dir / name


def changed_copy(snapshot: Path, target: Path, *sql: str) -> Path:
    """A copy of ``snapshot`` at ``target`` with ``sql`` run on it."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(snapshot.read_bytes())
    db = sqlite3.connect(target)
    for statement in sql:
        db.execute(statement)
    db.commit()
    db.close()
    return target


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_brings_back_the_state_of_the_snapshot(resolved: tuple[Round, Path]) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    Team.objects.filter(camp=round_.camp, name="Zelení").update(name="Pozdní")
    installation = installation_current()
    out = StringIO()
    call_command("camp_restore", snapshot.name, interactive=False, stdout=out)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    assert RoundResult.objects.filter(round=round_).count() == 1
    assert not Team.objects.filter(name="Pozdní").exists()
    assert installation_current() == installation
    before = [s for s in backups.snapshot_list(snapshot.parent) if s.event == "before-restore"]
    assert len(before) == 1
    assert count(before[0].path, "SELECT count(*) FROM camp_team WHERE name = 'Pozdní'") == 1
    said = out.getvalue().splitlines()
    assert f"The database as it was before is kept in {before[0].path}." in said
    assert f"Databáze, jak byla předtím, je uložena v {before[0].path}." in said
    # what it did, in English and Czech like the banner: which snapshot, and the camp runs it holds
    parsed = backups.snapshot_parse(snapshot)
    assert parsed is not None
    when = f"{parsed.taken_at:%Y-%m-%d %H:%M:%S} ({parsed.event})"
    assert said[:4] == [
        f"Put back the snapshot of {when}.",
        f"Vrácena záloha z {when}.",
        "The database now holds these camp runs:",
        "Databáze teď obsahuje tyto běhy tábora:",
    ]
    camp = round_.camp
    assert said[4] == f"  - {camp.name} ({camp.year}): round 1, resolved / kolo 1, vyhodnoceno"
    assert not restore_leftovers()


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
    """Files a restore must refuse, each with (the English and the Czech of) its reason."""
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
    migrations_table = (
        "CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app TEXT, name TEXT, applied TEXT)"
    )
    other_django = folder / "other-django.sqlite3"
    db = sqlite3.connect(other_django)
    db.execute(migrations_table)
    db.execute(
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('blog', '0001_initial', '2026-07-01 10:00:00')"
    )
    db.commit()
    db.close()
    # what camp_restore used to put in place: a camp migration row, none of the tool's tables
    only_a_row = folder / "only-a-camp-row.sqlite3"
    db = sqlite3.connect(only_a_row)
    db.execute(migrations_table)
    db.execute(
        "INSERT INTO django_migrations (app, name, applied) "
        "VALUES ('camp', '0001_initial', '2026-07-01 10:00:00')"
    )
    db.commit()
    db.close()
    # every migration row of the real thing, but no tables
    rows_only = folder / "rows-only.sqlite3"
    source = sqlite3.connect(snapshot)
    rows = source.execute("SELECT app, name, applied FROM django_migrations").fetchall()
    source.close()
    db = sqlite3.connect(rows_only)
    db.execute(migrations_table)
    db.executemany("INSERT INTO django_migrations (app, name, applied) VALUES (?, ?, ?)", rows)
    db.commit()
    db.close()
    installation = "camp_installation"
    return {
        "text": (text, "is not a SQLite database.\n.* není databáze SQLite."),
        "truncated": (truncated, "is (damaged|not a readable SQLite database).*\n.*(poškozený|není čitelná)"),
        "foreign": (foreign, r"not one of this tool \(no django_migrations\)\.\n.*chybí django_migrations"),
        "other django": (
            other_django,
            r"not one of this tool \(no camp migrations\)\.\n.*žádné migrace camp",
        ),
        "a camp row only": (
            only_a_row,
            "lacks this tool's tables: no migration of .*islands.*\n.*nemá tabulky",
        ),
        "rows only": (rows_only, "lacks the table auth_group.\n.*nemá tabulku auth_group."),
        "malformed migration row": (
            changed_copy(
                snapshot,
                folder / "bad-row.sqlite3",
                "UPDATE django_migrations SET applied = 'včera' WHERE id = 3",
            ),
            r"row 3 of django_migrations is malformed \(3, .*'včera'\)\.\n.*řádek 3 tabulky",
        ),
        "a missing column": (
            changed_copy(snapshot, folder / "no-colour.sqlite3", "ALTER TABLE camp_team DROP COLUMN colour"),
            "the table camp_team lacks the column colour.\n.*tabulce camp_team chybí sloupec colour.",
        ),
        "a newer version": (
            changed_copy(
                snapshot,
                folder / "newer.sqlite3",
                "INSERT INTO django_migrations (app, name, applied) "
                "VALUES ('camp', '9999_future', '2027-07-01 10:00:00')",
            ),
            "its migration camp.9999_future is unknown here.*\n.*camp.9999_future tato verze nezná",
        ),
        "a malformed installation row": (
            changed_copy(
                snapshot,
                folder / "bad-installation.sqlite3",
                f"UPDATE {installation} SET installation_id = 'x'",
            ),
            "its installation row is malformed.\n.*řádek instalace je poškozený",
        ),
        "the demo's": (
            changed_copy(snapshot, folder / "demo.sqlite3", f"UPDATE {installation} SET kind = 'demo'"),
            r"is a snapshot of the demo \(make run\), not of this camp.*\n.*je záloha dema",
        ),
        "missing": (folder / "nowhere.sqlite3", "There is no snapshot .*\n.*neexistuje"),
    }


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_refuses_what_is_not_a_snapshot_of_this_camp_and_leaves_the_database_as_it_was(
    resolved: tuple[Round, Path], tmp_path: Path
) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    before = names(snapshot.parent)
    connection.close()
    live = digest(live_database())
    for what, (path, message) in broken_files(tmp_path / "junk", snapshot).items():
        for flags in ([], ["--from-other-laptop"]):  # the flag lets none of these through
            with pytest.raises(CommandError) as refused:
                call_command("camp_restore", str(path), *flags, interactive=False, stdout=StringIO())
            assert re.search(message, str(refused.value)), (what, str(refused.value))
            assert str(refused.value).endswith("Nothing was changed.\nNic se nezměnilo."), what
            assert digest(live_database()) == live, what  # byte for byte
    assert names(snapshot.parent) == before  # not even a before-restore snapshot
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.ORDERS_OPEN
    with pytest.raises(CommandError, match="is the camp's database itself"):
        call_command("camp_restore", str(live_database()), interactive=False, stdout=StringIO())
    with pytest.raises(CommandError, match="Name the snapshot"):
        call_command("camp_restore", interactive=False, stdout=StringIO())


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_a_snapshot_of_another_installation_needs_the_flag_and_then_becomes_this_ones(
    resolved: tuple[Round, Path], tmp_path: Path
) -> None:
    round_, snapshot = resolved
    other_id = "0123456789abcdef" * 2
    other = changed_copy(
        snapshot,
        tmp_path / "usb" / snapshot.name,
        f"UPDATE camp_installation SET installation_id = '{other_id}'",
    )
    round_services.round_undo(round=round_)
    this = installation_current()
    assert this is not None and len(this.installation_id) == 32 and this.installation_id != other_id
    connection.close()
    live = digest(live_database())
    with pytest.raises(CommandError) as refused:
        call_command("camp_restore", str(other), interactive=False, stdout=StringIO())
    assert "is a snapshot of another installation (another laptop or data folder)" in str(refused.value)
    assert "je záloha jiné instalace" in str(refused.value)
    assert digest(live_database()) == live
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.ORDERS_OPEN

    call_command("camp_restore", str(other), "--from-other-laptop", interactive=False, stdout=StringIO())
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
    assert installation_current() == this  # the camp goes on as this laptop's


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_an_old_snapshot_that_does_not_say_whose_it_is_needs_the_flag_and_never_passes_with_the_demo_login(
    resolved: tuple[Round, Path], tmp_path: Path, django_user_model: Any
) -> None:
    round_, snapshot = resolved
    old = changed_copy(snapshot, tmp_path / "old.sqlite3", "DELETE FROM camp_installation")
    with pytest.raises(
        CommandError, match="was written by an older version and does not say which installation"
    ):
        call_command("camp_restore", str(old), interactive=False, stdout=StringIO())
    django_user_model.objects.create_superuser("vedouci", "", DEMO_PASSWORD)
    demo_login = backups.snapshot_create(event="demo-before")
    assert demo_login is not None
    old_demo = changed_copy(demo_login, tmp_path / "old-demo.sqlite3", "DELETE FROM camp_installation")
    round_services.round_undo(round=round_)
    connection.close()
    live = digest(live_database())
    with pytest.raises(CommandError, match="holds a login with the demo's public password"):
        call_command(
            "camp_restore", str(old_demo), "--from-other-laptop", interactive=False, stdout=StringIO()
        )
    assert digest(live_database()) == live
    call_command("camp_restore", str(old), "--from-other-laptop", interactive=False, stdout=StringIO())
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_refuses_while_another_connection_has_the_database_open(
    resolved: tuple[Round, Path],
) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    connection.close()
    server = sqlite3.connect(live_database(), isolation_level=None)  # a camp server still reading
    server.execute("BEGIN")
    server.execute("SELECT count(*) FROM camp_round").fetchone()
    try:
        live = digest(live_database())
        kept = sorted(snapshot.parent.iterdir())
        with pytest.raises(CommandError, match="stop the camp server first"):
            call_command("camp_restore", snapshot.name, interactive=False, stdout=StringIO())
        assert digest(live_database()) == live
        # Nothing written: a refused retry must not push real snapshots out of the 30 kept.
        assert sorted(snapshot.parent.iterdir()) == kept
    finally:
        server.close()
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.ORDERS_OPEN
    assert not restore_leftovers()


def test_sole_access_takes_a_wal_database_out_of_wal_only_when_no_one_else_has_it(tmp_path: Path) -> None:
    live = tmp_path / "db.sqlite3"
    server = sqlite3.connect(live)
    server.execute("PRAGMA journal_mode=WAL")
    server.execute("CREATE TABLE t (x)")
    server.execute("INSERT INTO t VALUES (1)")
    server.commit()
    assert Path(f"{live}-wal").exists()
    with pytest.raises(backups.BackupError, match="stop the camp server first"):
        snapshot_restore._take_sole_access(live)
    server.close()
    holder = snapshot_restore._take_sole_access(live)
    holder.close()
    assert not Path(f"{live}-wal").exists()  # its commits are in the file: nothing left to replay
    assert count(live, "SELECT count(*) FROM t") == 1


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_the_list_says_when_what_which_camp_runs_and_whose(
    resolved: tuple[Round, Path], tmp_path: Path
) -> None:
    _round, snapshot = resolved
    folder = snapshot.parent
    demo_name = snapshot.name.replace("round-1-resolved", "round-3-closed")
    changed_copy(snapshot, folder / demo_name, "UPDATE camp_installation SET kind = 'demo'")
    other_name = snapshot.name.replace("round-1-resolved", "round-2-closed")
    changed_copy(
        snapshot, folder / other_name, f"UPDATE camp_installation SET installation_id = '{'ab' * 16}'"
    )
    out = StringIO()
    call_command("camp_restore", "--list", stdout=out)
    blocks = {
        block.splitlines()[0].split()[2]: block.splitlines()[1:] for block in out.getvalue().split("\n\n")[1:]
    }
    camp = "Letní tábor techniků – 1. běh (2026)"
    assert blocks["round-1-resolved"] == [
        "  camp, this laptop / tábor, tento notebook",
        f"  - {camp}: round 1, resolved / kolo 1, vyhodnoceno",
    ]
    assert blocks["round-3-closed"][0] == "  DEMO (make run), this laptop / DEMO (make run), tento notebook"
    assert blocks["round-2-closed"][0] == (
        "  camp of another installation (abababab) / tábor z jiné instalace (abababab)"
    )
    assert out.getvalue().splitlines()[0] == f"Snapshots in {folder}, newest first:"


# ------------------------------------------------------------------------------------ whose database


@pytest.mark.django_db
def test_the_first_start_claims_the_database_and_the_other_kind_is_refused(settings: Any) -> None:
    assert installation_current() is None  # a database from before: nothing claimed yet
    said: list[str] = []
    assert installation_claim_for_camp(out=said.append)
    installation = installation_current()
    assert installation is not None and installation.kind == InstallationKind.CAMP
    assert re.fullmatch(r"[0-9a-f]{32}", installation.installation_id) and said == []
    assert installation_claim_for_camp(out=said.append)  # the next start: the same row
    assert installation_current() == installation
    settings.DEBUG = True
    with pytest.raises(CommandError, match="is a camp's \\(make camp\\), not the demo's"):
        call_command("demo_setup", stdout=StringIO())
    assert not Camp.objects.exists()


@pytest.mark.django_db
def test_the_camp_server_does_not_serve_the_demos_database(settings: Any) -> None:
    settings.DEBUG = True
    call_command("demo_setup", stdout=StringIO())
    installation = installation_current()
    assert installation is not None and installation.kind == InstallationKind.DEMO
    said: list[str] = []
    assert not installation_claim_for_camp(out=said.append)
    (message,) = said
    assert "is the demo's (make run), not a camp's" in message
    assert "patří demu (make run), ne táboru" in message


# ------------------------------------------------------------------------------------ leftovers


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_the_next_snapshot_removes_the_leftovers_of_one_killed_mid_write(backup_dir: Path) -> None:
    backup_dir.mkdir()
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_pid = int(gone.stdout)
    name = ".2026-07-14T21-03-55+0200_round-4-resolved.sqlite3"
    killed = backup_dir / f"{name}.{dead_pid}.tmp"
    mine_before = backup_dir / f"{name}.{os.getpid()}.tmp"  # this process's, from before a crash
    being_written = backup_dir / f"{name}.{os.getppid()}.tmp"  # a live process writing now
    ancient = backup_dir / f"{name}.{os.getppid()}9.tmp"
    for path in (killed, mine_before, being_written, ancient):
        path.write_bytes(b"SQLite format 3\x00 half")
    os.utime(ancient, (0, 0))
    (backup_dir / "poznamky.tmp").write_text("not ours")
    backups.snapshot_create(event="by hand")
    left = names(backup_dir)
    assert killed.name not in left and mine_before.name not in left and ancient.name not in left
    assert being_written.name in left and "poznamky.tmp" in left
    assert events(backup_dir) == ["by-hand"]


# ------------------------------------------------------------------------------------ data folders

DATA_FOLDERS = """
import json
from django.conf import settings
print(json.dumps({"db": str(settings.DATABASES["default"]["NAME"]), "backups": str(settings.BACKUP_DIR)}))
"""


def data_folders(**env: str) -> dict[str, str]:
    clean = {
        k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ZO_", "DATABASE_URL", "PYTEST"))
    }
    done = subprocess.run(
        [sys.executable, "-c", DATA_FOLDERS],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_the_demo_keeps_its_own_data_folder_apart_from_the_camps(tmp_path: Path) -> None:
    camp, demo = tmp_path / "camp", tmp_path / "demo"
    assert data_folders(ZO_CAMP="1", ZO_DATA_DIR=str(camp)) == {
        "db": str(camp / "db.sqlite3"),
        "backups": str(camp / "backups"),
    }
    # make run: the demo's folder, whatever ZO_DATA_DIR says
    assert data_folders(DJANGO_DEBUG="1", ZO_DATA_DIR=str(camp), ZO_DEMO_DIR=str(demo)) == {
        "db": str(demo / "db.sqlite3"),
        "backups": str(demo / "backups"),
    }
    assert demo.is_dir()  # made for SQLite, which makes the file but not its folder
    default = data_folders(DJANGO_DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert default["backups"] == str(ROOT / "var" / "demo" / "backups")
    # a command without DJANGO_DEBUG works on the camp's data (camp_restore, createsuperuser)
    assert data_folders(ZO_COMMAND_LINE="1", ZO_DATA_DIR=str(camp))["db"] == str(camp / "db.sqlite3")


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


@sqlite_only
@pytest.mark.django_db(transaction=True)
def test_camp_restore_asks_in_both_languages_and_only_yes_or_ano_puts_it_back(
    resolved: tuple[Round, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    round_, snapshot = resolved
    round_services.round_undo(round=round_)
    asked: list[str] = []
    answers = iter(["ne", "ano"])

    def answer(question: str) -> str:
        asked.append(question)
        return next(answers)

    monkeypatch.setattr("builtins.input", answer)
    out = StringIO()
    with pytest.raises(CommandError, match="Nothing was changed.\nNic se nezměnilo."):
        call_command("camp_restore", snapshot.name, stdout=out)
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.ORDERS_OPEN
    assert asked == ["Type 'yes' to put the snapshot back: / Napište 'ano' a záloha se vrátí: "]
    assert "  Letní tábor techniků – 1. běh (2026): round 1, resolved / kolo 1, vyhodnoceno" in out.getvalue()
    call_command("camp_restore", snapshot.name, stdout=StringIO())
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.RESOLVED
