"""The link sheets PDF and the loopback warnings (:mod:`games.batavia.pages.team_links`)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.batavia.models import BataviaSession
from games.batavia.pages.team_links import is_loopback
from tests.games.batavia.pages.helpers import text, url
from tests.pages import errors


@pytest.fixture(autouse=True)
def lan_host(settings: Any) -> None:
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.10"]


def test_link_sheets_pdf(staff: Client, session: BataviaSession) -> None:
    response = staff.get(url("handout", session), HTTP_HOST="192.168.1.10:8000")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


LOOPBACK_WARNING = "To je tento notebook sám: telefony se na něj nedostanou."
PRINTED_WARNING = "na kterou se dostane jen tento notebook"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_master_page_warns_when_opened_on_the_laptop_itself(
    staff: Client, session: BataviaSession, host: str
) -> None:
    page = text(staff.get(url("master", session), HTTP_HOST=host))
    assert f'<strong class="zo-phone-url">http://{host}/</strong>' in page
    assert LOOPBACK_WARNING in page
    assert LOOPBACK_WARNING not in text(staff.get(url("master", session)))  # testserver: a real name


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "[::1]:8000"])
def test_link_sheets_for_a_loopback_address_are_printed_after_a_deliberate_click(
    staff: Client, session: BataviaSession, host: str
) -> None:
    asked = staff.get(url("handout", session), HTTP_HOST=host)
    assert asked["Content-Type"].startswith("text/html") and 'id="zo-print-confirm"' in text(asked)
    anyway = re.search(r'<a class="button" id="zo-print-anyway" href="([^"]*)"', text(asked))
    assert anyway is not None and anyway.group(1) == url("handout", session) + "?confirm=1"
    response = staff.get(anyway.group(1), HTTP_HOST=host)
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    assert PRINTED_WARNING in text(staff.get(url("master", session)))
    staff.get(url("handout", session), HTTP_HOST="192.168.1.10:8000")
    assert PRINTED_WARNING not in text(staff.get(url("master", session)))


def test_loopback_addresses() -> None:
    assert [
        is_loopback(u)
        for u in ("http://127.0.0.1:8000", "http://[::1]", "http://localhost", "http://10.0.0.2")
    ] == [True, True, True, False]


TOO_LONG = "Adresa pro telefony je příliš dlouhá"


def test_link_sheets_refuse_an_address_too_long_for_a_qr_code(
    staff: Client, session: BataviaSession, settings: Any
) -> None:
    """The sheets carry the address the page was opened at (outside camp mode): a 3,000-character
    host would overflow the QR code (a 500), so it is refused with the reason, on the master page;
    the longest address allowed still prints."""
    settings.ALLOWED_HOSTS = ["*"]
    host = "a" * 3000 + ".example"
    response = staff.get(url("handout", session), HTTP_HOST=host)
    assert response.status_code == 302 and response["Location"] == url("master", session)
    assert errors(staff.get(url("master", session), HTTP_HOST=host)) == [
        f"{TOO_LONG} ({len('http://' + host)} znaků, nejvýše 200)."
    ]
    longest = "a" * (200 - len("http://"))
    response = staff.get(url("handout", session), HTTP_HOST=longest)
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
