"""Reading the pages in tests: the text of the elements that match a tag and attributes."""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class _Finder(HTMLParser):
    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        super().__init__(convert_charrefs=True)
        self.tag, self.attrs = tag, attrs
        self.open: list[list[str]] = []  # the text so far of every matching element still open
        self.depths: list[int] = []
        self.depth = 0
        self.found: list[str] = []

    def _matches(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        have = {k: v or "" for k, v in attrs}
        for key, value in self.attrs.items():
            if key == "class":
                if value not in have.get("class", "").split():
                    return False
            elif have.get(key) != value:
                return False
        return tag == self.tag

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if self._matches(tag, attrs):
                self.found.append(dict(attrs).get("value") or "")
            return
        self.depth += 1
        if self._matches(tag, attrs):
            self.open.append([])
            self.depths.append(self.depth)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if self.depths and self.depths[-1] == self.depth:
            self.depths.pop()
            self.found.append(" ".join("".join(self.open.pop()).split()))
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        for parts in self.open:
            parts.append(data)


def texts(html: str | bytes, tag: str, **attrs: str) -> list[str]:
    """The whitespace-normalised text of every ``tag`` element with these attributes (``class_``
    names one of its classes), in page order; for an ``input``, its value."""
    if isinstance(html, bytes):
        html = html.decode()
    finder = _Finder(tag, {k.rstrip("_"): v for k, v in attrs.items()})
    finder.feed(html)
    finder.close()
    return finder.found


def rows(html: str | bytes, table_class: str) -> list[list[str]]:
    """The cells of the body rows of the first table of that class."""
    if isinstance(html, bytes):
        html = html.decode()
    table = re.search(rf'<table class="{re.escape(table_class)}">.*?</table>', html, re.S)
    if table is None:
        return []
    tbody = table.group(0).split("<tbody>", 1)[-1]
    return [texts(f"<tr>{row}", "td") for row in re.findall(r"<tr>(.*?)</tr>", tbody, re.S)]
