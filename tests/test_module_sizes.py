"""No module of the project is over 600 lines (issue 32): a module that long holds more than one
thing a newcomer looks for, and is split by concept."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("camp", "games", "bench", "tools")
MAX_LINES = 600


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_modules(root: Path = ROOT, limit: int = MAX_LINES) -> dict[str, int]:
    """Every Python module under the project's folders (migrations aside, they are generated) with
    more than ``limit`` lines, by its path from ``root``, with its count."""
    found = {}
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            if "migrations" in path.relative_to(root).parts:
                continue
            lines = line_count(path)
            if lines > limit:
                found[path.relative_to(root).as_posix()] = lines
    return found


def test_no_module_is_over_the_limit() -> None:
    assert long_modules() == {}, f"split these modules by concept (at most {MAX_LINES} lines each)"


def test_long_modules_counts_lines_and_leaves_migrations_and_other_folders_out(tmp_path: Path) -> None:
    (tmp_path / "games" / "app" / "migrations").mkdir(parents=True)
    (tmp_path / "camp").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "games" / "app" / "long.py").write_text("x = 1\n" * 4, encoding="utf-8")
    (tmp_path / "games" / "app" / "short.py").write_text("x = 1\n" * 3, encoding="utf-8")
    (tmp_path / "games" / "app" / "migrations" / "0001_initial.py").write_text("x = 1\n" * 9)
    (tmp_path / "camp" / "notes.txt").write_text("line\n" * 9, encoding="utf-8")
    (tmp_path / "docs" / "conf.py").write_text("x = 1\n" * 9, encoding="utf-8")
    assert long_modules(tmp_path, limit=3) == {"games/app/long.py": 4}
