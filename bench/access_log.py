"""The access log's cost per request line, before and after it moved off the request threads (issue 33).

Before: every line written twice in the request's own thread, to the file and the console, each
under its handler's lock (``camp.access`` with ``access_file`` and ``access_console``). After: the
request thread only queues its record (``camp.web.accesslog.access_log_start``); one writer thread
writes the file (and the console only with ``ZO_ACCESS_CONSOLE=1``). Timed through the real WSGI
wrapper (``AccessLog``, its token cut included) around an app that does nothing, in 1 and 8 request
threads (waitress's ``THREADS``), the set-ups interleaved (before, after, after with the console)
and each figure the median of the rounds. "In the requests" is the wall time until every request
thread is done, per line; "written" adds the time until the last line is in the file (the queue
drained at the stop). The console is ``/dev/null`` here: a real terminal is slower still, so the
"before" figures are the cheap case. Runs in a child process of its own (Django set up with the
test settings, for the URL patterns the token cut reads; no database).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import logging, logging.handlers, os, statistics, sys, tempfile, threading, time
from pathlib import Path
import django
django.setup()
from camp.web import accesslog
from camp.web.accesslog import AccessLog, RedactTokensFilter

LINES = int(sys.argv[1])
ROUNDS = int(sys.argv[2])
TOKEN = "Zx9Qm2Lp7Rt4Vw8Ya1Bc3De5Fg6Hj0Kk_Nn-Ss2Tu4W"
logger = logging.getLogger("camp.access")
logger.setLevel(logging.INFO)
logger.propagate = False
accesslog.redact_tokens("/")  # the token pattern built once, outside the timing

def app(environ, start_response):
    start_response("200 OK", [("Content-Length", "2")])
    return [b"ok"]

wrapped = AccessLog(app)

def handlers(folder, console):
    made = []
    file = logging.handlers.RotatingFileHandler(
        folder / "access.log", maxBytes=10_000_000_000, encoding="utf-8"
    )
    file.setFormatter(logging.Formatter("{asctime} {levelname} {name}: {message}", style="{"))
    made.append(file)
    if console:
        stream = logging.StreamHandler(open(os.devnull, "w", encoding="utf-8"))
        stream.setFormatter(logging.Formatter("[{asctime}] {message}", style="{", datefmt="%d.%m. %H:%M:%S"))
        made.append(stream)
    for h in made:
        h.addFilter(RedactTokensFilter())
    return made

def run(kind, threads):
    folder = Path(tempfile.mkdtemp())
    logger.handlers = handlers(folder, console=kind != "after")
    if kind != "before":
        accesslog.access_log_start()
    per = LINES // threads
    gate = threading.Barrier(threads + 1)

    def serve(w):
        gate.wait()
        for i in range(per):
            path = f"/tym/{TOKEN}/plan/stav/" if i % 10 == 0 else f"/nastenka/{w}/kolo/{i}/"
            wrapped({"REMOTE_ADDR": "10.0.0.9", "REQUEST_METHOD": "GET", "PATH_INFO": path,
                     "QUERY_STRING": "v=1a2b3c", "SERVER_PROTOCOL": "HTTP/1.1"},
                    lambda status, headers, *a: None)

    workers = [threading.Thread(target=serve, args=(w,)) for w in range(threads)]
    for w in workers:
        w.start()
    gate.wait()
    began = time.perf_counter()
    for w in workers:
        w.join()
    served = time.perf_counter() - began
    accesslog.access_log_stop()
    written = time.perf_counter() - began
    for h in logger.handlers:
        h.close()
    count = sum(1 for _ in open(folder / "access.log", encoding="utf-8"))
    assert count == per * threads, (kind, count)
    return served / count * 1e6, written / count * 1e6

KINDS = ("before", "after", "after_console")
for threads in (1, 8):
    found = {k: ([], []) for k in KINDS}
    run("before", threads)  # warm
    for _ in range(ROUNDS):
        for kind in KINDS:
            served, written = run(kind, threads)
            found[kind][0].append(served)
            found[kind][1].append(written)
    for kind in KINDS:
        print(threads, kind, statistics.median(found[kind][0]), statistics.median(found[kind][1]))
"""

NAMES = {
    "before": "before: file + console, in the request",
    "after": "after: queued, file by the writer",
    "after_console": "after, ZO_ACCESS_CONSOLE=1",
}


def measure(lines: int = 40_000, rounds: int = 5) -> dict[tuple[int, str], tuple[float, float]]:
    """{(threads, kind): (µs per line in the requests, µs per line until written)}."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    env.pop("ZO_CAMP", None)
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(lines), str(rounds)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    found = {}
    for line in done.stdout.splitlines():
        threads, kind, served, written = line.split()
        found[(int(threads), kind)] = (float(served), float(written))
    return found


def main() -> None:
    from bench._targets import check

    found = measure()
    print(f"{'threads':>7}  {'set-up':<40} {'µs/line in requests':>19} {'µs/line written':>15}")
    for (threads, kind), (served, written) in sorted(found.items()):
        print(f"{threads:>7}  {NAMES[kind]:<40} {served:>19.1f} {written:>15.1f}")
    for threads in (1, 8):
        before = found[(threads, "before")][0]
        after = found[(threads, "after")][0]
        print(f"{threads} thread(s): the request threads' share after / before = {after / before:.2f}×")
    check(
        "access log: µs/line in 8 request threads",
        found[(8, "after")][0],
        found[(8, "before")][0],
        unit="µs",
        at_most=0.7,
        reference_name="file + console in the request",
    )


if __name__ == "__main__":
    main()
