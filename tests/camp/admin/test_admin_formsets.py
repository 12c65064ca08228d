"""Every admin inline is bounded: a camp run's form takes at most ``MAX_TEAMS`` team rows, a forged
``TOTAL_FORMS`` of two billion is refused with Django's "at most N forms" at the cost of a normal
post (it built 2,000 forms and held a server thread for over a minute), and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import ngettext

from camp import services
from camp.errors import CampError
from camp.models import MAX_TEAMS, TEAM_COLOURS, Camp, Team


def _camp_form(teams: int, *, total: int | None = None) -> dict[str, str]:
    """The new camp run form with ``teams`` filled team rows (``TOTAL_FORMS`` = ``total`` or that)."""
    data = {
        "name": "Letní tábor – 3. běh",
        "year": str(timezone.localdate().year),
        "run_number": "3",
        "board_side": "9",
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": str(teams if total is None else total),
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": str(MAX_TEAMS),
    }
    for i in range(teams):
        data |= {
            f"teams-{i}-name": f"Tým {i + 1}",
            f"teams-{i}-colour": TEAM_COLOURS[i % len(TEAM_COLOURS)],
            f"teams-{i}-label": f"T{i + 1}",
            f"teams-{i}-order": str(i + 1),
        }
    return data


def _at_most() -> str:
    """Django's own message, in the pages' language (Czech)."""
    with translation.override("cs"):
        return ngettext(
            "Please submit at most %(num)d form.", "Please submit at most %(num)d forms.", MAX_TEAMS
        ) % {"num": MAX_TEAMS}


def test_a_camp_run_takes_as_many_teams_as_the_bound(admin_client: Client, db: None) -> None:
    response = admin_client.post(reverse("admin:camp_camp_add"), _camp_form(MAX_TEAMS))
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Team.objects.filter(camp=Camp.objects.get()).count() == MAX_TEAMS


def test_one_team_more_is_refused_with_a_message(admin_client: Client, db: None) -> None:
    response = admin_client.post(reverse("admin:camp_camp_add"), _camp_form(MAX_TEAMS + 1))
    assert response.status_code == 200
    assert _at_most() in response.content.decode()
    assert not Camp.objects.exists()


@pytest.mark.parametrize("total", [2_147_483_648, 10**12, 2001])
def test_a_forged_row_count_is_refused_at_the_cost_of_a_normal_post(
    admin_client: Client, db: None, total: int
) -> None:
    with CaptureQueriesContext(connection) as normal:
        admin_client.post(reverse("admin:camp_camp_add"), _camp_form(MAX_TEAMS + 1))
    Camp.objects.all().delete()
    with CaptureQueriesContext(connection) as forged:
        response = admin_client.post(reverse("admin:camp_camp_add"), _camp_form(2, total=total))
    assert response.status_code == 200
    assert _at_most() in response.content.decode()
    assert not Camp.objects.exists()
    # Django built a form (and asked the database) for each of 2,000 rows; now at most the bound's.
    assert len(forged) <= len(normal) + 5, (len(forged), len(normal))


def test_the_camp_page_of_an_existing_run_is_bounded_too(admin_client: Client, camp: Camp) -> None:
    services.team_create(camp=camp, name="Červení", colour=TEAM_COLOURS[0])
    page = admin_client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content.decode()
    assert f'name="teams-MAX_NUM_FORMS" value="{MAX_TEAMS}"' in page


def test_the_service_and_the_team_page_refuse_one_team_more(admin_client: Client, camp: Camp) -> None:
    for i in range(MAX_TEAMS):
        services.team_create(camp=camp, name=f"Tým {i + 1}", colour=TEAM_COLOURS[i % len(TEAM_COLOURS)])
    with translation.override("cs"):
        message = ngettext(
            "A camp run has at most %(max)d team.", "A camp run has at most %(max)d teams.", MAX_TEAMS
        ) % {"max": MAX_TEAMS}
    with pytest.raises(CampError) as refused, translation.override("cs"):
        services.team_create(camp=camp, name="Navíc", colour="#000000")
    assert refused.value.messages == [message]
    response = admin_client.post(
        reverse("admin:camp_team_add"),
        {"camp": str(camp.pk), "name": "Navíc", "colour": "#000000", "order": str(MAX_TEAMS + 1)},
    )
    assert response.status_code == 200 and message in response.content.decode()
    assert camp.teams.count() == MAX_TEAMS


def _inlines() -> list[tuple[str, Any]]:
    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(is_superuser=True, is_staff=True, is_active=True)
    found = []
    for model in apps.get_models():
        if admin.site.is_registered(model):
            model_admin = admin.site.get_model_admin(model)
            for inline_class in model_admin.inlines:
                inline = inline_class(model, admin.site)
                found.append((f"{model.__name__}.{inline_class.__name__}", inline.get_formset(request)))
    return found


def test_every_inline_of_the_admin_has_a_bound_fit_for_a_camp(db: None) -> None:
    inlines = _inlines()
    names = {name for name, _ in inlines}
    assert names >= {"Camp.TeamInline", "Round.MiniGameInline", "Round.PlacementInline"}, names
    for name, formset in inlines:
        assert formset.absolute_max <= MAX_TEAMS, name
        assert formset.validate_max, name


def test_the_messages_are_in_czech(db: None) -> None:
    assert _at_most() == "Odešlete prosím nejvíce 30 formulářů."
    with translation.override("cs"):
        assert services.too_many_teams_message() == "Běh tábora má nejvýše 30 týmů."
