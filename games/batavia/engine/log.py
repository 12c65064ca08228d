"""The public log: what happened, as a machine code and its parameters (never as sentences).

The engine writes no words: the web layer turns each entry into a sentence in the reader's language
(:mod:`games.batavia.words`). Every parameter is public: the log is part of what every player sees.

====================  ======================================================================
code                  parameters (``player``: who acted, or None)
====================  ======================================================================
``round``             none; ``player`` is the round's auctioneer
``roll``              ``k`` (the die), ``taken`` and ``lot`` (:data:`Counts`)
``roll.more``         ``taken``, ``lot``: the rest of a short roll, after the reshuffle
``bid``               ``n``
``pass``              none
``sold``              ``lot`` (:data:`Counts`), ``bid``; ``player`` won it and starts the turns
``unsold``            ``start`` (who starts the turns); ``player`` None
``reshuffle``         ``n`` (the cards shuffled into the new deck)
``draw``              ``n`` (the cards drawn: fewer than two when the deck runs out)
``play``              ``cards`` (:data:`Counts`, the cards laid)
``seal.taken``        ``company``
``seal.returned``     ``company`` (the seal goes back to the board)
``goal``              none
``move``              ``field``, ``tile`` (``"DK-tea"``)
``reveal``            ``first``, ``last`` (the fields turned face up)
``cash_in``           ``tiles`` (``("DK-tea", ...)``), ``gold``
``pirates``           ``cannon``, ``count`` (ships sunk), ``companies`` (codes)
``end``               ``winners`` (names), ``gold``; ``player`` None
====================  ======================================================================

A code's *kind* is the part before its dot (``seal`` for both seal codes): the pages style by it.

>>> e = LogEntry(2, "Red", LogCode.SEAL_TAKEN, (("company", "DK"),))
>>> e.kind, e.param("company"), str(e.code)
('seal', 'DK', 'seal.taken')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

LogParam = int | str | tuple[int, ...] | tuple[str, ...]


class LogCode(StrEnum):
    """The codes of the public log (the table above says their parameters)."""

    ROUND = "round"
    ROLL = "roll"
    ROLL_MORE = "roll.more"
    BID = "bid"
    PASS = "pass"
    SOLD = "sold"
    UNSOLD = "unsold"
    RESHUFFLE = "reshuffle"
    DRAW = "draw"
    PLAY = "play"
    SEAL_TAKEN = "seal.taken"
    SEAL_RETURNED = "seal.returned"
    GOAL = "goal"
    MOVE = "move"
    REVEAL = "reveal"
    CASH_IN = "cash_in"
    PIRATES = "pirates"
    END = "end"


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One entry of the public log: the round, who acted (or None), the code and its parameters
    (pairs, so that an entry, and a state holding it, stays hashable)."""

    round: int
    player: str | None
    code: LogCode
    params: tuple[tuple[str, LogParam], ...] = ()

    @property
    def kind(self) -> str:
        return self.code.partition(".")[0]

    def param(self, key: str) -> LogParam:
        """The parameter ``key`` (:class:`KeyError` when this code has none of that name)."""
        for k, v in self.params:
            if k == key:
                return v
        raise KeyError(key)
