"""The rehearsal's charts as SVG: each board told apart without colour (its dashes, its marker, its
bars' pattern), values placed on their axis, every text escaped."""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from games.islands.maps import charts


def svg(markup: str) -> BeautifulSoup:
    return BeautifulSoup(markup, "html.parser")


def number(value: float) -> str:
    return f"{value:g}"


@pytest.mark.parametrize(
    ("value", "top"), [(0, 1), (0.3, 0.5), (7, 10), (12, 20), (23.5, 25), (40, 50), (101, 200)]
)
def test_the_axis_top_is_a_round_number(value: float, top: float) -> None:
    assert charts.nice_top(value) == pytest.approx(top)


def test_every_board_has_its_own_dashes_marker_and_pattern() -> None:
    styles = charts.SERIES_STYLES
    assert (
        len({s.dashes for s in styles})
        == len({s.marker for s in styles})
        == len({s.pattern for s in styles})
        == 4
    )


def test_a_line_chart_draws_each_board_in_its_dashes_with_points_on_the_axis() -> None:
    series = [
        charts.Series("Herní plán tábora", (0.0, 5.0, 10.0)),
        charts.Series("Semínko 7", (0.0, 2.5, 5.0)),
    ]
    chart = svg(
        charts.line_chart(series, title="Poklad", x_label="Kolo", y_label="Truhly", prefix="t", number=number)
    )
    lines = chart.select("polyline.series")
    assert [line.get("stroke-dasharray") for line in lines] == [None, "7 3.5"]
    ys = [[float(p.split(",")[1]) for p in line["points"].split()] for line in lines]
    grid = {t.get_text(): float(t["y"]) - 4 for t in chart.select("text[text-anchor=end]")}
    assert ys[0][2] == pytest.approx(grid["10"], abs=0.1) and ys[1][1] == pytest.approx(
        grid["2"] + (grid["4"] - grid["2"]) / 4, abs=0.1
    )
    assert ys[0][0] == pytest.approx(grid["0"], abs=0.1)
    assert [t.get_text() for t in chart.select("text[text-anchor=middle]")][:3] == [
        "1",
        "2",
        "3",
    ]  # the rounds
    assert chart.select_one("svg")["role"] == "img" and chart.select_one("title").get_text() == "Poklad"
    assert (
        len(chart.select("circle")) >= 3 and len(chart.select("rect")) >= 3
    )  # the markers: circles, squares


def test_a_bar_chart_fills_each_board_with_its_pattern_and_marks_a_fair_share() -> None:
    series = [charts.Series("A", (0.5, 0.25, 0.25)), charts.Series("B", (0.34, 0.33, 0.33))]
    chart = svg(
        charts.bar_chart(
            ["dolní", "pravá", "levá"], series, title="Výhry", y_label="Podíl", prefix="w", number=number,
            reference=1 / 3, reference_label="spravedlivý plán",
        )
    )  # fmt: skip
    bars = chart.select("rect.bar")
    assert [b["fill"] for b in bars] == ["url(#w-p0)", "url(#w-p1)"] * 3
    assert [p["id"] for p in chart.select("pattern")] == ["w-p0", "w-p1"]
    heights = [float(b["height"]) for b in bars]
    assert heights[0] == pytest.approx(2 * heights[2], rel=0.01)  # 0.5 against 0.25
    reference = chart.select_one("line.reference")
    bottom = float(bars[0]["y"]) + heights[0]
    assert bottom - float(reference["y1"]) == pytest.approx(heights[0] * 2 / 3, rel=0.01)
    assert "spravedlivý plán" in [t.get_text() for t in chart.select("text")]


def test_every_text_is_escaped() -> None:
    evil = '<script>alert("x")</script>'
    markup = str(charts.line_chart([charts.Series(evil, (1.0,))], title=evil, x_label=evil, y_label=evil,
                                   prefix='"><x', number=number))  # fmt: skip
    assert "<script>" not in markup and not re.search(r'id="[^"]*"><x', markup)
    assert markup.count("&lt;script&gt;") >= 3
