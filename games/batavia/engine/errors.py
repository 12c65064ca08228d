"""Narrow errors for illegal actions and bad setups.

Every error is a :class:`ValueError` with a clear English message and a stable machine ``code``
(for the web layer to translate or react to).

>>> e = IllegalBid("too_low", "a bid must be higher than 3")
>>> isinstance(e, IllegalAction), isinstance(e, ValueError), e.code, str(e)
(True, True, 'too_low', 'a bid must be higher than 3')
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every error the engine raises on purpose."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SetupError(RulesError):
    """Bad arguments to a new game: player count, names, track, deck, auctioneer."""


class IllegalAction(RulesError):
    """An action the rules do not allow at this point."""


class NotYourTurn(IllegalAction):
    """The game waits for another player (or is over)."""


class WrongPhase(IllegalAction):
    """The action does not belong to the current step (e.g. a bid during the turns)."""


class IllegalRoll(IllegalAction):
    """A die roll outside 1 to 6."""


class IllegalBid(IllegalAction):
    """A bid below 1, not above the last bid, or beyond the bills held."""


class IllegalPlay(IllegalAction):
    """Laid cards that are not in hand or reach no majority, or a play in the end round that reaches
    no station."""


class IllegalMove(IllegalAction):
    """A move to a company without the seal or without a station ahead, or to the goal while a
    station is reachable."""


class IllegalCashIn(IllegalAction):
    """Cashing in after taking a tile of a company already held, or at the goal."""


class IllegalReshuffle(IllegalAction):
    """A reshuffle that is not the discard pile, or when none is due."""


class GameOver(IllegalAction):
    """Any action after the game ended."""
