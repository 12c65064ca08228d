"""The printed sheets of a round: valid PDFs with the team's own data in Czech, byte-identical
when only what the team may not know changes (and different when what it sees changes), the
staff master sheet, and which round a sheet may be printed from."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation
from pypdf import PdfReader

from camp.models import Camp, Round, RoundStatus, Team
from games.islands import pdf, sheets
from games.islands.demo import demo_play
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile
from games.islands.models import BoardHex, IslandsRound, Pirate, Ship

GAME_SEED = 4151990316782215021


@pytest.fixture(autouse=True)
def czech() -> Iterator[None]:
    with translation.override(settings.LANGUAGE_CODE):
        yield


@pytest.fixture
def game(camp: Camp, teams: list[Team]) -> Round:
    """Round 1 played and closed, round 2 open for orders; a fixed seed."""
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED)
    camp.refresh_from_db()
    demo_play(camp, rounds=1, open_next=True)
    return Round.objects.get(camp=camp, number=2)


def text_of(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def team_pdf(round_: Round, team: Team) -> bytes:
    round_ = Round.objects.select_related("camp").get(pk=round_.pk)
    return pdf.render_team_sheets(sheets.team_sheets(round_, [team]), font_dir=settings.PDF_FONT_DIR)


def test_team_sheet_carries_the_team_the_round_and_its_ships(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    data = team_pdf(game, team)
    text = text_of(data)
    assert team.name in text
    assert "Kolo 2" in text and "Plán tahu na 2. kolo" in text
    assert "Zlaté ostrovy – mapa týmu" in text  # Czech, diacritics and all
    g = geometry(game.camp.board_side)
    bay = game.camp.teams.get(pk=team.pk).harbor.bay
    ships = list(Ship.objects.filter(team=team))
    assert ships
    for ship in ships:
        at = f"Z{bay}" if ship.q is None else g.label(Hex(ship.q, ship.r))
        assert f"{'Bitevní loď' if ship.ident == 'B' else 'Loď'} {ship.ident} na {at}" in text
    assert len(PdfReader(io.BytesIO(data)).pages) == 2  # map sheet and order form


def test_all_team_sheets_one_after_another(game: Round, teams: list[Team]) -> None:
    data = pdf.render_team_sheets(sheets.team_sheets(game), font_dir=settings.PDF_FONT_DIR)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 2 * len(teams)
    for i, team in enumerate(teams):
        assert team.name in (reader.pages[2 * i].extract_text() or "")


def test_same_data_same_bytes(game: Round, teams: list[Team]) -> None:
    assert team_pdf(game, teams[0]) == team_pdf(game, teams[0])


def _hidden_hex(camp: Camp) -> BoardHex:
    return BoardHex.objects.filter(camp=camp, revealed=False).order_by("q", "r").first()  # type: ignore[return-value]


def test_team_sheet_does_not_change_with_hidden_data(game: Round, teams: list[Team]) -> None:
    team, other = teams[0], teams[1]
    before = team_pdf(game, team)
    # An unrevealed hex changes its tile and chests.
    h = _hidden_hex(game.camp)
    BoardHex.objects.filter(pk=h.pk).update(
        tile=Tile.TREASURE.value if h.tile != "treasure" else "reefs", chests=3
    )
    # Another team's cargo.
    Ship.objects.filter(team=other).update(chests=1, seahorse=True, octopus=True)
    # The pirates' drawn moves (and a pirate that appears nowhere visible changes nothing either way).
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N"] * 11, "P2": ["S"] * 11})
    assert team_pdf(game, team) == before

    # The control: what the team sees does change its sheet.
    BoardHex.objects.filter(pk=h.pk).update(revealed=True)
    assert team_pdf(game, team) != before


def test_own_cargo_and_a_visible_move_change_the_sheet(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    before = team_pdf(game, team)
    ship = Ship.objects.filter(team=team).first()
    assert ship is not None
    Ship.objects.filter(pk=ship.pk).update(chests=ship.chests + 1)
    assert team_pdf(game, team) != before


def test_master_sheet_shows_everything_and_says_staff_only(game: Round, teams: list[Team]) -> None:
    h = _hidden_hex(game.camp)
    BoardHex.objects.filter(pk=h.pk).update(tile=Tile.TREASURE.value, chests=3)
    Pirate.objects.create(camp=game.camp, ident="P1", q=h.q, r=h.r)
    IslandsRound.objects.filter(round=game).update(pirate_moves={"P1": ["N", "SE"]})
    data = pdf.render_master_sheet(sheets.master_sheet(game), font_dir=settings.PDF_FONT_DIR)
    text = text_of(data)
    assert "JEN PRO VEDOUCÍ" in text
    for team in teams:
        assert team.name in text
    g = geometry(game.camp.board_side)
    assert f"P1 na {g.label(Hex(h.q, h.r))}" in text
    assert "S JV" in text  # the drawn moves, in Czech letters


def test_sheets_only_from_the_round_of_the_current_state(game: Round) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    assert sheets.sheet_rounds(game).orders_number == 2
    assert sheets.sheet_rounds(closed).orders_number == 2
    later = Round.objects.create(camp=game.camp, number=3, status=RoundStatus.PLANNED)
    with pytest.raises(sheets.SheetsUnavailable):
        sheets.sheet_rounds(later)


def test_no_sheets_before_the_game_starts(camp: Camp, teams: list[Team]) -> None:
    round_ = Round.objects.create(camp=camp, number=1)
    with pytest.raises(sheets.SheetsUnavailable):
        sheets.sheet_rounds(round_)


@pytest.mark.parametrize("side", [3, 13])
def test_the_map_fits_the_page_for_every_board_size(side: int) -> None:
    size, width, height = pdf.map_size(side, pdf.INNER, 190 * pdf.mm)
    assert width <= pdf.INNER + 0.01 and height <= 190 * pdf.mm + 0.01
    assert size <= pdf.MAX_HEX
    if side == 13:
        assert width > 0.95 * pdf.INNER  # the big board fills the page's width


def test_the_fire_target_box_only_for_a_team_with_a_battleship(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    assert not Ship.objects.filter(team=team, kind="battleship").exists()
    assert "Cíl střelby bitevní lodi" not in text_of(team_pdf(game, team))
    Ship.objects.create(team=team, ident="B", kind="battleship")  # in its harbor
    assert "Cíl střelby bitevní lodi" in text_of(team_pdf(game, team))
