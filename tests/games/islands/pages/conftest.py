"""The page tests start in Czech (the camp's language), whatever an earlier request left active."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
import time_machine
from django.utils import timezone


@pytest.fixture
def morning() -> Iterator[None]:
    """The clock at 09:00 today and running: a deadline at 19:30 is still to come whenever the suite
    runs, so setting one is not refused as past (CI ran after 19:30 once and failed)."""
    nine = timezone.make_aware(dt.datetime.combine(timezone.localdate(), dt.time(9, 0)))
    with time_machine.travel(nine, tick=True):
        yield


@pytest.fixture
def leader(django_user_model):  # type: ignore[no-untyped-def]
    """A staff user who answers the teams' plans (approve, return, reopen, the deadline)."""
    return django_user_model.objects.create_superuser("hlavni", password="x")
