"""``python manage.py camp_import FILE``: store a ``zlate-ostrovy-camp/1`` backup as a NEW camp run
(never over an existing one) and print its id.

The id alone goes to standard output (for scripts); what happened goes to standard error, in
English and Czech ("Tábor „…“ byl obnoven jako nový běh č. 7."). A broken file: every problem on
standard error, one a line with its JSON path, in English and then in Czech, exit status 1, and
nothing stored. ``-`` reads standard input. The new camp run is marked "restored" with the time on
the home page's switcher.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from camp.backups.document import (
    BackupDocumentError,
    camp_document_check,
    camp_document_parse,
    camp_import_document,
)
from camp.backups.file_words import os_error_reason
from camp.backups.snapshots import both_languages, both_languages_of


class Command(BaseCommand):
    help = "Import a zlate-ostrovy-camp/1 backup as a new camp run; prints the new camp run's id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            content = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as e:
            self._fail(
                [
                    both_languages_of(
                        lambda error=e: (
                            gettext("%(file)s: cannot read the file: %(error)s")
                            % {"file": file, "error": os_error_reason(error)}
                        )
                    )
                ]
            )
        try:
            with translation.override("en"):
                camp = camp_import_document(data=camp_document_parse(content))
        except BackupDocumentError as e:
            self._fail([*e.problems, "", *self._czech_problems(content)])
        self.stdout.write(str(camp.pk))
        self.stderr.write(
            both_languages(
                gettext_noop("The camp run “%(name)s” was restored as the new camp run no. %(id)d."),
                {"name": camp.name, "id": camp.pk},
            )
        )

    def _czech_problems(self, content: bytes) -> list[str]:
        """The same problems in Czech (the document's checks read nothing from the database)."""
        with translation.override("cs"):
            try:
                camp_document_check(camp_document_parse(content))
            except BackupDocumentError as e:
                return e.problems
        return []

    def _fail(self, lines: list[str]) -> NoReturn:
        self.stderr.write(both_languages(gettext_noop("Nothing was imported:")))
        for line in lines:
            self.stderr.write(line)
        raise SystemExit(1)
