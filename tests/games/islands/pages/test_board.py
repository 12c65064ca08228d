"""The board set-up pages: login, page and htmx fragments, bad and tampered input (never a 500)."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Team
from games.islands.engine.hexes import geometry
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Ship
from games.islands.services import board as board_services
from tests.pages import element_text, errors, items_of, messages

HTMX = {"HTTP_HX_REQUEST": "true"}


def _texts(html: str, tag: str) -> list[str]:
    """The texts of every ``tag`` element of a page, white space collapsed."""
    return [" ".join(e.get_text().split()) for e in BeautifulSoup(html, "html.parser").find_all(tag)]


def items_of_html(html: str, element_id: str) -> list[str]:
    """The ``<li>`` texts inside the element ``id=element_id`` of a page."""
    element = BeautifulSoup(html, "html.parser").find(id=element_id)
    assert element is not None, f"no #{element_id}"
    return [" ".join(li.get_text().split()) for li in element.find_all("li")]


def url(name: str, camp: Camp) -> str:
    return reverse(f"admin:islands_boardsetup_{name}", args=[camp.pk])


@pytest.mark.parametrize("name", ["camp", "accept", "hex", "sides", "bays", "start"])
def test_anonymous_is_sent_to_login(client: Client, camp: Camp, name: str) -> None:
    response = client.get(url(name, camp))
    assert response.status_code == 302
    assert reverse("admin:login") in response["Location"]
    response = client.post(url(name, camp), {"seed": "1"})
    assert response.status_code == 302 and reverse("admin:login") in response["Location"]
    assert not BoardSetup.objects.exists()


def test_camp_list(staff_client: Client, camp: Camp) -> None:
    response = staff_client.get(reverse("admin:islands_boardsetup_changelist"))
    assert response.status_code == 200
    assert url("camp", camp) in response.content.decode()


def test_page_without_board_shows_a_preview(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    response = staff_client.get(url("camp", camp))
    html = response.content.decode()
    assert response.status_code == 200
    assert "<svg" in html and 'id="preview"' in html
    assert "Přijmout tento herní plán" in html  # accept button, in Czech by default
    assert not BoardSetup.objects.exists()


def test_the_chests_table_keeps_each_distance_whole(staff_client: Client, camp: Camp) -> None:
    """A narrow column wrapped "≤" from its number: a no-break space holds them together."""
    page = BeautifulSoup(staff_client.get(url("camp", camp)).content, "html.parser")
    table = page.select_one("#preview table.zo-fair")
    assert table is not None
    headers = [th.get_text() for th in table.select("thead th")]
    assert headers[0] == "Strana"
    assert headers[1:] and all(re.fullmatch("vzdálenost ≤\xa0\\d+", h) for h in headers[1:]), headers


def test_preview_fragment_with_htmx(staff_client: Client, camp: Camp) -> None:
    response = staff_client.get(url("camp", camp), {"seed": "42"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="preview">')
    assert "<html" not in html and "<svg" in html
    assert "Náhled semínka 42" in _texts(html, "h3")
    assert not BoardSetup.objects.exists()


def offered_seeds(client: Client, camp: Camp) -> tuple[int, int]:
    """The seed the board page fills in, and the one behind "Another seed"."""
    html = client.get(url("camp", camp)).content.decode()
    filled = re.search(r'<input [^>]*name="seed" id="id_seed" value="(\d+)"', html)
    another = re.search(r'href="\?seed=(\d+)"', html)
    assert filled and another, html[:2000]
    return int(filled.group(1)), int(another.group(1))


def test_the_offered_seeds_are_too_many_to_try_against_the_notice_board(
    staff_client: Client, camp: Camp
) -> None:
    """Issue 8: a board is a function of (side, seed) and the page offered seeds below 10⁶; trying
    them all against the revealed hexes rebuilt the hidden board. Now the page offers only seeds of
    at least 10¹⁵ (up to 2⁶³ − 1): the one it fills in derives from the camp's secret seed, "Another
    seed" comes from ``secrets``; both are big, different in every camp and on every visit."""
    others = [camp_services.camp_create(name=f"Běh {n}", year=2026, run_number=n) for n in range(2, 12)]
    seeds = [offered_seeds(staff_client, c) for c in [camp, *others]]
    for filled, another in seeds:
        assert board_services.SAFE_SEED_MIN <= filled <= board_services.MAX_SEED
        assert board_services.SAFE_SEED_MIN <= another <= board_services.MAX_SEED
    assert len({filled for filled, _another in seeds}) == len(seeds)  # one per camp's secret seed
    assert len({another for _filled, another in seeds}) == len(seeds)
    assert offered_seeds(staff_client, camp)[0] == seeds[0][0]  # the same camp: the same start
    # The offered board previews and is stored without a warning; a 19-digit seed is fine.
    filled = seeds[0][0]
    html = staff_client.get(url("camp", camp), {"seed": str(filled)}, **HTMX).content.decode()
    assert 'class="zo-map"' in html and 'id="short-seed"' not in html
    staff_client.post(url("accept", camp), {"seed": str(filled)})
    assert BoardSetup.objects.get(camp=camp).generator_seed == filled


def test_a_short_seed_typed_by_hand_is_warned_about(staff_client: Client, camp: Camp) -> None:
    html = staff_client.get(url("camp", camp), {"seed": "42"}, **HTMX).content.decode()
    warning = re.search(r'<p class="zo-bad" id="short-seed" role="alert">([^<]*)</p>', html)
    assert warning and warning.group(1).startswith("Toto semínko je krátké: tým, který zkouší semínka")
    assert 'class="zo-map"' in html  # still the staff's choice: the preview is there
    response = staff_client.post(url("accept", camp), {"seed": "42"}, follow=True)
    assert BoardSetup.objects.get(camp=camp).generator_seed == 42
    assert "Toto semínko je krátké" in response.content.decode()
    html = staff_client.get(
        url("camp", camp), {"seed": str(board_services.SAFE_SEED_MIN)}, **HTMX
    ).content.decode()
    assert 'id="short-seed"' not in html


@pytest.mark.parametrize(
    ("seed", "problem"),
    [
        ("abc", "Zadejte celé číslo."),
        ("-5", "Hodnota musí být větší nebo rovna 0."),
        ("1e5", "Zadejte celé číslo."),
        ("9" * 30, f"Hodnota musí být menší nebo rovna {board_services.MAX_SEED}."),
        ("", "Toto pole je třeba vyplnit."),
    ],
)
def test_preview_with_a_bad_seed_is_a_message(
    staff_client: Client, camp: Camp, seed: str, problem: str
) -> None:
    """The seed's own error, under the seed box, names the problem; no board is dealt."""
    for extra in ({}, HTMX):
        response = staff_client.get(url("camp", camp), {"seed": seed}, **extra)
        assert response.status_code == 200
        html = response.content.decode()
        assert 'class="zo-map"' not in html
        assert items_of(response, "id_seed_error") == [problem]


def test_accept_stores_the_board(staff_client: Client, camp: Camp) -> None:
    response = staff_client.post(url("accept", camp), {"seed": "42"})
    assert response.status_code == 302
    assert BoardSetup.objects.get(camp=camp).generator_seed == 42
    assert BoardHex.objects.filter(camp=camp).count() == 31
    page = staff_client.get(response["Location"]).content.decode()
    assert items_of_html(page, "progress")[0] == "1. Herní plán přijat (semínko 42)"
    assert 'data-hx-get="' in page  # the stored board is clickable
    assert re.search(r'href="\?seed=\d+"', page)  # "another seed" works with a board too
    # Replacing needs the tick: without it the page says so next to the box (no browser bubble).
    preview = staff_client.get(url("camp", camp), {"seed": "43"}).content.decode()
    assert re.search(r'<input type="checkbox" name="replace" value="1">', preview)
    response = staff_client.post(url("accept", camp), {"seed": "43"}, follow=True)
    assert BoardSetup.objects.get(camp=camp).generator_seed == 42
    html = response.content.decode()
    assert element_text(html, "replace-refusal") == (
        "Zaškrtněte „nahradit současný herní plán“, chcete-li ho nahradit (ruční úpravy se ztratí)."
    )
    assert 'name="replace" value="1" aria-describedby="replace-refusal"' in html
    staff_client.post(url("accept", camp), {"seed": "43", "replace": "1"})
    assert BoardSetup.objects.get(camp=camp).generator_seed == 43


@pytest.mark.parametrize("data", [{}, {"seed": "x"}, {"seed": "-1"}, {"seed": "1" * 40}])
def test_accept_refuses_tampered_seeds(staff_client: Client, camp: Camp, data: dict[str, str]) -> None:
    response = staff_client.post(url("accept", camp), data, follow=True)
    assert response.status_code == 200
    assert not BoardSetup.objects.exists()


def test_accept_refused_once_the_game_is_on(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    from camp.models import Round, RoundStatus

    board_services.board_generate(camp=camp, seed=1)
    Round.objects.create(camp=camp, number=1, status=RoundStatus.RESOLVED)
    response = staff_client.post(url("accept", camp), {"seed": "2", "replace": "1"}, follow=True)
    assert errors(response) == [
        "Hra už běží (některé kolo bylo otevřeno): herní plán už nelze vytvořit znovu."
    ]
    assert BoardSetup.objects.get(camp=camp).generator_seed == 1


def test_hex_editor_fragment_and_save(staff_client: Client, camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=1)
    response = staff_client.get(url("camp", camp), {"hex": "b2"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert "B2" in html and 'name="tile"' in html
    # Without htmx the same link opens the page with the editor.
    page = staff_client.get(url("camp", camp), {"hex": "B2"}).content.decode()
    assert "<html" in page and 'name="tile"' in page
    response = staff_client.post(
        url("hex", camp), {"hex": "B2", "tile": "treasure", "chests": "5", "revealed": "on"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="board"')
    assert "<svg" in html and "Uloženo" in html
    assert 'id="progress" aria-label="Postup" data-hx-swap-oob="true"' in html
    assert "1 hex upraven ručně" in html
    g = geometry(5)
    b2 = g.parse("B2")
    row = BoardHex.objects.get(camp=camp, q=b2.q, r=b2.r)
    assert (row.tile, row.chests, row.revealed) == ("treasure", 5, True)
    # Without htmx: redirect back to the page with the hex open.
    response = staff_client.post(url("hex", camp), {"hex": "B2", "tile": "reefs", "chests": ""})
    assert response.status_code == 302 and "hex=B2" in response["Location"]


def test_no_hand_edits_once_the_game_has_started(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    """From the start on, the board is the game's hidden truth: the map takes no clicks, the editor
    does not open, and a posted edit is refused with nothing changed."""
    from tests.games.islands.services.test_board import set_up

    set_up(camp, teams)
    board_services.game_start(camp=camp)
    before = list(BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed"))
    page = staff_client.get(url("camp", camp)).content.decode()
    assert "data-hx-get" not in page.split('id="board"')[1].split("</svg>")[0]  # no clickable hexes
    assert "Hra už začala: herní plán už nejde ručně měnit." in page
    fragment = staff_client.get(url("camp", camp), {"hex": "B2"}, **HTMX).content.decode()
    assert 'name="tile"' not in fragment and "Hra už začala" in fragment
    response = staff_client.post(url("hex", camp), {"hex": "B2", "tile": "treasure", "chests": "2"}, **HTMX)
    # The refusal under the editor (the map's note says the game has started on every render).
    assert response.status_code == 200
    assert items_of(response, "hex-editor") == ["Hra už začala: herní plán už nejde ručně měnit."]
    after = list(BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed"))
    assert after == before
    assert BoardSetup.objects.get(camp=camp).hand_edits == 0


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hex": "ZZ99", "tile": "reefs"}, "není hex"),
        ({"hex": "B2", "tile": "treasure", "chests": "abc"}, "celé číslo"),
        ({"hex": "B2", "tile": "treasure", "chests": ""}, "1 až 9"),
        ({"hex": "B2", "tile": "treasure", "chests": "12"}, "9"),
        ({"hex": "B2", "tile": "reefs", "chests": "2"}, "Truhly má jen poklad"),
        ({"hex": "B2", "tile": "<script>"}, "platnou možnost"),
        ({"tile": "reefs"}, "Vyberte hex"),
        ({"hex": "<b>A1</b>", "tile": "reefs"}, "&lt;B&gt;"),
    ],
)
def test_hex_editor_refuses_nonsense(
    staff_client: Client, camp: Camp, data: dict[str, str], message: str
) -> None:
    board_services.board_generate(camp=camp, seed=1)
    before = list(BoardHex.objects.values_list("tile", "chests", "revealed"))
    for extra in ({}, HTMX):
        response = staff_client.post(url("hex", camp), data, **extra)
        html = response.content.decode()
        assert response.status_code == 200
        assert message in html, html[:3000]
        assert "<b>A1" not in html and "<script>" not in html
    assert list(BoardHex.objects.values_list("tile", "chests", "revealed")) == before


def test_hex_link_for_a_bad_label(staff_client: Client, camp: Camp) -> None:
    board_services.board_generate(camp=camp, seed=1)
    response = staff_client.get(url("camp", camp), {"hex": "ZZ99"}, **HTMX)
    assert response.status_code == 200 and "ZZ99" in response.content.decode()
    response = staff_client.get(url("hex", camp), {"hex": "ZZ99"})
    assert response.status_code == 302


def test_sides_bays_and_start(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=1)
    response = staff_client.post(url("sides", camp), follow=True)
    # The progress strip says "2. Strany vylosovány" on every render: the message is the proof.
    [drawn_message] = messages(response, "success")
    assert drawn_message.startswith("Strany vylosovány: ")
    assert drawn_message.endswith(". Teď vyberte zátoku každého týmu.")
    assert all(f"{team.name}: " in drawn_message for team in teams)
    drawn = {h.team_id: (h.side, h.bay) for h in Harbor.objects.all()}
    draw = BoardSetup.objects.get(camp=camp).sides_draw
    response = staff_client.post(url("sides", camp), follow=True)  # "draw again" not ticked
    html = response.content.decode()
    assert element_text(html, "redraw-refusal") == (
        "Strany už byly vylosovány. Chcete-li losovat znovu, zaškrtněte „losovat znovu“."
    )
    assert 'name="redraw" value="1" aria-describedby="redraw-refusal"' in html
    assert {h.team_id: (h.side, h.bay) for h in Harbor.objects.all()} == drawn
    assert BoardSetup.objects.get(camp=camp).sides_draw == draw
    g = geometry(5)
    bays = {h.pk: (h.team_id, g.bay_number(g.bays_on(h.side)[1])) for h in Harbor.objects.all()}
    posted = {f"bay-{team_id}": str(bay) for team_id, bay in bays.values()}
    response = staff_client.post(url("bays", camp), posted, follow=True)
    assert response.status_code == 200
    assert {h.pk: (h.team_id, h.bay) for h in Harbor.objects.all()} == bays
    response = staff_client.post(url("start", camp), follow=True)
    assert messages(response, "success") == ["Hra začala: každý tým má v přístavu svou nákladní loď C1."]
    assert Ship.objects.filter(team__camp=camp).count() == 3
    response = staff_client.post(url("start", camp), follow=True)
    assert errors(response) == ["Hra už začala."]  # the page's note says "Hra už začala: …" anyway
    assert Ship.objects.filter(team__camp=camp).count() == 3


def test_a_team_name_keeps_its_case_in_messages(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    """A lower-case name is not capitalised: "Žraloci" could be another team."""
    team = camp_services.team_create(camp=camp, name="žraloci", colour="#c0392b")
    board_services.board_generate(camp=camp, seed=1)
    staff_client.post(url("sides", camp))
    harbor = Harbor.objects.get(team=team)
    bay = geometry(5).bay_number(geometry(5).bays_on(harbor.side)[0])
    response = staff_client.post(url("bays", camp), {f"bay-{team.pk}": str(bay)}, follow=True)
    assert messages(response, "success")[-1] == f"Přístavy v zátokách: žraloci: Z{bay}."  # after the draw's
    assert "Žraloci" not in response.content.decode()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"bay-abc": "1"},
        {"bay-²": "1"},  # str.isdigit() says yes, int() says no
        {"bay-TEAM": "Z²"},
        {"bay-999999": "1"},
        {"bay-TEAM": "Z99"},
        {"bay-TEAM": "<x>"},
    ],
)
def test_bays_refuses_tampered_posts(
    staff_client: Client, camp: Camp, teams: list[Team], data: dict[str, str]
) -> None:
    board_services.board_generate(camp=camp, seed=1)
    board_services.harbors_draw_sides(camp=camp)
    data = {k.replace("TEAM", str(teams[0].pk)): v for k, v in data.items()}
    response = staff_client.post(url("bays", camp), data, follow=True)
    assert response.status_code == 200 and errors(response)
    assert not Harbor.objects.filter(bay__isnull=False).exists()


def test_get_on_post_only_views_is_refused(staff_client: Client, camp: Camp) -> None:
    for name in ("accept", "sides", "bays", "start"):
        assert staff_client.get(url(name, camp)).status_code == 405


def test_unknown_camp_is_404(staff_client: Client, db: None) -> None:
    assert staff_client.get(reverse("admin:islands_boardsetup_camp", args=[999999])).status_code == 404


def test_english_page(staff_client: Client, camp: Camp) -> None:
    response = staff_client.get("/en" + url("camp", camp))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Accept this board" in html and 'class="compass">N<' in html


def test_staff_without_permission_cannot_post(camp: Camp, db: None) -> None:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user("pomocnik", password="heslo-heslo-123", is_staff=True)
    client = Client()
    client.force_login(user)
    response = client.post(url("accept", camp), {"seed": "1"})
    assert response.status_code == 403
    assert not BoardSetup.objects.exists()


def test_a_fresh_camp_links_to_the_board_set_up(staff_client: Client, camp: Camp) -> None:
    setup_url = url("camp", camp)
    assert f'href="{setup_url}"' in staff_client.get(reverse("admin:index")).content.decode()
    page = staff_client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content.decode()
    assert f'href="{setup_url}"' in page


def test_the_started_board_set_up_links_to_adding_a_round(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    add_round = reverse("admin:camp_round_add") + f"?camp={camp.pk}"
    assert add_round not in staff_client.get(url("camp", camp)).content.decode()
    board_services.board_generate(camp=camp, seed=1)
    board_services.harbors_draw_sides(camp=camp)
    g = geometry(5)
    bays = {h.team: g.bay_number(g.bays_on(h.side)[1]) for h in Harbor.objects.select_related("team")}
    board_services.harbors_set_bays(camp=camp, bays=bays)
    board_services.game_start(camp=camp)
    assert f'href="{add_round}"' in staff_client.get(url("camp", camp)).content.decode()
    # The game is on: the home page no longer offers the board set-up as the next step.
    assert "Další krok:" not in staff_client.get(reverse("admin:index")).content.decode()


def test_a_bay_on_another_side_is_named_in_good_czech(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    board_services.board_generate(camp=camp, seed=1)
    board_services.harbors_draw_sides(camp=camp)
    harbor = Harbor.objects.select_related("team").first()
    g = geometry(5)
    other = next(side for side in ("bottom", "right", "left") if side != harbor.side)
    bay = g.bay_number(g.bays_on(other)[0])
    response = staff_client.post(url("bays", camp), {f"bay-{harbor.team.pk}": str(bay)}, follow=True)
    on_side = {
        "bottom": "na dolní straně (jih)",
        "right": "na pravé straně (severovýchod)",
        "left": "na levé straně (severozápad)",
    }[harbor.side]
    assert (
        f"Z{bay} neleží {on_side}, kterou si vylosoval tým {harbor.team.name}." in response.content.decode()
    )
