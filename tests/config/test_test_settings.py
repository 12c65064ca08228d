"""A test run is told by its settings module (``config.settings_test``), never by what a process has
imported: a command or server that imports pytest (or hypothesis) keeps the real settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PRINT_TESTING = (
    "import pytest, django; django.setup(); from django.conf import settings; "
    "print(settings.TESTING, settings.PASSWORD_HASHERS[0].rsplit('.', 1)[-1])"
)


def settings_in_a_process(module: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ZO_"))}
    env |= {"DJANGO_SETTINGS_MODULE": module, "ZO_COMMAND_LINE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", PRINT_TESTING], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize(
    ("module", "seen"),
    [("config.settings", "False PBKDF2PasswordHasher"), ("config.settings_test", "True MD5PasswordHasher")],
)
def test_a_test_run_is_told_by_the_settings_module_not_by_pytest_imported(module: str, seen: str) -> None:
    assert settings_in_a_process(module) == seen
