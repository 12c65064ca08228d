"""The link sheets PDF and the address for the phones (:mod:`games.batavia.pages.team_links`)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.batavia.forms import phone_base
from games.batavia.models import BataviaSession
from games.batavia.pages.team_links import is_loopback
from tests.games.batavia.pages.helpers import text, url
from tests.pages import errors


def test_link_sheets_pdf(staff: Client, session: BataviaSession) -> None:
    response = staff.get(url("handout", session), {"base": "http://192.168.1.10:8000"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    bad = staff.get(url("handout", session), {"base": "javascript:alert(1)"}, follow=True)
    assert "musí vypadat jako" in text(bad)


LOOPBACK_WARNING = "to je jen tento notebook a telefony se na něj nedostanou"
PRINTED_WARNING = "na kterou se dostane jen tento notebook"


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"])
def test_master_page_warns_when_opened_on_the_laptop_itself(
    staff: Client, session: BataviaSession, host: str
) -> None:
    page = text(staff.get(url("master", session), HTTP_HOST=host))
    assert f'value="http://{host}"' in page
    assert LOOPBACK_WARNING in page
    assert LOOPBACK_WARNING not in text(staff.get(url("master", session)))  # testserver: a real name


def test_link_sheets_for_a_loopback_address_is_printed_with_a_warning(
    staff: Client, session: BataviaSession
) -> None:
    for base in ("http://127.0.0.1:8000", "127.0.0.5:8000", "localhost"):
        response = staff.get(url("handout", session), {"base": base})
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
        assert PRINTED_WARNING in text(staff.get(url("master", session))), base
    staff.get(url("handout", session), {"base": "http://192.168.1.10:8000"})
    assert PRINTED_WARNING not in text(staff.get(url("master", session)))


def test_link_sheets_address_without_http_gets_it(staff: Client, session: BataviaSession) -> None:
    assert phone_base(" 192.168.1.10:8000/ ") == "http://192.168.1.10:8000"
    assert phone_base("https://tabor.local") == "https://tabor.local"
    assert phone_base("") == ""
    assert [
        is_loopback(u)
        for u in ("http://127.0.0.1:8000", "http://[::1]", "http://localhost", "http://10.0.0.2")
    ] == [
        True,
        True,
        True,
        False,
    ]
    response = staff.get(url("handout", session), {"base": "192.168.1.10:8000"}, follow=True)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert PRINTED_WARNING not in text(staff.get(url("master", session)))


LONG_HOST = "http://" + "a" * 3000 + ".example:8000"
TOO_LONG = "Adresa pro telefony je příliš dlouhá"


def test_link_sheets_refuse_an_address_too_long_for_a_qr_code(staff: Client, session: BataviaSession) -> None:
    """A 3,000-character host would overflow the QR code (a 500): refused with the reason, on the
    master page; the longest address allowed still prints."""
    response = staff.get(url("handout", session), {"base": LONG_HOST}, follow=True)
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert errors(response) == [f"{TOO_LONG} ({len(LONG_HOST)} znaků, nejvýše 200)."]
    longest = "http://" + "a" * (200 - len("http://"))
    response = staff.get(url("handout", session), {"base": longest})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_link_sheets_refuse_a_page_address_too_long_for_a_qr_code(
    staff: Client, session: BataviaSession, settings: Any
) -> None:
    """No address typed: the page's own (its Host) is bounded the same way."""
    settings.ALLOWED_HOSTS = ["*"]
    host = "a" * 3000 + ".example"
    response = staff.get(url("handout", session), HTTP_HOST=host)
    assert response.status_code == 302 and response["Location"] == url("master", session)
    assert TOO_LONG in text(staff.get(url("master", session), HTTP_HOST=host))
