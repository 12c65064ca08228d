"""What a viewer may see of the Golden Islands board: the plain data every map is drawn from.

A selector gives the truth (:class:`BoardCell` per hex, the ships, harbors and pirates) to one of
the constructors, and the renderers (:mod:`games.islands.maps.svg` on the pages,
:mod:`games.islands.printing.map` on the sheets) draw the :class:`MapView` it returns:

- :func:`for_staff` sees everything: hidden tiles are kept (drawn lighter and hatched).
- :func:`for_public` sees what every team sees. It drops the tile and chests of every unrevealed
  hex (and the ships' cargo), so a renderer never holds them: nothing about a hidden hex can reach
  a page or a sheet. A hidden hex is drawn exactly like every other hidden hex.
- :func:`for_team` is the public map with one team's own ships' cargo put back (its printed sheet).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache

from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile


@dataclass(frozen=True)
class BoardCell:
    """The truth about one board hex: what a constructor is given, never what a renderer sees."""

    q: int
    r: int
    tile: str = Tile.OPEN_SEA.value
    chests: int = 0
    revealed: bool = False


@dataclass(frozen=True)
class CellView:
    """One hex as the viewer may see it. ``tile`` and ``chests`` are None when the viewer may not."""

    q: int
    r: int
    label: str
    tile: str | None
    chests: int | None
    revealed: bool


@dataclass(frozen=True)
class ShipView:
    """A team ship at a hex label or, while in its harbor, at its bay label (``Z3``)."""

    at: str
    ident: str
    colour: str
    team: str
    battleship: bool = False
    #: Cargo: shown to staff only (a team's cargo is private).
    chests: int | None = None
    #: The team's mark (``camp.marks``): public, as its colour is.
    label: str = ""
    shape: str = ""


@dataclass(frozen=True)
class HarborView:
    bay: int
    colour: str
    team: str
    label: str = ""
    shape: str = ""


@dataclass(frozen=True)
class TeamLook:
    """How a team is drawn: its colour and its mark (label and shape, see ``camp.marks``)."""

    colour: str
    label: str = ""
    shape: str = ""


@dataclass(frozen=True)
class PirateView:
    at: str
    ident: str


@dataclass(frozen=True)
class RouteView:
    """A polyline through hex/bay labels, e.g. a ship's planned route."""

    points: tuple[str, ...]
    colour: str = "#222222"
    #: An SVG ``stroke-dasharray``: tells one ship's route from another's of the same team colour.
    dash: str = ""


@dataclass(frozen=True)
class MapView:
    side: int
    cells: tuple[CellView, ...]
    ships: tuple[ShipView, ...] = ()
    harbors: tuple[HarborView, ...] = ()
    pirates: tuple[PirateView, ...] = ()
    highlights: frozenset[str] = frozenset()
    routes: tuple[RouteView, ...] = ()
    target: str | None = None
    staff: bool = False
    clickable: bool = False
    #: With ``clickable``: each hex links to ``click_url?hex=<label>`` and htmx swaps ``click_target``.
    click_url: str = ""
    click_target: str = ""

    def clicking(self, url: str, target: str = "") -> MapView:
        return replace(self, clickable=True, click_url=url, click_target=target)


def _cells(side: int, cells: Iterable[BoardCell], *, staff: bool) -> tuple[CellView, ...]:
    order, known = _board_order(side)
    by_place = {(c.q, c.r): c for c in cells}
    unknown = by_place.keys() - known
    if unknown:
        raise ValueError(f"cells off a board of side {side}: {sorted(Hex(q, r) for q, r in unknown)}")
    out = []
    for q, r, label in order:  # label order: the drawing order never depends on what is hidden
        cell = by_place.get((q, r))
        revealed = bool(cell and cell.revealed)
        if cell is not None and (revealed or staff):
            tile: str | None = cell.tile if cell.tile in _TILES else Tile(cell.tile).value
            chests: int | None = cell.chests if tile == Tile.TREASURE else None
        else:
            tile, chests = None, None
        out.append(CellView(q=q, r=r, label=label, tile=tile, chests=chests, revealed=revealed))
    return tuple(out)


#: Every tile's value (a cell's tile is checked against them).
_TILES = frozenset(tile.value for tile in Tile)


@lru_cache(maxsize=16)
def _board_order(side: int) -> tuple[tuple[tuple[int, int, str], ...], frozenset[tuple[int, int]]]:
    """The board's hexes in label order as (q, r, label), and the set of their (q, r): once per side
    (every map of the camp is built from them after every change)."""
    g = geometry(side)
    order = tuple((h.q, h.r, g.label(h)) for h in g.ordered)
    return order, frozenset((q, r) for q, r, _label in order)


def for_staff(
    *,
    side: int,
    cells: Iterable[BoardCell],
    ships: Iterable[ShipView] = (),
    harbors: Iterable[HarborView] = (),
    pirates: Iterable[PirateView] = (),
    highlights: Iterable[str] = (),
    routes: Iterable[RouteView] = (),
    target: str | None = None,
) -> MapView:
    """Everything, hidden tiles included (drawn lighter and hatched)."""
    return MapView(
        side=side,
        cells=_cells(side, cells, staff=True),
        ships=tuple(ships),
        harbors=tuple(harbors),
        pirates=tuple(pirates),
        highlights=frozenset(highlights),
        routes=tuple(routes),
        target=target,
        staff=True,
    )


def for_public(
    *,
    side: int,
    cells: Iterable[BoardCell],
    ships: Iterable[ShipView] = (),
    harbors: Iterable[HarborView] = (),
    pirates: Iterable[PirateView] = (),
    highlights: Iterable[str] = (),
) -> MapView:
    """What every team may see: revealed hexes, ships (without cargo), harbors and pirates."""
    return MapView(
        side=side,
        cells=_cells(side, cells, staff=False),
        ships=tuple(replace(s, chests=None) for s in ships),
        harbors=tuple(harbors),
        pirates=tuple(pirates),
        highlights=frozenset(highlights),
        staff=False,
    )


def for_team(public: MapView, *, team: str, cargo: Mapping[str, int]) -> MapView:
    """What ``team`` may see: the ``public`` map with its own ships' cargo (``cargo``: chests by
    ship ident) put back, and nobody else's."""
    if public.staff:
        raise ValueError("for_team starts from the public map, never from the staff's")
    return replace(
        public,
        ships=tuple(replace(s, chests=cargo.get(s.ident)) if s.team == team else s for s in public.ships),
    )
