"""The admin's search box, bounded (:mod:`camp.admin.search`): a 50,000-character search is past
what SQLite runs ("LIKE or GLOB pattern too complex", "Expression tree is too large")."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client
from django.urls import reverse

from camp.admin.search import MAX_SEARCH_LENGTH, BoundedSearchMixin
from camp.models import Team
from tests.pages import messages

CUT = f"Hledaný text je příliš dlouhý: hledalo se jen podle jeho prvních {MAX_SEARCH_LENGTH} znaků."


def searchable() -> list[str]:
    """The change list of every registered ModelAdmin with a search box."""
    admin.autodiscover()
    return sorted(
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model, model_admin in admin.site._registry.items()
        if model_admin.search_fields
    )


def test_every_search_box_is_bounded() -> None:
    """A ModelAdmin added with ``search_fields`` (the project's, Django's, django-axes') is bounded."""
    admin.autodiscover()
    unbounded = [
        type(model_admin).__name__
        for model_admin in admin.site._registry.values()
        if model_admin.search_fields and not isinstance(model_admin, BoundedSearchMixin)
    ]
    assert unbounded == []
    assert {"/admin/auth/user/", "/admin/camp/team/", "/admin/axes/accesslog/"} <= set(searchable())


@pytest.mark.parametrize("search", ["Ž" * 50_000, "a " * 25_000], ids=["one word", "25,000 words"])
def test_a_very_long_search_is_cut_with_a_warning(admin_client: Client, search: str) -> None:
    for changelist in searchable():
        response = admin_client.get(changelist, {"q": search})
        assert response.status_code == 200, changelist
        assert messages(response, "warning") == [CUT], changelist


def test_the_cut_search_still_searches_and_a_short_one_is_not_cut(
    admin_client: Client, teams: list[Team]
) -> None:
    changelist = reverse("admin:camp_team_changelist")
    response = admin_client.get(changelist, {"q": "Modří" + " " * 200 + "Zelení"})
    assert [t.name for t in response.context["cl"].result_list] == ["Modří"]
    assert messages(response, "warning") == [CUT]
    response = admin_client.get(changelist, {"q": "Zelení"})
    assert [t.name for t in response.context["cl"].result_list] == ["Zelení"]
    assert messages(response, "warning") == []
