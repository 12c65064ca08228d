"""The game engines are pure Python: no module under an ``engine`` package may import Django."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[4]
ENGINES = [ROOT / "games" / "islands" / "engine", ROOT / "games" / "batavia" / "engine"]


def imported_modules(source: str) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_the_scan_sees_every_import_form() -> None:
    source = "import django\nfrom django.db import models\nif x:\n    import django.conf as c\n"
    assert imported_modules(source) == {"django", "django.db", "django.conf"}


@pytest.mark.parametrize("engine", ENGINES, ids=lambda p: p.parent.name)
def test_engine_never_imports_django(engine: Path) -> None:
    files = sorted(engine.rglob("*.py"))
    assert files, f"no modules found under {engine}"
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in imported_modules(path.read_text(encoding="utf-8"))
        if name == "django" or name.startswith("django.")
    ]
    assert offenders == []
