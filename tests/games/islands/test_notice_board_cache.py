"""The notice board is rendered once per version of the camp run (camp.caches.public_pages, issue 12):
every write of the game's rows draws a new version (and so a new page), a write that changes
nothing public renders the same bytes but for the version (a hidden fact never shows on the board),
and an unchanged board is answered from the cache with one query."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.caches import version as versions
from camp.caches.version import public_version_bump
from camp.models import Camp, Round, RoundStatus, Team
from games.islands.engine.hexes import geometry
from games.islands.models.board import BoardHex
from games.islands.models.rounds import RoundResult
from games.islands.orders import OrderSheet
from games.islands.services import rounds

pytestmark = pytest.mark.django_db


class BoardVersion(HTMLParser):
    """The ``data-version`` of the page's ``#board``."""

    def __init__(self) -> None:
        super().__init__()
        self.version = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id") == "board":
            self.version = a.get("data-version") or ""


def board(client: Client, camp: Camp, **query: str) -> tuple[str, str, str]:
    """(ETag, the board's data-version, the page) of the notice board."""
    response = client.get(reverse("islands_public:notice_board", args=[camp.pk]), query)
    assert response.status_code == 200
    parser = BoardVersion()
    page = response.content.decode()
    parser.feed(page)
    return response["ETag"], parser.version, page


def test_every_write_that_changes_the_board_changes_its_version(
    game: Round, camp: Camp, teams: list[Team]
) -> None:
    client = Client()
    seen: list[str] = []

    def changed(what: str) -> str:
        etag, version, page = board(client, camp)
        assert etag == f'"{version}"', what
        assert version not in seen, f"{what} kept the version"
        seen.append(version)
        return page

    changed("start")
    stored = rounds.orders_submit(round=game, team=teams[0], sheet=OrderSheet())
    handed_in = changed("orders stored")  # the team's line now reads "handed in"
    rounds.orders_submit(round=game, team=teams[0], sheet=OrderSheet(), version=stored.version)
    page = changed("orders stored again")
    assert page.replace(seen[-1], seen[-2]) == handed_in  # what the orders say is not on the board
    BoardHex.objects.filter(camp=camp, revealed=False).update(tile="reefs", chests=0)
    assert changed("hidden hexes").replace(seen[-1], seen[-3]) == handed_in  # nor what they hold
    rounds.round_resolve(round=game)
    resolved = changed("resolve")
    assert "2. herní kolo" in resolved
    rounds.round_undo(round=game)
    changed("undo")
    rounds.round_resolve(round=game)
    changed("resolve again")
    result = RoundResult.objects.get(round=game)
    result.pending_telescopes = [f"{teams[0].name}.C1", f"{teams[1].name}.C1"]
    result.save(update_fields=["pending_telescopes"])
    public_version_bump(camp=camp)
    changed("set-up")
    rounds.telescope_choose(round=game, ship=f"{teams[0].name}.C1", at=geometry(5).parse("C3"))
    changed("telescope chosen")
    rounds.telescope_skip(round=game, ship=f"{teams[1].name}.C1")
    changed("telescope skipped")
    rounds.round_close(round=game)
    changed("close")
    next_round = camp_services.round_create(camp=camp)
    changed("a new round")
    camp_services.placements_record(round=next_round, ranks={t.pk: i + 1 for i, t in enumerate(teams)})
    changed("placements")
    team = Team.objects.get(pk=teams[2].pk)
    team.colour = "#123456"
    team.save()  # as the admin's change page does
    assert "#123456" in changed("team colour")
    camp.name = "Jiný název"
    camp.save()
    assert "Jiný název" in changed("camp name")
    Round.objects.filter(pk=next_round.pk).delete()
    changed("round deleted")


def test_an_unchanged_board_comes_from_the_cache_in_one_query(
    game: Round, camp: Camp, django_assert_num_queries: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One query: the camp run's version (the front door's trust in a version it read is off here,
    see the next test)."""
    monkeypatch.setattr(versions, "RECENT_SECONDS", 0.0)
    client = Client()
    etag, version, page = board(client, camp)
    for query in ({}, {"projektor": ""}):
        client.get(reverse("islands_public:notice_board", args=[camp.pk]), query)  # fills the cache
        with django_assert_num_queries(1):  # type: ignore[operator]
            again = client.get(reverse("islands_public:notice_board", args=[camp.pk]), query)
        assert again.status_code == 200 and again["ETag"] == etag
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert client.get(reverse("islands_public:notice_board", args=[camp.pk])).content.decode() == page
    url = reverse("islands_public:notice_board", args=[camp.pk])
    assert client.get(url, {"v": version}, HTTP_HX_REQUEST="true").status_code == 204
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    fragment = client.get(url, {"v": "old"}, HTTP_HX_REQUEST="true").content.decode()
    assert f'data-version="{version}"' in fragment and "<html" not in fragment
    english = client.get("/en" + url)
    assert english["ETag"] != etag and "Golden Islands" in english.content.decode()
    replay = reverse("islands_public:round_replay", args=[camp.pk, 1])
    first = client.get(replay)
    with django_assert_num_queries(1):  # type: ignore[operator]
        assert client.get(replay).content == first.content
    assert client.get(reverse("islands_public:notice_board", args=[99999])).status_code == 404
    assert game.status == RoundStatus.ORDERS_OPEN


def test_the_front_door_reads_the_version_at_most_every_half_second(
    game: Round, camp: Camp, django_assert_num_queries: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crowd's polls within camp.caches.version.RECENT_SECONDS ask the database nothing; a write in
    this process is seen at once, one from outside once that time has passed."""
    client = Client()
    url = reverse("islands_public:notice_board", args=[camp.pk])
    monkeypatch.setattr(versions, "RECENT_SECONDS", 60.0)  # a slow machine takes long between requests
    first = client.get(url)  # rendered and kept
    client.get(url)  # the front door answers it, and reads the version
    with django_assert_num_queries(0):  # type: ignore[operator]
        for _ in range(3):
            assert client.get(url).content == first.content
    public_version_bump(camp=camp)  # a write in this process: seen at once
    bumped = client.get(url)
    assert bumped["ETag"] != first["ETag"]
    Camp.objects.filter(pk=camp.pk).update(public_version="written-by-another-process")
    assert client.get(url)["ETag"] == bumped["ETag"]  # not asked again yet
    monkeypatch.setattr(versions, "RECENT_SECONDS", 0.0)  # ... the time has passed
    assert client.get(url)["ETag"] == '"written-by-another-process-cs"'
    assert versions.public_version_read_at(camp.pk) > 0
    assert client.get(reverse("islands_public:notice_board", args=[99999])).status_code == 404
    assert versions.public_version_read_at(99999) == 0  # a made-up camp run keeps nothing


def test_the_front_door_answers_as_the_whole_chain_did(game: Round, camp: Camp) -> None:
    """camp.caches.public_pages.PublicPageMiddleware: the second request of a page is answered ahead of the
    session, locale and CSRF middleware, with the same content and headers as the first."""
    client = Client()
    url = reverse("islands_public:notice_board", args=[camp.pk])
    for path, headers in ((url, {}), ("/en" + url, {}), (url, {"HTTP_HX_REQUEST": "true"})):
        first = client.get(path, **headers)
        second = client.get(path, **headers)
        assert first.status_code == second.status_code == 200
        assert second.content == first.content
        assert dict(second.items()) == dict(first.items())
        assert second["Content-Language"] == ("en" if path.startswith("/en") else "cs")
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in fragment and "<html" in client.get(url).content.decode()
    public_version_bump(camp=camp)  # a write: the front door lets the request through
    assert client.get(url)["ETag"] != first["ETag"]
