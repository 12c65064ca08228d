"""Load: a camp night's crowd on the camp server (issue 18), measured from the clients' side.

``python -m bench.load [--clients 300] [--seconds 60]`` (``make bench`` runs it with these defaults)
starts ``make camp`` on loopback over a copy of a played camp (the camp night's: a board of side 13,
12 teams with their own links on, 15 rounds played) and, for ``--seconds``:

- ``--clients`` phones on the notice board (every 10th in English), each as htmx drives it: the
  whole page (and its two scripts) once, then every 10 s a poll ``?v=<version>`` with htmx's
  headers on the same keep-alive connection; a new board (200) restarts its timer, as htmx's swap
  does. They join over the first poll interval;
- 10 projector screens (``?projektor``, polling the same way) and 10 replay pages reloaded every
  10 s with ``If-None-Match``;
- the 12 teams' phones, each on its own page ``/tym/<token>/`` (issue 21), polling it as htmx does
  (``?v=<version>``, ``HX-Request``: 204 when unchanged, else the new view) on the same interval;
- three staff sessions entering and saving orders of the second camp run, one team each, a pause of
  :data:`bench._staff.STAFF_PAUSE` between saves; and the game master, who every :data:`CHANGE_EVERY` seconds
  opens the resolve preview of the first camp run's open round and presses "Potvrdit", or undoes it
  again: each a new board for every client.

The clients are raw HTTP/1.1 sockets under asyncio (:mod:`bench._crowd`; the staff and the game
master are :mod:`bench._staff`): every answer is timed from the moment the request is due, so a
connection left in the accept queue, a reconnection and a request queued in the server all count
(``wrk`` counts none of them). The run fails (non-zero exit status, the reason
printed) on any refused or reset connection, timeout or answer 5xx or otherwise unexpected, any
connection the server closed, a client that never got a new board or team page, a p99 of change →
new board or new team page (per client and change) above the poll interval + 2 s, an order save p99
above 1 s, a failed
preview, resolve or undo, and an order lost or doubled (the stored version of each team's orders
must be the number of saves acknowledged, its route the last one saved). Only loopback addresses.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sqlite3
import statistics
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench._camp_server import SERVER_PIDS, camp_server
from bench._crowd import (
    POLL,
    PROJECTORS,
    REPLAYS,
    TIMEOUT,
    Client,
    Tally,
    crowd,
    drive_crowd,
    percentile,
    team_phones,
)
from bench._staff import Change, GameMaster, Staff
from bench._targets import RESULTS, check

CLIENTS = 300
SECONDS = 60
STAFF_SESSIONS = 3
#: Every phone holds a new board within the poll interval and this (p99 of all clients and changes).
SLACK = 2.0
#: Seconds between two changes (the first after every client has loaded its page once).
CHANGE_EVERY = 15.0
SAVE_P99_MS = 1000.0
#: The camp server's resident memory right after the load stays within this (issue 22).
RSS_LIMIT_MB = 150.0


# ------------------------------------------------------------------------------ change → new board


def catch_up_seconds(
    changes: Sequence[Change], versions: Sequence[str], held: Sequence[tuple[float, str]]
) -> list[float | None]:
    """For each change, the seconds until the client held its version or a later one (0 when it had
    it before the acknowledgement arrived), None when it never did. ``versions``: every version in
    the order they were made, the one before the first change first; ``held``: (time, version) the
    client held from then on. A version of another language is ranked by its token."""
    rank = {v.rsplit("-", 1)[0]: i for i, v in enumerate(versions)}
    ranked = [(at, rank.get(v.rsplit("-", 1)[0], -1)) for at, v in held]
    out: list[float | None] = []
    for number, change in enumerate(changes, start=1):
        reached = next((at for at, r in ranked if r >= number), None)
        out.append(None if reached is None else max(0.0, reached - change.at))
    return out


def team_catch_up_seconds(changes: Sequence[Change], held: Sequence[tuple[float, str]]) -> list[float | None]:
    """For each change, the seconds until a team's phone held its team page's next version (0 when
    it had it before the acknowledgement arrived), None when it never did.

    A team page's version is a hash of what the page shows (an undo shows again what the page showed
    before the resolve), so it is not ranked as the board's token is: every change of the run (a
    resolve or an undo of the team's camp run) changes what each team's page shows, and the changes
    are further apart than a poll interval, so the n-th new version after the page was loaded is the
    n-th change's (a change acknowledged before the page was loaded is on that page)."""
    if not held:
        return [None] * len(changes)
    loaded, later = held[0][0], [at for at, _v in held[1:]]
    out: list[float | None] = []
    for change in changes:
        if change.at <= loaded:
            out.append(0.0)
        elif later:
            out.append(max(0.0, later.pop(0) - change.at))
        else:
            out.append(None)
    return out


def team_unknown_versions(changes: Sequence[Change], held: Sequence[tuple[float, str]]) -> list[str]:
    """New versions a team's phone held beyond one per change (a write the benchmark did not do)."""
    loaded = held[0][0] if held else 0.0
    expected = sum(1 for change in changes if change.at > loaded)
    return [v for _at, v in held[1 + expected :]]


def unknown_versions(versions: Sequence[str], held: Sequence[tuple[float, str]]) -> list[str]:
    """Versions a client held that no change of the run made (a write the benchmark did not do)."""
    known = {v.rsplit("-", 1)[0] for v in versions}
    return [v for _at, v in held if v.rsplit("-", 1)[0] not in known]


def change_times(seconds: float) -> list[float]:
    """Seconds from the start of the changes: the first once every client has loaded its page, the
    last early enough for every client to poll twice after it."""
    times, when = [], CHANGE_EVERY
    while when <= seconds - POLL - 2 * SLACK - 1:
        times.append(when)
        when += CHANGE_EVERY
    return times


# ------------------------------------------------------------------------------ the run


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (Linux /proc), 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(status: str) -> float:
    """The resident memory (MB, 1 MB = 1024 kB) a ``/proc/<pid>/status`` text gives (``VmRSS``)."""
    found = re.search(r"^VmRSS:\s+(\d+)\s+kB$", status, re.MULTILINE)
    if found is None:
        raise ValueError("no VmRSS line in the process status")
    return int(found.group(1)) / 1024


def server_rss_mb(pid: int) -> float | None:
    """The camp server's resident memory (MB) now (Linux /proc), None where it cannot be read."""
    try:
        return rss_mb(Path(f"/proc/{pid}/status").read_text())
    except (OSError, ValueError):
        return None


@dataclass
class Report:
    """Everything a run measured; :meth:`problems` says what fails it."""

    tally: Tally
    catch_ups: list[float | None]
    unknown: list[str]
    staff_errors: list[str]
    game_errors: list[str]
    orders: list[str]  # lost or doubled
    saves_ms: list[float]
    changes: int
    staff_dropped: int = 0
    #: The team phones' answers and change → new team page (per phone and change).
    team_tally: Tally = field(default_factory=Tally)
    team_catch_ups: list[float | None] = field(default_factory=list)

    def problems(self) -> list[str]:
        found: list[str] = []
        errors = self.tally.errors
        for kind in ("refused", "reset", "timeout", "5xx", "unexpected", "other"):
            if errors[kind]:
                found.append(f"{errors[kind]} {kind} (clients)")
        if self.tally.closed_by_server:
            found.append(f"{self.tally.closed_by_server} answers closed their connection (keep-alive lost)")
        if self.staff_dropped:
            found.append(f"{self.staff_dropped} staff requests lost their connection (sent again)")
        if not self.changes:
            found.append("no change was made: change → new board not measured")
        missed = sum(1 for c in self.catch_ups if c is None)
        if missed:
            found.append(f"{missed} times a client never got the new board")
        reached = [c for c in self.catch_ups if c is not None]
        if reached and missed == 0 and percentile(reached, 0.99) > POLL + SLACK:
            found.append(f"change → new board p99 {percentile(reached, 0.99):.1f} s > {POLL + SLACK:.0f} s")
        found += self._team_problems()
        if self.unknown:
            found.append(f"{len(self.unknown)} versions held that no change made, e.g. {self.unknown[0]}")
        if self.saves_ms and percentile(self.saves_ms, 0.99) > SAVE_P99_MS:
            found.append(f"order save p99 {percentile(self.saves_ms, 0.99):.0f} ms > {SAVE_P99_MS:.0f} ms")
        if not self.saves_ms:
            found.append("no order was saved under load")
        return found + self.staff_errors[:10] + self.game_errors + self.orders

    def _team_problems(self) -> list[str]:
        found: list[str] = []
        errors = self.team_tally.errors
        for kind in ("refused", "reset", "timeout", "5xx", "unexpected", "other"):
            if errors[kind]:
                found.append(f"{errors[kind]} {kind} (team pages)")
        if self.team_tally.closed_by_server:
            found.append(f"{self.team_tally.closed_by_server} team page answers closed their connection")
        missed = sum(1 for c in self.team_catch_ups if c is None)
        if missed:
            found.append(f"{missed} times a team's phone never got its new page")
        reached = [c for c in self.team_catch_ups if c is not None]
        if reached and missed == 0 and percentile(reached, 0.99) > POLL + SLACK:
            p99 = percentile(reached, 0.99)
            found.append(f"change → new team page p99 {p99:.1f} s > {POLL + SLACK:.0f} s")
        return found


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--clients", type=int, default=CLIENTS, help=f"notice-board phones (default {CLIENTS})"
    )
    parser.add_argument("--seconds", type=float, default=SECONDS, help=f"how long (default {SECONDS})")
    parser.add_argument("--threads", type=int, help="the server's threads (default: the camp server's)")
    args = parser.parse_args(argv)
    if args.seconds < CHANGE_EVERY + POLL + 2 * SLACK + 1:
        least = CHANGE_EVERY + POLL + 2 * SLACK + 1
        parser.error(f"--seconds must leave room for a change and two polls after it (at least {least:.0f})")
    targets_before = len(RESULTS)
    with camp_server(threads=args.threads, world="night") as (host, port, world, data_dir):
        board_crowd, teams = crowd(world.urls, args.clients), team_phones(world.urls)
        everyone = board_crowd + teams
        tally, team_tally = Tally(), Tally()
        began = time.monotonic()
        until = began + args.seconds
        cpu_before, load_before = cpu_seconds(SERVER_PIDS.get(port, 0)), os.getloadavg()[0]
        rss_before = server_rss_mb(SERVER_PIDS.get(port, 0))  # started, one board served
        staff = [Staff(host, port, page, until) for page in world.urls["other_orders"][:STAFF_SESSIONS]]
        game = GameMaster(host, port, world.urls, [began + t for t in change_times(args.seconds)])
        threads = [threading.Thread(target=s.run) for s in staff] + [threading.Thread(target=game.run)]
        for thread in threads:
            thread.start()
        asyncio.run(drive_crowd(everyone, host, port, args.seconds, tally, team_tally))
        for thread in threads:
            thread.join(TIMEOUT * 3)
        server_cpu = cpu_seconds(SERVER_PIDS.get(port, 0)) - cpu_before
        rss = server_rss_mb(SERVER_PIDS.get(port, 0))  # right after the load, the server still up
        load = max(load_before, os.getloadavg()[0])
        stored = _stored_orders(data_dir / "db.sqlite3", world.other_round)
    orders = []
    for s, team in zip(staff, world.other_teams, strict=False):
        version, routes = stored.get(team, (0, {}))
        if version != s.saved:
            orders.append(
                f"team {team}: {s.saved} saves acknowledged, version {version} stored (lost or doubled)"
            )
        ship, route = s.last_route
        if s.saved and routes.get(ship, "") != route:
            orders.append(
                f"team {team}: the last saved route of {ship} was {route!r}, stored {routes.get(ship)!r}"
            )
    catch_ups = [
        c for client in board_crowd for c in catch_up_seconds(game.changes, game.versions, client.held)
    ]
    team_catch_ups = [c for client in teams for c in team_catch_up_seconds(game.changes, client.held)]
    report = Report(
        tally=tally,
        catch_ups=catch_ups,
        unknown=[v for client in board_crowd for v in unknown_versions(game.versions, client.held)]
        + [v for client in teams for v in team_unknown_versions(game.changes, client.held)],
        staff_errors=[e for s in staff for e in s.errors],
        game_errors=game.errors,
        orders=orders,
        saves_ms=[v for s in staff for v in s.saves_ms],
        changes=len(game.changes),
        staff_dropped=sum(s.dropped for s in staff),
        team_tally=team_tally,
        team_catch_ups=team_catch_ups,
    )
    print_report(report, everyone, staff, game, args, server_cpu=server_cpu, load=load)
    problems = report.problems()
    if rss is None:
        problems.append("the camp server's memory (VmRSS in /proc/<pid>/status) could not be read")
    else:
        before = f" ({rss_before:.1f} MB before it)" if rss_before is not None else ""
        print(f"server memory right after the load: {rss:.1f} MB resident (VmRSS){before}", flush=True)
    print(f"errors: {len(problems)}" + "".join(f"\n  - {p}" for p in problems[:30]), flush=True)
    reached = [c for c in catch_ups if c is not None]
    check("load: errors, lost or doubled orders", len(problems), 1, unit="", at_most=0)
    if reached:
        p99 = percentile(reached, 0.99) if len(reached) == len(catch_ups) else float("inf")
        check(
            "load: change → new board p99",
            p99,
            POLL,
            unit="s",
            at_most=(POLL + SLACK) / POLL,
            reference_name="the poll interval",
        )
    team_reached = [c for c in team_catch_ups if c is not None]
    if team_reached:
        p99 = percentile(team_reached, 0.99) if len(team_reached) == len(team_catch_ups) else float("inf")
        check(
            "load: change → new team page p99",
            p99,
            POLL,
            unit="s",
            at_most=(POLL + SLACK) / POLL,
            reference_name="the poll interval",
        )
    if rss is not None:
        check(
            "load: server memory (RSS) after the load",
            rss,
            RSS_LIMIT_MB,
            unit="MB",
            at_most=1.0,
            reference_name=f"the issue's fixed limit, {RSS_LIMIT_MB:.0f} MB (not a measured reference)",
        )
    if report.saves_ms:
        check("load: order save p99", percentile(report.saves_ms, 0.99), SAVE_P99_MS, unit="ms", at_most=1)
    return 0 if all(t.met for t in RESULTS[targets_before:]) and not problems else 1


def print_report(
    report: Report,
    everyone: list[Client],
    staff: list[Staff],
    game: GameMaster,
    args: argparse.Namespace,
    *,
    server_cpu: float,
    load: float,
) -> None:
    tally, teams = report.tally, report.team_tally
    answers = sum(tally.answers.values())
    by_status = ", ".join(f"{status} {n}" for status, n in sorted(tally.answers.items()))
    connections = len(tally.connects_ms) + len(teams.connects_ms)
    team_phones = sum(1 for client in everyone if client.kind == "team")

    def ms(values: list[float]) -> str:
        if not values:
            return "none"
        median, p99 = statistics.median(values), percentile(values, 0.99)
        return f"median {median:.0f} ms, p99 {p99:.0f} ms, max {max(values):.0f} ms"

    reached = [c for c in report.catch_ups if c is not None]
    print(
        f"crowd: {args.clients} phones, {PROJECTORS} projectors, {REPLAYS} replays, {team_phones} team pages "
        f"for {args.seconds:.0f} s (a poll every {POLL:.0f} s); {len(staff)} staff saving orders; "
        f"{report.changes} changes "
        f"({', '.join(c.what for c in game.changes)})"
    )
    print(
        f"answers: {answers} ({answers / args.seconds:.0f}/s): {by_status}; errors: {dict(tally.errors) or 0}"
    )
    for example in tally.examples:
        print(f"  e.g. {example}")
    team_answers = ", ".join(f"{status} {n}" for status, n in sorted(teams.answers.items()))
    print(
        f"team pages' answers: {sum(teams.answers.values())}: {team_answers}; "
        f"errors: {dict(teams.errors) or 0}"
    )
    for example in teams.examples:
        print(f"  e.g. {example}")
    print(
        f"connections: {connections} opened by {len(everyone)} clients, "
        f"{tally.closed_by_server + teams.closed_by_server} closed by the server; "
        f"connect {ms(tally.connects_ms + teams.connects_ms)}"
    )
    print(f"answer (from when due: connect and queue included): {ms(tally.answers_ms)}")
    print(f"board polls (phones and projectors): {tally.poll_summary()}")
    print(f"team page polls: {teams.poll_summary()}")
    print(f"the benchmark's own lag (a request sent after it was due): {ms(tally.late_ms)}")
    if reached:
        print(
            f"change → new board ({len(report.catch_ups)} = clients × changes): median "
            f"{statistics.median(reached):.1f} s, p99 {percentile(reached, 0.99):.1f} s, "
            f"max {max(reached):.1f} s, "
            f"never {len(report.catch_ups) - len(reached)} (target p99 ≤ {POLL + SLACK:.0f} s)"
        )
    team_reached = [c for c in report.team_catch_ups if c is not None]
    if team_reached:
        print(
            f"change → new team page ({len(report.team_catch_ups)} = team phones × changes): median "
            f"{statistics.median(team_reached):.1f} s, p99 {percentile(team_reached, 0.99):.1f} s, "
            f"max {max(team_reached):.1f} s, never {len(report.team_catch_ups) - len(team_reached)}"
        )
    saves = sum(s.saved for s in staff)
    print(
        f"staff: {saves} orders saved by {len(staff)} sessions ({saves / args.seconds:.1f}/s): save "
        f"{ms(report.saves_ms)}; order page {ms([v for s in staff for v in s.pages_ms])}"
    )
    for what, values in game.steps_ms.items():
        print(f"game master: {what} {ms(values)} ({len(values)}×)")
    print(
        f"server CPU: {server_cpu:.0f} s in {args.seconds:.0f} s "
        f"({100 * server_cpu / args.seconds:.0f} % of one core); "
        f"load average {load:.1f} on {os.cpu_count()} cores (other processes share them)"
    )


def _stored_orders(database: Path, round_id: int) -> dict[int, tuple[int, dict[str, str]]]:
    """team id: (version, routes) of each team's stored orders of the round (read-only)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT team_id, version, routes FROM islands_teamorders WHERE round_id = ?", [round_id]
        ).fetchall()
    counts: dict[int, int] = {}
    for team, _v, _r in rows:
        counts[team] = counts.get(team, 0) + 1
    if any(n > 1 for n in counts.values()):
        raise RuntimeError(f"more than one orders row for a team: {counts}")
    return {team: (version, json.loads(routes)) for team, version, routes in rows}


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
