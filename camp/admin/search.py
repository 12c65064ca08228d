"""The admin's search box (``?q=``), bounded: Django turns every word of it into a ``LIKE`` on every
search field, so a very long search (50,000 characters, thousands of words) is past what SQLite
runs ("LIKE or GLOB pattern too complex", "Expression tree is too large") and slow on PostgreSQL.
Every ModelAdmin with ``search_fields`` searches with the first :data:`MAX_SEARCH_LENGTH`
characters only, and says so."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _

#: Longer than any name, e-mail or address searched for; at most 50 words, well within SQLite's limits.
MAX_SEARCH_LENGTH = 100


class BoundedSearchMixin:
    """For a ModelAdmin: a search longer than :data:`MAX_SEARCH_LENGTH` is cut, with a warning."""

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Any], search_term: str
    ) -> tuple[QuerySet[Any], bool]:
        if len(search_term) > MAX_SEARCH_LENGTH:
            search_term = search_term[:MAX_SEARCH_LENGTH]
            messages.warning(
                request,
                _("The search is too long: only its first %(max)d characters were searched for.")
                % {"max": MAX_SEARCH_LENGTH},
            )
        return super().get_search_results(request, queryset, search_term)  # type: ignore[misc]
