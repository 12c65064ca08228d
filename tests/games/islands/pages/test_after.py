"""After the round: telescope choices (pick, confirm, skip only confirmed), the map with hidden
tiles only on request, the hints, the public log and the print buttons."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.test import Client

from camp.models import Round, Team
from games.islands.models.board import BoardHex
from games.islands.models.rounds import RoundResult, TelescopeChoice
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import (
    HTMX,
    resolved_with_telescope,
    store_all,
    url,
)
from tests.pages import errors


def test_after_page_telescope_pick_confirm_and_skip(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    result = resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    html = staff_client.get(url("after", game.pk)).content.decode()
    assert "data-hx-get" in html and "?ship=" in html
    response = staff_client.get(url("after", game.pk), {"ship": who, "hex": "B2"}, **HTMX)
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="telescopes"') and 'value="B2"' in fragment
    assert not TelescopeChoice.objects.exists()  # a click only asks
    response = staff_client.get(url("after", game.pk), {"ship": who, "hex": "nonsense"}, **HTMX)
    assert "zo-bad" in response.content.decode()
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2"}, follow=True
    )
    assert response.status_code == 200
    assert TelescopeChoice.objects.filter(result=result, hex="B2").exists()
    # Choosing again, or for nobody: a message.
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2"}, follow=True
    )
    finder, ship = who.split(".")
    assert response.status_code == 200 and errors(response) == [
        f"Loď {ship[1:]} ({finder}): volba dalekohledu už je zadaná."
    ]
    response = staff_client.post(
        url("after", game.pk), {"action": "skip", "ship": "nobody.C9", "confirm": "1"}, follow=True
    )
    assert response.status_code == 200 and errors(response) == [
        "Loď 9 (nobody) v tomto kole nemá dalekohled, pro který by se volilo."
    ]
    response = staff_client.post(url("after", game.pk), {"action": "dance"}, follow=True)
    assert response.status_code == 200


def test_a_telescope_choice_of_no_hex_says_why_and_stores_nothing(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """The form reads the hex; the service gets a hex of the board or is not called."""
    who = resolved_with_telescope(game, teams).pending_telescopes[0]
    for typed, why in (
        ("ZZ99", "„ZZ99“ není hex tohoto herního plánu (A1 … I1)."),  # the last label
        ("z1", "Z1 je zátoka: zadejte hex herního plánu."),
        ("  ", "Zadejte hex, který tým pro svůj dalekohled zvolil."),
    ):
        response = staff_client.post(
            url("after", game.pk), {"action": "choose", "ship": who, "hex": typed}, follow=True
        )
        assert response.status_code == 200 and errors(response) == [why]
    assert not TelescopeChoice.objects.exists()


def test_skipping_a_telescope_asks_first(staff_client: Client, game: Round, teams: list[Team]) -> None:
    """Like a picked hex, a skip is asked and then confirmed: one misclick throws nothing away."""
    result = resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    html = staff_client.get(url("after", game.pk), {"ship": who}).content.decode()
    assert 'value="skip"' not in html  # no button that skips at once
    assert "skip=1" in html
    response = staff_client.get(url("after", game.pk), {"ship": who, "skip": "1"}, **HTMX)
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="telescopes"')
    assert 'value="skip"' in fragment and 'name="confirm"' in fragment and "Ano, přeskočit" in fragment
    assert not TelescopeChoice.objects.exists()  # asking stores nothing
    # A POST without the confirmation (an old tab, a tampered form): a message, nothing stored.
    response = staff_client.post(url("after", game.pk), {"action": "skip", "ship": who}, follow=True)
    finder, ship = who.split(".")
    assert response.status_code == 200 and errors(response) == [
        f"Loď {ship[1:]} ({finder}): přeskočit dalekohled lze jen s potvrzením."
    ]
    assert "potvrzení" in response.content.decode()
    assert not TelescopeChoice.objects.exists()
    response = staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    assert response.status_code == 302
    assert TelescopeChoice.objects.filter(result=result, ship=who, hex="").exists()


def test_after_page_hides_hidden_tiles_unless_asked(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """A team's runner is often at the table: the after page's map is the public one by default
    (as on the order page), the staff map only with the box ticked; a telescope is picked either way."""
    result = resolved_with_telescope(game, teams)
    who = result.pending_telescopes[0]
    assert BoardHex.objects.filter(camp=game.camp, revealed=False).exclude(tile="open_sea").exists()
    html = staff_client.get(url("after", game.pk)).content.decode()
    assert "staff-hidden" not in html and "zo-hatch" not in html
    assert 'class="hex hidden"' in html and 'name="show_hidden"' in html
    assert "?ship=" in html and "hex=" in html  # the map can still be clicked
    # A click picks the hex and highlights it and its neighbours, still on the public map.
    fragment = staff_client.get(url("after", game.pk), {"ship": who, "hex": "B2"}, **HTMX).content.decode()
    assert 'value="B2"' in fragment and 'class="hl"' in fragment and "staff-hidden" not in fragment
    # With the box ticked: the hidden tiles, and every link and form keeps the box ticked.
    shown = staff_client.get(url("after", game.pk), {"ship": who, "show_hidden": "1"}, **HTMX)
    shown = shown.content.decode()
    assert "staff-hidden" in shown and "checked" in shown
    assert "show_hidden=1&amp;hex=" in shown  # the map's links
    fragment = staff_client.get(
        url("after", game.pk), {"ship": who, "hex": "B2", "show_hidden": "1"}, **HTMX
    ).content.decode()
    assert "staff-hidden" in fragment and 'class="hl"' in fragment
    assert '<input type="hidden" name="show_hidden" value="1">' in fragment  # the confirmation form
    response = staff_client.post(
        url("after", game.pk), {"action": "choose", "ship": who, "hex": "B2", "show_hidden": "1"}
    )
    assert response.status_code == 302 and "show_hidden=1" in response["Location"]
    assert TelescopeChoice.objects.filter(result=result, hex="B2").exists()


def test_after_page_offers_the_sheets_once_no_telescope_is_pending(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    """Sheets printed before the telescope choices would miss their reveals."""
    result = resolved_with_telescope(game, teams)
    sheets_url = url("sheets", game.pk)
    assert sheets_url not in staff_client.get(url("after", game.pk)).content.decode()
    for who in result.pending_telescopes:
        staff_client.post(url("after", game.pk), {"action": "skip", "ship": who, "confirm": "1"})
    assert sheets_url in staff_client.get(url("after", game.pk)).content.decode()


def test_after_page_shows_hints_and_public_log(staff_client: Client, game: Round, teams: list[Team]) -> None:
    store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    result.hints = {f"{teams[1].name}.C1": "NNE"}
    team = teams[1].name
    result.events = [
        *result.events,
        {
            "step": 2,
            "half": 1,
            "what": "map",
            "at": "D3",
            "team": team,
            "actor": "C1",
            "visibility": "public",
        },
        {"step": 9, "half": 1, "what": "hint", "at": "Z2", "team": team, "actor": "C1", "visibility": "team"},
    ]
    result.save()
    html = staff_client.get(url("after", game.pk)).content.decode()
    table = BeautifulSoup(html, "html.parser").select_one("table.zo-hints")
    assert table is not None
    assert [th.get_text(strip=True) for th in table.select("thead th")] == [
        "tým",
        "loď",
        "mapa nalezená na",
        "nápověda získaná na",
        "poklad leží směrem",
    ]
    assert [[td.get_text(strip=True) for td in tr.select("td")] for tr in table.select("tbody tr")] == [
        [team, "Loď 1", "D3", "Z2", "SSV (mezi S a SV)"]
    ]
