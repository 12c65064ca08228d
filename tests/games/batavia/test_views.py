"""The Batavia pages: access, the table and its fragment, the team page by link, every form with
bad input (a message, nothing changed, never a 500), the calculator, export and import."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from camp.models import MiniGame, Placement, Round, Team
from games.batavia import selectors, services
from games.batavia.engine.rules import score
from games.batavia.models import BataviaSeat, BataviaSession, SessionMode

from .html import rows, texts

HX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, session: BataviaSession) -> str:
    return reverse(f"admin:batavia_bataviasession_{name}", args=[session.pk])


def team_url(seat: BataviaSeat) -> str:
    return reverse("batavia:team", args=[seat.token])


def seat(session: BataviaSession, number: int) -> BataviaSeat:
    return session.seats.select_related("team").get(number=number)


def frozen(session: BataviaSession) -> tuple[Any, ...]:
    row = BataviaSession.objects.get(pk=session.pk)
    seats = list(BataviaSeat.objects.order_by("pk").values_list("token", "token_revoked_at", "bot", "number"))
    return row.record, row.version, row.status, seats, list(Placement.objects.values_list("team_id", "rank"))


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


# ------------------------------------------------------------------------------------------ access


def test_staff_pages_need_a_login(client: Client, session: BataviaSession, round1: Round) -> None:
    urls = [url(n, session) for n in ("master", "table", "export", "handout", "calculator")]
    urls.append(reverse("admin:batavia_bataviasession_round", args=[round1.pk]))
    for u in urls:
        response = client.get(u)
        assert response.status_code == 302 and response["Location"].startswith(reverse("admin:login")), u
    before = frozen(session)
    for name in ("act", "op", "seat", "import", "check"):
        response = client.post(url(name, session), {"op": "undo", "kind": "pass", "seat": "1"})
        assert response.status_code == 302
    assert frozen(session) == before


def test_the_change_page_redirects_to_the_master_page(staff: Client, session: BataviaSession) -> None:
    change = reverse("admin:batavia_bataviasession_change", args=[session.pk])
    assert staff.get(change)["Location"] == url("master", session)
    for junk in ("abc", "²"):  # "²": str.isdigit() says yes, but it is no id (was a 500)
        assert staff.get(change.replace(str(session.pk), junk)).status_code == 404


def test_round_page_creates_then_opens_the_game(staff: Client, round1: Round, minigame: MiniGame) -> None:
    page = reverse("admin:batavia_bataviasession_round", args=[round1.pk])
    response = staff.get(page)
    assert response.status_code == 200 and "Nová hra Batavia" in text(response)
    response = staff.post(page, {"mode": "digital", "team": []})  # no team ticked
    assert response.status_code == 200 and "Nic nebylo vytvořeno" in text(response)
    assert not BataviaSession.objects.exists()
    response = staff.post(page, {"mode": "digital", "team": [t.pk for t in Team.objects.all()]})
    session = BataviaSession.objects.get()
    assert response.status_code == 302 and response["Location"] == url("master", session)
    assert staff.get(page)["Location"] == url("master", session)
    # the round's page links to it
    assert page in staff.get(reverse("admin:camp_round_change", args=[round1.pk])).content.decode()


def test_round_page_of_an_outdoor_round(staff: Client, round1: Round) -> None:
    from camp import services as camp_services

    camp_services.minigame_record(round=round1, name="Přetahovaná", kind="outdoor")
    page = reverse("admin:batavia_bataviasession_round", args=[round1.pk])
    assert "není Batavia" in text(staff.get(page))
    staff.post(page, {"mode": "digital", "team": [t.pk for t in Team.objects.all()]})
    assert not BataviaSession.objects.exists()


def test_the_admin_home_shows_the_batavia_step(staff: Client, session: BataviaSession) -> None:
    body = text(staff.get(reverse("admin:index")))
    assert "Batavia: odehrát hru a zapsat umístění" in body


# ------------------------------------------------------------------------------------------- table


def test_table_page_and_its_fragment(staff: Client, session: BataviaSession) -> None:
    response = staff.get(url("table", session))
    body = text(response)
    assert response.status_code == 200
    assert "Dražba" in body and "Dělo" in body and "Burzy" in body and "Modří" in body
    assert "<html" in body and 'hx-trigger="every' in body
    same = staff.get(url("table", session), {"v": str(session.version)}, **HX)
    assert same.status_code == 204  # unchanged: nothing redrawn
    services.session_act(
        session=session, seat=1, action=__import__("games.batavia.engine", fromlist=["Pass"]).Pass()
    )
    changed = staff.get(url("table", session), {"v": "1"}, **HX)
    assert changed.status_code == 200
    assert "<html" not in changed.content.decode() and 'id="bt-table"' in changed.content.decode()
    # the public log in Czech: the round, the auctioneer's roll, then Modří's pass
    entries = {
        kind: texts(changed.content, "li", class_=f"bt-ev-{kind}") for kind in ("round", "roll", "pass")
    }
    assert entries["round"] == ["1. Kolo 1: dražbu vede tým Červení."]
    assert [e.partition(" kostkou ")[0] for e in entries["roll"]] == ["1. Červení: hod"]
    assert entries["pass"] == ["1. Modří: pas."]


def test_master_page_shows_everything(staff: Client, session: BataviaSession) -> None:
    body = text(staff.get(url("master", session)))
    for s in session.seats.all():
        assert s.token in body  # the links
    assert "ruka (tajné)" in body and "Tah za tým Modří" in body
    assert staff.get(url("master", session), {"v": str(session.version)}, **HX).status_code == 204


def test_view_only_staff_never_get_the_team_links(session: BataviaSession, django_user_model: Any) -> None:
    """A link lets its holder play as the team: staff who may only look see neither links nor sheets."""
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user(username="pozorovatel", password="x", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_bataviasession"))
    client = Client()
    client.force_login(viewer)
    response = client.get(url("master", session))
    assert response.status_code == 200
    body = text(response)
    assert "odkazy vidí jen vedoucí, kteří smějí hru měnit" in body
    for s in session.seats.all():
        assert s.token not in body
    assert url("handout", session) not in body
    assert client.get(url("handout", session)).status_code == 403
    renew = {"seat_id": seat(session, 1).pk, "op": "renew"}
    assert client.post(url("seat", session), renew).status_code == 403


def test_the_game_list_names_each_game_once(staff: Client, session: BataviaSession) -> None:
    """The round, then the mini-game's name; "Batavia" is added only when that name lacks it."""
    minigame = session.minigame
    assert str(session) == "1. herní kolo – Batavia v jídelně"
    body = text(staff.get("/admin/batavia/bataviasession/"))
    assert "1. herní kolo – Batavia v jídelně" in body and "Batavia – Batavia" not in body
    minigame.name = "Batavia"
    minigame.save()
    session.refresh_from_db()
    assert str(session) == "1. herní kolo – Batavia"
    body = text(staff.get("/admin/batavia/bataviasession/"))
    assert "1. herní kolo – Batavia</a>" in body and "Batavia – Batavia" not in body
    minigame.name = "Deštivý den"
    minigame.save()
    session.refresh_from_db()
    assert str(session) == "1. herní kolo – Deštivý den (Batavia)"


def test_no_admin_list_filters_on_a_token(session: BataviaSession, django_user_model: Any) -> None:
    """The admin lets a URL filter on a model's own fields: ``?token__gte=…`` and the list's count
    would spell out a team's link to anyone who may view seats. Refused (400), like the lookups
    through a relation that Django refuses by itself."""
    from django.contrib.auth.models import Permission

    viewer = django_user_model.objects.create_user(username="pozorovatel", password="x", is_staff=True)
    viewer.user_permissions.add(*Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(viewer)
    assert client.get("/admin/batavia/bataviaseat/").status_code == 200
    assert client.get("/admin/batavia/bataviaseat/", {"bot": ""}).status_code == 200
    token = seat(session, 1).token
    for lookup in ("token", "token__gte", "token__startswith", "token__exact"):
        assert client.get("/admin/batavia/bataviaseat/", {lookup: token[:3]}).status_code == 400
    assert client.get("/admin/batavia/bataviasession/", {"seats__token__gte": "a"}).status_code == 400
    assert client.get("/admin/camp/team/", {"batavia_seats__token__gte": "a"}).status_code == 400


# -------------------------------------------------------------------------------------- team page


def test_team_page_valid_revoked_unknown(client: Client, session: BataviaSession) -> None:
    modri = seat(session, 1)
    response = client.get(team_url(modri))
    assert response.status_code == 200
    body = text(response)
    assert "Jste na tahu" in body and "Přihodit" in body and "Pas (vystoupit z dražby)" in body
    assert 'min="1"' in body and 'max="15"' in body
    waiting = text(client.get(team_url(seat(session, 2))))
    assert "Čeká se na tým Modří" in waiting and "Přihodit" not in waiting
    services.token_revoke(seat=modri)
    response = client.get(team_url(modri))
    assert response.status_code == 404 and "Tento odkaz nefunguje" in text(response)
    assert client.post(team_url(modri), {"kind": "pass"}).status_code == 404
    response = client.get(reverse("batavia:team", args=["x" * 43]))
    assert response.status_code == 404 and "Tento odkaz nefunguje" in text(response)
    assert client.get(reverse("batavia:team", args=["a" * 500])).status_code == 404


def test_the_team_header_reads_on_a_light_colour(client: Client, session: BataviaSession) -> None:
    """The name on the team's colour is black on yellow (Žlutí), white on deep red (Červení)."""
    yellow = text(client.get(team_url(seat(session, 3))))
    assert 'class="bt-phone-top" style="--team:#f1c40f;--ink:#000"' in yellow
    red = text(client.get(team_url(seat(session, 0))))
    assert 'class="bt-phone-top" style="--team:#c0392b;--ink:#fff"' in red


def test_team_page_in_english(client: Client, session: BataviaSession) -> None:
    body = text(client.get("/en" + team_url(seat(session, 1))))
    assert "Your turn" in body and "Pass (leave this auction)" in body


def test_team_page_poll_answers_204_while_nothing_changes(client: Client, session: BataviaSession) -> None:
    page = team_url(seat(session, 2))
    assert client.get(page, {"v": str(session.version)}, **HX).status_code == 204
    response = client.get(page, {"v": "0"}, **HX)
    assert response.status_code == 200 and 'id="bt-live"' in response.content.decode()
    assert "<html" not in response.content.decode()


def test_team_bids_then_passes(client: Client, session: BataviaSession) -> None:
    response = client.post(team_url(seat(session, 1)), {"kind": "bid", "amount": "3", "v": session.version})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 3}
    response = client.get(response["Location"])
    assert "Hotovo" in text(response)


BAD_TEAM_POSTS = [
    {"kind": "bid", "amount": "abc"},
    {"kind": "bid", "amount": ""},
    {"kind": "bid", "amount": "-1"},
    {"kind": "bid", "amount": "0"},
    {"kind": "bid", "amount": "16"},
    {"kind": "bid", "amount": "99999999999999999999"},
    {"kind": "bid", "amount": "٣"},
    {"kind": "bid"},
    {"kind": "hack"},
    {},
    {"kind": "draw"},
    {"kind": "play", "count-EN": "1", "move": "EN"},
    {"kind": "play", "count-EN": "x", "move": "EN"},
    {"kind": "play", "count-EN": "1", "move": "XX"},
    {"kind": "play", "count-EN": "1", "move": "EN", "cash_in": "2"},
    {"kind": "bid", "amount": "2", "v": "0"},  # stale page
]


@pytest.mark.parametrize("data", BAD_TEAM_POSTS)
def test_bad_team_posts_change_nothing(client: Client, session: BataviaSession, data: dict[str, str]) -> None:
    before = frozen(session)
    response = client.post(team_url(seat(session, 1)), data)
    assert response.status_code == 200
    [alert] = texts(response.content, "p", class_="bt-error", role="alert")
    assert alert.startswith("Nic se nezměnilo. ") and len(alert) > len("Nic se nezměnilo. ") + 10, alert
    assert frozen(session) == before


def test_a_team_cannot_act_out_of_turn(client: Client, session: BataviaSession) -> None:
    before = frozen(session)
    response = client.post(team_url(seat(session, 2)), {"kind": "bid", "amount": "2"})
    assert "Nejste na tahu" in text(response)
    assert frozen(session) == before


@pytest.mark.parametrize("version", ["²", "abc", "-1", "9" * 30])
def test_an_unreadable_version_is_a_stale_page(client: Client, session: BataviaSession, version: str) -> None:
    """A version that is none (“²” passes str.isdigit() but not int(); 30 digits) matches no game:
    the action is refused as from an old page, never a 500, nothing changes."""
    before = frozen(session)
    response = client.post(team_url(seat(session, 1)), {"kind": "bid", "amount": "2", "v": version})
    assert response.status_code == 200 and "Od načtení stránky se hra posunula" in text(response)
    assert frozen(session) == before
    # Without any version the bid is taken (no staleness check).
    client.post(team_url(seat(session, 1)), {"kind": "bid", "amount": "2"})
    assert frozen(session) != before


def to_turns(session: BataviaSession) -> None:
    """Everyone passes: seat 0 (Červení) starts the turns."""
    from games.batavia.engine import Pass

    for number in (1, 2, 3, 0):
        services.session_act(session=session, seat=number, action=Pass())
    session.refresh_from_db()


def test_team_plays_cards_with_the_live_check(client: Client, session: BataviaSession) -> None:
    to_turns(session)
    cerveni = seat(session, 0)
    state = selectors.session_state(session)
    hand = dict(zip("EN DK FR NL SE".split(), state.players[0].hand, strict=True))
    company = max(hand, key=lambda c: hand[c])
    page = text(client.get(team_url(cerveni)))
    assert "Dobrat 2 karty" in page and "Nebo vyložte karty" in page
    before = frozen(session)
    check = reverse("batavia:team_check", args=[cerveni.token])
    response = client.post(check, {f"count-{company}": "1"}, **HX)
    body = text(response)
    assert response.status_code == 200 and "<html" not in body
    assert f'name="move" value="{company}"' in body and "Vyložit karty a táhnout" in body
    assert "vyměnit po jedné destičce" in body  # the first tile: cashing in is offered
    too_many = text(client.post(check, {f"count-{company}": str(hand[company] + 1)}, **HX))
    assert "máte v ruce jen" in too_many and 'name="move"' not in too_many
    assert "není celé číslo" in text(client.post(check, {"count-EN": "abc"}, **HX))
    assert frozen(session) == before  # the live check writes nothing
    before_version = session.version
    response = client.post(
        team_url(cerveni),
        {"kind": "play", f"count-{company}": "1", "move": company, "cash_in": "0", "v": session.version},
    )
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.version == before_version + 1
    assert session.record["actions"][-1]["play"] == {company: 1}


def test_team_draws(client: Client, session: BataviaSession) -> None:
    to_turns(session)
    response = client.post(team_url(seat(session, 0)), {"kind": "draw", "v": session.version})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Červení", "draw": True}


def test_a_finished_game_shows_the_final_score_not_the_gold(client: Client, session: BataviaSession) -> None:
    """During the game the hand line shows the gold cashed in so far; after it, that is only one
    part of the final score, so the page shows the score, its parts and the place instead."""
    during = text(client.get(team_url(seat(session, 1))))
    assert "zlaté: <strong>0</strong>" in during and "Vaše konečné skóre" not in during
    for s in session.seats.all():
        services.seat_set_bot(seat=s, bot="greedy")
    session.refresh_from_db()
    assert session.status == "finished"
    state = selectors.session_state(session)
    assert state is not None
    scores = dict(zip(state.names, score(state), strict=True))
    for s in session.seats.select_related("team"):
        body = text(client.get(team_url(s)))
        mine = scores[s.team.name]
        assert f"Vaše konečné skóre: <strong>{mine.total}</strong>" in body, s.team.name
        assert (
            f"výměny {mine.cashed} + burzy {mine.exchanges} + směnky {mine.bills} + cíl {mine.goal}"
            f" + pečeti {mine.seals}" in body
        )
        assert re.search(r"\(\d\. místo\)", body)
        assert "zlaté: <strong>" not in body  # the running gold line is gone


# ------------------------------------------------------------------------------- game master forms


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
    staff.post(url("op", session), {"op": "undo"})
    session.refresh_from_db()
    assert [a for a in session.record["actions"] if "roll" not in a] == []
    modri = seat(session, 1)
    staff.post(url("seat", session), {"op": "revoke", "seat_id": modri.pk})
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


def test_export_and_import_round_trip(staff: Client, session: BataviaSession) -> None:
    services.session_act(
        session=session, seat=1, action=__import__("games.batavia.engine", fromlist=["Bid"]).Bid(4)
    )
    response = staff.get(url("export", session))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    data = json.loads(response.content)
    assert data["format"] == "batavia/1" and data["actions"][-1] == {"by": "Modří", "bid": 4}
    staff.post(url("op", session), {"op": "undo"})
    upload = SimpleUploadedFile("record.json", response.content, content_type="application/json")
    response = staff.post(url("import", session), {"record": upload}, follow=True)
    assert "Záznam byl nahrán" in text(response)
    session.refresh_from_db()
    assert session.record["actions"][-1] == {"by": "Modří", "bid": 4}


def test_handout_pdf(staff: Client, session: BataviaSession) -> None:
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


def test_handout_for_a_loopback_address_is_printed_with_a_warning(
    staff: Client, session: BataviaSession
) -> None:
    for base in ("http://127.0.0.1:8000", "127.0.0.5:8000", "localhost"):
        response = staff.get(url("handout", session), {"base": base})
        assert response.status_code == 200 and response.content.startswith(b"%PDF")
        assert PRINTED_WARNING in text(staff.get(url("master", session))), base
    staff.get(url("handout", session), {"base": "http://192.168.1.10:8000"})
    assert PRINTED_WARNING not in text(staff.get(url("master", session)))


def test_handout_address_without_http_gets_it(staff: Client, session: BataviaSession) -> None:
    from games.batavia.admin import is_loopback, phone_base

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


# ------------------------------------------------------------------------------------- calculator


@pytest.fixture
def physical(minigame: MiniGame) -> BataviaSession:
    return services.session_create(minigame=minigame, mode=SessionMode.PHYSICAL)


def calc_data(**extra: str) -> dict[str, str]:
    data = {f"p{i}-bills": b for i, b in enumerate(["20", "15", "15", "10"])}
    data.update(
        {"p0-tea": "1", "p0-cashed": "6", "p1-cashed": "15", "seal-DK": "1", "goal": "1", "p2-pepper": "1"}
    )
    data.update({"p3-cashed": "3"})
    data.update(extra)
    return data


def test_calculator_live_preview_then_save(
    staff: Client, physical: BataviaSession, teams: list[Team]
) -> None:
    page = url("calculator", physical)
    assert staff.get(page).status_code == 200
    preview = staff.post(page, calc_data(), **HX)
    body = text(preview)
    assert preview.status_code == 200 and "<html" not in body
    # place, player, cashed in, exchanges, bills, goal, seals, total: the tea and pepper crates are
    # majorities (10 and 16), the most bills 5, the goal 4, a seal 2; equal totals share a place
    assert rows(preview.content, "zo-table") == [
        ["1.", "Červení", "6", "10", "5", "0", "0", "21"],
        ["1.", "Modří", "15", "0", "0", "4", "2", "21"],
        ["3.", "Zelení", "0", "16", "0", "0", "0", "16"],
        ["4.", "Žlutí", "3", "0", "0", "0", "0", "3"],
    ]
    assert not Placement.objects.exists()  # the preview stores nothing
    response = staff.post(page, {**calc_data(), "save": "1"})
    assert response.status_code == 302
    stored = dict(Placement.objects.values_list("team_id", "rank"))
    assert stored == {teams[0].pk: 1, teams[1].pk: 1, teams[2].pk: 3, teams[3].pk: 4}
    assert texts(staff.get(page).content, "input", name="p0-bills") == ["20"]  # the input is shown again


@pytest.mark.parametrize(
    "extra",
    [
        {"p0-bills": ""},
        {"p0-bills": "abc"},
        {"p0-bills": "-3"},
        {"p0-tea": "9"},
        {"p1-tea": "3", "p2-tea": "3"},  # 7 crates on a 5-field exchange
        {"p0-cashed": "1e9"},
        {**{f"p0-{g}": "2" for g in ("tea", "cotton", "porcelain", "silk", "ginger", "nutmeg", "pepper")}},
    ],
)
def test_calculator_bad_input_saves_nothing(
    staff: Client, physical: BataviaSession, extra: dict[str, str]
) -> None:
    before = frozen(physical)
    response = staff.post(url("calculator", physical), {**calc_data(**extra), "save": "1"})
    assert response.status_code == 200 and "Nic nebylo uloženo" in text(response)
    assert frozen(physical) == before


def test_calculator_names_every_problem_of_every_player_at_once(
    staff: Client, physical: BataviaSession
) -> None:
    before = frozen(physical)
    bad = {
        "p0-tea": "x",
        "p0-silk": "9",
        "p0-bills": "",
        "p0-cashed": "-1",
        "p2-bills": "abc",
        "p2-pepper": "7",
    }
    response = staff.post(url("calculator", physical), {**calc_data(**bad), "save": "1"})
    body = text(response)
    assert response.status_code == 200 and "Nic nebylo uloženo" in body
    for field in (
        "Červení – čaj",
        "Červení – hedvábí",
        "Červení – směnky",
        "Červení – zlaté z výměny",
        "Zelení – směnky",
    ):
        assert field in body, field
    assert "Zelení – pepř" in body
    assert frozen(physical) == before
    from games.batavia.forms import CalculatorRow, parse_calculator

    rows = [
        CalculatorRow(crates=["a", "b"] + ["0"] * 5, bills="", seals=[], goal=False, cashed="x")
        for _ in range(2)
    ]
    players, problems = parse_calculator(rows, ["A", "B"])
    assert players is None and len(problems) == 8
    assert [len(r.problems) for r in rows] == [4, 4]


def test_calculator_ignores_tampered_radio_values(staff: Client, physical: BataviaSession) -> None:
    response = staff.post(url("calculator", physical), calc_data(**{"seal-EN": "77", "goal": "x"}), **HX)
    assert response.status_code == 200


def test_the_round_page_keeps_a_batavia_minigame_with_a_game(staff: Client, session: BataviaSession) -> None:
    """Another kind would orphan the recorded game: the round's mini-game inline refuses it with
    the reason; the name still changes."""
    minigame = session.minigame
    url = reverse("admin:camp_round_change", args=[minigame.round_id])
    data = {
        "date": "",
        "minigame-TOTAL_FORMS": "1",
        "minigame-INITIAL_FORMS": "1",
        "minigame-MIN_NUM_FORMS": "0",
        "minigame-MAX_NUM_FORMS": "1",
        "minigame-0-id": str(minigame.pk),
        "minigame-0-round": str(minigame.round_id),
        "minigame-0-name": minigame.name,
        "minigame-0-kind": "indoor",
        "minigame-0-notes": "",
        "placements-TOTAL_FORMS": "0",
        "placements-INITIAL_FORMS": "0",
        "placements-MIN_NUM_FORMS": "0",
        "placements-MAX_NUM_FORMS": "1000",
    }
    response = staff.post(url, data)
    assert response.status_code == 200
    assert "K této minihře je zapsaná hra Batavia: musí zůstat hrou Batavia." in response.content.decode()
    assert MiniGame.objects.get(pk=minigame.pk).kind == "batavia"
    response = staff.post(url, {**data, "minigame-0-kind": "batavia", "minigame-0-name": "Batavia venku"})
    assert response.status_code == 302
    assert MiniGame.objects.get(pk=minigame.pk).name == "Batavia venku"
