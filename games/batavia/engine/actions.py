"""The six things a player can do in Batavia, as small immutable values.

An action does not name its player: :func:`games.batavia.engine.rules.apply` applies it for the player
whose turn it is (and can check that a given player is that one).

>>> Roll(3)
Roll(k=3)
>>> Play.of({"NL": 4, "FR": 2}, move="NL")
Play(cards=(0, 0, 2, 4, 0), move='NL', cash_in=False)
>>> Play.of({"NL": 4, "FR": 2}, move="NL").laid()
{'FR': 2, 'NL': 4}
>>> str(Play.of({"DK": 1}, move="goal"))
'play DK1 -> goal'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .components import COMPANIES, COMPANY_INDEX, GOAL, Counts


@dataclass(frozen=True, slots=True)
class Roll:
    """The auctioneer's die roll: turn ``k`` (1 to 6) cards from the deck onto the lot."""

    k: int

    def __str__(self) -> str:
        return f"roll {self.k}"


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid of ``n`` bills in the auction (at least 1, above the last bid, at most the bills held)."""

    n: int

    def __str__(self) -> str:
        return f"bid {self.n}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Leave the current auction."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top two cards of the deck (the turn's alternative to playing)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Play:
    """Lay cards, move the merchant and optionally cash in tiles.

    ``cards`` counts the laid cards per company in :data:`COMPANIES` order; ``move`` is the company
    whose next station the merchant goes to, or ``"goal"`` when no sealed company has a station ahead.
    """

    cards: Counts
    move: str
    cash_in: bool = False

    @classmethod
    def of(cls, cards: Mapping[str, int], move: str, cash_in: bool = False) -> Play:
        """Build a play from ``{"DK": 2, ...}``; unknown companies raise :class:`KeyError`.

        >>> Play.of({"SE": 1}, move="SE", cash_in=True).cards
        (0, 0, 0, 0, 1)
        """
        counts = [0] * len(COMPANIES)
        for company, n in cards.items():
            counts[COMPANY_INDEX[company]] += n
        return cls(tuple(counts), move, cash_in)

    def laid(self) -> dict[str, int]:
        """The laid cards as ``{company: count}``, companies with no card left out."""
        return {c: n for c, n in zip(COMPANIES, self.cards, strict=True) if n}

    def __str__(self) -> str:
        cards = " ".join(f"{c}{n}" for c, n in self.laid().items())
        tail = " cash in" if self.cash_in else ""
        return f"play {cards} -> {self.move}{tail}"


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """The new deck, top first, made from the whole discard pile (comes right after a short roll/draw)."""

    order: tuple[str, ...]

    def __str__(self) -> str:
        return f"reshuffle {len(self.order)} cards"


Action = Roll | Bid | Pass | Draw | Play | Reshuffle

__all__ = ["GOAL", "Action", "Bid", "Draw", "Pass", "Play", "Reshuffle", "Roll"]
