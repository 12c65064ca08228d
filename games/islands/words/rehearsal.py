"""The words of a rehearsal of the game (zkouška hry): its verdict and its problems, tables keyed by
the simulator's codes (``games.islands.engine.rehearsal``), and the numbers as a page prints them.

Each code has a sentence with the figures its ``params`` carry and a plain one without them: a code
whose params lack a figure (an older report, a new parameter) still reads as a whole sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .names import SIDE_NAMES


@dataclass(frozen=True)
class Sentence:
    """A code's words: ``full`` with the figures of its params (``%(name)s``), ``plain`` without."""

    full: Promise
    plain: Promise
    #: Whether the code says the board is fine (a verdict) or the words warn.
    good: bool = False


#: The verdict on a board, ordered from the best (the simulator's ordering).
VERDICT_TEXTS: dict[str, Sentence] = {
    "fair": Sentence(
        _("The board is fair: no side and no bay wins far more often than the others."),
        _("The board is fair: no side and no bay wins far more often than the others."),
        good=True,
    ),
    "unfair_bay": Sentence(
        _(
            "A team in bay Z%(bay)s wins %(share)s of the games, far above a fair %(fair_share)s: "
            "the board is unfair."
        ),
        _("One bay wins far more often than the others: the board is unfair."),
    ),
    "unfair_side": Sentence(
        _("Side %(side)s wins %(share)s of the games (a fair share: %(fair_share)s): the board is unfair."),
        _("One side wins far too often: the board is unfair."),
    ),
}

#: What else a rehearsal found (any number of them per board).
PROBLEM_TEXTS: dict[str, Sentence] = {
    "treasure_gone_early": Sentence(
        _("By round %(round)s no chest is left to fetch: the rounds after it have little to play for."),
        _("Early on no chest is left to fetch: the last rounds have little to play for."),
    ),
    "treasure_left_over": Sentence(
        _("After the last round %(share)s of the treasure is still out at sea (on average)."),
        _("Much of the treasure is still out at sea after the last round."),
    ),
    "many_idle": Sentence(
        _("In %(share)s of the team-rounds a team has AP but nothing useful to do."),
        _("Teams often have AP but nothing useful to do."),
    ),
    "many_ships_lost": Sentence(
        _("%(per_team_round)s ships lost per team and round: many ships sink."),
        _("Many ships are lost."),
    ),
    "tie_break_often": Sentence(
        _("The AP tie-break decides %(share)s of the games."),
        _("The AP tie-break often decides the winner."),
    ),
}


def percent(share: object) -> str:
    """A share (0–1) as a page prints it: ``41 %`` in Czech, ``41%`` in English; "–" for none."""
    if isinstance(share, bool) or not isinstance(share, int | float):
        return "–"
    return gettext("%(percent)s%%") % {"percent": number_format(round(100 * share))}


def decimal(value: object, places: int = 1) -> str:
    """A mean as a page prints it (``6,1`` in Czech); "–" for none."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "–"
    return number_format(round(float(value), places), decimal_pos=places)


def side_name(side: object) -> str:
    """``bottom`` -> "dolní (jih)"; an unknown side as it is."""
    name = SIDE_NAMES.get(str(side))
    return str(name) if name is not None else str(side)


#: How a parameter of a code is printed, by its name (others as they are).
_PARAM_FORMATS: dict[str, Callable[[object], str]] = {
    "share": percent,
    "fair_share": percent,
    "side": side_name,
    "per_team_round": lambda value: decimal(value, 2),
    "mean": decimal,
}


def _sentence(table: Mapping[str, Sentence], code: str, params: Mapping[str, object]) -> str:
    words = table.get(code)
    if words is None:
        return code
    shown = {name: _PARAM_FORMATS.get(name, str)(value) for name, value in params.items()}
    try:
        return str(words.full) % shown
    except (KeyError, TypeError, ValueError):
        return str(words.plain)


def verdict_text(code: str, params: Mapping[str, object]) -> str:
    """The verdict in words: "Strana pravá (severovýchod) vyhrává 41 % her: plán je nespravedlivý."."""
    return _sentence(VERDICT_TEXTS, code, params)


def verdict_good(code: str) -> bool:
    words = VERDICT_TEXTS.get(code)
    return words is not None and words.good


def problem_text(code: str, params: Mapping[str, object]) -> str:
    """A problem the rehearsal found, in words."""
    return _sentence(PROBLEM_TEXTS, code, params)


#: Why the simulator refuses a rehearsal (``RehearsalSpecError``'s code), for what the form cannot
#: see: too many teams for the side, a board without treasure, a team name it cannot play.
SPEC_TEXTS: dict[str, Sentence] = {
    "team_name": Sentence(
        _("The team name “%(name)s” cannot be rehearsed: give the number of teams instead."),
        _("A team name cannot be rehearsed: give the number of teams instead."),
    ),
    "team_twice": Sentence(
        _("The team “%(name)s” is there twice: give the number of teams instead."),
        _("A team is there twice: give the number of teams instead."),
    ),
    "bays": Sentence(
        _("Too many teams (%(teams)s) for a board of side %(side)s: each side has only %(bays)s bays."),
        _("Too many teams for the board's side."),
    ),
    "board_treasure": Sentence(
        _("%(board)s has no treasure: there is nothing to rehearse."),
        _("A board has no treasure: there is nothing to rehearse."),
    ),
}


def spec_error_text(code: str, params: Mapping[str, object]) -> str:
    """Why a rehearsal cannot be played; an unforeseen code named as it is."""
    if code not in SPEC_TEXTS:
        return gettext("The rehearsal cannot be played (%(code)s).") % {"code": code}
    return _sentence(SPEC_TEXTS, code, params)
