"""The camp's pages through the real camp server (``make camp``: waitress, production settings), on
a camp with 15 rounds played, each beside its reference measured in the same run (issue 12):

- the notice board's throughput and p99 (``wrk``, 8 connections) against a static CSS file of the
  same server: at least 0.8× its throughput, p99 within 3× its p99;
- the order page, its htmx check and the resolve preview against the admin index page: at most
  1.5× each; one team's sheet PDF at most 2×, all teams' PDF at most 3× (warm: the median of
  requests that alternate with the reference's; cold: the first request of a fresh server, reported).
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable

from bench._camp_server import STATIC_FILE, Answer, Http, camp_server, form_fields
from bench._targets import check

REPEATS = 21
PDF_REPEATS = 15
WRK_SECONDS = 5
WRK_CONNECTIONS = 8


def _ms(call: Callable[[], Answer]) -> float:
    started = time.perf_counter()
    answer = call()
    took = (time.perf_counter() - started) * 1000
    assert answer.status == 200, f"status {answer.status}"
    return took


def wrk(url: str, seconds: int = WRK_SECONDS) -> tuple[float, float]:
    """Requests per second and p99 (ms) of ``wrk`` on ``url``."""
    done = subprocess.run(
        ["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    )
    out = done.stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise RuntimeError(f"wrk saw errors on {url}:\n{out}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    value, unit = re.search(r"99%\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
    return rate, float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


def main() -> None:
    with camp_server() as (host, port, world, _data):
        staff = Http(host, port)
        staff.login()
        urls = world.urls
        orders = urls["orders"][0]
        fields = form_fields(staff.get(orders).body)
        check_data = {k: v for k, v in fields.items() if k != "csrfmiddlewaretoken"}
        pages: dict[str, Callable[[], Answer]] = {
            "order page": lambda: staff.get(orders),
            "htmx check": lambda: staff.post(orders, check_data, HX_Request="true"),
            "resolve preview": lambda: staff.get(urls["resolve"]),
            "one team sheet PDF": lambda: staff.get(urls["sheet"][0]),
            "all-teams PDF": lambda: staff.get(urls["sheets"]),
        }
        reference = lambda: staff.get(urls["admin_index"])  # noqa: E731
        cold = {"admin index": _ms(reference)}
        for name, call in pages.items():
            cold[name] = _ms(call)
        print(
            "cold (the first request of a fresh server, ms): "
            + ", ".join(f"{k} {v:.0f}" for k, v in cold.items())
        )
        limits = {
            "order page": 1.5,
            "htmx check": 1.5,
            "resolve preview": 1.5,
            "one team sheet PDF": 2.0,
            "all-teams PDF": 3.0,
        }
        for name, call in pages.items():
            for _ in range(2):
                call(), reference()
            repeats = PDF_REPEATS if "PDF" in name else REPEATS
            mine, theirs = [], []
            for _ in range(repeats):  # alternating, so both see the same noise
                mine.append(_ms(call))
                theirs.append(_ms(reference))
            check(
                f"{name} (warm, median)",
                statistics.median(mine),
                statistics.median(theirs),
                unit="ms",
                at_most=limits[name],
                reference_name="admin index page",
            )

        if shutil.which("wrk") is None:
            raise RuntimeError("wrk is not installed: the notice board's throughput needs it")
        base = f"http://{host}:{port}"
        board = base + urls["board"]
        Http(host, port).get(urls["board"])  # rendered once: what every screen then gets
        static_runs, board_runs = [], []
        for _ in range(2):  # interleaved, so both see the same noise
            static_runs.append(wrk(base + STATIC_FILE))
            board_runs.append(wrk(board))
        static_rate = statistics.mean(r for r, _p in static_runs)
        board_rate = statistics.mean(r for r, _p in board_runs)
        static_p99 = statistics.mean(p for _r, p in static_runs)
        board_p99 = statistics.mean(p for _r, p in board_runs)
        check(
            "notice board throughput",
            board_rate,
            static_rate,
            unit="req/s",
            at_least=0.8,
            reference_name=f"static file {STATIC_FILE}",
        )
        check("notice board p99", board_p99, static_p99, unit="ms", at_most=3.0, reference_name="static file")
        projector_rate, _p = wrk(board + "?projektor", seconds=3)
        print(f"(projector view: {projector_rate:.0f} req/s)")
