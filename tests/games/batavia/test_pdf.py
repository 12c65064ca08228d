"""The handout PDF: the link on the sheet survives being copied out of it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from games.batavia.pdf import HandoutPage, _wrap_link, render_handouts

# The 60th character is a hyphen: where a naive 60-character wrap would end a line.
SHORT = "http://10.0.0.5:8000/batavia/t/" + "a" * 28 + "-_tail-token/"
LONG = "http://" + "h" * 52 + "-" + "x" * 100 + "/batavia/t/abc-_def/"


def test_a_wrapped_link_never_ends_a_line_with_a_hyphen() -> None:
    for url in (SHORT, LONG):
        lines = _wrap_link(url, 60)
        assert "".join(lines) == url
        assert all(len(line) <= 60 and not line.endswith("-") for line in lines)
    assert _wrap_link(LONG, 60)[1].startswith("-")


def pdf_text(url: str, tmp_path: Path) -> str:
    page = HandoutPage(team="Červení", colour="#c0392b", url=url, title="Batavia")
    pdf = tmp_path / "h.pdf"
    pdf.write_bytes(render_handouts([page], font_dir=Path(settings.PDF_FONT_DIR)))
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_a_link_that_fits_is_one_line_and_copies_whole(tmp_path: Path) -> None:
    text = pdf_text(SHORT, tmp_path)
    assert SHORT in text.splitlines()
    assert "Červení" in text


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_a_wrapped_link_copies_whole(tmp_path: Path) -> None:
    text = pdf_text(LONG, tmp_path)
    assert LONG not in text.splitlines()  # it really was wrapped
    assert LONG in text.replace("\n", "")
