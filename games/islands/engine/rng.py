"""Every random draw of the Golden Islands, derived from (seed, round number, purpose).

Each draw has its own purpose key (``P1.moves``, ``P1.redraw``, ``P1.shot``, ``red.C2.rum``,
``red.B.shot``) and its own generator seeded from a hash of the three, so adding a draw somewhere
never shifts another, and replaying a round gives the same result. A round file may fix any draw
by its key (:class:`Draws`); a fixed value wins over the seed.

>>> pirate_moves(seed=7, round_number=1, pirate_id="P1") == pirate_moves(7, 1, "P1")
True
>>> len(pirate_moves(7, 1, "P1")), len(pirate_moves(7, 1, "P1", doubled=True))
(11, 22)
>>> stream = RoundRandom(7, 1, Draws(directions=(("red.C2.rum", ("S", "SW")),))).directions("red.C2.rum")
>>> stream.next(), stream.next(), stream.next() in DIRECTION_NAMES
('S', 'SW', True)
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .hexes import DIRECTION_NAMES, BoardGeometry, Hex
from .state import PIRATE_MOVES, RANDOM_SHOT_MAX, RANDOM_SHOT_MIN


def random_for(seed: int, round_number: int, purpose: str) -> random.Random:
    """A generator of its own for one purpose of one round: a hash of the three seeds it."""
    digest = hashlib.sha256(repr((seed, round_number, purpose)).encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def pirate_moves(seed: int, round_number: int, pirate_id: str, doubled: bool = False) -> tuple[str, ...]:
    """The directions a pirate gets when a round is opened: 11, or 22 when a seahorse doubled it."""
    rng = random_for(seed, round_number, f"{pirate_id}.moves")
    count = PIRATE_MOVES * (2 if doubled else 1)
    return tuple(rng.choice(DIRECTION_NAMES) for _ in range(count))


DrawKind = Literal["shot", "redraw", "rum"]
_DRAW_KEY = re.compile(
    r"^(?:(?P<pirate>P[1-9][0-9]*)\.(?P<pkind>shot|redraw)"
    r"|(?P<team>[^.]+)\.(?P<ship>C[1-6]|B)\.rum"
    r"|(?P<bteam>[^.]+)\.B\.shot)$"
)


def draw_key_kind(key: str) -> DrawKind | None:
    """What a fixed draw's key names, or None when it is not a draw key.

    >>> draw_key_kind("P3.redraw"), draw_key_kind("red.C2.rum"), draw_key_kind("red.B.shot")
    ('redraw', 'rum', 'shot')
    >>> draw_key_kind("red.C2.shot") is None
    True
    """
    match = _DRAW_KEY.match(key)
    if match is None:
        return None
    if match.group("pkind"):
        return "shot" if match.group("pkind") == "shot" else "redraw"
    return "rum" if match.group("ship") else "shot"


@dataclass(frozen=True)
class Draws:
    """Draws fixed in advance (a round file's ``draws``): directions lists and shot targets by key."""

    directions: tuple[tuple[str, tuple[str, ...]], ...] = ()
    targets: tuple[tuple[str, Hex], ...] = ()

    def fixed_directions(self, key: str) -> tuple[str, ...]:
        for k, value in self.directions:
            if k == key:
                return value
        return ()

    def fixed_target(self, key: str) -> Hex | None:
        for k, value in self.targets:
            if k == key:
                return value
        return None


NO_DRAWS = Draws()


class DirectionStream:
    """Directions for one purpose: the fixed ones in order, then fresh random ones."""

    def __init__(self, fixed: Sequence[str], seed: int, round_number: int, purpose: str) -> None:
        self._fixed = list(fixed)
        self._seed, self._round, self.purpose = seed, round_number, purpose
        self._rng: random.Random | None = None
        self.used: list[str] = []  # every direction handed out, fixed or drawn, in order

    def next(self) -> str:
        if len(self.used) < len(self._fixed):
            direction = self._fixed[len(self.used)]
        else:
            if self._rng is None:  # most streams are never drawn from: build the generator lazily
                self._rng = random_for(self._seed, self._round, self.purpose)
            direction = self._rng.choice(DIRECTION_NAMES)
        self.used.append(direction)
        return direction


@dataclass(frozen=True)
class RoundRandom:
    """The random source of one round: the seed and round number, and the fixed draws over them."""

    seed: int
    round_number: int
    draws: Draws = NO_DRAWS

    def directions(self, key: str) -> DirectionStream:
        """A stream for ``P1.redraw`` or ``red.C2.rum``."""
        return DirectionStream(self.draws.fixed_directions(key), self.seed, self.round_number, key)

    def shot_target(self, key: str, origin: Hex, g: BoardGeometry) -> Hex | None:
        """A random shot's target for ``P1.shot`` / ``red.B.shot``: uniform over board hexes 2 to 4
        away from ``origin``, or the fixed one. None if the board has no such hex."""
        fixed = self.draws.fixed_target(key)
        if fixed is not None:
            return fixed
        candidates = g.within(origin, RANDOM_SHOT_MIN, RANDOM_SHOT_MAX)
        if not candidates:
            return None
        return random_for(self.seed, self.round_number, key).choice(candidates)


class FewDraws:
    """A handful of draws for one purpose of one round, as :func:`random_for` gives them but without
    building a Mersenne Twister (6 µs; the bots draw a few numbers per team and round, thousands of
    times a rehearsal): SplitMix64 from the 64 bits of the same kind of hash.

    >>> a, b = FewDraws(7, 1, "red.plan"), FewDraws(7, 1, "red.plan")
    >>> [a.randrange(6) for _ in range(5)] == [b.randrange(6) for _ in range(5)]
    True
    >>> 0 <= FewDraws(7, 2, "red.plan").random() < 1
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int, round_number: int, purpose: str) -> None:
        digest = hashlib.sha256(repr((seed, round_number, purpose)).encode()).digest()
        self.state = int.from_bytes(digest[:8], "big")

    def _next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self._next() >> 11) / 9007199254740992.0

    def randrange(self, n: int) -> int:
        """A whole number from 0 to ``n - 1`` (``n`` at least 1; the bias of 64 bits is nil)."""
        return self._next() % n
