"""The teams' links and QR codes default to the laptop's camp-network address under ``make camp``
(``settings.CAMP_PHONE_BASE_URL``, see camp.network.phone_base_url) when the page is opened on the
laptop itself; a page opened at a real address keeps that address."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from games.batavia.models import BataviaSession

LAN = "http://192.168.1.10:8000"


def master_page(staff: Client, session: BataviaSession, host: str) -> tuple[str, list[str]]:
    """The address field's value and the team links shown on the master page opened at ``host``."""
    page = staff.get(reverse("admin:batavia_bataviasession_master", args=[session.pk]), HTTP_HOST=host)
    html = page.content.decode()
    base = re.search(r'<input id="bt-base"[^>]*value="([^"]*)"', html)
    assert base is not None
    return base.group(1), re.findall(r'href="(https?://[^"]*/batavia/t/[^"]*)"', html)


def test_opened_on_the_laptop_the_phones_get_its_lan_address(
    staff: Client, session: BataviaSession, settings: Any
) -> None:
    settings.CAMP_PHONE_BASE_URL = LAN
    base, links = master_page(staff, session, "127.0.0.1:8000")
    assert base == LAN
    assert len(links) == 4 and all(link.startswith(f"{LAN}/batavia/t/") for link in links)
    page = staff.get(
        reverse("admin:batavia_bataviasession_master", args=[session.pk]), HTTP_HOST="localhost:8000"
    )
    assert "bt-loopback" not in page.content.decode()  # the address the sheets get is a working one

    handout = staff.get(
        reverse("admin:batavia_bataviasession_handout", args=[session.pk]), HTTP_HOST="localhost"
    )
    assert handout.status_code == 200
    sheets = [p.extract_text() for p in PdfReader(io.BytesIO(handout.content)).pages]
    assert len(sheets) == 4
    assert all(re.search(rf"^{re.escape(LAN)}/batavia/t/[\w-]+/$", sheet, re.M) for sheet in sheets)


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "ostrovy.example.org"])
def test_opened_at_a_real_address_that_address_is_kept(
    staff: Client, session: BataviaSession, settings: Any, host: str
) -> None:
    settings.CAMP_PHONE_BASE_URL = LAN
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20", "ostrovy.example.org"]
    base, links = master_page(staff, session, host)
    assert base == f"http://{host}"
    assert all(link.startswith(f"http://{host}/batavia/t/") for link in links)


def test_without_the_camp_server_the_page_address_is_used_as_before(
    staff: Client, session: BataviaSession, settings: Any
) -> None:
    settings.CAMP_PHONE_BASE_URL = ""
    base, _links = master_page(staff, session, "127.0.0.1:8000")
    assert base == "http://127.0.0.1:8000"
