"""The words of a round file's problems (``zlate-ostrovy/1``), one table entry per engine code.
Values from the file are shown as the file has them."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from camp.backups.file_words import json_reason
from games.islands.engine.orders import Breach, ProblemCode
from games.islands.engine.scenario import ScenarioProblem
from games.islands.engine.scenario import ScenarioProblemCode as C

from .names import step_label
from .orders import breach_text


class _Values(dict[str, object]):
    """A problem's values; one the engine did not give reads "None" (as ``dict.get`` did)."""

    def __missing__(self, key: str) -> object:
        return None


#: The problems of a round file, without their path (the values: the problem's; ``value`` is the
#: file's own text of a value, ``shown``).
FILE_PROBLEM_TEXTS: dict[C, Promise] = {
    C.TOO_DEEP: _("not valid JSON (nested too deeply)"),
    C.NUMBER_TOO_LONG: _("not valid JSON: a number has more than %(limit)s digits"),
    C.NOT_LIST: _("must be a list ([…])"),
    C.NOT_STRING: _("must be a string (text in quotes)"),
    C.NOT_INTEGER: _("must be a whole number"),
    C.NOT_BOOLEAN: _("must be true or false"),
    C.TOO_SMALL: _("must be at least %(minimum)s"),
    C.UNKNOWN_KEY: _("unknown key: the zlate-ostrovy/1 format has no such item"),
    C.MISSING: _("is missing"),
    C.WRONG_FORMAT: _("must be “%(format)s”"),
    C.BAD_SIDE: _(
        "the side of the board must be a whole number from %(minimum)s to %(maximum)s, not “%(value)s”"
    ),
    C.BAD_LABEL: _("“%(label)s” is neither a hex nor a bay of a board of side %(side)s"),
    C.NOT_BOARD_HEX: _("%(label)s is a bay, not a hex of the board"),
    C.NOT_BOARD_HEX_NOR_HARBOR: _("%(label)s is neither a hex of the board nor the team's harbor"),
    C.NOT_BAY: _("%(label)s is not a bay (a harbor lies in a bay: Z1, Z2, …)"),
    C.SAME_HEX: _("names the same hex as hexes.%(other)s"),
    C.NOT_TILE: _("“%(value)s” is not a tile (%(tiles)s)"),
    C.CHESTS_NOT_TREASURE: _("only a treasure holds chests"),
    C.BAD_TEAM_NAME: _("a team name must be unique, non-empty and without dots"),
    C.BAD_SHIP_ID: _("a ship id is C1…C6 or B, each at most once per team"),
    C.CHESTS_DO_NOT_FIT: _("too many chests (%(chests)s): the ship has room for %(room)s"),
    C.OCTOPUS_IN_HARBOR: _("no octopus holds a ship in its harbor"),
    C.BAD_PIRATE_ID: _("a pirate ship's id is P1, P2, …, each once"),
    C.PIRATE_MOVES: _("a pirate ship gets %(expected)s moves, not %(count)s"),
    C.NOT_DIRECTION: _("“%(value)s” is not a direction (write N NE SE S SW NW: S is south)"),
    C.UNKNOWN_TEAM: _("there is no team %(team)s"),
    C.ROUTE_TOKEN: _("move %(position)s “%(token)s” is not a direction: write N NE SE S SW NW or . to stay"),
    C.HARBOR_TOKEN: _(
        "move %(position)s “%(token)s” is not a harbor move: write + (next bay), - (previous bay) or . (stay)"
    ),
    C.NOT_DRAW_KEY: _("not a draw key (PIRATE.shot, PIRATE.redraw, TEAM.SHIP.rum, TEAM.B.shot)"),
    C.INVALID_STATE: _("the game state breaks the rules: %(detail)s"),
}

#: A ship of the wrong kind for its id, by the kind it is.
SHIP_KIND_TEXTS: dict[str, Promise] = {
    "battleship": _("ship %(ship)s is a battleship"),
    "cargo": _("ship %(ship)s is a cargo ship"),
}


def _not_json(problem: ScenarioProblem, p: _Values) -> str:
    return gettext("not valid JSON (line %(line)s, column %(column)s: %(reason)s)") % {
        **p,
        "reason": json_reason(str(p.get("detail", ""))),
    }


def _not_object(problem: ScenarioProblem, p: _Values) -> str:
    if not problem.path:
        return gettext("the file must be a JSON object ({…})")
    return gettext("must be a JSON object ({…})")


def _wrong_ship_kind(problem: ScenarioProblem, p: _Values) -> str:
    return str(SHIP_KIND_TEXTS["battleship" if p["kind"] == "battleship" else "cargo"] % p)


def _illegal_orders(problem: ScenarioProblem, p: _Values) -> str:
    order = problem.order_problem
    if order is None:  # pragma: no cover - the reader gives every illegal order its breach
        return problem.message
    text = breach_text(order)
    if order.step is None:
        return text
    return gettext("%(what)s (%(where)s)") % {"what": text, "where": step_label(order.step, order.half)}


#: The problems whose words depend on more than their values.
FILE_PROBLEM_WORDS: dict[C, Callable[[ScenarioProblem, _Values], str]] = {
    C.NOT_JSON: _not_json,
    C.NOT_OBJECT: _not_object,
    C.WRONG_SHIP_KIND: _wrong_ship_kind,
    C.ILLEGAL_ORDERS: _illegal_orders,
}


def scenario_problem_text(problem: ScenarioProblem) -> str:
    """One problem of a round file in the active language, without its path (see
    :func:`scenario_problem_line`)."""
    values = _Values(problem.params)
    values["value"] = values["shown"]
    words = FILE_PROBLEM_WORDS.get(problem.code)
    if words is not None:
        return words(problem, values)
    return str(FILE_PROBLEM_TEXTS[problem.code] % values)


def scenario_problem_line(problem: ScenarioProblem) -> str:
    """``orders.red.routes.C2: <what>`` in the active language; the path is the file's own key."""
    text = scenario_problem_text(problem)
    if not problem.path:
        return text[:1].upper() + text[1:]
    return f"{problem.path}: {text}"


#: A round file's illegal order in the file's own English, for the command line (``islands_scenario``
#: prints these, as docs/formats/islands-scenario.md shows: ``orders.red.routes.C2: step 3 leaves the
#: board at A1``). Not translated: outside tools read them. Pages use :func:`.orders.breach_text`.
BREACH_FILE_TEXTS: dict[ProblemCode, str] = {
    ProblemCode.UNKNOWN_TEAM: "there is no team {team}",
    ProblemCode.NEGATIVE_AP: "action points cannot be negative ({ap})",
    ProblemCode.NEGATIVE_BUILD: "cannot build a negative number of ships ({count})",
    ProblemCode.BUILD_COST: "the ships cost {cost} AP but the team has {ap}",
    ProblemCode.CARGO_LIMIT: "{have} cargo ships and {build} more would pass the limit of {limit}",
    ProblemCode.BATTLESHIP_LIMIT: "{have} battleships and {build} more would pass the limit of {limit}",
    ProblemCode.UNKNOWN_SHIP: "the team has no ship {ship} (a ship built now moves from the next round)",
    ProblemCode.DUPLICATE_ROUTE: "two routes for {ship}",
    ProblemCode.SHIP_MAY_NOT_MOVE: "step {step}: {ship} may not move this round ({reason})",
    ProblemCode.ROUTE_TOO_LONG: "the route has {length} tokens but the team has {allowed}",
    ProblemCode.UNKNOWN_DIRECTION: "step {step}: {token!r} is not a direction",
    ProblemCode.OFF_BOARD: "step {step} leaves the board at {at}",
    ProblemCode.HARBOR_TOO_LONG: "{length} harbor moves but the team has {allowed} steps",
    ProblemCode.BAD_HARBOR_MOVE: "step {step}: a harbor moves by +1, -1 or 0, not {move}",
    ProblemCode.FIRE_WITHOUT_BATTLESHIP: "the team had no battleship at the start of the round",
    ProblemCode.FIRE_OFF_BOARD: "the target {target} is not a board hex",
}


def breach_file_line(breach: Breach) -> str:
    """``orders.red.routes.C2: step 3 leaves the board at A1``: an illegal order of a round file as
    the command line prints it."""
    values: dict[str, object] = {"team": breach.team, "ship": breach.ship, "step": breach.step_text}
    values.update(breach.params)
    return f"{breach.path}: {BREACH_FILE_TEXTS[breach.code].format(**values)}"
