"""The documentation holds together: every relative link and image of the README and of ``docs/``
points to a file of the repository (and a ``#part`` to a heading of it), the README stays a short
guide for camp leaders, no comment or docstring of the code sends the reader to a file outside
the repository."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: The README is the camp leaders' guide; the staff guide, the performance log and the developers'
#: notes have their own pages in docs/.
README_MAX_LINES = 200

FENCED_BLOCK = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.DOTALL)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)

#: What points outside the repository: the folders the project's first specifications lived in
#: beside it, and this machine's own paths.
OUTSIDE = re.compile(r"\.\./shared\b|(?<![\w/.-])shared/(?:rules|formats)/|(?<![\w.-])/work/|\bseeds/")


def _prose(markdown: str) -> str:
    """The markdown without its code: a link inside a code block or span is not a link."""
    return CODE_SPAN.sub("", FENCED_BLOCK.sub("", markdown))


def links(markdown: str) -> list[str]:
    return LINK.findall(_prose(markdown))


def heading_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: links reduced to their text, lower case, punctuation
    dropped (letters with accents stay), spaces to hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCED_BLOCK.sub("", markdown)):
        slug = heading_slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def broken_links(document: Path, root: Path = ROOT) -> list[str]:
    """Every relative link of ``document`` whose file or heading does not exist in ``root``."""
    problems = []
    for target in links(document.read_text(encoding="utf-8")):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.IGNORECASE):  # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (document.parent / path).resolve() if path else document
        if not file.exists():
            problems.append(f"{target}: no such file")
        elif not file.is_relative_to(root):
            problems.append(f"{target}: outside the repository")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
            problems.append(f"{target}: no heading #{anchor} in {file.relative_to(root)}")
    return problems


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_image_resolves(document: Path) -> None:
    assert broken_links(document) == []


def test_a_broken_link_an_image_and_a_missing_heading_are_found(tmp_path: Path) -> None:
    (tmp_path / "beside.md").write_text("# Beside the repository\n", encoding="utf-8")
    tmp_path = tmp_path / "repository"
    tmp_path.mkdir()
    other = "# Zálohy (backups)\n\n## The record (`batavia/1`)\n"
    (tmp_path / "other.md").write_text(other, encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text(
        "See [other](other.md#zálohy-backups), [the record](other.md#the-record-batavia1) and\n"
        "[the web](https://example.org/x.md), `[not a link](gone.md)`.\n"
        "![a picture](missing.png) [gone](gone.md) [wrong part](other.md#at-camp)\n"
        "```\n[in a code block](gone-too.md)\n```\n[beside](../beside.md)\n",
        encoding="utf-8",
    )
    assert broken_links(page, root=tmp_path) == [
        "missing.png: no such file",
        "gone.md: no such file",
        "other.md#at-camp: no heading #at-camp in other.md",
        "../beside.md: outside the repository",
    ]


def test_the_readme_stays_a_short_guide() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, f"README.md has {lines} lines: move the details to docs/"


def test_the_readme_links_the_moved_guides() -> None:
    readme = links((ROOT / "README.md").read_text(encoding="utf-8"))
    for page in ("docs/staff-guide.md", "docs/performance.md", "docs/development.md"):
        assert page in readme


# ------------------------------------------------------------------- nothing points outside


def python_comments(source: str) -> list[tuple[int, str]]:
    """Every comment and docstring of a Python source, with its line."""
    found = [
        (token.start[0], token.string)
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            docstring = ast.get_docstring(node, clean=False)
            if docstring is not None:
                found.append((node.body[0].lineno, docstring))
    return found


SOURCE_DIRS = ("camp", "games", "tests", "bench", "tools", "templates", "static", ".ci")
OTHER_SOURCES = (".html", ".js", ".css", ".txt", ".toml", ".sh")


def source_files() -> list[Path]:
    files = [ROOT / name for name in ("Makefile", "pyproject.toml", "manage.py", "conftest.py", ".ci/run")]
    for folder in SOURCE_DIRS:
        files += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.is_file() and p.suffix in (".py", *OTHER_SOURCES) and "node_modules" not in p.parts
        ]
    return sorted({p for p in files if p.exists()})


def outside_pointers(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return [
            f"{path.relative_to(ROOT)}:{line}: {match.group()}"
            for line, comment in python_comments(text)
            for match in OUTSIDE.finditer(comment)
        ]
    return [f"{path.relative_to(ROOT)}: {match.group()}" for match in OUTSIDE.finditer(text)]


def test_no_comment_points_outside_the_repository() -> None:
    found = [problem for path in [*source_files(), *DOCUMENTS] for problem in outside_pointers(path)]
    assert found == [], "point to docs/rules/ or docs/formats/ instead"


def test_an_outside_pointer_in_a_comment_or_docstring_is_found() -> None:
    source = (
        '"""The format is in ``../shared/formats/x.md``."""\n'
        "def f():\n"
        '    """See /work/main/notes."""\n'
        "    return '../shared is only a string here'  # the rules: seeds/003.txt\n"
    )
    comments = python_comments(source)
    assert sorted(m.group() for _, c in comments for m in OUTSIDE.finditer(c)) == [
        "../shared",
        "/work/",
        "seeds/",
    ]
    assert not OUTSIDE.search("games/islands/pages/shared.py, docs/rules/islands.en.md, var/backups/")
