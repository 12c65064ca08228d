"""The notice board's feed of what staff changed (issue 33): each public act of staff (a corrected
round, a reopened hand-in, a deadline set, moved or removed, a renewed team link) writes one line in
its own transaction, every other write none; the board shows the newest ten (the projector three),
newest first, in the reader's language; a new line shows on a board kept by version; and a change of
hidden data alone (plans, hidden hexes) leaves the board's bytes as they were, feed and all."""

from __future__ import annotations

import datetime as dt

import pytest
from bs4 import BeautifulSoup
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from camp.caches.public_pages import forget_front
from camp.models import Camp, Round, Team
from games.islands.errors import IslandsError
from games.islands.models.board import BoardHex
from games.islands.models.links import TeamLink
from games.islands.models.notices import NoticeCode, PublicNotice
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.selectors.notices import FEED_LINES, notice_feed
from games.islands.services import plans
from games.islands.services import rounds as round_services
from games.islands.services import team_links as link_services
from games.islands.words.notices import notice_text
from tests.games.islands.pages.helpers import HTMX, legal_route, links_on, store_all

pytestmark = pytest.mark.usefixtures("morning")  # deadlines at 19:30 today still ahead

TEAM = plans.BY_TEAM


def board_url(camp_id: int, language: str = "cs") -> str:
    with translation.override(language):
        return reverse("islands_public:notice_board", args=[camp_id])


def board(client: Client, camp_id: int, query: str = "", language: str = "cs", **extra: str) -> bytes:
    """The board rendered afresh (nothing kept)."""
    cache.clear()
    forget_front()
    response = client.get(board_url(camp_id, language) + query, **extra)  # type: ignore[arg-type]
    assert response.status_code == 200
    return response.content


def feed(html: bytes) -> list[str]:
    """The feed's lines as read: "21:14 Vedoucí …" (empty: no feed section)."""
    section = BeautifulSoup(html.decode(), "html.parser").select_one("section.zo-feed")
    if section is None:
        return []
    return [" ".join(li.get_text().split()) for li in section.select("li")]


def texts(html: bytes) -> list[str]:
    """The feed's lines without their time."""
    return [line.split(" ", 1)[-1] for line in feed(html)]


def projector_texts(html: bytes) -> list[str]:
    """The projector's feed: the first group of its events column, its lines without their time."""
    soup = BeautifulSoup(html.decode(), "html.parser")
    assert soup.select_one("section.zo-feed") is None  # no section of its own
    first = soup.select_one("#board [data-pages] .zo-events > li")
    if first is None or first.h3 is None or first.h3.get_text() != "Co změnili vedoucí":
        return []
    return [" ".join(li.get_text().split()).split(" ", 1)[-1] for li in first.select("li.zo-feed-line")]


def count(camp_id: int) -> int:
    return PublicNotice.objects.filter(camp_id=camp_id).count()


def at(hour: int, minute: int) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(hour, minute)))


def plan_version(game: Round, team: Team) -> int:
    from games.islands.models.plans import TeamPlan

    return TeamPlan.objects.filter(round=game, team=team).values_list("version", flat=True).first() or 0


def draft(game: Round, team: Team, routes: dict[str, str]) -> None:
    plans.plan_save_draft(
        round=game,
        team=team,
        sheet=OrderSheet.typed(routes=routes),
        version=plan_version(game, team),
        by=TEAM,
    )


# ------------------------------------------------------------------------------------ each act


def test_a_reopened_hand_in_and_the_deadline_write_their_lines_in_both_languages(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    camp_id = game.camp_id
    assert feed(board(client, camp_id)) == []  # no line yet: no section at all
    plans.plans_deadline_set(round=game, due=at(19, 30), user=leader)
    plans.plans_deadline_set(round=game, due=at(19, 45), user=leader)
    plans.plan_reopen(round=game, team=red, user=leader)
    plans.plans_deadline_set(round=game, due=None, user=leader)
    assert texts(board(client, camp_id)) == [  # newest first
        "Vedoucí zrušili termín odevzdání 2. kola",
        "Vedoucí znovu otevřeli odevzdání 2. kola pro tým Červení",
        "Vedoucí posunuli odevzdání 2. kola z 19:30 na 19:45",
        "Vedoucí stanovili odevzdání 2. kola do 19:30",
    ]
    assert texts(board(client, camp_id, language="en")) == [
        "Staff removed the hand-in deadline of round 2",
        "Staff reopened the hand-in of round 2 for Červení",
        "Staff moved the hand-in of round 2 from 19:30 to 19:45",
        "Staff set the hand-in deadline of round 2: 19:30",
    ]
    heading = BeautifulSoup(board(client, camp_id).decode(), "html.parser").select_one("section.zo-feed h2")
    assert heading is not None and heading.get_text() == "Co změnili vedoucí"


def test_each_line_says_when_it_happened(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    plans.plan_reopen(round=game, team=teams[1], user=leader)
    notice = PublicNotice.objects.get(camp_id=game.camp_id)
    PublicNotice.objects.filter(pk=notice.pk).update(at=at(21, 14))
    yesterday = PublicNotice.objects.create(
        camp_id=game.camp_id,
        at=at(20, 5) - dt.timedelta(days=1),
        code=NoticeCode.LINK_RENEWED,
        params={"team": "Zelení"},
    )
    page = BeautifulSoup(board(client, game.camp_id).decode(), "html.parser")
    times = page.select("section.zo-feed li time")
    assert [t.get_text() for t in times] == [
        "21:14",
        timezone.localtime(yesterday.at).strftime("%-d. %-m. 20:05"),
    ]
    assert times[0]["datetime"] == at(21, 14).isoformat(timespec="seconds")


def test_a_renewed_team_link_writes_a_line_with_the_team_and_never_the_token(
    client: Client, game: Round, teams: list[Team]
) -> None:
    links = links_on(game.camp)
    assert count(game.camp_id) == 0  # switching the links on and creating them: no line
    old = links["Modří"].token
    renewed = link_services.team_link_renew(link=links["Modří"])
    page = board(client, game.camp_id)
    assert texts(page) == ["Vedoucí vydali týmu Modří nový odkaz; starý už nefunguje"]
    assert texts(board(client, game.camp_id, language="en")) == [
        "Staff gave Modří a new team link; the old one no longer opens"
    ]
    for token in (old, renewed.token, *TeamLink.objects.values_list("token", flat=True)):
        assert token.encode() not in page
        assert token not in str(PublicNotice.objects.get(camp_id=game.camp_id).params)


def test_a_correction_writes_the_undo_and_the_teams_it_changed(
    client: Client, game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    store_all(game, teams)
    round_services.round_resolve(round=game)
    assert count(game.camp_id) == 0  # a round's first resolution: the board shows it, no line
    round_services.round_undo(round=game)
    assert texts(board(client, game.camp_id)) == ["Vedoucí vrátili vyhodnocení 2. kola, aby ho opravili"]
    round_services.round_resolve(round=game)  # the same orders again: nothing public changed
    assert texts(board(client, game.camp_id))[0] == "Vedoucí opravili 2. kolo — na nástěnce beze změny"
    round_services.round_undo(round=game)
    stored = TeamOrders.objects.get(round=game, team=red)
    round_services.orders_submit(round=game, team=red, sheet=OrderSheet(), version=stored.version)
    round_services.round_resolve(round=game)  # red's ship now stays in the harbor
    lines = texts(board(client, game.camp_id))
    assert lines[0] == "Vedoucí opravili 2. kolo — změna u týmu Červení"
    assert (
        texts(board(client, game.camp_id, language="en"))[0]
        == "Staff corrected round 2 — a change for Červení"
    )
    assert lines[1:] == [
        "Vedoucí vrátili vyhodnocení 2. kola, aby ho opravili",
        "Vedoucí opravili 2. kolo — na nástěnce beze změny",
        "Vedoucí vrátili vyhodnocení 2. kola, aby ho opravili",
    ]


def test_acts_the_hall_need_not_know_write_no_line(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    red, blue, green = teams
    links = links_on(game.camp)
    ship, route = legal_route(game, red)
    draft(game, red, {ship: route})
    plans.plan_hand_in(
        round=game,
        team=red,
        sheet=OrderSheet.typed(routes={ship: route}),
        version=plan_version(game, red),
        by=TEAM,
    )
    plans.plan_approve(round=game, team=red, user=leader)
    plans.plan_paper_received(round=game, team=blue, user=leader)
    plans.plan_return(round=game, team=blue, user=leader, note="Nečitelné.")
    link_services.team_link_revoke(link=links["Zelení"])
    store_all(game, [blue, green])
    round_services.round_resolve(round=game)  # the first resolution
    assert count(game.camp_id) == 0
    assert feed(board(client, game.camp_id)) == []


def test_a_refused_act_writes_no_line(client: Client, game: Round, teams: list[Team], leader: object) -> None:
    plans.plan_reopen(round=game, team=teams[0], user=leader)
    with pytest.raises(IslandsError):
        plans.plan_reopen(round=game, team=teams[0], user=leader)  # already reopened
    plans.plans_deadline_set(round=game, due=at(19, 30), user=leader)
    plans.plans_deadline_set(round=game, due=at(19, 30), user=leader)  # the same again: nothing moved
    with pytest.raises(IslandsError):
        round_services.round_undo(round=game)  # not resolved: nothing to undo
    assert count(game.camp_id) == 2


def test_the_board_shows_the_newest_ten_and_the_projector_three_first_in_its_events(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    for minute in range(12):
        plans.plans_deadline_set(round=game, due=at(20, minute), user=leader)
    phone = texts(board(client, game.camp_id))
    assert len(phone) == FEED_LINES == 10
    assert phone[0] == "Vedoucí posunuli odevzdání 2. kola z 20:10 na 20:11"
    assert phone[-1] == "Vedoucí posunuli odevzdání 2. kola z 20:01 na 20:02"
    projector_page = board(client, game.camp_id, "?projektor")
    projector = projector_texts(projector_page)
    assert projector == phone[:3]
    groups = BeautifulSoup(projector_page.decode(), "html.parser").select(
        "#board [data-pages] .zo-events > li"
    )
    assert len(groups) > 1 and not groups[1].select("li.zo-feed-line")  # the round's events follow
    assert texts(board(client, game.camp_id, **HTMX)) == phone  # the poll's fragment has it too


# ------------------------------------------------------------------------------------ caching


def test_a_new_line_shows_on_a_board_kept_by_version(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    cache.clear()
    forget_front()
    url = board_url(game.camp_id)
    first = client.get(url)
    assert client.get(url).content == first.content  # answered from what was kept
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    plans.plan_reopen(round=game, team=teams[2], user=leader)  # no cache cleared
    second = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert second.status_code == 200 and second["ETag"] != etag
    assert texts(second.content) == ["Vedoucí znovu otevřeli odevzdání 2. kola pro tým Zelení"]
    version = BeautifulSoup(first.content.decode(), "html.parser").select_one("#board")
    assert version is not None
    polled = client.get(url, {"v": version["data-version"]}, **HTMX)  # a screen still showing the old board
    assert polled.status_code == 200 and texts(polled.content) == texts(second.content)


# ------------------------------------------------------------------------------------ secrecy


def test_hidden_data_alone_leaves_the_board_with_its_feed_byte_for_byte(
    client: Client, game: Round, teams: list[Team], leader: object
) -> None:
    red, blue, _green = teams
    camp_id = game.camp_id
    links = links_on(game.camp)
    plans.plans_deadline_set(round=game, due=at(19, 30), user=leader)
    plans.plan_reopen(round=game, team=blue, user=leader)
    link_services.team_link_renew(link=links["Zelení"])
    variants = [("", {}), ("?projektor", {}), ("", HTMX), ("", {"language": "en"})]

    def pages() -> list[bytes]:
        return [board(client, camp_id, query, **extra) for query, extra in variants]  # type: ignore[arg-type]

    def version() -> str:
        return Camp.objects.values_list("public_version", flat=True).get(pk=camp_id)

    before, token = pages(), version()
    assert len(texts(before[0])) == 3 and len(texts(before[3])) == 3 and len(projector_texts(before[1])) == 3

    def same(what: str) -> None:
        drawn = version()
        assert drawn != token, what  # a write of the game's rows: rendered again
        assert [page.replace(drawn.encode(), token.encode()) for page in pages()] == before, what

    ship, route = legal_route(game, red)
    draft(game, red, {ship: route})  # a plan's contents
    same("a draft")
    draft(game, red, {ship: "."})
    same("another draft")
    BoardHex.objects.filter(camp_id=camp_id, revealed=False).update(tile="reefs", chests=0)  # hidden hexes
    same("hidden hexes")
    link_services.team_link_revoke(link=links["Modří"])  # a token shut: not the hall's
    same("a revoked link")
    assert count(camp_id) == 3


# ------------------------------------------------------------------------------------ words


@pytest.mark.parametrize(
    ("code", "params", "czech", "english"),
    [
        (
            "round_corrected",
            {"number": 4, "teams": ["Červení piráti", "Modří"]},
            "Vedoucí opravili 4. kolo — změny u týmů Červení piráti, Modří",
            "Staff corrected round 4 — changes for Červení piráti, Modří",
        ),
        (
            "deadline",
            {"number": 1, "due": None, "was": None},
            "Vedoucí zrušili termín odevzdání 1. kola",
            "Staff removed the hand-in deadline of round 1",
        ),
        (
            "link_renewed",
            {},
            "Vedoucí vydali týmu — nový odkaz; starý už nefunguje",
            "Staff gave — a new team link; the old one no longer opens",
        ),
        ("no_such_code", {"number": 1}, "Vedoucí něco změnili", "Staff changed something"),
        ("round_undone", {"number": "x"}, "Vedoucí něco změnili", "Staff changed something"),
    ],
)
def test_every_notice_reads_in_both_languages_and_an_unknown_one_says_only_that_staff_changed_something(
    code: str, params: dict[str, object], czech: str, english: str
) -> None:
    with translation.override("cs"):
        assert notice_text(code, params) == czech
    with translation.override("en"):
        assert notice_text(code, params) == english


def test_every_code_has_its_words_in_czech(db: None) -> None:
    samples = {
        NoticeCode.ROUND_UNDONE: {"number": 3},
        NoticeCode.ROUND_CORRECTED: {"number": 3, "teams": ["A"]},
        NoticeCode.HAND_IN_REOPENED: {"number": 3, "team": "A"},
        NoticeCode.DEADLINE: {"number": 3, "due": at(19, 0).isoformat(), "was": None},
        NoticeCode.LINK_RENEWED: {"team": "A"},
    }
    assert set(samples) == set(NoticeCode)
    for code, params in samples.items():
        with translation.override("cs"):
            czech = notice_text(code, params)
        with translation.override("en"):
            english = notice_text(code, params)
        assert czech.startswith("Vedoucí ") and english.startswith("Staff "), code
        assert czech != english and "něco změnili" not in czech, code


def test_the_feed_is_one_query(
    game: Round, teams: list[Team], leader: object, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    plans.plan_reopen(round=game, team=teams[0], user=leader)
    plans.plans_deadline_set(round=game, due=at(19, 30), user=leader)
    camp = game.camp
    with django_assert_num_queries(1):
        lines = notice_feed(camp)
    assert [line.when for line in lines] == [
        timezone.localtime(line_at).strftime("%H:%M")
        for line_at in PublicNotice.objects.order_by("-id").values_list("at", flat=True)
    ]
