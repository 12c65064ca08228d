"""A team's own page behind its private link: what it shows, that it shows nothing hidden (by bytes),
its live poll (204 unchanged, 200 changed), and the link's life (another team's token, revoked,
renewed, links off).

A hidden write in the tests also draws a new camp version (``public_version_bump``), as every real
write of the game's rows does: the page is then rendered again, and must come out byte for byte the
same, with the same version."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from camp.caches.version import public_version_bump
from camp.models import Camp, Round, Team
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex, Ship
from games.islands.models.links import TeamLink
from games.islands.models.rounds import IslandsRound
from games.islands.orders import OrderSheet
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from tests.games.islands.pages.helpers import HTMX, legal_route, links_on, page_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


#: The plan form's CSRF token: drawn anew (masked) for every response, it tells nothing of the game.
CSRF_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def page(link: TeamLink) -> bytes:
    """The page's bytes, its CSRF token blanked."""
    response = Client().get(page_url(link))
    assert response.status_code == 200
    return CSRF_TOKEN.sub(b'name="csrfmiddlewaretoken" value=""', response.content)


def fragment(link: TeamLink) -> bytes:
    response = Client().get(page_url(link), **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content


def version_of(content: bytes) -> str:
    found = re.search(rb'id="team-view" data-version="([0-9a-f]+)"', content)
    assert found is not None
    return found.group(1).decode()


def poll(link: TeamLink, version: str) -> int:
    return Client().get(f"{page_url(link)}?v={version}", **HTMX).status_code  # type: ignore[arg-type]


def hidden_hex(camp: Camp) -> BoardHex:
    return BoardHex.objects.filter(camp=camp, revealed=False).order_by("q", "r").first()  # type: ignore[return-value]


def handout(client: Client, camp: Camp, link: TeamLink) -> bytes:
    response = client.get(
        reverse("admin:islands_teamlink_handouts", args=[camp.pk]) + f"?team={link.team_id}"
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return response.content


# ------------------------------------------------------------------------------------ what it shows


def test_the_page_shows_the_team_s_own_ships_cargo_and_ap(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    link = links_on(game.camp)[team.name]
    ship = Ship.objects.filter(team=team, kind="cargo").order_by("ident").first()
    assert ship is not None
    Ship.objects.filter(pk=ship.pk).update(chests=2)
    content = page(link).decode()
    assert f"<h1>{team.name}</h1>" in content
    ships = re.search(r"<section data-ships>.*?</section>", content, re.S)
    assert ships is not None and re.search(r'<td class="num">2</td>', ships.group(0))
    ap = re.search(r"<p class=\"zo-ap\" data-ap>(.*?)</p>", content)
    assert ap is not None and ap.group(1).startswith("AB na 2. kolo: ")
    assert 'lang="en">English</a>' in content


def test_the_page_s_map_is_the_team_sheet_s_map(game: Round, teams: list[Team]) -> None:
    """The same view for the same data: the page draws the MapView the printed sheet is drawn from."""
    from games.islands.maps import svg
    from games.islands.printing.data import team_sheets_for

    team = teams[0]
    link = links_on(game.camp)[team.name]
    (sheet,) = team_sheets_for(game, [team])
    assert str(svg.render_svg(sheet.map)) in page(link).decode()


def test_the_english_page_is_one_click_away(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    response = Client().get("/en" + page_url(link))
    assert response.status_code == 200
    assert b"AP for round 2: " in response.content
    assert b'lang="cs">\xc4\x8cesky</a>' in response.content


def test_a_pending_telescope_shows_on_its_own_team_s_page_only(game: Round, teams: list[Team]) -> None:
    from tests.games.islands.pages.helpers import resolved_with_telescope

    links = links_on(game.camp)
    result = resolved_with_telescope(game, teams)
    owner = result.pending_telescopes[0].split(".")[0]
    other = next(t for t in teams if t.name != owner)
    assert b"data-telescopes" in page(links[owner])
    assert b"data-telescopes" not in page(links[other.name])


def test_the_page_before_the_game_starts_says_so(camp: Camp, teams: list[Team]) -> None:
    from games.islands import demo

    demo.game_setup(camp, board_seed=11)
    link = links_on(camp)[teams[0].name]
    assert b"data-not-started" in page(link)


# ------------------------------------------------------------------------------------ secrecy


def test_hidden_changes_leave_the_page_its_fragment_and_its_handout_identical(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    team, other = teams[0], teams[1]
    camp = game.camp
    link = links_on(camp)[team.name]
    before = page(link), fragment(link), handout(staff_client, camp, link)
    version = version_of(before[0])

    h = hidden_hex(camp)  # an unrevealed hex's tile and chests
    BoardHex.objects.filter(pk=h.pk).update(
        tile=Tile.TREASURE.value if h.tile != "treasure" else "reefs", chests=3
    )
    # another team's cargo and flags (an octopus holds only a ship at sea)
    Ship.objects.filter(team=other).update(chests=1, seahorse=True)
    Ship.objects.filter(team=other, q__isnull=False).update(octopus=True)
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11, "P2": ["S"] * 11})
    ship, route = legal_route(game, other, strict=False)  # another team's orders
    round_services.orders_submit(round=game, team=other, sheet=OrderSheet.typed(routes={ship: route}))
    public_version_bump(camp=camp)  # as a real write: the cached view goes

    assert (page(link), fragment(link), handout(staff_client, camp, link)) == before
    assert poll(link, version) == 204

    # The control: what the team sees does change it.
    BoardHex.objects.filter(pk=h.pk).update(revealed=True)
    public_version_bump(camp=camp)
    assert page(link) != before[0]
    assert poll(link, version) == 200


def test_the_poll_answers_204_unchanged_and_200_with_the_new_view_when_own_cargo_changes(
    game: Round, teams: list[Team]
) -> None:
    team = teams[0]
    link = links_on(game.camp)[team.name]
    version = version_of(page(link))
    assert poll(link, version) == 204
    assert poll(link, "0" * 20) == 200  # a phone showing an older view gets the current one

    ship = Ship.objects.filter(team=team, kind="cargo").order_by("ident").first()
    assert ship is not None
    Ship.objects.filter(pk=ship.pk).update(chests=ship.chests + 1)
    public_version_bump(camp=game.camp)
    response = Client().get(f"{page_url(link)}?v={version}", **HTMX)  # type: ignore[arg-type]
    assert response.status_code == 200
    assert (
        response.content.startswith(b'\n<div id="team-view"')
        or b'<div id="team-view"' in response.content[:40]
    )
    assert version_of(response.content) != version
    assert b"<html" not in response.content  # the fragment only


def test_a_new_version_s_view_drops_the_one_kept_before(game: Round, teams: list[Team]) -> None:
    """The view kept for the camp run's old version (and its version string) leave the cache when
    the new one is kept: no phone asks for them again (issue 22: the server's memory)."""
    from games.islands.pages import team_link

    link = links_on(game.camp)[teams[0].name]
    page(link)
    game.camp.refresh_from_db()  # turning the links on drew a version
    old = game.camp.public_version
    old_keys = [team_link._view_key(link, old), team_link._version_key(link.pk, link.token, old)]
    assert all(cache.get(key) is not None for key in old_keys)
    public_version_bump(camp=game.camp)
    page(link)
    assert [cache.get(key) for key in old_keys] == [None, None]
    new = game.camp.public_version
    assert cache.get(team_link._view_key(link, new)) is not None


def test_a_cached_view_costs_one_query(game: Round, teams: list[Team], django_assert_max_num_queries) -> None:  # type: ignore[no-untyped-def]
    link = links_on(game.camp)[teams[0].name]
    version = version_of(page(link))
    with django_assert_max_num_queries(1):
        assert poll(link, version) == 204


def test_an_unchanged_poll_is_answered_before_the_link_is_read_with_the_orm(
    game: Round, teams: list[Team], monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.islands.pages import team as team_page

    link = links_on(game.camp)[teams[0].name]
    version = version_of(page(link))

    def slow_path(token: str) -> None:
        raise AssertionError("an unchanged poll went the whole way")

    monkeypatch.setattr(team_page, "readable_link", slow_path)
    assert poll(link, version) == 204
    with pytest.raises(AssertionError, match="went the whole way"):
        poll(link, "0" * 20)  # another version: the whole way, for the new view


def test_a_poll_showing_the_last_version_of_a_shut_link_reads_nothing(game: Round, teams: list[Team]) -> None:
    links = links_on(game.camp)
    revoked, renewed = links[teams[0].name], links[teams[1].name]
    shown = {name: version_of(page(link)) for name, link in links.items()}
    assert poll(revoked, shown[teams[0].name]) == 204  # kept: the quick answer is ready

    link_services.team_link_revoke(link=revoked)
    assert poll(revoked, shown[teams[0].name]) == 404
    old_token = renewed.token
    link_services.team_link_renew(link=renewed)
    old = Client().get(f"{reverse('islands_public:team', args=[old_token])}?v={shown[teams[1].name]}", **HTMX)  # type: ignore[arg-type]
    assert old.status_code == 404
    assert poll(renewed, shown[teams[1].name]) == 204  # the new token: the same view
    other = links[teams[2].name]
    link_services.team_links_switch(camp=game.camp, on=False)
    assert poll(other, shown[teams[2].name]) == 404


def test_another_team_s_cargo_is_never_on_the_page(game: Round, teams: list[Team]) -> None:
    team, other = teams[0], teams[1]
    link = links_on(game.camp)[team.name]
    Ship.objects.filter(team=other).update(chests=3)
    Ship.objects.filter(team=team).update(chests=0)
    public_version_bump(camp=game.camp)
    content = page(link).decode()
    ships = re.search(r"<section data-ships>.*?</section>", content, re.S)
    assert ships is not None and ">3<" not in ships.group(0)
    assert "chests aboard" not in content and "truhly na palubě: 3" not in content


# ------------------------------------------------------------------------------------ the link's life


def test_team_a_s_token_never_reads_team_b(game: Round, teams: list[Team]) -> None:
    links = links_on(game.camp)
    a, b = teams[0], teams[1]
    content = page(links[a.name]).decode()
    assert f"<h1>{a.name}</h1>" in content and f"<h1>{b.name}</h1>" not in content
    assert f"<h1>{b.name}</h1>" in page(links[b.name]).decode()


def _missing(token: str) -> bytes:
    response = Client().get(reverse("islands_public:team", args=[token]))
    assert response.status_code == 404
    return response.content


def test_a_revoked_or_renewed_away_token_reads_nothing(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    link = links_on(game.camp)[team.name]
    unknown = _missing("x" * 43)
    old = link.token
    page(link)  # cached under the old token: the renewal must still shut it
    link = link_services.team_link_renew(link=link)
    assert link.token != old
    assert _missing(old) == unknown  # says nothing of the team or the camp run
    assert team.name.encode() not in unknown
    page(link)
    link_services.team_link_revoke(link=link)
    assert _missing(link.token) == unknown
    assert Client().get(reverse("islands_public:team", args=[link.token]), **HTMX).status_code == 404  # type: ignore[arg-type]
    link = link_services.team_link_renew(link=link)
    assert page(link)


def test_links_off_read_nothing_and_on_again_bring_the_same_links_back(
    game: Round, teams: list[Team]
) -> None:
    link = links_on(game.camp)[teams[0].name]
    link_services.team_links_switch(camp=game.camp, on=False)
    _missing(link.token)
    link_services.team_links_switch(camp=game.camp, on=True)
    assert page(TeamLink.objects.get(pk=link.pk))


def test_the_page_is_not_kept_by_browsers_nor_leaks_its_address(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    response = Client().get(page_url(link))
    assert "no-store" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    assert response["Referrer-Policy"] == "same-origin"  # no other site; Origin sent with a post
    assert response["X-Robots-Tag"] == "noindex"


def test_the_page_takes_no_post(game: Round, teams: list[Team]) -> None:
    link = links_on(game.camp)[teams[0].name]
    assert Client().post(page_url(link), {"x": "1"}).status_code == 405


# ------------------------------------------------------------------------------------ the staff side


def test_the_staff_page_lists_each_team_s_link_and_switches_them_on(
    camp: Camp, teams: list[Team], staff_client: Client
) -> None:
    from games.islands import demo

    demo.game_setup(camp, board_seed=11)
    page_url_ = reverse("admin:islands_teamlink_camp", args=[camp.pk])
    assert b'name="on" value="1"' in staff_client.get(page_url_).content
    response = staff_client.post(reverse("admin:islands_teamlink_switch", args=[camp.pk]), {"on": "1"})
    assert response.status_code == 302
    content = staff_client.get(page_url_).content.decode()
    for link in TeamLink.objects.filter(team__camp=camp):
        assert f"/tym/{link.token}/" in content
    pdf = staff_client.get(reverse("admin:islands_teamlink_handouts", args=[camp.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_the_switch_refuses_a_bad_value_and_changes_nothing(
    camp: Camp, teams: list[Team], staff_client: Client
) -> None:
    from games.islands import demo

    demo.game_setup(camp, board_seed=11)
    response = staff_client.post(
        reverse("admin:islands_teamlink_switch", args=[camp.pk]), {"on": "maybe"}, follow=True
    )
    assert "Řekněte, zda týmové odkazy zapnout, nebo vypnout." in response.content.decode()
    assert not TeamLink.objects.filter(team__camp=camp).exists()


def test_the_switch_before_the_board_is_refused(camp: Camp, teams: list[Team], staff_client: Client) -> None:
    response = staff_client.post(
        reverse("admin:islands_teamlink_switch", args=[camp.pk]), {"on": "1"}, follow=True
    )
    assert "Nejprve připravte herní plán" in response.content.decode()
    assert not TeamLink.objects.filter(team__camp=camp).exists()


def test_renew_and_revoke_need_the_permission_and_a_post(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Permission

    link = links_on(game.camp)[teams[0].name]
    renew = reverse("admin:islands_teamlink_renew", args=[link.pk])
    assert staff_client.get(renew).status_code == 405
    reader = get_user_model().objects.create_user("ctenar", password="heslo-heslo-123", is_staff=True)
    reader.user_permissions.add(Permission.objects.get(codename="view_islandsround"))
    client = Client()
    client.force_login(reader)
    # Reading the rounds is not enough to see the links (issue 31): the team links' permission is.
    assert client.get(reverse("admin:islands_teamlink_camp", args=[game.camp.pk])).status_code == 403
    reader.user_permissions.add(Permission.objects.get(codename="see_team_links"))
    client.force_login(get_user_model().objects.get(pk=reader.pk))
    assert client.get(reverse("admin:islands_teamlink_camp", args=[game.camp.pk])).status_code == 200
    assert client.post(renew).status_code == 403
    assert client.post(reverse("admin:islands_teamlink_revoke", args=[link.pk])).status_code == 403
    assert TeamLink.objects.get(pk=link.pk).token == link.token
    assert staff_client.post(renew).status_code == 302
    assert TeamLink.objects.get(pk=link.pk).token != link.token


def test_a_handout_carries_only_its_own_team_s_link(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    links = links_on(game.camp)
    a, b = links[teams[0].name], links[teams[1].name]
    text = pdf_text(handout(staff_client, game.camp, a))
    assert f"/tym/{a.token}/" in text and teams[0].name in text
    assert b.token not in text and teams[1].name not in text


def pdf_text(pdf: bytes) -> str:
    import io

    from pypdf import PdfReader

    return "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).replace("\n", "")


def test_a_team_added_after_the_links_were_turned_on_gets_its_link_from_the_page(
    camp: Camp, teams: list[Team], staff_client: Client
) -> None:
    """Teams can join until the game starts; the links may be on before (the board is set up)."""
    from camp import services as camp_services
    from games.islands.services import board as board_services

    board_services.board_generate(camp=camp, seed=10**15 + 7)
    links_on(camp)
    late = camp_services.team_create(camp=camp, name="Žlutí", colour="#f1c40f")
    page_url_ = reverse("admin:islands_teamlink_camp", args=[camp.pk])
    shown = staff_client.get(page_url_).content.decode()
    assert "Týmy zatím bez odkazu (přibyly po zapnutí odkazů): Žlutí" in shown
    staff_client.post(reverse("admin:islands_teamlink_switch", args=[camp.pk]), {"on": "1"})
    link = TeamLink.objects.get(team=late)
    assert f"/tym/{link.token}/" in staff_client.get(page_url_).content.decode()


def test_the_staff_page_shows_each_working_link_s_own_qr_code(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    from camp.pdf import qr_svg

    links = links_on(game.camp)
    revoked = link_services.team_link_revoke(link=links[teams[2].name])
    content = staff_client.get(reverse("admin:islands_teamlink_camp", args=[game.camp.pk])).content.decode()
    rows = dict(re.findall(r'<tr data-team="([^"]+)">(.*?)</tr>', content, re.S))
    for team in teams[:2]:
        url = f"http://testserver/tym/{links[team.name].token}/"
        assert qr_svg(url, label=f"QR kód odkazu týmu {team.name}") in rows[team.name]
    assert "<svg" not in rows[revoked.team.name] and "zrušený" in rows[revoked.team.name]
    assert rows[teams[0].name].count("<svg") == 1
