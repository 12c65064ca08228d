"""The new camp run form helps: the rules' AP table and this year filled in, a colour picker with a
distinct colour per team; the placements form: "did not play" and the place exclude each other."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp import services
from camp.forms import parse_row_id
from camp.models import TEAM_COLOURS, Camp, Round, Team, team_colour
from tests.pages import messages


def field(page: BeautifulSoup, name: str) -> dict[str, str]:
    element = page.find(attrs={"name": name})
    assert element is not None, name
    return {key: " ".join(v) if isinstance(v, list) else v for key, v in element.attrs.items()}


def test_the_new_camp_form_has_the_rules_ap_table_and_this_year(admin_client: Client) -> None:
    page = BeautifulSoup(admin_client.get(reverse("admin:camp_camp_add")).content, "html.parser")
    assert field(page, "ap_table")["value"] == "14, 11, 8"
    assert field(page, "year")["value"] == str(timezone.localdate().year)


def test_each_new_team_row_has_a_colour_picker_with_its_own_colour(admin_client: Client) -> None:
    page = BeautifulSoup(admin_client.get(reverse("admin:camp_camp_add")).content, "html.parser")
    colours = []
    for index in ("0", "1", "2", "__prefix__"):
        attrs = field(page, f"teams-{index}-colour")
        assert attrs["type"] == "color"
        colours.append(attrs["value"])
    assert colours == list(TEAM_COLOURS[:4])


def test_each_input_of_a_team_row_is_named_by_its_column(admin_client: Client) -> None:
    """The table's headings label no input: each carries its column's name for screen readers."""
    page = BeautifulSoup(admin_client.get(reverse("admin:camp_camp_add")).content, "html.parser")
    for column in ("name", "colour", "order"):
        heading = page.select_one(f"#teams-group th.column-{column}")
        assert heading is not None, column
        for index in ("0", "1", "2", "__prefix__"):
            assert field(page, f"teams-{index}-{column}")["aria-label"] == heading.get_text(strip=True)


def test_the_untouched_rows_of_the_new_camp_form_store_no_team(admin_client: Client, db: None) -> None:
    """A colour picker always sends its colour: a row with only its colour is no team (no error)."""
    data = {
        "name": "Letní tábor techniků – 2. běh",
        "year": str(timezone.localdate().year),
        "run_number": "2",
        "board_side": "9",
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": "3",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
        "teams-0-name": "Červení",
        "teams-0-colour": TEAM_COLOURS[0],
        "teams-0-order": "1",
        "teams-1-name": "",
        "teams-1-colour": "#123456",
        "teams-1-order": "0",
        "teams-2-name": "",
        "teams-2-colour": TEAM_COLOURS[2],
        "teams-2-order": "0",
    }
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert list(Camp.objects.get().teams.values_list("name", "colour")) == [("Červení", TEAM_COLOURS[0])]


def test_a_team_added_later_gets_a_colour_its_camp_does_not_use(admin_client: Client, camp: Camp) -> None:
    services.team_create(camp=camp, name="Červení", colour=TEAM_COLOURS[0])
    services.team_create(camp=camp, name="Zelení", colour=TEAM_COLOURS[2])
    change = BeautifulSoup(
        admin_client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content, "html.parser"
    )
    assert field(change, "teams-__prefix__-colour")["value"] == TEAM_COLOURS[1]
    add = BeautifulSoup(
        admin_client.get(reverse("admin:camp_team_add") + f"?camp={camp.pk}").content, "html.parser"
    )
    assert field(add, "colour") == {**field(add, "colour"), "type": "color", "value": TEAM_COLOURS[1]}


@pytest.mark.parametrize("junk", ["²", "١٢", "-1", "1" * 30, "abc"])
def test_a_team_added_for_no_camp_run_id_gets_the_first_colour(
    admin_client: Client, db: None, junk: str
) -> None:
    """``?camp=`` that is no id (``"²"``: a digit to ``str.isdigit``, no number to ``int``; was a 500)."""
    response = admin_client.get(reverse("admin:camp_team_add") + f"?camp={junk}")
    assert response.status_code == 200
    add = BeautifulSoup(response.content, "html.parser")
    assert field(add, "colour")["value"] == TEAM_COLOURS[0]


@pytest.mark.parametrize(
    ("text", "row_id"),
    [
        ("12", 12),
        ("007", 7),
        ("9" * 18, int("9" * 18)),
        ("9" * 19, None),
        ("²", None),
        ("١٢", None),
        ("-1", None),
        ("+1", None),
        (" 1", None),
        ("", None),
    ],
)
def test_a_row_id_is_ascii_digits_a_key_holds(text: str, row_id: int | None) -> None:
    assert parse_row_id(text) == row_id


def test_team_colour_skips_used_colours_and_wraps() -> None:
    assert team_colour(0, {TEAM_COLOURS[0]}) == TEAM_COLOURS[1]
    assert team_colour(len(TEAM_COLOURS)) == TEAM_COLOURS[0]
    assert team_colour(3, set(TEAM_COLOURS)) == TEAM_COLOURS[3]


# ------------------------------------------------------------------------------------ placements


def test_the_placements_form_wires_place_and_did_not_play_to_each_other(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    page = BeautifulSoup(
        admin_client.get(reverse("admin:camp_round_placements", args=[round1.pk])).content, "html.parser"
    )
    script = page.find("script", src=lambda src: bool(src) and src.endswith("camp/placements.js"))
    assert script is not None
    for team in teams:
        absent = field(page, f"absent-{team.pk}")
        assert absent["data-zo-clears"] == f"rank-{team.pk}"
        assert field(page, f"rank-{team.pk}")["data-zo-clears"] == f"absent-{team.pk}"


def test_the_saved_message_names_the_teams_that_did_not_play(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    data = {
        "team": [str(red.pk), str(blue.pk), str(green.pk)],
        f"rank-{red.pk}": "1",
        f"rank-{blue.pk}": "",
        f"absent-{blue.pk}": "1",
        f"rank-{green.pk}": "2",
    }
    response = admin_client.post(reverse("admin:camp_round_placements", args=[round1.pk]), data, follow=True)
    assert messages(response, "success") == [
        "Umístění 1. herního kola uložena: Červení 1. (14 AB), Zelení 2. (11 AB). Nehrál tým Modří."
    ]


@pytest.mark.parametrize("absent", [True, False])
def test_a_place_and_did_not_play_together_are_refused_without_javascript(
    admin_client: Client, teams: list[Team], round1: Round, absent: bool
) -> None:
    red, blue, green = teams
    data = {"team": [str(t.pk) for t in teams], f"rank-{red.pk}": "1", f"rank-{blue.pk}": "2"}
    data[f"rank-{green.pk}"] = "3"
    if absent:
        data[f"absent-{green.pk}"] = "1"
    response = admin_client.post(reverse("admin:camp_round_placements", args=[round1.pk]), data)
    page = BeautifulSoup(response.content, "html.parser")
    problems = [li.get_text(" ", strip=True) for li in page.select(".errornote .zo-problems li")]
    if absent:
        assert problems == ["Zelení: zadejte buď místo, nebo „nehrál“, ne obojí."]
    else:
        assert response.status_code == 302


def test_the_placements_page_links_back_to_the_evening_panel(
    admin_client: Client, camp: Camp, round1: Round
) -> None:
    page = BeautifulSoup(
        admin_client.get(reverse("admin:camp_round_placements", args=[round1.pk])).content, "html.parser"
    )
    link = page.select_one(".breadcrumbs a.zo-desk-link")
    assert (link.get_text(strip=True), link["href"]) == ("Zpět na dnešní večer", f"/admin/?camp={camp.pk}")
