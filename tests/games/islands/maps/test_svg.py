"""The SVG board: known answers, escaping, and above all secrecy of the public map."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from games.islands.engine.hexes import geometry, to_pixel
from games.islands.engine.tiles import Tile
from games.islands.maps.style import MARKER_R, SIZE, safe_colour
from games.islands.maps.svg import render_svg
from games.islands.maps.visibility import (
    BoardCell,
    HarborView,
    PirateView,
    RouteView,
    ShipView,
    for_public,
    for_staff,
)

SECRET_WORDS = [
    "treasure", "reefs", "poseidon", "octopus", "mermaid", "telescope", "seahorse", "rum",
    "poklad", "útesy", "chobotnice", "mořská", "dalekohled", "koník", "Poseidon", "tile-", "staff-hidden",
    "hatch", "×", "zahalen", "hidden –", "skryt",
]  # fmt: skip


def secret_board(side: int = 5) -> list[BoardCell]:
    g = geometry(side)
    a1, b2, c3, d2 = (g.parse(x) for x in ("A1", "B2", "C3", "D2"))
    return [
        BoardCell(a1.q, a1.r, Tile.TREASURE.value, chests=7),
        BoardCell(b2.q, b2.r, Tile.REEFS.value),
        BoardCell(c3.q, c3.r, Tile.POSEIDON.value),
        BoardCell(d2.q, d2.r, Tile.OCTOPUS.value),
    ]


def polygons_of_hexes(svg: str) -> int:
    return len(re.findall(r'<g class="hex[^"]*" data-hex="[A-Z]\d+">', svg))


@pytest.mark.parametrize("side", [3, 5, 9, 13])
def test_known_answers_every_hex_once_with_its_label(side: int) -> None:
    g = geometry(side)
    svg = str(render_svg(for_public(side=side, cells=[])))
    assert polygons_of_hexes(svg) == len(g.hexes) == 1 + 3 * side * (side - 1) // 2
    assert svg.count("<polygon") == len(g.hexes) + len(g.bays)
    for h in g.hexes:
        assert f'data-hex="{g.label(h)}"' in svg
        assert f">{g.label(h)}</text>" in svg
    for n in range(1, len(g.bays) + 1):
        assert f">Z{n}</text>" in svg
    assert svg.startswith("<svg") and svg.endswith("</svg>")


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_public_svg_holds_no_trace_of_hidden_hexes(lang: str) -> None:
    with translation.override(lang):
        svg = str(render_svg(for_public(side=5, cells=secret_board())))
    lowered = svg.lower()
    for word in SECRET_WORDS:
        assert word.lower() not in lowered, word
    assert ">7<" not in svg and "(7)" not in svg and '"7"' not in svg
    # Every hidden hex is drawn with the very same markup (only the label and position differ).
    a1 = re.search(r'<g class="hex hidden" data-hex="A1">.*?</g>', svg)
    e1 = re.search(r'<g class="hex hidden" data-hex="E1">.*?</g>', svg)
    assert a1 and e1
    strip = lambda s: re.sub(r'(points|x|y)="[^"]*"|A1|E1', "", s)  # noqa: E731
    assert strip(a1.group()) == strip(e1.group())


def test_public_svg_is_identical_whatever_the_hidden_hexes_hold() -> None:
    g = geometry(5)
    a1 = g.parse("A1")
    plain = render_svg(for_public(side=5, cells=[]))
    secret = render_svg(for_public(side=5, cells=secret_board()))
    assert plain == secret
    clickable_plain = render_svg(for_public(side=5, cells=[]).clicking("/x/", "#ed"))
    clickable_secret = render_svg(for_public(side=5, cells=secret_board()).clicking("/x/", "#ed"))
    assert clickable_plain == clickable_secret
    # Once revealed, the treasure shows with its chests.
    revealed = [BoardCell(a1.q, a1.r, Tile.TREASURE.value, chests=7, revealed=True)]
    with translation.override("cs"):
        svg = str(render_svg(for_public(side=5, cells=revealed)))
    assert "poklad (7)" in svg and "×7" in svg and "tile-treasure" in svg


def test_for_public_drops_ship_cargo_for_staff_keeps_it() -> None:
    ship = ShipView(at="B1", ident="C2", colour="#ff0000", team="Červení", chests=1)
    with translation.override("cs"):
        public = str(render_svg(for_public(side=5, cells=[], ships=[ship])))
        staff = str(render_svg(for_staff(side=5, cells=[], ships=[ship])))
    assert "truhly: 1" not in public and ">2·1<" not in public  # the marker: number · chests
    assert ">2·1<" in staff


def test_staff_svg_shows_hidden_tiles_hatched() -> None:
    with translation.override("cs"):
        svg = str(render_svg(for_staff(side=5, cells=secret_board())))
    assert 'class="hex staff-hidden tile-treasure" data-hex="A1"' in svg
    assert "A1: poklad (7) – zahalené" in svg
    assert "url(#zo-hatch)" in svg
    assert "×7" in svg


def test_everything_is_escaped() -> None:
    evil = '<script>alert("x")</script>'
    view = for_staff(
        side=3,
        cells=[],
        ships=[ShipView(at="A1", ident="C1", colour='red" onload="x', team=evil)],
        harbors=[HarborView(bay=1, colour="url(javascript:1)", team=evil)],
        pirates=[PirateView(at="B1", ident="P1")],
        routes=[RouteView(points=("A1", "B1"), colour="<b>")],
    ).clicking('/a/?x="1"&y=<2>', target="#hex-editor")
    svg = str(render_svg(view))
    assert "<script" not in svg and "onload=" not in svg and "javascript" not in svg
    assert "&lt;script&gt;" in svg
    assert "<b>" not in svg
    assert 'href="/a/?x=&quot;1&quot;&amp;y=&lt;2&gt;&amp;hex=A1"' in svg


def test_safe_colour() -> None:
    assert safe_colour("#a1B2c3") == "#a1B2c3"
    assert safe_colour("red") == "red"
    assert safe_colour("red;x") == "#777777"
    assert safe_colour("") == "#777777"


def test_clickable_links_carry_the_label_only() -> None:
    svg = str(render_svg(for_public(side=3, cells=secret_board(3)[:1]).clicking("/e/", "#ed")))
    links = re.findall(r"<a [^>]*>", svg)
    assert len(links) == len(geometry(3).hexes)
    assert '<a href="/e/?hex=A1" data-hx-get="/e/?hex=A1" data-hx-target="#ed" data-hex="A1">' in svg


def test_ships_harbors_pirates_routes_target() -> None:
    view = for_staff(
        side=5,
        cells=[],
        ships=[
            ShipView(at="Z2", ident="C1", colour="#d00", team="Červení"),
            ShipView(at="C2", ident="B", colour="#d00", team="Červení", battleship=True),
            ShipView(at="C2", ident="C1", colour="#00d", team="Modří"),
        ],
        harbors=[HarborView(bay=2, colour="#d00", team="Červení")],
        pirates=[PirateView(at="C2", ident="P1")],
        highlights=["B1"],
        routes=[RouteView(points=("Z2", "B1", "B2"), colour="#d00")],
        target="D2",
    )
    with translation.override("cs"):
        svg = str(render_svg(view))
    assert svg.count('class="ship"') == 3 and svg.count('class="pirate"') == 1
    assert 'class="harbor" data-bay="Z2"' in svg and "Z2 – přístav: Červení" in svg
    assert svg.count('class="hl"') == 1 and svg.count('class="route"') == 1
    assert 'data-target="D2"' in svg


def test_overlays_never_catch_a_click() -> None:
    """A route, a highlight, the target and the markers are drawn over the hex links: a click on
    them (e.g. on a route's end) must reach the hex below."""
    view = for_staff(
        side=5,
        cells=[],
        ships=[ShipView(at="B2", ident="C1", colour="#d00", team="Červení")],
        pirates=[PirateView(at="C2", ident="P1")],
        highlights=["B1"],
        routes=[RouteView(points=("Z2", "B1", "B2"), colour="#d00")],
        target="D2",
    ).clicking("/e/", "#ed")
    svg = str(render_svg(view))
    overlay = r'<(?:polyline|polygon|g) class="(?:route|hl|target|ships|compass-rose)"[^>]*>'
    overlays = re.findall(overlay, svg)
    assert len(overlays) == 5, overlays
    assert all('pointer-events="none"' in tag for tag in overlays), overlays
    # The markers sit inside the "ships" group; no link is inside an overlay.
    ships = svg[svg.index('<g class="ships"') :]
    assert "<a " not in ships and 'class="ship"' in ships and 'class="pirate"' in ships


@pytest.mark.parametrize(("lang", "north"), [("cs", "S"), ("en", "N")])
def test_compass_in_the_page_language(lang: str, north: str) -> None:
    with translation.override(lang):
        svg = str(render_svg(for_public(side=3, cells=[])))
    assert f'class="compass">{north}</text>' in svg


def test_cells_off_the_board_are_refused() -> None:
    with pytest.raises(ValueError):
        for_staff(side=3, cells=[BoardCell(9, 9)])


def test_a_shared_bay_shows_every_harbor_and_every_teams_ships() -> None:
    harbors = [
        HarborView(bay=2, colour="#c0392b", team="Červení"),
        HarborView(bay=2, colour="#2471a3", team="Modří"),
    ]
    ships = [
        ShipView(at="Z2", ident="C1", colour="#c0392b", team="Červení"),
        ShipView(at="Z2", ident="C1", colour="#2471a3", team="Modří"),
        ShipView(at="Z2", ident="C2", colour="#2471a3", team="Modří"),
    ]
    with translation.override("cs"):
        svg = str(render_svg(for_public(side=5, cells=[], ships=ships, harbors=harbors)))
    bay = re.search(r'<g class="harbor" data-bay="Z2">.*?>Z2</text></g>', svg)
    assert bay, "one harbor group for the bay"
    assert "Z2 – přístav: Červení, Modří" in bay.group()
    parts = re.findall(r'<g class="harbor-part" data-team="([^"]+)">.*?fill="(#[0-9a-f]{6})"', bay.group())
    assert parts == [("Červení", "#c0392b"), ("Modří", "#2471a3")]
    assert bay.group().count('class="rim" ') == 2  # each part has a rim in its own colour
    # The three ships in harbor: all drawn, none on top of another, first team's on the left.
    marker = (
        r'<g class="ship" data-ship="(C\d)">.*?<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)"'
        r' height="[\d.]+" rx="[\d.]+" fill="([^"]+)"'
    )
    markers = re.findall(marker, svg)
    assert [(m[0], m[4]) for m in markers] == [("C1", "#c0392b"), ("C1", "#2471a3"), ("C2", "#2471a3")]
    boxes = [(float(x), float(y), float(w)) for _id, x, y, w, _c in markers]
    assert len({y for _x, y, _w in boxes}) == 1, "one row"
    assert all(a[0] + a[2] <= b[0] for a, b in zip(boxes, boxes[1:], strict=False)), "left to right, apart"


def test_a_lone_harbor_is_one_coloured_bay() -> None:
    svg = str(
        render_svg(for_public(side=5, cells=[], harbors=[HarborView(bay=3, colour="#229954", team="Z")]))
    )
    assert svg.count('class="harbor"') == 1 and "harbor-part" not in svg and 'fill="#229954"' in svg


def test_markers_sit_in_a_row_below_the_tile_mark_and_label() -> None:
    g = geometry(5)
    d2 = g.parse("D2")
    cells = [BoardCell(d2.q, d2.r, Tile.TELESCOPE.value, revealed=True)]
    ships = [ShipView(at="D2", ident=f"C{i}", colour="#c0392b", team="Červení") for i in (1, 2)]
    pirates = [PirateView(at="D2", ident="P1")]
    svg = str(render_svg(for_public(side=5, cells=cells, ships=ships, pirates=pirates)))
    hex_ = re.search(r'data-hex="D2">.*?</g>', svg)
    assert hex_
    label_y = float(re.search(r'y="([-\d.]+)" class="lbl"', hex_.group()).group(1))  # type: ignore[union-attr]
    mark_y = float(re.search(r'y="([-\d.]+)" class="mark"', hex_.group()).group(1))  # type: ignore[union-attr]
    _cx, cy = to_pixel(d2, SIZE)
    assert label_y < mark_y
    rects = re.findall(
        r'<g class="(?:ship|pirate)"[^>]*>.*?<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)"', svg
    )
    assert len(rects) == 3
    tops = {float(y) for _x, y, _w in rects}
    assert len(tops) == 1, "one row"
    top = tops.pop()
    assert mark_y + 5 < top and top + 2 * MARKER_R < cy + SIZE * 0.87, "below the mark, inside the hex"
    lefts = sorted((float(x), float(w)) for x, _y, w in rects)
    assert all(a[0] + a[1] <= b[0] for a, b in zip(lefts, lefts[1:], strict=False)), "no marker on another"


def test_one_or_two_markers_are_large_three_or_more_small_and_layout_ignores_hidden_tiles() -> None:
    two = [ShipView(at="A1", ident=f"C{i}", colour="#c0392b", team="Červení") for i in (1, 2)]
    three = [*two, ShipView(at="A1", ident="C3", colour="#c0392b", team="Červení")]
    svg2 = str(render_svg(for_public(side=5, cells=[], ships=two)))
    svg3 = str(render_svg(for_public(side=5, cells=[], ships=three)))
    assert svg2.count('class="mk-l"') == 2 and 'class="mk-s"' not in svg2
    assert svg3.count('class="mk-s"') == 3 and 'class="mk-l"' not in svg3
    # Whatever hides under A1, the markers on it sit in the very same places.
    assert svg2 == str(render_svg(for_public(side=5, cells=secret_board(), ships=two)))


def test_markers_and_harbors_drawn_once_are_in_each_page_language() -> None:
    """A ship's and a harbor's markup is kept once drawn (the same on the next map): the words in it
    are the page's language each time, never another page's kept markup."""
    view = for_staff(
        side=5,
        cells=[],
        ships=[ShipView(at="C2", ident="C1", colour="#d00", team="Červení", chests=3)],
        harbors=[HarborView(bay=2, colour="#d00", team="Červení")],
    )
    drawn = {}
    for lang in ("cs", "en", "cs"):
        with translation.override(lang):
            drawn.setdefault(lang, []).append(str(render_svg(view)))
    assert drawn["cs"][0] == drawn["cs"][1]
    assert "<title>Ship 1 (Červení), chests: 3</title>" in drawn["en"][0]
    assert "Z2 – harbor: Červení" in drawn["en"][0]
    assert "Z2 – přístav: Červení" in drawn["cs"][0] and "chests" not in drawn["cs"][0]
    assert "<title>Loď 1 (Červení), truhly: 3</title>" in drawn["cs"][0]
