"""Load: 200 notice-board clients for 30 s on the camp server (``make camp``: waitress on loopback,
production settings, a temporary data folder) while three staff sessions enter and save orders,
one team each (issue 12). ``python -m bench.load`` runs it alone; ``make bench`` runs it too.

The board clients are ``wrk`` (200 connections, keep-alive, plain GETs of the whole page). Each staff
session loops: open its team's order page, change one route ("" and "." by turns), save (a
redirect means stored). Afterwards the database must hold exactly one orders row per team, whose
version is the number of saves acknowledged and whose route is the last one saved: no order lost or
doubled. Any error (a socket error, a status that is not 200 for the board, a save not acknowledged)
fails the run. Throughput and p99 of both are printed.
"""

from __future__ import annotations

import json
import re
import sqlite3
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench._camp_server import Http, camp_server, form_fields
from bench._targets import check

CLIENTS = 200
SECONDS = 30
STAFF_SESSIONS = 3


@dataclass
class Staff:
    host: str
    port: int
    page: str
    saved: int = 0
    errors: list[str] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    last_route: tuple[str, str] = ("", "")

    def run(self, until: float) -> None:
        client = Http(self.host, self.port)
        client.login()
        while time.monotonic() < until:
            started = time.perf_counter()
            page = client.get(self.page)
            if page.status != 200:
                self.errors.append(f"order page {page.status}")
                continue
            fields = form_fields(page.body)
            routes = sorted(k for k in fields if k.startswith("route-"))
            if not routes:
                self.errors.append("no route field on the order page")
                return
            route = "." if fields[routes[0]] == "" else ""
            fields[routes[0]] = route
            answer = client.post(self.page, fields)
            self.latencies.append((time.perf_counter() - started) * 1000)
            if answer.status == 302:
                self.saved += 1
                self.last_route = (routes[0].removeprefix("route-"), route)
            else:
                problem = re.search(rb'class="errorlist[^"]*"[^>]*>(.*?)</ul>', answer.body, re.S)
                self.errors.append(
                    f"save answered {answer.status}: {problem.group(1)[:200] if problem else ''}"
                )


def wrk_board(url: str) -> dict[str, float]:
    done = subprocess.run(
        ["wrk", "-t2", f"-c{CLIENTS}", f"-d{SECONDS}s", "--timeout", "20s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out).groups()  # type: ignore[union-attr]
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rate": rate,
        "p99": float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit],
        "errors": sum(int(n) for n in errors.groups()) if errors else 0,
        "non_2xx": int(non_2xx.group(1)) if non_2xx else 0,
    }


def main() -> None:
    with camp_server(threads=8) as (host, port, world, data_dir):
        board_url = f"http://{host}:{port}{world.urls['board']}"
        Http(host, port).get(world.urls["board"])
        until = time.monotonic() + SECONDS
        staff = [Staff(host, port, page) for page in world.urls["orders"][:STAFF_SESSIONS]]
        threads = [threading.Thread(target=s.run, args=(until,)) for s in staff]
        for thread in threads:
            thread.start()
        board = wrk_board(board_url)
        for thread in threads:
            thread.join()
        stored = _stored_orders(data_dir / "db.sqlite3", world.round)
    problems = [e for s in staff for e in s.errors]
    if board["errors"] or board["non_2xx"]:
        problems.append(
            f"notice board: {board['errors']} socket errors, {board['non_2xx']} answers not 2xx/3xx"
        )
    for s, team in zip(staff, world.teams, strict=False):
        version, routes = stored.get(team, (0, {}))
        if version != s.saved:
            problems.append(
                f"team {team}: {s.saved} saves acknowledged, version {version} stored (lost or doubled)"
            )
        ship, route = s.last_route
        if s.saved and routes.get(ship, "") != route:
            problems.append(
                f"team {team}: the last saved route of {ship} was {route!r}, stored {routes.get(ship)!r}"
            )
    latencies = [v for s in staff for v in s.latencies]
    saves = sum(s.saved for s in staff)
    print(
        f"notice board, {CLIENTS} clients for {SECONDS} s: {board['rate']:.0f} req/s, "
        f"p99 {board['p99']:.0f} ms; "
        f"staff: {saves} orders saved by {len(staff)} sessions ({saves / SECONDS:.1f}/s), "
        f"p99 {_p99(latencies):.0f} ms, median {statistics.median(latencies) if latencies else 0:.0f} ms"
    )
    print(f"errors: {len(problems)}" + "".join(f"\n  - {p}" for p in problems[:20]))
    check("load: errors, lost or doubled orders", len(problems), 1, unit="", at_most=0)
    if not saves:
        raise RuntimeError("no order was saved under load")


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else 0.0


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
    main()
