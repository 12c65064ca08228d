"""Putting a snapshot (:mod:`camp.backups.snapshots`) back as the database, or refusing and changing nothing
(``manage.py camp_restore``): the snapshot is checked through first (:mod:`camp.backups.snapshot_content`),
the database as it was is kept as a snapshot, and one rename puts a checked copy in place."""

from __future__ import annotations

import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC
from pathlib import Path

from django.conf import settings
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.utils.translation import gettext, gettext_noop

from camp.backups.installation import installation_current
from camp.backups.snapshot_content import (
    SnapshotContent,
    snapshot_origin_refusal,
    snapshot_read,
    sqlite_tables,
)
from camp.backups.snapshots import (
    TEMPORARY_NAME,
    BackupError,
    both_languages,
    both_languages_of,
    copy_database,
    error_reason,
    fsync_file,
    fsync_folder,
    open_read_only,
    snapshot_create,
    snapshot_prune,
    sqlite_database_file,
    writer_gone,
)
from camp.models import Installation

#: The restore's log lines keep the name of the snapshots' (camp.log reads as before).
logger = logging.getLogger("camp.backups.snapshots")


def snapshot_find(text: str, *, directory: Path | None = None) -> Path:
    """A snapshot named on the command line: a path, or a file name inside the backup folder."""
    folder = Path(directory or settings.BACKUP_DIR)
    given = Path(text).expanduser()
    for candidate in (given, folder / text):
        if candidate.is_file():
            return candidate.resolve()
    raise BackupError(
        both_languages(
            gettext_noop("There is no snapshot “%(name)s” (neither that file nor one in %(folder)s)."),
            {"name": text, "folder": folder},
        )
    )


def restorable_database() -> Path:
    """The SQLite file a snapshot can be put back into; :class:`BackupError` on another database."""
    database = sqlite_database_file()
    if database is None:
        raise BackupError(
            both_languages(
                gettext_noop(
                    "Snapshots are for a SQLite database only; this one is not (restore a PostgreSQL "
                    "dump with pg_restore)."
                )
            )
        )
    return database


@dataclass(frozen=True)
class Restored:
    before: Path | None  # the snapshot of the database as it was (None: there was none)
    needs_migrate: bool  # the snapshot is older than this version


def snapshot_restore_check(*, path: Path, from_other_laptop: bool = False) -> SnapshotContent:
    """Everything :func:`snapshot_restore` checks before it writes anything; :class:`BackupError`
    says why not (both languages). Touches nothing."""
    database = restorable_database()
    source = Path(path).resolve()
    if database.exists() and source.exists() and os.path.samefile(source, database):
        raise BackupError(
            both_languages(
                gettext_noop("%(file)s is the camp's database itself, not a snapshot."), {"file": source}
            )
        )
    content = snapshot_read(source)
    refusal = snapshot_origin_refusal(source, content, from_other_laptop=from_other_laptop)
    if refusal:
        raise BackupError(refusal)
    return content


def snapshot_restore(*, path: Path, from_other_laptop: bool = False) -> Restored:
    """Put the snapshot at ``path`` back as the database, or refuse (:class:`BackupError`) and
    change nothing. Nothing is written until every check has passed (a refused restore that wrote
    its ``before-restore`` snapshot pushed real ones out of those kept), and nothing can fail once
    the live database is touched:

    1. the snapshot is checked through (:func:`snapshot_restore_check`);
    2. the live database is taken alone and switched out of WAL (its last commits into the file, no
       ``-wal`` left to be read into the copy): a running camp server is refused here, and none can
       write until the end;
    3. the snapshot is copied next to the database under a temporary name, given this database's
       installation row, and the copy is checked through again;
    4. only then the database as it is is snapshotted (event ``before-restore``), so a restore can
       be undone;
    5. one ``os.replace`` puts the copy in place: whole, or not at all.
    """
    database = restorable_database()
    source = Path(path).resolve()
    content = snapshot_restore_check(path=source, from_other_laptop=from_other_laptop)
    live = installation_current()
    connections["default"].close()
    needs_migrate = _needs_migrate(content.migrations)
    holder = _take_sole_access(database) if database.exists() else None
    for leftover in database.parent.glob(f".{database.name}.restore-*.tmp"):
        match = TEMPORARY_NAME.match(leftover.name)
        if match is not None and writer_gone(int(match["pid"])):
            leftover.unlink(missing_ok=True)
    copy = database.parent / f".{database.name}.restore-{os.getpid()}.tmp"
    try:
        try:
            snapshot = open_read_only(source)
            try:
                copy_database(snapshot, copy)
            finally:
                snapshot.close()
            if live is not None and (live.installation_id, live.kind) != (
                content.installation_id,
                content.kind,
            ):
                _set_installation(copy, live)
            fsync_file(copy)
        except (OSError, sqlite3.Error) as error:
            raise BackupError(
                both_languages(
                    gettext_noop("The copy of %(file)s could not be written next to the database: %(error)s"),
                    {"file": source.name, "error": error},
                )
            ) from error
        snapshot_read(copy)  # the copy as the database will be: checked through again
        before = _keep_before(holder)
        if holder is not None:
            # Closed just before the rename: Windows cannot replace a file that is open.
            holder.close()
            holder = None
        try:
            os.replace(copy, database)
        except OSError as error:
            raise BackupError(
                both_languages(
                    gettext_noop(
                        "%(file)s could not be put in place (%(error)s); the database is as it was."
                    ),
                    {"file": source.name, "error": error},
                )
            ) from error
    finally:
        if holder is not None:
            holder.close()
        copy.unlink(missing_ok=True)
    # Done: the database is the snapshot. What follows only tidies up, and never raises.
    try:
        for suffix in ("-wal", "-shm", "-journal"):  # none are left by step 2; a stale one would be read in
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        fsync_folder(database.parent)
        if before is not None:
            snapshot_prune(directory=before.parent, protect=(before.name, source.name))
    except OSError:
        logger.warning("Tidying up after the restore of %s failed", source, exc_info=True)
    return Restored(before=before, needs_migrate=needs_migrate)


def _keep_before(holder: sqlite3.Connection | None) -> Path | None:
    """The snapshot of the database as it is (read through the connection that holds it alone)."""
    if holder is None:
        return None
    # SQLite cannot back up through a connection that holds a write lock (the backup waits forever),
    # so the exclusive lock becomes a read lock: still no one can commit until the holder is closed.
    holder.execute("COMMIT")
    holder.execute("BEGIN")
    holder.execute("SELECT count(*) FROM sqlite_master").fetchone()
    try:
        return snapshot_create(event="before-restore", prune=False, source=holder)
    except BackupError as error:
        cause = error.__cause__
        raise BackupError(
            both_languages_of(
                lambda: (
                    gettext("The database could not be kept as a snapshot first (%(error)s).")
                    % {"error": error_reason(cause) if cause is not None else gettext("unknown reason")}
                )
            )
        ) from error


def _set_installation(copy: Path, live: Installation) -> None:
    """The copy (of another laptop's snapshot) becomes this installation's: its later snapshots are
    then of this laptop."""
    table = Installation._meta.db_table
    db = sqlite3.connect(copy)
    try:
        if table in sqlite_tables(db):
            with db:
                db.execute(f"DELETE FROM {table}")
                db.execute(
                    f"INSERT INTO {table} (singleton, installation_id, kind, created_at) VALUES (1, ?, ?, ?)",
                    (
                        live.installation_id,
                        live.kind,
                        live.created_at.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" "),
                    ),
                )
    finally:
        db.close()


def _take_sole_access(database: Path) -> sqlite3.Connection:
    """A connection that holds the live database alone (no other connection has it open: a camp
    server that still runs is refused), switched out of WAL, until it is closed."""
    holder = sqlite3.connect(database, timeout=2, isolation_level=None)
    try:
        mode = holder.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
        if str(mode).lower() != "delete":
            raise sqlite3.OperationalError(f"journal mode stays {mode}")
        holder.execute("BEGIN EXCLUSIVE")
    except sqlite3.Error as error:
        holder.close()
        raise BackupError(
            both_languages(
                gettext_noop(
                    "The database is in use (%(error)s): stop the camp server first (Ctrl+C in its "
                    "window), then run this again."
                ),
                {"error": error},
            )
        ) from error
    return holder


def _needs_migrate(recorded: frozenset[tuple[str, str]]) -> bool:
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    return any(node not in recorded for node in graph.nodes)
