"""Storage: the database of the largest camp as it grows (issue 22: "the database of a 60-round,
12-team camp with its 30 kept snapshots is reported (size per round)").

``python -m bench storage`` (or ``python -m bench.storage [--rounds 60] [--teams 12] [--side 13]``)
grows a camp of 12 teams on a board of side 13 round by round in a child process with a data folder
of its own (:mod:`bench._grown_camp`: each round played by the demo planner in a transaction of its
own, so the services write their snapshots after each commit and prune them as on a camp night) and
at rounds 10, 30 and 60 reports the SQLite database's size (after a WAL checkpoint), its size per
round played, and the number and total size of the kept snapshots in ``backups/``. Reported, no
target (the issue names none).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._camp_server import ROOT, camp_env

ROUNDS = 60
TEAMS = 12
SIDE = 13
#: Rounds played at which the sizes are read (those up to ``--rounds``, and ``--rounds`` itself).
CHECKPOINTS = (10, 30, 60)
MB = 1024 * 1024


@dataclass(frozen=True)
class Sizes:
    rounds: int
    database: int  # bytes of db.sqlite3 after a WAL checkpoint
    snapshots: int  # how many are kept in backups/
    snapshot_bytes: int
    seconds: float  # since the camp was created

    def per_round(self, empty: Sizes) -> float:
        """Bytes the database grew by per round played since ``empty`` (the camp before round 1)."""
        return (
            (self.database - empty.database) / (self.rounds - empty.rounds)
            if self.rounds > empty.rounds
            else 0.0
        )


def checkpoints(rounds: int) -> list[int]:
    """The rounds at which the sizes are read: 0 (the camp set up, no round played),
    :data:`CHECKPOINTS` up to ``rounds``, and ``rounds``."""
    if rounds < 1:
        raise ValueError("play at least one round")
    return sorted({0} | {n for n in CHECKPOINTS if n < rounds} | {rounds})


def table(rows: Sequence[Sizes], *, teams: int, side: int) -> str:
    """The sizes as a Markdown table (``rows`` start with round 0: "per round" is the growth since)."""
    empty = rows[0]
    lines = [
        f"Database of a camp of {teams} teams on side {side} (SQLite, after a WAL checkpoint;"
        " per round: its growth since the camp was set up, divided by the rounds played):",
        "",
        "| rounds played | database | per round | snapshots kept | their total | built in |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        per_round = f"{row.per_round(empty) / 1024:.1f} KB" if row.rounds else "–"
        lines.append(
            f"| {row.rounds} | {row.database / MB:.2f} MB | {per_round}"
            f" | {row.snapshots} | {row.snapshot_bytes / MB:.1f} MB | {row.seconds:.0f} s |"
        )
    return "\n".join(lines)


def _child(data_dir: Path, rounds: int, teams: int, side: int) -> None:
    """(child process) Grow the camp, printing one JSON line of :class:`Sizes` at each checkpoint."""
    from bench._grown_camp import camp_new, play_to, setup_django

    setup_django()
    from django.db import connection

    started = time.perf_counter()
    camp = camp_new(teams=teams, side=side)
    for at in checkpoints(rounds):
        play_to(camp, at)
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        kept = sorted((data_dir / "backups").glob("*.sqlite3"))
        sizes = Sizes(
            rounds=at,
            database=(data_dir / "db.sqlite3").stat().st_size,
            snapshots=len(kept),
            snapshot_bytes=sum(p.stat().st_size for p in kept),
            seconds=time.perf_counter() - started,
        )
        print(json.dumps(sizes.__dict__), flush=True)


def grow(rounds: int, teams: int, side: int) -> list[Sizes]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="zo-bench-storage-") as tmp:
        data = Path(tmp)
        command = [sys.executable, "-m", "bench.storage", "--child", str(data)]
        command += ["--rounds", str(rounds), "--teams", str(teams), "--side", str(side)]
        with subprocess.Popen(
            command, cwd=ROOT, env=camp_env(data), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        ) as child:
            assert child.stdout is not None and child.stderr is not None
            for line in child.stdout:
                if line.startswith("{"):
                    rows.append(Sizes(**json.loads(line)))
                    print(f"(round {rows[-1].rounds}: {rows[-1].seconds:.0f} s)", flush=True)
            error = child.stderr.read()
        if child.returncode != 0:
            raise RuntimeError(f"growing the camp failed:\n{error[-3000:]}")
    return rows


def parse(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.storage", description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds to play (default {ROUNDS})")
    parser.add_argument("--teams", type=int, default=TEAMS, help=f"teams (default {TEAMS})")
    parser.add_argument("--side", type=int, default=SIDE, help=f"the board's side (default {SIDE})")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    if not 1 <= args.teams <= 12:
        parser.error("--teams must be between 1 and 12")
    return args


def main(argv: Sequence[str] = ()) -> None:
    args = parse(argv)
    if args.child is not None:
        _child(args.child, args.rounds, args.teams, args.side)
        return
    rows = grow(args.rounds, args.teams, args.side)
    print(table(rows, teams=args.teams, side=args.side), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
