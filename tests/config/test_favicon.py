"""The icon every browser asks for at /favicon.ico: served (WhiteNoise's root files), not a 404
logged for every new phone."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client


def test_the_favicon_is_served_at_the_root(
    client: Client, db: None, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING):
        response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] in {"image/x-icon", "image/vnd.microsoft.icon"}
    body = b"".join(response.streaming_content)  # type: ignore[attr-defined]
    assert body == (Path(settings.WHITENOISE_ROOT) / "favicon.ico").read_bytes()
    assert body[:4] == b"\x00\x00\x01\x00"  # an ICO file
    assert not [r for r in caplog.records if "Not Found" in r.getMessage()]


def test_another_root_file_is_still_not_found(client: Client, db: None) -> None:
    assert client.get("/favicon.png").status_code == 404
