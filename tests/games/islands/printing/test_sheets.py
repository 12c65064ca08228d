"""The printed sheets of a round: valid PDFs with the team's own data in Czech, byte-identical
when only what the team may not know changes (and different when what it sees changes), the
staff master sheet, and which round a sheet may be printed from."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

import pytest
from django.conf import settings
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from camp.pdf import FONT_BOLD
from games.islands.demo import demo_play
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile
from games.islands.models.board import BoardHex, Pirate, Ship
from games.islands.models.rounds import IslandsRound
from games.islands.printing import canvas as sheet_canvas
from games.islands.printing import team_sheet
from games.islands.printing.data import (
    SheetsUnavailable,
    TeamSheet,
    master_sheet_for,
    sheet_rounds,
    team_sheets_for,
)
from games.islands.printing.map import MAX_HEX, map_size
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.team_sheet import render_team_sheets

GAME_SEED = 4151990316782215021


def text_of(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(data)).pages)


def team_pdf(round_: Round, team: Team) -> bytes:
    round_ = Round.objects.select_related("camp").get(pk=round_.pk)
    return render_team_sheets(team_sheets_for(round_, [team]), font_dir=settings.PDF_FONT_DIR)


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
        name = "Bitevní loď" if ship.ident == "B" else f"Loď {ship.ident[1:]}"  # never "C1": a hex
        assert f"{name} na {at}" in text
    assert len(PdfReader(io.BytesIO(data)).pages) == 2  # map sheet and order form


def test_all_team_sheets_one_after_another(game: Round, teams: list[Team]) -> None:
    data = render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR)
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
    data = render_master_sheet(master_sheet_for(game), font_dir=settings.PDF_FONT_DIR)
    text = text_of(data)
    assert "JEN PRO VEDOUCÍ" in text
    for team in teams:
        assert team.name in text
    g = geometry(game.camp.board_side)
    assert f"Pirátská loď 1 na {g.label(Hex(h.q, h.r))}" in text
    assert "S JV" in text  # the drawn moves, in Czech letters


def test_sheets_only_from_the_round_of_the_current_state(game: Round) -> None:
    closed = Round.objects.get(camp=game.camp, number=1)
    assert sheet_rounds(game).orders_number == 2
    assert sheet_rounds(closed).orders_number == 2
    later = Round.objects.create(camp=game.camp, number=3, status=RoundStatus.PLANNED)
    with pytest.raises(SheetsUnavailable):
        sheet_rounds(later)


def test_no_sheets_before_the_game_starts(camp: Camp, teams: list[Team]) -> None:
    round_ = Round.objects.create(camp=camp, number=1)
    with pytest.raises(SheetsUnavailable):
        sheet_rounds(round_)


@pytest.mark.parametrize("side", [3, 13])
def test_the_map_fits_the_page_for_every_board_size(side: int) -> None:
    size, width, height = map_size(side, sheet_canvas.INNER, 190 * mm)
    assert width <= sheet_canvas.INNER + 0.01 and height <= 190 * mm + 0.01
    assert size <= MAX_HEX
    if side == 13:
        assert width > 0.95 * sheet_canvas.INNER  # the big board fills the page's width


def test_the_fire_target_box_only_for_a_team_with_a_battleship(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    assert not Ship.objects.filter(team=team, kind="battleship").exists()
    assert "Cíl střelby bitevní lodi" not in text_of(team_pdf(game, team))
    Ship.objects.create(team=team, ident="B", kind="battleship")  # in its harbor
    assert "Cíl střelby bitevní lodi" in text_of(team_pdf(game, team))


def test_unknown_ap_print_as_many_step_cells_as_the_camps_highest_ap(camp: Camp, teams: list[Team]) -> None:
    """Before the mini-game is recorded a team may still get the 1st place's AP (here 17), so the
    order form has that many numbered cells for every route, not a fixed 12."""
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED, ap_table=[17, 11, 8])
    camp.refresh_from_db()
    demo_play(camp, rounds=1)
    planned = Round.objects.filter(camp=camp, number=2).first() or camp_services.round_create(camp=camp)
    round_ = Round.objects.select_related("camp").get(pk=planned.pk)
    sheet = team_sheets_for(round_, [teams[0]])[0]
    assert sheet.ap is None and sheet.most_ap == 17
    data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
    form = PdfReader(io.BytesIO(data)).pages[1].extract_text() or ""
    assert "AB v tomto kole: ____" in form
    numbers = [int(w) for w in form.split() if w.isdigit()]
    assert 18 not in numbers and numbers.count(17) == numbers.count(13) >= 2  # each route and the harbor

    def cell_numbers(sheet: TeamSheet) -> list[int]:
        data = render_team_sheets([sheet], font_dir=settings.PDF_FONT_DIR)
        return [
            int(w) for w in (PdfReader(io.BytesIO(data)).pages[1].extract_text() or "").split() if w.isdigit()
        ]

    known = cell_numbers(replace(sheet, ap=10))  # AP known: exactly that many
    assert 10 in known and 11 not in known and 17 not in known
    huge = cell_numbers(replace(sheet, most_ap=99))  # the cap keeps a silly AP table to three rows
    assert team_sheet.MAX_CELLS == 3 * team_sheet.CELLS_PER_ROW
    assert team_sheet.MAX_CELLS in huge and team_sheet.MAX_CELLS + 1 not in huge


def band_chunks(data: bytes, page: int) -> list[tuple[str, float, float]]:
    """The texts drawn in a page's top band: (text, x where it starts, font size)."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        y = tm[5] * cm[3] + cm[5]
        if text.strip() and y > sheet_canvas.PAGE_H - 16 * mm:
            found.append((text.strip(), tm[4] * cm[0] + cm[4], size * tm[0]))

    PdfReader(io.BytesIO(data)).pages[page].extract_text(visitor_text=visit)
    return found


LONG_NAME = ("Žlutí Kapitáni a přátelé s velmi dlouhým jménem posádky, která se nikam nevejde " * 2)[:100]


def test_a_long_team_name_never_runs_into_the_title_of_the_band(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    Team.objects.filter(pk=team.pk).update(name=LONG_NAME, colour="#f1c40f")
    team.refresh_from_db()
    assert len(team.name) == 100
    data = team_pdf(game, team)
    for page, title in ((0, "Kolo 2"), (1, "Plán tahu na 2. kolo")):
        chunks = band_chunks(data, page)
        (name, name_x, name_size), (right, right_x, _size) = chunks
        assert right == title and name.startswith("Žlutí Kapitáni") and name.endswith("…")
        assert name_size >= sheet_canvas.BAND_NAME_SMALLEST - 0.01
        name_end = name_x + pdfmetrics.stringWidth(name, FONT_BOLD, name_size)
        assert name_end + sheet_canvas.BAND_GAP <= right_x + 0.01, (page, name_end, right_x)
    # the same as the renderer computes it; a short name keeps its full size
    canvas = Canvas(io.BytesIO())
    band = sheet_canvas.band_text(canvas, LONG_NAME, "Plán tahu na 12. kolo")
    assert band.left.endswith("…") and band.left_end + sheet_canvas.BAND_GAP <= band.right_start + 0.01
    short = sheet_canvas.band_text(canvas, "Modří", "Kolo 2")
    assert short.left == "Modří" and short.size == sheet_canvas.BAND_NAME_SIZE


def test_the_band_text_is_black_on_a_light_team_colour(game: Round, teams: list[Team]) -> None:
    """Yellow: black text (camp.pdf.ink, by the colour's luminance; tested in tests/camp)."""
    team = teams[0]
    Team.objects.filter(pk=team.pk).update(colour="#f1c40f")
    team.refresh_from_db()
    fills: list[tuple[float, ...]] = []  # the fill colour of every text drawn, in order
    fill: tuple[float, ...] = ()

    def visit(op: bytes, args: list[Any], cm: list[float], tm: list[float]) -> None:
        nonlocal fill
        if op == b"rg":
            fill = tuple(float(a) for a in args)
        elif op in (b"Tj", b"TJ"):
            fills.append(fill)

    for page in PdfReader(io.BytesIO(team_pdf(game, team))).pages:
        fills.clear()
        page.extract_text(visitor_operand_before=visit)
        assert fills[0] == fills[1] == (0.0, 0.0, 0.0)  # the team's name and the title on yellow


def _forms(data: bytes, kind: str = "") -> list[dict[str, bytes]]:
    """Per page, the form XObjects it draws (name: content stream), of ``kind`` (zoMap: the board,
    zoLegend, zoCells) or all."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        xobjects = page.get("/Resources", {}).get("/XObject", {})
        pages.append(
            {str(name): ref.get_object().get_data() for name, ref in xobjects.items() if kind in str(name)}
        )
    return pages


def _map_forms(data: bytes) -> list[dict[str, bytes]]:
    """Per page, the board's form XObjects it draws."""
    return _forms(data, "zoMap")


def test_the_board_shared_by_every_team_sheet_holds_no_team_s_own_layer(
    game: Round, teams: list[Team]
) -> None:
    """All teams' sheets draw the board under the markers once (a form XObject): every map page uses
    the same one (every team's map the same size: the busiest team's events decide it), and it is
    byte for byte the same whatever a team's cargo, in all teams' sheets as on a team's sheet alone:
    each team's own layer (its ships' cargo) is drawn on its page only."""
    ship = Ship.objects.filter(team=teams[0]).order_by("ident").first()
    assert ship is not None
    Ship.objects.filter(pk=ship.pk).update(chests=2)
    every = _map_forms(render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR))
    map_pages = every[0::2]
    assert all(len(forms) == 1 for forms in map_pages) and every[1] == {}  # the order form draws none
    assert len({form for forms in map_pages for form in forms.values()}) == 1
    team_pdf_with_cargo = team_pdf(game, teams[0])
    Ship.objects.filter(pk=ship.pk).update(chests=0)
    again = _map_forms(render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR))
    assert [list(forms.values()) for forms in again[0::2]] == [list(forms.values()) for forms in map_pages]
    alone = _map_forms(team_pdf_with_cargo)[0]
    assert list(_map_forms(team_pdf(game, teams[0]))[0].values()) == list(alone.values())
    assert team_pdf(game, teams[0]) != team_pdf_with_cargo  # the cargo is in the team's own layer


def test_the_legend_and_the_route_cells_are_drawn_once_per_document(game: Round, teams: list[Team]) -> None:
    """Every map page places the one legend form; every order form places one cells form (all its
    rows of cells have as many cells) once for each ship and once for the harbor."""
    data = render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR)
    legends = _forms(data, "zoLegend")
    assert [len(forms) for forms in legends] == [1, 0] * len(teams)
    assert len({name for forms in legends for name in forms}) == 1
    pages = PdfReader(io.BytesIO(data)).pages
    for team, page in zip(teams, pages[1::2], strict=True):
        placed = re.findall(rb"/(FormXob\.zoCells\w+) Do", page.get_contents().get_data())
        assert len(placed) == Ship.objects.filter(team=team).count() + 1
        assert len(set(placed)) == 1


def test_every_order_form_places_one_compass_that_holds_nothing_of_a_team(
    game: Round, teams: list[Team]
) -> None:
    """The order form's compass is drawn once per document (a form XObject) and placed on every
    team's order form; the form is byte for byte the same when one team's own data (its colour, AP,
    ships) differ: nothing of a team is drawn into it."""
    sheets = team_sheets_for(game)

    def compasses(sheets: list[TeamSheet]) -> list[dict[str, bytes]]:
        return _forms(render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR), "zoCompass")

    every = compasses(sheets)
    assert [len(forms) for forms in every] == [0, 1] * len(teams)
    assert len({form for forms in every for form in forms.items()}) == 1
    assert teams[0].colour != "#123456" and sheets[0].ap != 17 and sheets[0].ships
    assert compasses([replace(sheets[0], colour="#123456", ap=17, ships=()), *sheets[1:]]) == every


def test_the_shared_board_names_only_graphics_states_it_carries(game: Round, teams: list[Team]) -> None:
    """A transparency inside the board's form XObject needs an ExtGState in the form's own resources;
    without it viewers report "ExtGState 'gRLs0' is unknown" and draw the harbors solid."""
    import re

    for page in PdfReader(
        io.BytesIO(render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR))
    ).pages:
        for ref in page.get("/Resources", {}).get("/XObject", {}).values():
            form = ref.get_object()
            named = {name.decode() for name in re.findall(rb"/(\w+) gs\b", form.get_data())}
            carried = {str(k).lstrip("/") for k in form.get("/Resources", {}).get("/ExtGState", {})}
            assert named <= carried, named - carried


def test_the_markers_shared_by_every_team_sheet_hold_no_team_s_cargo(game: Round, teams: list[Team]) -> None:
    """All teams' sheets draw the markers of the hexes with the same teams' ships once (a form),
    placed on every other team's map; a team's own hexes (its ships' cargo) only on its own map, and
    each map shows what the team's sheet alone shows."""
    Ship.objects.filter(team__camp=game.camp).update(chests=0)
    ship = Ship.objects.filter(team=teams[0], kind="cargo").order_by("ident").first()
    assert ship is not None
    Ship.objects.filter(pk=ship.pk).update(chests=2)
    cargo = f"{ship.ident[1:]}·2"
    data = render_team_sheets(team_sheets_for(game), font_dir=settings.PDF_FONT_DIR)
    pages = PdfReader(io.BytesIO(data)).pages
    placed = [set(forms) for forms in _forms(data, "zoMarkers")[0::2]]
    others = [i for i, team in enumerate(teams) if i != 0]
    assert all(placed[i] for i in range(len(teams)))
    assert any(name in placed[i] for name in placed[1] for i in others if i != 1)  # shared, not copied
    texts = [page.extract_text() or "" for page in pages[0::2]]
    legend = texts[1].count(cargo)  # the legend's "1·2 … your ship with 2 chests aboard"
    assert texts[0].count(cargo) == legend + 1 and all(texts[i].count(cargo) == legend for i in others)
    for i, team in enumerate(teams):
        alone = PdfReader(io.BytesIO(team_pdf(game, team))).pages[0].extract_text() or ""
        assert sorted(texts[i].split()) == sorted(alone.split()), team.name


def test_the_order_forms_head_is_drawn_once_and_holds_nothing_of_a_team(
    game: Round, teams: list[Team]
) -> None:
    """The order form's part that every team's form shares (the steps line, how to write a route,
    the builds' table) is one form XObject placed on every order form; a team's own data (its
    colour, AP, the ships it has) changes the team's page, never the form."""
    sheets = team_sheets_for(game)

    def render(sheets: list[TeamSheet]) -> bytes:
        return render_team_sheets(sheets, font_dir=settings.PDF_FONT_DIR)

    data = render(sheets)
    every = _forms(data, "zoOrderHead")
    assert [len(forms) for forms in every] == [0, 1] * len(teams)
    assert len({form for forms in every for form in forms.items()}) == 1
    assert [len(forms) for forms in _forms(data, "zoNotes")] == [0, 1] * len(teams)  # the notes' box
    builds = tuple(replace(build, owned=build.owned + 1) for build in sheets[0].builds)
    changed = render([replace(sheets[0], colour="#123456", ap=17, builds=builds), *sheets[1:]])
    assert _forms(changed, "zoOrderHead") == every
    order_form = PdfReader(io.BytesIO(changed)).pages[1].extract_text() or ""
    assert "AB v tomto kole: 17" in order_form
    assert all(f"{build.owned} / {build.limit}" in order_form for build in builds)
