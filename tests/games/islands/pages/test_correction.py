"""A correction shows what it changed: after an undo and a new resolution of the same round the
round page lists, per team, what differs on its sheet from the undone resolution, and "Print the
changed sheets" prints only those teams' sheets (and the notice-board sheet when the public board
changed). Nothing of it reaches a public page.

The world: the first team has two cargo ships on one revealed hex next to a revealed treasure; the
orders send one of them to load a chest and come back. Which ship carries the chest is the team's
secret (the hex's chests left are public, the same either way), so a correction that sends the
other ship changes that team's sheet only."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from camp.models import Camp, Round, Team
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.notation import Alphabet, Route
from games.islands.engine.tiles import Tile
from games.islands.models.board import Ship
from games.islands.models.rounds import RoundResult, TeamOrders, UndoneResolution
from games.islands.orders import OrderSheet
from games.islands.printing.changes import sheets_shown
from games.islands.services import rounds as round_services
from tests.browser import CHROMIUM
from tests.games.islands.conftest import harbor_of, opened, place_tile
from tests.games.islands.pages.helpers import url
from tests.pages import errors

OPPOSITE = {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE"}


def _pages(data: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


@pytest.fixture
def world(started: Camp, teams: list[Team]) -> tuple[Round, str]:
    """Round 1 open; the first team's C1 and C2 on a revealed hex beside a revealed treasure of 3
    chests; returns the round and the Czech route there and back."""
    camp = started
    g = geometry(camp.board_side)
    at = g.bay_hexes(harbor_of(teams[0]))[0]
    place_tile(camp, g.label(at), Tile.OPEN_SEA.value, revealed=True)
    way = next(d for d in ("N", "NE", "SE", "S", "SW", "NW") if at.step(d) in g.hexes and at.step(d) != at)
    place_tile(camp, g.label(at.step(way)), Tile.TREASURE.value, chests=3, revealed=True)
    Ship.objects.filter(team=teams[0], ident="C1").update(q=at.q, r=at.r)
    Ship.objects.create(team=teams[0], ident="C2", kind="cargo", q=at.q, r=at.r)
    round_ = opened(camp)
    return round_, Route((way, OPPOSITE[way])).text(Alphabet.CZECH)


def _send(round_: Round, team: Team, ship: str, route: str) -> None:
    stored = TeamOrders.objects.filter(round=round_, team=team).first()
    round_services.orders_submit(
        round=round_,
        team=team,
        sheet=OrderSheet.typed(routes={ship: route}),
        version=stored.version if stored else 0,
    )


def _undo(client: Client, round_: Round) -> None:
    assert client.post(url("undo", round_.pk), {"confirm": "1"}).status_code == 302
    assert not RoundResult.objects.filter(round=round_).exists()


def _public(panel: str) -> str:
    """The panel's list of what every team sees."""
    start = panel.index('id="correction-public"')
    return panel[start : panel.index("</ul>", start)]


def _rows(html: str) -> dict[str, str]:
    """The correction panel's rows: team name (or "notice") -> the row's class."""
    panel = html[html.index('id="correction"') : html.index('id="more"')]

    rows = {
        name: cls
        for cls, name in re.findall(
            r'<li class="(changed|same)" data-team="\d+"><span[^>]*></span><strong>([^<]+)</strong>', panel
        )
    }
    notice = re.search(r'<li class="(changed|same)" id="correction-notice">', panel)
    assert notice is not None
    rows["notice"] = notice.group(1)
    return rows


def test_a_corrected_order_lists_only_that_team_and_prints_only_its_sheets(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    assert dict(Ship.objects.filter(team=teams[0]).values_list("ident", "chests")) == {"C1": 1, "C2": 0}
    _undo(staff_client, round_)
    assert set(UndoneResolution.objects.get(round=round_).shown["teams"]) == {str(t.pk) for t in teams}
    page = staff_client.get(url("page", round_.pk)).content.decode()
    assert 'id="correction"' not in page  # not resolved again yet: nothing to compare with
    _send(round_, teams[0], "C2", there_and_back)  # the mistyped ship corrected
    round_services.round_resolve(round=round_)
    response = staff_client.get(url("page", round_.pk))
    page = response.content.decode()
    assert _rows(page) == {
        teams[0].name: "changed",
        teams[1].name: "same",
        teams[2].name: "same",
        "notice": "same",
    }
    panel = page[page.index('id="correction"') : page.index('id="more"')]
    assert "Loď 1: počet truhel na palubě 0 místo 1" in panel
    assert "Loď 2: počet truhel na palubě 1 místo 0" in panel
    assert panel.count("beze změny, jeho arch platí") == 2
    assert "Na mapě" not in panel  # every ship stands where it stood

    pdf = staff_client.post(url("changed", round_.pk))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    pages = _pages(pdf.content)
    assert len(pages) == 2  # the first team's map sheet and order form, no notice-board sheet
    assert all(text.startswith(teams[0].name) for text in pages)
    assert not any("nástěnka" in text.lower() for text in pages)
    assert RoundResult.objects.get(round=round_).printed_at is not None


def test_a_public_change_lists_every_team_and_prints_the_notice_board_sheet(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    _send(round_, teams[0], "C1", there_and_back.split()[0])  # stays on the treasure
    round_services.round_resolve(round=round_)
    page = staff_client.get(url("page", round_.pk)).content.decode()
    assert _rows(page) == {t.name: "changed" for t in teams} | {"notice": "changed"}
    c1 = Ship.objects.get(team=teams[0], ident="C1")
    treasure = geometry(round_.camp.board_side).label(Hex(c1.q, c1.r))
    start = UndoneResolution.objects.get(round=round_).shown["teams"][str(teams[0].pk)]["ships"][0]["at"]
    panel = page[page.index('id="correction"') : page.index('id="more"')]
    assert f"<li>Loď 1: na {treasure} místo na {start}</li>" in panel  # its own sheet
    moved = f"<li>Na mapě loď 1 ({teams[0].name}): na {treasure} místo na {start}</li>"
    public = panel[
        panel.index('id="correction-public"') : panel.index("</ul>", panel.index('id="correction-public"'))
    ]
    assert '<h3 id="correction-public-title">Co vidí všechny týmy</h3>' in panel
    assert panel.count(moved) == 1 and moved in public  # once, not once per team's map
    others = re.findall(r'data-team="\d+">.*?</strong>:\s*<span class="zo-note">([^<]+)</span>', panel)
    assert others == ["změnilo se jen to, co vidí všechny týmy (výše)"] * 2
    pages = _pages(staff_client.post(url("changed", round_.pk)).content)
    names = [text.split("\n", 1)[0] for text in pages]
    assert names[:6] == [teams[0].name] * 2 + [teams[1].name] * 2 + [teams[2].name] * 2
    assert "nástěnka" in " ".join(pages[6:]).lower()


def test_an_undo_and_resolve_without_a_change_says_so_and_offers_no_print(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    round_services.round_resolve(round=round_)
    page = staff_client.get(url("page", round_.pk)).content.decode()
    assert "Nic se nezměnilo" in page[page.index('id="correction-none"') :][:200]
    assert url("changed", round_.pk) not in page
    response = staff_client.post(url("changed", round_.pk), follow=True)
    assert errors(response) == ["Na arších se nic nezměnilo: není co tisknout znovu."]


def test_several_corrections_compare_with_the_sheets_printed_last(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)  # the evening's sheets: C1 carries the chest
    _undo(staff_client, round_)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)  # not printed
    _undo(staff_client, round_)
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    # Back to what the teams hold on paper (the first resolution): nothing to print.
    assert 'id="correction-none"' in staff_client.get(url("page", round_.pk)).content.decode()
    _undo(staff_client, round_)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)
    assert staff_client.post(url("changed", round_.pk)).status_code == 200  # C2's sheet is now on paper
    _undo(staff_client, round_)
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    page = staff_client.get(url("page", round_.pk)).content.decode()
    assert _rows(page)[teams[0].name] == "changed"  # against the printed C2 sheet, not the first


def current_version(camp_id: int) -> str:
    return Camp.objects.values_list("public_version", flat=True).get(pk=camp_id)


def test_the_kept_sheets_never_reach_a_public_page(
    client: Client, staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)
    board = reverse("islands_public:notice_board", args=[round_.camp_id])
    with_kept, kept_version = client.get(board).content, current_version(round_.camp_id)
    UndoneResolution.objects.filter(round=round_).delete()  # a write: the board is rendered again
    dropped_version = current_version(round_.camp_id)
    assert dropped_version != kept_version
    assert client.get(board).content.replace(dropped_version.encode(), kept_version.encode()) == with_kept
    # The panel and its print are staff pages: the login for anyone else.
    for response in (client.get(url("page", round_.pk)), client.post(url("changed", round_.pk))):
        assert response.status_code == 302 and reverse("admin:login") in response["Location"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.browser
@pytest.mark.skipif(CHROMIUM is None, reason="no Chromium installed")
def test_the_correction_panel_in_a_browser(
    live_server: Any, page: Any, admin_user: Any, world: tuple[Round, str], teams: list[Team], tmp_path: Any
) -> None:
    """The panel as a camp leader sees it (Czech), its print button opening the changed sheets in
    a new tab; the screenshot is the one in docs/round-correction.png."""
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    round_services.round_undo(round=round_, shown=sheets_shown)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}{url('page', round_.pk)}")
    panel = page.locator("#correction")
    assert panel.locator("h2").inner_text() == "Co oprava změnila"
    assert panel.locator("li.changed[data-team]").count() == 1
    assert panel.locator("li.same[data-team]").count() == 2
    panel.screenshot(path=str(tmp_path / "round-correction.png"))
    page.screenshot(path=str(tmp_path / "round-page.png"), full_page=True)
    with page.expect_popup() as popup:
        page.click("#zo-changed")
    assert popup.value.url.endswith(url("changed", round_.pk))
    print(tmp_path)


def test_staff_who_may_only_read_see_the_panel_but_print_nothing(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    round_, there_and_back = world
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    _send(round_, teams[0], "C2", there_and_back)
    round_services.round_resolve(round=round_)
    reader = get_user_model().objects.create_user("cteni", password="heslo-heslo-123", is_staff=True)
    reader.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client = Client()
    client.force_login(reader)
    assert 'id="correction"' in client.get(url("page", round_.pk)).content.decode()
    assert client.post(url("changed", round_.pk)).status_code == 403
    assert RoundResult.objects.get(round=round_).printed_at is None


def test_a_renewed_team_link_is_no_change_and_the_changed_sheets_carry_the_links(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    """The team's own link on its map sheet is not the game: a link renewed between the undo and the
    new resolution asks for no reprint (its handout is printed again), and the changed sheets
    printed carry each team's link as it is now."""
    from games.islands.selectors.links import team_links
    from games.islands.services import team_links as link_services

    round_, there_and_back = world
    link_services.team_links_switch(camp=round_.camp, on=True)
    _send(round_, teams[0], "C1", there_and_back)
    round_services.round_resolve(round=round_)
    _undo(staff_client, round_)
    undone = UndoneResolution.objects.get(round=round_)  # as kept before the sheets carried the link
    undone.shown["teams"] = {
        pk: {k: v for k, v in t.items() if k != "link_url"} for pk, t in undone.shown["teams"].items()
    }
    undone.save()
    links = {link.team_id: link for link in team_links(round_.camp)}
    link_services.team_link_renew(link=links[teams[1].pk])
    link_services.team_link_revoke(link=links[teams[2].pk])
    round_services.round_resolve(round=round_)
    assert 'id="correction-none"' in staff_client.get(url("page", round_.pk)).content.decode()

    _undo(staff_client, round_)
    _send(round_, teams[0], "C1", there_and_back.split()[0])  # a public change: every sheet
    round_services.round_resolve(round=round_)
    pages = [" ".join(text.split()) for text in _pages(staff_client.post(url("changed", round_.pk)).content)]
    caption = "Odkaz vašeho týmu: načtěte ho telefonem"
    assert [caption in text for text in pages[:6]] == [True, False, True, False, False, False]


def test_english_staff_read_the_correction_in_english_and_the_sheets_stay_czech(
    staff_client: Client, world: tuple[Round, str], teams: list[Team]
) -> None:
    """The lines quote events, round names and ships in the staff's language (the undo kept a copy
    of the sheets in English), while the sheets printed again stay in the camp's language."""
    round_, there_and_back = world
    round_services.round_resolve(round=round_)  # nobody moves
    _undo(staff_client, round_)
    assert set(UndoneResolution.objects.get(round=round_).shown["translations"]) == {"en"}
    _send(round_, teams[0], "C1", there_and_back)  # corrected: C1 fetches a chest
    round_services.round_resolve(round=round_)
    page = staff_client.get("/en" + url("page", round_.pk)).content.decode()
    panel = page[page.index('id="correction"') : page.index('id="more"')]
    public = panel[
        panel.index('id="correction-public"') : panel.index("</ul>", panel.index('id="correction-public"'))
    ]
    assert '<h3 id="correction-public-title">What every team sees</h3>' in panel
    revealed = re.findall(r"<li>Revealed hexes: ([A-Z]\d+) treasure \(2\)</li>", public)
    assert len(re.findall(r"<li>", public)) == len(revealed) == 1  # the chests left on the treasure
    own = panel[panel.index(f'data-team="{teams[0].pk}"') : panel.index(f'data-team="{teams[1].pk}"')]
    assert re.findall(r"<li>What happened: \+ ([^<]+)</li>", own) == [
        f"Round 1, step 1: Ship 1 ({teams[0].name}) loaded a chest at {revealed[0]} (2 chests left there)"
    ]
    for czech in ("Kolo", "Loď", "Na mapě", "Co se stalo", "truhl"):
        assert czech not in panel, czech
    action = re.search(r'<form method="post" action="([^"]+)"', panel)
    assert action is not None and action.group(1).startswith("/en/")  # the English page's own form
    pages = _pages(staff_client.post(action.group(1)).content)
    assert "nástěnka" in " ".join(pages).lower()  # the sheets stay Czech
