"""A team's page by its link (:mod:`games.batavia.pages.team`): valid, revoked, unknown; the poll;
bidding, passing, playing with the live check, drawing; every bad post changes nothing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.batavia import selectors, services
from games.batavia.engine.rules import score
from games.batavia.models import BataviaSession
from tests.games.batavia.html import texts
from tests.games.batavia.pages.helpers import HX, frozen, seat, team_url, text


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
