"""``python manage.py islands_deal``: deal a fair board, one the rehearsal proves fair (the board
page's "Rozdat férovou mapu", ``games.islands.engine.rehearsal.deal``), and print it with its proof
as JSON (``zlate-ostrovy-deal/1``: the board's cells, the confirmation's figures) on standard output.

For a camp run (``--camp ID``: its side, teams and AP table; with ``--accept`` the board is stored as
the camp's, as "Přijmout tuto mapu" does) or for a side and a number of teams. Progress goes to
standard error. The same ``--seed`` gives the same board; without one a fresh 63-bit seed is drawn
(no one finds the board by trying seeds). On a problem (impossible settings, no such camp run, the
game on) the problem goes to standard error and the command exits with status 2.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from django.core.management.base import CommandParser

from camp.models import Camp
from games.islands.deals import camp_deal_spec, deal_document, deal_report, deal_spec
from games.islands.engine.rehearsal import MAX_WORKERS
from games.islands.engine.rehearsal.deal import DealError, DealStatus, deal_fair_board
from games.islands.errors import IslandsError
from games.islands.management.rehearsal_command import RehearsalCommand
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services
from games.islands.words import deal as deal_words


class Command(RehearsalCommand):
    help = "Deal a fair board of the Golden Islands (proven fair by the rehearsal) and print it as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--camp", type=int, help="a camp run's id: its side, teams and AP table")
        parser.add_argument(
            "--accept", action="store_true", help="with --camp: store the board as the camp's"
        )
        parser.add_argument("--side", type=int, default=9, help="the board's side without --camp (default 9)")
        parser.add_argument("--teams", type=int, default=3, help="how many teams without --camp (default 3)")
        parser.add_argument("--ap-table", help="AP by placement without --camp, e.g. 14,11,8")
        parser.add_argument("--seed", type=int, help="the search's seed (default: a fresh 63-bit one)")
        parser.add_argument("--workers", type=int, default=2, help=f"worker processes, 1 to {MAX_WORKERS}")

    def handle(self, *args: Any, **options: Any) -> None:
        seed = options["seed"] if options["seed"] is not None else secrets.randbits(63)
        camp = None
        if options["camp"] is not None:
            camp = Camp.objects.filter(pk=options["camp"]).first()
            if camp is None:
                self._fail(f"No camp run has the id {options['camp']}.")
            document = camp_deal_spec(camp, seed)
        else:
            if options["accept"]:
                self._fail("--accept stores the board as a camp run's: give --camp ID.")
            document = deal_document(
                options["side"], options["teams"], self._ap_table(options["ap_table"]), seed
            )
        started = time.monotonic()
        last: list[tuple[str, int]] = []

        def progress(status: DealStatus) -> None:
            if (status.stage, status.candidate) != (last[-1] if last else None):
                last.append((status.stage, status.candidate))
                self.stderr.write(
                    f"{time.monotonic() - started:6.1f} s  board {status.candidate}: {status.stage}"
                    f" ({status.camps} simulated camps so far)"
                )

        try:
            found = deal_fair_board(deal_spec(document), workers=options["workers"], progress=progress)
        except DealError as error:
            self._fail(deal_words.impossible_text(error.code, dict(error.params)))
        kept = deal_report(seed, found)
        report = {**kept, "seconds": round(time.monotonic() - started, 1)}
        if camp is not None and options["accept"]:
            try:
                row = rehearsal_services.deal_record(camp=camp, spec=document, report=kept)
                board_services.board_deal_accept(camp=camp, deal=row)
            except IslandsError as error:
                self._fail(str(error))
            self.stderr.write(f"Stored as the board of “{camp}” (fair deal {row.pk}).")
        self.stdout.write(json.dumps(report, indent=2, sort_keys=True))
