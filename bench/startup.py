"""Start-up: the engine commands' CPU time against a bare ``django.setup()`` with only Django's
contrib apps, in the same run (issue 12; target at most 1.4× each).

The reference's settings module is written here, in a temporary folder. ``islands_scenario`` gets
the large round (side 13, 3 teams × 7 ships, 30 pirates, 14 AP each), ``batavia_replay`` a whole
game of three greedy bots. Each figure is the least CPU time (user + system) of a few runs: the
machine is shared, and the least is the one the least disturbed.

The project's processes start Django with the garbage collector held off (``config.startup``); the
reference does not, as the target says. Beside each target the same reference with the collector
held off too is printed, so that what the project itself adds to Django shows apart from that.

Both sides run from compiled bytecode: pip compiled Django's modules when it installed them, so the
project's own are compiled first too (``compileall``, as any run that may write ``__pycache__`` does
on its first start). Without that, an environment with ``PYTHONDONTWRITEBYTECODE`` would time the
compiler on every start of the project's side only.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from bench._targets import check

ROOT = Path(__file__).resolve().parent.parent
RUNS = 9
LIMIT = 1.4
BARE_SETTINGS = """SECRET_KEY = "bench"
INSTALLED_APPS = [
    "django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
    "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles",
]
DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": ":memory:"}}
USE_TZ = True
"""


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """The CPU time (user + system) of one run of ``command`` (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def least_cpu_seconds(*commands: tuple[list[str], dict[str, str]]) -> list[float]:
    """The least CPU time of :data:`RUNS` runs of each command (with its environment), run in turns
    (one of each, then again), so that all see the same moments of a noisy machine."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(RUNS):
        for (command, env), runs in zip(commands, times, strict=True):
            runs.append(cpu_seconds(command, env))
    return [min(runs) for runs in times]


def large_round() -> str:
    from bench.islands_resolve import random_round
    from games.islands.engine.scenario_writer import scenario_document

    return json.dumps(scenario_document(*random_round(12, 13, 3, 7, 30, 14)))


def main() -> None:
    from games.batavia.engine.bots import play_game
    from games.batavia.engine.record import dump_record

    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "ZO_", "DATABASE_URL", "PYTHONDONTWRITEBYTECODE"))
    }
    subprocess.run([sys.executable, "-m", "compileall", "-q", "camp", "games"], cwd=ROOT, env=env, check=True)
    with tempfile.TemporaryDirectory(prefix="zo-bench-startup-") as tmp:
        folder = Path(tmp)
        (folder / "bare_settings.py").write_text(BARE_SETTINGS)
        round_file = folder / "large_round.json"
        round_file.write_text(large_round())
        game_file = folder / "game.json"
        game_file.write_text(dump_record(play_game(["greedy"] * 3, "bench-startup")))
        bare_env = {**env, "PYTHONPATH": tmp, "DJANGO_SETTINGS_MODULE": "bare_settings"}
        camp_env = {**env, "DJANGO_SETTINGS_MODULE": "config.settings"}  # production settings
        python = sys.executable
        for name, command in (
            (
                "manage.py islands_scenario (large round)",
                [python, "manage.py", "islands_scenario", str(round_file)],
            ),
            ("manage.py batavia_replay (3 bots)", [python, "manage.py", "batavia_replay", str(game_file)]),
        ):
            mine, bare, bare_without_collector = least_cpu_seconds(
                (command, camp_env),
                ([python, "-c", "import django; django.setup()"], bare_env),
                ([python, "-c", "import gc; gc.disable(); import django; django.setup()"], bare_env),
            )
            check(
                f"{name}, CPU",
                mine * 1000,
                bare * 1000,
                unit="ms",
                at_most=LIMIT,
                reference_name="bare django.setup(), contrib apps only",
            )
            print(
                "  (the bare django.setup() with the collector held off too:"
                f" {bare_without_collector * 1000:.0f} ms; {mine / bare_without_collector:.2f}× that)",
                flush=True,
            )


if __name__ == "__main__":
    main()
