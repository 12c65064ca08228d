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


def test_the_team_page_benchmark_reads_the_version_each_page_shows() -> None:
    from bench._camp_server import Answer
    from bench.team_page import shown_version

    assert shown_version(Answer(200, {"etag": '"tok-cs"'}, b"")) == "tok-cs"  # the board's
    view = b'<div id="team-view" data-version="0f3a9c"\n     data-hx-get="?v=0f3a9c">'
    assert shown_version(Answer(200, {}, view)) == "0f3a9c"  # the team's view
    with pytest.raises(RuntimeError, match="without the version"):
        shown_version(Answer(200, {}, b"<p>not found</p>"))
