"""The projector view on every board a camp may choose (issue 10): on the smallest and the largest
board side, and with a crowded harbor and a crowded hex, every text of the map and of the standings
is at least 18 px at 1920×1080, every marker at least 36 px across, the view fits 1920×1080 and
1280×720 without a scrollbar, and the markers of a hex neither overlap nor touch each other; those
that fit in their hex stay in it clear of its label and mark (a crowd reaches over its edges).

Each board is built once; one Chromium page measures them all."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from django.urls import reverse

from camp.models import DEFAULT_BOARD_SIDE, MAX_BOARD_SIDE, MIN_BOARD_SIDE, Camp, Team
from games.islands import demo
from games.islands.engine.hexes import geometry
from games.islands.models.board import Harbor, Pirate, Ship
from tests.browser import NEEDS_CHROMIUM, launched_chromium

pytestmark = NEEDS_CHROMIUM

#: Every visible text of the map and of the standings: its rendered font size (px); the hexes
#: whose own texts touch; and the boxes of each group of markers (one hex or bay) with the boxes of
#: that hex's own texts.
MEASURE = """() => {
  const visible = el => el.getClientRects().length > 0;
  const px = el => {
    const fs = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    return svg ? fs * svg.getBoundingClientRect().height / svg.viewBox.baseVal.height : fs;
  };
  const box = el => { const b = el.getBoundingClientRect();
    return {l: b.left, t: b.top, r: b.right, b: b.bottom}; };
  const map = [...document.querySelectorAll('#board svg.zo-map text')].filter(visible);
  const standings = [...document.querySelectorAll('#board tbody td')].filter(visible);
  const small = [...map, ...standings].filter(el => px(el) < 18)
    .map(el => `${el.textContent} ${px(el).toFixed(1)}px`);
  const groups = [...document.querySelectorAll('#board svg.zo-map [data-markers]')].map(g => {
    const at = g.dataset.markers;
    const map = document.querySelector('#board svg.zo-map');
    const cell = map.querySelector(`[data-hex="${at}"], [data-bay="${at}"]`);
    return {
      at, spilled: g.dataset.spilled === '1',
      markers: [...g.querySelectorAll('g.ship, g.pirate')].map(m => ({
        shape: box(m.querySelector('.sh, rect')), label: m.textContent,
        text: m.querySelector('text') && box(m.querySelector('text')),
      })),
      texts: [...cell.querySelectorAll('text')].filter(t => !t.classList.contains('halo')).map(box),
      cell: box(cell.querySelector('polygon')),
    };
  });
  // the hexes and harbors whose own texts (label, mark, chests) overlap or touch
  const apart = (a, b) => a.right + .5 <= b.left || b.right + .5 <= a.left || a.bottom + .5 <= b.top
    || b.bottom + .5 <= a.top;
  const cells = [...document.querySelectorAll('#board svg.zo-map [data-hex], #board svg.zo-map [data-bay]')];
  const tangled = cells.filter(cell => {
    const texts = [...cell.querySelectorAll('text')].filter(t => !t.classList.contains('halo'))
      .map(t => t.getBoundingClientRect());
    return texts.some((a, i) => texts.slice(i + 1).some(b => !apart(a, b)));
  }).map(cell => cell.textContent);
  // the texts that reach out of their hex at their middle line (a flat-top hexagon narrows upwards
  // and downwards from its middle)
  const outside = cells.flatMap(cell => {
    const hex = cell.querySelector('polygon').getBoundingClientRect();
    const cx = (hex.left + hex.right) / 2, cy = (hex.top + hex.bottom) / 2;
    return [...cell.querySelectorAll('text')].filter(t => {
      const b = t.getBoundingClientRect();
      const half = hex.width / 2 - Math.abs((b.top + b.bottom) / 2 - cy) / Math.sqrt(3);
      return b.left < cx - half || b.right > cx + half;
    }).map(t => `${cell.textContent}: ${t.textContent}`);
  });
  return {
    small, tangled, outside, mapTexts: map.length, standings: standings.length, groups,
    // the page hides its overflow: what does not fit is cut off rather than scrolled
    cut: ['#board svg.zo-map', '#board table'].filter(sel => {
      const b = document.querySelector(sel).getBoundingClientRect();
      return b.right > innerWidth || b.bottom > innerHeight;
    }),
    scrollX: document.documentElement.scrollWidth - innerWidth,
    scrollY: document.documentElement.scrollHeight - innerHeight,
  };
}"""


def _apart(a: dict[str, float], b: dict[str, float], gap: float = 0.5) -> bool:
    """Two boxes with at least ``gap`` px between them (touching is not apart)."""
    return (
        a["r"] + gap <= b["l"] or b["r"] + gap <= a["l"] or a["b"] + gap <= b["t"] or b["b"] + gap <= a["t"]
    )


def _inside(inner: dict[str, float], outer: dict[str, float], slack: float = 0.5) -> bool:
    return (
        inner["l"] >= outer["l"] - slack
        and inner["r"] <= outer["r"] + slack
        and inner["t"] >= outer["t"] - slack
        and inner["b"] <= outer["b"] + slack
    )


def _crowd(camp: Camp) -> None:
    """All three teams' ships and a pirate on one hex by the first team's harbor; the second team's
    harbor holds every ship a team may have (six cargo ships and the battleship)."""
    teams = list(Team.objects.filter(camp=camp).order_by("order"))
    g = geometry(camp.board_side)
    crowded = g.bay_hexes(g.bay(Harbor.objects.get(team=teams[0]).bay))[0]
    for team in (teams[0], teams[2]):
        for ident in ("C2", "C3"):
            Ship.objects.get_or_create(team=team, ident=ident, defaults={"kind": "cargo"})
        Ship.objects.filter(team=team).update(q=crowded.q, r=crowded.r)
    Pirate.objects.create(camp=camp, ident="P1", q=crowded.q, r=crowded.r)
    for ident in ("C1", "C2", "C3", "C4", "C5", "C6"):
        Ship.objects.get_or_create(team=teams[1], ident=ident, defaults={"kind": "cargo"})
    Ship.objects.get_or_create(team=teams[1], ident="B", defaults={"kind": "battleship"})
    Ship.objects.filter(team=teams[1]).update(q=None, r=None)


BOARDS = {
    "smallest": (MIN_BOARD_SIDE, False),
    "largest": (MAX_BOARD_SIDE, False),
    "largest-crowded": (MAX_BOARD_SIDE, True),
    "usual-crowded": (DEFAULT_BOARD_SIDE, True),
}


def board_camp(camp: Camp, side: int, crowded: bool) -> Camp:
    Camp.objects.filter(pk=camp.pk).update(seed=4151990316782215021, board_side=side)
    camp.refresh_from_db()
    if crowded:
        demo.game_setup(camp)
        _crowd(camp)
    else:
        demo.demo_play(camp, rounds=1, open_next=True)
    return camp


@pytest.fixture(scope="module")
def projector_page() -> Iterator[Any]:
    """One Chromium page for every board of the module (launching Chromium costs more than a test)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(os.environ, "DJANGO_ALLOW_ASYNC_UNSAFE", "1")  # Playwright's loop in this thread
        with launched_chromium() as chromium:
            page = chromium.new_page(viewport={"width": 1920, "height": 1080})
            yield page
            page.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("board", list(BOARDS))
def test_the_projector_view_reads_from_the_back_on_every_board(
    live_server: Any, projector_page: Any, camp: Camp, teams: list[Team], board: str
) -> None:
    camp = board_camp(camp, *BOARDS[board])
    page = projector_page
    url = f"{live_server.url}{reverse('islands_public:notice_board', args=[camp.pk])}?projektor"
    for width, height in ((1920, 1080), (1280, 720)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(url)
        m = page.evaluate(MEASURE)
        assert m["scrollX"] <= 0 and m["scrollY"] <= 0, (width, height, m["scrollX"], m["scrollY"])
        assert not m["cut"], (width, height, m["cut"])
        if height != 1080:
            continue
        g = geometry(camp.board_side)
        assert m["mapTexts"] > len(g.ordered) + len(g.bays), m  # a label on every hex and bay, and more
        assert m["standings"] == 5 * len(teams), m
        assert not m["small"], m["small"]
        assert not m["tangled"], (board, m["tangled"])
        assert not m["outside"], (board, m["outside"])
        assert m["groups"], "no markers drawn"
        for group in m["groups"]:
            markers = group["markers"]
            for i, one in enumerate(markers):
                assert one["text"] is None or _inside(one["text"], one["shape"]), (group["at"], one)
                shape = one["shape"]
                assert min(shape["r"] - shape["l"], shape["b"] - shape["t"]) >= 36, (group["at"], one)
                if not group["spilled"]:  # a group too large for its hex reaches over its edges
                    assert _inside(shape, group["cell"]), (group["at"], one, group["cell"])
                    for text in group["texts"]:
                        assert _apart(shape, text), (group["at"], one, text)
                for other in markers[i + 1 :]:
                    assert _apart(one["shape"], other["shape"]), (group["at"], one, other)
    if BOARDS[board][1]:
        sizes = sorted(len(g["markers"]) for g in m["groups"])
        assert sizes[-2:] == [7, 7], sizes  # the full harbor and the crowded hex are both drawn
