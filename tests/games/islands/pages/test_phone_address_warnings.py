"""The phones' address on the pages that print QR codes: the team links page and the round page warn
as the admin home does when the phones cannot open the address (the laptop no longer has it, or it
is the laptop itself), and a PDF with QR codes is then printed only after a deliberate click
(``confirm=1``). With a live address everything prints at once."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from camp.models import Camp, PhoneAddress, Round, Team
from camp.web import network
from games.islands.models.rounds import RoundResult
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import links_on, url
from tests.games.islands.pages.test_correction import _send, _undo, world  # noqa: F401 - a fixture

pytestmark = pytest.mark.django_db

NOW = ["192.168.1.10", "10.0.0.5"]
MISSING = "Tento notebook teď adresu 10.44.0.1 nemá (jiná síť?): telefony neotevřou odkazy ani QR kódy"


@pytest.fixture
def camp_mode(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.CAMP_MODE = True
    settings.CAMP_PORT = 8123
    settings.ALLOWED_HOSTS = ["*"]
    settings.CAMP_EXTRA_HOSTS = ["testserver"]
    monkeypatch.setattr(network, "lan_addresses", lambda: list(NOW))
    network.forget_addresses_now()


@pytest.fixture
def gone(camp_mode: None) -> None:
    """The address chosen yesterday, on a network the laptop is no longer on."""
    PhoneAddress.objects.create(pk=1, address="10.44.0.1")


@pytest.fixture
def alive(camp_mode: None) -> None:
    PhoneAddress.objects.create(pk=1, address="10.0.0.5")


def html(client: Client, path: str, **extra: Any) -> str:
    response = client.get(path, **extra)
    assert response.status_code == 200
    return response.content.decode()


def warning(page: str) -> str | None:
    found = re.search(
        r'<p class="errornote zo-phone-(?:missing|loopback)" role="alert">(.*?)</p>',
        page,
        re.S,
    )
    return found.group(1) if found else None


def links_page(camp: Camp) -> str:
    return reverse("admin:islands_teamlink_camp", args=[camp.pk])


def round_page(round_: Round) -> str:
    return reverse("admin:islands_round_page", args=[round_.pk])


# ------------------------------------------------------------------------------------ the warnings


def test_the_team_links_page_warns_when_the_laptop_lost_the_address(
    staff_client: Client, game: Round, gone: None
) -> None:
    links_on(game.camp)
    said = warning(html(staff_client, links_page(game.camp)))
    assert said is not None and said.startswith(MISSING)
    link = f'<a href="{reverse("phone_address")}" class="zo-phone-address-link">Adresa pro telefony</a>'
    assert link in said


def test_the_team_links_page_is_quiet_while_the_address_works(
    staff_client: Client, game: Round, alive: None
) -> None:
    links_on(game.camp)
    page = html(staff_client, links_page(game.camp))
    assert warning(page) is None and "http://10.0.0.5:8123/" in page


def test_the_round_page_warns_above_its_print_buttons(staff_client: Client, game: Round, gone: None) -> None:
    page = html(staff_client, round_page(game))
    printing = page.split('<h3 id="print">')[1]
    said = warning(printing)
    assert said is not None and said.startswith(MISSING)


def test_the_round_page_is_quiet_while_the_address_works(
    staff_client: Client, game: Round, alive: None
) -> None:
    assert warning(html(staff_client, round_page(game))) is None


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000"])
def test_a_page_opened_on_the_laptop_itself_warns_too(staff_client: Client, game: Round, host: str) -> None:
    said = warning(html(staff_client, round_page(game), HTTP_HOST=host))
    assert said is not None and said.startswith(f"Odkazy a QR kódy vedou na http://{host}, kam se dostane")
    assert warning(html(staff_client, round_page(game))) is None  # testserver: a real name


# ------------------------------------------------------------------------------------ printing


def printed(round_: Round, team: Team) -> dict[str, str]:
    """The print links that carry QR codes for the phones (the order forms', the team links')."""
    return {
        "all sheets": reverse("admin:islands_round_sheets", args=[round_.pk]),
        "one sheet": reverse("admin:islands_round_sheet", args=[round_.pk, team.pk]),
        "tonight": reverse("admin:islands_round_evening", args=[round_.pk]),
        "handouts": reverse("admin:islands_teamlink_handouts", args=[round_.camp_id]),
        "one handout": reverse("admin:islands_teamlink_handouts", args=[round_.camp_id]) + f"?team={team.pk}",
    }


@pytest.mark.parametrize("what", ["all sheets", "one sheet", "tonight", "handouts", "one handout"])
def test_a_dead_address_asks_before_printing_and_confirm_prints(
    staff_client: Client, game: Round, teams: list[Team], gone: None, what: str
) -> None:
    links_on(game.camp)
    path = printed(game, teams[0])[what]
    asked = staff_client.get(path)
    page = asked.content.decode()
    assert asked["Content-Type"].startswith("text/html") and 'id="zo-print-confirm"' in page
    assert (warning(page) or "").startswith(MISSING)
    anyway = re.search(r'<a class="button" id="zo-print-anyway" href="([^"]*)"', page)
    assert anyway is not None
    target = anyway.group(1).replace("&amp;", "&")
    assert target.startswith(path.split("?")[0] + "?") and "confirm=1" in target
    if "?team=" in path:
        assert f"team={teams[0].pk}" in target  # the same print, only confirmed
    response = staff_client.get(target)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("what", ["all sheets", "one sheet", "tonight", "handouts"])
def test_a_working_address_prints_at_once(
    staff_client: Client, game: Round, teams: list[Team], alive: None, what: str
) -> None:
    links_on(game.camp)
    response = staff_client.get(printed(game, teams[0])[what])
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("confirm", ["", "0", "no"])
def test_only_confirm_1_prints_a_dead_address(
    staff_client: Client, game: Round, teams: list[Team], gone: None, confirm: str
) -> None:
    path = printed(game, teams[0])["all sheets"] + f"?confirm={confirm}"
    assert staff_client.get(path)["Content-Type"].startswith("text/html")


def test_the_sheets_without_qr_codes_print_at_once(staff_client: Client, game: Round, gone: None) -> None:
    for name in ("notice", "master"):
        response = staff_client.get(reverse(f"admin:islands_round_{name}", args=[game.pk]))
        assert response["Content-Type"] == "application/pdf", name


# ------------------------------------------------------------------------------------ links here


def test_the_address_page_opens_with_a_get(staff_client: Client, gone: None) -> None:
    page = html(staff_client, reverse("phone_address"))
    assert "<h1>Adresa pro telefony</h1>" in page and 'id="zo-phone-address-title"' not in page  # named once
    form = page.split('id="zo-phone-address"')[1].split("</select>")[0]
    assert re.findall(r'<option value="([^"]*)"', form) == NOW  # the form to choose another one
    assert 'class="errornote zo-phone-missing" role="alert">Tento notebook teď adresu 10.44.0.1 nemá' in page


def test_the_round_page_links_to_the_team_links(staff_client: Client, game: Round) -> None:
    page = html(staff_client, round_page(game))
    link = re.search(r'<a class="button" id="zo-round-team-links" href="([^"]*)">([^<]*)</a>', page)
    assert link is not None and link.groups() == (links_page(game.camp), "Týmové odkazy")


def test_the_round_page_offers_no_team_links_to_staff_who_may_not_see_them(
    client: Client, game: Round, django_user_model: Any
) -> None:
    from django.contrib.auth.models import Permission

    helper = django_user_model.objects.create_user(username="pomocnik", password="x", is_staff=True)
    helper.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client.force_login(helper)
    page = html(client, round_page(game))
    assert 'id="checklist"' in page and 'id="zo-round-team-links"' not in page


# ------------------------------------------------------------------------------------ a POST print


def test_the_changed_sheets_ask_too_and_count_as_printed_only_when_printed(
    staff_client: Client,
    world: tuple[Round, str],  # noqa: F811 - the fixture of test_correction
    teams: list[Team],
    gone: None,
) -> None:
    """ "Print the changed sheets" is a POST (it notes what is on paper now): the confirmation posts
    it again with ``confirm=1``, and only that print counts."""
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)
    path = url("changed", round_.pk)
    asked = staff_client.post(path)
    page = asked.content.decode()
    assert asked["Content-Type"].startswith("text/html") and 'id="zo-print-confirm"' in page
    assert RoundResult.objects.get(round=round_).printed_at is None
    confirm = page.split('id="zo-print-confirm"')[1]
    form = re.search(r'<form method="post" action="([^"]*)"[^>]*>(.*?)</form>', confirm, re.S)
    assert form is not None and form.group(1) == path
    fields = dict(re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', form.group(2)))
    assert fields["confirm"] == "1"
    response = staff_client.post(path, {"confirm": "1"})
    assert response["Content-Type"] == "application/pdf"
    assert RoundResult.objects.get(round=round_).printed_at is not None
