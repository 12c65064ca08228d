"""The rehearsal of the game on the board set-up page and its own page: the form (its Czech errors,
nothing stored), starting one and its progress fragment, cancelling, the kept result, the report
(verdicts side by side, the best board marked, each style's shares with their intervals, figures,
charts, sides and bays), a kept report of the older format, the PDF, who may see them."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from camp.models import Camp, Team
from games.islands import rehearsals
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.pages import board as board_page
from games.islands.pages import rehearsal_runs
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services
from games.islands.words import rehearsal as rehearsal_words
from tests.pages import errors, items_of, messages

HTMX = {"HTTP_HX_REQUEST": "true"}
SEED, OTHER = 1234567890123456789, 2345678901234567890


def board_url(camp: Camp) -> str:
    return reverse("admin:islands_boardsetup_camp", args=[camp.pk])


def start_url(camp: Camp) -> str:
    return reverse("admin:islands_boardsetup_rehearse", args=[camp.pk])


def form_data(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seed_1": str(SEED),
        "seed_2": str(OTHER),
        "seed_3": "",
        "teams_from": "camp",
        "team_count": "",
        "ap_table": "14, 11, 8",
        "rounds": "6",
        "camps": "4",
        "placement": "uniform",
        "bots": "every",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def soup(response: Any) -> BeautifulSoup:
    return BeautifulSoup(response.content.decode(), "html.parser")


def texts(html: Any, selector: str) -> list[str]:
    """The texts of the elements, white space collapsed (a no-break space kept: "41 %")."""
    return [re.sub(r"[ \t\r\n]+", " ", e.get_text()).strip() for e in html.select(selector)]


SIX = tuple(f"Tým {n}" for n in range(1, 7))


def text(element: Any) -> str:
    """An element's text, white space collapsed (a no-break space kept)."""
    return re.sub(r"[ \t\r\n]+", " ", element.get_text()).strip()


def done_rehearsal(camp: Camp, *board_seeds: int | None, teams: tuple[str, ...] = ()) -> Rehearsal:
    """A finished rehearsal (the fake simulator's report: its second board leans toward the teams
    that chose their bay first, its third toward the bottom side) of ``board_seeds``, of the camp
    run's teams or ``teams``."""
    plan = rehearsals.RehearsalPlan(
        board_seeds=board_seeds or (SEED, OTHER),
        teams=teams or tuple(t.name for t in Team.objects.filter(camp=camp)),
        ap_table=(14, 11, 8),
        rounds=6,
        camps=40,
    )
    row = rehearsal_services.rehearsal_start(camp=camp, plan=plan, again=True).rehearsal
    rehearsal_services.rehearsal_run(rehearsal_id=row.pk)
    row.refresh_from_db()
    return row


def page_url(row: Rehearsal, name: str = "page") -> str:
    return rehearsal_runs.rehearsal_url(name, row.camp, row.pk)


# ------------------------------------------------------------------------------------ the section


def test_the_section_comes_before_the_start_and_offers_the_preview_seeds(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    html = soup(staff_client.get(board_url(camp)))
    ids = [s.get("id") for s in html.select(".zo-setup > section")]
    assert ids.index("rehearsal") == ids.index("start") - 1
    preview = html.select_one("#id_seed")["value"]
    another = re.search(r"\?seed=(\d+)", html.select_one("#preview a.button")["href"]).group(1)
    form = html.select_one("#rehearsal-form")
    assert (
        form.select_one("#id_seed_1")["value"] == preview
        and form.select_one("#id_seed_2")["value"] == another
    )
    assert form.select_one("#id_camp_board").get("checked") is None  # no board stored yet
    assert form.select_one("#id_teams_from_0").get("checked") is not None  # the camp run's teams
    assert form.select_one("#id_ap_table")["value"] == "14, 11, 8"
    assert form.select_one("#id_rounds")["value"] == "14" and form.select_one("#id_camps")["value"] == "200"
    assert (form.select_one("#id_camps")["min"], form.select_one("#id_camps")["max"]) == ("1", "10000")
    assert texts(html, "#rehearsal h2") == ["Zkouška hry"]


def test_the_form_offers_every_style_first_and_says_how_many_camps_prove(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    form = soup(staff_client.get(board_url(camp))).select_one("#rehearsal-form")
    options = [(o["value"], o.get_text(strip=True)) for o in form.select("#id_bots option")]
    assert options == [
        ("every", "každý styl zvlášť: plánovač, hladový bot a začátečník, každý na vlastních táborech"),
        ("planner", "plánovač (z ukázky) pro všechny týmy"),
        ("greedy", "hladový bot pro všechny týmy"),
        ("novice", "začátečník pro všechny týmy"),
        ("mixed", "smíšeně: polovina týmů plánovač, polovina hladový bot"),
    ]
    assert form.select_one("#id_bots option[selected]")["value"] == "every"
    assert texts(form, "label[for=id_camps]") == ["Simulovaných táborů na herní plán a styl"]
    assert texts(form, "#rehearsal-camps-note") == [
        "200 simulovaných táborů na styl ukáže, kam se plán kloní (pár sekund); prokázat, že je "
        "spravedlivý, chce kolem 3\u00a0000 táborů na styl (asi minuta na herní plán)."
    ]


def test_ten_thousand_camps_per_style_at_most(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    response = staff_client.post(start_url(camp), form_data(camps="10000", bots="novice"))
    assert response.status_code == 302
    row = Rehearsal.objects.get()
    assert row.spec["camps"] == 10000 and row.spec["bots"] == "novice" and row.camps_total == 20000


def test_with_a_stored_board_the_camps_board_is_ticked(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    board_services.board_generate(camp=camp, seed=77)
    form = soup(staff_client.get(board_url(camp))).select_one("#rehearsal-form")
    assert form.select_one("#id_camp_board").get("checked") is not None
    seeds = [int(form.select_one(f"#id_seed_{n}")["value"]) for n in (1, 2)]
    assert seeds == board_page.rehearsal_seeds(camp) and len(set(seeds)) == 2
    assert all(board_services.SAFE_SEED_MIN <= s <= board_services.MAX_SEED for s in seeds)
    again = soup(staff_client.get(board_url(camp))).select_one("#rehearsal-form")
    assert [int(again.select_one(f"#id_seed_{n}")["value"]) for n in (1, 2)] == seeds  # the same next time


def test_the_demo_like_started_game_can_rehearse_its_board(
    staff_client: Client, game: Any, camp: Camp
) -> None:
    """The game has started and rounds are played: the section is there, the camp's board is the
    board as the game began (before the first round's chests were taken)."""
    html = soup(staff_client.get(board_url(camp)))
    assert html.select_one("#rehearsal-form #id_camp_board").get("checked") is not None
    cells = rehearsals.camp_board_cells(camp)
    first = camp.rounds.order_by("number").first().islands_result.before
    assert cells is not None and sum(c.chests for c in cells.values()) == sum(
        h.get("chests", 0) for h in first["hexes"].values()
    )


# ------------------------------------------------------------------------------ bad input, in Czech


@pytest.mark.parametrize(
    ("changes", "element", "problem"),
    [
        ({"seed_1": "abc"}, "id_seed_1_error", "Zadejte celé číslo."),
        ({"seed_2": str(SEED)}, "id_seed_2_error", f"Semínko {SEED} je zadané dvakrát."),
        ({"seed_1": "-3"}, "id_seed_1_error", "Hodnota musí být větší nebo rovna 0."),
        ({"rounds": "0"}, "id_rounds_error", "Hodnota musí být větší nebo rovna 1."),
        ({"rounds": "61"}, "id_rounds_error", "Hodnota musí být menší nebo rovna 60."),
        ({"camps": "10001"}, "id_camps_error", "Hodnota musí být menší nebo rovna 10000."),
        ({"bots": "smart"}, "id_bots_error", 'Vyberte platnou možnost, "smart" není k dispozici.'),
        ({"camps": ""}, "id_camps_error", "Toto pole je třeba vyplnit."),
        ({"ap_table": "14, 15"}, "id_ap_table_error", "2. místo nemůže dostat víc AB než 1. místo."),
        (
            {"ap_table": "čtrnáct"},
            "id_ap_table_error",
            "Zadejte celá čísla oddělená čárkami, např. 14, 11, 8.",
        ),
        ({"teams_from": "count", "team_count": ""}, "id_team_count_error", "Zadejte počet týmů (2 až 12)."),
        (
            {"teams_from": "count", "team_count": "13"},
            "id_team_count_error",
            "Hodnota musí být menší nebo rovna 12.",
        ),
        ({"teams_from": "nobody"}, "id_teams_from_error", "Vyberte týmy běhu tábora, nebo počet týmů."),
        (
            {"camp_board": "1"},
            "id_camp_board_error",
            "Tento běh tábora ještě nemá herní plán: zkoušejte jen semínka.",
        ),
        ({"placement": "lucky"}, "id_placement_error", 'Vyberte platnou možnost, "lucky" není k dispozici.'),
    ],
)
def test_bad_input_is_said_next_to_its_field_and_nothing_is_stored(
    staff_client: Client, camp: Camp, teams: list[Team], changes: dict[str, str], element: str, problem: str
) -> None:
    response = staff_client.post(start_url(camp), form_data(**changes))
    assert response.status_code == 200
    assert items_of(response, element) == [problem]
    assert not Rehearsal.objects.exists()


def test_no_board_at_all_is_said_above_the_form(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    response = staff_client.post(start_url(camp), form_data(seed_1="", seed_2=""))
    assert items_of(response, "rehearsal-errors") == [
        "Vyberte aspoň jeden herní plán: herní plán tábora nebo semínko."
    ]
    assert not Rehearsal.objects.exists()


def test_a_camp_of_one_team_must_give_a_number(staff_client: Client, camp: Camp) -> None:
    Team.objects.create(camp=camp, name="Sólo", colour="#c0392b")
    response = staff_client.post(start_url(camp), form_data())
    assert items_of(response, "id_teams_from_error") == [
        "Tento běh tábora má 1 tým; zkouška hry potřebuje 2 až 12 týmů: zadejte počet týmů."
    ]
    response = staff_client.post(start_url(camp), form_data(teams_from="count", team_count="6"))
    assert response.status_code == 302
    assert Rehearsal.objects.get().spec["teams"] == ["Tým 1", "Tým 2", "Tým 3", "Tým 4", "Tým 5", "Tým 6"]


# ---------------------------------------------------------------------- starting, progress, cancel


def test_start_runs_in_the_background_and_the_page_shows_its_progress(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    response = staff_client.post(start_url(camp), form_data(), follow=True)
    row = Rehearsal.objects.get()
    assert response.redirect_chain[-1][0] == board_url(camp) + "#rehearsal"
    assert messages(response, "success") == ["Zkouška hry začala; běží na pozadí."]
    # 4 camps of each of the 3 styles on 2 boards; nobody runs it in the tests
    assert row.status == RehearsalStatus.QUEUED and row.camps_total == 24
    progress = soup(response).select_one("#rehearsal #rehearsal-progress")
    assert progress["data-hx-get"] == page_url(row, "progress") + "?back=board"
    assert progress["data-hx-trigger"] == "every 2000ms, zo-shown" and progress.has_attr("data-zo-poll")
    assert texts(progress, "#rehearsal-status") == ["čeká na spuštění"]
    assert texts(progress, "#rehearsal-count") == ["0 z 24 simulovaných táborů (0 %)"]
    assert progress.select_one("form")["action"] == page_url(row, "cancel")
    assert soup(response).select_one("#rehearsal-list") is None  # running: not among the kept ones yet
    Rehearsal.objects.filter(pk=row.pk).update(
        status=RehearsalStatus.RUNNING, camps_done=3, heartbeat_at=timezone.now()
    )
    fragment = staff_client.get(page_url(row, "progress"), **HTMX)
    html = fragment.content.decode()
    assert html.lstrip().startswith('<div id="rehearsal-progress"') and "<html" not in html
    assert texts(soup(fragment), "#rehearsal-count") == ["3 z 24 simulovaných táborů (12 %)"]
    assert soup(fragment).select_one("progress")["value"] == "3"
    Rehearsal.objects.filter(pk=row.pk).update(status=RehearsalStatus.QUEUED)
    rehearsal_services.rehearsal_run(rehearsal_id=row.pk)
    done = soup(staff_client.get(progress["data-hx-get"], **HTMX)).select_one("#rehearsal-progress")
    kept = soup(staff_client.get(board_url(camp))).select_one("#rehearsal")
    assert kept.select_one("#rehearsal-progress") is None
    assert texts(kept, "#rehearsal-list tbody td")[1:] == [
        f"Semínko {SEED}, Semínko {OTHER}",
        "hotovo",
        "Výsledky",
    ]
    assert done.get("data-hx-trigger") is None  # over: no more polling
    assert texts(done, "#rehearsal-status") == ["hotovo"]
    assert [a["href"] for a in done.select("a")] == [page_url(row), page_url(row, "pdf")]


def test_the_progress_link_without_htmx_opens_the_rehearsals_page(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    staff_client.post(start_url(camp), form_data())
    row = Rehearsal.objects.get()
    response = staff_client.get(page_url(row, "progress"))
    assert response.status_code == 302 and response["Location"] == page_url(row)
    page = soup(staff_client.get(page_url(row)))
    assert texts(page, "#rehearsal-status") == ["čeká na spuštění"]
    assert page.select_one("#rehearsal-progress a.button")["href"] == page_url(row)  # "Obnovit"


def test_cancel_from_the_board_page(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    staff_client.post(start_url(camp), form_data(), follow=True)
    row = Rehearsal.objects.get()
    response = staff_client.post(page_url(row, "cancel"), {"back": "board"}, follow=True)
    assert response.redirect_chain[-1][0] == board_url(camp) + "#rehearsal"
    assert messages(response, "success") == ["Zkouška je zrušená."]
    assert Rehearsal.objects.get().status == RehearsalStatus.CANCELLED
    response = staff_client.post(page_url(row, "cancel"), follow=True)
    assert errors(response) == ["Tato zkouška už skončila: není co rušit."]


def test_cancel_a_running_one_with_htmx_answers_the_fragment(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    staff_client.post(start_url(camp), form_data())
    row = Rehearsal.objects.get()
    Rehearsal.objects.filter(pk=row.pk).update(status=RehearsalStatus.RUNNING, heartbeat_at=timezone.now())
    fragment = soup(staff_client.post(page_url(row, "cancel"), **HTMX))
    assert texts(fragment, "#rehearsal-progress p strong + span + span") == ["(ruší se)"]
    assert fragment.select_one("#rehearsal-progress form") is None  # asked once
    assert Rehearsal.objects.get().cancel_requested


def test_an_interrupted_rehearsal_shows_so(staff_client: Client, camp: Camp, teams: list[Team]) -> None:
    staff_client.post(start_url(camp), form_data())
    row = Rehearsal.objects.get()
    long_ago = timezone.now() - rehearsals.STALE_AFTER * 2
    Rehearsal.objects.filter(pk=row.pk).update(status=RehearsalStatus.RUNNING, heartbeat_at=long_ago)
    page = soup(staff_client.get(page_url(row)))
    assert texts(page, "#rehearsal-status") == ["přerušeno"]
    assert page.select_one("#rehearsal-progress").get("data-hx-trigger") is None
    assert texts(page, "#rehearsal-progress p.zo-note") == [
        "Proces na pozadí skončil předčasně (server nebo notebook se vypnul): spusťte zkoušku znovu."
    ]


def test_the_same_boards_and_parameters_open_the_kept_result(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    staff_client.post(start_url(camp), form_data())
    row = Rehearsal.objects.get()
    rehearsal_services.rehearsal_run(rehearsal_id=row.pk)
    response = staff_client.post(start_url(camp), form_data(), follow=True)
    assert response.redirect_chain[-1][0] == page_url(row)
    assert messages(response, "info") == [
        "Tyto herní plány už se s těmito parametry zkoušely: tady je uložený výsledek. "
        "„Zkusit znovu“ je přehraje ještě jednou."
    ]
    again = {i["name"]: i["value"] for i in soup(response).select("#parameters form input[type=hidden]")}
    assert again["again"] == "1" and again["seed_1"] == str(SEED) and again["teams_from"] == "camp"
    staff_client.post(start_url(camp), again)
    assert Rehearsal.objects.count() == 2
    assert Rehearsal.objects.latest("id").key == row.key


# ------------------------------------------------------------------------------------ the report


def test_the_report_shows_the_boards_side_by_side_with_the_best_marked(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    board_services.board_generate(camp=camp, seed=77)
    row = done_rehearsal(camp, None, SEED, OTHER, teams=SIX)
    report = row.report
    page = soup(staff_client.get(page_url(row)))
    assert page.select_one("#older-report") is None
    heads = texts(page, "#verdicts thead th")[1:]
    best = report["best_board"]
    labels = ["Herní plán tábora", f"Semínko {SEED}", f"Semínko {OTHER}"]
    assert heads == [label + (" ★ nejspravedlivější" if n == best else "") for n, label in enumerate(labels)]
    verdict_cells = page.select("#verdicts tbody tr")[0].select("td")
    for cell, board in zip(verdict_cells, report["boards"], strict=True):
        verdict = board["verdict"]
        assert texts(cell, "span")[0] == rehearsal_words.verdict_text(verdict["code"], verdict["params"])
    # the third board leans to the bottom side: unfair, for the style it is furthest off in
    params = report["boards"][2]["verdict"]["params"]
    assert report["boards"][2]["verdict"]["code"] == "unfair_side" and params["side"] == "bottom"
    share, fair = round(100 * params["share"]), round(100 * params["fair_share"])
    low, high = round(100 * params["low"]), round(100 * params["high"])
    assert texts(verdict_cells[2], "span")[0] == (
        f"Plán je nespravedlivý: strana dolní (jih) vyhrává příliš často, {share}\u00a0% her "
        f"({low}–{high}\u00a0%) místo spravedlivých {fair}\u00a0% "
        f"(styl hry: {rehearsal_words.style_name(params['style'])})."
    )
    assert verdict_cells[2].select_one("span")["class"] == ["zo-verdict-bad"]
    # the second leans to the teams that chose their bay first; its treasure is gone early
    assert report["boards"][1]["verdict"]["code"] == "unfair_choice"
    assert texts(verdict_cells[1], "span")[0].startswith(  # the first ahead, or the second held back
        "Plán je nespravedlivý: týmy, které si vybíraly zátoku jako "
    )
    assert texts(verdict_cells[1], "li")[0] == (
        "V kole 3 už nezbývá žádná truhla k vyzvednutí: další kola nemají o co hrát."
    )
    figures = {
        row.select_one("th").get_text(strip=True): texts(row, "td")
        for row in page.select("#figures tbody tr")
    }
    assert figures["Truhel na herním plánu"] == [str(b["treasure_total"]) for b in report["boards"]]
    assert figures["Odehraných simulovaných táborů"] == ["120 (40 na styl)"] * 3
    assert figures["Hry rozhodnuté počtem AB při shodě"] == [
        rehearsal_words.percent(b["tie_break_share"]) for b in report["boards"]
    ]
    # the "use this seed" buttons: only the seeds' columns, through the board's own accept
    forms = page.select("#verdicts form")
    assert [f.select_one("input[name=seed]")["value"] for f in forms] == [str(SEED), str(OTHER)]
    assert {f["action"] for f in forms} == {reverse("admin:islands_boardsetup_accept", args=[camp.pk])}


def test_each_boards_shares_by_style_with_their_intervals(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    """A row per side, then per place in the order of choice; a column per style. A share 5 points
    or more off its fair share is bold with "!" (a grey print keeps both)."""
    row = done_rehearsal(camp, SEED, teams=SIX)
    report = row.report
    greedy = report["boards"][0]["styles"][1]
    assert greedy["style"] == "greedy"
    greedy["sides"][0].update(share=0.34, low=0.31, high=0.37, fair_share=0.3333)
    greedy["sides"][1].update(share=0.41, low=0.37, high=0.45, fair_share=0.3333)
    Rehearsal.objects.filter(pk=row.pk).update(report=report)
    page = soup(staff_client.get(page_url(row)))
    table = page.select_one("#shares #shares-0")
    assert texts(table, "thead th") == [
        "Strana nebo pořadí výběru",
        "plánovač",
        "hladový bot",
        "začátečník",
        "spravedlivý podíl",
    ]
    assert texts(table, "tbody th") == [
        "dolní (jih)",
        "pravá (severovýchod)",
        "levá (severozápad)",
        "týmy, které si vybíraly zátoku jako první",
        "týmy, které si vybíraly zátoku jako druhé",
    ]
    bottom = table.select_one("tr[data-side=bottom] td[data-style=greedy]")
    assert text(bottom) == "34\u00a0% (31–37\u00a0%)" and bottom.get("class") is None
    right = table.select_one("tr[data-side=right] td[data-style=greedy]")
    assert text(right) == "41\u00a0% (37–45\u00a0%) !" and right["class"] == ["zo-off"]
    assert texts(table, "tr[data-side=bottom] td")[-1] == "33\u00a0%"
    first = report["boards"][0]["styles"][0]["choice"][0]
    cell = table.select_one("tr[data-order='1'] td[data-style=planner]")
    assert texts(cell, ".zo-share") == [rehearsal_words.percent(first["share"])]
    assert texts(cell, ".zo-interval") == [f"({rehearsal_words.interval(first['low'], first['high'])})"]
    assert texts(page, "#shares > p.zo-note") == [
        "V závorce: interval podílu s 95procentní jistotou (víc táborů ho zúží). "
        "Tučně s „!“: 5 a více procentních bodů od spravedlivého podílu."
    ]


def test_a_kept_report_of_the_older_format_still_shows(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    """A rehearsal kept from before format /2: its page and its PDF answer, say that it is older and
    show what it holds (its verdict as judged then, its sides' shares, its figures)."""
    from tests.games.islands.rehearsal_reports import old_report

    row = done_rehearsal(camp, SEED, OTHER)
    Rehearsal.objects.filter(pk=row.pk).update(report=old_report(SEED, OTHER))
    response = staff_client.get(page_url(row))
    assert response.status_code == 200
    page = soup(response)
    assert texts(page, "#older-report") == [
        "Výsledky ze starší verze. Tuto zkoušku hodnotila starší verze: podle stran a zátok, bez podílů "
        "jednotlivých stylů hry a jejich intervalů. Pro nová čísla zkoušku spusťte znovu."
    ]
    assert texts(page, "#verdicts tbody tr:first-child td > span") == [
        "Herní plán je spravedlivý: žádná strana ani zátoka nevyhrává o mnoho častěji než ostatní.",
        "Tým v zátoce Z8 vyhrává 50\u00a0% her, mnohem víc než spravedlivých 17\u00a0%: "
        "plán je nespravedlivý.",
    ]
    assert texts(page, "#shares-0 thead th")[1] == "smíšení (plánovač a hladový bot)"
    assert texts(page, "#shares-0 tr[data-side=bottom] td") == ["50\u00a0% !", "33\u00a0%"]
    assert page.select_one("#parameters form button").get_text(strip=True) == "Zkusit znovu"
    pdf = staff_client.get(page_url(row, "pdf"))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Výsledky ze starší verze." in text


def test_the_charts_draw_a_line_and_a_bar_per_board(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED, OTHER)
    page = soup(staff_client.get(page_url(row)))
    home = page.select_one("#chart-home-figure svg")
    assert home["role"] == "img" and home.select_one("title").get_text() == "Poklad doma po kolech"
    lines = home.select("polyline.series")
    assert (
        len(lines) == 2
        and lines[0].get("stroke-dasharray") is None
        and lines[1]["stroke-dasharray"] == "7 3.5"
    )
    assert len(lines[0]["points"].split()) == row.report["spec"]["rounds"]
    wins = page.select_one("#chart-wins-figure svg")
    assert len(wins.select("rect.bar")) == 2 * len(row.report["boards"][0]["sides"])
    assert [p["id"] for p in wins.select("pattern")] == ["chart-wins-p0", "chart-wins-p1"]
    assert len(page.select("#chart-lost-figure polyline.series")) == 2


def test_sides_and_bays_of_each_board(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED)
    board = row.report["boards"][0]
    page = soup(staff_client.get(page_url(row)))
    rows = [texts(tr, "th, td") for tr in page.select("#spreads-0 tbody tr")]
    first = board["sides"][0]
    mean, spread = (
        rehearsal_words.decimal(first["treasure_mean"]),
        rehearsal_words.decimal(first["treasure_sd"]),
    )
    interval = rehearsal_words.interval(first["low"], first["high"])
    assert rows[0] == [
        "dolní (jih)",
        f"{mean} ± {spread}",
        f"{rehearsal_words.percent(first['win_share'])} ({interval})",
    ]
    # each side (bold), then the bays on it
    expected = []
    for side in board["sides"]:
        expected += [rehearsal_words.side_name(side["side"])]
        expected += [f"Z{bay['bay']}" for bay in board["bays"] if bay["side"] == side["side"]]
    assert [r[0] for r in rows] == expected
    assert [tr.get("class") for tr in page.select("#spreads-0 tbody tr")][:2] == [["zo-side"], None]


def test_no_use_this_seed_once_the_game_has_started(
    staff_client: Client, game: Any, camp: Camp, fake_simulator: None
) -> None:
    row = done_rehearsal(camp, None, SEED)
    page = soup(staff_client.get(page_url(row)))
    assert page.select("#verdicts form") == []
    assert texts(page, "#verdicts thead th")[1].startswith("Herní plán tábora")


def test_the_pdf_prints_the_figures(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED, OTHER)
    response = staff_client.get(page_url(row, "pdf"))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Zlaté ostrovy – zkouška hry" in text
    total = row.report["boards"][0]["treasure_total"]
    assert re.search(
        rf"Truhel na herním plánu\s+{total}\s+{row.report['boards'][1]['treasure_total']}", text
    ), text
    assert "Poklad doma po kolech" in text and "Vyhrané hry podle stran" in text


def test_the_pdf_of_an_unfinished_rehearsal_goes_back_to_its_page(
    staff_client: Client, camp: Camp, teams: list[Team]
) -> None:
    staff_client.post(start_url(camp), form_data())
    row = Rehearsal.objects.get()
    response = staff_client.get(page_url(row, "pdf"), follow=True)
    assert response.redirect_chain[-1][0] == page_url(row)
    assert errors(response) == ["Zkouška ještě nemá výsledky: neskončila."]


# ------------------------------------------------------------------------------------ who may


def test_the_board_permission_is_the_rehearsals_permission() -> None:
    assert rehearsal_runs.PERMISSION == board_page.PERMISSION


@pytest.fixture
def viewer_client(db: None) -> Client:
    """Staff who may view the board set-up but not change the board."""
    user = get_user_model().objects.create_user("divak", password="x", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="view_boardsetup"))
    client = Client()
    client.force_login(user)
    return client


def test_staff_without_the_board_permission_see_and_start_none(
    viewer_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED)
    page = viewer_client.get(board_url(camp))
    assert page.status_code == 200 and soup(page).select_one("#rehearsal") is None
    for name in ("page", "progress", "pdf"):
        assert viewer_client.get(page_url(row, name)).status_code == 403
    assert viewer_client.post(page_url(row, "cancel")).status_code == 403
    assert viewer_client.post(start_url(camp), form_data()).status_code == 403
    assert Rehearsal.objects.count() == 1


def test_anonymous_visitors_are_sent_to_the_login(
    client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED)
    for url in (
        start_url(camp),
        page_url(row),
        page_url(row, "progress"),
        page_url(row, "cancel"),
        page_url(row, "pdf"),
    ):
        response = client.get(url)
        assert response.status_code == 302 and reverse("admin:login") in response["Location"]
    response = client.post(start_url(camp), form_data())
    assert response.status_code == 302 and Rehearsal.objects.count() == 1


def test_a_rehearsal_of_another_camp_is_not_found(
    staff_client: Client, camp: Camp, other_camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    row = done_rehearsal(camp, SEED)
    url = reverse("admin:islands_boardsetup_rehearsal", args=[other_camp.pk, row.pk])
    assert staff_client.get(url).status_code == 404


def test_the_report_and_the_section_hold_no_english_word(
    staff_client: Client, camp: Camp, teams: list[Team], fake_simulator: None
) -> None:
    from tests.test_czech_words import english_in, visible_text

    board_services.board_generate(camp=camp, seed=77)
    row = done_rehearsal(camp, None, SEED, OTHER)
    staff_client.post(start_url(camp), form_data(seed_1="abc", rounds="0"))  # the section with its errors
    found = []
    for response in (
        staff_client.get(page_url(row)),
        staff_client.get(board_url(camp)),
        staff_client.post(start_url(camp), form_data(seed_1="abc", rounds="0", teams_from="count")),
    ):
        text = visible_text(response.content)
        found += [line.strip() for line in text.splitlines() if english_in(line)]
    assert found == []
