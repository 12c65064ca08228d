"""No log keeps a whole Batavia team token: the camp server's access log and Django's own logging."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client

from camp.accesslog import AccessLog, redact_tokens

TOKEN = "Zx9Qm2Lp7Rt4Vw8Ya1Bc3De5Fg6Hj0Kk_Nn-Ss2Tu4W"


@pytest.mark.parametrize(
    ("logged", "kept"),
    [
        (f"/batavia/t/{TOKEN}/", "/batavia/t/Zx9Qm2…/"),
        (f"/en/batavia/t/{TOKEN}/check/", "/en/batavia/t/Zx9Qm2…/check/"),
        (f"/admin/login/?next=%2Fbatavia%2Ft%2F{TOKEN}%2F", "/admin/login/?next=%2Fbatavia%2Ft%2FZx9Qm2…%2F"),
        ("/batavia/t/abc/", "/batavia/t/abc/"),  # nothing worth cutting
        ("/nastenka/3/", "/nastenka/3/"),
    ],
)
def test_tokens_are_cut_to_a_short_prefix(logged: str, kept: str) -> None:
    assert redact_tokens(logged) == kept


def test_the_access_log_names_the_request_without_the_token(caplog: pytest.LogCaptureFixture) -> None:
    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", "5")])
        return [b"hello"]

    environ = {
        "REMOTE_ADDR": "192.168.1.23",
        "REQUEST_METHOD": "GET",
        "PATH_INFO": f"/batavia/t/{TOKEN}/check/",
        "QUERY_STRING": "version=7",
        "SERVER_PROTOCOL": "HTTP/1.1",
    }
    with caplog.at_level(logging.INFO, logger="camp.access"):
        body = AccessLog(app)(environ, lambda status, headers, *args: None)
    assert body == [b"hello"]
    (record,) = [r for r in caplog.records if r.name == "camp.access"]
    line = record.getMessage()
    assert line.startswith('192.168.1.23 "GET /batavia/t/Zx9Qm2…/check/?version=7 HTTP/1.1" 200 5 ')
    assert TOKEN[:7] not in line


def test_djangos_not_found_warning_does_not_log_the_token(db: None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert Client().get(f"/batavia/t/{TOKEN}/").status_code == 404
    messages = [r.getMessage() for r in caplog.records if r.name == "django.request"]
    assert messages == ["Not Found: /batavia/t/Zx9Qm2…/"]
