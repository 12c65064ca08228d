"""Printed sheets kept by what they show (camp.caches.printed): the same data is answered with the PDF
drawn before, other data (or another language) is drawn anew, and the kept bytes stay bounded."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.utils import translation

from camp.caches import printed


@dataclass(frozen=True)
class Sheet:
    team: str
    ap: int | None


def test_the_same_data_is_drawn_once() -> None:
    drawn: list[Sheet] = []

    def draw(sheet: Sheet) -> bytes:
        drawn.append(sheet)
        return f"%PDF {sheet}".encode()

    first = printed.printed_once("team", Sheet("Modří", 14), lambda: draw(Sheet("Modří", 14)))
    again = printed.printed_once("team", Sheet("Modří", 14), lambda: draw(Sheet("Modří", 14)))
    assert again == first and drawn == [Sheet("Modří", 14)]


def test_other_data_kind_or_language_is_drawn_anew() -> None:
    count = 0

    def draw() -> bytes:
        nonlocal count
        count += 1
        return b"%%PDF %d" % count

    with translation.override("cs"):
        assert printed.printed_once("team", Sheet("Modří", 14), draw) == b"%PDF 1"
        assert printed.printed_once("team", Sheet("Modří", 11), draw) == b"%PDF 2"  # its AP changed
        assert printed.printed_once("staff", Sheet("Modří", 14), draw) == b"%PDF 3"
        assert printed.printed_once("team", Sheet("Modří", 14), draw) == b"%PDF 1"
    with translation.override("en"):
        assert printed.printed_once("team", Sheet("Modří", 14), draw) == b"%PDF 4"


def test_the_least_recently_asked_leave_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(printed, "KEEP_BYTES", 30)
    printed.printed_once("a", 1, lambda: b"x" * 10)
    printed.printed_once("b", 2, lambda: b"y" * 10)
    printed.printed_once("a", 1, lambda: b"never drawn")  # asked again: now the newest
    printed.printed_once("c", 3, lambda: b"z" * 15)  # 35 bytes: "b" leaves
    assert printed.kept_printed() == 2
    assert printed.printed_once("a", 1, lambda: b"drawn again") == b"x" * 10
    assert printed.printed_once("b", 2, lambda: b"drawn again") == b"drawn again"
    assert printed.printed_once("big", 4, lambda: b"w" * 31) == b"w" * 31  # too big to keep
    assert printed.printed_once("big", 4, lambda: b"drawn again") == b"drawn again"
