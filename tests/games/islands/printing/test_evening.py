"""Tonight's printing: the notice-board sheet (public data only, byte-identical when only hidden data
changes) and the one PDF in hand-out order (team sheets, notice board, "jen pro vedoucí", master)."""

from __future__ import annotations

import io
import os
from pathlib import Path

from django.conf import settings
from pypdf import PdfReader

from camp.models import Placement, Round, Team
from games.islands import results
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex, Ship
from games.islands.models.rounds import IslandsRound, RoundResult
from games.islands.printing.bundle import render_evening
from games.islands.printing.data import master_sheet_for, notice_sheet_for, team_sheets_for
from games.islands.printing.notice_sheet import render_notice_sheet


def pages_of(data: bytes) -> list[str]:
    assert data.startswith(b"%PDF")
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages]


def notice_pdf(round_: Round) -> bytes:
    round_ = Round.objects.select_related("camp").get(pk=round_.pk)
    return render_notice_sheet(notice_sheet_for(round_), font_dir=settings.PDF_FONT_DIR)


def evening_pdf(round_: Round) -> bytes:
    round_ = Round.objects.select_related("camp").get(pk=round_.pk)
    return render_evening(
        team_sheets_for(round_),
        notice_sheet_for(round_),
        master_sheet_for(round_),
        font_dir=settings.PDF_FONT_DIR,
    )


def keep(name: str, data: bytes) -> None:
    """With ZO_KEEP_PDF=dir, the PDF is written there (to render it to PNG and look at it)."""
    folder = os.environ.get("ZO_KEEP_PDF")
    if folder:
        Path(folder, name).write_bytes(data)


def test_notice_sheet_has_standings_public_events_and_the_resolved_rounds_ap(
    game: Round, teams: list[Team]
) -> None:
    data = notice_pdf(game)
    keep("notice.pdf", data)
    text = "\n".join(pages_of(data))
    assert "Zlaté ostrovy – nástěnka" in text and "Pořadí" in text
    for team in teams:
        assert team.name in text
    result = RoundResult.objects.get(round__camp=game.camp, round__number=1)
    public = results.result_events(result, viewer="public")
    assert public
    for line in public[:5]:
        assert line.description in " ".join(text.split()), line.description
    # A team's private lines (map hints, telescopes, loading) are not on it.
    for team in teams:
        for line in results.result_events(result, viewer=team):
            if line.visibility != "public":
                assert line.description not in " ".join(text.split())
    # The AP table shows round 1 (resolved), not round 2 (its AP are each team's own secret so far).
    assert "AB v odehraných kolech" in text and "kolo 1" in text and "kolo 2" not in text


def test_notice_sheet_does_not_change_with_hidden_data(game: Round, teams: list[Team]) -> None:
    before = notice_pdf(game)
    hidden = BoardHex.objects.filter(camp=game.camp, revealed=False).order_by("q", "r").first()
    assert hidden is not None
    BoardHex.objects.filter(pk=hidden.pk).update(
        tile=Tile.TREASURE.value if hidden.tile != "treasure" else "reefs", chests=3
    )
    Ship.objects.filter(team__camp=game.camp).update(chests=2, seahorse=True, octopus=True)
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11})
    # The AP of round 2 (not resolved yet) are known to each team alone.
    assert Placement.objects.filter(round=game).exists()
    Placement.objects.filter(round=game).update(ap=1)
    assert notice_pdf(game) == before

    # The control: what everyone sees does change it.
    BoardHex.objects.filter(pk=hidden.pk).update(revealed=True)
    assert notice_pdf(game) != before


def test_tonights_printing_is_one_pdf_in_hand_out_order(game: Round, teams: list[Team]) -> None:
    data = evening_pdf(game)
    keep("evening.pdf", data)
    pages = pages_of(data)
    for i, team in enumerate(teams):  # each team: its map sheet, then its order form
        map_page, form = pages[2 * i], pages[2 * i + 1]
        assert team.name in map_page and "Zlaté ostrovy – mapa týmu" in map_page
        assert team.name in form and "Plán tahu na 2. kolo" in form
        for other in teams:
            if other != team:
                assert other.name not in map_page.splitlines()[0]
    rest = pages[2 * len(teams) :]
    notice = [i for i, text in enumerate(rest) if "Zlaté ostrovy – nástěnka" in text or "Nástěnka" in text]
    separator = next(i for i, text in enumerate(rest) if "Nerozdávat" in text)
    master = [
        i
        for i, text in enumerate(rest)
        if (text.startswith("Hlavní arch") or text.startswith("JEN PRO VEDOUCÍ")) and i != separator
    ]
    assert notice and notice == list(range(len(notice)))  # right after the team sheets
    assert separator == len(notice)
    assert "JEN PRO VEDOUCÍ" in rest[separator]
    assert master and master[0] == separator + 1 and master[-1] == len(rest) - 1  # the master sheet last
    for text in rest[: separator + 1]:
        assert not text.startswith("Hlavní arch")
    # The parts alone are the same pages as in the bundle.
    assert len(pages) == 2 * len(teams) + len(notice) + 1 + len(rest) - separator - 1
