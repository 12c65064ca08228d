"""``python manage.py batavia_simulate --games N --bots greedy,random,random [--seed S]``

Plays N games between bots (one per seat, 3 to 5) and prints each seat's win rate and average score.
A shared first place counts as a fraction of a win (two tied winners: half a win each). Game ``i`` is
seeded with ``"S:i"``, so a run is reproducible.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.batavia.engine.bots import BOTS, play_game
from games.batavia.engine.state import MAX_PLAYERS, MIN_PLAYERS


def simulate(kinds: list[str], games: int, seed: str) -> list[dict[str, Any]]:
    """Per seat: ``{"seat", "bot", "win_rate", "average_score"}`` over ``games`` games."""
    wins = [0.0] * len(kinds)
    totals = [0] * len(kinds)
    for i in range(games):
        final = play_game(kinds, f"{seed}:{i}")
        assert final.scores is not None
        first = final.ranking()[0]
        for seat in first:
            wins[seat] += 1 / len(first)
        for seat, score in enumerate(final.scores):
            totals[seat] += score.total
    return [
        {"seat": s + 1, "bot": k, "win_rate": wins[s] / games, "average_score": totals[s] / games}
        for s, k in enumerate(kinds)
    ]


class Command(BaseCommand):
    help = "Play Batavia games between bots and print each seat's win rate and average score."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument(
            "--bots",
            default="greedy,random,random",
            help=f"one bot per seat, comma-separated ({', '.join(BOTS)})",
        )
        parser.add_argument("--seed", default="0", help="base seed (default 0)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of a table")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [k.strip() for k in options["bots"].split(",") if k.strip()]
        if not MIN_PLAYERS <= len(kinds) <= MAX_PLAYERS:
            raise CommandError(f"--bots needs 3 to 5 bots, not {len(kinds)}")
        unknown = [k for k in kinds if k not in BOTS]
        if unknown:
            raise CommandError(f"unknown bot {unknown[0]!r} (known: {', '.join(BOTS)})")
        games = options["games"]
        if games < 1:
            raise CommandError("--games must be at least 1")
        rows = simulate(kinds, games, str(options["seed"]))
        if options["json"]:
            self.stdout.write(json.dumps({"games": games, "seats": rows}, indent=2))
            return
        self.stdout.write(f"{games} games, bots {','.join(kinds)}, seed {options['seed']}")
        self.stdout.write(f"{'seat':<6}{'bot':<8}{'win rate':>10}{'avg score':>11}")
        for r in rows:
            self.stdout.write(f"{r['seat']:<6}{r['bot']:<8}{r['win_rate']:>9.1%}{r['average_score']:>11.1f}")
