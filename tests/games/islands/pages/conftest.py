"""The page tests start in Czech (the camp's language), whatever an earlier request left active."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Each test starts in Czech, whatever language an earlier request left active."""
    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture
def leader(django_user_model):  # type: ignore[no-untyped-def]
    """A staff user who answers the teams' plans (approve, return, reopen, the deadline)."""
    return django_user_model.objects.create_superuser("hlavni", password="x")
