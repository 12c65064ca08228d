"""What the rehearsal's two commands (``islands_rehearse``, ``islands_deal``) share: boards and
numbers in, JSON out, and a problem as one line on standard error with status 2."""

from __future__ import annotations

import sys
from typing import NoReturn

from django.core.management.base import BaseCommand

from camp.models import DEFAULT_AP_TABLE


class RehearsalCommand(BaseCommand):
    # Boards and numbers in, JSON out: none of the system checks (which load every page).
    requires_system_checks: list[str] = []

    def _ap_table(self, text: str | None) -> list[int]:
        """``--ap-table`` as typed (``14,11,8``), or the camp's default AP table without it."""
        if text is None:
            return list(DEFAULT_AP_TABLE)
        try:
            return [int(part) for part in text.replace(" ", "").split(",")]
        except ValueError:
            self._fail(f"--ap-table must list whole numbers separated by commas, e.g. 14,11,8, not “{text}”.")

    def _fail(self, line: str) -> NoReturn:
        self.stderr.write(line)
        sys.exit(2)
