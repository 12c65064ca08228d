"""``python manage.py islands_rehearsal_run ID``: the background worker of one rehearsal of the game.

The board set-up page starts it (``games.islands.services.rehearsals``, the ``process`` runner) as a
process of its own; it runs the queued rehearsal ``ID`` to its end, writing its progress into the
row, and exits. Run by hand it does the same (a rehearsal left queued). It prints its final status.
"""

from __future__ import annotations

import signal
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import connections

from games.islands.services.rehearsals import rehearsal_run


class Command(BaseCommand):
    help = "Run a queued rehearsal of the Golden Islands game (started from the board set-up page)."
    # Started for every rehearsal: the system checks (which load every page) would only slow it.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("id", type=int, help="the rehearsal's id (its page's address has it)")

    def handle(self, *args: Any, **options: Any) -> None:
        # A SIGTERM (the laptop shutting down, a plain kill) stops the run as Ctrl+C does: the
        # simulator's worker processes are shut down with it and the row is marked interrupted.
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        try:
            status = rehearsal_run(rehearsal_id=options["id"], background=True)
        finally:
            connections.close_all()
        self.stdout.write(status or "not queued: nothing to run")
