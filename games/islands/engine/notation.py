"""How a team's orders are written: the letters of the six directions (:class:`Alphabet`), ship
ids (:class:`ShipId`), routes (:class:`Route`) and harbor moves (:class:`HarborMoves`). Each is read
from text and prints itself back; nothing else in the house parses or prints them.

Routes are written one token per step, ``.`` for "stay". Files and code use the English letters;
the Czech sheets use their own, where "S" (sever) is north. A route is always read in the alphabet
it was written in:

>>> Route.parse("N N . NE")
('N', 'N', None, 'NE')
>>> Route.parse("S SV . J", Alphabet.CZECH)
('N', 'NE', None, 'S')
>>> Route.parse("N SE .").text(Alphabet.CZECH)
'S JV .'
>>> HarborMoves.parse("+ . -"), str(HarborMoves.from_sheet("++-"))
((1, 0, -1), '+ + -')
>>> sorted((ShipId.parse(s) for s in ("B", "C2", "C1")), key=sheet_order)
['C1', 'C2', 'B']

:class:`Route` and :class:`HarborMoves` are tuples (immutable, as the engine reads them: a step at
an index, a slice, a length) and a :class:`ShipId` is a ``str``, so the engine never converts them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum
from itertools import takewhile

from .hexes import DIRECTION_NAMES

#: One token of a route: a direction name (``N NE SE S SW NW``) or None for "stay".
RouteStep = str | None

STAY = "."
HARBOR_TOKENS: dict[str, int] = {"+": 1, "-": -1, STAY: 0}
_HARBOR_TEXT: dict[int, str] = {1: "+", -1: "-", 0: STAY}
#: The Czech letters of the directions. Czech "S" (sever) is north: never mix the two alphabets.
_CZECH_LETTERS: dict[str, str] = {"N": "S", "NE": "SV", "SE": "JV", "S": "J", "SW": "JZ", "NW": "SZ"}


class RouteSyntaxError(ValueError):
    """A route or harbor text with a token that is not a direction (or ``+ - .``)."""

    def __init__(self, text: str, position: int, token: str, allowed: Iterable[str]) -> None:
        self.text, self.position, self.token = text, position, token
        self.allowed = tuple(allowed)
        super().__init__(f"token {position} {token!r} is not one of {' '.join(self.allowed)}")


class ShipIdError(ValueError):
    """A text that is no ship id (``C1`` … ``C6``, ``B``, ``P1`` …)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a ship id")


class Alphabet(StrEnum):
    """The letters routes are written in: a camp's sheets' (its ``route_letters``), or a page's
    language for a direction named in a sentence. The value is the language code."""

    CZECH = "cs"
    ENGLISH = "en"

    def letter(self, direction: str) -> str:
        """``N`` written in this alphabet: ``S`` in Czech, ``N`` in English."""
        return _CZECH_LETTERS[direction] if self is Alphabet.CZECH else direction

    @property
    def letters(self) -> tuple[str, ...]:
        """The six letters, north first, clockwise."""
        return tuple(self.letter(d) for d in DIRECTION_NAMES)

    @property
    def tokens(self) -> Mapping[str, RouteStep]:
        """Every token a route in this alphabet may have (upper case), with the step it means."""
        return _TOKENS[self]


_TOKENS: dict[Alphabet, dict[str, RouteStep]] = {
    a: {STAY: None, **{a.letter(d): d for d in DIRECTION_NAMES}} for a in Alphabet
}


def spaced_sheet_text(text: str, *, harbor: bool = False) -> str:
    """What a team wrote on its sheet, as the parsers read it: commas and semicolons separate tokens
    like spaces, and a harbor run without spaces (``++-.``) is one token per character.

    >>> spaced_sheet_text("S, SV;J"), spaced_sheet_text("++-.", harbor=True)
    ('S  SV J', '+ + - .')
    """
    text = text.replace(",", " ").replace(";", " ").strip()
    if harbor and text and " " not in text and len(text) > 1 and set(text) <= set(HARBOR_TOKENS):
        text = " ".join(text)
    return text


class Route(tuple[RouteStep, ...]):
    """One ship's route: a direction (or None, "stay") per token, read in an alphabet."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str, alphabet: Alphabet = Alphabet.ENGLISH) -> Route:
        """A route as files (English letters) or sheets (``alphabet``) write it; raises
        :class:`RouteSyntaxError` at the first token that is not a letter of the alphabet."""
        table = alphabet.tokens
        steps: list[RouteStep] = []
        for position, token in enumerate(text.split(), start=1):
            key = token.upper()
            if key not in table:
                raise RouteSyntaxError(text, position, token, table)
            steps.append(table[key])
        return cls(steps)

    @classmethod
    def from_sheet(cls, text: str, alphabet: Alphabet) -> Route:
        """A route as a team wrote it on its sheet (commas, semicolons: :func:`spaced_sheet_text`)."""
        return cls.parse(spaced_sheet_text(text), alphabet)

    @classmethod
    def leading(cls, text: str, alphabet: Alphabet) -> Route:
        """The route up to its first token that is not a letter of ``alphabet`` (a typo), as far
        as it can be drawn."""
        table = alphabet.tokens
        tokens = takewhile(lambda t: t.upper() in table, spaced_sheet_text(text).split())
        return cls(table[t.upper()] for t in tokens)

    def text(self, alphabet: Alphabet = Alphabet.ENGLISH) -> str:
        """The route written in ``alphabet`` (English: as files store it)."""
        return " ".join(STAY if s is None else alphabet.letter(s) for s in self)

    def __str__(self) -> str:
        return self.text()


class HarborMoves(tuple[int, ...]):
    """A harbor's moves, one per step: ``+`` (+1) next bay, ``-`` (-1) previous bay, ``.`` (0) stay."""

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> HarborMoves:
        """One token each, spaced; raises :class:`RouteSyntaxError` at a token that is none."""
        moves: list[int] = []
        for position, token in enumerate(text.split(), start=1):
            if token not in HARBOR_TOKENS:
                raise RouteSyntaxError(text, position, token, HARBOR_TOKENS)
            moves.append(HARBOR_TOKENS[token])
        return cls(moves)

    @classmethod
    def from_sheet(cls, text: str) -> HarborMoves:
        """Moves as a team wrote them (``++-.`` without spaces too: :func:`spaced_sheet_text`)."""
        return cls.parse(spaced_sheet_text(text, harbor=True))

    def text(self) -> str:
        return " ".join(_HARBOR_TEXT[m] for m in self)

    def __str__(self) -> str:
        return self.text()


_SHIP_ID = re.compile(r"([CP])([1-9][0-9]*)|B")
#: Ships in the order the sheets list them: cargo ships by number, then the battleship, then pirates.
_SHEET_RANK = {"C": 0, "B": 1, "P": 2}


class ShipId(str):
    """A ship's id: ``C1`` … ``C6`` (a team's cargo ships), ``B`` (its battleship), ``P1`` … (pirate
    ships). Made only of a text that is one (:meth:`parse`, or the constructor, which checks alike).

    It is its own text (a ``str``, as :class:`Route` is a tuple): it compares, hashes, prints and
    goes into JSON as the id written, so rows, round files and the engine's dictionaries never
    convert it, while a signature that asks for a ``ShipId`` takes no unchecked text. It sorts as
    text; :attr:`sort_key` (and :func:`sheet_order`) gives the sheets' order, C1 … C6, then B.
    """

    __slots__ = ()

    def __new__(cls, text: str) -> ShipId:
        if _SHIP_ID.fullmatch(text) is None:
            raise ShipIdError(text)
        return super().__new__(cls, text)

    @classmethod
    def parse(cls, text: str) -> ShipId:
        """The id ``text`` writes; raises :class:`ShipIdError` when it is none."""
        return text if isinstance(text, ShipId) else cls(text)

    @classmethod
    def read(cls, text: str) -> ShipId | None:
        """The id in ``text``, or None when it is none (a text typed in a form)."""
        try:
            return cls.parse(text)
        except ShipIdError:
            return None

    @classmethod
    def cargo_ship(cls, number: int) -> ShipId:
        """``C3``: a team's cargo ship number ``number``."""
        return cls(f"C{number}")

    @classmethod
    def pirate_ship(cls, number: int) -> ShipId:
        """``P2``: the pirate ship number ``number``."""
        return cls(f"P{number}")

    @property
    def kind(self) -> str:
        """``C`` (cargo), ``B`` (battleship) or ``P`` (pirate)."""
        return self[0]

    @property
    def number(self) -> int:
        """The number in the id (the battleship's is 0)."""
        return int(self[1:]) if len(self) > 1 else 0

    @property
    def battleship(self) -> bool:
        return self.kind == "B"

    @property
    def cargo(self) -> bool:
        return self.kind == "C"

    @property
    def pirate(self) -> bool:
        return self.kind == "P"

    @property
    def sort_key(self) -> tuple[int, int]:
        return _SHEET_RANK[self.kind], self.number


def who_text(team: str | None, ship: str) -> str:
    """The round file's "who" of a ship: ``red.C2`` (a team's ship), ``P1`` (a pirate), ``red``
    (the team itself: ``ship`` empty)."""
    if not team:
        return ship
    return f"{team}.{ship}" if ship else team


def who_parts(who: str) -> tuple[str, str]:
    """The team and the ship of a "who" (:func:`who_text`): ``red.C2`` -> ``("red", "C2")``,
    ``P1`` -> ``("", "P1")``. A team name has no dot, so the last dot parts them."""
    team, _dot, ship = who.rpartition(".")
    return team, ship


def is_pirate_id(text: str) -> bool:
    """Whether ``text`` is a pirate ship's id (``P1``, ``P2``, …)."""
    ship = ShipId.read(text)
    return ship is not None and ship.pirate


def sheet_order(ident: str) -> tuple[int, int, str]:
    """A sort key for ship ids as text, in the sheets' order (C1 … C6, then B); a text that is no
    ship id sorts last, by its text."""
    ship = ShipId.read(ident)
    return (*ship.sort_key, "") if ship is not None else (len(_SHEET_RANK), 0, ident)


class CountSyntaxError(ValueError):
    """A number of ships to build that is not a whole number (of at most three digits)."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(f"{text!r} is not a whole number of ships")


def parse_count(text: str) -> int:
    """A number of ships as written on a sheet: digits (at most three), blank for none.

    >>> parse_count(" 2 "), parse_count("")
    (2, 0)
    """
    text = text.strip()
    if not text:
        return 0
    if text.isascii() and text.isdigit() and len(text) <= 3:
        return int(text)
    raise CountSyntaxError(text)
