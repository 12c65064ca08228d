"""The words of a rehearsal of the game (zkouška hry): its verdict and its problems, tables keyed by
the simulator's codes (``games.islands.engine.rehearsal``), the styles of play and the places in
the order of choosing the bays, and the numbers as a page prints them (a share with its interval).

Each code has a sentence with the figures its ``params`` carry and a plain one without them: a code
whose params lack a figure (an older report, a new parameter) still reads as a whole sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.islands.engine.rehearsal.judge import TOLERANCE

from .names import SIDE_NAMES
from .numbers import in_number


@dataclass(frozen=True)
class Sentence:
    """A code's words: ``full`` with the figures of its params (``%(name)s``), ``plain`` without."""

    full: Promise
    plain: Promise
    #: Whether the code says the board is fine (a verdict) or the words warn.
    good: bool = False


@dataclass(frozen=True)
class Verdict:
    """A verdict's words (``zlate-ostrovy-rehearsal/2``): the sentence with its figures by what the
    share is, ``"side ahead"``, ``"order behind"``, … (the first of "<kind> <direction>", "<kind>"
    found; Czech verbs agree with a side, one, or the teams of a place in the order, many), and the
    plain sentence without them. ``tone``: good (fair), doubt (rehearse more) or bad (unfair)."""

    full: Mapping[str, Promise]
    plain: Promise
    tone: str = "bad"


#: The verdict on a board (the simulator's ``judge.VERDICTS``), best first. Each names the share of
#: the games won furthest from its fair share (or the unfair one), for the style of play it was.
VERDICT_TEXTS: dict[str, Verdict] = {
    "proven_fair": Verdict(
        {
            "any": _(
                "Proven fair: for every style of play every share of the games won is within "
                "%(points)s points of its fair share, beyond doubt (simulated camps per style: %(camps)s). "
                "The furthest: %(who)s, %(share)s of the games (%(interval)s) against a fair "
                "%(fair_share)s (style: %(style)s)."
            )
        },
        _("Proven fair: every side wins its fair share of the games, for every style of play."),
        tone="good",
    ),
    "fair": Verdict(
        {
            "any": _(
                "Fair, not proven yet: no share of the games won is %(points)s points or more from its "
                "fair share. The furthest: %(who)s, %(share)s of the games (%(interval)s) against a fair "
                "%(fair_share)s (style: %(style)s). Simulated camps per style: %(camps)s; about "
                "%(camps_to_prove)s would prove it."
            )
        },
        _(
            "Fair, not proven yet: no side wins far more or far less than its fair share. Rehearse more "
            "camps to prove it."
        ),
        tone="good",
    ),
    "unsure": Verdict(
        {
            "any ahead": _(
                "Not sure yet: %(who)s, %(share)s of the games (%(interval)s) against a fair "
                "%(fair_share)s (style: %(style)s): too often, or by chance? Rehearse more camps."
            ),
            "any behind": _(
                "Not sure yet: %(who)s, only %(share)s of the games (%(interval)s) against a fair "
                "%(fair_share)s (style: %(style)s): held back, or by chance? Rehearse more camps."
            ),
        },
        _(
            "Not sure yet: a share of the games won is far from its fair share, but that may be chance. "
            "Rehearse more camps."
        ),
        tone="doubt",
    ),
    "unfair_choice": Verdict(
        {
            "order ahead": _(
                "Unfair: the teams that chose their bay %(nth)s win too often, %(share)s of the games "
                "(%(interval)s) against a fair %(fair_share)s (style: %(style)s)."
            ),
            "order behind": _(
                "Unfair: the teams that chose their bay %(nth)s are held back, winning only %(share)s "
                "of the games (%(interval)s) against a fair %(fair_share)s (style: %(style)s)."
            ),
        },
        _(
            "Unfair: the teams of one place in the order of choosing the bays win far too often or far "
            "too seldom."
        ),
    ),
    "unfair_side": Verdict(
        {
            "side ahead": _(
                "Unfair: side %(side)s wins too often, %(share)s of the games (%(interval)s) against "
                "a fair %(fair_share)s (style: %(style)s)."
            ),
            "side behind": _(
                "Unfair: side %(side)s is held back, winning only %(share)s of the games "
                "(%(interval)s) against a fair %(fair_share)s (style: %(style)s)."
            ),
        },
        _("Unfair: one side wins far too often or far too seldom."),
    ),
}

#: The verdicts of a report of the older format (``zlate-ostrovy-rehearsal/1``, kept in the
#: database from before the judge of format /2): read as they were judged then.
OLD_VERDICT_TEXTS: dict[str, Sentence] = {
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

#: The styles of play (the simulator's bots; "mixed": the planner and the greedy bot by seat).
STYLE_NAMES: dict[str, Promise] = {
    "planner": _("the planner"),
    "greedy": _("the greedy bot"),
    "novice": _("the novice"),
    "mixed": _("mixed (the planner and the greedy bot)"),
}

#: A place in the order the teams of a side choose their bays: "the teams that chose their bay
#: first" (a side has at most four teams: twelve teams on three sides).
ORDINALS: dict[int, Promise] = {
    1: pgettext_lazy("chose their bay …", "first"),
    2: pgettext_lazy("chose their bay …", "second"),
    3: pgettext_lazy("chose their bay …", "third"),
    4: pgettext_lazy("chose their bay …", "fourth"),
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
        _("%(in_share)s of the team-rounds a team has AP but nothing useful to do."),
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


def in_percent(share: object) -> str:
    """A share after "in": "ve 22 %", "v 5 %" (:func:`.numbers.in_number`); "–" for none."""
    if isinstance(share, bool) or not isinstance(share, int | float):
        return "–"
    return in_number(round(100 * share), percent(share))


def decimal(value: object, places: int = 1) -> str:
    """A mean as a page prints it (``6,1`` in Czech); "–" for none."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return "–"
    return number_format(round(float(value), places), decimal_pos=places)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def whole(value: object) -> str:
    """A count as a page prints it, grouped (``3 000`` in Czech, ``3,000`` in English)."""
    return number_format(value, force_grouping=True) if _number(value) else "–"


def interval(low: object, high: object) -> str:
    """A share's 95 % interval: ``31–37 %``; "–" for none."""
    if not (_number(low) and _number(high)):
        return "–"
    assert isinstance(low, int | float) and isinstance(high, int | float)
    return gettext("%(low)s–%(high)s%%") % {
        "low": number_format(round(100 * low)),
        "high": number_format(round(100 * high)),
    }


def share_with_interval(share: object, low: object = None, high: object = None) -> str:
    """``34 % (31–37 %)``: a share with its interval (only the share when the report has none)."""
    if not (_number(low) and _number(high)):
        return percent(share)
    return f"{percent(share)} ({interval(low, high)})"


def side_name(side: object) -> str:
    """``bottom`` -> "dolní (jih)"; an unknown side as it is."""
    name = SIDE_NAMES.get(str(side))
    return str(name) if name is not None else str(side)


def style_name(style: object) -> str:
    """``greedy`` -> "hladový bot"; an unknown style as it is."""
    name = STYLE_NAMES.get(str(style))
    return str(name) if name is not None else str(style)


def ordinal(order: object) -> str:
    """A place in the order of choosing the bays as the sentences say it: "first", "second", …"""
    name = ORDINALS.get(order) if isinstance(order, int) else None
    if name is not None:
        return str(name)
    return pgettext("chose their bay …", "in place %(order)s") % {"order": order}


def order_name(order: object) -> str:
    """A place in the order of choice as a row of a table names it: "the teams that chose their bay
    first"."""
    return gettext("the teams that chose their bay %(nth)s") % {"nth": ordinal(order)}


def _verdict_params(params: Mapping[str, object]) -> dict[str, str]:
    """A verdict's params as its sentence prints them, with the phrases made of them: ``interval``
    (of ``low`` and ``high``), ``who`` (the side, or the place in the order of choice) and ``nth``,
    and ``points``, the judge's tolerance."""
    shown: dict[str, str] = {"points": number_format(round(100 * TOLERANCE))}
    for name in ("share", "fair_share"):
        if name in params:
            shown[name] = percent(params[name])
    for name in ("camps", "camps_to_prove"):
        if name in params:
            shown[name] = whole(params[name])
    if "style" in params:
        shown["style"] = style_name(params["style"])
    if "low" in params and "high" in params:
        shown["interval"] = interval(params["low"], params["high"])
    if "order" in params:
        shown["nth"] = ordinal(params["order"])
        shown["who"] = order_name(params["order"])
    elif "side" in params:
        shown["side"] = side_name(params["side"])
        shown["who"] = gettext("side %(side)s") % {"side": shown["side"]}
    return shown


def verdict_text(code: str, params: Mapping[str, object]) -> str:
    """The verdict in words: "Nespravedlivý: strana pravá (severovýchod) vyhrává příliš často, 41 %
    her (37–45 %) místo spravedlivých 33 % (styl hry: hladový bot)."; the plain sentence when a
    figure is missing, an unknown code as it is."""
    words = VERDICT_TEXTS.get(code)
    if words is None:
        return code
    kind = "order" if "order" in params else "side"
    direction = str(params.get("direction", ""))
    keys = (f"{kind} {direction}", kind, f"any {direction}", "any")
    full = next((words.full[key] for key in keys if key in words.full), None)
    if full is None:
        return str(words.plain)
    try:
        return str(full) % _verdict_params(params)
    except (KeyError, TypeError, ValueError):
        return str(words.plain)


def verdict_tone(code: str) -> str:
    """How a verdict reads: "good" (fair), "doubt" (rehearse more), "bad" (unfair); "" unknown."""
    words = VERDICT_TEXTS.get(code)
    return words.tone if words is not None else ""


def old_verdict_text(code: str, params: Mapping[str, object]) -> str:
    """The verdict of a report of the older format (``zlate-ostrovy-rehearsal/1``), as it was judged."""
    return _sentence(OLD_VERDICT_TEXTS, code, params)


def old_verdict_tone(code: str) -> str:
    words = OLD_VERDICT_TEXTS.get(code)
    return "" if words is None else "good" if words.good else "bad"


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
    if "share" in params:
        shown["in_share"] = in_percent(params["share"])
    try:
        text = str(words.full) % shown
        return text[:1].upper() + text[1:]  # a sentence may open with "in 22 %"
    except (KeyError, TypeError, ValueError):
        return str(words.plain)


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
