"""Shared set-up of the browser tests: Debian's Chromium driven by Playwright (no browser download).

A test module marks itself with ``pytestmark = NEEDS_CHROMIUM`` and asks for the ``browser`` or
``page`` fixture (see ``tests/conftest.py``). Without Chromium the tests are skipped with a reason;
``.ci/run`` installs it, so CI always runs them.

The pages run under the Content-Security-Policy (camp/web/security_headers.py): ``wait_for_function``
takes a function (``"() => …"``); an expression string is run with ``eval`` in the page, which the
policy refuses.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else shutil.which("chromium")
NEEDS_CHROMIUM = [pytest.mark.browser, pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")]

#: Flags for a headless root sandbox with no network but loopback.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@contextmanager
def launched_chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def wait_htmx_idle(page: Any, timeout: float = 10_000) -> None:
    """Wait until no htmx request is in flight on ``page`` (a user clicks what the page shows now)."""
    page.wait_for_function("() => !document.querySelector('.htmx-request')", timeout=timeout)
