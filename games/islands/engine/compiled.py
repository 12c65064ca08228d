"""The engine's compiled build, and putting it in front of the pure Python modules in the
rehearsal's worker processes.

``make compiled`` (``tools/compile_engine.py``) compiles the modules a simulated camp spends its time
in (:data:`COMPILED`) with mypyc into ``build/engine-compiled/<key>/``, the key a digest of every
engine source file, the modules compiled and the interpreter. In a worker process of the rehearsal
or the fair deal (:func:`workers_marked`, used by ``rehearsal/run.py``) a package of the engine that
calls :func:`compiled_path` in its ``__init__`` then imports the compiled module where one was built
from exactly these sources, the ``.py`` file everywhere else. An edited source changes the key: a
stale build is never loaded, the pure engine runs until ``make compiled`` is run again. Both give
the same records (``docs/islands-rehearsal.md``, "The compiled engine"; a test compares them).

Only the workers: they play camps of a spec the rehearsal has checked, on values the engine made
itself. Every other process (the web server, a command, a test) runs the pure engine, which meets
what a user typed or uploaded: compiled code checks the declared types itself and would answer a
wrong one with a ``TypeError`` where the engine refuses it with its own error.

``ZO_ENGINE`` chooses for the workers: ``auto`` (the default: the build when there is one), ``pure``
(never), ``compiled`` (the build, or :class:`CompiledBuildMissing` before a worker starts).
``ZO_ENGINE_BUILD`` moves the builds' folder.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

#: The engine's folder: its sources are what the key is worked out from.
ENGINE = Path(__file__).resolve().parent
#: The builds' folder (``build/`` of the project: git-ignored, made by ``make compiled``).
DEFAULT_BUILDS = ENGINE.parents[2] / "build" / "engine-compiled"
#: The file a finished build is marked by (written last, so a half-made build is never used).
STAMP = "BUILT"
#: The build's folder of the code every compiled module shares (mypyc's one top-level module).
SHARED = "shared"
CHOICES = ("auto", "pure", "compiled")
#: Set in the environment while a rehearsal starts its workers: they inherit it, nothing else does.
WORKER_MARK = "ZO_REHEARSAL_WORKER"
#: The modules a worker's simulated camp runs (a profile of camps in every style: 97 % of its time).
#: The rest stays Python: the deal's search and the balancing, the notation (its value types
#: subclass ``str`` and ``tuple``, which mypyc does not compile), the scenario files, this loader.
COMPILED = (
    "bays.py",
    "events.py",
    "hexes.py",
    "movement.py",
    "orders.py",
    "resolve.py",
    "rng.py",
    "round_run.py",
    "state.py",
    "tiles.py",
    "bots/greedy.py",
    "bots/novice.py",
    "bots/planner.py",
    "bots/ways.py",
    "rehearsal/play.py",
    "rehearsal/spec.py",
    "generator.py",
)


class CompiledBuildMissing(ValueError):
    """``ZO_ENGINE=compiled`` but no build of these sources is there (run ``make compiled``)."""


def source_key() -> str:
    """A digest of every engine source file (path and bytes), of the modules compiled and of the
    interpreter they are built for."""
    digest = hashlib.sha256(sys.implementation.cache_tag.encode())
    digest.update(" ".join(COMPILED).encode() + b"\0")
    for path in sorted(ENGINE.rglob("*.py")):
        digest.update(path.relative_to(ENGINE).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:20]


def builds_folder() -> Path:
    return Path(os.environ.get("ZO_ENGINE_BUILD") or DEFAULT_BUILDS)


def build_folder() -> Path:
    """Where the build of these sources is, or would be made."""
    return builds_folder() / source_key()


def choice() -> str:
    chosen = os.environ.get("ZO_ENGINE", "auto") or "auto"
    if chosen not in CHOICES:
        raise ValueError(f"ZO_ENGINE={chosen!r}: choose one of {', '.join(CHOICES)}")
    return chosen


def ready_build() -> Path | None:
    """The build the workers would use as ``ZO_ENGINE`` chooses, or None for the pure engine.
    Raises :class:`CompiledBuildMissing` when it asks for a build that is not there."""
    chosen = choice()
    if chosen == "pure":
        return None
    build = build_folder()
    if (build / STAMP).is_file():
        return build
    if chosen == "compiled":
        raise CompiledBuildMissing(f"no compiled engine in {build}: run `make compiled`")
    return None


@cache
def current_build() -> Path | None:
    """The build this process uses (decided once, at the engine's first import), or None."""
    if os.environ.get(WORKER_MARK) != "1":
        return None
    return ready_build()


def compiled_path(path: list[str], package: str) -> list[str]:
    """A package's ``__path__`` with the build's folder of it in front, when there is a build."""
    build = current_build()
    if build is None:
        return path
    # The code every compiled module shares is a top-level module, in a folder of its own: the
    # build's own folder on sys.path would make ``games`` a namespace package in a fresh process.
    shared = str(build / SHARED)
    if shared not in sys.path:
        sys.path.append(shared)
    return [str(build.joinpath(*package.split("."))), *path]


_marking = threading.Lock()
_marked = 0


@contextmanager
def workers_marked() -> Iterator[None]:
    """While it lasts, processes started here are the rehearsal's workers (they inherit
    :data:`WORKER_MARK`). Checks ``ZO_ENGINE`` first: :class:`CompiledBuildMissing` is raised
    here, not in a worker. Counted, so two runs at once (two staff laptops) keep it set till both end."""
    global _marked
    ready_build()
    with _marking:
        _marked += 1
        os.environ[WORKER_MARK] = "1"
    try:
        yield
    finally:
        with _marking:
            _marked -= 1
            if not _marked:
                os.environ.pop(WORKER_MARK, None)
