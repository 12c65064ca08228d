"""The byte record of every page (``tools/page_snapshot.py``): it records on a fresh checkout, and its
comparison finds a changed byte, a changed status and a page gone or new, and nothing else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tools.page_snapshot import ROOT, compare


def record_of(folder: Path, pages: dict[str, tuple[int, bytes]]) -> Path:
    folder.mkdir()
    index = []
    for n, (url, (status, body)) in enumerate(sorted(pages.items())):
        (folder / f"page-{n}").write_bytes(body)
        index.append(f"{status} {url} page-{n}")
    (folder / "INDEX").write_text("\n".join(index) + "\n")
    return folder


PAGES = {"GET /nastenka/1/": (200, b"<html>board</html>"), "GET /admin/": (302, b"/login/")}


def test_the_same_pages_compare_equal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = record_of(tmp_path / "before", PAGES)
    # the file names may differ between runs: pages are matched by their URL
    after = record_of(tmp_path / "after", {"GET /a-new-name-first/": (200, b"x")} | PAGES)
    (after / "INDEX").write_text(
        "\n".join(line for line in (after / "INDEX").read_text().splitlines() if "a-new-name" not in line)
    )
    assert compare(after, before) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 pages compared, 0 differ"


@pytest.mark.parametrize(
    ("changed", "said"),
    [
        ({"GET /nastenka/1/": (200, b"<html>board!</html>")}, "differs: GET /nastenka/1/"),
        ({"GET /admin/": (200, b"/login/")}, "status 302 -> 200: GET /admin/"),
        ({"GET /replay/": (200, b"")}, "new page: GET /replay/"),
    ],
)
def test_a_change_is_named_and_fails_the_comparison(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], changed: dict[str, tuple[int, bytes]], said: str
) -> None:
    before = record_of(tmp_path / "before", PAGES)
    after = record_of(tmp_path / "after", PAGES | changed)
    assert compare(after, before) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(said) and lines[-1].endswith(", 1 differ")


def test_a_page_gone_fails_the_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = record_of(tmp_path / "before", PAGES)
    after = record_of(tmp_path / "after", {"GET /admin/": PAGES["GET /admin/"]})
    assert compare(after, before) == 1
    assert capsys.readouterr().out.splitlines()[0] == "missing now: GET /nastenka/1/"


@pytest.mark.xdist_group("page_snapshot")
def test_it_records_both_camps_on_this_checkout(tmp_path: Path) -> None:
    """The whole record, as a refactor's author runs it (its own dependencies, its own database)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "page_snapshot.py"), str(tmp_path / "record")],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    index = (tmp_path / "record" / "INDEX").read_text().splitlines()
    urls = {line.split(" ", 1)[1].rsplit(" ", 1)[0] for line in index}
    # the demo camp's notice board, the large camp's sheets after the resolve, a round file
    assert "/nastenka/1/" in urls
    assert any(line.startswith("200 ") and "_sheets_pdf" in line for line in index)
    assert any(url.endswith("/export/") for url in urls)
    assert done.stdout.splitlines()[-1] == f"recorded {len(index)} pages in {tmp_path / 'record'}"
