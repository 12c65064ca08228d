"""Shared builders for the Batavia engine tests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.batavia.engine import rules, setup
from games.batavia.engine.actions import Pass, Roll
from games.batavia.engine.components import COMPANIES, GOODS, Tile, count_cards
from games.batavia.engine.state import GameState, PlayerState

#: A known track: field f holds company COMPANIES[(f-1) % 5] and good GOODS[(f-1) // 5]:
#: 1 EN-tea, 2 DK-tea, 3 FR-tea, 4 NL-tea, 5 SE-tea, 6 EN-cotton, ..., 35 SE-pepper.
TRACK = tuple(Tile(COMPANIES[(f - 1) % 5], GOODS[(f - 1) // 5]) for f in range(1, 36))
#: A known deck: EN DK FR NL SE repeated, top first.
DECK = tuple(COMPANIES[i % 5] for i in range(110))

NAMES3 = ("Red", "Blue", "Green")
NAMES4 = ("Red", "Blue", "Green", "Yellow")


def counts(**kw: int) -> tuple[int, ...]:
    """``counts(DK=2, SE=1)`` -> ``(0, 2, 0, 0, 1)``."""
    return tuple(kw.get(c, 0) for c in COMPANIES)


def game(names: tuple[str, ...] = NAMES3, open_tiles: bool = False, **kw: Any) -> GameState:
    """A game on the known track and deck."""
    return setup.setup_game(names, TRACK, DECK, open_tiles=open_tiles, **kw)


def to_turns(state: GameState, roll: int = 1) -> GameState:
    """Run the auction with nobody bidding (round 1: the auctioneer starts the turns)."""
    state = rules.apply(state, Roll(roll))
    while state.phase == "auction":
        state = rules.apply(state, Pass())
    return state


def patch(state: GameState, seat: int, **changes: Any) -> GameState:
    """Change one player's fields (hands and laid cards given as ``counts``); seals follow the laid
    cards as the rules keep them."""
    p: PlayerState = replace(state.players[seat], **changes)
    players = state.players[:seat] + (p,) + state.players[seat + 1 :]
    seals = tuple(rules.majority_holder(players, i) for i in range(5))
    return replace(state, players=players, seals=seals)


def cards_total(state: GameState) -> int:
    """Every card in the game: hands, laid, lot, deck, discards."""
    return (
        sum(sum(p.hand) + sum(p.laid) for p in state.players)
        + sum(state.lot)
        + len(state.deck)
        + sum(state.discards)
    )


def deck_counts(state: GameState) -> tuple[int, ...]:
    return count_cards(state.deck)
