"""One notation for routes: the camp's sheets' letters (a camp setting, Czech by default), on every
page whatever its language. ``S`` is north in Czech and south in English: a Czech sheet typed on an
English page must not sail the other way."""

from __future__ import annotations

import io
from dataclasses import replace

from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from camp.models import Camp, RouteLetters, Team
from games.islands.engine.notation import Alphabet
from games.islands.engine.tiles import Tile
from games.islands.models.rounds import TeamOrders
from games.islands.printing.data import team_sheets_for
from games.islands.printing.team_sheet import render_team_sheets
from tests.games.islands.conftest import opened, put_tile
from tests.pages import element_text, errors


def orders_url(round_id: int, team_id: int, language: str) -> str:
    with translation.override(language):
        return reverse("admin:islands_round_orders", args=[round_id, team_id])


def orders(route: str) -> dict[str, str]:
    return {"build_cargo": "0", "build_battleship": "0", "route-C1": route, "harbor": "", "fire": ""}


def test_a_czech_sheet_typed_on_an_english_page_sails_as_written(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    round_ = opened(started)
    _label, czech = put_tile(started, teams[0], Tile.OPEN_SEA)  # the Czech letter of a legal move
    response = staff_client.post(orders_url(round_.pk, teams[0].pk, "en"), orders(czech))
    assert response.status_code == 302 and errors(response) == []
    stored = TeamOrders.objects.get(round=round_, team=teams[0]).routes["C1"]
    assert stored == Alphabet.CZECH.tokens[czech]  # kept in the round file's English letters
    # The English page shows it back in the sheet's Czech letters and says which letters it reads.
    page = staff_client.get(orders_url(round_.pk, teams[0].pk, "en")).content.decode()
    assert f'value="{czech}"' in page
    help_text = element_text(page, "route-help")
    assert help_text.startswith(
        "Routes in the letters of the camp's sheets (Czech, S is north), "
        "one direction per step: S SV JV J JZ SZ;"
    )


def test_a_camp_with_english_sheets_reads_english_letters_on_a_czech_page(
    staff_client: Client, started: Camp, teams: list[Team]
) -> None:
    Camp.objects.filter(pk=started.pk).update(route_letters=RouteLetters.ENGLISH)
    round_ = opened(started)
    _label, czech = put_tile(started, teams[0], Tile.OPEN_SEA)
    english = Alphabet.CZECH.tokens[czech]
    response = staff_client.post(orders_url(round_.pk, teams[0].pk, settings.LANGUAGE_CODE), orders(english))
    assert response.status_code == 302 and errors(response) == []
    assert TeamOrders.objects.get(round=round_, team=teams[0]).routes["C1"] == english
    page = staff_client.get(orders_url(round_.pk, teams[0].pk, settings.LANGUAGE_CODE)).content.decode()
    assert f'value="{english}"' in page
    assert element_text(page, "route-help").startswith(
        "Trasy se píší písmeny z plánovacích archů tábora (anglická, S = jih), jeden směr za krok:"
        " N NE SE S SW NW;"
    )


def test_the_team_sheet_prints_the_camps_letters(started: Camp, teams: list[Team]) -> None:
    round_ = opened(started)
    sheet = team_sheets_for(round_, [teams[0]])[0]
    assert sheet.route_letters == "cs"
    with translation.override(settings.LANGUAGE_CODE):
        czech = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
        english = render_team_sheets([replace(sheet, route_letters="en")], font_dir=settings.PDF_FONT_DIR)

    def form_text(data: bytes) -> str:
        return " ".join((PdfReader(io.BytesIO(data)).pages[1].extract_text() or "").split())

    assert "(S SV JV J JZ SZ)" in form_text(czech)
    assert "(N NE SE S SW NW)" in form_text(english)
    # The seahorse's two moves in one step box, in the same letters.
    assert f"„{Alphabet.CZECH.letter('N')} {Alphabet.CZECH.letter('NE')}“" in form_text(czech)
