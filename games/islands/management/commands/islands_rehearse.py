"""``python manage.py islands_rehearse``: rehearse the game on one to four boards and print the
report (``zlate-ostrovy-rehearsal/2``, ``docs/islands-rehearsal.md``) as JSON on standard output.

The boards: ``--camp ID`` (that camp run's stored board, its teams and AP table) and/or
``--board-seed S`` (repeatable: a board dealt from each seed for the teams, balanced as the board
page deals it, side by side; without ``--camp`` on a board of ``--side`` with ``--teams`` teams).
The same ``--seed`` gives the same report, byte for byte; without one a fresh seed is drawn, and
the report's ``spec.seed`` names it.

On a problem (an option out of range, no such camp run, a seed the generator finds no fair board
for) the problem goes to standard error in plain words and the command exits with status 2,
printing nothing to standard output.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from django.core.management.base import CommandParser

from camp.models import Camp, Team
from games.islands.engine.generator import GeneratorError
from games.islands.engine.hexes import MAX_SIDE, MIN_SIDE, Hex, geometry
from games.islands.engine.rehearsal import (
    MAX_WORKERS,
    RehearsalBoard,
    RehearsalSpec,
    RehearsalSpecError,
    dealt_board,
    rehearse,
)
from games.islands.engine.rehearsal.spec import BOTS, MAX_BOARDS, MAX_CAMPS, MAX_ROUNDS, PLACEMENTS
from games.islands.engine.state import Cell
from games.islands.engine.tiles import Tile
from games.islands.management.rehearsal_command import RehearsalCommand
from games.islands.models.board import BoardHex, BoardSetup

#: The command's own English for the engine's refusals of a spec (codes of ``RehearsalSpecError``).
SPEC_ERROR_LINES: dict[str, str] = {
    "boards": "Rehearse 1 to {max} boards at once, not {count}.",
    "boards_side": "The boards rehearsed side by side must have one side; these have sides {sides}.",
    "side": "Board {board}: the side must be a whole number from {min} to {max}, not {side}.",
    "board_cell": "Board {board}: {hex} is not a hex of the board.",
    "board_chests": "Board {board}: {hex} holds {chests} chests (only a treasure holds any, never below 0).",
    "board_treasure": "Board {board} holds no chest: there is nothing to rehearse.",
    "board_seed": "Board {board}: the seed must be a whole number, not {seed}.",
    "teams": "A rehearsal needs {min} to {max} teams, not {count}.",
    "team_name": "A team's name cannot be empty (“{name}”).",
    "team_twice": "Two teams are called “{name}”.",
    "bays": "{teams} teams do not fit a board of side {side}: a side has {bays} bays.",
    "ap_table": "The AP table must list whole numbers, 0 or more (e.g. 14,11,8), not “{table}”.",
    "rounds": "--rounds must be from 1 to {max}, not {rounds}.",
    "camps": "--camps must be from 1 to {max}, not {camps}.",
    "placement": "--placement must be one of: {allowed} (not {placement}).",
    "bots": "--bots must be one of: {allowed} (not {bots}).",
    "seed": "--seed must be a whole number, 0 or more, not {seed}.",
    "workers": "--workers must be from 1 to {max}, not {workers}.",
}


def spec_error_line(error: RehearsalSpecError) -> str:
    template = SPEC_ERROR_LINES.get(error.code)
    return template.format(**error.params) if template else str(error)


class Command(RehearsalCommand):
    help = "Rehearse the Golden Islands on 1 to 4 boards (simulated camps) and print the report as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--camp", type=int, help="a camp run's id: its stored board, teams and AP table")
        parser.add_argument("--side", type=int, help="the board's side without --camp (default 9)")
        parser.add_argument("--teams", type=int, help="how many teams without --camp (default 3)")
        parser.add_argument(
            "--ap-table", help="AP by placement without --camp, e.g. 14,11,8 (default: the camp's default)"
        )
        parser.add_argument(
            "--board-seed",
            type=int,
            action="append",
            default=[],
            help=f"a board dealt from this seed; repeat for boards side by side (up to {MAX_BOARDS} in all)",
        )
        parser.add_argument("--rounds", type=int, default=14, help=f"rounds of each camp, 1 to {MAX_ROUNDS}")
        parser.add_argument(
            "--camps", type=int, default=200, help=f"simulated camps per board and style, 1 to {MAX_CAMPS}"
        )
        parser.add_argument(
            "--placement", default="uniform", help=f"placement model: {' or '.join(PLACEMENTS)}"
        )
        parser.add_argument(
            "--bots",
            default="every",
            help=f"who plays the teams: {', '.join(BOTS)} (every: each style on camps of its own)",
        )
        parser.add_argument(
            "--seed", type=int, help="the simulation's seed (default: a fresh one, in the report)"
        )
        parser.add_argument("--workers", type=int, default=2, help=f"worker processes, 1 to {MAX_WORKERS}")

    def handle(self, *args: Any, **options: Any) -> None:
        boards, teams, ap_table = self._setting(options)
        seed = options["seed"] if options["seed"] is not None else secrets.randbits(63)
        spec = RehearsalSpec(
            boards=tuple(boards),
            teams=tuple(teams),
            ap_table=tuple(ap_table),
            rounds=options["rounds"],
            camps=options["camps"],
            placement=options["placement"],
            bots=options["bots"],
            seed=seed,
        )

        def progress(done: int, total: int) -> None:
            if options["verbosity"] >= 2:
                self.stderr.write(f"{done} of {total} simulated camps played")

        try:
            document = rehearse(spec, workers=options["workers"], progress=progress)
        except RehearsalSpecError as error:
            self._fail(spec_error_line(error))
        self.stdout.write(json.dumps(document, indent=2, sort_keys=True))

    def _setting(self, options: dict[str, Any]) -> tuple[list[RehearsalBoard], list[str], list[int]]:
        """The boards, teams and AP table the options name."""
        seeds: list[int] = options["board_seed"]
        if options["camp"] is None and not seeds:
            self._fail("Name the boards: --camp ID (a camp run's board) and/or --board-seed S (repeatable).")
        if options["camp"] is not None:
            if options["side"] is not None or options["teams"] is not None or options["ap_table"] is not None:
                self._fail(
                    "With --camp the side, the teams and the AP table are the camp run's: "
                    "drop --side, --teams and --ap-table."
                )
            camp = Camp.objects.filter(pk=options["camp"]).first()
            if camp is None:
                self._fail(f"No camp run has the id {options['camp']}.")
            boards = [self._camp_board(camp)]
            side = camp.board_side
            teams = list(
                Team.objects.filter(camp=camp).order_by("order", "name", "id").values_list("name", flat=True)
            )
            ap_table = [int(ap) for ap in camp.ap_table]
        else:
            side = 9 if options["side"] is None else options["side"]
            count = 3 if options["teams"] is None else options["teams"]
            teams = [f"Team {i}" for i in range(1, count + 1)] if count >= 0 else []
            ap_table = self._ap_table(options["ap_table"])
            boards = []
        fits = MIN_SIDE <= side <= MAX_SIDE and 0 < len(teams) <= 3 * (len(geometry(side).bays) // 3)
        for seed in seeds:
            try:
                # Dealt for the teams as the board page deals (teams that do not fit: the spec's
                # check names that, after).
                boards.append(dealt_board(side, seed, teams=len(teams) if fits else None))
            except GeneratorError as error:
                self._fail(f"--board-seed {seed}: {error}")
        return boards, teams, ap_table

    def _camp_board(self, camp: Camp) -> RehearsalBoard:
        setup = BoardSetup.objects.filter(camp=camp).first()
        rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed")
        if setup is None or not rows:
            self._fail(f"The camp run “{camp}” has no board yet: generate one on its board page.")
        cells = {Hex(q, r): Cell(Tile(tile), chests, revealed) for q, r, tile, chests, revealed in rows}
        seed = setup.generator_seed if not setup.hand_edits else None
        return RehearsalBoard("Camp board", camp.board_side, cells, seed)
