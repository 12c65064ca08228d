"""camp.request_memo: a value built once per request, or once per process and version (shared)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import transaction
from django.http import HttpRequest, HttpResponse

from camp import services
from camp.models import Camp
from camp.public_version import public_version_bump
from camp.request_memo import RequestMemoMiddleware, remembered


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
