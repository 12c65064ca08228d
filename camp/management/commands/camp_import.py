"""``python manage.py camp_import FILE``: store a ``zlate-ostrovy-camp/1`` backup as a NEW camp run
(never over an existing one) and print its id.

A broken file: every problem on standard error, one a line with its JSON path, exit status 1, and
nothing stored. ``-`` reads standard input.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from camp.backup_document import BackupDocumentError, camp_document_parse, camp_import_document


class Command(BaseCommand):
    help = "Import a zlate-ostrovy-camp/1 backup as a new camp run; prints the new camp run's id."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file, or - for standard input")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            content = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
        except OSError as e:
            self._fail([f"{file}: cannot read the file: {e.strerror or e}"])
        try:
            camp = camp_import_document(data=camp_document_parse(content))
        except BackupDocumentError as e:
            self._fail(e.problems)
        self.stdout.write(str(camp.pk))

    def _fail(self, lines: list[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        raise SystemExit(1)
