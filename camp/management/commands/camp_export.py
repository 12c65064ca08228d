"""``python manage.py camp_export CAMP_ID [-o FILE]``: a whole camp run as a ``zlate-ostrovy-camp/1``
backup (docs/camp-backup-format.md), on standard output unless ``-o`` names a file.

The file holds the camp's secrets (its seed, the hidden board, the Batavia decks): keep it like the
database. An unknown camp run: the problem on standard error, exit status 1, nothing written. What
it did, or why not, is said on standard error in English and Czech (the command line has no language
switch).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext, gettext_noop

from camp.backups.export import camp_export_text
from camp.backups.file_words import os_error_reason
from camp.backups.snapshots import both_languages, both_languages_of
from camp.forms import parse_row_id
from camp.models import Camp


class Command(BaseCommand):
    help = "Write a camp run as one zlate-ostrovy-camp/1 JSON document (a backup; it holds secrets)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("camp_id", help="the camp run's id (as in the admin's address)")
        parser.add_argument("-o", "--output", help="write to this file instead of standard output")

    def handle(self, *args: Any, camp_id: str, output: str | None, **options: Any) -> None:
        pk = parse_row_id(camp_id)
        camp = Camp.objects.filter(pk=pk).first() if pk is not None else None
        if camp is None:
            self.stderr.write(
                both_languages(
                    gettext_noop("There is no camp run no. %(id)s: nothing was written."),
                    {"id": camp_id[:30]},
                )
            )
            raise SystemExit(1)
        text = camp_export_text(camp=camp)
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as e:
            self.stderr.write(
                both_languages_of(
                    lambda error=e: (
                        gettext("%(file)s: cannot write the file (%(reason)s).")
                        % {"file": output, "reason": os_error_reason(error)}
                    )
                )
            )
            raise SystemExit(1) from None
        self.stderr.write(
            both_languages(
                gettext_noop(
                    "The camp run “%(name)s” (no. %(id)d) was written to %(file)s. It holds the camp's "
                    "secrets (the seed, the hidden board): keep it like the database."
                ),
                {"name": camp.name, "id": camp.pk, "file": output},
            )
        )
