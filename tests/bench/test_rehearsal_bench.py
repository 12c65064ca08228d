"""bench.rehearsal's own measuring: a process's memory and its workers', and a simulated round timed
beside the engine's resolve of the same rounds (the full run is ``python -m bench rehearsal``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

from bench.rehearsal import PeakMemory, bench_spec, descendants, round_against_resolve, rss_mb


def test_memory_of_a_process_and_of_its_children() -> None:
    assert rss_mb(os.getpid()) > 5
    assert rss_mb(2**22 + 12345) == 0  # no such process
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])
    try:
        assert child.pid in descendants(os.getpid())
        with PeakMemory(every=0.01) as memory:
            time.sleep(0.1)
        assert memory.most_processes >= 2 and memory.peak > rss_mb(os.getpid())
    finally:
        child.kill()
        child.wait()


def test_a_simulated_round_is_timed_beside_its_resolve() -> None:
    spec = bench_spec(camps=1)
    assert (spec.rounds, len(spec.teams), spec.side) == (14, 6, 9)
    simulated, resolved, rounds = round_against_resolve(spec, camps=1)
    assert rounds == 14
    assert simulated > resolved > 0  # the round resolves and plans: more than the resolve alone
