"""Batavia in the staff admin: every staff page needs a login, the game list and the seats' list
(no filter on a token), the admin home's Batavia step, the round's mini-game kept while it has a game."""

from __future__ import annotations

from typing import Any

from django.test import Client
from django.urls import reverse

from camp.models import MiniGame, Round
from games.batavia.models import BataviaSession
from tests.games.batavia.pages.helpers import frozen, seat, text, url


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


def test_the_admin_home_shows_the_batavia_step(staff: Client, session: BataviaSession) -> None:
    body = text(staff.get(reverse("admin:index")))
    assert "Batavia: odehrát hru a zapsat umístění" in body


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
