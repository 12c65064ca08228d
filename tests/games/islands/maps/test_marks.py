"""The teams' marks on the SVG map: each harbor carries its team's shape and label, each ship its
team's shape with its number inside, in the team's colour; twelve teams give twelve shapes; the
marks stay inside their harbor and never overlap; the map's key lists them."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup, Tag
from django.utils import translation

from camp.marks import TEAM_COLOURS, TEAM_SHAPES, assign_marks
from games.islands.engine.hexes import geometry, to_pixel
from games.islands.maps.style import HARBOR_RADIUS, ROUTE_DASHES, SIZE, team_key
from games.islands.maps.svg import projector_text_size, render_svg
from games.islands.maps.visibility import HarborView, MapView, ShipView, for_public, for_staff
from tests.games.islands.conftest import ship_title_team

NAMES = [
    "Červení", "Modří", "Zelení", "Žlutí", "Fialoví", "Oranžoví",
    "Tyrkysoví", "Šedí", "Černí", "Růžoví", "Hnědí", "Nebeští",
]  # fmt: skip


def twelve_teams(side: int = 13) -> tuple[list[HarborView], list[ShipView]]:
    marks = assign_marks(NAMES)
    harbors, ships = [], []
    for bay, (name, colour, mark) in enumerate(zip(NAMES, TEAM_COLOURS, marks, strict=True), start=1):
        look = {"colour": colour, "team": name, "label": mark.label, "shape": mark.shape}
        harbors.append(HarborView(bay=bay, **look))
        ships.append(ShipView(at=f"Z{bay}", ident="C1", **look))
        ships.append(ShipView(at="A1" if bay % 2 else "G7", ident="C2", **look))
        if bay == 1:
            ships.append(ShipView(at="Z1", ident="B", battleship=True, **look))
    return harbors, ships


def parsed(view: MapView, text_size: float | None = None) -> Tag:
    with translation.override("cs"):
        svg = BeautifulSoup(str(render_svg(view, text_size=text_size)), "html.parser").svg
    assert svg is not None
    return svg


def boxes_of(group: Tag) -> tuple[float, float, float, float]:
    outline = group.select_one(".sh")
    assert outline is not None
    if outline.name == "rect":
        x, y = float(outline["x"]), float(outline["y"])
        return x, y, x + float(outline["width"]), y + float(outline["height"])
    pts = [tuple(map(float, p.split(","))) for p in str(outline["points"]).split()]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("projector", [False, True])
@pytest.mark.parametrize("public", [False, True])
def test_twelve_teams_show_twelve_shapes_on_their_harbors_and_ships(public: bool, projector: bool) -> None:
    harbors, ships = twelve_teams()
    make = for_public if public else for_staff
    text_size = projector_text_size(13) if projector else None
    svg = parsed(make(side=13, cells=[], ships=ships, harbors=harbors), text_size)
    marks = {str(g["data-team"]): g for g in svg.select("g.harbor g.tm")}
    # A projector's harbor gives its mark line to the ships in it (they carry the shape): the
    # marks of the harbors without ships show.
    empty = {h.team for h in harbors} - {s.team for s in ships if s.at.startswith("Z")}
    assert set(marks) == {h.team for h in harbors} if not projector else empty <= set(marks)
    for harbor in harbors:
        if harbor.team not in marks:
            continue
        mark = marks[harbor.team]
        assert (mark["data-shape"], mark.get_text(), mark.select_one(".sh")["fill"]) == (
            harbor.shape,
            harbor.label,
            harbor.colour,
        )
    assert projector or {str(m["data-shape"]) for m in marks.values()} == set(TEAM_SHAPES)
    by_team = {h.team: h for h in harbors}
    drawn = svg.select("g.ship")
    assert len(drawn) == len(ships)
    for ship in drawn:
        team = by_team[ship_title_team(ship.select_one("title").get_text())]
        assert ship["data-shape"] == team.shape and ship.select_one(".sh")["fill"] == team.colour
        text = ship.select_one("text")
        assert (projector and text is None) or text.get_text() in {"1", "2", "⚔"}  # a dot: no number


def test_a_harbors_marks_stay_in_the_harbor_clear_of_its_label_and_ships() -> None:
    """A shared bay: both teams' marks side by side (the first team on the left), inside the bay,
    above its ships and under its label."""
    marks = assign_marks(["Chobotnice", "Červení"])
    harbors = [
        HarborView(bay=2, colour=TEAM_COLOURS[i], team=name, label=marks[i].label, shape=marks[i].shape)
        for i, name in enumerate(["Chobotnice", "Červení"])
    ]
    ships = [ShipView(at="Z2", ident=f"C{n}", colour=TEAM_COLOURS[n % 2], team=h.team, label=h.label,
                      shape=h.shape) for n, h in enumerate(harbors, start=1)]  # fmt: skip
    g = geometry(5)
    x, y = to_pixel(g.bays[1], SIZE)
    for text_size in (None, projector_text_size(5)):
        svg = parsed(for_public(side=5, cells=[], ships=ships, harbors=harbors), text_size)
        bay = svg.select_one('g.harbor[data-bay="Z2"]')
        placed = [boxes_of(m) for m in bay.select("g.tm")]
        if not placed:
            continue  # a harbor with two rows of ships gives its mark line to them
        assert [m["data-team"] for m in bay.select("g.tm")] == ["Chobotnice", "Červení"]
        assert placed[0][2] <= placed[1][0]  # side by side, apart
        label_y = max(float(t["y"]) for t in bay.select("text.bay-lbl"))
        ship_tops = min(boxes_of(s)[1] for s in svg.select('g[data-markers="Z2"] g.ship'))
        for left, top, right, bottom in placed:
            assert x - HARBOR_RADIUS <= left and right <= x + HARBOR_RADIUS
            assert label_y < top and bottom <= ship_tops + 0.01


def test_the_markers_of_one_hex_never_overlap_whatever_their_shape() -> None:
    harbors, ships = twelve_teams()
    for text_size in (None, projector_text_size(13)):
        svg = parsed(for_staff(side=13, cells=[], ships=ships, harbors=harbors), text_size)
        for group in svg.select("g[data-markers]"):
            boxes = sorted(boxes_of(s) for s in group.select("g.ship"))
            for a, b in zip(boxes, boxes[1:], strict=False):
                apart = a[2] <= b[0] + 0.05 or a[3] <= b[1] + 0.05 or b[3] <= a[1] + 0.05
                assert apart, (group["data-markers"], a, b)


def test_the_key_lists_each_team_with_its_mark_colour_and_bay() -> None:
    harbors, _ships = twelve_teams()
    key = team_key(for_public(side=13, cells=[], harbors=harbors))
    assert [(k["team"], k["label"], k["shape"], k["colour"], k["bay"]) for k in key][:2] == [
        ("Červení", "Č", "circle", TEAM_COLOURS[0], "Z1"),
        ("Modří", "M", "square", TEAM_COLOURS[1], "Z2"),
    ]
    assert len({k["shape"] for k in key}) == 12


def test_every_ship_has_its_own_dash_pattern() -> None:
    assert len(set(ROUTE_DASHES.values())) == len(ROUTE_DASHES)


@pytest.mark.parametrize("side", [3, 9, 13])
@pytest.mark.parametrize("shape", TEAM_SHAPES)
def test_a_projectors_harbor_keeps_its_teams_mark_whatever_the_shape(side: int, shape: str) -> None:
    """A projector's harbor without ships shows its team's shape in the team's colour (a narrow
    shape's middle holds no label at the projector's size: the shape alone, never a smaller text),
    alone in its bay or sharing it; the pages' map keeps the label in it."""
    for labels in (["ČP"], ["ČP", "MW"]):
        harbors = [
            HarborView(bay=1, colour=TEAM_COLOURS[i], team=f"Tým {i}", label=label, shape=shape)
            for i, label in enumerate(labels)
        ]
        for text_size in (None, projector_text_size(side)):
            svg = parsed(for_public(side=side, cells=[], ships=[], harbors=harbors), text_size)
            marks = svg.select('g.harbor[data-bay="Z1"] g.tm')
            drawn = [(m["data-team"], m["data-shape"]) for m in marks]
            assert drawn == [(h.team, shape) for h in harbors], (side, shape, labels, text_size)
            for mark, harbor in zip(marks, harbors, strict=True):
                assert mark.select_one(".sh")["fill"] == harbor.colour
                text = mark.select_one("text")
                if text_size is None:
                    assert text is not None and text.get_text() == harbor.label
                elif text is not None:  # a label only at the projector's own size
                    assert text.get_text() == harbor.label and "font-size" in text.attrs
                    assert float(text["font-size"]) >= text_size
