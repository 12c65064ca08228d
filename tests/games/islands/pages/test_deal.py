"""The board page's fair deal (rozdat férovou mapu): the button, a deal under way polled by htmx and
cancelled, the board found with its proof's table and accepted, the board's proof line (proven, or
not with "Rehearse exactly this board"), and the "Another seed" that stays put on reload."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from camp.models import Camp, Team
from games.islands.models.board import BoardHex
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services
from tests.games.islands.services.test_deals import quick  # noqa: F401 (a fixture)
from tests.pages import messages

HTMX = {"HTTP_HX_REQUEST": "true"}


def page(camp: Camp) -> str:
    return reverse("admin:islands_boardsetup_camp", args=[camp.pk])


def soup(client: Client, url: str, **extra: str) -> BeautifulSoup:
    response = client.get(url, **extra)
    assert response.status_code == 200
    return BeautifulSoup(response.content.decode(), "html.parser")


def text(element: object) -> str:
    return " ".join(element.get_text().split())  # type: ignore[attr-defined]


def test_the_page_offers_a_fair_deal_and_starting_one_says_so(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    box = soup(staff_client, page(camp)).find(id="deal-box")
    assert box is not None and text(box.find("button")) == "Rozdat férovou mapu"
    response = staff_client.post(reverse("admin:islands_boardsetup_deal_start", args=[camp.pk]), follow=True)
    assert "Rozdávání férové mapy začalo; běží na pozadí." in messages(response)
    row = Rehearsal.objects.get(camp=camp, kind="deal")
    assert row.status == RehearsalStatus.QUEUED
    box = soup(staff_client, page(camp)).find(id="deal-box")
    assert box is not None and box.get("data-hx-trigger", "").startswith("every ")
    assert text(box.find(id="deal-stage")) == "Zkouším herní plány"
    fragment = soup(staff_client, reverse("admin:islands_boardsetup_deal_progress", args=[camp.pk]), **HTMX)
    assert fragment.find(id="deal-box") is not None and fragment.find("html") is None


@pytest.mark.parametrize(
    ("minutes", "running"),
    [
        (0, "· běží 0 minut"),
        (1, "· běží 1 minutu"),
        (4, "· běží 4 minuty"),
        (5, "· běží 5 minut"),
        (63, "· běží 63 minut"),
    ],
)
def test_a_deal_under_way_says_which_board_of_how_many_and_how_long_it_runs(
    staff_client: Client, camp: Camp, teams: list[Team], minutes: int, running: str
) -> None:
    now = timezone.now()
    Rehearsal.objects.create(
        camp=camp,
        kind="deal",
        key="k",
        spec={"seed": 5},
        status=RehearsalStatus.RUNNING,
        stage="screening",
        candidate=37,
        camps_done=91_500,
        started_at=now - timedelta(minutes=minutes, seconds=59),
        heartbeat_at=now,
    )
    box = soup(staff_client, reverse("admin:islands_boardsetup_deal_progress", args=[camp.pk]), **HTMX)
    assert text(box.find(id="deal-candidate")) == "plán č. 37 z nejvýše 200"
    assert text(box.find(id="deal-minutes")) == running


@pytest.mark.usefixtures("quick")
def test_the_board_found_shows_its_proof_and_is_accepted(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    row = rehearsal_services.deal_start(camp=camp)
    rehearsal_services.rehearsal_run(rehearsal_id=row.pk, workers=1)
    html = soup(staff_client, page(camp))
    table = html.find(id="deal-shares")
    assert table is not None
    assert [text(th) for th in table.find("thead").find_all("th")] == [
        "Strana", "plánovač", "hladový bot", "začátečník", "Férový podíl",
    ]  # fmt: skip
    first = table.find("tbody").find("tr")
    assert re.fullmatch(r"\d+ % \(\d+–\d+ %\)( !)?", text(first.find_all("td")[0]))
    assert text(first.find_all("td")[-1]) == "33 %"
    response = staff_client.post(
        reverse("admin:islands_boardsetup_deal_accept", args=[camp.pk]), {"deal": row.pk}, follow=True
    )
    assert "Férová mapa je uložená; všechna políčka jsou skrytá." in messages(response)
    proof = soup(staff_client, page(camp)).find(id="board-proof")
    assert proof is not None and text(proof).startswith("Férovost prokázala zkouška hry z")


def test_an_unproven_board_says_so_and_offers_a_rehearsal_of_exactly_it(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    board_services.board_generate(camp=camp, seed=123)
    proof = soup(staff_client, page(camp)).find(id="board-proof")
    assert proof is not None
    assert "Neprokázáno, že je férový: žádná zkouška hry zatím férovost tohoto plánu neprokázala." in text(
        proof
    )
    assert "Byl rozdán z krátkého semínka" in text(proof)  # 123 is a seed a team could try
    form = proof.find("form")
    fields = {i["name"]: i.get("value") for i in form.find_all("input") if i.get("name")}
    assert fields["camp_board"] == "1" and fields["bots"] == "every" and int(fields["camps"]) >= 6000
    response = staff_client.post(form["action"], fields, follow=True)
    assert response.status_code == 200
    started = Rehearsal.objects.get(camp=camp, kind="rehearsal")
    assert started.board_seeds == [None] and started.spec["bots"] == "every"


def test_a_board_refused_by_accept_needs_the_replace_box(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    board_services.board_generate(camp=camp, seed=10**16)
    row = Rehearsal.objects.create(camp=camp, kind="deal", key="k", spec={"seed": 5})
    before = list(BoardHex.objects.filter(camp=camp).values_list("tile", flat=True))
    response = staff_client.post(
        reverse("admin:islands_boardsetup_deal_accept", args=[camp.pk]), {"deal": row.pk}, follow=True
    )
    assert "Zaškrtněte „nahradit současný herní plán“" in " ".join(messages(response))
    assert list(BoardHex.objects.filter(camp=camp).values_list("tile", flat=True)) == before
    for bad in ({"deal": "x"}, {"deal": "999999"}, {}):
        response = staff_client.post(
            reverse("admin:islands_boardsetup_deal_accept", args=[camp.pk]), bad, follow=True
        )
        assert response.status_code == 200 and "Vyberte rozdání férové mapy tohoto běhu tábora." in messages(
            response
        )


def test_another_seed_stays_the_same_on_reload(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    def another() -> str:
        link = soup(staff_client, page(camp)).find("a", string=re.compile("Jiné semínko"))
        assert link is not None
        return str(link["href"])

    first = another()
    assert another() == first
    seed = int(first.split("=")[1])
    assert seed >= board_services.SAFE_SEED_MIN
    then = soup(staff_client, f"{page(camp)}?seed={seed}").find("a", string=re.compile("Jiné semínko"))
    assert then is not None and then["href"] != first


def test_a_deal_s_rehearsal_address_leads_to_the_board_page(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    row = rehearsal_services.deal_start(camp=camp)
    for name in ("", "_pdf"):
        response = staff_client.get(
            reverse(f"admin:islands_boardsetup_rehearsal{name}", args=[camp.pk, row.pk])
        )
        assert response.status_code == 302 and response["Location"] == page(camp) + "#deal"
