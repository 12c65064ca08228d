"""The pieces of Batavia that everything else counts in: companies, goods, card counts and tiles.

Actions, states, rules and records all import from here and from nowhere above it, so no module of
the engine needs a back-import. Companies are referred to by their code in :data:`COMPANIES` and,
inside count vectors (hand, laid cards, lot, discards), by their position in that tuple.

>>> COMPANIES
('EN', 'DK', 'FR', 'NL', 'SE')
>>> Tile.parse("DK-tea")
Tile(company='DK', good='tea')
>>> str(Tile("SE", "pepper"))
'SE-pepper'
>>> counts_to_dict((0, 2, 0, 1, 0))
{'DK': 2, 'NL': 1}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: The five companies, left to right as on the board: England, Denmark, France, Netherlands, Sweden.
COMPANIES: tuple[str, ...] = ("EN", "DK", "FR", "NL", "SE")
COMPANY_INDEX: dict[str, int] = {c: i for i, c in enumerate(COMPANIES)}
#: The seven goods, each with an exchange, in the order of their value.
GOODS: tuple[str, ...] = ("tea", "cotton", "porcelain", "silk", "ginger", "nutmeg", "pepper")
GOOD_INDEX: dict[str, int] = {g: i for i, g in enumerate(GOODS)}
#: The ``move`` of a play that goes to the goal (otherwise a move names a company).
GOAL = "goal"

#: A count per company, in :data:`COMPANIES` order.
Counts = tuple[int, ...]
NO_CARDS: Counts = (0, 0, 0, 0, 0)


def counts_to_dict(counts: Counts) -> dict[str, int]:
    """``{company: n}`` for the non-zero entries of a count vector, in company order."""
    return {c: n for c, n in zip(COMPANIES, counts, strict=True) if n}


def count_cards(cards: Iterable[str]) -> Counts:
    """Count company codes into a count vector.

    >>> count_cards(["EN", "SE", "EN"])
    (2, 0, 0, 0, 1)
    """
    out = [0, 0, 0, 0, 0]
    for c in cards:
        out[COMPANY_INDEX[c]] += 1
    return tuple(out)


def add_counts(a: Counts, b: Counts) -> Counts:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4])


def sub_counts(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4])


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """A station tile: one company and one good (every pair exists exactly once)."""

    company: str
    good: str

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"DK-tea"``; raises :class:`ValueError` on anything else."""
        company, sep, good = text.partition("-")
        if not sep or company not in COMPANY_INDEX or good not in GOOD_INDEX:
            raise ValueError(f"not a station tile: {text!r} (expected COMPANY-good, e.g. 'DK-tea')")
        return cls(company, good)

    def __str__(self) -> str:
        return f"{self.company}-{self.good}"
