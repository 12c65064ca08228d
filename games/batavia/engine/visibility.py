"""What each person may see of a game, as plain JSON-ready dicts.

The web layer renders these and never the :class:`GameState` itself, so it cannot leak a hand, a
bill count, a face-down good or the deck order by accident.

- :func:`public_view`: everyone (the track with face-down tiles showing only their company, merchants,
  exchanges, laid cards, seals, cannon and markers, hand sizes, gold, lot, whose turn, public log as
  codes and parameters: :mod:`.log`).
  Bills become public only in the final scoring.
- :func:`private_view`: one player: the public view plus ``"you"`` with their hand and bills.
- Staff see everything through :func:`games.batavia.engine.record.state_to_output` and the record.

>>> from .setup import new_game
>>> s = new_game(["Red", "Blue", "Green"], seed=1)
>>> v = public_view(s)
>>> v["players"][0]["hand_size"], "hand" in v["players"][0], "bills" in v["players"][0]
(10, False, False)
>>> v["track"][10]
{'field': 11, 'company': 'SE', 'good': None, 'face_up': False, 'taken_by': None}
>>> private_view(s, "Red")["you"]["bills"]
15
"""

from __future__ import annotations

from typing import Any

from .components import COMPANIES, counts_to_dict
from .record import exchanges_to_json, final_scores_to_json
from .state import GameState


def public_view(state: GameState) -> dict[str, Any]:
    """Everything every player may know."""
    names = state.names
    finished = state.phase == "finished"

    def name(seat: int | None) -> str | None:
        return None if seat is None else names[seat]

    auction = state.auction
    view: dict[str, Any] = {
        "phase": state.phase,
        "round": state.round,
        "to_act": name(state.to_act),
        "auctioneer": names[state.auctioneer],
        "start_player": name(state.start_player),
        "last_round": state.end_round,
        "cannon": state.cannon,
        "pirate_threshold": state.pirate_threshold,
        "markers": dict(zip(COMPANIES, state.markers, strict=True)),
        "seals": {c: name(s) for c, s in zip(COMPANIES, state.seals, strict=True)},
        "lot": counts_to_dict(state.lot),
        "deck_size": len(state.deck),
        "discards": sum(state.discards),
        "auction": None
        if auction is None
        else {
            "rolled": auction.rolled,
            "high_bid": auction.high_bid,
            "high_bidder": name(auction.high_bidder),
            "out": [names[s] for s, o in enumerate(auction.out) if o],
        },
        "reshuffle_due": state.pending is not None,
        "track": [
            {
                "field": f.number,
                "company": f.tile.company,
                "good": f.tile.good if f.face_up else None,
                "face_up": f.face_up,
                "taken_by": name(f.taken_by),
            }
            for f in state.track
        ],
        "players": [
            {
                "name": p.name,
                "hand_size": p.hand_size,
                "gold": p.gold,
                "laid": counts_to_dict(p.laid),
                "seals": list(state.seals_of(s)),
                "field": "goal" if p.goal else p.field,
                "tiles": [str(t) for t in p.tiles],
                "crates_left": p.crates_left,
                "goal": p.goal,
                **({"bills": p.bills} if finished else {}),
            }
            for s, p in enumerate(state.players)
        ],
        "exchanges": exchanges_to_json(state),
        "log": [
            {
                "round": e.round,
                "player": e.player,
                "code": str(e.code),
                "kind": e.kind,
                "params": dict(e.params),
            }
            for e in state.log
        ],
    }
    view.update(final_scores_to_json(state))
    return view


def private_view(state: GameState, player: str) -> dict[str, Any]:
    """The public view plus what only ``player`` knows: their hand and bills (``KeyError`` for a
    name not in the game)."""
    p = state.players[state.seat_of(player)]
    view = public_view(state)
    view["you"] = {"name": p.name, "hand": counts_to_dict(p.hand), "bills": p.bills}
    return view
