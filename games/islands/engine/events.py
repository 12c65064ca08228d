"""What a round hands back: the event log, the pending choices and hints, and the standings."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .hexes import BoardGeometry, Hex
from .notation import who_text
from .rng import NO_DRAWS, Draws
from .state import GameState

DetailValue = str | int | bool


class Visibility(StrEnum):
    """Who may learn of an event: everyone, the acting team only, or the staff only."""

    PUBLIC = "public"
    TEAM = "team"
    STAFF = "staff"


class What(StrEnum):
    """The short machine words of the event log (the round file's ``what``)."""

    BUILD = "build"
    HARBOR = "harbor"  # a harbor moved one bay
    REVEAL = "reveal"
    LOAD = "load"
    DELIVER = "deliver"
    SINK = "sink"
    STOP = "stop"  # Poseidon or a mermaid stopped a ship
    HOLD = "hold"  # an octopus holds a ship
    FREE = "free"
    TELESCOPE = "telescope"
    MAP = "map"
    FOUND = "found"  # a found cargo ship appeared
    FOUND_LOST = "found-lost"  # … or did not, the team having 6 already
    BOAT = "boat"
    RUM = "rum"
    RUM_MOVE = "rum-move"  # a rum-struck ship's random direction (staff only)
    SEAHORSE = "seahorse"
    PIRATE = "pirate"  # a pirate ship was placed on a pirates tile
    REDRAW = "redraw"  # a pirate's drawn move would leave the board (staff only)
    CONVERT = "convert"  # a team ship turned pirate
    SHOT = "shot"
    SHOT_LOST = "shot-lost"  # out of range, in a peace zone, or in the harbor
    HIT = "hit"
    HOME = "home"  # Poseidon carried a ship home
    HINT = "hint"


@dataclass(frozen=True)
class Event:
    """One line of the round's log.

    ``step`` is 0 for what happens before movement (builds) and ``steps + 1`` for what happens
    after it (conversions, shooting, end of the round); ``half`` is 1 or 2. ``team`` and ``actor``
    say who: ``("red", "C2")`` a ship, ``("red", "")`` the team itself, ``(None, "P1")`` a pirate.
    ``visibility`` says who may read it: everyone, ``team`` only (hints, bonuses, telescopes) or
    the staff only (pirate redraws, rum directions); the round file's ``private`` is "not public".
    ``detail`` adds structured facts (``("tile", "treasure")``, ``("chests", 2)``, ``("by", "P1")``).
    """

    step: int
    half: int
    what: What
    at: Hex
    team: str | None
    actor: str
    visibility: Visibility = Visibility.PUBLIC
    detail: tuple[tuple[str, DetailValue], ...] = ()

    @property
    def private(self) -> bool:
        return self.visibility is not Visibility.PUBLIC

    @property
    def who(self) -> str:
        """``red.C2``, ``red`` or ``P1``, as in the round file."""
        return who_text(self.team, self.actor)

    def get(self, key: str) -> DetailValue | None:
        for k, v in self.detail:
            if k == key:
                return v
        return None


@dataclass(frozen=True)
class PendingTelescope:
    """A telescope choice the team still has to make (rules: entered by staff after resolving)."""

    team: str
    ship: str

    @property
    def who(self) -> str:
        return who_text(self.team, self.ship)


@dataclass(frozen=True)
class MapHint:
    """A map's hint for one ship: the 16-point compass ``point`` from ``origin`` towards treasure.

    ``treasure`` is the hex the hint points at: for the staff only, never for a team's eyes.
    """

    team: str
    ship: str
    origin: Hex
    treasure: Hex
    point: str

    @property
    def who(self) -> str:
        return who_text(self.team, self.ship)


@dataclass(frozen=True)
class Standing:
    team: str
    delivered: int
    ap_total: int


@dataclass(frozen=True)
class RoundResult:
    """The state after a round and everything that the round told."""

    state: GameState
    events: tuple[Event, ...]
    telescopes: tuple[PendingTelescope, ...]
    hints: tuple[MapHint, ...]
    standings: tuple[Standing, ...]
    #: Chests that went down with ships this round (sunk, hit or turned pirate): out of the game.
    chests_lost: int = 0
    #: Every random draw the round consumed, fixed or drawn, per key in order (staff only): as a
    #: round file's ``draws`` they replay the round exactly, whatever round number it is read as.
    draws: Draws = NO_DRAWS


def standings(state: GameState) -> tuple[Standing, ...]:
    """Best first: more chests delivered, then fewer AP received; full ties keep the teams' order."""
    ranked = sorted(state.teams, key=lambda t: (-t.delivered, t.ap_total))
    return tuple(Standing(t.name, t.delivered, t.ap_total) for t in ranked)


def event_document(g: BoardGeometry, event: Event) -> dict[str, Any]:
    """An event as the camp stores it (``RoundResult.events``): hex labels, plain values."""
    return {
        "step": event.step,
        "half": event.half,
        "what": event.what.value,
        "at": g.label(event.at),
        "team": event.team,
        "actor": event.actor,
        "visibility": event.visibility.value,
        "detail": dict(event.detail),
    }


def revealers(events: Iterable[Event]) -> dict[Hex, str]:
    """Which team revealed each hex a round revealed (the first to do it); pirates reveal for nobody."""
    revealed_by: dict[Hex, str] = {}
    for e in events:
        if e.what is What.REVEAL and e.team is not None:
            revealed_by.setdefault(e.at, e.team)
    return revealed_by


def telescope_keys(pending: Sequence[str]) -> list[str]:
    """One key per pending telescope choice: ``red.C1``, and ``red.C1#2`` for the same ship's second.

    >>> telescope_keys(["red.C1", "blue.C1", "red.C1"])
    ['red.C1', 'blue.C1', 'red.C1#2']
    """
    seen: dict[str, int] = {}
    keys = []
    for who in pending:
        seen[who] = seen.get(who, 0) + 1
        keys.append(who if seen[who] == 1 else f"{who}#{seen[who]}")
    return keys


def telescope_ship(key: str) -> str:
    """The ship a telescope key is for: ``red.C1#2`` -> ``red.C1``."""
    return key.split("#")[0]
