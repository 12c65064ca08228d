"""Snapshots of the camp's SQLite database in ``settings.BACKUP_DIR``, and putting one back.

After every step of an evening that is hard to repeat (a round resolved, undone or closed, a game of
Batavia finished or recorded) the services call :func:`snapshot_after_commit`: once the transaction
has committed, a consistent copy of the whole database is written (SQLite's backup API, into a
temporary name in the same folder, fsynced, then renamed), and old snapshots are pruned (the newest
:data:`KEEP_NEWEST`, plus the newest of every day). A failed snapshot is logged and never breaks the
staff's action. ``manage.py camp_restore`` lists the snapshots and puts one back.

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
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connections, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState
from django.utils import timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, gettext_noop

from camp.errors import CampError
from camp.file_words import os_error_reason
from camp.models import Camp, Installation, InstallationKind, Round, RoundStatus

logger = logging.getLogger(__name__)

KEEP_NEWEST = 30
SUFFIX = ".sqlite3"
SQLITE_HEADER = b"SQLite format 3\x00"
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
    match = _NAME.match(path.name)
    if match is None:
        return None
    try:
        taken_at = datetime.strptime(match["stamp"], _STAMP_FORMAT)
    except ValueError:
        return None
    return Snapshot(path=path, taken_at=taken_at, event=match["event"], written_ns=written_ns, size=size)


def snapshot_list(directory: Path | None = None) -> list[Snapshot]:
    """The snapshots in the backup folder, newest first (other files there are not listed)."""
    folder = Path(directory or settings.BACKUP_DIR)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        if _NAME.match(path.name) and path.is_file():
            stat = path.stat()
            snapshot = snapshot_parse(path, written_ns=stat.st_mtime_ns, size=stat.st_size)
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


def _fsync(path: Path) -> None:
    with open(path, "rb") as f:
        os.fsync(f.fileno())


def _fsync_folder(folder: Path) -> None:
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


def _copy(source: sqlite3.Connection, target_file: Path) -> None:
    """Copy the whole database in one step of the backup API (one read transaction: consistent,
    also in WAL mode), as a self-contained file in rollback-journal mode (readable on its own)."""
    target = sqlite3.connect(target_file)
    try:
        source.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()


#: A snapshot being written: ``.<its name>.<the writer's process id>.tmp`` (the restore's copy next
#: to the database: ``.<database>.restore-<process id>.tmp``).
_TEMPORARY = re.compile(r"^\..+\.(?:restore-)?(?P<pid>\d+)\.tmp$")
#: A temporary file this old is a leftover whoever wrote it (a whole snapshot takes seconds).
LEFTOVER_AGE_SECONDS = 3600


def _writer_gone(pid: int) -> bool:
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
        match = _TEMPORARY.match(path.name)
        if match is None:
            continue
        try:
            old = now - path.stat().st_mtime > LEFTOVER_AGE_SECONDS
            if old or _writer_gone(int(match["pid"])):
                path.unlink()
                removed.append(path)
        except OSError:
            logger.warning("Could not delete the leftover %s", path, exc_info=True)
    if removed:
        logger.info("Deleted %d leftover temporary snapshot file(s) in %s", len(removed), folder)
    return removed


def snapshot_create(
    *, event: str, directory: Path | None = None, prune: bool = True, protect: Collection[str] = ()
) -> Path | None:
    """Write a snapshot of the database now; its path, or None when the database is not a SQLite
    file (nothing is written). Raises :class:`BackupError` when it cannot be written."""
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
                source = open_read_only(database)
                try:
                    _copy(source, temporary)
                finally:
                    source.close()
                _fsync(temporary)
                os.replace(temporary, target)
            finally:
                temporary.unlink(missing_ok=True)
            _fsync_folder(folder)
        except (OSError, sqlite3.Error) as error:
            raise BackupError(
                both_languages_of(
                    lambda failed=error: (
                        gettext("The snapshot “%(event)s” could not be written to %(folder)s: %(error)s")
                        % {"event": event, "folder": folder, "error": _error_reason(failed)}
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


def _error_reason(error: Exception) -> str:
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


# ------------------------------------------------------------------------------------ the installation


def installation_current() -> Installation | None:
    """This database's installation row (None: not claimed yet, or the table is not migrated)."""
    try:
        return Installation.objects.filter(singleton=1).first()
    except DatabaseError:
        return None


def installation_claim(*, kind: str) -> Installation:
    """This database's installation row, made as ``kind`` (camp or demo) when it has none yet: an
    existing database without the row becomes what first starts on it. :class:`BackupError` when
    it is already of the other kind (the camp server never serves the demo's database, whose
    password is public; the demo never loads into a camp's)."""
    with transaction.atomic():
        installation, _created = Installation.objects.get_or_create(singleton=1, defaults={"kind": kind})
    if installation.kind == kind:
        return installation
    if kind == InstallationKind.CAMP:
        message = gettext_noop(
            "This database (%(database)s) is the demo's (make run), not a camp's: its staff login has the "
            "password printed in the README. The camp server does not serve it: start `make camp` with "
            "the camp's own data folder (var/, or ZO_DATA_DIR)."
        )
    else:
        message = gettext_noop(
            "This database (%(database)s) is a camp's (make camp), not the demo's: the demo is not "
            "loaded into it. The demo keeps its own folder (var/demo/)."
        )
    raise BackupError(both_languages(message, {"database": sqlite_database_file() or "PostgreSQL"}))


def installation_claim_for_camp(*, out: Callable[[str], None]) -> bool:
    """``make camp``'s start: claim the database for the camp; False (and why, printed) if it is the
    demo's."""
    try:
        installation_claim(kind=InstallationKind.CAMP)
    except BackupError as error:
        out(str(error))
        return False
    return True


def _live_kind() -> str:
    installation = installation_current()
    if installation is not None:
        return str(installation.kind)
    return InstallationKind.DEMO if settings.DEMO_MODE else InstallationKind.CAMP


# ------------------------------------------------------------------------------------ reading a snapshot


@dataclass(frozen=True)
class CampRunInSnapshot:
    name: str
    year: int
    last_round: int | None  # its highest round's number (None: no round yet)
    last_status: str  # that round's status ("" without a round)

    def describe(self) -> str:
        """Its name, and its last round with the round's status in English / Czech, on one line."""

        def last_round() -> str:
            if self.last_round is None:
                return gettext("no round yet")
            status = self.last_status
            if status in RoundStatus.values:
                status = str(RoundStatus(status).label)
            return gettext("round %(number)d, %(status)s") % {"number": self.last_round, "status": status}

        return f"{self.name} ({self.year}): " + both_languages_of(last_round).replace("\n", " / ")


@dataclass(frozen=True)
class SnapshotContent:
    """What a snapshot says of itself: whose it is, and the camp runs it holds."""

    installation_id: str  # "" when it does not say (written before the installation table)
    kind: str  # camp or demo; "" when it does not say
    camps: tuple[CampRunInSnapshot, ...]
    migrations: frozenset[tuple[str, str]]  # (app, name) recorded as applied

    def origin(self, live: Installation | None) -> str:
        """camp or demo, and this laptop or another installation, in English / Czech on one line."""
        if not self.installation_id or not self.kind:
            message = gettext_noop("written by an older version: camp or demo, laptop unknown")
        elif live is not None and live.installation_id == self.installation_id:
            message = {
                InstallationKind.CAMP: gettext_noop("camp, this laptop"),
                InstallationKind.DEMO: gettext_noop("DEMO (make run), this laptop"),
            }[InstallationKind(self.kind)]
        else:
            message = {
                InstallationKind.CAMP: gettext_noop("camp of another installation (%(id)s)"),
                InstallationKind.DEMO: gettext_noop("DEMO (make run) of another installation (%(id)s)"),
            }[InstallationKind(self.kind)]
        return both_languages(message, {"id": self.installation_id[:8]}).replace("\n", " / ")


def _refused(path: Path, message: str, params: Mapping[str, object] | None = None) -> BackupError:
    return BackupError(both_languages(message, {"file": path.name, **(params or {})}))


def _read_header(path: Path) -> None:
    try:
        with open(path, "rb") as f:
            header = f.read(len(SQLITE_HEADER))
    except OSError as error:
        raise _refused(path, gettext_noop("%(file)s cannot be read: %(error)s"), {"error": error}) from error
    if header != SQLITE_HEADER:
        raise _refused(path, gettext_noop("%(file)s is not a SQLite database."))


def _tables(db: sqlite3.Connection) -> set[str]:
    return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _recorded_migrations(path: Path, db: sqlite3.Connection) -> frozenset[tuple[str, str]]:
    """The (app, name) rows of django_migrations, each checked as Django will read it."""
    try:
        rows = db.execute("SELECT id, app, name, applied FROM django_migrations").fetchall()
    except sqlite3.Error as error:
        raise _refused(
            path,
            gettext_noop("%(file)s: its table django_migrations is malformed (%(error)s)."),
            {"error": error},
        ) from error
    recorded = set()
    for number, (row_id, app, name, applied) in enumerate(rows, start=1):
        try:
            fine = (
                isinstance(row_id, int)
                and isinstance(app, str)
                and bool(app)
                and isinstance(name, str)
                and bool(name)
                and isinstance(applied, str)
                and parse_datetime(applied) is not None
            )
        except ValueError:
            fine = False
        if not fine:
            shown = ", ".join(repr(value)[:40] for value in (row_id, app, name, applied))
            raise _refused(
                path,
                gettext_noop("%(file)s: row %(row)d of django_migrations is malformed (%(values)s)."),
                {"row": number, "values": shown},
            )
        recorded.add((app, name))
    return frozenset(recorded)


def _check_migrations(path: Path, recorded: frozenset[tuple[str, str]]) -> ProjectState:
    """The recorded migrations against this version's: known, complete, every app there; returns
    the models' state they imply."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    graph = loader.graph
    apps = {"camp"} | set(loader.migrated_apps)
    # A squashed migration stands for the ones it replaces (a database records both).
    squashed = {old: key for key, m in loader.replacements.items() for old in m.replaces}
    ours = {squashed.get((app, name), (app, name)) for app, name in recorded if app in apps}
    if not any(app == "camp" for app, _name in ours):
        raise _refused(
            path, gettext_noop("%(file)s is a SQLite database but not one of this tool (no camp migrations).")
        )
    missing_apps = sorted(app for app in apps if not any(a == app for a, _n in ours))
    if missing_apps:
        raise _refused(
            path,
            gettext_noop("%(file)s lacks this tool's tables: no migration of %(apps)s is recorded."),
            {"apps": ", ".join(missing_apps)},
        )
    unknown = sorted(node for node in ours if node not in graph.nodes)
    if unknown:
        raise _refused(
            path,
            gettext_noop(
                "%(file)s was written by another (newer?) version of this tool: its migration %(migration)s "
                "is unknown here. Update the tool first."
            ),
            {"migration": ".".join(unknown[0])},
        )
    for node in sorted(ours):
        gaps = [n for n in graph.forwards_plan(node) if n not in ours]
        if gaps:
            raise _refused(
                path,
                gettext_noop("%(file)s: its migrations are inconsistent (%(migration)s without %(needed)s)."),
                {"migration": ".".join(node), "needed": ".".join(gaps[0])},
            )
    return graph.make_state(nodes=sorted(ours), at_end=True, real_apps=loader.unmigrated_apps)


def _check_tables(path: Path, db: sqlite3.Connection, state: ProjectState) -> None:
    """Every table and column the models of ``state`` need is there."""
    tables = _tables(db)
    for model in sorted(state.apps.get_models(include_auto_created=True), key=lambda m: m._meta.db_table):
        meta = model._meta
        if not meta.managed or meta.proxy:
            continue
        if meta.db_table not in tables:
            raise _refused(
                path, gettext_noop("%(file)s lacks the table %(table)s."), {"table": meta.db_table}
            )
        columns = {row[1] for row in db.execute(f'PRAGMA table_info("{meta.db_table}")')}
        for field in meta.local_concrete_fields:
            if field.column not in columns:
                raise _refused(
                    path,
                    gettext_noop("%(file)s: the table %(table)s lacks the column %(column)s."),
                    {"table": meta.db_table, "column": field.column},
                )


def _installation_row(path: Path, db: sqlite3.Connection) -> tuple[str, str]:
    """(installation id, kind) of the snapshot; ("", "") when it has no such row."""
    if Installation._meta.db_table not in _tables(db):
        return "", ""
    rows = db.execute(
        f"SELECT singleton, installation_id, kind, created_at FROM {Installation._meta.db_table}"
    ).fetchall()
    if not rows:
        return "", ""
    (singleton, installation_id, kind, created_at), *more = rows
    fine = (
        not more
        and singleton == 1
        and isinstance(installation_id, str)
        and re.fullmatch(r"[0-9a-f]{32}", installation_id) is not None
        and kind in InstallationKind.values
        and isinstance(created_at, str)
        and parse_datetime(created_at) is not None
    )
    if not fine:
        raise _refused(path, gettext_noop("%(file)s: its installation row is malformed."))
    return installation_id, kind


def _camp_runs(db: sqlite3.Connection) -> tuple[CampRunInSnapshot, ...]:
    camp, round_ = Camp._meta.db_table, Round._meta.db_table
    rows = db.execute(
        f"SELECT c.name, c.year, r.number, r.status FROM {camp} c LEFT JOIN {round_} r ON r.id = "
        f"(SELECT id FROM {round_} WHERE camp_id = c.id ORDER BY number DESC LIMIT 1) "
        "ORDER BY c.created_at, c.id"
    ).fetchall()
    return tuple(
        CampRunInSnapshot(name=str(name), year=int(year), last_round=number, last_status=str(status or ""))
        for name, year, number, status in rows
    )


def snapshot_read(path: Path, *, verify: bool = True) -> SnapshotContent:
    """What the snapshot at ``path`` holds; with ``verify`` (a restore), first everything a restore
    needs: an intact SQLite file, django_migrations rows that parse and match this version's
    migrations, every table and column those migrations imply, a well-formed installation row.
    :class:`BackupError` names the first problem (in English and Czech)."""
    _read_header(path)
    try:
        db = open_read_only(path)
        try:
            if verify:
                problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
                if problems != ["ok"]:
                    raise _refused(
                        path,
                        gettext_noop("%(file)s is damaged (SQLite's integrity check: %(problem)s)."),
                        {"problem": str(problems[0])[:200]},
                    )
            if "django_migrations" not in _tables(db):
                raise _refused(
                    path,
                    gettext_noop(
                        "%(file)s is a SQLite database but not one of this tool (no django_migrations)."
                    ),
                )
            recorded = _recorded_migrations(path, db)
            if verify:
                _check_tables(path, db, _check_migrations(path, recorded))
            installation_id, kind = _installation_row(path, db)
            camps = _camp_runs(db)
        finally:
            db.close()
    except sqlite3.Error as error:
        raise _refused(
            path, gettext_noop("%(file)s is not a readable SQLite database (%(error)s)."), {"error": error}
        ) from error
    return SnapshotContent(installation_id=installation_id, kind=kind, camps=camps, migrations=recorded)


def _holds_the_demo_login(path: Path) -> bool:
    """Whether an active login of the snapshot has the demo's public password (a snapshot of an
    older version, which does not say whose it is)."""
    from django.contrib.auth.hashers import check_password

    from camp.passwords import DEMO_PASSWORD

    db = open_read_only(path)
    try:
        hashes = [row[0] for row in db.execute("SELECT password FROM auth_user WHERE is_active")]
    finally:
        db.close()
    return any(isinstance(h, str) and check_password(DEMO_PASSWORD, h) for h in hashes)


def snapshot_origin_refusal(path: Path, content: SnapshotContent, *, from_other_laptop: bool) -> str:
    """Why this snapshot may not replace this database ("" when it may): the demo's over a camp's
    (never), another installation's (only ``from_other_laptop``)."""
    live = installation_current()
    live_kind = live.kind if live is not None else _live_kind()
    params = {"file": path.name}
    if content.kind and content.kind != live_kind:
        if content.kind == InstallationKind.DEMO:
            message = gettext_noop(
                "%(file)s is a snapshot of the demo (make run), not of this camp: its login's password is "
                "public. It is never put back over a camp's database."
            )
        else:
            message = gettext_noop("%(file)s is a snapshot of a camp; this database is the demo's.")
        return both_languages(message, params)
    if not content.kind and live_kind == InstallationKind.CAMP and _holds_the_demo_login(path):
        return both_languages(
            gettext_noop(
                "%(file)s holds a login with the demo's public password: it is a snapshot of the demo "
                "(make run), not of this camp. It is never put back over a camp's database."
            ),
            params,
        )
    if from_other_laptop:
        return ""
    if not content.installation_id:
        return both_languages(
            gettext_noop(
                "%(file)s was written by an older version and does not say which installation it is "
                "from. If you are sure it is this camp's, add --from-other-laptop."
            ),
            params,
        )
    if live is None or live.installation_id != content.installation_id:
        return both_languages(
            gettext_noop(
                "%(file)s is a snapshot of another installation (another laptop or data folder), not of "
                "this one. To take over that camp on this laptop, add --from-other-laptop."
            ),
            params,
        )
    return ""


# ------------------------------------------------------------------------------------ restoring


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
    change nothing. Built so that nothing can fail once the live database is touched:

    1. the snapshot is checked through (:func:`snapshot_restore_check`);
    2. the database as it is is snapshotted (event ``before-restore``), so a restore can be undone;
    3. the snapshot is copied next to the database under a temporary name, given this database's
       installation row, and the copy is checked through again;
    4. the live database is switched out of WAL (its last commits into the file, no ``-wal`` left
       to be read into the copy); this needs it to be the only connection: a running camp server
       is refused here;
    5. one ``os.replace`` puts the copy in place: whole, or not at all.
    """
    database = restorable_database()
    source = Path(path).resolve()
    content = snapshot_restore_check(path=source, from_other_laptop=from_other_laptop)
    live = installation_current()
    connections["default"].close()
    needs_migrate = _needs_migrate(content.migrations)
    try:
        before = snapshot_create(event="before-restore", prune=False) if database.exists() else None
    except BackupError as error:
        cause = error.__cause__
        raise BackupError(
            both_languages_of(
                lambda: (
                    gettext("The database could not be kept as a snapshot first (%(error)s).")
                    % {"error": _error_reason(cause) if cause is not None else gettext("unknown reason")}
                )
            )
        ) from error
    for leftover in database.parent.glob(f".{database.name}.restore-*.tmp"):
        match = _TEMPORARY.match(leftover.name)
        if match is not None and _writer_gone(int(match["pid"])):
            leftover.unlink(missing_ok=True)
    copy = database.parent / f".{database.name}.restore-{os.getpid()}.tmp"
    try:
        try:
            snapshot = open_read_only(source)
            try:
                _copy(snapshot, copy)
            finally:
                snapshot.close()
            if live is not None and (live.installation_id, live.kind) != (
                content.installation_id,
                content.kind,
            ):
                _set_installation(copy, live)
            _fsync(copy)
        except (OSError, sqlite3.Error) as error:
            raise BackupError(
                both_languages(
                    gettext_noop("The copy of %(file)s could not be written next to the database: %(error)s"),
                    {"file": source.name, "error": error},
                )
            ) from error
        snapshot_read(copy)  # the copy as the database will be: checked through again
        if database.exists():
            # Closed again just before the rename: Windows cannot replace a file that is open.
            _take_sole_access(database).close()
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
        copy.unlink(missing_ok=True)
    # Done: the database is the snapshot. What follows only tidies up, and never raises.
    try:
        for suffix in ("-wal", "-shm", "-journal"):  # none are left by step 4; a stale one would be read in
            Path(f"{database}{suffix}").unlink(missing_ok=True)
        _fsync_folder(database.parent)
        if before is not None:
            snapshot_prune(directory=before.parent, protect=(before.name, source.name))
    except OSError:
        logger.warning("Tidying up after the restore of %s failed", source, exc_info=True)
    return Restored(before=before, needs_migrate=needs_migrate)


def _set_installation(copy: Path, live: Installation) -> None:
    """The copy (of another laptop's snapshot) becomes this installation's: its later snapshots are
    then of this laptop."""
    table = Installation._meta.db_table
    db = sqlite3.connect(copy)
    try:
        if table in _tables(db):
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
