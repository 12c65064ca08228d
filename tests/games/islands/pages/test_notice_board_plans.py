"""The notice board's hand-in line: while a round is open for orders, per team "odevzdáno" or
"neodevzdáno" and the round's deadline, nothing of the plan; a draft or a plan sent back reads
byte for byte as no plan (a draft, as every write of the game's rows, draws a new public version:
the board is the same bytes but for it); every change of who has handed in draws a new public
version; the board stays one render of a bounded number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from bs4 import BeautifulSoup, Tag
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from camp import services as camp_services
from camp.caches.public_pages import forget_front
from camp.models import Camp, Round, Team
from games.islands.demo import demo_play
from games.islands.game_state import game_state
from games.islands.models.plans import TeamPlan
from games.islands.orders import OrderSheet
from games.islands.services import plans
from games.islands.services import rounds as round_services
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import HTMX, legal_route, store_all

TEAM = plans.BY_TEAM


def board_url(camp_id: int, language: str = "cs") -> str:
    with translation.override(language):
        return reverse("islands_public:notice_board", args=[camp_id])


def board(client: Client, camp_id: int, query: str = "", language: str = "cs", **extra: str) -> bytes:
    """The board as rendered now: the cached copies are dropped, so it is a fresh render."""
    cache.clear()
    forget_front()
    response = client.get(board_url(camp_id, language) + query, **extra)  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content


def hand_in_section(html: bytes) -> Tag | None:
    found = BeautifulSoup(html.decode(), "html.parser").find("section", class_="zo-hand-in")
    return found if isinstance(found, Tag) else None


def lines(html: bytes) -> dict[str, str]:
    """Each team's line: its name → the state it reads."""
    section = hand_in_section(html)
    assert section is not None, "the board has the hand-in line"
    found = {}
    for item in section.select("li.zo-plan"):
        name, state = item.select_one(".name"), item.select_one(".state")
        assert name is not None and state is not None
        found[name.get_text()] = " ".join(state.get_text().split())
    return found


def projector_lines(html: bytes) -> dict[str, str]:
    """The projector's marks in the standings (✓ or – after the name, the word their title): each
    team's name → its mark and the word it stands for."""
    soup = BeautifulSoup(html.decode(), "html.parser")
    assert soup.find("section", class_="zo-hand-in") is None  # the column, not the list
    found = {}
    for row in soup.select("#board tbody tr"):
        name, state = row.select_one("td.team .name"), row.select_one("td.team .zo-plan")
        if state is None:
            continue
        assert name is not None
        assert state["title"] == state["aria-label"]
        found[name.get_text()] = f"{state.get_text()} {state['title']}"
    return found


def version(camp_id: int) -> str:
    return Camp.objects.values_list("public_version", flat=True).get(pk=camp_id)


def sheet(game: Round, team: Team) -> OrderSheet:
    """A legal sheet for the team: one step of a ship that may move, else no move at all."""
    ship, route = legal_route(game, team, strict=False)
    moves = game_state(game.camp, round=game).team(team.name).ships
    return OrderSheet.typed(routes={ship: route} if any(s.id == ship for s in moves) else {})


def plan_version(game: Round, team: Team) -> int:
    return TeamPlan.objects.filter(round=game, team=team).values_list("version", flat=True).first() or 0


def draft(game: Round, team: Team, *, harbor: str = "") -> TeamPlan:
    typed = replace(sheet(game, team), harbor=harbor)
    return plans.plan_save_draft(
        round=game, team=team, sheet=typed, version=plan_version(game, team), by=TEAM
    )


def hand_in(game: Round, team: Team) -> TeamPlan:
    return plans.plan_hand_in(
        round=game, team=team, sheet=sheet(game, team), version=plan_version(game, team), by=TEAM
    )


def test_each_team_reads_handed_in_or_not_in_both_languages_and_on_the_projector(
    client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, green = teams
    hand_in(game, red)
    plans.plan_paper_received(round=game, team=blue, user=staff)
    czech = board(client, game.camp_id)
    section = hand_in_section(czech)
    assert section is not None
    heading = section.find("h2")
    assert heading is not None and heading.get_text() == "Plány tahu na 2. kolo"
    expected = {red.name: "✓ odevzdáno", blue.name: "✓ odevzdáno", green.name: "neodevzdáno"}
    assert lines(czech) == expected
    classes = [li["class"] for li in section.select("li.zo-plan")]
    assert classes == [["zo-plan", "in"], ["zo-plan", "in"], ["zo-plan", "out"]]
    projector = board(client, game.camp_id, "?projektor")
    assert projector_lines(projector) == {
        red.name: "✓ odevzdáno",
        blue.name: "✓ odevzdáno",
        green.name: "– neodevzdáno",
    }
    key = BeautifulSoup(projector.decode(), "html.parser").select_one("#board thead .zo-key")
    assert key is not None and key.get_text() == "✓ = odevzdáno"
    heading = BeautifulSoup(projector.decode(), "html.parser").select_one("p.zo-hand-in")
    assert heading is not None and heading.strong is not None
    assert heading.strong.get_text() == "Plány tahu na 2. kolo"
    assert lines(board(client, game.camp_id, **HTMX)) == expected  # the poll's fragment
    english = board(client, game.camp_id, language="en")
    assert lines(english) == {red.name: "✓ handed in", blue.name: "✓ handed in", green.name: "not handed in"}
    section = hand_in_section(english)
    assert section is not None and section.h2 is not None and section.h2.get_text() == "Plans for round 2"


def test_a_draft_or_a_returned_plan_reads_byte_for_byte_as_no_plan(
    client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, _green = teams
    camp_id = game.camp_id
    variants = [("", {}), ("?projektor", {}), ("", HTMX), ("", {"language": "en"})]

    def pages() -> list[bytes]:
        return [board(client, camp_id, query, **extra) for query, extra in variants]  # type: ignore[arg-type]

    def same_as_nothing() -> None:
        drawn = version(camp_id)
        assert drawn != token  # a write of the game's rows: the board is rendered again
        assert [page.replace(drawn.encode(), token.encode()) for page in pages()] == nothing

    nothing, token = pages(), version(camp_id)
    draft(game, red)
    same_as_nothing()  # the same bytes but for the version
    draft(game, red, harbor="S")  # saved again, changed (the same draft again stores nothing)
    same_as_nothing()

    hand_in(game, blue)
    assert lines(pages()[0])[blue.name] == "✓ odevzdáno"
    plans.plan_return(round=game, team=blue, user=staff, note="Loď C1 má málo bodů, zkuste to znovu.")
    returned = version(camp_id)
    assert returned != token  # the line changed back: the screens must see it
    assert [page.replace(returned.encode(), token.encode()) for page in pages()] == nothing
    assert b"zkuste to znovu" not in pages()[0]  # the note is the team's, never the hall's


def test_every_kind_of_handed_in_reads_handed_in_and_each_flip_draws_a_new_version(
    client: Client, game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, green = teams
    camp_id = game.camp_id

    def flips(action: object) -> None:
        before = version(camp_id)
        assert callable(action)
        action()
        assert version(camp_id) != before, action

    flips(lambda: hand_in(game, red))
    assert lines(board(client, camp_id))[red.name] == "✓ odevzdáno"  # on screen
    flips(lambda: plans.plan_withdraw(round=game, team=red, version=plan_version(game, red), by=TEAM))
    assert lines(board(client, camp_id))[red.name] == "neodevzdáno"
    flips(lambda: hand_in(game, red))
    flips(lambda: plans.plan_approve(round=game, team=red, user=staff))
    assert lines(board(client, camp_id))[red.name] == "✓ odevzdáno"  # approved
    flips(lambda: plans.plan_paper_received(round=game, team=blue, user=staff))
    assert lines(board(client, camp_id))[blue.name] == "✓ odevzdáno"  # on paper
    flips(lambda: plans.plan_return(round=game, team=blue, user=staff, note="Nečitelné."))
    assert lines(board(client, camp_id))[blue.name] == "neodevzdáno"
    assert lines(board(client, camp_id))[green.name] == "neodevzdáno"
    flips(lambda: round_services.orders_submit(round=game, team=green, sheet=sheet(game, green), user=staff))
    assert lines(board(client, camp_id))[green.name] == "✓ odevzdáno"  # typed by staff


def test_the_deadline_is_shown_when_one_is_set(
    client: Client, game: Round, teams: list[Team], staff: object, morning: None
) -> None:
    section = hand_in_section(board(client, game.camp_id))
    assert section is not None and section.select_one(".zo-due") is None
    due = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(19, 30)))
    plans.plans_deadline_set(round=game, due=due, user=staff)
    for language, text in (("cs", "odevzdání do 19:30"), ("en", "hand in by 19:30")):
        section = hand_in_section(board(client, game.camp_id, language=language))
        assert section is not None
        due_line = section.select_one(".zo-due")
        assert due_line is not None and due_line.get_text() == text
    projector = BeautifulSoup(board(client, game.camp_id, "?projektor").decode(), "html.parser")
    heading = projector.select_one("p.zo-hand-in")
    due_line = heading.select_one(".zo-due") if heading is not None else None
    assert due_line is not None and due_line.get_text() == "odevzdání do 19:30"


def test_no_line_when_no_round_is_open_for_orders(client: Client, game: Round, teams: list[Team]) -> None:
    assert hand_in_section(board(client, game.camp_id)) is not None
    store_all(game, teams)
    round_services.round_resolve(round=game)
    page = board(client, game.camp_id)
    assert hand_in_section(page) is None
    assert "odevzdáno" not in page.decode()
    projector = board(client, game.camp_id, "?projektor")
    assert projector_lines(projector) == {}
    assert BeautifulSoup(projector.decode(), "html.parser").select_one("p.zo-hand-in") is None


def _board_queries(client: Client, camp_id: int) -> int:
    cache.clear()
    forget_front()  # a render from nothing kept: the front door's own look costs a query otherwise
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(board_url(camp_id))
    assert response.status_code == 200
    assert hand_in_section(response.content) is not None
    return len(ctx.captured_queries)


def test_the_board_with_its_line_is_a_bounded_render_whatever_the_teams_and_plans(
    client: Client, db: None, staff: object
) -> None:
    counts = []
    for n in (2, 6):
        camp = camp_services.camp_create(name=f"Tábor {n}", year=2026, run_number=n, board_side=7)
        teams = [camp_services.team_create(camp=camp, name=f"T{n}-{i}", colour="#123456") for i in range(n)]
        Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED + n)
        camp.refresh_from_db()
        demo_play(camp, rounds=1, open_next=True)
        game = Round.objects.get(camp=camp, number=2)
        nothing = _board_queries(client, camp.pk)
        hand_in(game, teams[0])
        draft(game, teams[1])
        plans.plan_paper_received(round=game, team=teams[-1], user=staff)
        counts.append((nothing, _board_queries(client, camp.pk)))
    assert counts[0] == counts[1]
    assert counts[0][0] == counts[0][1]
