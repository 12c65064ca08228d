"""A module's docstring says what it is, never how long: a size figure goes stale with the next
change (four of them had), and a length is no reason for a design."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: "~690 lines", "(540 lines)", "850 řádků": a count of lines.
SIZE = re.compile(r"\d+\s*(lines|řádk)", re.IGNORECASE)


def test_no_module_docstring_gives_the_modules_size() -> None:
    sized = []
    for path in sorted(ROOT.glob("camp/**/*.py")) + sorted(ROOT.glob("games/**/*.py")):
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if SIZE.search(docstring):
            sized.append(str(path.relative_to(ROOT)))
    assert sized == []
