"""The score calculator (:mod:`games.batavia.pages.calculator`): live results, save, every problem
of every player at once, tampered values, and a game played in the app (said so, replaced only with
its box ticked)."""

from __future__ import annotations

from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from camp.models import MiniGame, Placement, Team
from games.batavia import services
from games.batavia.models import BataviaSession, SessionMode
from tests.games.batavia.html import rows, texts
from tests.games.batavia.pages.helpers import HX, frozen, text, url


@pytest.fixture
def physical(minigame: MiniGame) -> BataviaSession:
    return services.session_create(minigame=minigame, mode=SessionMode.PHYSICAL)


def calc_data(**extra: str) -> dict[str, str]:
    data = {f"p{i}-bills": b for i, b in enumerate(["20", "15", "15", "10"])}
    data.update(
        {"p0-tea": "1", "p0-cashed": "6", "p1-cashed": "15", "seal-DK": "1", "goal": "1", "p2-pepper": "1"}
    )
    data.update({"p3-cashed": "3"})
    data.update(extra)
    return data


def test_calculator_live_preview_then_save(
    staff: Client, physical: BataviaSession, teams: list[Team]
) -> None:
    page = url("calculator", physical)
    assert staff.get(page).status_code == 200
    preview = staff.post(page, calc_data(), **HX)
    body = text(preview)
    assert preview.status_code == 200 and "<html" not in body
    # place, player, cashed in, exchanges, bills, goal, seals, total: the tea and pepper crates are
    # majorities (10 and 16), the most bills 5, the goal 4, a seal 2; equal totals share a place
    assert rows(preview.content, "zo-table") == [
        ["1.", "Červení", "6", "10", "5", "0", "0", "21"],
        ["1.", "Modří", "15", "0", "0", "4", "2", "21"],
        ["3.", "Zelení", "0", "16", "0", "0", "0", "16"],
        ["4.", "Žlutí", "3", "0", "0", "0", "0", "3"],
    ]
    assert not Placement.objects.exists()  # the preview stores nothing
    response = staff.post(page, {**calc_data(), "save": "1"})
    assert response.status_code == 302
    stored = dict(Placement.objects.values_list("team_id", "rank"))
    assert stored == {teams[0].pk: 1, teams[1].pk: 1, teams[2].pk: 3, teams[3].pk: 4}
    assert texts(staff.get(page).content, "input", name="p0-bills") == ["20"]  # the input is shown again


@pytest.mark.parametrize(
    "extra",
    [
        {"p0-bills": ""},
        {"p0-bills": "abc"},
        {"p0-bills": "-3"},
        {"p0-tea": "9"},
        {"p1-tea": "3", "p2-tea": "3"},  # 7 crates on a 5-field exchange
        {"p0-cashed": "1e9"},
        {**{f"p0-{g}": "2" for g in ("tea", "cotton", "porcelain", "silk", "ginger", "nutmeg", "pepper")}},
    ],
)
def test_calculator_bad_input_saves_nothing(
    staff: Client, physical: BataviaSession, extra: dict[str, str]
) -> None:
    before = frozen(physical)
    response = staff.post(url("calculator", physical), {**calc_data(**extra), "save": "1"})
    assert response.status_code == 200 and "Nic nebylo uloženo" in text(response)
    assert frozen(physical) == before


def test_calculator_names_every_problem_of_every_player_at_once(
    staff: Client, physical: BataviaSession
) -> None:
    before = frozen(physical)
    bad = {
        "p0-tea": "x",
        "p0-silk": "9",
        "p0-bills": "",
        "p0-cashed": "-1",
        "p2-bills": "abc",
        "p2-pepper": "7",
    }
    response = staff.post(url("calculator", physical), {**calc_data(**bad), "save": "1"})
    body = text(response)
    assert response.status_code == 200 and "Nic nebylo uloženo" in body
    for field in (
        "Červení – čaj",
        "Červení – hedvábí",
        "Červení – směnky",
        "Červení – zlaté z výměny",
        "Zelení – směnky",
    ):
        assert field in body, field
    assert "Zelení – pepř" in body
    assert frozen(physical) == before
    from games.batavia.forms import CalculatorRow, parse_calculator

    rows = [
        CalculatorRow(crates=["a", "b"] + ["0"] * 5, bills="", seals=[], goal=False, cashed="x")
        for _ in range(2)
    ]
    players, problems = parse_calculator(rows, ["A", "B"])
    assert players is None and len(problems) == 8
    assert [len(r.problems) for r in rows] == [4, 4]


def test_calculator_ignores_tampered_radio_values(staff: Client, physical: BataviaSession) -> None:
    response = staff.post(url("calculator", physical), calc_data(**{"seal-EN": "77", "goal": "x"}), **HX)
    assert response.status_code == 200


def test_calculator_fields_are_labelled_in_czech(staff: Client, physical: BataviaSession) -> None:
    """Every input names its team and, for the crates, the good in Czech (not ``tea``)."""
    from bs4 import BeautifulSoup

    page = BeautifulSoup(staff.get(url("calculator", physical)).content.decode(), "html.parser")
    labels = [str(i["aria-label"]) for i in page.select("input[type=number][name$=-tea]")]
    assert labels and all(label.endswith(" – čaj") for label in labels), labels
    assert not [
        i
        for i in page.select("input:not([type=hidden]):not([type=submit])")
        if not i.get("aria-label") and not i.find_parent("label")
    ]


# ------------------------------------------------------------------------ a game played in the app


@pytest.fixture
def played_in_app(session: BataviaSession) -> BataviaSession:
    """The digital game played to its end by bots, its ranking recorded as the placements."""
    for seat in session.seats.all():
        services.seat_set_bot(seat=seat, bot="greedy")
    services.session_finish(session=session)
    session.refresh_from_db()
    return session


def app_game_box(response: Any) -> Any:
    """The calculator's box about the game played in the app (None when the page has none)."""
    return BeautifulSoup(response.content.decode(), "html.parser").find(id="bt-app-game")


def test_the_calculator_says_when_the_game_is_played_in_the_app(
    staff: Client, played_in_app: BataviaSession
) -> None:
    box = app_game_box(staff.get(url("calculator", played_in_app)))
    assert box is not None
    said = " ".join(box.get_text(" ").split())
    assert said.startswith("Tato hra se hraje v aplikaci.")
    assert "telefony by pak ukazovaly jiné místo než tabulka AB" in said
    assert "umístění zapsána" in said  # the game's status
    tick = box.find("input", attrs={"name": "replace"})
    assert tick is not None and tick["type"] == "checkbox" and not tick.has_attr("checked")
    assert box.find(id="bt-replace-refused") is None  # nothing refused yet


def test_the_calculator_does_not_replace_a_game_played_in_the_app_without_the_box(
    staff: Client, played_in_app: BataviaSession
) -> None:
    before = frozen(played_in_app)
    assert before[-1]  # the app's ranking is recorded
    response = staff.post(url("calculator", played_in_app), {**calc_data(), "save": "1"})
    assert response.status_code == 200
    refused = app_game_box(response).find(id="bt-replace-refused")
    assert refused is not None and " ".join(refused.get_text().split()) == (
        "Tato hra se hraje v aplikaci: chcete-li místo jejího výsledku zapsat umístění z kalkulačky, "
        "zaškrtněte „Ano, nahradit výsledek hry v aplikaci“. Nic nebylo uloženo."
    )
    assert frozen(played_in_app) == before
    assert BataviaSession.objects.get(pk=played_in_app.pk).calculator == {}
    # What was typed is still in the form, to tick the box and save again.
    assert texts(response.content, "input", name="p0-bills") == ["20"]


def test_the_calculator_replaces_a_game_played_in_the_app_with_the_box_ticked(
    staff: Client, played_in_app: BataviaSession, teams: list[Team]
) -> None:
    response = staff.post(url("calculator", played_in_app), {**calc_data(), "save": "1", "replace": "1"})
    assert response.status_code == 302
    stored = dict(Placement.objects.values_list("team_id", "rank"))
    assert stored == {teams[0].pk: 1, teams[1].pk: 1, teams[2].pk: 3, teams[3].pk: 4}
    row = BataviaSession.objects.get(pk=played_in_app.pk)
    assert row.status == "recorded" and row.record == played_in_app.record  # the game itself is kept
    assert "replace" not in row.calculator and row.calculator["p0-bills"] == "20"
    # The next save asks again: the box is never ticked for you.
    tick = app_game_box(staff.get(url("calculator", played_in_app))).find("input", attrs={"name": "replace"})
    assert not tick.has_attr("checked")


def test_a_game_on_the_real_board_needs_no_box(
    staff: Client, physical: BataviaSession, teams: list[Team]
) -> None:
    """The box is only for a game played in the app: one on the real board saves as before, and a
    posted box changes nothing."""
    assert app_game_box(staff.get(url("calculator", physical))) is None
    response = staff.post(url("calculator", physical), {**calc_data(), "save": "1", "replace": "1"})
    assert response.status_code == 302
    assert dict(Placement.objects.values_list("team_id", "rank")) == {
        teams[0].pk: 1,
        teams[1].pk: 1,
        teams[2].pk: 3,
        teams[3].pk: 4,
    }


def test_too_many_crates_name_the_real_limits(staff: Client, physical: BataviaSession) -> None:
    """99 crates of tea: the exchange's 5 fields and a player's 12 crates, not "zadejte celé číslo
    od 0 do 5" (a bound of the field that no rule names)."""
    before = frozen(physical)
    response = staff.post(url("calculator", physical), {**calc_data(**{"p0-tea": "99"}), "save": "1"})
    body = text(response)
    assert "Červení – čaj: 99 beden, ale burza má pro toto zboží jen 5 polí." in body
    assert "Červení: 99 beden, ale hráč jich má jen 12." in body
    assert "od 0 do 5" not in body and "Burza (čaj)" not in body  # said once, for the player
    assert frozen(physical) == before
    from games.batavia.forms import CalculatorRow, parse_calculator

    row = CalculatorRow(
        crates=["3", "0", "0", "0", "0", "0", "0"], bills="1", seals=[], goal=False, cashed="0"
    )
    other = CalculatorRow(
        crates=["3", "0", "0", "0", "0", "0", "0"], bills="1", seals=[], goal=False, cashed="0"
    )
    players, problems = parse_calculator([row, other], ["A", "B"])  # 3 + 3 teas: the exchange is full
    assert players is None and len(problems) == 1 and "má jen 5 polí, ale zadáno je 6 beden" in problems[0]
