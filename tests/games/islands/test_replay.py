"""The replay of a resolved round and the notice board's polling (issue 10, parts 1 and 2)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from camp.models import Camp, Round, RoundStatus, Team
from games.islands import replay_frames
from games.islands.engine.hexes import geometry
from games.islands.models.rounds import RoundResult, TelescopeChoice
from games.islands.selectors.maps import notice_board_version
from games.islands.services import rounds

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def round_one(game: None, camp: Camp) -> Round:
    return Round.objects.get(camp=camp, number=1)


class Frames(HTMLParser):
    """The replay page's frames: title and event lines of each ``section.zo-frame``."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, list[str] | str]] = []
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and "zo-frame" in (a.get("class") or ""):
            self.frames.append({"title": "", "lines": []})
        elif self.frames and tag == "h2":
            self._in = "title"
        elif self.frames and tag == "li":
            self._in = "line"
            self.frames[-1]["lines"].append("")  # type: ignore[union-attr]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("h2", "li"):
            self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.frames[-1]["title"] += data  # type: ignore[operator]
        elif self._in == "line":
            lines = self.frames[-1]["lines"]
            lines[-1] += data  # type: ignore[index]


def test_a_played_round_replays_exactly_from_before_to_its_end(round_one: Round) -> None:
    played = replay_frames.round_replay(round_one)
    assert played is not None and played.exact
    titles = [f.title for f in played.frames]
    assert titles[0] == "Před kolem" and titles[-1] == "Konec kola", titles
    # Every public event of the stored log is told once, in order; nothing else is.
    result = RoundResult.objects.get(round=round_one)
    told = [line for f in played.frames for line in f.lines]
    from games.islands import words

    assert told == [words.event_text(e) for e in result.events if e["visibility"] == "public"]
    # The last frame's ships stand where the round left them (the state after round 1 was stored).
    before = played.frames[0].view
    after = played.frames[-1].view
    assert {(s.team, s.ident, s.at) for s in after.ships} != {(s.team, s.ident, s.at) for s in before.ships}
    assert all(s.chests is None for f in played.frames for s in f.view.ships)  # no cargo anywhere


def test_the_replay_page_shows_every_frame_and_no_private_event(round_one: Round, client: Client) -> None:
    result = RoundResult.objects.get(round=round_one)
    private = [e for e in result.events if e["visibility"] != "public"]
    assert private  # the round has loads/hints: something to keep out
    url = reverse("islands_public:round_replay", args=[round_one.camp_id, 1])
    response = client.get(url)
    assert response.status_code == 200
    parser = Frames()
    parser.feed(response.content.decode())
    played = replay_frames.round_replay(round_one)
    assert played is not None
    assert [f["lines"] for f in parser.frames] == [list(f.lines) for f in played.frames]
    html = response.content.decode()
    from games.islands import words

    for e in private:
        assert words.event_text(e) not in html, e


def test_a_round_not_resolved_has_no_replay(game: None, camp: Camp, client: Client) -> None:
    assert client.get(reverse("islands_public:round_replay", args=[camp.pk, 2])).status_code == 404
    assert client.get(reverse("islands_public:round_replay", args=[camp.pk, 99])).status_code == 404


def test_the_notice_board_links_to_the_replay_of_its_last_round(round_one: Round, client: Client) -> None:
    html = client.get(reverse("islands_public:notice_board", args=[round_one.camp_id])).content.decode()
    link = re.search(r'<a href="([^"]+)">Přehrát kolo krok za krokem</a>', html)
    assert link is not None and link.group(1) == reverse(
        "islands_public:round_replay", args=[round_one.camp_id, 1]
    )


def test_an_unchanged_board_answers_its_poll_with_nothing(round_one: Round, client: Client) -> None:
    camp = round_one.camp
    url = reverse("islands_public:notice_board", args=[camp.pk])
    first = client.get(url)
    etag = first["ETag"]
    version = re.search(r'data-version="([^"]+)"', first.content.decode()).group(1)  # type: ignore[union-attr]
    assert etag == f'"{version}"'
    assert client.get(url, {"v": version}, **HTMX).status_code == 204
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304 and again.content == b""
    # An old version gets the new board (a fragment with the new version to poll with).
    stale = client.get(url, {"v": "old"}, **HTMX)
    assert stale.status_code == 200 and f'data-version="{version}"' in stale.content.decode()
    assert "<html" not in stale.content.decode()


def test_a_telescope_choice_changes_the_version_and_appears_in_the_events(
    round_one: Round, teams: list[Team], client: Client
) -> None:
    camp = round_one.camp
    result = RoundResult.objects.get(round=round_one)
    result.pending_telescopes = [f"{teams[0].name}.C1"]  # the round as if C1 had found a telescope
    result.save(update_fields=["pending_telescopes"])
    TelescopeChoice.objects.filter(result=result).delete()
    Round.objects.filter(pk=round_one.pk).update(status=RoundStatus.RESOLVED)  # choices still open
    before = notice_board_version(camp)
    rounds.telescope_choose(round=round_one, ship=f"{teams[0].name}.C1", at=geometry(5).parse("C3"))
    assert notice_board_version(camp) != before
    html = client.get(reverse("islands_public:notice_board", args=[camp.pk])).content.decode()
    assert f"Dalekohled lodi 1 týmu {teams[0].name} odhalil okolí C3" in html
    page = client.get(reverse("islands_public:round_replay", args=[camp.pk, 1])).content.decode()
    parser = Frames()
    parser.feed(page)
    assert parser.frames[-1]["title"].startswith("Dalekohledy")  # type: ignore[union-attr]
    assert parser.frames[-1]["lines"] == [f"Dalekohled lodi 1 týmu {teams[0].name} odhalil okolí C3"]


def test_the_public_pages_do_not_depend_on_hidden_hexes(round_one: Round, client: Client) -> None:
    """A write of hidden hexes draws a new version, as every write does; the notice board and the
    replay are the same bytes but for it."""
    from games.islands.models.board import BoardHex

    camp = round_one.camp
    pages = [
        reverse("islands_public:notice_board", args=[camp.pk]),
        reverse("islands_public:round_replay", args=[camp.pk, 1]),
    ]
    before, version = [client.get(page).content for page in pages], notice_board_version(camp)
    BoardHex.objects.filter(camp=camp, revealed=False).update(tile="reefs", chests=0)
    drawn = notice_board_version(camp)
    assert drawn != version
    assert [client.get(page).content.replace(drawn.encode(), version.encode()) for page in pages] == before
