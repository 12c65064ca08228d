"""What the tests of the round pages share: the URLs, a legal route, the order form's data and a
round played to its telescopes."""

from __future__ import annotations

from django.urls import reverse

from camp.models import Camp, Round, Team
from games.islands.engine.notation import Alphabet
from games.islands.game_state import game_state
from games.islands.models.board import Ship
from games.islands.models.links import TeamLink
from games.islands.models.rounds import RoundResult
from games.islands.orders import OrderSheet
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, *args: object) -> str:
    return reverse(f"admin:islands_round_{name}", args=list(args))


def legal_route(round_: Round, team: Team, *, strict: bool = True, explore: bool = False) -> tuple[str, str]:
    """A ship of the team and a legal one-step route for it (Czech letters); with ``explore`` one
    into a hidden hex if the team has such a step (so the round has something to tell)."""
    state = game_state(round_.camp, round=round_)
    g = state.geometry
    t = state.team(team.name)
    steps = []
    for ship in t.ships:
        if not ship.may_move:
            continue
        start = t.harbor if ship.at is None else ship.at
        for d in ("N", "NE", "SE", "S", "SW", "NW"):
            if g.on_board(start.step(d)):
                steps.append((ship.id, d, not state.board.cell(start.step(d)).revealed))
    if steps:
        ship_id, d, _hidden = max(steps, key=lambda s: s[2]) if explore else steps[0]
        return ship_id, Alphabet.CZECH.letter(d)
    if not strict:
        return "C1", "."
    raise AssertionError("no movable ship")


def orders_data(ship: str, route: str, **extra: str) -> dict[str, str]:
    data = {"build_cargo": "0", "build_battleship": "0", f"route-{ship}": route, "harbor": "", "fire": ""}
    data.update(extra)
    return data


def store_all(round_: Round, teams: list[Team]) -> None:
    for team in teams:
        ship, route = legal_route(round_, team, explore=True)
        round_services.orders_submit(round=round_, team=team, sheet=OrderSheet.typed(routes={ship: route}))


def resolved_with_telescope(game: Round, teams: list[Team]) -> RoundResult:
    store_all(game, teams)
    round_services.round_resolve(round=game)
    result = RoundResult.objects.get(round=game)
    if not result.pending_telescopes:
        # The first team (in the order given) that still has a ship after the round finds it.
        ship = next(s for team in teams if (s := Ship.objects.filter(team=team).order_by("ident").first()))
        result.pending_telescopes = [f"{ship.team.name}.{ship.ident}"]
        result.save()
    return result


def links_on(camp: Camp) -> dict[str, TeamLink]:
    """The camp run's team links switched on: each team's link by the team's name."""
    link_services.team_links_switch(camp=camp, on=True)
    return {link.team.name: link for link in TeamLink.objects.filter(team__camp=camp).select_related("team")}


def page_url(link: TeamLink) -> str:
    """A team's own page."""
    return reverse("islands_public:team", args=[link.token])


#: A game seed whose first round the demo planner plays with ships afloat (the browser tests' own).
BROWSER_SEED = 4151990316782215021


def linked_open_round(camp: Camp, team: Team) -> tuple[Round, TeamLink]:
    """The camp run with its first round played by the demo planner (:data:`BROWSER_SEED`), the next
    round open for orders and the team links on: the round and ``team``'s link."""
    from games.islands.demo import demo_play
    from tests.games.islands.conftest import opened

    Camp.objects.filter(pk=camp.pk).update(seed=BROWSER_SEED)
    camp.refresh_from_db()
    demo_play(camp, rounds=1)
    round_ = opened(camp)
    link_services.team_links_switch(camp=camp, on=True)
    return round_, TeamLink.objects.get(team=team)
