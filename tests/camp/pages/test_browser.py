"""The placements page in a real browser: htmx preview (CSRF header on <body>), then saving."""

from __future__ import annotations

from typing import Any

import pytest

from camp.models import Placement, Round, RoundStatus, Team
from tests.browser import NEEDS_CHROMIUM, wait_htmx_idle

pytestmark = NEEDS_CHROMIUM


@pytest.mark.django_db(transaction=True)
def test_preview_while_typing_then_save(
    live_server: Any, page: Any, admin_user: Any, teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/camp/round/{round1.pk}/placements/")
    page.fill(f"#rank-{red.pk}", "1")
    page.fill(f"#rank-{blue.pk}", "1")
    page.fill(f"#rank-{green.pk}", "3")
    page.wait_for_selector("#ap-preview .zo-ok", timeout=5000)  # htmx POST passed CSRF and swapped in
    preview = page.inner_text("#ap-preview")
    assert "Zelení" in preview and "8" in preview
    assert not Placement.objects.exists()  # the preview stores nothing
    wait_htmx_idle(page)
    page.click("input[type=submit]")
    page.wait_for_selector(".messagelist .success")
    assert sorted(Placement.objects.values_list("team_id", "ap")) == sorted(
        [(red.pk, 14), (blue.pk, 14), (green.pk, 8)]
    )


@pytest.mark.django_db(transaction=True)
def test_round_list_fits_a_laptop_screen(
    live_server: Any, browser: Any, admin_user: Any, teams: list[Team], other_camp: Any
) -> None:
    """QA: on a 1366-px laptop the round list's status, AP and placements columns were cut off and
    its rows were many lines tall. With two camp runs (the camp column shown), a long mini-game name
    and every kind of row, the whole table fits next to the filter and its rows stay short."""
    from camp import services

    camp = teams[0].camp
    for number in range(1, 4):
        round_ = services.round_create(camp=camp)
        services.minigame_record(round=round_, name=f"Stavba vorů na rybníce, {number}. část", kind="outdoor")
        services.placements_record(round=round_, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    Round.objects.filter(camp=camp, number__lt=3).update(status=RoundStatus.CLOSED)
    Round.objects.filter(camp=camp, number=3).update(status=RoundStatus.ORDERS_OPEN)
    long_round = services.round_create(camp=camp)
    services.minigame_record(round=long_round, name="Déšť – Batavia v jídelně " * 4, kind="batavia")
    services.round_create(camp=other_camp)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    for query in ("", f"?camp__id__exact={camp.pk}"):
        page.goto(f"{live_server.url}/admin/camp/round/{query}")
        fit = page.evaluate(
            """() => ({table: document.querySelector('#result_list').scrollWidth,
                       box: document.querySelector('#changelist .results').clientWidth,
                       rows: [...document.querySelectorAll('#result_list tbody tr')]
                             .map(r => r.offsetHeight)})"""
        )
        assert fit["table"] <= fit["box"], (query, fit)
        assert len(fit["rows"]) == (4 if query else 5) and max(fit["rows"]) <= 100, (query, fit)
        links = page.locator("#result_list").get_by_text("Zapsat umístění").count()
        assert links == (2 if query else 3)  # rounds 3 and 4 (and the other camp's round 1)


#: In print media: the table's width against the printable width, and each colour mark's paint.
PRINT_LAYOUT = """() => {
  const table = document.querySelector('table.zo-table');
  const content = document.querySelector('#content-main');
  const marks = [...table.querySelectorAll('.zo-swatch')].map(s => {
    const style = getComputedStyle(s);
    return {bg: style.backgroundColor, adjust: style.printColorAdjust || style.webkitPrintColorAdjust};
  });
  return {table: table.getBoundingClientRect().width, page: document.documentElement.clientWidth,
          content: content.getBoundingClientRect().width,
          font: parseFloat(getComputedStyle(table.querySelector('td')).fontSize), marks};
}"""


@pytest.mark.django_db(transaction=True)
def test_the_ap_overview_printout_fills_its_page_and_prints_its_colours(
    live_server: Any, browser: Any, admin_user: Any, teams: list[Team]
) -> None:
    """QA: printed, the AP overview took half the page and its colour marks came out as empty
    boxes. In print media the table spans the printable width and every mark keeps its colour
    (``print-color-adjust: exact``); the PDF is kept with ZO_KEEP_PDF=dir to look at."""
    import os
    from pathlib import Path

    from camp import services

    camp = teams[0].camp
    for number in range(1, 3):
        round_ = services.round_create(camp=camp)
        services.minigame_record(round=round_, name=f"Lodní závod {number}", kind="outdoor")
        services.placements_record(round=round_, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    Round.objects.filter(camp=camp).update(status=RoundStatus.CLOSED)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}/admin/camp/camp/{camp.pk}/ap-overview/")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    layout = page.evaluate(PRINT_LAYOUT)
    pdf = page.pdf(format="A4", print_background=False)  # as a browser prints by default
    folder = os.environ.get("ZO_KEEP_PDF")
    if folder:
        Path(folder, "ap-overview.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF")
    assert layout["table"] >= 0.95 * layout["content"] and layout["content"] >= 0.9 * layout["page"], layout
    assert layout["font"] >= 14, layout  # read from a notice board, not a screen
    assert len(layout["marks"]) == len(teams)
    for mark, team in zip(layout["marks"], teams, strict=True):
        assert mark["adjust"] == "exact", layout
        red, green, blue = (int(team.colour[i : i + 2], 16) for i in (1, 3, 5))
        assert mark["bg"] == f"rgb({red}, {green}, {blue})", layout
