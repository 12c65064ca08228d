"""The short code printed on a team's paper order form (``ZO-4K7P-Q2XM``): which team's plan for
which round it is, read aloud or typed by a tired leader, or scanned from the form's QR code.

The letters are base 32 without look-alikes (no 0, 1, I, O). After the ``ZO`` prefix come:

- the payload, at least four letters: the team's number and the round's number in one number
  (Szudzik's pairing: small numbers give a short code);
- the seal, three letters: an HMAC of the camp run (as the caller names it), the team and the
  round under a secret the caller passes in (the teams cannot know it, so a team cannot make
  another team's code from its own);
- the parity, one letter: a weighted sum in GF(32) over everything before it, which catches every
  single wrong letter and every swap of two neighbours for sure (a typo is told as a typo, never
  as a code of another camp run).

Pure: the secret and the camp run's identity come from the caller.

>>> code = PaperCode.make(camp="1", team=3, round_number=2, secret=b"k")
>>> str(code), PaperCode.parse(" zo-" + str(code)[3:].lower()) == code
('ZO-222G-XGAH', True)
>>> code.sealed(camp="1", secret=b"k"), code.sealed(camp="2", secret=b"k")
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass

ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
PREFIX = "ZO"
PAYLOAD_MIN = 4
SEAL_LENGTH = 3
GROUP = 4
#: No printed code is longer: 26 payload letters hold any number up to 2⁶³ and round.
MAX_LETTERS = 30
#: Letters people type for a code's that are never in one (told apart in the error).
LOOK_ALIKES = frozenset("01IO")
_VALUE = {letter: value for value, letter in enumerate(ALPHABET)}


class PaperCodeError(ValueError):
    """Text that is not a paper code as printed: ``reason`` is ``empty``, ``letters`` (a letter that
    is never in a code), ``length`` (too short or too long) or ``check`` (the parity letter does not match:
    a letter misread or two swapped)."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def _gf_mul(a: int, b: int) -> int:
    """a · b in GF(32) = GF(2)[x] / (x⁵ + x² + 1)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        b >>= 1
        a <<= 1
        if a & 0b100000:
            a ^= 0b100101
    return product


def _parity(values: list[int]) -> int:
    """Σ xⁱ⁺¹ · vᵢ in GF(32): one wrong value changes it (xⁱ⁺¹ · e ≠ 0 in a field), so does a swap of
    two different neighbours (xⁱ⁺¹ · (1 + x) · (a + b) ≠ 0; x has order 31, longer than a code)."""
    total, weight = 0, 1
    for value in values:
        weight = _gf_mul(weight, 2)
        total ^= _gf_mul(weight, value)
    return total


def _pair(a: int, b: int) -> int:
    return a * a + a + b if a >= b else a + b * b


def _unpair(n: int) -> tuple[int, int]:
    root = math.isqrt(n)
    rest = n - root * root
    return (rest, root) if rest < root else (root, rest - root)


def _letters(number: int, length: int) -> str:
    out = ""
    while number or len(out) < length:
        number, digit = divmod(number, 32)
        out = ALPHABET[digit] + out
    return out


def _number(letters: str) -> int:
    number = 0
    for letter in letters:
        number = number * 32 + _VALUE[letter]
    return number


def normalised(text: str) -> str:
    """The letters of a code as typed: upper case, without spaces, dashes and the ``ZO`` prefix."""
    letters = "".join(ch for ch in text.upper() if not ch.isspace() and ch not in "-_–.")
    return letters[len(PREFIX) :] if letters.startswith(PREFIX) else letters


@dataclass(frozen=True)
class PaperCode:
    """One team's paper order form for one round; prints itself as ``ZO-XXXX-XXXX``."""

    #: The team's number (the caller's: e.g. its place in the camp run's seat order).
    team: int
    round_number: int
    seal: str

    @staticmethod
    def seal_for(*, camp: str, team: int, round_number: int, secret: bytes) -> str:
        """The three letters only the secret's holder can compute for this camp run, team and round."""
        message = f"zo-paper/1|{camp}|{team}|{round_number}".encode()
        digest = hmac.new(secret, message, hashlib.sha256).digest()
        return _letters(int.from_bytes(digest[:2], "big") >> 1, SEAL_LENGTH)[-SEAL_LENGTH:]

    @classmethod
    def make(cls, *, camp: str, team: int, round_number: int, secret: bytes) -> PaperCode:
        if team < 0 or round_number < 0:
            raise ValueError("A paper code is for a team and a round number of 0 or more.")
        seal = cls.seal_for(camp=camp, team=team, round_number=round_number, secret=secret)
        return cls(team, round_number, seal)

    @classmethod
    def parse(cls, text: str) -> PaperCode:
        """The code in ``text`` (any case, with or without dashes, spaces and ``ZO``);
        :class:`PaperCodeError` when it is not one as printed. Says nothing about the seal: see
        :meth:`sealed`."""
        letters = normalised(text)
        if not letters:
            raise PaperCodeError("empty")
        wrong = sorted({ch for ch in letters if ch not in _VALUE})
        if wrong:
            raise PaperCodeError("letters", "".join(wrong))
        if not PAYLOAD_MIN + SEAL_LENGTH + 1 <= len(letters) <= MAX_LETTERS:
            raise PaperCodeError("length", str(len(letters)))
        values = [_VALUE[ch] for ch in letters]
        if _parity(values[:-1]) != values[-1]:
            raise PaperCodeError("check")
        team, round_number = _unpair(_number(letters[: -SEAL_LENGTH - 1]))
        return cls(team, round_number, letters[-SEAL_LENGTH - 1 : -1])

    def sealed(self, *, camp: str, secret: bytes) -> bool:
        """Whether the seal is this camp run's (under ``secret``): a code printed for another camp
        run, or on another laptop, is not."""
        expected = self.seal_for(camp=camp, team=self.team, round_number=self.round_number, secret=secret)
        return hmac.compare_digest(expected, self.seal)

    @property
    def letters(self) -> str:
        """Payload, seal and parity, without the prefix and the dashes."""
        body = _letters(_pair(self.team, self.round_number), PAYLOAD_MIN) + self.seal
        return body + ALPHABET[_parity([_VALUE[ch] for ch in body])]

    def __str__(self) -> str:
        letters = self.letters
        groups = [letters[i : i + GROUP] for i in range(0, len(letters), GROUP)]
        return "-".join([PREFIX, *groups])
