"""Every on-screen map draws each team's mark besides its colour: on its harbor its shape and label,
on each of its ships its shape with the ship's number inside, all in the team's colour; routes on
the order map in the team's colour (one dash pattern a ship). The staff map, the order map, the
notice board, the projector and the replay."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup, Tag
from django.test import Client
from django.urls import reverse

from camp.models import Round, Team
from games.islands.maps.style import ROUTE_DASHES
from games.islands.models.board import Harbor
from tests.games.islands.conftest import ship_title_team
from tests.games.islands.pages.helpers import legal_route, orders_data, url

pytestmark = pytest.mark.django_db


def the_map(html: str) -> Tag:
    svg = BeautifulSoup(html, "html.parser").select_one("svg.zo-map")
    assert svg is not None
    return svg


def fill_of(group: Tag) -> str:
    outline = group.select_one(".sh")
    assert outline is not None, group
    return str(outline["fill"])


def assert_marks(svg: Tag, teams: list[Team], *, projector: bool = False) -> None:
    """Each team's harbor carries its shape and label in its colour; each ship its team's shape in
    its colour; no two teams share a shape. On the projector a harbor holding ships gives its marks'
    line to them where they need it (hall-sized, they carry the team's shape)."""
    assert len({t.shape for t in teams}) == len(teams)
    marks = {str(g["data-team"]): g for g in svg.select("g.harbor g.tm")}
    if projector:
        crowded = {str(g["data-markers"]) for g in svg.select("g[data-markers]") if g.select("g.ship")}
        bays = {t.name: f"Z{Harbor.objects.get(team=t).bay}" for t in teams}
        assert set(marks) == {t.name for t in teams if bays[t.name] not in crowded}
    else:
        assert set(marks) == {t.name for t in teams}
    for team in teams:
        if team.name not in marks:
            continue
        mark = marks[team.name]
        assert (mark["data-shape"], mark["data-label"]) == (team.shape, team.label)
        assert mark.get_text() == team.label
        assert fill_of(mark) == team.colour
    ships = svg.select("g.ship")
    assert ships
    by_team = {t.name: t for t in teams}
    seen = set()
    for ship in ships:
        title = ship.select_one("title")
        assert title is not None
        team = by_team[ship_title_team(title.get_text())]
        seen.add(team.name)
        assert ship["data-shape"] == team.shape
        assert fill_of(ship) == team.colour
        number = ship.select_one("text")
        assert number is None or number.get_text() in {ship["data-ship"][1:], "⚔"} or "·" in number.get_text()
    assert seen == {t.name for t in teams}


def test_the_staff_maps_draw_each_teams_mark(staff_client: Client, game: Round, teams: list[Team]) -> None:
    """The board page's staff map and the resolution's preview."""
    board = reverse("admin:islands_boardsetup_camp", args=[game.camp_id])
    assert_marks(the_map(staff_client.get(board).content.decode()), teams)
    assert_marks(the_map(staff_client.get(url("resolve", game.pk)).content.decode()), teams)


def test_the_notice_board_and_the_projector_draw_each_teams_mark(
    client: Client, game: Round, teams: list[Team]
) -> None:
    board = reverse("islands_public:notice_board", args=[game.camp_id])
    assert_marks(the_map(client.get(board).content.decode()), teams)
    assert_marks(the_map(client.get(board + "?projektor").content.decode()), teams, projector=True)


def test_the_replay_draws_each_teams_mark(client: Client, game: Round, teams: list[Team]) -> None:
    page = client.get(reverse("islands_public:round_replay", args=[game.camp_id, 1])).content.decode()
    assert_marks(the_map(page), teams, projector=True)  # the replay draws the projector's map


def test_the_order_map_draws_marks_and_routes_in_the_teams_colour(
    staff_client: Client, game: Round, teams: list[Team]
) -> None:
    team = teams[1]
    ship, route = legal_route(game, team)
    response = staff_client.post(url("orders", game.pk, team.pk), orders_data(ship, route))
    assert response.status_code in (200, 302)
    html = staff_client.get(url("orders", game.pk, team.pk)).content.decode()
    svg = the_map(html)
    assert_marks(svg, teams)
    routes = svg.select("polyline.route")
    assert routes
    for line in routes:
        assert line["stroke"] == team.colour
    assert {line.get("stroke-dasharray", "") for line in routes} == {ROUTE_DASHES[ship]}
    page = BeautifulSoup(html, "html.parser")
    swatches = page.select("label[for^=id_route-] svg.zo-routeswatch line")
    assert swatches and {s["stroke"] for s in swatches} == {team.colour}
    for swatch in swatches:
        ident = str(swatch.find_parent("label")["for"]).removeprefix("id_route-")
        assert swatch.get("stroke-dasharray", "") == ROUTE_DASHES[ident]  # one dash pattern a ship


def test_a_mark_changed_by_staff_shows_on_the_public_board(
    client: Client, game: Round, teams: list[Team]
) -> None:
    """The public board is cached per version: a new mark is a new version."""
    board = reverse("islands_public:notice_board", args=[game.camp_id])
    client.get(board)
    team = teams[0]
    team.label, team.shape = "ČR", "star"
    team.save()
    svg = the_map(client.get(board).content.decode())
    mark = svg.select_one(f'g.tm[data-team="{team.name}"]')
    assert mark is not None and (mark["data-label"], mark["data-shape"]) == ("ČR", "star")


def assert_key(html: str, teams: list[Team]) -> None:
    """The map's key lists each team with its mark (shape and label in its colour) and its bay."""
    rows = BeautifulSoup(html, "html.parser").select("ul.zo-legend li.zo-teamkey")
    assert [r["data-team"] for r in rows] == [t.name for t in teams]
    for row, team in zip(rows, teams, strict=True):
        assert row["data-shape"] == team.shape
        mark = row.select_one("svg.zo-teammark")
        assert mark is not None and mark.get_text() == team.label
        outline = mark.select_one(".sh")
        assert outline is not None and outline["fill"] == team.colour
        assert outline.name == ("rect" if team.shape == "circle" else "polygon")
        assert "(Z" in row.get_text()


def test_the_maps_keys_list_each_teams_mark(
    client: Client, staff_client: Client, game: Round, teams: list[Team]
) -> None:
    bays = dict(Harbor.objects.filter(team__in=teams).values_list("team__name", "bay"))
    seated = sorted(teams, key=lambda t: bays[t.name])  # in the order of the bays
    board = reverse("islands_public:notice_board", args=[game.camp_id])
    assert_key(client.get(board).content.decode(), seated)
    assert_key(staff_client.get(url("orders", game.pk, teams[0].pk)).content.decode(), seated)
    assert_key(staff_client.get(url("resolve", game.pk)).content.decode(), seated)
