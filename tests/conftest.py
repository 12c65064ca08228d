"""Fixtures shared by every test package."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import launched_chromium


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless Chromium (module marked with ``tests.browser.NEEDS_CHROMIUM``)."""
    monkeypatch.setitem(os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
    with launched_chromium() as chromium:
        yield chromium


@pytest.fixture
def page(browser: Any) -> Any:
    """A desktop-sized page, as on the staff laptop."""
    return browser.new_page(viewport={"width": 1400, "height": 1000})
