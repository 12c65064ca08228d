"""Start-up stays light: the engine commands import no page, printing, PDF or QR module (issue 12).

``python -X importtime manage.py …`` names every module a process imports; the staff pages,
ReportLab and the QR codes load when first used (the admin's modules with the URLs, the desk steps,
guards and backup parts by name, into light registries: camp.apps.LazyAdminConfig, camp.hooks.lazy)."""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

import pytest

from camp.backups.parts import parts
from games.batavia import backup as batavia_backup
from games.islands import backup as islands_backup

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "games" / "islands" / "scenarios" / "treasure.json"
#: What a command must not load: the heavy libraries, every staff or public page and sheet, and
#: camp's services, forms, selectors and backup document (the games register with camp's light
#: registries: camp.hooks.guards, camp.backups.parts, camp.hooks.desk).
HEAVY = re.compile(
    r"^(reportlab|qrcode|camp\.(pdf|admin|services|forms|selectors|backup_document|backup_reader|backup_export)"
    r"|games\.\w+\.(printing|pages|admin|admin_views|round_views"
    r"|public_views|maps\.svg|desk|tonight_steps|backup))(\.|$)"
)


def imported_modules(
    *args: str, stdin: str | None = None
) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DJANGO_TESTING", None)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "manage.py", *args],
        cwd=ROOT,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )
    names = [
        line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")
    ]
    return done, names[1:]  # the first line is the header


def test_islands_scenario_imports_no_page_printing_or_pdf_module() -> None:
    done, names = imported_modules("islands_scenario", str(SCENARIO))
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["format"] == "zlate-ostrovy/1"
    assert "games.islands.engine.resolve" in names  # the list is real: the command's own engine is in it
    assert [name for name in names if HEAVY.match(name)] == []


def test_batavia_replay_imports_no_page_printing_or_pdf_module(tmp_path: Path) -> None:
    from games.batavia.engine import bots, record

    game = tmp_path / "game.json"
    game.write_text(record.dump_record(bots.play_game(["greedy"] * 3, "startup")))
    done, names = imported_modules("batavia_replay", str(game))
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout)["players"]
    assert "games.batavia.engine.record" in names
    assert [name for name in names if HEAVY.match(name)] == []


@pytest.mark.parametrize("module", [islands_backup, batavia_backup])
def test_backup_parts_registered_by_name_match_the_modules_own(module: object) -> None:
    """The apps register each game's backup part by name; its key, app and order are the module's."""
    own = module.PART  # type: ignore[attr-defined]
    registered = {p.key: p for p in parts()}[own.key]
    assert (registered.app_label, registered.order) == (own.app_label, own.order)


def run_python(code: str, *, settings: str = "config.settings") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": settings, "ZO_COMMAND_LINE": "1"}
    env.pop("DJANGO_TESTING", None)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("enabled", [True, False])
def test_django_setup_freezes_what_the_apps_loaded_and_leaves_the_collector_as_found(enabled: bool) -> None:
    done = run_python(
        "import gc\n"
        f"{'gc.enable()' if enabled else 'gc.disable()'}\n"
        "from config.startup import django_setup\n"
        "django_setup()\n"
        "from django.apps import apps\n"
        "print(apps.ready, gc.isenabled(), gc.get_freeze_count() > 50_000)\n"
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", str(enabled), "True"]


@pytest.mark.parametrize(
    ("argv", "set_up"),
    [
        (["manage.py", "islands_scenario", "round.json"], True),
        (["manage.py", "runserver"], False),  # its autoreloader sets up in its own way
        (["manage.py", "check", "--settings=config.settings"], False),  # Django reads the option first
    ],
)
def test_manage_py_sets_up_ahead_of_django_except_where_django_must(argv: list[str], set_up: bool) -> None:
    done = run_python(
        "import gc\n"
        "from config.startup import django_setup_for_command\n"
        f"django_setup_for_command({argv!r})\n"
        "from django.apps import apps\n"
        "print(apps.ready, gc.get_freeze_count() > 0)\n"
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [str(set_up), str(set_up)]


def test_manage_py_honours_a_settings_option() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DJANGO_TESTING", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "diffsettings", "--settings=tests.config.english_settings"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "LANGUAGE_CODE = 'en'" in done.stdout.splitlines()


def test_manage_py_with_settings_that_do_not_load_still_says_why() -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "no_such_settings_module"}
    env.pop("DJANGO_TESTING", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "help"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "No module named 'no_such_settings_module'" in done.stdout


_BLOCKS = """
import sys
from config.startup import give_back_large_blocks

def rss_mb():
    status = open("/proc/self/status").read()
    return int(status.split("VmRSS:")[1].split()[0]) / 1024

if sys.argv[1] == "set":
    assert give_back_large_blocks()
del bytearray(150_000)[:]  # one big block freed: glibc raises its threshold above it (unless set)
start = rss_mb()
blocks = [bytearray(150_000) for _ in range(300)]  # 45 MB, each touched
keep = blocks[-1]  # the last one stays, on top of the heap
del blocks
print(round(rss_mb() - start))
"""


@pytest.mark.skipif(
    platform.system() != "Linux" or platform.libc_ver()[0] != "glibc", reason="glibc's mallopt only"
)
def test_big_blocks_go_back_to_the_system_once_freed() -> None:
    """config.startup.give_back_large_blocks (the camp server calls it): 45 MB of 150 KB blocks freed
    leave the process's memory; without it glibc keeps them in its heap."""

    def kept_mb(mode: str) -> int:
        done = subprocess.run(
            [sys.executable, "-c", _BLOCKS, mode], capture_output=True, text=True, check=True, cwd=ROOT
        )
        return int(done.stdout.strip())

    assert kept_mb("unset") > 30
    assert kept_mb("set") < 5
