"""Reading what a page says to staff: its messages, by level, as text (never a substring search)."""

from __future__ import annotations

from html.parser import HTMLParser

from django.http import HttpResponse


class _MessageList(HTMLParser):
    """Collects the ``<li>`` items of Django admin's ``<ul class="messagelist">`` with their class."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[str, str]] = []
        self._in_list = 0
        self._item: list[str] | None = None
        self._level = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "ul" and "messagelist" in classes:
            self._in_list += 1
        elif tag == "li" and self._in_list:
            self._item, self._level = [], classes[0] if classes else ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "li" and self._item is not None:
            self.items.append((self._level, " ".join("".join(self._item).split())))
            self._item = None
        elif tag == "ul" and self._in_list:
            self._in_list -= 1

    def handle_data(self, data: str) -> None:
        if self._item is not None:
            self._item.append(data)


def messages(response: HttpResponse, level: str | None = None) -> list[str]:
    """The texts of the page's messages (``level``: ``error``, ``warning``, ``success``, ``info``)."""
    parser = _MessageList()
    parser.feed(response.content.decode())
    return [text for lvl, text in parser.items if level is None or lvl == level]


def errors(response: HttpResponse) -> list[str]:
    """The page's error messages (``<li class="error">`` of the message list)."""
    return messages(response, "error")


class _ItemsUnder(HTMLParser):
    """Collects the text of the innermost ``<li>`` items inside the element with a given id."""

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "wbr", "source", "area", "col"})

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id = element_id
        self.found = False
        self.items: list[str] = []
        self._depth = 0  # open elements inside the element (0: outside it)
        self._stack: list[list[str]] = []  # open <li> texts

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        if self._depth:
            self._depth += 1
            if tag == "li":
                self._stack.append([])
        elif dict(attrs).get("id") == self.element_id:
            self.found, self._depth = True, 1

    def handle_endtag(self, tag: str) -> None:
        if not self._depth or tag in self.VOID:
            return
        self._depth -= 1
        if tag == "li" and self._stack:
            self.items.append(" ".join("".join(self._stack.pop()).split()))

    def handle_data(self, data: str) -> None:
        for texts in self._stack:
            texts.append(data)


def items_of(response: HttpResponse, element_id: str) -> list[str] | None:
    """The texts of the ``<li>`` items inside the element ``id=element_id`` (nested items each on
    their own, outer ones holding their inner text too); None when the page has no such element."""
    parser = _ItemsUnder(element_id)
    parser.feed(response.content.decode())
    return parser.items if parser.found else None


class _TextUnder(HTMLParser):
    """Collects the text inside the element with a given id."""

    def __init__(self, element_id: str) -> None:
        super().__init__()
        self.element_id, self.depth = element_id, 0
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.depth += 1
        elif dict(attrs).get("id") == self.element_id:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def element_text(html: str, element_id: str) -> str:
    """The text inside the element ``id=element_id`` of a page, its white space collapsed."""
    parser = _TextUnder(element_id)
    parser.feed(html)
    return " ".join("".join(parser.parts).split())
