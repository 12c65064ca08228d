"""The address for the phones: chosen once, kept in the database, changed by staff on the admin home
to one of the addresses the laptop has now (checked again on the server)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from camp import selectors, services
from camp.models import PhoneAddress
from camp.web import network

NOW = ["192.168.1.10", "10.0.0.5", "172.17.0.1"]


@pytest.fixture
def camp_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CAMP_MODE = True
    settings.CAMP_PORT = 8123
    settings.ALLOWED_HOSTS = ["*"]
    settings.CAMP_EXTRA_HOSTS = ["testserver"]
    monkeypatch.setattr(network, "lan_addresses", lambda: list(NOW))
    network.forget_addresses_now()


def test_the_service_keeps_one_address_and_refuses_one_the_laptop_lacks(db: None) -> None:
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    services.phone_address_choose(address="192.168.1.10", available=NOW)
    assert list(PhoneAddress.objects.values_list("pk", "address")) == [(1, "192.168.1.10")]
    with pytest.raises(ValidationError) as refused:
        services.phone_address_choose(address="10.9.9.9", available=NOW)
    assert refused.value.messages == [
        "Tento notebook teď adresu 10.9.9.9 nemá: vyberte jednu z vypsaných adres."
    ]
    assert selectors.phone_address().address == "192.168.1.10"  # type: ignore[union-attr]


def test_the_first_start_chooses_the_best_address_and_later_starts_keep_it(db: None) -> None:
    assert services.phone_address_choose_first(available=[]) is None  # no network: nothing chosen
    assert services.phone_address_choose_first(available=["10.0.0.5", "192.168.1.10"]).address == "10.0.0.5"  # type: ignore[union-attr]
    kept = services.phone_address_choose_first(available=["192.168.7.7"])  # another network now
    assert kept is not None and kept.address == "10.0.0.5"


def admin_home(client: Client) -> str:
    return client.get(reverse("admin:index")).content.decode()


def test_the_admin_home_shows_the_address_in_use_and_the_laptops_addresses(
    admin_client: Client, camp_mode: None
) -> None:
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    html = admin_home(admin_client)
    assert '<strong class="zo-phone-url">http://10.0.0.5:8123/</strong>' in html
    form = html.split('id="zo-phone-address"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]*)"', form) == NOW
    assert '<option value="10.0.0.5" selected>' in form


def test_staff_change_the_address_and_every_link_follows(admin_client: Client, camp_mode: None) -> None:
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    response = admin_client.post(
        reverse("phone_address"), {"address": "192.168.1.10", "next": "/admin/"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/admin/"
    assert selectors.phone_address().address == "192.168.1.10"  # type: ignore[union-attr]
    assert "Odkazy a QR kódy týmů teď nesou http://192.168.1.10:8123/." in response.content.decode()
    assert '<strong class="zo-phone-url">http://192.168.1.10:8123/</strong>' in response.content.decode()


@pytest.mark.parametrize("address", ["10.9.9.9", "", "x" * 5000, "10.0.0.5\x00"])
def test_an_address_the_laptop_does_not_have_is_refused(
    admin_client: Client, camp_mode: None, address: str
) -> None:
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    response = admin_client.post(reverse("phone_address"), {"address": address}, follow=True)
    assert response.status_code == 200
    error = re.search(r'<li class="error">([^<]*)</li>', response.content.decode())
    assert error is not None and error.group(1)
    assert selectors.phone_address().address == "10.0.0.5"  # type: ignore[union-attr]


def test_an_address_gone_since_the_start_is_said_plainly(
    admin_client: Client, camp_mode: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    PhoneAddress.objects.create(pk=1, address="10.44.0.1")  # the network of yesterday
    assert "Tento notebook teď adresu 10.44.0.1 nemá (jiná síť?)" in admin_home(admin_client)


def test_staff_without_the_permission_cannot_change_it(
    client: Client, camp_mode: None, django_user_model: Any
) -> None:
    viewer = django_user_model.objects.create_user(username="pozorovatel", password="x", is_staff=True)
    client.force_login(viewer)
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    assert client.post(reverse("phone_address"), {"address": "192.168.1.10"}).status_code == 403
    assert 'id="zo-phone-address"' not in admin_home(client)  # shown, not offered
    viewer.user_permissions.add(Permission.objects.get(codename="change_phoneaddress"))
    client.post(reverse("phone_address"), {"address": "192.168.1.10"})
    assert selectors.phone_address().address == "192.168.1.10"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "back",
    [
        "http://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "admin:index",  # redirect() took a name for a view's and answered 500 when it was none
        "phone_address",
        "nastenka",
        "/admin/\r\nSet-Cookie: x=1",
        "",
    ],
)
@pytest.mark.parametrize("address", ["10.0.0.5", "192.168.1.10", "not an address"])
def test_only_a_local_path_is_followed(
    admin_client: Client, camp_mode: None, back: str, address: str
) -> None:
    """Whatever ``next`` says, the answer is a redirect to a path here: the admin home if it is none."""
    response = admin_client.post(reverse("phone_address"), {"address": address, "next": back})
    assert response.status_code == 302 and response["Location"] == reverse("admin:index")


def test_a_local_path_with_a_query_is_followed(admin_client: Client, camp_mode: None) -> None:
    back = "/admin/camp/team/?q=Modr%C3%AD"
    response = admin_client.post(reverse("phone_address"), {"address": "192.168.1.10", "next": back})
    assert response.status_code == 302 and response["Location"] == back


def test_a_get_shows_the_panel_on_a_page_of_its_own(admin_client: Client, camp_mode: None) -> None:
    """The warnings of the pages that print QR codes link here: a GET shows the panel, not a 405."""
    services.phone_address_choose(address="10.0.0.5", available=NOW)
    response = admin_client.get(reverse("phone_address"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<strong class="zo-phone-url">http://10.0.0.5:8123/</strong>' in html
    form = html.split('id="zo-phone-address"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]*)"', form) == NOW
    assert f'<input type="hidden" name="next" value="{reverse("phone_address")}">' in html  # back here
    # The page's title names it once: the panel's own heading is left out here, kept on the admin home.
    assert re.findall(r"<h[12][^>]*>\s*Adresa pro telefony\s*</h[12]>", html) == [
        "<h1>Adresa pro telefony</h1>"
    ]
    home = admin_client.get(reverse("admin:index")).content.decode()
    assert '<h2 id="zo-phone-address-title">Adresa pro telefony</h2>' in home
    assert admin_client.put(reverse("phone_address")).status_code == 405


@pytest.mark.parametrize(
    ("host", "expected"),
    [("127.0.0.1:8123", "http://192.168.1.10:8123"), ("10.0.0.5:8123", "http://10.0.0.5:8123")],
)
def test_with_none_chosen_yet_the_links_use_a_working_address(
    rf: Any, camp_mode: None, db: None, host: str, expected: str
) -> None:
    assert network.phone_base_url(rf.get("/", HTTP_HOST=host)) == expected
