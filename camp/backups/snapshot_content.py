"""What a snapshot of the database holds (:mod:`camp.backups.snapshots`), read without changing it: whose it
is, the camp runs in it, and (before a restore) everything a restore needs checked through: an
intact SQLite file, this tool's migrations, every table and column they imply, and whether it may
replace this database at all (the demo's never over a camp's). Every refusal is in English and
Czech."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, gettext_noop

from camp.backups.installation import installation_current, installation_kind
from camp.backups.snapshots import BackupError, both_languages, both_languages_of, open_read_only
from camp.models import Camp, Installation, InstallationKind, Round, RoundStatus

SQLITE_HEADER = b"SQLite format 3\x00"


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


def sqlite_tables(db: sqlite3.Connection) -> set[str]:
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
    tables = sqlite_tables(db)
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
    if Installation._meta.db_table not in sqlite_tables(db):
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
            if "django_migrations" not in sqlite_tables(db):
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

    from camp.staff.passwords import DEMO_PASSWORD

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
    live_kind = live.kind if live is not None else installation_kind()
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
