"""Snapshots of the camp's SQLite database in ``settings.BACKUP_DIR``: their names, the folder's list,
writing one, pruning the old ones.

After every step of an evening that is hard to repeat (a round resolved, undone or closed, a game of
Batavia finished or recorded) the services call :func:`snapshot_after_commit`: once the transaction
has committed, a consistent copy of the whole database is written (SQLite's backup API, into a
temporary name in the same folder, fsynced, then renamed), and old snapshots are pruned (the newest
:data:`KEEP_NEWEST`, plus the newest of every day). A failed snapshot is logged and never breaks the
staff's action. ``manage.py camp_restore`` lists the snapshots and puts one back: what a snapshot
holds is read by :mod:`camp.backups.snapshot_content`, putting it back is :mod:`camp.backups.restore`;
whose database this is (camp or demo, which laptop), :mod:`camp.backups.installation`.

Only for SQLite: on PostgreSQL nothing is written (dumping the server's database is the server's
job, ``pg_dump``). Names are the local time with its offset, then the event, e.g.
``2026-07-14T21-03-55+0200_round-4-resolved.sqlite3``; they sort by time within one time zone, and
:func:`snapshot_list` sorts by the parsed moment anyway.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import connections, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from camp.backups.file_words import os_error_reason
from camp.errors import CampError

logger = logging.getLogger(__name__)

KEEP_NEWEST = 30
SUFFIX = ".sqlite3"
_STAMP_FORMAT = "%Y-%m-%dT%H-%M-%S%z"
_NAME = re.compile(
    r"^(?P<stamp>\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}[+-]\d{4})_(?P<event>[a-z0-9][a-z0-9-]*)"
    + re.escape(SUFFIX)
    + "$"
)
# Waitress serves each request in a thread of one process: two snapshots in the same second must
# not pick the same free name.
_writing = threading.Lock()


class BackupError(CampError):
    """A snapshot could not be written, read or put back; the message names the problem."""


@dataclass(frozen=True)
class Snapshot:
    path: Path
    taken_at: datetime  # aware, in the offset written in the name
    event: str
    written_ns: int = 0  # the file's time: orders two snapshots of the same second
    size: int = 0  # bytes

    @property
    def name(self) -> str:
        return self.path.name


# ------------------------------------------------------------------------------------ names


def event_slug(event: str) -> str:
    """``Round 4 resolved`` → ``round-4-resolved`` (lower-case letters, digits and dashes only)."""
    slug = re.sub(r"[^a-z0-9]+", "-", event.lower()).strip("-")
    return slug or "snapshot"


def snapshot_name(*, at: datetime, event: str) -> str:
    return f"{at.strftime(_STAMP_FORMAT)}_{event_slug(event)}{SUFFIX}"


def snapshot_parse(path: Path, *, written_ns: int = 0, size: int = 0) -> Snapshot | None:
    """The snapshot a file name describes, or None for any other file (left alone by pruning)."""
    parsed = _parse_name(path.name)
    if parsed is None:
        return None
    taken_at, event = parsed
    return Snapshot(path=path, taken_at=taken_at, event=event, written_ns=written_ns, size=size)


@lru_cache(maxsize=1024)
def _parse_name(name: str) -> tuple[datetime, str] | None:
    """(moment, event) of a snapshot's file name. Kept: every snapshot prunes the folder, and
    ``strptime`` of the thirty names there was a third of writing one."""
    match = _NAME.match(name)
    if match is None:
        return None
    try:
        return datetime.strptime(match["stamp"], _STAMP_FORMAT), match["event"]
    except ValueError:
        return None


def snapshot_list(directory: Path | None = None) -> list[Snapshot]:
    """The snapshots in the backup folder, newest first (other files there are not listed)."""
    folder = Path(directory or settings.BACKUP_DIR)
    if not folder.is_dir():
        return []
    found = []
    with os.scandir(folder) as entries:  # each snapshot prunes the folder: no Path, no stat twice
        for entry in entries:
            if _parse_name(entry.name) is not None and entry.is_file():
                stat = entry.stat()
                snapshot = snapshot_parse(folder / entry.name, written_ns=stat.st_mtime_ns, size=stat.st_size)
                if snapshot is not None:
                    found.append(snapshot)
    return sorted(found, key=_newest_first_key, reverse=True)


def _newest_first_key(snapshot: Snapshot) -> tuple[datetime, int, str]:
    return (snapshot.taken_at, snapshot.written_ns, snapshot.name)


# ------------------------------------------------------------------------------------ retention


def snapshots_to_delete(
    snapshots: Iterable[Snapshot], *, keep_newest: int = KEEP_NEWEST, protect: Collection[str] = ()
) -> list[Snapshot]:
    """What pruning deletes: all but the newest ``keep_newest``, the newest of each day (the day
    as written in the name) and the names in ``protect``."""
    ordered = sorted(snapshots, key=_newest_first_key, reverse=True)
    keep = {s.name for s in ordered[:keep_newest]} | set(protect)
    days = set()
    for snapshot in ordered:
        day = snapshot.taken_at.date()
        if day not in days:
            days.add(day)
            keep.add(snapshot.name)
    return [s for s in ordered if s.name not in keep]


def snapshot_prune(*, directory: Path | None = None, protect: Collection[str] = ()) -> list[Path]:
    """Delete the snapshots :func:`snapshots_to_delete` names; a file that cannot be deleted is
    logged and left. Returns the deleted paths."""
    deleted = []
    for snapshot in snapshots_to_delete(snapshot_list(directory), protect=protect):
        try:
            snapshot.path.unlink(missing_ok=True)
        except OSError:
            logger.warning("Could not delete the old snapshot %s", snapshot.path, exc_info=True)
        else:
            deleted.append(snapshot.path)
    return deleted


# ------------------------------------------------------------------------------------ writing


def sqlite_database_file(alias: str = "default") -> Path | None:
    """The file of the SQLite database, or None on another database (or an in-memory one)."""
    connection = connections[alias]
    if connection.vendor != "sqlite" or connection.is_in_memory_db():
        return None
    return Path(connection.settings_dict["NAME"])


def fsync_file(path: Path) -> None:
    with open(path, "rb") as f:
        os.fsync(f.fileno())


def fsync_folder(folder: Path) -> None:
    if os.name != "posix":  # Windows cannot open a folder; its rename is durable enough
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def open_read_only(database: Path) -> sqlite3.Connection:
    """A connection that can only read (never creates a missing file); waits for a writer."""
    return sqlite3.connect(f"{database.resolve().as_uri()}?mode=ro", uri=True, timeout=20)


def copy_database(source: sqlite3.Connection, target_file: Path) -> None:
    """Copy the whole database in one step of the backup API (one read transaction: consistent,
    also in WAL mode), as a self-contained file in rollback-journal mode (readable on its own).

    ``target_file`` is a temporary file: it is written without a journal and without waiting for
    the disk (half the time of a snapshot went to the journal's and the file's syncs); the callers
    fsync the whole file once before giving it its name, so a copy cut short stays a temporary
    file and is never taken for a snapshot."""
    target = sqlite3.connect(target_file)
    try:
        target.execute("PRAGMA synchronous=OFF")
        target.execute("PRAGMA journal_mode=OFF")
        source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()


#: A snapshot being written: ``.<its name>.<the writer's process id>.tmp`` (the restore's copy next
#: to the database: ``.<database>.restore-<process id>.tmp``).
TEMPORARY_NAME = re.compile(r"^\..+\.(?:restore-)?(?P<pid>\d+)\.tmp$")
#: A temporary file this old is a leftover whoever wrote it (a whole snapshot takes seconds).
LEFTOVER_AGE_SECONDS = 3600


def writer_gone(pid: int) -> bool:
    if pid == os.getpid():
        return True  # this process holds the writing lock: a file of its own is left from before
    if os.name != "posix":  # Windows: signal 0 would be Ctrl+C; the file's age decides
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False  # alive, another user's
    return False


def snapshot_leftovers_remove(folder: Path) -> list[Path]:
    """Delete the temporary files of snapshots that were killed mid-write (their process is gone,
    or they are an hour old); one being written by a live process is left. Returns the deleted."""
    removed = []
    now = timezone.now().timestamp()
    for path in folder.iterdir():
        match = TEMPORARY_NAME.match(path.name)
        if match is None:
            continue
        try:
            old = now - path.stat().st_mtime > LEFTOVER_AGE_SECONDS
            if old or writer_gone(int(match["pid"])):
                path.unlink()
                removed.append(path)
        except OSError:
            logger.warning("Could not delete the leftover %s", path, exc_info=True)
    if removed:
        logger.info("Deleted %d leftover temporary snapshot file(s) in %s", len(removed), folder)
    return removed


def snapshot_create(
    *,
    event: str,
    directory: Path | None = None,
    prune: bool = True,
    protect: Collection[str] = (),
    source: sqlite3.Connection | None = None,
) -> Path | None:
    """Write a snapshot of the database now; its path, or None when the database is not a SQLite
    file (nothing is written). Raises :class:`BackupError` when it cannot be written. ``source``: a
    connection to the database that already holds it (the restore's, which keeps others out)."""
    database = sqlite_database_file()
    if database is None:
        return None
    folder = Path(directory or settings.BACKUP_DIR)
    with _writing:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            at = timezone.localtime()
            target = folder / snapshot_name(at=at, event=event)
            counter = 1
            while target.exists():
                counter += 1
                target = folder / snapshot_name(at=at, event=f"{event}-{counter}")
            snapshot_leftovers_remove(folder)
            temporary = folder / f".{target.name}.{os.getpid()}.tmp"
            try:
                reader = source or open_read_only(database)
                try:
                    copy_database(reader, temporary)
                finally:
                    if reader is not source:
                        reader.close()
                fsync_file(temporary)
                os.replace(temporary, target)
            finally:
                temporary.unlink(missing_ok=True)
            fsync_folder(folder)
        except (OSError, sqlite3.Error) as error:
            raise BackupError(
                both_languages_of(
                    lambda failed=error: (
                        gettext("The snapshot “%(event)s” could not be written to %(folder)s: %(error)s")
                        % {"event": event, "folder": folder, "error": error_reason(failed)}
                    )
                )
            ) from error
    logger.info("Snapshot written: %s", target)
    if prune:
        snapshot_prune(directory=folder, protect={target.name, *protect})
    return target


def snapshot_after_commit(*, event: str) -> None:
    """Snapshot the database once the current transaction has committed (nothing if it rolls back).
    Called by the services; a failure is logged and the staff's action goes on."""

    def write() -> None:
        try:
            snapshot_create(event=event)
        except Exception:
            logger.exception("The snapshot after “%s” failed; the change itself is saved.", event)

    transaction.on_commit(write)


# ------------------------------------------------------------------------------------ two languages


def error_reason(error: Exception) -> str:
    return os_error_reason(error) if isinstance(error, OSError) else str(error)


def both_languages(message: str, params: Mapping[str, object] | None = None) -> str:
    """A message (written in English, translated in the catalogue) in English and in Czech, as the
    camp server's banner speaks: the command line has no language switch."""
    return both_languages_of(lambda: gettext(message) % params if params is not None else gettext(message))


def both_languages_of(render: Callable[[], str]) -> str:
    """What ``render`` says in English, then in Czech (one line each; once if they are the same)."""
    texts = []
    for language in ("en", "cs"):
        with translation.override(language):
            texts.append(render())
    return texts[0] if texts[0] == texts[1] else f"{texts[0]}\n{texts[1]}"
