"""The planning map of a team's plan form (``/tym/<token>/plan/mapa/?hex=…``): a tap extends a route
by the step to a neighbouring hex (its end: a stay) or sets the battleship's target, as a click on the
staff's order page does; a tap that cannot be taken says why and changes nothing; nothing is stored;
the team is the link's; and the answer is the same bytes whatever is hidden from the team or another
team plans."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from camp.models import Round, RoundStatus, Team
from games.islands import orders as islands_orders
from games.islands import words
from games.islands.engine.hexes import Hex, direction_between, geometry, to_pixel
from games.islands.engine.notation import Alphabet, sheet_order
from games.islands.game_state import state_before
from games.islands.maps.style import SIZE
from games.islands.models.board import BoardHex, Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from tests.games.islands.pages.helpers import HTMX, legal_route

pytestmark = pytest.mark.django_db

CSRF = rb'name="csrfmiddlewaretoken" value="[^"]+"'  # drawn anew for every response


@pytest.fixture(autouse=True)
def fresh_cache() -> None:
    cache.clear()


def link_of(game: Round, team: Team) -> TeamLink:
    link_services.team_links_switch(camp=game.camp, on=True)
    return TeamLink.objects.get(team=team)


def map_url(link: TeamLink) -> str:
    return reverse("islands_public:team_plan_map", args=[link.token])


def tap(link: TeamLink, htmx: bool = True, **data: str) -> bytes:
    response = Client().get(map_url(link), {"v": "0", **data}, **(HTMX if htmx else {}))  # type: ignore[arg-type]
    assert response.status_code == 200, response.status_code
    return response.content


def field(content: bytes, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', content.decode())
    assert found is not None, name
    return unescape(found.group(1))


def tap_message(content: bytes) -> str:
    found = re.search(
        r'<p class="zo-refused" role="alert" data-tap-message>(.*?)</p>', content.decode(), re.S
    )
    return unescape(found.group(1)) if found else ""


def focus(content: bytes) -> tuple[float, float]:
    """Where the planning map zooms in on a phone (its ``data-zoom-focus``: x, y, a hex's width)."""
    found = re.search(r'data-zoom-focus="(-?[\d.]+) (-?[\d.]+) ([\d.]+)"', content.decode())
    assert found is not None and float(found.group(3)) == round(SIZE * 3**0.5, 1)
    return float(found.group(1)), float(found.group(2))


def pixel(h: Hex) -> tuple[float, float]:
    x, y = to_pixel(h, SIZE)
    return round(x, 1), round(y, 1)


def czech(text: str, **values: str) -> str:
    with translation.override("cs"):
        return gettext(text) % values if values else gettext(text)


def route_end(game: Round, team: Team, ship: str, route: str) -> Hex:
    check = islands_orders.orders_check(round=game, team=team, sheet=OrderSheet.typed(routes={ship: route}))
    (plan,) = [p for p in check.routes if p.ship == ship]
    return geometry(game.camp.board_side).parse(plan.points[-1])


def neighbour_of(game: Round, end: Hex) -> Hex:
    g = geometry(game.camp.board_side)
    return next(n for n in (end.step(d) for d in ("N", "NE", "NW", "SE", "SW", "S")) if g.on_board(n))


def far_from(game: Round, end: Hex) -> str:
    g = geometry(game.camp.board_side)
    return next(g.label(h) for h in reversed(g.ordered) if h != end and direction_between(end, h) is None)


# ------------------------------------------------------------------------------------ taps


def test_a_tap_next_to_the_route_s_end_adds_that_step(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = link_of(game, red)
    ship, route = legal_route(game, red)
    end = route_end(game, red, ship, route)
    target = neighbour_of(game, end)
    step = direction_between(end, target)
    assert step is not None
    g = geometry(game.camp.board_side)
    content = tap(link, **{f"route-{ship}": route, "mode": ship, "hex": g.label(target), "build_cargo": "1"})
    assert content.decode().lstrip().startswith('<section id="team-plan"')
    assert field(content, f"route-{ship}") == f"{route} {Alphabet.CZECH.letter(step)}"
    assert field(content, "build_cargo") == "1"  # the rest of the form as it was typed
    assert tap_message(content) == ""
    assert re.search(r"<p data-check-ap>AB \d+, nevyužito: \d+</p>", content.decode())  # checked again
    assert f'<input type="radio" name="mode" value="{ship}" checked>' in content.decode()
    assert focus(content) == pixel(target)  # a phone's map zooms in on the new end
    # The end itself: a stay.
    content = tap(link, **{f"route-{ship}": route, "mode": ship, "hex": g.label(end)})
    assert field(content, f"route-{ship}") == f"{route} ."
    assert not TeamPlan.objects.exists()  # a tap stores nothing


def test_a_tap_far_from_the_route_s_end_is_explained_and_changes_nothing(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    link = link_of(game, red)
    ship, route = legal_route(game, red)
    end = route_end(game, red, ship, route)
    far = far_from(game, end)
    content = tap(link, **{f"route-{ship}": route, "mode": ship, "hex": far})
    assert field(content, f"route-{ship}") == route
    g = geometry(game.camp.board_side)
    assert tap_message(content) == czech(
        "%(hex)s is not next to the end of %(ship)s's route (%(end)s): click a neighbouring hex.",
        hex=far,
        ship=words.ship_label(ship),
        end=g.label(end),
    )


def test_a_tap_sets_the_battleship_s_target(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    Ship.objects.create(team=red, ident="B", kind="battleship")
    link = link_of(game, red)
    g = geometry(game.camp.board_side)
    target = g.label(g.ordered[-1])
    content = tap(link, mode="fire", hex=target, fire="")
    assert field(content, "fire") == target
    assert f'<g class="target" data-target="{target}"' in content.decode()  # drawn on the planning map
    assert tap_message(content) == ""


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"hex": "ZZ"}, ("“%(label)s” is not a hex of this board.", {"label": "ZZ"})),
        ({"hex": "Q99"}, ("“%(label)s” is not a hex of this board.", {"label": "Q99"})),
        ({"hex": ""}, ("“%(label)s” is not a hex of this board.", {"label": ""})),
        ({"mode": "C9"}, ("This team has no ship “%(ship)s”.", {"ship": "C9"})),
        (
            {"mode": "fire"},
            ("Your team has no battleship this round: it cannot fire, the map sets no target.", {}),
        ),
    ],
)
def test_a_tap_that_cannot_be_taken_says_why_and_changes_nothing(
    game: Round, teams: list[Team], data: dict[str, str], message: tuple[str, dict[str, str]]
) -> None:
    red = teams[0]
    link = link_of(game, red)
    ship, route = legal_route(game, red)
    target = geometry(game.camp.board_side).label(neighbour_of(game, route_end(game, red, ship, route)))
    content = tap(link, **{f"route-{ship}": route, "mode": ship, "hex": target, **data})
    assert tap_message(content) == czech(message[0], **message[1])
    assert field(content, f"route-{ship}") == route
    assert field(content, "fire") == ""
    assert not TeamPlan.objects.exists()


def test_a_tap_for_a_held_ship_is_refused(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    ship, route = legal_route(game, red)
    target = geometry(game.camp.board_side).label(neighbour_of(game, route_end(game, red, ship, route)))
    Ship.objects.filter(team=red, ident=ship).update(mermaid=True)
    link = link_of(game, red)
    content = tap(link, **{f"route-{ship}": ".", "mode": ship, "hex": target})
    assert tap_message(content) == czech(
        "%(ship)s may not move this round: the map sets no route for it.", ship=words.ship_label(ship)
    )
    assert field(content, f"route-{ship}") == "."


def test_a_handed_in_plan_is_not_changed_by_a_tap(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    ship, route = legal_route(game, red)
    plans.plan_hand_in(
        round=game, team=red, sheet=OrderSheet.typed(routes={ship: route}), version=0, by=plans.BY_TEAM
    )
    link = link_of(game, red)
    page = Client().get(reverse("islands_public:team", args=[link.token])).content.decode()
    assert "data-plan-map" in page and "?hex=" not in page  # drawn, not to be tapped
    target = geometry(game.camp.board_side).label(neighbour_of(game, route_end(game, red, ship, route)))
    content = tap(link, **{f"route-{ship}": f"{route} {route}", "mode": ship, "hex": target})
    assert tap_message(content) == czech("The plan cannot be changed now: the tap set nothing.")
    assert field(content, f"route-{ship}") == route  # the plan as handed in
    assert TeamPlan.objects.get().routes == OrderSheet.typed(routes={ship: route}).plan_fields()["routes"]


def test_a_tap_when_the_round_is_not_open_says_so(game: Round, teams: list[Team]) -> None:
    link = link_of(game, teams[0])
    Round.objects.filter(pk=game.pk).update(status=RoundStatus.MINIGAME_RECORDED)
    content = tap(link, hex="A1")
    assert "Kolo teď není otevřené pro plány tahu." in content.decode()


def test_the_page_carries_a_planning_map_to_tap(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = link_of(game, red)
    page = Client().get(reverse("islands_public:team", args=[link.token])).content.decode()
    plan = page[page.index('<section id="team-plan"') :]
    url = map_url(link)
    assert f'<a href="{url}?hex=A1" data-hx-get="{url}?hex=A1" data-hx-target="#team-plan"' in plan
    assert 'data-zoom="plan"' in plan
    assert plan.count('name="mode"') == len(Ship.objects.filter(team=red))  # a radio per ship
    seen = state_before(game).team(red.name)
    first = min(seen.ships, key=lambda s: sheet_order(s.id))
    assert focus(page.encode()) == pixel(first.at or seen.harbor)  # zoomed in on where it starts
    # The live check draws the routes as typed on it, swapped in beside the check.
    ship, route = legal_route(game, red)
    check = Client().post(
        reverse("islands_public:team_plan_check", args=[link.token]), {f"route-{ship}": route}, **HTMX
    )
    html = check.content.decode()
    assert html.lstrip().startswith('<div id="plan-check"')
    oob = html[html.index('<div id="plan-map"') :]
    assert 'data-hx-swap-oob="true"' in oob.split(">")[0] and '<polyline class="route"' in oob


def test_a_tap_without_scripts_gets_the_page_and_its_poll_still_works(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    link = link_of(game, red)
    ship, route = legal_route(game, red)
    round_services.orders_submit(round=game, team=red, sheet=OrderSheet.typed(routes={ship: route}))
    end = route_end(game, red, ship, route)
    target = neighbour_of(game, end)
    step = direction_between(end, target)
    assert step is not None
    # A link followed without htmx carries no field: the plan as shown (here staff's orders), tapped.
    response = Client().get(map_url(link), {"hex": geometry(game.camp.board_side).label(target)})
    assert response.status_code == 200 and f"<h1>{red.name}</h1>" in response.content.decode()
    assert field(response.content, f"route-{ship}") == f"{route} {Alphabet.CZECH.letter(step)}"
    # The page shown at the tap's address polls the team page's own address: unchanged, 204.
    page = reverse("islands_public:team", args=[link.token])
    version = re.search(r'data-version="([^"]+)"', response.content.decode())
    assert version is not None
    assert f'data-hx-get="{page}?v={version.group(1)}"' in response.content.decode()
    assert Client().get(page, {"v": version.group(1)}, **HTMX).status_code == 204  # type: ignore[arg-type]
    assert Client().get(map_url(link)).headers["Location"] == page


def test_an_unknown_or_revoked_token_gets_the_not_found_page(game: Round, teams: list[Team]) -> None:
    link = link_of(game, teams[0])
    missing = Client().get(reverse("islands_public:team", args=["x" * 43]))
    link_services.team_link_revoke(link=link)
    for token in ("x" * 43, link.token):
        response = Client().get(reverse("islands_public:team_plan_map", args=[token]), {"hex": "A1"}, **HTMX)  # type: ignore[arg-type]
        assert response.status_code == 404 and response.content == missing.content


# ------------------------------------------------------------------------------------ secrecy


def test_a_tap_is_the_same_whatever_is_hidden_or_another_team_plans(game: Round, teams: list[Team]) -> None:
    red, blue = teams[0], teams[1]
    link = link_of(game, red)
    ship, route = legal_route(game, red, explore=True)  # into a hidden hex, if it has one
    end = route_end(game, red, ship, route)
    target = geometry(game.camp.board_side).label(neighbour_of(game, end))
    typed = {f"route-{ship}": route, "mode": ship, "hex": target}
    Ship.objects.create(team=blue, ident="B", kind="battleship")  # (ships are seen by all)

    def tapped(**extra: str) -> bytes:
        return re.sub(CSRF, b"", tap(link, **typed, **extra))

    before = tapped()
    assert tapped(show_hidden="1") == before  # the staff's switch means nothing here
    assert BoardHex.objects.filter(camp=game.camp, revealed=False).update(tile="treasure", chests=5)
    Ship.objects.filter(team=blue, kind="cargo").update(chests=1)
    g = geometry(game.camp.board_side)
    blue_target = g.label(end)  # at red's route: the staff's page would warn of it
    blue_ship, blue_route = legal_route(game, blue, strict=False)
    round_services.orders_submit(
        round=game, team=blue, sheet=OrderSheet.typed(routes={blue_ship: blue_route}, fire=blue_target)
    )
    plans.plan_save_draft(
        round=game,
        team=blue,
        sheet=OrderSheet.typed(routes={blue_ship: blue_route}, fire=blue_target),
        version=0,
        by=plans.BY_TEAM,
    )
    assert TeamOrders.objects.filter(team=blue).exists()
    assert tapped() == before


def test_fire_mode_without_a_target_yet_shows_the_page(game: Round, teams: list[Team]) -> None:
    """The battleship chosen on the map, the tap not on a hex: no target yet, the map still zooms
    nowhere in particular (it once parsed the missing target: a 500)."""
    red = teams[0]
    Ship.objects.create(team=red, ident="B", kind="battleship")
    content = tap(link_of(game, red), mode="fire", hex="ZZ", fire="")
    assert tap_message(content) == czech("“%(label)s” is not a hex of this board.", label="ZZ")
    assert field(content, "fire") == ""
    assert "data-zoom-focus" not in content.decode()
