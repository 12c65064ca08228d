"""The words of a team's orders: where a problem sits ("Loď 2, krok 3"), and the text of every
problem and warning, one table entry per engine code (the engine gives codes and values only)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from games.islands.engine.hexes import Hex
from games.islands.engine.notation import Alphabet
from games.islands.engine.orders import Breach, ProblemCode
from games.islands.engine.sheet import LocatedProblem, SheetCode, SheetProblem
from games.islands.engine.tiles import Tile
from games.islands.engine.warnings import Caution, WarningCode

from .names import ship_label, step_label


class _Values(dict[str, object]):
    """A text's values: one the engine did not give reads "None" (as ``dict.get`` did), never fails."""

    def __missing__(self, key: str) -> object:
        return None


def where_label(
    *, field: str, ship: str | None = None, step: int | None = None, half: int | None = None
) -> str:
    """Where in the orders a problem sits, as a reader says it: "Loď C2, krok 3", "Přístav, krok 2"."""
    parts: list[str] = []
    if ship:
        parts.append(ship_label(ship))
    elif field == "harbor":
        parts.append(gettext("Harbor"))
    elif field == "fire":
        parts.append(gettext("Fire"))
    elif field in ("build", "build_cargo", "build_battleship"):
        parts.append(gettext("Building"))
    if step is not None:
        parts.append(step_label(step, half))
    return ", ".join(parts)


def with_where(where: str, text: str) -> str:
    if not where:
        return text[:1].upper() + text[1:]
    return gettext("%(where)s: %(what)s") % {"where": where, "what": text}


# ------------------------------------------------------------------------------------ problems

#: The engine's problems of a team's orders, without the "where" part (values: the problem's).
BREACH_TEXTS: dict[ProblemCode, Promise] = {
    ProblemCode.UNKNOWN_TEAM: _("there is no team %(team)s"),
    ProblemCode.NEGATIVE_AP: _("action points cannot be negative (%(ap)s)"),
    ProblemCode.NEGATIVE_BUILD: _("the number of ships to build cannot be negative (%(count)s)"),
    ProblemCode.BUILD_COST: _("the ships cost %(cost)s AP but the team has only %(ap)s AP this round"),
    ProblemCode.CARGO_LIMIT: _(
        "the team has %(have)s cargo ships; %(build)s more would pass the limit of %(limit)s"
    ),
    ProblemCode.BATTLESHIP_LIMIT: _("the team already has a battleship (at most %(limit)s)"),
    ProblemCode.UNKNOWN_SHIP: _("the team has no such ship (a ship built now moves from the next round)"),
    ProblemCode.DUPLICATE_ROUTE: _("two routes for one ship"),
    ProblemCode.UNKNOWN_DIRECTION: _("“%(token)s” is not a direction"),
    ProblemCode.OFF_BOARD: _("would sail off the board at %(at)s"),
    ProblemCode.BAD_HARBOR_MOVE: _("a harbor moves by + (next bay), - (previous bay) or . (stays)"),
    ProblemCode.FIRE_WITHOUT_BATTLESHIP: _(
        "the team had no battleship at the start of the round, so it cannot fire"
    ),
    ProblemCode.FIRE_OFF_BOARD: _("%(target)s is not a hex of the board"),
}

#: A ship that may not move this round, by what holds it (the engine's ``reason``).
HELD_TEXTS: dict[str, Promise] = {
    "octopus": _("the ship may not move this round: an octopus holds it"),
    "mermaid": _("the ship may not move this round: a mermaid keeps it"),
}


def _too_long(moves: str, allowed: int) -> str:
    """The steps "but the team has only <M steps>": each number with its own plural form (Czech has
    three: 1 krok, 2–4 kroky, 5 kroků), so one ``ngettext`` with two numbers would not do."""
    steps = ngettext("the team has only %(allowed)d step", "the team has only %(allowed)d steps", allowed) % {
        "allowed": allowed
    }
    return gettext("%(moves)s but %(steps)s") % {"moves": moves, "steps": steps}


def _too_long_for_seahorse(moves: str, allowed: int) -> str:
    """A seahorse ship's route: counted in moves like the route, with the steps they come from
    ("trasa má 7 tahů, ale loď s mořským koníkem má jen 6 tahů (3 kroky po 2 tazích)")."""
    steps = allowed // 2
    most = ngettext("%(n)d move", "%(n)d moves", allowed) % {"n": allowed}
    per = ngettext("%(n)d step of 2 moves", "%(n)d steps of 2 moves", steps) % {"n": steps}
    return gettext("%(moves)s but a ship with a seahorse has only %(most)s (%(per)s)") % {
        "moves": moves,
        "most": most,
        "per": per,
    }


def _route_too_long(p: Mapping[str, object]) -> str:
    length, allowed = int(str(p.get("length", 0))), int(str(p.get("allowed", 0)))
    if str(p.get("per_step", 1)) == "2":  # a seahorse's route counts moves, two to a step
        moves = ngettext("the route has %(length)d move", "the route has %(length)d moves", length)
        return _too_long_for_seahorse(moves % {"length": length}, allowed)
    # one direction a step: the route and the team's allowance are both counted in steps
    steps = ngettext("the route has %(length)d step", "the route has %(length)d steps", length)
    return _too_long(steps % {"length": length}, allowed)


def _harbor_too_long(p: Mapping[str, object]) -> str:
    length = int(str(p.get("length", 0)))
    moves = ngettext("%(length)d harbor move", "%(length)d harbor moves", length)
    return _too_long(moves % {"length": length}, int(str(p.get("allowed", 0))))


def _held(p: Mapping[str, object]) -> str:
    return str(HELD_TEXTS.get(str(p.get("reason")), HELD_TEXTS["mermaid"]))


#: The problems whose words count (plural forms) or choose: a function of the values each.
BREACH_WORDS: dict[ProblemCode, Callable[[Mapping[str, object]], str]] = {
    ProblemCode.ROUTE_TOO_LONG: _route_too_long,
    ProblemCode.HARBOR_TOO_LONG: _harbor_too_long,
    ProblemCode.SHIP_MAY_NOT_MOVE: _held,
}


def breach_text(problem: Breach, *, fire_label: str = "") -> str:
    """One engine problem of a team's orders in the active language, without the "where" part
    (``fire_label``: the target as typed, for a target off the board)."""
    values = _Values(problem.params)
    values["team"] = problem.team
    if problem.code is ProblemCode.FIRE_OFF_BOARD:
        values["target"] = fire_label or values["target"]
    words = BREACH_WORDS.get(problem.code)
    return words(values) if words is not None else str(BREACH_TEXTS[problem.code]) % values


#: What the engine's reader cannot read on a sheet (its counts, ship names and target), by code; a
#: route's token is told in :data:`ROUTE_TOKEN_TEXTS`, by the sheet's alphabet.
SHEET_TEXTS: dict[SheetCode, Promise] = {
    SheetCode.NOT_A_NUMBER: _("“%(value)s” is not a whole number of ships"),
    SheetCode.HARBOR_SYNTAX: _(
        "“%(token)s” is not a harbor move: write + (next bay), - (previous bay) or . (stay)"
    ),
    SheetCode.NOT_A_SHIP: _("This team has no ship “%(ship)s”."),
    SheetCode.FIRE_LABEL: _("“%(label)s” is not a hex of this board (A1 … %(last)s)"),
    SheetCode.FIRE_BAY: _("%(label)s is a bay: a battleship fires at a hex of the board"),
}

#: A route token that is not a direction, with the letters that are (the sheet's alphabet).
ROUTE_TOKEN_TEXTS: dict[Alphabet, Promise] = {
    Alphabet.CZECH: _("“%(token)s” is not a direction: write S SV JV J JZ SZ (S is north) or . to stay"),
    Alphabet.ENGLISH: _("“%(token)s” is not a direction: write N NE SE S SW NW or . to stay"),
}


def sheet_problem_text(problem: SheetProblem) -> str:
    """What the reader could not read on a sheet, in the active language, without the "where" part."""
    values = _Values(problem.params)
    if problem.code is SheetCode.ROUTE_SYNTAX:
        return route_token_text(str(values["token"]), Alphabet(str(values["alphabet"])))
    return str(SHEET_TEXTS[problem.code]) % values


def route_token_text(token: str, alphabet: Alphabet) -> str:
    return str(ROUTE_TOKEN_TEXTS[alphabet]) % {"token": token}


def located_problem_text(problem: LocatedProblem) -> str:
    """Any problem the reader names on a sheet, without the "where" part: one it could not read
    (:func:`sheet_problem_text`) or a rule's (:func:`breach_text`)."""
    if isinstance(problem, SheetProblem):
        return sheet_problem_text(problem)
    return breach_text(problem)


# ------------------------------------------------------------------------------------ warnings

#: Sailing onto a revealed danger, by its tile (any other: Poseidon's words).
DANGER_TEXTS: dict[Tile, Promise] = {
    Tile.REEFS: _("sails onto the revealed reefs at %(at)s and sinks there"),
    Tile.OCTOPUS: _("sails onto the revealed octopus at %(at)s: it stops and is held there"),
    Tile.MERMAID: _("sails onto the revealed mermaid at %(at)s: it stops and may not move next round"),
    Tile.POSEIDON: _("sails onto Poseidon at %(at)s: it stops there (the rest of the route is lost)"),
}

#: The other warnings about legal orders, without the "where" part.
CAUTION_TEXTS: dict[WarningCode, Promise] = {
    WarningCode.SHOT: _("ends at %(at)s, where the shot of %(shooter)s at %(target)s lands"),
    WarningCode.FIRE_OUT_OF_RANGE: _(
        "%(target)s is %(distance)d hexes from %(at)s, where the battleship ends: "
        "beyond 4 hexes the shot is lost"
    ),
    WarningCode.FIRE_FROM_HARBOR: _("the battleship ends in the harbor, so it does not fire at %(target)s"),
    WarningCode.AP_LEFT: ngettext_lazy(
        "%(n)d step is used by no route: its AP is lost",
        "%(n)d steps are used by no route: their AP are lost",
        "n",
    ),
    WarningCode.NO_ORDERS: ngettext_lazy(
        "no orders handed in: the team's %(n)d AP is lost and its ships stay",
        "no orders handed in: the team's %(n)d AP are lost and its ships stay",
        "n",
    ),
}


def caution_text(warning: Caution, *, label: Callable[[Hex], str]) -> str:
    """One warning about a team's legal orders in the active language, without the "where" part
    (``label`` names a hex of the board)."""
    values = {
        "at": label(warning.at) if warning.at is not None else "",
        "target": label(warning.target) if warning.target is not None else "",
        "shooter": warning.shooter,
        "distance": warning.number,
        "n": warning.number,
    }
    if warning.code is WarningCode.DANGER:
        return str(DANGER_TEXTS.get(warning.tile or Tile.POSEIDON, DANGER_TEXTS[Tile.POSEIDON])) % values
    return str(CAUTION_TEXTS[warning.code] % values)  # a lazy plural reads its number from values
