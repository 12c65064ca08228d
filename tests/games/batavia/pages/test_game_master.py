"""The game master's page and its forms (:mod:`games.batavia.pages.game_master`): what it shows and
to whom, the hot seat, start/undo/bots/finish and the seats; every bad post gives a message and
changes nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from camp.models import Placement
from games.batavia.models import BataviaSession
from tests.games.batavia.html import texts
from tests.games.batavia.pages.helpers import HX, frozen, seat, text, url


def test_master_page_shows_everything(staff: Client, session: BataviaSession) -> None:
    body = text(staff.get(url("master", session)))
    for s in session.seats.all():
        assert s.token in body  # the links
    assert "ruka (tajné)" in body and "Tah za tým Modří" in body
    assert staff.get(url("master", session), {"v": str(session.version)}, **HX).status_code == 204


def test_view_only_staff_never_get_the_team_links(session: BataviaSession, django_user_model: Any) -> None:
    """A link lets its holder play as the team: staff who may only look see neither links nor
    sheets; nor, since issue 31, staff who may change the game without the team links' permission
    (``camp.see_team_links``, the roles Vedoucí and Hlavní vedoucí)."""
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user(username="pozorovatel", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_bataviasession"))
    client = Client()
    client.force_login(viewer)
    renew = {"seat_id": seat(session, 1).pk, "op": "renew"}
    assert client.post(url("seat", session), renew).status_code == 403
    for added in ("change_bataviasession", None):
        response = client.get(url("master", session))
        assert response.status_code == 200
        body = text(response)
        assert "odkazy vidí jen vedoucí s oprávněním vidět odkazy týmů" in body
        for s in session.seats.all():
            assert s.token not in body
        assert url("handout", session) not in body
        assert client.get(url("handout", session)).status_code == 403
        if added:
            viewer.user_permissions.add(Permission.objects.get(codename=added))
            client.force_login(django_user_model.objects.get(pk=viewer.pk))
    viewer.user_permissions.add(Permission.objects.get(codename="see_team_links"))
    client.force_login(django_user_model.objects.get(pk=viewer.pk))
    body = text(client.get(url("master", session)))
    assert all(s.token in body for s in session.seats.all())
    assert client.get(url("handout", session)).status_code == 200


def test_hot_seat_acts_for_the_player_to_act(staff: Client, session: BataviaSession) -> None:
    response = staff.post(
        url("act", session), {"seat": "1", "kind": "bid", "amount": "2", "v": session.version}
    )
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 2}


@pytest.mark.parametrize(
    "data",
    [
        {"seat": "3", "kind": "pass"},
        {"seat": "9", "kind": "pass"},
        {"seat": "abc", "kind": "pass"},
        {"seat": "²", "kind": "pass"},  # str.isdigit() says yes, int() says no
        {"seat": "", "kind": "pass"},
        {"seat": "1", "kind": "bid", "amount": "x"},
        {"seat": "1", "kind": "roll"},
        {"seat": "1", "kind": "pass", "v": "0"},
    ],
)
def test_bad_hot_seat_posts_change_nothing(
    staff: Client, session: BataviaSession, data: dict[str, str]
) -> None:
    before = frozen(session)
    response = staff.post(url("act", session), data)
    assert response.status_code == 200 and "Nic se nezměnilo" in text(response)
    assert frozen(session) == before


@pytest.mark.parametrize(
    ("endpoint", "data"),
    [
        ("op", {"op": "explode"}),
        ("op", {"op": "undo"}),  # nothing to undo yet
        ("op", {"op": "finish"}),  # not over yet
        ("op", {"op": "start"}),  # already started
        ("op", {}),
        ("seat", {"op": "bot", "seat_id": "999999", "bot": "greedy"}),
        ("seat", {"op": "bot", "seat_id": "abc"}),
        ("seat", {"op": "bot", "seat_id": "²", "bot": "greedy"}),  # isdigit() yes, int() no
        ("seat", {"op": "fly", "seat_id": "SEAT"}),
        ("import", {"record_text": "{not json"}),
        ("import", {"record_text": json.dumps({"format": "batavia/1"})}),
        ("import", {"record_text": json.dumps([1, 2, 3])}),
        ("import", {}),
    ],
)
def test_bad_staff_posts_change_nothing(
    staff: Client, session: BataviaSession, endpoint: str, data: dict[str, str]
) -> None:
    if data.get("seat_id") == "SEAT":
        data = {**data, "seat_id": str(seat(session, 0).pk)}
    if data.get("op") == "bot" and data.get("seat_id") == "abc":
        data = {**data, "bot": "nonsense"}
    before = frozen(session)
    response = staff.post(url(endpoint, session), data, follow=True)
    assert response.status_code == 200
    [error] = texts(response.content, "li", class_="error")  # the admin's message list
    assert len(error) > 10, error
    assert frozen(session) == before


def test_bad_bot_kind_is_refused(staff: Client, session: BataviaSession) -> None:
    before = frozen(session)
    response = staff.post(
        url("seat", session), {"op": "bot", "seat_id": seat(session, 1).pk, "bot": "skynet"}, follow=True
    )
    assert "Neznámý druh hráče" in text(response)
    assert frozen(session) == before


def test_undo_bots_revoke_renew_from_the_master_page(staff: Client, session: BataviaSession) -> None:
    staff.post(url("act", session), {"seat": "1", "kind": "pass"})
    staff.post(url("op", session), {"op": "undo", "confirm": "1"})
    session.refresh_from_db()
    assert [a for a in session.record["actions"] if "roll" not in a] == []
    modri = seat(session, 1)
    staff.post(url("seat", session), {"op": "revoke", "seat_id": modri.pk, "confirm": "1"})
    modri.refresh_from_db()
    assert not modri.link_active
    staff.post(url("seat", session), {"op": "renew", "seat_id": modri.pk})
    modri.refresh_from_db()
    assert modri.link_active
    for s in session.seats.all():
        staff.post(url("seat", session), {"op": "bot", "seat_id": s.pk, "bot": "greedy"})
    session.refresh_from_db()
    assert session.status == "finished"
    response = staff.post(url("op", session), {"op": "finish"}, follow=True)
    assert "Umístění zapsána" in text(response)
    assert Placement.objects.count() == 4


def test_undo_and_revoke_ask_first_and_the_undo_button_says_what_it_undoes(
    staff: Client, session: BataviaSession
) -> None:
    """Without the "ano, opravdu" tick (no JavaScript needed) nothing is undone or revoked."""
    staff.post(url("act", session), {"seat": "1", "kind": "pass"})
    page = staff.get(url("master", session))
    soup = BeautifulSoup(page.content.decode(), "html.parser")
    buttons = [str(b["value"]) for b in soup.select("form.bt-confirm input[type=submit]")]
    assert buttons and buttons[0].startswith("Vrátit: ") and "Modří" in buttons[0], buttons
    # The boxes are the page's to check (no "required": no browser bubble in the browser's language)
    assert [box.has_attr("required") for box in soup.select('form.bt-confirm input[name="confirm"]')] == [
        False
    ] * (1 + session.seats.count())
    before = frozen(session)
    response = staff.post(url("op", session), {"op": "undo", "v": str(session.version)})
    assert response.status_code == 400
    soup = BeautifulSoup(response.content.decode(), "html.parser")
    refusal = soup.select_one("#bt-undo-refusal")
    assert refusal is not None
    assert refusal.get_text(strip=True) == "Nejdřív zaškrtněte „ano, opravdu“ u tlačítka: nic nebylo vráceno."
    box = refusal.find_parent("form").select_one('input[name="confirm"]')
    assert box["aria-describedby"] == "bt-undo-refusal"
    assert texts(response.content, "li", class_="error") == []
    assert frozen(session) == before
    session.refresh_from_db()
    assert {"by": "Modří", "pass": True} in session.record["actions"]
    modri = seat(session, 1)
    response = staff.post(url("seat", session), {"op": "revoke", "seat_id": modri.pk})
    assert response.status_code == 400
    soup = BeautifulSoup(response.content.decode(), "html.parser")
    refusal = soup.select_one(f"#bt-revoke-refusal-{modri.pk}")
    assert refusal is not None
    assert refusal.get_text(strip=True) == "Nejdřív zaškrtněte „ano, opravdu“ u tlačítka: odkaz dál funguje."
    box = refusal.find_parent("form").select_one('input[name="confirm"]')
    assert box["aria-describedby"] == f"bt-revoke-refusal-{modri.pk}"
    assert len(soup.select("[id^=bt-revoke-refusal-]")) == 1  # next to that seat's box only
    assert frozen(session) == before
    modri.refresh_from_db()
    assert modri.link_active
