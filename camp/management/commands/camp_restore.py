"""Put a snapshot of the database back (``camp_restore SNAPSHOT``) or list them (``--list``).

The snapshot is checked first (a SQLite database of this tool, intact); the current database is
snapshotted before it is replaced (event ``before-restore``), so a restore can itself be undone.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections
from django.db.migrations.executor import MigrationExecutor

from camp.backups import (
    BackupError,
    restorable_database,
    snapshot_check,
    snapshot_find,
    snapshot_list,
    snapshot_parse,
    snapshot_restore,
)


class Command(BaseCommand):
    help = (
        "Put a snapshot from the backup folder back as the camp's database (stop the camp server "
        "first); the current database is kept as a snapshot. --list shows the snapshots."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "snapshot", nargs="?", help="A snapshot's file name in the backup folder, or a path."
        )
        parser.add_argument(
            "--list", action="store_true", dest="show_list", help="List the snapshots, newest first."
        )
        parser.add_argument(
            "--noinput", "--no-input", action="store_false", dest="interactive", help="Do not ask to confirm."
        )

    def handle(
        self, *args: Any, snapshot: str | None, show_list: bool, interactive: bool, **options: Any
    ) -> None:
        if show_list:
            self._list()
            return
        if not snapshot:
            raise CommandError("Name the snapshot to put back (see `manage.py camp_restore --list`).")
        try:
            restorable_database()
            path = snapshot_find(snapshot)
            snapshot_check(path)
        except BackupError as error:
            raise CommandError(f"{error} Nothing was changed.") from error
        parsed = snapshot_parse(path)
        described = f"{parsed.taken_at:%Y-%m-%d %H:%M:%S} ({parsed.event})" if parsed else path.name
        if interactive:
            self.stdout.write(
                f"This replaces the whole database (every camp run) by the snapshot of {described}.\n"
                "Stop the camp server first (Ctrl+C in its window) and start it again afterwards.\n"
                "The current database is kept as a snapshot first."
            )
            if input("Type 'yes' to put the snapshot back: ").strip().lower() != "yes":
                raise CommandError("Nothing was changed.")
        try:
            before = snapshot_restore(path=path)
        except BackupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(self.style.SUCCESS(f"Put back the snapshot of {described}."))
        self.stdout.write(f"The database as it was before is kept in {before}.")
        if self._unapplied_migrations():
            self.stdout.write(
                self.style.WARNING("The snapshot is older than this version: run `manage.py migrate` now.")
            )

    def _list(self) -> None:
        snapshots = snapshot_list()
        if not snapshots:
            self.stdout.write(f"No snapshots in {settings.BACKUP_DIR}.")
            return
        self.stdout.write(f"Snapshots in {settings.BACKUP_DIR}, newest first:")
        for s in snapshots:
            self.stdout.write(
                f"  {s.taken_at:%Y-%m-%d %H:%M:%S}  {s.event:<28} {s.size / 1e6:6.1f} MB  {s.name}"
            )

    def _unapplied_migrations(self) -> bool:
        executor = MigrationExecutor(connections["default"])
        return bool(executor.migration_plan(executor.loader.graph.leaf_nodes()))
