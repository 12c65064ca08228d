"""camp.caches.request_memo: a value built once per request, or once per process and version (shared), and
reads of one moment (``consistent_reads``) while another thread commits."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse

from camp import services
from camp.caches.request_memo import RequestMemoMiddleware, consistent_reads, remembered
from camp.caches.version import public_version, public_version_bump
from camp.models import Camp


def in_request(call: Callable[[], Any]) -> Any:
    """``call()`` as a view would run it, inside the memo's middleware."""
    seen: list[Any] = []

    def view(request: HttpRequest) -> HttpResponse:
        seen.append(call())
        return HttpResponse()

    RequestMemoMiddleware(view)(HttpRequest())
    return seen[0]


@pytest.fixture
def camp(transactional_db: None) -> Camp:
    """Outside a transaction, as a page request is (the ``db`` fixture wraps each test in one)."""
    return services.camp_create(name="Paměť", year=2026)


def counting() -> tuple[list[int], Callable[[], int]]:
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    return builds, build


def test_outside_a_request_every_call_builds(camp: Camp) -> None:
    builds, build = counting()
    assert [remembered(camp.pk, ("k",), build, shared=True) for _ in range(3)] == [1, 2, 3]


def test_within_one_request_a_value_is_built_once(camp: Camp) -> None:
    builds, build = counting()
    assert in_request(lambda: [remembered(camp.pk, ("k",), build) for _ in range(3)]) == [1, 1, 1]
    assert in_request(lambda: remembered(camp.pk, ("k",), build)) == 2  # not shared: the next builds


def test_shared_values_serve_later_requests_until_the_version_changes(camp: Camp) -> None:
    builds, build = counting()
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 1
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 1
    assert in_request(lambda: remembered(camp.pk, ("other",), build, shared=True)) == 2  # another key
    public_version_bump(camp=camp)
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 3


def test_inside_a_transaction_the_shared_values_are_not_used(camp: Camp) -> None:
    """A service writing under its row locks reads the rows, never what another request built."""
    builds, build = counting()
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 1

    def writing() -> int:
        with transaction.atomic():
            return remembered(camp.pk, ("k",), build, shared=True)

    assert in_request(writing) == 2
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 1


def bump_elsewhere(camp: Camp) -> None:
    """Another staff member's write, committed from another thread (its own connection)."""

    def write() -> None:
        try:
            public_version_bump(camp=camp.pk)
        finally:
            connection.close()

    thread = threading.Thread(target=write)
    thread.start()
    thread.join(30)
    assert not thread.is_alive()


def test_consistent_reads_see_one_moment_while_another_thread_commits(
    camp: Camp, production_journal: None
) -> None:
    before = public_version(camp.pk)
    with consistent_reads():
        assert public_version(camp.pk) == before
        bump_elsewhere(camp)  # committed at once: the read took no write lock
        assert public_version(camp.pk) == before  # still the moment the reads began
    assert public_version(camp.pk) != before


def test_inside_consistent_reads_the_shared_values_are_used(camp: Camp) -> None:
    builds, build = counting()

    def reading() -> int:
        with consistent_reads():
            return remembered(camp.pk, ("k",), build, shared=True)

    assert in_request(reading) == 1
    assert in_request(reading) == 1
    assert in_request(lambda: remembered(camp.pk, ("k",), build, shared=True)) == 1


def test_a_value_built_while_a_write_came_in_is_not_kept(camp: Camp, production_journal: None) -> None:
    """Outside a transaction the rows it was built from may be of two versions: the next request
    builds it again instead of reading what may be half of each."""
    builds: list[int] = []

    def build_while_a_round_commits() -> int:
        builds.append(1)
        if len(builds) == 1:
            bump_elsewhere(camp)
        return len(builds)

    def twice() -> list[int]:
        return [remembered(camp.pk, ("k",), build_while_a_round_commits, shared=True) for _ in range(2)]

    assert in_request(twice) == [1, 2]  # not kept even within the request
    assert in_request(lambda: remembered(camp.pk, ("k",), build_while_a_round_commits, shared=True)) == 2
