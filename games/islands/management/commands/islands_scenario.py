"""``python manage.py islands_scenario FILE``: resolve one round file and print the state after.

The file format is ``zlate-ostrovy/1`` (``docs/formats/islands-scenario.md``). On any problem
(not JSON, not the format, an illegal order) every problem goes to standard error, one a line with
its JSON path, and the command exits with status 1 without printing anything to standard output.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation

from games.islands import words
from games.islands.engine.orders import IllegalOrders
from games.islands.engine.scenario import ScenarioError, ScenarioProblem
from games.islands.engine.scenario_writer import run_scenario


def _line(problem: ScenarioProblem) -> str:
    """The file's own English: the format's problems, and an illegal order as the format's
    documentation words it (the engine gives its code and values only)."""
    order = problem.order_problem
    return words.breach_file_line(order) if order is not None else str(problem)


class Command(BaseCommand):
    help = "Resolve a Golden Islands round file (zlate-ostrovy/1) and print the resulting JSON."
    # A file in, JSON out: no database, no URLs, so none of the system checks (which load every page).
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the round file, or - for standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        name: str = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self._fail([f"{name}: cannot read the file: {e}"])
        try:
            output = run_scenario(text)
        except ScenarioError as e:
            with translation.override("en"):
                self._fail([_line(p) for p in e.problems])
        except IllegalOrders as e:  # the reader checks orders already; kept as a safety net
            self._fail([words.breach_file_line(p) for p in e.problems])
        self.stdout.write(output)

    def _fail(self, lines: list[str]) -> None:
        for line in lines:
            self.stderr.write(line)
        raise SystemExit(1)
