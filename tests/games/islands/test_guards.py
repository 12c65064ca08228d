"""The islands game's guards on camp data: no team joins a camp run once its game has started (the
new team would have no harbor and no ship, yet show in the standings and on the sheets)."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from camp import services as camp_services
from camp.models import Camp, Team
from games.islands import demo
from games.islands.services import board as board_services

REFUSED = "Hra Zlaté ostrovy v tomto běhu tábora už začala: tým už nelze přidat (neměl by přístav ani loď)."


def text(response: object) -> str:
    return re.sub(r"\s+", " ", response.content.decode())  # type: ignore[attr-defined]


def names(camp: Camp) -> list[str]:
    return list(Team.objects.filter(camp=camp).order_by("id").values_list("name", flat=True))


def inline_data(camp: Camp, new_name: str) -> dict[str, str]:
    """The camp run's change form as the page posts it, with one new team row in the inline."""
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    data = {
        "name": camp.name,
        "year": str(camp.year),
        "run_number": str(camp.run_number),
        "board_side": str(camp.board_side),
        "ap_table": ", ".join(map(str, camp.ap_table)),
        "teams-TOTAL_FORMS": str(len(teams) + 1),
        "teams-INITIAL_FORMS": str(len(teams)),
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
    }
    for i, team in enumerate(teams):
        data |= {
            f"teams-{i}-id": str(team.pk),
            f"teams-{i}-camp": str(camp.pk),
            f"teams-{i}-name": team.name,
            f"teams-{i}-colour": team.colour,
            f"teams-{i}-order": str(team.order),
        }
    n = len(teams)
    data |= {f"teams-{n}-camp": str(camp.pk), f"teams-{n}-name": new_name, f"teams-{n}-colour": "#f1c40f"}
    data[f"teams-{n}-order"] = "9"
    return data


def test_a_team_can_join_until_the_game_starts(camp: Camp, teams: list[Team], staff_client: Client) -> None:
    board_services.board_generate(camp=camp, seed=11)  # a board, sides not drawn, not started
    camp_services.team_create(camp=camp, name="Žlutí", colour="#f1c40f")
    response = staff_client.post(
        reverse("admin:camp_team_add"),
        {"camp": camp.pk, "name": "Fialoví", "colour": "#8E44AD", "order": "5"},
    )
    assert response.status_code == 302
    response = staff_client.post(reverse("admin:camp_camp_change", args=[camp.pk]), inline_data(camp, "Bílí"))
    assert response.status_code == 302, text(response)[:3000]
    assert names(camp) == ["Červení", "Modří", "Zelení", "Žlutí", "Fialoví", "Bílí"]
    assert Team.objects.get(name="Fialoví").colour == "#8e44ad"


def test_the_service_refuses_a_team_once_the_game_started(camp: Camp, teams: list[Team]) -> None:
    demo.game_setup(camp, board_seed=11)
    with pytest.raises(ValidationError) as caught:
        camp_services.team_create(camp=camp, name="Žlutí", colour="#f1c40f")
    assert caught.value.code == "team_add_locked"
    assert caught.value.messages == [REFUSED]
    assert names(camp) == ["Červení", "Modří", "Zelení"]


def test_the_admin_refuses_a_team_once_the_game_started(
    camp: Camp, teams: list[Team], other_camp: Camp, staff_client: Client
) -> None:
    demo.game_setup(camp, board_seed=11)
    response = staff_client.post(
        reverse("admin:camp_team_add"), {"camp": camp.pk, "name": "Žlutí", "colour": "#f1c40f", "order": "4"}
    )
    assert response.status_code == 200
    assert REFUSED in text(response)
    response = staff_client.post(
        reverse("admin:camp_camp_change", args=[camp.pk]), inline_data(camp, "Žlutí")
    )
    assert response.status_code == 200
    assert REFUSED in text(response)
    assert names(camp) == ["Červení", "Modří", "Zelení"]
    # another camp run (no game yet) still takes teams, and the started one's teams can still change
    response = staff_client.post(
        reverse("admin:camp_team_add"),
        {"camp": other_camp.pk, "name": "Žlutí", "colour": "#f1c40f", "order": "1"},
    )
    assert response.status_code == 302
    red = teams[0]
    response = staff_client.post(
        reverse("admin:camp_team_change", args=[red.pk]),
        {"name": red.name, "colour": "#111111", "order": "1"},
    )
    assert response.status_code == 302
    assert Team.objects.get(pk=red.pk).colour == "#111111"
