"""The staff admin: the "record all placements" page, the AP overview, the home, languages."""

from __future__ import annotations

import html
import json
import re
from itertools import pairwise
from pathlib import Path

import django
import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from camp import services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from tests.camp.conftest import db_state

ROOT = Path(__file__).resolve().parents[3]


def placements_url(round_: Round) -> str:
    return reverse("admin:camp_round_placements", args=[round_.pk])


def post_data(rows: list[tuple[object, str, bool]]) -> dict[str, list[str]]:
    """The form as the page posts it: (team id, typed place, "did not play" ticked) per row."""
    data: dict[str, list[str]] = {"team": []}
    for tid, rank, absent in rows:
        data["team"].append(str(tid))
        data.setdefault(f"rank-{tid}", []).append(rank)
        if absent:
            data[f"absent-{tid}"] = ["1"]
    return data


def text(response: object) -> str:
    return re.sub(r"\s+", " ", response.content.decode())  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- access and GET


def test_anonymous_is_sent_to_login(client: Client, round1: Round) -> None:
    for url in (placements_url(round1), reverse("admin:camp_camp_ap_overview", args=[round1.camp_id])):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("admin:login"))
    response = client.post(placements_url(round1), post_data([(t, "1", False) for t in []]))
    assert response.status_code == 302
    assert not Placement.objects.exists()


def test_staff_without_permission_is_refused(db: None, round1: Round, django_user_model: type) -> None:
    user = django_user_model.objects.create_user(username="host", password="x", is_staff=True)
    client = Client()
    client.force_login(user)
    assert client.get(placements_url(round1)).status_code == 403


def test_get_renders_one_row_per_team(admin_client: Client, teams: list[Team], round1: Round) -> None:
    response = admin_client.get(placements_url(round1))
    assert response.status_code == 200
    page = text(response)
    for team in teams:
        assert f'name="rank-{team.pk}"' in page
        assert f'name="absent-{team.pk}"' in page
        assert team.name in page
    assert "Zapsat umístění" in page
    assert 'data-hx-post="' in page and 'data-hx-target="#ap-preview"' in page
    assert 'data-hx-headers=\'{"X-CSRFToken": "' in page  # on <body>, from admin/base.html
    assert "js/htmx.min.js" in page


def test_the_preview_heading_follows_the_title_without_skipping_a_level(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    """Screen readers jump by heading level: the preview's heading is an h2 under the page's h1."""
    soup = BeautifulSoup(text(admin_client.get(placements_url(round1))), "html.parser")
    levels = [int(h.name[1]) for h in soup.find_all(re.compile(r"^h[1-6]$"))]
    assert levels[0] == 1 and all(b <= a + 1 for a, b in pairwise(levels)), levels
    assert soup.select_one("#ap-preview > h2") is not None


def test_get_shows_recorded_placements(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: None})
    page = text(admin_client.get(placements_url(round1)))
    assert f'name="rank-{red.pk}" value="1"' in page
    assert f'name="rank-{green.pk}" value=""' in page
    assert f'name="absent-{green.pk}" value="1" checked' in page


def test_unknown_round_is_404(admin_client: Client, db: None) -> None:
    assert admin_client.get(reverse("admin:camp_round_placements", args=[987654])).status_code == 404
    assert admin_client.get("/admin/camp/round/abc/placements/").status_code == 404


# ------------------------------------------------------------------------------------- POST


def test_valid_post_stores_and_redirects_with_message(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    response = admin_client.post(
        placements_url(round1), post_data([(red.pk, "2", False), (blue.pk, "1", False), (green.pk, "", True)])
    )
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:camp_camp_ap_overview", args=[round1.camp_id]))
    assert sorted(Placement.objects.values_list("team_id", "rank", "ap")) == sorted(
        [(red.pk, 2, 11), (blue.pk, 1, 14)]
    )
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.MINIGAME_RECORDED
    page = text(admin_client.get(response["Location"]))
    assert "Umístění 1. herního kola uložena" in page
    assert "Modří 1. (14 AB)" in page


def assert_refused(admin_client: Client, round_: Round, data: dict[str, list[str]], *expected: str) -> str:
    before = db_state()
    response = admin_client.post(placements_url(round_), data)
    assert response.status_code == 200
    assert db_state() == before, "nothing may be stored"
    page = text(response)
    assert "Nic nebylo uloženo." in page
    for message in expected:
        assert message in page, message
    return page


def test_team_twice(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, "2", False), (green.pk, "3", False)])
    data["team"].append(str(red.pk))
    assert_refused(admin_client, round1, data, "Červení: tým je zadán víckrát.")


def test_rank_zero(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "0", False), (blue.pk, "1", False), (green.pk, "2", False)])
    page = assert_refused(
        admin_client, round1, data, "Červení: místo musí být celé číslo 1 nebo větší (zadáno: „0“)."
    )
    assert 'class="zo-has-error"' in page  # the row itself is marked too


def test_letters(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, "abc", False), (green.pk, "2", False)])
    page = assert_refused(
        admin_client, round1, data, "Modří: místo musí být celé číslo 1 nebo větší (zadáno: „abc“)."
    )
    assert f'name="rank-{blue.pk}" value="abc"' in page  # what was typed is kept


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("1000000", "1000000"),
        ("100000000000000000000000000000", "10000000000000000000…"),
        ("+0000000000000000099999", "+0000000000000000099…"),
    ],
)
def test_a_huge_place_is_too_large_and_echoed_as_typed(
    admin_client: Client, teams: list[Team], round1: Round, typed: str, shown: str
) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, typed, False), (green.pk, "2", False)])
    page = assert_refused(admin_client, round1, data, f"Modří: místo je příliš velké (zadáno: „{shown}“).")
    assert "1 nebo větší" not in page
    assert f'name="rank-{blue.pk}" value="{typed}"' in page  # the field keeps every digit


def test_inline_add_links_read_well_in_czech(admin_client: Client, teams: list[Team], round1: Round) -> None:
    def add_texts(url: str) -> list[str]:
        page = admin_client.get(url).content.decode()
        found = re.findall(r'data-inline-formset="([^"]*)"', page)
        return [json.loads(html.unescape(raw))["options"]["addText"] for raw in found]

    assert add_texts(reverse("admin:camp_camp_change", args=[round1.camp_id])) == ["Přidat další tým"]
    assert add_texts(reverse("admin:camp_round_change", args=[round1.pk]))[0] == "Přidat dílčí hru"


def test_gap_in_ranks(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, "3", False), (green.pk, "", True)])
    assert_refused(
        admin_client,
        round1,
        data,
        "Modří: 3. místo není možné: lépe je umístěn 1 tým, další místo je tedy 2.",
    )


def test_team_of_another_camp(admin_client: Client, teams: list[Team], round1: Round, stranger: Team) -> None:
    red, blue, green = teams
    data = post_data(
        [(red.pk, "1", False), (blue.pk, "2", False), (green.pk, "3", False), (stranger.pk, "4", False)]
    )
    assert_refused(admin_client, round1, data, "Žlutí: tento tým patří k jinému běhu tábora")


def test_missing_fields(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, "2", False)])  # Zelení's row is gone
    del data[f"rank-{blue.pk}"]  # and Modří's place too
    assert_refused(
        admin_client,
        round1,
        data,
        "Modří: zadejte místo, nebo zaškrtněte „nehrál“.",
        "Zelení ve formuláři chybí",
    )


def test_empty_post(admin_client: Client, teams: list[Team], round1: Round) -> None:
    page = assert_refused(admin_client, round1, {}, "Červení ve formuláři chybí")
    assert "Zelení ve formuláři chybí" in page


def test_rank_and_did_not_play_both(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", True), (blue.pk, "2", False), (green.pk, "3", False)])
    assert_refused(admin_client, round1, data, "Červení: zadejte buď místo, nebo „nehrál“, ne obojí.")


@pytest.mark.parametrize("bad_id", ["abc", "-1", "1.5", "", "9" * 40, "²"])  # "²": isdigit() yes, int() no
def test_tampered_team_ids(admin_client: Client, teams: list[Team], round1: Round, bad_id: str) -> None:
    data = post_data([(t.pk, str(i + 1), False) for i, t in enumerate(teams)])
    data["team"].append(bad_id)
    data[f"rank-{bad_id}"] = ["1"]
    assert_refused(admin_client, round1, data, "Formulář obsahuje neznámý tým")


def test_unknown_team_id(admin_client: Client, teams: list[Team], round1: Round) -> None:
    data = post_data([*[(t.pk, str(i + 1), False) for i, t in enumerate(teams)], (987654, "4", False)])
    assert_refused(admin_client, round1, data, "Tým č. 987654 neexistuje.")


def test_resolved_round_cannot_be_changed(admin_client: Client, teams: list[Team], round1: Round) -> None:
    services.placements_record(round=round1, ranks={t.pk: i + 1 for i, t in enumerate(teams)})
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.RESOLVED)
    page = text(admin_client.get(placements_url(round1)))
    assert "umístění proto nelze měnit. Nejdřív vraťte vyhodnocení." in page and "disabled" in page
    data = post_data([(t.pk, "1", False) for t in teams])
    assert_refused(admin_client, round1, data, "je už ve stavu „vyhodnoceno“")


def test_closed_round_cannot_be_changed_and_says_so(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    """A closed round never goes back: the page does not tell staff to undo it (QA finding)."""
    services.placements_record(round=round1, ranks={t.pk: i + 1 for i, t in enumerate(teams)})
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.CLOSED)
    page = text(admin_client.get(placements_url(round1)))
    assert "Kolo 1 je uzavřené: umístění už nelze změnit." in page and "disabled" in page
    assert "vraťte" not in page
    data = post_data([(t.pk, "1", False) for t in teams])
    assert_refused(admin_client, round1, data, "Kolo 1 je uzavřené: umístění už nelze změnit.")
    assert "vraťte" not in text(admin_client.post(placements_url(round1), data))


def test_saving_goes_back_to_the_round_page_staff_came_from(
    admin_client: Client, teams: list[Team], round1: Round, camp: Camp
) -> None:
    """Opened from the round's page (its ``next``, or the Referer), saving goes back there; from
    anywhere else (another round's page, the home page, another host) to the AP overview, as before."""
    round_page = reverse("admin:islands_round_page", args=[round1.pk])
    overview = reverse("admin:camp_camp_ap_overview", args=[camp.pk]) + "?round=1"
    page = text(admin_client.get(placements_url(round1), HTTP_REFERER=f"http://testserver{round_page}"))
    assert f'<input type="hidden" name="next" value="{round_page}">' in page
    data = post_data([(t.pk, str(i), False) for i, t in enumerate(teams, start=1)])
    response = admin_client.post(placements_url(round1), {**data, "next": [round_page]})
    assert response.status_code == 302 and response["Location"] == round_page
    assert Placement.objects.filter(round=round1).count() == 3

    round2 = services.round_create(camp=camp)
    for elsewhere in (
        reverse("admin:islands_round_page", args=[round2.pk]),
        reverse("admin:index"),
        f"https://evil.example.org{round_page}",
        "/no/such/page/",
    ):
        page = text(admin_client.get(placements_url(round1), HTTP_REFERER=elsewhere))
        assert 'type="hidden" name="next"' not in page, elsewhere
        response = admin_client.post(placements_url(round1), {**data, "next": [elsewhere]})
        assert response.status_code == 302 and response["Location"] == overview, elsewhere
    response = admin_client.post(placements_url(round1), data)
    assert response["Location"] == overview


def test_recording_again_replaces(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    data = post_data([(red.pk, "1", False), (blue.pk, "1", False), (green.pk, "3", False)])
    assert admin_client.post(placements_url(round1), data).status_code == 302
    assert sorted(Placement.objects.values_list("team_id", "ap")) == sorted(
        [(red.pk, 14), (blue.pk, 14), (green.pk, 8)]
    )


# ------------------------------------------------------------------------------------- htmx


def test_htmx_preview_returns_only_the_fragment_and_stores_nothing(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    before = db_state()
    data = post_data([(red.pk, "1", False), (blue.pk, "1", False), (green.pk, "3", False)])
    response = admin_client.post(placements_url(round1), data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    page = text(response)
    assert page.strip().startswith('<div id="ap-preview"')
    assert "<html" not in page and "<form" not in page
    assert re.search(r"Červení</td><td class=\"num\">14<", page)
    assert re.search(r"Zelení</td><td class=\"num\">8<", page)
    assert "Vše je v pořádku" in page
    assert db_state() == before


def test_htmx_preview_lists_problems(admin_client: Client, teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    data = post_data([(red.pk, "1", False), (blue.pk, "x", False), (green.pk, "", False)])
    page = text(admin_client.post(placements_url(round1), data, headers={"HX-Request": "true"}))
    assert "Modří: místo musí být celé číslo" in page
    assert "Zelení: zadejte místo" in page
    assert not Placement.objects.exists()


# ------------------------------------------------------------------------------- AP overview


def make_rounds(camp: Camp, teams: list[Team], count: int) -> None:
    for _ in range(count):
        round_ = services.round_create(camp=camp)
        services.minigame_record(round=round_, name="Hra", kind="outdoor")
        services.placements_record(round=round_, ranks={t.pk: i + 1 for i, t in enumerate(teams)})


def test_ap_overview_shows_rounds_and_totals(admin_client: Client, camp: Camp, teams: list[Team]) -> None:
    make_rounds(camp, teams, 2)
    page = text(admin_client.get(reverse("admin:camp_camp_ap_overview", args=[camp.pk])))
    assert "Přehled AB" in page
    assert "AB celkem" in page
    assert re.search(
        r"<th colspan=\"4\">AB celkem</th> <td class=\"num\">28</td><td class=\"num\">22</td>"
        r"<td class=\"num\">16</td>",
        page,
    )


def test_the_printed_ap_overview_shows_only_resolved_rounds(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    """Rules section 8: a team's AP for the coming round is private until the round is resolved."""
    make_rounds(camp, teams, 2)
    Round.objects.filter(camp=camp, number=1).update(status=RoundStatus.CLOSED)
    page = text(admin_client.get(reverse("admin:camp_camp_ap_overview", args=[camp.pk])))
    rows = re.findall(r'<tr class="([^"]*)">\s*<td><a href="[^"]*">(\d+)\. herní kolo', page)
    assert [(cls.strip(), number) for cls, number in rows] == [("", "1"), ("zo-no-print", "2")]
    assert re.search(
        r'<tr class="zo-print-only"> <th colspan="4">AB celkem \(vyhodnocená kola\)</th> '
        r'<td class="num">14</td><td class="num">11</td><td class="num">8</td>',
        page,
    )
    assert '<tr class="zo-no-print"> <th colspan="4">AB celkem</th>' in page  # the screen's totals
    Round.objects.filter(camp=camp, number=2).update(status=RoundStatus.RESOLVED)
    page = text(admin_client.get(reverse("admin:camp_camp_ap_overview", args=[camp.pk])))
    rows = re.findall(r'<tr class="([^"]*)">\s*<td><a href="[^"]*">(\d+)\. herní kolo', page)
    assert [(cls.strip(), number) for cls, number in rows] == [("", "1"), ("", "2")]
    assert '<tr class="zo-print-only">' not in page


def test_ap_overview_query_count_does_not_grow_with_rounds(
    admin_client: Client, camp: Camp, teams: list[Team], django_assert_num_queries: object
) -> None:
    url = reverse("admin:camp_camp_ap_overview", args=[camp.pk])
    make_rounds(camp, teams, 1)
    admin_client.get(url)  # warm up (session, content types)
    with CaptureQueriesContext(connection) as one_round:
        assert admin_client.get(url).status_code == 200
    make_rounds(camp, teams, 9)
    with django_assert_num_queries(len(one_round)):  # type: ignore[operator]
        response = admin_client.get(url)
    assert text(response).count("Record placements") + text(response).count("Zapsat umístění") == 10


def test_round_changelist_and_camp_admin_render(admin_client: Client, camp: Camp, teams: list[Team]) -> None:
    make_rounds(camp, teams, 2)
    for url in (
        reverse("admin:camp_round_changelist"),
        reverse("admin:camp_camp_changelist"),
        reverse("admin:camp_team_changelist"),
        reverse("admin:camp_camp_change", args=[camp.pk]),
        reverse("admin:camp_round_change", args=[Round.objects.first().pk]),  # type: ignore[union-attr]
        reverse("admin:camp_round_add"),
        reverse("admin:camp_camp_add"),
    ):
        assert admin_client.get(url).status_code == 200, url


def test_round_add_in_admin_takes_the_next_number(
    admin_client: Client, camp: Camp, teams: list[Team]
) -> None:
    services.round_create(camp=camp)
    response = admin_client.post(
        reverse("admin:camp_round_add"),
        {
            "camp": camp.pk,
            "date": "2026-07-06",
            "minigame-TOTAL_FORMS": "1",
            "minigame-INITIAL_FORMS": "0",
            "minigame-MIN_NUM_FORMS": "0",
            "minigame-MAX_NUM_FORMS": "1",
            "minigame-0-name": "Stavba vorů",
            "minigame-0-kind": "outdoor",
            "minigame-0-notes": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    round2 = Round.objects.get(camp=camp, number=2)
    assert round2.minigame.name == "Stavba vorů"


def test_camp_add_in_admin_with_teams(admin_client: Client, db: None) -> None:
    data = {
        "name": "Letní tábor techniků – 3. běh",
        "year": "2026",
        "run_number": "3",
        "board_side": "9",
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": "3",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
        "teams-0-name": "Červení",
        "teams-0-colour": "#C0392B",
        "teams-0-order": "1",
        "teams-1-name": "Červení",
        "teams-1-colour": "#2471a3",
        "teams-1-order": "2",
        "teams-2-name": "",
        "teams-2-colour": "",
        "teams-2-order": "0",
    }
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 200  # the duplicate team name is refused
    assert not Camp.objects.exists()
    data["teams-1-name"] = "Modří"
    data["ap_table"] = "14, 11, osm"
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 200
    assert "Zadejte celá čísla oddělená čárkami" in text(response)
    data["ap_table"] = "14, 11, 8"
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 302
    camp = Camp.objects.get()
    assert camp.ap_table == [14, 11, 8]
    assert list(camp.teams.values_list("name", "colour")) == [("Červení", "#c0392b"), ("Modří", "#2471a3")]


# --------------------------------------------------------------------------- home, languages


def test_admin_home_is_czech_with_branding_and_evening_steps(admin_client: Client, round1: Round) -> None:
    page = text(admin_client.get(reverse("admin:index")))
    assert '<html lang="cs"' in page
    assert "Zlaté ostrovy – vedoucí" in page
    assert "Herní kola" in page
    assert "Zapsat umístění (AB)" in page
    assert reverse("admin:camp_round_placements", args=[round1.pk]) in page
    assert 'action="/i18n/setlang/"' in page


def test_admin_home_in_english(admin_client: Client, round1: Round) -> None:
    page = text(admin_client.get("/en/admin/"))
    assert '<html lang="en"' in page
    assert "Golden Islands – staff" in page
    assert "Rounds" in page
    assert "Herní kola" not in page


def test_login_page_is_czech_and_has_the_language_switcher(client: Client, db: None) -> None:
    page = text(client.get(reverse("admin:login")))
    assert "Zlaté ostrovy – vedoucí" in page
    assert 'name="language"' in page


def test_language_switch(admin_client: Client, db: None) -> None:
    response = admin_client.post("/i18n/setlang/", {"language": "en", "next": "/admin/"})
    assert response.status_code == 302
    assert response["Location"] == "/en/admin/"


def test_language_switch_there_and_back_stays_on_the_page(admin_client: Client, round1: Round) -> None:
    """From an English page (``/en/…``) "česky" lands on the same page without the prefix, in
    Czech, and back; the query string stays. The switch's own URL has no prefix, so Django's view
    alone resolved ``next`` in Czech, where ``/en/admin/…`` does not exist, and stayed in English."""
    czech = reverse("admin:camp_round_placements", args=[round1.pk]) + "?x=1"
    english = "/en" + czech
    response = admin_client.post("/i18n/setlang/", {"language": "en", "next": czech})
    assert response.status_code == 302
    assert response["Location"] == english
    page = text(admin_client.get(response["Location"]))
    assert '<html lang="en"' in page
    assert f'name="next" type="hidden" value="{english}"' in page

    response = admin_client.post("/i18n/setlang/", {"language": "cs", "next": english})
    assert response.status_code == 302
    assert response["Location"] == czech
    assert response.cookies["django_language"].value == "cs"
    page = text(admin_client.get(response["Location"]))
    assert '<html lang="cs"' in page
    assert "Uložit umístění" in page

    # The public notice board too, and the Referer when the form sent no ``next``.
    board = reverse("islands_public:notice_board", args=[round1.camp_id])
    response = admin_client.post("/i18n/setlang/", {"language": "cs", "next": "/en" + board})
    assert response["Location"] == board
    response = admin_client.post(
        "/i18n/setlang/", {"language": "cs"}, HTTP_REFERER="http://testserver/en" + board
    )
    assert response["Location"] == "http://testserver" + board


def test_home_is_the_start_page_that_links_the_staff_login(client: Client, db: None) -> None:
    response = client.get("/")  # a phone at the banner's address (tests/camp/pages/test_start_page.py)
    assert response.status_code == 200
    assert f'<a href="{reverse("admin:login")}">Přihlášení vedoucích</a>' in response.content.decode()


def test_admin_base_is_djangos_but_for_the_htmx_header() -> None:
    """templates/admin/base.html is a copy of Django's: after a Django upgrade, copy it again."""
    ours = (ROOT / "templates/admin/base.html").read_text()
    theirs = (Path(django.__file__).parent / "contrib/admin/templates/admin/base.html").read_text()
    ours = re.sub(r"^\{#.*?#\}", "", ours)
    ours = ours.replace(""" data-hx-headers='{"X-CSRFToken": "{{ csrf_token }}"}'""", "")
    # Messages are shown as written: |capfirst would turn the team "žraloci" into "Žraloci".
    theirs = theirs.replace("{{ message|capfirst }}", "{{ message }}")
    assert ours == theirs


def test_a_team_with_placements_cannot_be_renamed(
    admin_client: Client, teams: list[Team], round1: Round
) -> None:
    """Team names key stored game data: once placed, the team page and the camp page's team inline
    refuse a new name (with the reason on the field); the colour still changes."""
    red = teams[0]
    url = reverse("admin:camp_team_change", args=[red.pk])
    data = {"name": "Piráti", "colour": "#000000", "order": red.order}
    assert admin_client.post(url, data).status_code == 302  # no placements yet: renamed
    services.placements_record(round=round1, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    response = admin_client.post(url, {**data, "name": "Korzáři"})
    assert response.status_code == 200
    assert "Tento tým už má zapsaná umístění: jeho název už nelze změnit." in text(response)
    assert Team.objects.get(pk=red.pk).name == "Piráti"
    assert admin_client.post(url, {**data, "colour": "#111111"}).status_code == 302

    camp = red.camp
    inline = {
        "name": camp.name,
        "year": camp.year,
        "run_number": camp.run_number,
        "board_side": camp.board_side,
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": str(len(teams)),
        "teams-INITIAL_FORMS": str(len(teams)),
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
    }
    for i, team in enumerate(Team.objects.filter(camp=camp).order_by("order", "name", "id")):
        inline |= {
            f"teams-{i}-id": str(team.pk),
            f"teams-{i}-camp": str(camp.pk),
            f"teams-{i}-name": team.name + " II",
            f"teams-{i}-colour": team.colour,
            f"teams-{i}-order": str(team.order),
        }
    response = admin_client.post(reverse("admin:camp_camp_change", args=[camp.pk]), inline)
    assert response.status_code == 200
    assert "jeho název už nelze změnit" in text(response)
    assert not Team.objects.filter(name__endswith=" II").exists()


# ------------------------------------------------------------------------------------ deletion


def test_only_a_planned_round_with_nothing_recorded_can_be_deleted(
    admin_client: Client, camp: Camp, teams: list[Team], round1: Round
) -> None:
    """A played round is part of the game state: the delete page, the delete link and the bulk
    action refuse it with the reason; a planned empty round still goes."""
    services.placements_record(round=round1, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    round2 = services.round_create(camp=camp)
    round3 = services.round_create(camp=camp)
    change = text(admin_client.get(reverse("admin:camp_round_change", args=[round1.pk])))
    assert reverse("admin:camp_round_delete", args=[round1.pk]) not in change
    assert (
        admin_client.post(reverse("admin:camp_round_delete", args=[round1.pk]), {"post": "yes"}).status_code
        == 403
    )
    changelist = reverse("admin:camp_round_changelist")
    bulk = {"action": "delete_selected", "_selected_action": [round1.pk, round2.pk], "post": "yes"}
    page = text(admin_client.post(changelist, bulk))
    assert "Kolo 1 je ve stavu" in page
    assert "smazat lze jen naplánované kolo" in page
    assert set(Round.objects.values_list("pk", flat=True)) == {round1.pk, round2.pk, round3.pk}
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.PLANNED)  # as if placements alone
    page = text(admin_client.post(changelist, bulk))
    assert "Kolo 1 už má zapsaná umístění: nelze ho smazat." in page
    assert Placement.objects.filter(round=round1).exists()
    admin_client.post(changelist, {**bulk, "_selected_action": [round2.pk]})
    assert (
        admin_client.post(reverse("admin:camp_round_delete", args=[round3.pk]), {"post": "yes"}).status_code
        == 302
    )
    assert list(Round.objects.values_list("pk", flat=True)) == [round1.pk]


def test_a_camp_run_with_a_played_round_cannot_be_deleted(
    admin_client: Client, camp: Camp, other_camp: Camp, teams: list[Team], round1: Round
) -> None:
    services.placements_record(round=round1, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    assert (
        admin_client.post(reverse("admin:camp_camp_delete", args=[camp.pk]), {"post": "yes"}).status_code
        == 403
    )
    bulk = {"action": "delete_selected", "_selected_action": [camp.pk, other_camp.pk], "post": "yes"}
    page = text(admin_client.post(reverse("admin:camp_camp_changelist"), bulk))
    assert f"Běh tábora {camp} nelze smazat." in page
    assert Camp.objects.count() == 2 and Placement.objects.filter(round=round1).exists()
    services.round_create(camp=other_camp)  # a planned round does not hold a camp run back
    assert (
        admin_client.post(
            reverse("admin:camp_camp_delete", args=[other_camp.pk]), {"post": "yes"}
        ).status_code
        == 302
    )
    assert list(Camp.objects.all()) == [camp]


def test_view_only_staff_see_a_camp_run_read_only(
    db: None, camp: Camp, teams: list[Team], round1: Round, django_user_model: type
) -> None:
    """A staff login with only the ``view_*`` permissions: a camp run's page is its read-only page
    (the form left out the fields it shows as text), and a save is refused, changing nothing."""
    from django.contrib.auth.models import Permission

    user = django_user_model.objects.create_user(username="divak", password="x", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__startswith="view_"))
    client = Client()
    client.force_login(user)
    change = reverse("admin:camp_camp_change", args=[camp.pk])
    response = client.get(change)
    assert response.status_code == 200
    soup = BeautifulSoup(response.content, "html.parser")
    assert soup.select_one('input[name="name"]') is None and soup.select_one('input[name="_save"]') is None
    shown = soup.select(".field-year .readonly, .field-name .readonly")
    readonly = {div.get_text(strip=True) for div in shown}
    assert readonly == {camp.name, str(camp.year)}
    response = client.post(change, {"name": "Přejmenováno", "year": "2020", "run_number": "1"})
    assert response.status_code == 403
    camp.refresh_from_db()
    assert camp.name == "Letní tábor techniků – 1. běh" and camp.year == 2026
