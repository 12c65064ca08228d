"""Compile the Golden Islands' engine with mypyc (``make compiled``): the same code, faster.

The rehearsal and the fair deal play thousands of simulated camps; compiled, a camp takes some 55 %
of its time (``docs/islands-rehearsal.md``, "The compiled engine"). The build goes to
``build/engine-compiled/<key>/`` (:mod:`games.islands.engine.compiled`), made in a scratch
folder, moved there and only then marked finished, so a build that fails or is stopped is never
loaded and the pure engine goes on. Older builds are removed. Needs a C compiler and Python's headers (Debian:
``gcc``, ``python3-dev``); without them it says so and the engine stays pure.

Usage: ``python tools/compile_engine.py [--force]``; exit status 0 when a build of the present
sources is there (made now or before), 1 when it could not be made.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.islands.engine import compiled  # noqa: E402 (the project's root is put on the path first)

#: mypy's settings for the build: the engine's own (strict), without the Django plugin.
MYPY_CONFIG = "[mypy]\nstrict = True\n"


class BuildFailed(Exception):
    """mypyc or the C compiler failed: the end of what it said."""


def engine_modules() -> list[Path]:
    """The engine's modules that are compiled, relative to the engine's folder."""
    return [Path(module) for module in compiled.COMPILED]


def build(target: Path) -> None:
    """Compile into a scratch folder and move the extension modules to ``target``."""
    with tempfile.TemporaryDirectory(prefix="zo-mypyc-") as scratch_name:
        scratch = Path(scratch_name)
        package = scratch / "src"
        engine_copy = package / "games" / "islands" / "engine"
        shutil.copytree(compiled.ENGINE, engine_copy, ignore=shutil.ignore_patterns("__pycache__"))
        for init in ("games/__init__.py", "games/islands/__init__.py"):
            shutil.copyfile(ROOT / init, package / init)
        (package / "mypy.ini").write_text(MYPY_CONFIG)
        sources = [str(Path("games/islands/engine") / module) for module in engine_modules()]
        command = [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *sources]
        done = subprocess.run(command, cwd=package, capture_output=True, text=True)
        if done.returncode != 0:
            raise BuildFailed("\n".join((done.stdout + done.stderr).strip().splitlines()[-15:]))
        made = scratch / "made"
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for extension in package.rglob(f"*{suffix}"):
            relative = extension.relative_to(package)
            if "build" in relative.parts:
                continue
            # The code every module shares is a top-level module: a folder of its own on sys.path.
            destination = made / (relative if len(relative.parts) > 1 else Path(compiled.SHARED, relative))
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(extension, destination)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.rmtree(target, ignore_errors=True)
        shutil.move(str(made), target)
    # Marked only once every file is in place: from /tmp the move is a copy, file by file.
    (target / compiled.STAMP).write_text(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {sys.version}\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build again even when a build is there")
    args = parser.parse_args(argv)
    target = compiled.build_folder()
    if (target / compiled.STAMP).is_file() and not args.force:
        print(f"compiled engine: up to date ({target})")
        return 0
    started = time.monotonic()
    print(f"compiled engine: building {len(engine_modules())} modules with mypyc (a minute or two)")
    try:
        build(target)
    except (BuildFailed, OSError) as error:
        print(f"{error}\ncompiled engine: not built; the engine runs as pure Python", file=sys.stderr)
        return 1
    for old in compiled.builds_folder().iterdir():
        if old != target:
            shutil.rmtree(old, ignore_errors=True)
    print(f"compiled engine: built in {time.monotonic() - started:.0f} s: {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
