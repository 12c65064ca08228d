"""The Host check (camp.web.hosts): the laptop's addresses of now are served, even one it got after the
start; any other Host gets the short Czech/English page, status 400, and one log line."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.test import Client

from camp.web import hosts, network

PORT = 8123


@pytest.fixture
def camp_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Camp-mode settings as ``make camp`` makes them, started with one address; the list returned
    is what the laptop has "now" (a test appends to it)."""
    settings.CAMP_MODE = True
    settings.CAMP_PORT = PORT
    settings.CAMP_ADDRESSES = ["192.168.1.10"]
    settings.CAMP_EXTRA_HOSTS = []
    settings.ALLOWED_HOSTS = ["*"]
    now = ["192.168.1.10"]
    monkeypatch.setattr(network, "lan_addresses", lambda: list(now))
    network.forget_addresses_now()
    return now


def start_page(host: str, **extra: Any) -> Any:
    return Client().get("/", HTTP_HOST=host, **extra)


def refusals(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.django_db
def test_an_address_the_laptop_got_after_the_start_is_served(
    camp_mode: list[str], caplog: pytest.LogCaptureFixture
) -> None:
    assert start_page(f"192.168.1.10:{PORT}").status_code == 200
    assert start_page(f"localhost:{PORT}").status_code == 200
    assert start_page(f"10.214.0.1:{PORT}").status_code == 400  # not the laptop's (yet)
    camp_mode.append("10.214.0.1")  # the laptop joins a second network
    network.forget_addresses_now()  # as after the few seconds the look-up is kept
    page = start_page(f"10.214.0.1:{PORT}")
    assert page.status_code == 200 and b'id="zo-start-boards"' in page.content
    assert start_page(f"10.214.0.1:{PORT + 1}").status_code == 400  # the port must be the server's


@pytest.mark.django_db
def test_the_address_look_up_is_kept_a_few_seconds(
    camp_mode: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    looked: list[int] = []
    monkeypatch.setattr(network, "lan_addresses", lambda: looked.append(1) or ["192.168.1.10"])
    for number in range(20):
        assert start_page(f"10.9.9.{number}:{PORT}").status_code == 400
    assert len(looked) == 1  # twenty unknown Hosts, one look-up


@pytest.mark.django_db
@pytest.mark.parametrize("size", [40, 5000])
def test_a_bad_host_gets_the_page_and_one_short_log_line(
    camp_mode: list[str], caplog: pytest.LogCaptureFixture, size: int
) -> None:
    host = ("evil-" + "x" * size)[:size] + ".example.org"
    caplog.set_level(logging.INFO)
    page = start_page(host)
    assert page.status_code == 400
    html = page.content.decode()
    assert "Tato adresa nepatří táborovému serveru" in html  # Czech …
    assert "This address is not the camp server's" in html  # … and English
    assert "make camp" in html and f'href="http://192.168.1.10:{PORT}/"' in html
    records = refusals(caplog)
    assert len(records) == 1, [r.getMessage()[:80] for r in records]
    (record,) = records
    assert record.name == "camp.web.hosts" and record.exc_info is None and record.exc_text is None
    shown = record.args[0]  # type: ignore[index]
    assert len(shown) <= hosts.LOGGED_HOST_CHARS and host.startswith(shown)
    assert len(record.getMessage()) < 300


@pytest.mark.django_db
def test_a_bad_host_outside_camp_mode_writes_no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    page = start_page("x" * 5000)
    assert page.status_code == 400 and "Tato adresa nepatří táborovému serveru" in page.content.decode()
    (record,) = refusals(caplog)
    assert record.exc_info is None and len(record.getMessage()) < 300
    assert start_page("localhost").status_code == 200  # ALLOWED_HOSTS decides as before


def test_shown_host_is_cut_and_printable() -> None:
    assert hosts.shown_host("a\x00b\né" + "c" * 500) == "a?b??" + "c" * 195


@pytest.mark.django_db
def test_on_port_80_a_host_without_a_port_is_served(camp_mode: list[str], settings: Any) -> None:
    settings.CAMP_PORT = 80
    assert start_page("192.168.1.10").status_code == 200
    assert start_page("192.168.1.10:8000").status_code == 400
