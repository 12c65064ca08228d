"""The round file ``zlate-ostrovy/1`` written: a state, with orders and the fixed draws, as a round's
input (what staff export to replay a round), and a resolved round as its output (the state after
it, its events, what is pending, the standings); :func:`run_scenario` reads a file, resolves the
round and writes the output.

The format is ``docs/formats/islands-scenario.md``; outside tools read these files, so the
writer follows it to the letter. The reader is :mod:`.scenario`: every document written here
reads back as it was written (the round-file tests read each one back).

>>> from .scenario import parse_scenario
>>> text = '''{"format": "zlate-ostrovy/1", "side": 5, "seed": 1,
...   "teams": [{"name": "red", "harbor": "Z1", "ships": [{"id": "C1", "kind": "cargo", "at": "Z1"}]}],
...   "orders": {"red": {"ap": 3, "routes": {"C1": "N"}}}}'''
>>> doc = scenario_document(parse_scenario(text).state, parse_scenario(text).orders_by_team)
>>> doc["teams"][0]["ships"][0]["at"], doc["orders"]["red"]["routes"]
('Z1', {'C1': 'N'})
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from .events import RoundResult
from .hexes import BoardGeometry
from .orders import Orders
from .resolve import resolve_trusted
from .rng import Draws
from .scenario import FORMAT, parse_scenario
from .state import GameState, Pirate, Ship, Team
from .tiles import Tile


def draws_document(draws: Draws, g: BoardGeometry) -> dict[str, object]:
    """Draws as a round file's ``draws``: direction lists, then shot targets, each in its order."""
    doc: dict[str, object] = {key: list(directions) for key, directions in draws.directions}
    doc.update((key, g.label(target)) for key, target in draws.targets)
    return doc


def state_document(state: GameState) -> dict[str, object]:
    """A state as a round file (without orders): ``format``, ``side``, ``seed``, ``round``, ``hexes``,
    ``teams``, ``pirates``. ``hexes`` holds every revealed hex and every hex that is not hidden open sea."""
    g = state.geometry
    hexes: dict[str, object] = {}
    for h, cell in state.board.items():
        if cell.revealed or cell.tile is not Tile.OPEN_SEA:
            entry: dict[str, object] = {"tile": cell.tile.value, "revealed": cell.revealed}
            if cell.tile is Tile.TREASURE:
                entry["chests"] = cell.chests
            hexes[g.label(h)] = entry
    return {
        "format": FORMAT,
        "side": state.side,
        "seed": state.seed,
        "round": state.round_number,
        "hexes": hexes,
        "teams": [
            {
                "name": t.name,
                "harbor": g.label(t.harbor),
                "delivered": t.delivered,
                "ap_total": t.ap_total,
                "ships": [_ship_document(g, t, s) for s in t.ships],
            }
            for t in state.teams
        ],
        "pirates": [_pirate_document(g, p) for p in state.pirates],
    }


def _ship_document(g: BoardGeometry, team: Team, ship: Ship) -> dict[str, object]:
    return {
        "id": ship.id,
        "kind": ship.kind.value,
        "at": g.label(team.harbor if ship.at is None else ship.at),
        "chests": ship.chests,
        "boat": ship.boat,
        "seahorse": ship.seahorse,
        "mermaid": ship.mermaid,
        "octopus": ship.octopus,
        "new": ship.new,
    }


def _pirate_document(g: BoardGeometry, pirate: Pirate) -> dict[str, object]:
    doc: dict[str, object] = {"id": pirate.id, "at": g.label(pirate.at)}
    if pirate.moves:
        doc["moves"] = list(pirate.moves)
    doc.update(seahorse=pirate.seahorse, mermaid=pirate.mermaid, octopus=pirate.octopus)
    return doc


def scenario_document(
    state: GameState, orders: Mapping[str, Orders] | None = None, draws: Draws | None = None
) -> dict[str, object]:
    """A round file (input side) for a state, optional orders and fixed draws: what staff export to
    replay (with the draws the round used, :attr:`RoundResult.draws`, the replay is exact)."""
    doc = state_document(state)
    if orders:
        g = state.geometry
        doc["orders"] = {
            name: {
                "ap": o.ap,
                "build": {"cargo": o.build_cargo, "battleship": o.build_battleships},
                "routes": {ship_id: route.text() for ship_id, route in o.routes},
                "harbor": o.harbor.text(),
                "fire": None if o.fire is None else g.label(o.fire),
            }
            for name, o in orders.items()
        }
    if draws is not None and (draws.directions or draws.targets):
        doc["draws"] = draws_document(draws, state.geometry)
    return doc


def result_document(result: RoundResult) -> dict[str, object]:
    """The output of a round file: the state after the round plus ``events``, ``pending`` and
    ``standings`` (pirates without moves, orders and draws dropped)."""
    g = result.state.geometry
    doc = state_document(result.state)
    doc["pirates"] = [
        {k: v for k, v in _pirate_document(g, p).items() if k != "moves"} for p in result.state.pirates
    ]
    events: list[dict[str, object]] = []
    for e in result.events:
        entry: dict[str, object] = {
            "step": e.step,
            "half": e.half,
            "who": e.who,
            "at": g.label(e.at),
            "what": e.what.value,
        }
        if e.private:
            entry["private"] = True
        events.append(entry)
    doc["events"] = events
    doc["pending"] = {
        "telescope": [t.who for t in result.telescopes],
        "hints": {h.who: h.point for h in result.hints},
    }
    doc["standings"] = [
        {"team": s.team, "delivered": s.delivered, "ap_total": s.ap_total} for s in result.standings
    ]
    return doc


def run_scenario(text: str) -> str:
    """Read a round file, resolve the round, and give the output document as JSON text."""
    scenario = parse_scenario(text)
    result = resolve_trusted(scenario.state, scenario.orders_by_team, scenario.draws)
    return json.dumps(result_document(result), ensure_ascii=False, indent=2)
