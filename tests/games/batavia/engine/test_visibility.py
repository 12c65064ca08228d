"""Who sees what: the public view hides hands, bills, the deck order and face-down goods; the
private view adds only the player's own hand and bills."""

from __future__ import annotations

import json
from dataclasses import replace

from games.batavia.engine import bots, legal, rules, setup
from games.batavia.engine.components import Tile, counts_to_dict
from games.batavia.engine.state import GameState
from games.batavia.engine.visibility import private_view, public_view

from .helpers import counts, patch


def mid_game() -> GameState:
    s = bots.play_game(["greedy", "greedy", "greedy"], 4, names=["Red", "Blue", "Green"])
    # rewind: replay the first 40 actions of the finished game
    state = setup.new_game(["Red", "Blue", "Green"], 4)
    for _, action in s.history[:40]:
        state = rules.apply(state, action)
    return state


def secretly_different(s: GameState) -> GameState:
    """Same public facts, different secrets: other hands (same sizes), bills, deck order, goods of
    face-down tiles."""
    s = patch(s, 1, hand=counts(EN=s.players[1].hand_size), bills=s.players[1].bills + 3)
    s = patch(s, 2, bills=s.players[2].bills - 3)
    track = list(s.track)
    down = [i for i, f in enumerate(track) if not f.face_up]
    a, b = down[0], next(i for i in down[1:] if track[i].tile.company == track[down[0]].tile.company)
    ta, tb = track[a].tile, track[b].tile
    track[a] = replace(track[a], tile=Tile(ta.company, tb.good))
    track[b] = replace(track[b], tile=Tile(tb.company, ta.good))
    return replace(s, track=tuple(track), deck=tuple(reversed(s.deck)))


def test_the_public_view_does_not_depend_on_secrets() -> None:
    s = mid_game()
    other = secretly_different(s)
    assert other != s
    assert public_view(other) == public_view(s)
    assert private_view(other, "Red") == private_view(s, "Red")
    assert private_view(other, "Blue") != private_view(s, "Blue")


def test_the_public_view_shows_the_public_facts() -> None:
    s = mid_game()
    v = public_view(s)
    json.dumps(v)
    assert v["to_act"] == legal.whose_turn(s)
    assert [p["hand_size"] for p in v["players"]] == [p.hand_size for p in s.players]
    assert all("hand" not in p and "bills" not in p for p in v["players"])
    assert "deck" not in v and v["deck_size"] == len(s.deck)
    for f, shown in zip(s.track, v["track"], strict=True):
        assert shown["company"] == f.tile.company
        assert shown["good"] == (f.tile.good if f.face_up else None)
    assert v["cannon"] == s.cannon and len(v["log"]) == len(s.log)


def test_the_private_view_adds_own_hand_and_bills() -> None:
    s = mid_game()
    v = private_view(s, "Blue")
    p = s.players[1]
    assert v["you"] == {"name": "Blue", "hand": counts_to_dict(p.hand), "bills": p.bills}
    assert sum(v["you"]["hand"].values()) == s.players[1].hand_size


def test_bills_are_public_once_the_game_is_over() -> None:
    final = bots.play_game(["greedy", "random", "random"], 2)
    v = public_view(final)
    assert [p["bills"] for p in v["players"]] == [p.bills for p in final.players]
    assert v["ranking"] and v["scores"]
