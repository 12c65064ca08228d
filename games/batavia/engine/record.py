"""The ``batavia/1`` game record: reading, writing, replaying, and the replay's output JSON.

The format is specified in ``docs/formats/batavia-record.md``. A malformed record raises
:class:`RecordError` naming the JSON path (``$.track[3]: unknown company 'XX'``); an action that is
illegal where it stands raises :class:`ReplayError` (``action 7: a bid must be higher than 3``).

>>> from .legal import chance_action
>>> from .rules import apply
>>> from .setup import new_game
>>> s = new_game(["Red", "Blue", "Green"], seed=3)
>>> s = apply(s, chance_action(s))
>>> data = state_to_record(s)
>>> data["format"], len(data["track"]), len(data["deck"]), data["actions"]
('batavia/1', 35, 110, [{'by': 'Red', 'roll': 2}])
>>> replay(read_record(data)) == s
True
>>> read_record({**data, "players": ["Red", "Red", "Blue"]})
Traceback (most recent call last):
...
games.batavia.engine.record.RecordError: $.players[1]: 'Red' appears twice
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid, Draw, Pass, Play, Reshuffle, Roll
from .components import COMPANIES, COMPANY_INDEX, GOAL, GOODS, Tile, counts_to_dict
from .errors import IllegalAction, RulesError
from .rules import apply
from .setup import deck_problem, setup_game, track_problem
from .state import MAX_PLAYERS, MIN_PLAYERS, GameState

FORMAT = "batavia/1"
_ACTION_KEYS = ("roll", "bid", "pass", "draw", "play", "reshuffle")


class RecordError(RulesError):
    """A malformed record; ``path`` is the JSON path of the offending value."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__("bad_record", f"{path}: {message}")
        self.path = path
        self.reason = message


class ReplayError(RulesError):
    """Action number ``index`` (counting from 1) is not legal where it stands."""

    def __init__(self, index: int, error: IllegalAction) -> None:
        super().__init__(error.code, f"action {index}: {error.message}")
        self.index = index
        self.error = error


@dataclass(frozen=True, slots=True)
class Record:
    """A parsed record: the setup and the actions as ``(player name, action)``."""

    players: tuple[str, ...]
    auctioneer: str
    open_tiles: bool
    track: tuple[Tile, ...]
    deck: tuple[str, ...]
    actions: tuple[tuple[str, Action], ...]


# ----------------------------------------------------------------------------------------- reading


def load_record(text: str | bytes) -> Record:
    """Parse a record from JSON text."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise RecordError("$", f"not valid JSON ({e})") from None
    except RecursionError:
        raise RecordError("$", "not valid JSON (nested too deeply)") from None
    return read_record(data)


def read_record(data: object) -> Record:
    """Check and parse a record already decoded from JSON."""
    if not isinstance(data, dict):
        raise RecordError("$", "a record is a JSON object")
    if "format" not in data:
        raise RecordError("$.format", f"missing (expected {FORMAT!r})")
    if data["format"] != FORMAT:
        raise RecordError("$.format", f"unknown format {data['format']!r} (expected {FORMAT!r})")

    players = _list(data, "players", "$.players")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError("$.players", f"Batavia needs 3 to 5 players, not {len(players)}")
    names: list[str] = []
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name:
            raise RecordError(f"$.players[{i}]", "a player is a non-empty string")
        if name in names:
            raise RecordError(f"$.players[{i}]", f"{name!r} appears twice")
        names.append(name)

    auctioneer = data.get("auctioneer")
    if auctioneer is None:
        auctioneer = names[0]
    if not isinstance(auctioneer, str) or auctioneer not in names:
        raise RecordError("$.auctioneer", f"{auctioneer!r} is not one of the players")
    open_tiles = data.get("open_tiles", False)
    if not isinstance(open_tiles, bool):
        raise RecordError("$.open_tiles", "expected true or false")

    tiles: list[Tile] = []
    for i, text in enumerate(_list(data, "track", "$.track")):
        if not isinstance(text, str):
            raise RecordError(f"$.track[{i}]", "a tile is a string like 'DK-tea'")
        company, _, good = text.partition("-")
        if company not in COMPANY_INDEX:
            raise RecordError(f"$.track[{i}]", f"unknown company {company!r} in {text!r}")
        if good not in GOODS:
            raise RecordError(f"$.track[{i}]", f"unknown good {good!r} in {text!r}")
        tiles.append(Tile(company, good))
    problem = track_problem(tiles)
    if problem is not None:
        index, message = problem
        raise RecordError("$.track" if index is None else f"$.track[{index}]", message)

    deck = _list(data, "deck", "$.deck")
    for i, card in enumerate(deck):
        if not isinstance(card, str) or card not in COMPANY_INDEX:
            raise RecordError(f"$.deck[{i}]", f"unknown company {card!r}")
    problem = deck_problem(deck)
    if problem is not None:
        index, message = problem
        raise RecordError("$.deck" if index is None else f"$.deck[{index}]", message)

    actions = tuple(
        _read_action(a, f"$.actions[{i}]", names) for i, a in enumerate(_list(data, "actions", "$.actions"))
    )
    return Record(tuple(names), auctioneer, open_tiles, tuple(tiles), tuple(deck), actions)


def _list(data: Mapping[str, Any], key: str, path: str) -> list[Any]:
    if key not in data:
        raise RecordError(path, "missing")
    value = data[key]
    if not isinstance(value, list):
        raise RecordError(path, "expected a list")
    return value


def _int(value: object, path: str) -> int:
    if type(value) is not int:
        raise RecordError(path, f"expected a whole number, not {json.dumps(value)}")
    return value


def _read_action(data: object, path: str, names: list[str]) -> tuple[str, Action]:
    if not isinstance(data, dict):
        raise RecordError(path, "an action is a JSON object")
    by = data.get("by")
    if by is None:
        raise RecordError(f"{path}.by", "missing")
    if not isinstance(by, str) or by not in names:
        raise RecordError(f"{path}.by", f"{by!r} is not one of the players")
    kinds = [k for k in _ACTION_KEYS if k in data]
    if len(kinds) != 1:
        found = " and ".join(kinds) or "none"
        raise RecordError(
            path, f"an action has exactly one of roll, bid, pass, draw, play, reshuffle (found {found})"
        )
    kind = kinds[0]
    allowed = {"by", kind} | ({"move", "cash_in"} if kind == "play" else set())
    extra = sorted(set(data) - allowed)
    if extra:
        raise RecordError(f"{path}.{extra[0]}", f"unexpected key in a {kind} action")
    value = data[kind]
    at = f"{path}.{kind}"
    action: Action
    if kind == "roll":
        action = Roll(_int(value, at))
    elif kind == "bid":
        action = Bid(_int(value, at))
    elif kind in ("pass", "draw"):
        if value is not True:
            raise RecordError(at, "expected true")
        action = Pass() if kind == "pass" else Draw()
    elif kind == "play":
        if not isinstance(value, dict):
            raise RecordError(at, 'expected cards by company, e.g. {"DK": 2}')
        counts = [0] * len(COMPANIES)
        for company, n in value.items():
            if company not in COMPANY_INDEX:
                raise RecordError(f"{at}.{company}", f"unknown company {company!r}")
            counts[COMPANY_INDEX[company]] = _int(n, f"{at}.{company}")
        move = data.get("move", GOAL)
        if not isinstance(move, str) or (move != GOAL and move not in COMPANY_INDEX):
            raise RecordError(f"{path}.move", f"expected a company or {GOAL!r}, not {json.dumps(move)}")
        cash_in = data.get("cash_in", False)
        if not isinstance(cash_in, bool):
            raise RecordError(f"{path}.cash_in", "expected true or false")
        action = Play(tuple(counts), move, cash_in)
    else:
        if not isinstance(value, list):
            raise RecordError(at, "expected the new deck as a list of companies")
        for i, card in enumerate(value):
            if not isinstance(card, str) or card not in COMPANY_INDEX:
                raise RecordError(f"{at}[{i}]", f"unknown company {card!r}")
        action = Reshuffle(tuple(value))
    return by, action


# ---------------------------------------------------------------------------------------- replaying


def initial_state(record: Record) -> GameState:
    """The game as set up by the record, before any action."""
    return setup_game(
        record.players, record.track, record.deck, auctioneer=record.auctioneer, open_tiles=record.open_tiles
    )


def replay(record: Record) -> GameState:
    """Apply every action of the record; :class:`ReplayError` at the first illegal one."""
    state = initial_state(record)
    for n, (by, action) in enumerate(record.actions, start=1):
        try:
            state = apply(state, action, player=by)
        except IllegalAction as e:
            raise ReplayError(n, e) from None
    return state


# ----------------------------------------------------------------------------------------- writing


def action_to_json(by: str, action: Action) -> dict[str, Any]:
    """One action as it appears in a record.

    >>> action_to_json("Red", Play((0, 2, 0, 0, 0), "DK"))
    {'by': 'Red', 'play': {'DK': 2}, 'move': 'DK', 'cash_in': False}
    """
    out: dict[str, Any] = {"by": by}
    if isinstance(action, Roll):
        out["roll"] = action.k
    elif isinstance(action, Bid):
        out["bid"] = action.n
    elif isinstance(action, Pass):
        out["pass"] = True
    elif isinstance(action, Draw):
        out["draw"] = True
    elif isinstance(action, Play):
        out["play"] = counts_to_dict(action.cards)
        out["move"] = action.move
        out["cash_in"] = action.cash_in
    else:
        out["reshuffle"] = list(action.order)
    return out


def state_to_record(state: GameState) -> dict[str, Any]:
    """The whole game so far as a ``batavia/1`` record (concrete track, deck, rolls and reshuffles,
    so it replays without the seed)."""
    setup = state.setup
    return {
        "format": FORMAT,
        "players": list(setup.players),
        "auctioneer": setup.players[setup.auctioneer],
        "open_tiles": setup.open_tiles,
        "track": [str(t) for t in setup.track],
        "deck": list(setup.deck),
        "actions": [action_to_json(setup.players[seat], a) for seat, a in state.history],
    }


def dump_record(state: GameState) -> str:
    """:func:`state_to_record` as JSON text (one action per line, readable in a diff)."""
    data = state_to_record(state)
    actions = data.pop("actions")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in actions)
    body = f'"actions": [\n  {lines}\n]' if actions else '"actions": []'
    return f"{head}, {body}}}\n"


def state_to_output(state: GameState) -> dict[str, Any]:
    """The replay's output JSON, exactly as the format specifies (staff view: everything but the
    deck order)."""
    names = state.names
    out: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "to_act": None if state.to_act is None else names[state.to_act],
        "start_player": None if state.start_player is None else names[state.start_player],
        "cannon": state.cannon,
        "lot": counts_to_dict(state.lot),
        "deck_size": len(state.deck),
        "discards": sum(state.discards),
        "track": [
            {
                "field": f.number,
                "tile": str(f.tile),
                "face_up": f.face_up,
                "taken_by": None if f.taken_by is None else names[f.taken_by],
            }
            for f in state.track
        ],
        "players": [
            {
                "name": p.name,
                "bills": p.bills,
                "gold": p.gold,
                "hand": counts_to_dict(p.hand),
                "laid": counts_to_dict(p.laid),
                "seals": list(state.seals_of(s)),
                "field": "goal" if p.goal else p.field,
                "tiles": [str(t) for t in p.tiles],
                "crates_left": p.crates_left,
                "goal": p.goal,
            }
            for s, p in enumerate(state.players)
        ],
        "exchanges": exchanges_to_json(state),
    }
    out.update(final_scores_to_json(state))
    return out


def final_scores_to_json(state: GameState) -> dict[str, Any]:
    """``{"scores": {player: {...}}, "ranking": [[player, ...], ...]}`` of a finished game, ``{}``
    before (the same for staff and players: at the end everything is public)."""
    if state.phase != "finished" or state.scores is None:
        return {}
    names = state.names
    return {
        "scores": {
            names[s]: {
                "cashed": sc.cashed,
                "exchanges": sc.exchanges,
                "bills": sc.bills,
                "goal": sc.goal,
                "seals": sc.seals,
                "total": sc.total,
            }
            for s, sc in enumerate(state.scores)
        },
        "ranking": [[names[s] for s in place] for place in state.ranking()],
    }


def exchanges_to_json(state: GameState) -> dict[str, dict[str, int]]:
    """``{good: {player: crates}}`` for the exchanges holding crates."""
    out: dict[str, dict[str, int]] = {}
    for good in GOODS:
        crates = state.crates(good)
        if any(crates):
            out[good] = {state.names[s]: n for s, n in enumerate(crates) if n}
    return out
