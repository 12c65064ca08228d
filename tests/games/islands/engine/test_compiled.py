"""The compiled engine (``engine/compiled.py``, ``make compiled``): built from exactly these
sources or not used, only in the rehearsal's workers, and giving the same records as the pure
engine. The comparison needs a build: without one it is skipped, unless ``ZO_ENGINE=compiled``
asks for it (CI does), where it fails."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from games.islands.engine import compiled
from games.islands.engine.rehearsal import RehearsalSpec, dealt_board, rehearse

ROOT = Path(__file__).resolve().parents[4]


def real_build() -> Path | None:
    """The build of the present sources in the project's ``build/`` folder, or a skip (a failure
    when ``ZO_ENGINE=compiled`` asks for one)."""
    build = compiled.DEFAULT_BUILDS / compiled.source_key()
    if (build / compiled.STAMP).is_file():
        return build
    if os.environ.get("ZO_ENGINE") == "compiled":
        pytest.fail(f"ZO_ENGINE=compiled but no compiled engine in {build}: run `make compiled`")
    pytest.skip("no compiled engine of these sources (make compiled: needs a C compiler)")


@pytest.fixture
def engine_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The engine's sources copied, the key worked out from the copy."""
    copy = tmp_path / "engine"
    shutil.copytree(compiled.ENGINE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(compiled, "ENGINE", copy)
    return copy


def test_the_key_changes_with_any_source_and_only_then(engine_copy: Path) -> None:
    key = compiled.source_key()
    assert compiled.source_key() == key
    hexes = engine_copy / "hexes.py"
    hexes.write_bytes(hexes.read_bytes() + b"\n")
    assert compiled.source_key() != key
    hexes.write_bytes(hexes.read_bytes()[:-1])
    assert compiled.source_key() == key
    (engine_copy / "bots" / "new_bot.py").write_text("")
    assert compiled.source_key() != key


def test_a_build_counts_only_when_finished(
    engine_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ZO_ENGINE_BUILD", str(tmp_path / "builds"))
    monkeypatch.setenv("ZO_ENGINE", "auto")
    build = compiled.build_folder()
    assert build.parent == tmp_path / "builds"
    build.mkdir(parents=True)
    assert compiled.ready_build() is None  # half made: no stamp yet
    monkeypatch.setenv("ZO_ENGINE", "compiled")
    with pytest.raises(compiled.CompiledBuildMissing, match="make compiled"):
        compiled.ready_build()
    (build / compiled.STAMP).write_text("")
    assert compiled.ready_build() == build
    monkeypatch.setenv("ZO_ENGINE", "pure")
    assert compiled.ready_build() is None
    # A changed source: the build is another's, the pure engine runs.
    monkeypatch.setenv("ZO_ENGINE", "auto")
    (engine_copy / "rng.py").write_text("# edited\n", encoding="utf-8")
    assert compiled.ready_build() is None


def test_an_unknown_choice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZO_ENGINE", "fast")
    with pytest.raises(ValueError, match="ZO_ENGINE='fast': choose one of auto, pure, compiled"):
        compiled.choice()


def test_a_missing_build_asked_for_stops_the_rehearsal_before_a_worker_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ZO_ENGINE_BUILD", str(tmp_path / "none"))
    monkeypatch.setenv("ZO_ENGINE", "compiled")
    spec = RehearsalSpec((dealt_board(7, 3),), ("A", "B", "C"), (14, 11, 8), rounds=3, camps=4, seed=1)
    with pytest.raises(compiled.CompiledBuildMissing):
        rehearse(spec, workers=2)
    assert compiled.WORKER_MARK not in os.environ


def test_the_mark_lasts_while_any_run_starts_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZO_ENGINE", "pure")
    monkeypatch.delenv(compiled.WORKER_MARK, raising=False)
    with compiled.workers_marked():
        with compiled.workers_marked():
            assert os.environ[compiled.WORKER_MARK] == "1"
        assert os.environ[compiled.WORKER_MARK] == "1"  # the first run still starts workers
    assert compiled.WORKER_MARK not in os.environ


def engine_file(env: dict[str, str]) -> str:
    """Where a fresh process run with ``env`` loads the engine's hexes module from."""
    code = "import games.islands.engine.hexes as h; print(h.__file__)"
    command = [sys.executable, "-c", code]
    done = subprocess.run(command, cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_only_the_workers_load_the_build() -> None:
    build = real_build()
    assert build is not None
    assert engine_file({"ZO_ENGINE": "compiled"}).endswith("hexes.py")
    worker = engine_file({"ZO_ENGINE": "compiled", compiled.WORKER_MARK: "1"})
    assert not worker.endswith(".py")
    assert engine_file({"ZO_ENGINE": "pure", compiled.WORKER_MARK: "1"}).endswith("hexes.py")


def test_the_workers_run_the_build(monkeypatch: pytest.MonkeyPatch) -> None:
    build = real_build()
    monkeypatch.setenv("ZO_ENGINE", "compiled")
    context = multiprocessing.get_context("spawn")
    with compiled.workers_marked(), ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        assert pool.submit(compiled.current_build).result() == build
    assert compiled.current_build() is None  # this process (the web server's part) stays pure


@pytest.mark.parametrize(("side", "teams", "seed"), [(7, 3, 11), (13, 12, 12)])
def test_compiled_and_pure_workers_give_the_same_report(
    side: int, teams: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_build()
    ap = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 2)[:teams]
    spec = RehearsalSpec(
        (dealt_board(side, seed), dealt_board(side, seed + 1)),
        tuple(f"Tým {i}" for i in range(1, teams + 1)),
        ap,
        rounds=14,
        camps=30,
        seed=seed,
    )
    reports = {}
    for engine in ("pure", "compiled"):
        monkeypatch.setenv("ZO_ENGINE", engine)
        reports[engine] = rehearse(spec, workers=2)
    assert reports["compiled"] == reports["pure"]
    assert all(board["camps"] > 0 for board in reports["pure"]["boards"])
