"""Production settings pass Django's deployment checks (in a fresh process: not in test mode)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_in_production_mode() -> None:
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY="x7Hq9-production-like-secret-" + "k" * 20 + "Zp3Lm0Vw",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_the_web_server_refuses_to_start_without_a_secret_key() -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ZO_"))}
    result = subprocess.run(
        [sys.executable, "-c", "import config.wsgi"],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_deploy_check_warns_when_the_secret_key_is_a_throwaway() -> None:
    result = run_manage("check", "--deploy", "--fail-level", "WARNING")
    assert result.returncode != 0
    assert "camp.W001" in result.stdout + result.stderr


def test_command_line_tools_need_no_configuration() -> None:
    """Outside tools run `python manage.py islands_scenario FILE` as the format's contract says."""
    scenario = ROOT / "tests" / "games" / "islands" / "scenarios" / "boat.json"
    result = run_manage("islands_scenario", str(scenario))
    assert result.returncode == 0, result.stderr
    assert '"format": "zlate-ostrovy/1"' in result.stdout
