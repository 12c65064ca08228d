"""The team's own link on its printed map sheet (issue 21): when the camp run's team links are on and
the team's link works, a small QR code in the map box's top right corner carries the link's full
address, as its handout prints it. Read from the page as a laser printer prints it (``pdftoppm
-gray``) its modules are exactly those of the QR code of that address. With the links off or the
link revoked the sheet is byte for byte today's; another team's sheet never carries the link; what
is hidden from the team still changes no byte."""

from __future__ import annotations

import io
from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from camp.models import Round, Team
from games.islands.models.links import TeamLink
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing.data import master_sheet_for, notice_sheet_for, team_sheets_for
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import LINK_QR_SIDE, render_team_sheets
from games.islands.selectors.links import team_links
from games.islands.services import team_links as link_services
from tests.games.islands.printing.test_paper_form import DPI, LOOKUP, grey_page, needs_pdftoppm, read_qr

PHONES = "http://192.168.1.10:8000"


def _links_on(game: Round) -> dict[int, TeamLink]:
    link_services.team_links_switch(camp=game.camp, on=True)
    return {link.team_id: link for link in team_links(game.camp)}


def _pdf(game: Round, team: Team, *, phones: str = PHONES) -> bytes:
    round_ = Round.objects.select_related("camp").get(pk=game.pk)
    sheets = team_sheets_for(round_, [team], lookup=LOOKUP, phones=phones)
    return render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR)


def test_each_sheet_carries_its_own_teams_link(game: Round, teams: list[Team]) -> None:
    links = _links_on(game)
    sheets = team_sheets_for(game, teams, lookup=LOOKUP, phones=PHONES)
    assert [s.link_url for s in sheets] == [f"{PHONES}/tym/{links[t.pk].token}/" for t in teams]
    assert sheets[0].link_url == PHONES + reverse("islands_public:team", args=[links[teams[0].pk].token])
    for sheet, team in zip(sheets, teams, strict=True):  # no other team's token anywhere on it
        others = [links[t.pk].token for t in teams if t != team]
        assert not any(token in repr(sheet) for token in others)
    # The team's page (the same data) and the sheets kept for a correction carry no link.
    assert team_sheets_for(game, teams, lookup=LOOKUP)[0].link_url == ""


@needs_pdftoppm
def test_the_printed_qr_code_is_the_teams_link(game: Round, teams: list[Team], tmp_path: Path) -> None:
    links = _links_on(game)
    url = f"{PHONES}/tym/{links[teams[1].pk].token}/"
    data = _pdf(game, teams[1])
    image = grey_page(data, 0, tmp_path)  # on the map sheet, which the team keeps
    left = sheet_canvas.PAGE_W - sheet_canvas.MARGIN - LINK_QR_SIDE
    top = sheet_canvas.PAGE_H - sheet_canvas.titles_bottom(sheet_canvas.PAGE_H - sheet_canvas.BAND_H)
    assert read_qr(image, left=left, top=top, side=LINK_QR_SIDE) == [url]  # what a phone opens
    # Its quiet zone is white on the grey print, and the caption says what it is.
    scale = DPI / 72
    quiet = [
        image.getpixel((int(left * scale) + dx, int(top * scale) + dy))
        for dx in range(15)
        for dy in range(15)
    ]
    assert min(quiet) > 240
    text = " ".join((PdfReader(io.BytesIO(data)).pages[0].extract_text() or "").split())
    assert "Odkaz vašeho týmu: načtěte ho telefonem" in text


def test_links_off_or_revoked_leave_the_sheet_as_it_was(game: Round, teams: list[Team]) -> None:
    today = _pdf(game, teams[0])  # no links yet
    links = _links_on(game)
    with_link = _pdf(game, teams[0])
    assert with_link != today
    # Only the map sheet gains the code and its line: the order form reads the same (its glyphs
    # may be numbered otherwise in the embedded font, the caption's letters coming first).
    pages = [PdfReader(io.BytesIO(d)).pages for d in (today, with_link)]
    assert pages[0][1].extract_text() == pages[1][1].extract_text()
    caption = "Odkaz vašeho týmu: načtěte ho telefonem"
    assert [caption in " ".join((p[0].extract_text() or "").split()) for p in pages] == [False, True]

    link_services.team_link_revoke(link=links[teams[0].pk])
    assert _pdf(game, teams[0]) == today
    assert team_sheets_for(game, [teams[1]], phones=PHONES)[0].link_url  # the others' still work
    link_services.team_link_renew(link=links[teams[0].pk])
    renewed = TeamLink.objects.get(team=teams[0]).token
    assert team_sheets_for(game, [teams[0]], phones=PHONES)[0].link_url == f"{PHONES}/tym/{renewed}/"
    link_services.team_links_switch(camp=game.camp, on=False)
    assert _pdf(game, teams[0]) == today
    assert _pdf(game, teams[0], phones="") == today


def test_the_notice_board_and_master_sheets_carry_no_link(game: Round, teams: list[Team]) -> None:
    def others() -> tuple[bytes, bytes]:
        return (
            render_notice_sheet(notice_sheet_for(game), font_dir=settings.PDF_FONT_DIR),
            render_master_sheet(master_sheet_for(game), font_dir=settings.PDF_FONT_DIR),
        )

    before = others()
    _links_on(game)
    assert others() == before


def test_the_link_tells_nothing_hidden(game: Round, teams: list[Team]) -> None:
    """With the link on it, the sheet is byte for byte the same when only what the team may not
    know changes: a hidden hex, another team's cargo and link, the pirates' draws, the camp's seed."""
    from camp.models import Camp
    from games.islands.engine.tiles import Tile
    from games.islands.models.board import BoardHex, Ship
    from games.islands.models.rounds import IslandsRound

    links = _links_on(game)
    before = _pdf(game, teams[0])
    hidden = BoardHex.objects.filter(camp=game.camp, revealed=False).order_by("q", "r").first()
    assert hidden is not None
    BoardHex.objects.filter(pk=hidden.pk).update(
        tile=Tile.REEFS.value if hidden.tile != "reefs" else "treasure"
    )
    Ship.objects.filter(team=teams[1]).update(chests=2, seahorse=True)
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11})
    Camp.objects.filter(pk=game.camp_id).update(seed=987654321)
    link_services.team_link_renew(link=links[teams[1].pk])
    link_services.team_link_revoke(link=links[teams[2].pk])
    assert _pdf(game, teams[0]) == before


def test_the_sheet_pages_print_the_link_on_the_address_for_the_phones(
    game: Round, teams: list[Team], staff_client: Client
) -> None:
    links = _links_on(game)
    response = staff_client.get(reverse("admin:islands_round_sheet", args=[game.pk, teams[0].pk]))
    assert response.status_code == 200
    sheet = team_sheets_for(
        game,
        [teams[0]],
        lookup="http://testserver/admin/islands/islandsround/paper/",
        phones="http://testserver",
    )[0]
    assert sheet.link_url == f"http://testserver/tym/{links[teams[0].pk].token}/"
    assert render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR) == response.content
    # Tonight's printing: every team's map sheet with the caption of its link, no order form.
    evening = staff_client.get(reverse("admin:islands_round_evening", args=[game.pk]))
    assert evening.status_code == 200
    texts = [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(evening.content)).pages]
    caption = "Odkaz vašeho týmu: načtěte ho telefonem"
    assert [i for i, text in enumerate(texts) if caption in text] == [0, 2, 4]
