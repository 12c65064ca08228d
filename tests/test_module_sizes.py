"""No module of the project is over 600 lines (issue 32): a module that long holds more than one
thing a newcomer looks for, and is split by concept. And the camp app's top stays a list a newcomer
reads at a glance: its parts are sub-packages (65 entries had grown there)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("config", "camp", "games", "bench", "tools")
MAX_LINES = 600
#: The most entries (modules, packages, folders) at the top of camp/.
CAMP_TOP_MAX = 26


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


def top_entries(folder: Path) -> list[str]:
    """What a reader sees at the top of ``folder``: its modules and folders, Python's byte-code
    cache aside."""
    return sorted(path.name for path in folder.iterdir() if path.name != "__pycache__")


def test_the_camp_top_stays_small() -> None:
    entries = top_entries(ROOT / "camp")
    assert "web" in entries and "backups" in entries  # the parts are folders
    assert len(entries) <= CAMP_TOP_MAX, f"put camp's parts in its sub-packages: {entries}"


def test_top_entries_counts_modules_and_folders_but_no_byte_code(tmp_path: Path) -> None:
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "web").mkdir()
    (tmp_path / "models.py").write_text("", encoding="utf-8")
    assert top_entries(tmp_path) == ["models.py", "web"]
