"""One render per change (camp.caches.public_pages, issue 18): the requests for a public page that arrive
while it is being rendered wait for that render and answer with it; none renders it again."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.test import RequestFactory

from camp.caches import public_pages
from camp.caches.version import public_version_bump
from camp.models import Camp

pytestmark = pytest.mark.django_db(transaction=True)  # the requests' threads see the camp run

CROWD = 8


class SlowPage:
    """A public view that counts its renders and holds each until it is released."""

    def __init__(self) -> None:
        self.renders = 0
        self.release = threading.Event()
        self.read = threading.Event()  # a render has read what it shows
        self.view = public_pages.cached_public_page(self.board)

    def board(self, request: HttpRequest, camp_id: int) -> HttpResponse:
        self.renders += 1
        token = Camp.objects.get(pk=camp_id).public_version  # what it shows is read before the wait
        self.read.set()
        self.release.wait(30)
        return HttpResponse(f"board {token} render {self.renders}", content_type="text/html")


def in_threads(call: Callable[[], HttpResponse], n: int) -> tuple[list[threading.Thread], list[HttpResponse]]:
    answers: list[HttpResponse] = []

    def one() -> None:
        try:
            answers.append(call())
        finally:
            connection.close()

    threads = [threading.Thread(target=one) for _ in range(n)]
    for thread in threads:
        thread.start()
    return threads, answers


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 20
    while not condition():
        assert time.monotonic() < deadline, "the requests never lined up behind the render"
        time.sleep(0.01)


def waiting_behind_render() -> int:
    with public_pages._renders_lock:
        return sum(r.waiting for r in public_pages._renders.values())


@pytest.fixture
def camp() -> Iterator[Camp]:
    yield Camp.objects.create(name="Tábor", year=2026)


def burst(page: SlowPage, camp: Camp) -> list[HttpResponse]:
    """CROWD polls of the board at once: one renders, the others line up behind it, then it ends."""
    request = RequestFactory().get(f"/nastenka/{camp.pk}/")
    page.release.clear()
    threads, answers = in_threads(lambda: page.view(request, camp.pk), CROWD)
    wait_for(lambda: waiting_behind_render() == CROWD - 1)
    page.release.set()
    for thread in threads:
        thread.join(30)
    assert len(answers) == CROWD
    return answers


def test_a_crowd_after_a_change_gets_one_render(camp: Camp) -> None:
    page = SlowPage()
    first = burst(page, camp)
    assert page.renders == 1
    assert {a.content for a in first} == {f"board {camp.public_version} render 1".encode()}
    assert {a["ETag"] for a in first} == {f'"{camp.public_version}-cs"'}

    public_version_bump(camp=camp)  # a change: every screen's next poll misses the cache at once
    after = burst(page, camp)
    assert page.renders == 2
    assert {a.content for a in after} == {f"board {camp.public_version} render 2".encode()}
    assert {a.status_code for a in after} == {200}


def test_a_render_overtaken_by_a_write_is_not_kept_and_the_waiters_get_the_new_page(camp: Camp) -> None:
    page = SlowPage()
    request = RequestFactory().get(f"/nastenka/{camp.pk}/")
    threads, answers = in_threads(lambda: page.view(request, camp.pk), CROWD)
    wait_for(lambda: waiting_behind_render() == CROWD - 1 and page.read.is_set())
    public_version_bump(camp=camp)  # while the first render runs: what it read is stale
    page.release.set()
    for thread in threads:
        thread.join(30)
    new = f"board {camp.public_version}".encode()
    # The first render answers its own request only; the others looked again and one rendered anew.
    assert page.renders == 2
    assert sorted(a.content.startswith(new) for a in answers) == [False] + [True] * (CROWD - 1)
    assert {a["ETag"] for a in answers if a.has_header("ETag")} == {f'"{camp.public_version}-cs"'}


@pytest.mark.parametrize(
    ("query", "htmx", "expected"),
    [
        ("", False, "page"),
        ("v=abc-cs", True, "fragment"),
        ("projektor", False, "page-projector"),
        ("projektor=&v=abc-cs", True, "fragment-projector"),
        ("%70rojektor", False, "page-projector"),  # percent-encoded: still the projector's page
        ("v=projektorx", False, "page"),  # the word in a value is not the key
    ],
)
def test_the_variant_a_request_asks_for(query: str, htmx: bool, expected: str) -> None:
    """The cache keys a page by its variant read as the view reads it (``"projektor" in GET``), so
    no spelling of a query keeps the projector's page under the plain page's key."""
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    assert public_pages.variant(RequestFactory().get(f"/nastenka/1/?{query}", **headers)) == expected


def kept_keys(camp: Camp) -> list[str]:
    """The page cache's keys of the camp run's kept public pages (LocMemCache's own table)."""
    return [k for k in public_pages.page_cache._cache if f":{camp.pk}:" in k and "zo-public" in k]  # type: ignore[attr-defined]


def test_a_page_kept_for_a_new_version_drops_the_one_of_the_version_before(camp: Camp) -> None:
    """Every change used to leave its board in the cache (~100 KB each, up to MAX_ENTRIES): the server's
    memory grew with the evening's changes (issue 22). Only the newest version's page is kept."""
    public_pages.page_cache.clear()
    page = SlowPage()
    page.release.set()
    request = RequestFactory().get(f"/nastenka/{camp.pk}/")
    page.view(request, camp.pk)
    first = kept_keys(camp)
    assert len(first) == 1 and camp.public_version in first[0]
    for _ in range(3):
        public_version_bump(camp=camp)
        page.view(request, camp.pk)
    camp.refresh_from_db()
    (kept,) = kept_keys(camp)
    assert camp.public_version in kept
    assert page.renders == 4
    page.view(request, camp.pk)  # the newest is still answered from the cache
    assert page.renders == 4
