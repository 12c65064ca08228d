"""Under ``make camp`` every team link, QR code and link sheet carries the address chosen for the
phones (kept in the database, camp.web.network.phone_base_url), wherever the master page was opened;
elsewhere the address the page was opened at."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from camp import services
from camp.web import network
from games.batavia.models import BataviaSession
from games.batavia.pages import team_links

CHOSEN = "10.0.0.5"
OTHER = "192.168.1.10"


@pytest.fixture
def camp_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CAMP_MODE = True
    settings.ALLOWED_HOSTS = ["*"]  # as under make camp: camp.web.hosts decides
    settings.CAMP_PORT = 8123
    settings.CAMP_EXTRA_HOSTS = ["testserver"]
    monkeypatch.setattr(network, "lan_addresses", lambda: [OTHER, CHOSEN])
    network.forget_addresses_now()
    services.phone_address_choose(address=CHOSEN, available=[OTHER, CHOSEN])


def master_page(staff: Client, session: BataviaSession, host: str) -> tuple[str, list[str]]:
    """The address the panel says is in use and the team links shown on the master page."""
    page = staff.get(reverse("admin:batavia_bataviasession_master", args=[session.pk]), HTTP_HOST=host)
    html = page.content.decode()
    in_use = re.search(r'<strong class="zo-phone-url">([^<]*)</strong>', html)
    assert in_use is not None
    return in_use.group(1), re.findall(r'href="(https?://[^"]*/batavia/t/[^"]*)"', html)


def sheet_texts(staff: Client, session: BataviaSession, host: str) -> list[str]:
    handout = staff.get(reverse("admin:batavia_bataviasession_handout", args=[session.pk]), HTTP_HOST=host)
    assert handout.status_code == 200
    return [p.extract_text() for p in PdfReader(io.BytesIO(handout.content)).pages]


@pytest.mark.parametrize("host", ["127.0.0.1:8123", f"{OTHER}:8123", "localhost:8123"])
def test_every_link_and_sheet_carries_the_chosen_address(
    staff: Client, session: BataviaSession, camp_mode: None, host: str
) -> None:
    base = f"http://{CHOSEN}:8123"
    in_use, links = master_page(staff, session, host)
    assert in_use == f"{base}/"
    assert len(links) == 4 and all(link.startswith(f"{base}/batavia/t/") for link in links)
    sheets = sheet_texts(staff, session, host)
    assert len(sheets) == 4
    assert all(re.search(rf"^{re.escape(base)}/batavia/t/[\w-]+/$", sheet, re.M) for sheet in sheets)


def test_the_qr_codes_carry_the_chosen_address(
    staff: Client, session: BataviaSession, camp_mode: None, rf: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = team_links.render_link_sheets

    def remember(sheets: Any, **kwargs: Any) -> bytes:
        drawn.extend(sheet.url for sheet in sheets)  # what each page's QR code encodes
        return real(sheets, **kwargs)

    monkeypatch.setattr(team_links, "render_link_sheets", remember)
    sheet_texts(staff, session, "127.0.0.1:8123")
    assert len(drawn) == 4 and all(url.startswith(f"http://{CHOSEN}:8123/batavia/t/") for url in drawn)


def test_a_changed_address_is_used_at_once(staff: Client, session: BataviaSession, camp_mode: None) -> None:
    services.phone_address_choose(address=OTHER, available=[OTHER, CHOSEN])
    in_use, links = master_page(staff, session, "127.0.0.1:8123")
    assert in_use == f"http://{OTHER}:8123/"
    assert all(link.startswith(f"http://{OTHER}:8123/batavia/t/") for link in links)


def test_the_master_page_offers_the_laptops_addresses(
    staff: Client, session: BataviaSession, camp_mode: None
) -> None:
    html = staff.get(reverse("admin:batavia_bataviasession_master", args=[session.pk])).content.decode()
    options = re.findall(r'<option value="([^"]*)"( selected)?>', html.split('id="zo-phone-address"')[1])
    assert options == [(OTHER, ""), (CHOSEN, " selected")]


def test_a_typed_base_in_the_handout_url_is_ignored(
    staff: Client, session: BataviaSession, camp_mode: None
) -> None:
    url = reverse("admin:batavia_bataviasession_handout", args=[session.pk])
    handout = staff.get(url, {"base": "http://" + "x" * 3000})
    assert handout.status_code == 200
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(handout.content)).pages)
    assert "xxx" not in text and f"http://{CHOSEN}:8123/batavia/t/" in text


def test_outside_camp_mode_the_page_address_is_used(staff: Client, session: BataviaSession) -> None:
    services.phone_address_choose(address=CHOSEN, available=[CHOSEN])  # kept, but not for make run
    in_use, links = master_page(staff, session, "127.0.0.1:8000")
    assert in_use == "http://127.0.0.1:8000/"
    assert all(link.startswith("http://127.0.0.1:8000/batavia/t/") for link in links)
