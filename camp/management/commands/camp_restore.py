"""Put a snapshot of the database back (``camp_restore SNAPSHOT``) or list them (``--list``).

Everything is checked before the live database is touched (``camp.backups.restore.snapshot_restore``): an
intact SQLite file of this tool, its migrations and tables, and whose it is. A snapshot of the demo
is never put back over a camp's database; one of another installation only with
``--from-other-laptop``. Once every check has passed (a refused restore writes nothing), the current
database is snapshotted (event ``before-restore``), so a restore can itself be undone. Every message is
in English and Czech.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext_noop

from camp.backups.installation import installation_current
from camp.backups.restore import snapshot_find, snapshot_restore, snapshot_restore_check
from camp.backups.snapshot_content import snapshot_read
from camp.backups.snapshots import BackupError, both_languages, snapshot_list, snapshot_parse


def _nothing_changed(error: BackupError) -> CommandError:
    return CommandError(f"{error}\n{both_languages(gettext_noop('Nothing was changed.'))}")


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
            "--from-other-laptop",
            action="store_true",
            help="Accept a snapshot of another installation (laptop or data folder); never the demo's.",
        )
        parser.add_argument(
            "--noinput", "--no-input", action="store_false", dest="interactive", help="Do not ask to confirm."
        )

    def handle(
        self,
        *args: Any,
        snapshot: str | None,
        show_list: bool,
        from_other_laptop: bool,
        interactive: bool,
        **options: Any,
    ) -> None:
        if show_list:
            self._list()
            return
        if not snapshot:
            raise CommandError(
                both_languages(
                    gettext_noop("Name the snapshot to put back (see `manage.py camp_restore --list`).")
                )
            )
        try:
            path = snapshot_find(snapshot)
            content = snapshot_restore_check(path=path, from_other_laptop=from_other_laptop)
        except BackupError as error:
            raise _nothing_changed(error) from error
        parsed = snapshot_parse(path)
        described = f"{parsed.taken_at:%Y-%m-%d %H:%M:%S} ({parsed.event})" if parsed else path.name
        if interactive:
            self.stdout.write(
                both_languages(
                    gettext_noop(
                        "This replaces the whole database (every camp run and the staff logins) by the "
                        "snapshot of %(snapshot)s. Stop the camp server first (Ctrl+C in its window) and "
                        "start it again afterwards. The current database is kept as a snapshot first."
                    ),
                    {"snapshot": described},
                )
            )
            for camp in content.camps:
                self.stdout.write(f"  {camp.describe()}")
            question = both_languages(gettext_noop("Type 'yes' to put the snapshot back: ")).split("\n")
            answer = input(" / ".join(part.strip() for part in question) + " ")
            if answer.strip().lower() not in {"yes", "ano"}:
                raise CommandError(both_languages(gettext_noop("Nothing was changed.")))
        try:
            restored = snapshot_restore(path=path, from_other_laptop=from_other_laptop)
        except BackupError as error:
            raise _nothing_changed(error) from error
        self.stdout.write(
            self.style.SUCCESS(
                both_languages(
                    gettext_noop("Put back the snapshot of %(snapshot)s."), {"snapshot": described}
                )
            )
        )
        self.stdout.write(both_languages(gettext_noop("The database now holds these camp runs:")))
        for camp in content.camps:
            self.stdout.write(f"  - {camp.describe()}")
        if not content.camps:
            self.stdout.write("  - " + both_languages(gettext_noop("no camp run")).replace("\n", " / "))
        if restored.before is not None:
            self.stdout.write(
                both_languages(
                    gettext_noop("The database as it was before is kept in %(path)s."),
                    {"path": restored.before},
                )
            )
        if restored.needs_migrate:
            self.stdout.write(
                self.style.WARNING(
                    both_languages(
                        gettext_noop("The snapshot is older than this version: run `manage.py migrate` now.")
                    )
                )
            )

    def _list(self) -> None:
        snapshots = snapshot_list()
        if not snapshots:
            self.stdout.write(
                both_languages(gettext_noop("No snapshots in %(folder)s."), {"folder": settings.BACKUP_DIR})
            )
            return
        self.stdout.write(
            both_languages(
                gettext_noop("Snapshots in %(folder)s, newest first:"), {"folder": settings.BACKUP_DIR}
            )
        )
        live = installation_current()
        for s in snapshots:
            self.stdout.write("")
            self.stdout.write(f"{s.taken_at:%Y-%m-%d %H:%M:%S}  {s.event}  ({s.size / 1e6:.1f} MB)  {s.name}")
            try:
                content = snapshot_read(s.path, verify=False)
            except BackupError as error:
                self.stdout.write("  ! " + str(error).replace("\n", "\n    "))
                continue
            self.stdout.write(f"  {content.origin(live)}")
            for camp in content.camps:
                self.stdout.write(f"  - {camp.describe()}")
