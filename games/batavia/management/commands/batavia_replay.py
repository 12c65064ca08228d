"""``python manage.py batavia_replay FILE``: replay a ``batavia/1`` record and print the state as JSON.

On a malformed record or an illegal action it prints ``<json path>: <reason>`` or
``action N: <reason>`` to standard error and exits with status 1, printing nothing on standard output.
``-`` reads the record from standard input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.batavia.engine.errors import RulesError
from games.batavia.engine.record import load_record, replay, state_to_output


class Command(BaseCommand):
    help = "Replay a Batavia game record (batavia/1) and print the resulting state as JSON."
    # A file in, JSON out: no database, no URLs, so none of the system checks (which load every page).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the record (JSON); - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self._fail(f"cannot read {path}: {e}")
        try:
            state = replay(load_record(text))
            output = json.dumps(state_to_output(state), ensure_ascii=False, indent=2)
        except RulesError as e:
            self._fail(str(e))
        self.stdout.write(output)

    def _fail(self, message: str) -> None:
        self.stderr.write(message)
        raise SystemExit(1)
