"""The benchmark runner finds the benchmarks and refuses unknown names (it does not run them)."""

from __future__ import annotations

import pytest

from bench.__main__ import cli, find_main, module_names


def test_finds_the_benchmarks() -> None:
    names = module_names()
    assert "islands_generator" in names
    assert "__main__" not in names
    assert find_main("islands_generator") is not None


def test_unknown_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["no_such_bench"]) == 2
    assert "available:" in capsys.readouterr().err


def test_runs_one_by_name(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import bench.islands_generator as module

    monkeypatch.setattr(module, "REPEATS", 3)
    monkeypatch.setattr(module, "SIDES", (5,))
    assert cli(["islands_generator"]) == 0
    out = capsys.readouterr().out
    assert "== islands_generator ==" in out
    assert "median ms" in out
