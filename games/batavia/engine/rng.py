"""Deterministic randomness for Batavia.

Every random draw gets its own :class:`random.Random`, seeded by a hash of the game seed and a
*purpose key* (``("deck",)``, ``("roll", 4)``, ...), so adding or removing one draw never shifts
another and a game is reproduced exactly from its seed.

>>> stream(7, "roll", 1).randint(1, 6) == stream(7, "roll", 1).randint(1, 6)
True
>>> roll(7, 1) in range(1, 7)
True
>>> sorted(shuffled(1, ["a", "b", "c"], "x"))
['a', 'b', 'c']
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

Seed = int | str


def derive(seed: object, *purpose: object) -> int:
    """A 64-bit integer from the seed and the purpose key (stable across runs and platforms)."""
    text = repr((seed, purpose)).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def stream(seed: Seed, *purpose: object) -> random.Random:
    """An independent random stream for one purpose."""
    return random.Random(derive(seed, *purpose))


def shuffled(seed: Seed, items: Sequence[T], *purpose: object) -> list[T]:
    """A shuffled copy of ``items``."""
    out = list(items)
    stream(seed, *purpose).shuffle(out)
    return out


def roll(seed: Seed, round_: int) -> int:
    """The auctioneer's die roll in round ``round_``."""
    return stream(seed, "roll", round_).randint(1, 6)
