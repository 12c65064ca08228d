"""``manage.py demo_fixture [--check]``: generate the demo fixture ``fixtures/demo_camp.json``.

Builds the whole demo (:func:`camp.demo.build_demo`: the demo base, round 3's Batavia game, the
islands board and rounds 1-3) in a throwaway SQLite database, in a child process, so the database
you work with is never touched and primary keys always start at 1. Then writes every row of it to
the fixture (:func:`camp.demo.serialize_demo`, :func:`camp.demo.fixture_text`), or with ``--check``
only compares: it fails (exit status 1) naming the rows that differ when the committed fixture is
not what the builder makes now. Run it after changing an engine or the demo planner, and commit the
file; a test fails while it is stale.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from io import StringIO
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from camp.demo import (
    DemoError,
    build_demo,
    demo_fixture_path,
    fixture_differences,
    fixture_text,
    serialize_demo,
)

#: How many differing rows ``--check`` names.
SHOWN_DIFFERENCES = 30


class Command(BaseCommand):
    help = (
        "Build the demo camp in a throwaway database and write fixtures/demo_camp.json "
        "(--check: only say whether the committed file is up to date)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; fail if the fixture differs from what the builder makes now.",
        )
        parser.add_argument(
            "--path",
            type=Path,
            default=None,
            help="The fixture file (default: fixtures/demo_camp.json).",
        )
        # The child process: build in this (throwaway, empty) database, write the rows to a file.
        parser.add_argument("--build-here", type=Path, default=None, help=argparse.SUPPRESS)

    def handle(
        self, *args: Any, check: bool, path: Path | None, build_here: Path | None, **options: Any
    ) -> None:
        if build_here is not None:
            self._build_here(build_here)
            return
        path = path or demo_fixture_path()
        built = build_in_throwaway_database()
        if check:
            self._check(path, built)
            return
        text = fixture_text(built)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            self.stdout.write(f"{path} is up to date ({len(built)} rows).")
            return
        path.write_text(text, encoding="utf-8")
        self.stdout.write(
            self.style.SUCCESS(f"Wrote {path}: {len(built)} rows, {len(text.encode()) // 1024} KiB.")
        )

    def _check(self, path: Path, built: list[dict[str, Any]]) -> None:
        try:
            committed = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError as error:
            raise CommandError(f"{path} does not exist: run `manage.py demo_fixture` to write it.") from error
        except json.JSONDecodeError as error:
            raise CommandError(f"{path} is not JSON ({error}): run `manage.py demo_fixture`.") from error
        differences = fixture_differences(committed, built)
        if differences:
            shown = differences[:SHOWN_DIFFERENCES]
            if len(differences) > len(shown):
                shown.append(f"… and {len(differences) - len(shown)} more")
            raise CommandError(
                f"{path} is not what the demo builder makes now ({len(differences)} rows differ); "
                "run `manage.py demo_fixture` and commit the file:\n  " + "\n  ".join(shown)
            )
        self.stdout.write(self.style.SUCCESS(f"{path} is up to date ({len(built)} rows)."))

    def _build_here(self, out_path: Path) -> None:
        """In the child process: migrate this database, build the demo, write its rows as JSON.
        Nothing stays in the database (the build is rolled back)."""
        call_command("migrate", verbosity=0, interactive=False, stdout=StringIO())
        with transaction.atomic():
            try:
                build_demo(out=lambda line: None)
            except DemoError as error:
                raise CommandError(str(error)) from error
            rows = serialize_demo()
            transaction.set_rollback(True)
        out_path.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")


def build_in_throwaway_database() -> list[dict[str, Any]]:
    """The demo's rows as :func:`camp.demo.serialize_demo` gives them, built in a new SQLite file by
    a child process (``manage.py demo_fixture --build-here``)."""
    with tempfile.TemporaryDirectory(prefix="demo-fixture-") as tmp:
        database, rows_file = Path(tmp) / "demo.sqlite3", Path(tmp) / "rows.json"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
        manage = Path(settings.BASE_DIR) / "manage.py"
        command = [sys.executable, str(manage), "demo_fixture", "--build-here", str(rows_file)]
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0 or not rows_file.exists():
            raise CommandError(
                f"Building the demo in a throwaway database failed (exit status {done.returncode}):\n"
                + (done.stderr or done.stdout).strip()
            )
        rows: list[dict[str, Any]] = json.loads(rows_file.read_text(encoding="utf-8"))
        return rows
