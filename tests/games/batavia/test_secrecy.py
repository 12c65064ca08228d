"""Hidden information stays hidden.

The strongest check: two games that differ only in what a page must not show (another team's hand,
the deck order) must render *exactly the same* page. Plus direct checks that hands, bills and the
deck never appear where they must not, attributes included, and that each handout sheet carries
only its own team's link.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.batavia import services
from games.batavia.engine import Bid, Pass
from games.batavia.models import BataviaSession
from games.batavia.pages.team_links import link_sheets

PLAYERS = ["Červení", "Modří", "Zelení", "Žlutí"]


def normalise(html: str) -> str:
    """The page without what changes with every render or every import (CSRF token, version)."""
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r'"X-CSRFToken": "[^"]+"', "", html)
    html = re.sub(r"\?v=\d+", "", html)
    html = re.sub(r'data-version="\d+"', "", html)
    html = re.sub(r'name="v" value="\d+"', "", html)
    return html


def deck_with_hands(hands: list[list[str]], rest: list[str]) -> list[str]:
    deck = [c for hand in hands for c in hand] + rest
    assert sorted(deck) == sorted([c for c in ("EN", "DK", "FR", "NL", "SE") for _ in range(22)])
    return deck


def base_cards() -> tuple[list[list[str]], list[str]]:
    """Distinctive hands: Červení 10 EN, Modří 10 DK, Zelení 10 FR, Žlutí 10 NL; the rest in a fixed order."""
    hands = [["EN"] * 10, ["DK"] * 10, ["FR"] * 10, ["NL"] * 10]
    rest = ["EN"] * 12 + ["DK"] * 12 + ["FR"] * 12 + ["NL"] * 12 + ["SE"] * 22
    return hands, rest


def record_for(session: BataviaSession, deck: list[str]) -> dict[str, Any]:
    record = dict(session.record)
    record["deck"] = deck
    record["actions"] = [{"by": "Červení", "roll": 3}]  # the lot: the top 3 of the rest (3 EN)
    return record


@pytest.fixture
def variants(session: BataviaSession) -> dict[str, dict[str, Any]]:
    hands, rest = base_cards()
    a = record_for(session, deck_with_hands(hands, rest))
    # B: Zelení's hand differs (5 FR swapped for 5 SE from deep in the deck); the deck's bottom order too
    hands_b = [hands[0], hands[1], ["FR"] * 5 + ["SE"] * 5, hands[3]]
    rest_b = rest[:12] + ["DK"] * 12 + ["FR"] * 17 + ["NL"] * 12 + ["SE"] * 17
    rest_b = rest_b[:12] + list(reversed(rest_b[12:]))
    b = record_for(session, deck_with_hands(hands_b, rest_b))
    # C: Modří's hand differs (the team whose page we compare in the other test)
    hands_c = [hands[0], ["DK"] * 5 + ["SE"] * 5, hands[2], hands[3]]
    rest_c = rest[:12] + ["DK"] * 17 + ["FR"] * 12 + ["NL"] * 12 + ["SE"] * 17
    c = record_for(session, deck_with_hands(hands_c, rest_c))
    return {"a": a, "b": b, "c": c}


def render_as(
    session: BataviaSession, record: dict[str, Any], client: Client, staff: Client
) -> dict[str, str]:
    services.record_import(session=session, data=record)
    session.refresh_from_db()
    pages = {}
    for s in session.seats.all():
        pages[s.team.name] = client.get(reverse("batavia:team", args=[s.token])).content.decode()
    pages["table"] = staff.get(
        reverse("admin:batavia_bataviasession_table", args=[session.pk])
    ).content.decode()
    return pages


def test_another_teams_hand_and_the_deck_order_change_nothing_on_a_page(
    session: BataviaSession, variants: dict[str, dict[str, Any]], client: Client, staff: Client
) -> None:
    a = render_as(session, variants["a"], client, staff)
    b = render_as(session, variants["b"], client, staff)
    # Zelení's hand and the deck differ between A and B: every other page is identical
    for page in ("Červení", "Modří", "Žlutí", "table"):
        assert normalise(a[page]) == normalise(b[page]), page
    assert normalise(a["Zelení"]) != normalise(b["Zelení"])  # the test can see a difference
    c = render_as(session, variants["c"], client, staff)
    for page in ("Červení", "Zelení", "Žlutí", "table"):
        assert normalise(a[page]) == normalise(c[page]), page


def test_bills_stay_private_after_an_auction(
    session: BataviaSession, variants: dict[str, dict[str, Any]], client: Client, staff: Client
) -> None:
    services.record_import(session=session, data=variants["a"])
    services.session_act(session=session, seat=1, action=Bid(7))  # Modří: 15 - 7 = 8 bills
    for number in (2, 3, 0):
        services.session_act(session=session, seat=number, action=Pass())
    session.refresh_from_db()
    seats = {s.team.name: s for s in session.seats.all()}
    modri = client.get(reverse("batavia:team", args=[seats["Modří"].token])).content.decode()
    assert re.search(r"Vaše směnky: <strong>8</strong>", modri)
    for name in ("Červení", "Zelení", "Žlutí"):
        other = client.get(reverse("batavia:team", args=[seats[name].token])).content.decode()
        assert "Vaše směnky: <strong>8</strong>" not in other
        assert "bt-hand-cell" not in other and "směnky (tajné)" not in other
    table = staff.get(reverse("admin:batavia_bataviasession_table", args=[session.pk])).content.decode()
    assert "Vaše směnky" not in table and "bt-cards" not in table and "bt-hand-cell" not in table
    assert ">směnky<" not in table  # no bills column before the end


def test_the_team_page_shows_its_own_hand_only(
    session: BataviaSession, variants: dict[str, dict[str, Any]], client: Client
) -> None:
    services.record_import(session=session, data=variants["a"])
    seats = {s.team.name: s for s in session.seats.all()}
    page = client.get(reverse("batavia:team", args=[seats["Modří"].token])).content.decode()
    cards = re.findall(r'<span class="bt-card-code">(\w+)</span><span class="bt-card-n">(\d+)</span>', page)
    assert cards == [("EN", "0"), ("DK", "10"), ("FR", "0"), ("NL", "0"), ("SE", "0")]
    assert page.count('class="bt-card-n"') == 5
    for other in ("Červení", "Zelení", "Žlutí"):
        assert seats[other].token not in page  # never another team's link


def test_the_table_never_shows_hands_bills_or_the_deck(
    session: BataviaSession, variants: dict[str, dict[str, Any]], staff: Client
) -> None:
    services.record_import(session=session, data=variants["a"])
    table = staff.get(reverse("admin:batavia_bataviasession_table", args=[session.pk])).content.decode()
    for s in session.seats.all():
        assert s.token not in table
    assert "bt-card-n" not in table and 'name="count-' not in table
    assert '"deck"' not in table and "10× DK" not in table and "10× FR" not in table


def test_each_link_sheet_has_only_its_own_link(session: BataviaSession, staff: Client, rf: Any) -> None:
    request = rf.get("/")
    pages = link_sheets(request, session)
    tokens = {s.team.name: s.token for s in session.seats.all()}
    assert [p.team for p in pages] == PLAYERS
    for page in pages:
        fields = " ".join([page.team, page.url, page.title, page.subtitle, page.footer, *page.lines])
        assert page.url == f"http://testserver/batavia/t/{tokens[page.team]}/"
        assert [t for t in tokens.values() if t in fields] == [tokens[page.team]]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) not installed")
def test_the_pdf_pages_carry_their_own_link(session: BataviaSession, staff: Client, tmp_path: Any) -> None:
    response = staff.get(reverse("admin:batavia_bataviasession_handout", args=[session.pk]))
    path = tmp_path / "h.pdf"
    path.write_bytes(response.content)
    seats = list(session.seats.select_related("team").order_by("number"))
    for page, seat in enumerate(seats, start=1):
        out = subprocess.run(
            ["pdftotext", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.replace("\n", "")
        assert seat.team.name in out
        assert seat.token in out
        for other in seats:
            if other != seat:
                assert other.token not in out and other.team.name not in out.split("Batavia")[0]
