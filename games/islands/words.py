"""How the Golden Islands' words are shown to people: tile names, short map marks, directions.
(~640 lines: the one home of the game's words, kept together so each text is found in one place.)

Everything a user reads goes through Django's translation (English source, Czech by default). The
direction letters come from the engine's own table, never through gettext, so a Czech page always
shows Czech letters (``S`` is north) and an English page English ones: the two never mix.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from django.utils.functional import Promise
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from camp.file_words import json_reason
from games.islands.engine.hexes import CZECH_COMPASS16, CZECH_DIRECTIONS, Hex
from games.islands.engine.orders import OrderProblem, ProblemCode
from games.islands.engine.scenario import ScenarioProblem, ScenarioProblemCode
from games.islands.engine.tiles import Tile
from games.islands.engine.warnings import OrderWarning, WarningCode

#: Full names, as in the glossary.
TILE_NAMES: dict[Tile, Promise] = {
    Tile.OPEN_SEA: _("open sea"),
    Tile.TELESCOPE: _("telescope"),
    Tile.MAP: _("map"),
    Tile.CARGO_SHIP: _("cargo ship"),
    Tile.BOAT: _("boat"),
    Tile.RUM: _("rum"),
    Tile.SEAHORSE: _("seahorse"),
    Tile.TREASURE: _("treasure"),
    Tile.POSEIDON: _("Poseidon"),
    Tile.OCTOPUS: _("octopus"),
    Tile.MERMAID: _("mermaid"),
    Tile.REEFS: _("reefs"),
    Tile.PEACE: _("peace zone"),
    Tile.PIRATES: _("pirates"),
}

#: Two-letter marks drawn on the map (explained by the legend under it). Open sea has none.
TILE_MARKS: dict[Tile, Promise] = {
    Tile.TELESCOPE: pgettext_lazy("map mark: telescope", "Te"),
    Tile.MAP: pgettext_lazy("map mark: map", "Ma"),
    Tile.CARGO_SHIP: pgettext_lazy("map mark: cargo ship", "CS"),
    Tile.BOAT: pgettext_lazy("map mark: boat", "Bo"),
    Tile.RUM: pgettext_lazy("map mark: rum", "Ru"),
    Tile.SEAHORSE: pgettext_lazy("map mark: seahorse", "Sh"),
    Tile.TREASURE: pgettext_lazy("map mark: treasure", "Tr"),
    Tile.POSEIDON: pgettext_lazy("map mark: Poseidon", "Po"),
    Tile.OCTOPUS: pgettext_lazy("map mark: octopus", "Oc"),
    Tile.MERMAID: pgettext_lazy("map mark: mermaid", "Me"),
    Tile.REEFS: pgettext_lazy("map mark: reefs", "Re"),
    Tile.PEACE: pgettext_lazy("map mark: peace zone", "Pz"),
    Tile.PIRATES: pgettext_lazy("map mark: pirates", "Pi"),
}

SIDE_NAMES: dict[str, Promise] = {
    "bottom": _("bottom (south)"),
    "right": _("right (north-east)"),
    "left": _("left (north-west)"),
}

# "on the … side" as a whole phrase: Czech needs the locative ("na pravé straně"), not the nominative.
SIDE_ON: dict[str, Promise] = {
    "bottom": _("on the bottom side (south)"),
    "right": _("on the right side (north-east)"),
    "left": _("on the left side (north-west)"),
}


def czech_active() -> bool:
    return (get_language() or "cs").split("-")[0] == "cs"


def direction_label(direction: str) -> str:
    """``N`` in English, ``S`` in Czech (of the six move directions)."""
    return CZECH_DIRECTIONS[direction] if czech_active() else direction


def route_letter(direction: str, notation: str) -> str:
    """``N`` as a route is written in ``notation`` (the camp's sheets' letters, not the page's
    language): ``S`` in Czech, ``N`` in English."""
    return CZECH_DIRECTIONS[direction] if notation == "cs" else direction


def notation_name(notation: str) -> str:
    """Which letters routes are in, named without repeating them (a help line lists the letters)."""
    return gettext("Czech, S is north") if notation == "cs" else gettext("English, S is south")


def compass_label(point: str) -> str:
    """A 16-point compass point in the active language (``NNE`` -> ``SSV``)."""
    return CZECH_COMPASS16[point] if czech_active() else point


def tile_name(tile: str | Tile) -> str:
    return str(TILE_NAMES[Tile(tile)])


def tile_mark(tile: str | Tile) -> str:
    return _tile_mark(Tile(tile), get_language())


@lru_cache(maxsize=128)
def _tile_mark(tile: Tile, language: str | None) -> str:
    # Once per language: a map asks for a mark on every hex, and the catalogues never change.
    return "" if tile is Tile.OPEN_SEA else str(TILE_MARKS[tile])


# ------------------------------------------------------------------------------------ orders


def ship_label(ship: str) -> str:
    """A ship's name as people read it, one that no hex label can have (a hex is a letter and a
    number, so "C1" and "B" read like hexes and columns): ``C2`` -> "Loď 2", ``B`` -> "Bitevní
    loď", ``P1`` -> "Pirátská loď 1". The ids stay those of the round file; an id that is none of
    these (typed in a form) is shown as typed."""
    if ship == "B":
        return gettext("Battleship")
    kind, number = ship[:1], ship[1:]
    if number.isdigit() and kind == "C":
        return gettext("Ship %(number)s") % {"number": number}
    if number.isdigit() and kind == "P":
        return gettext("Pirate ship %(number)s") % {"number": number}
    return ship


def ship_number(ship: str) -> str:
    """``C2`` -> "2", ``P1`` -> "1": the number in a ship's name (the id itself when it has none)."""
    number = ship[1:]
    return number if ship[:1] in ("C", "P") and number.isdigit() else ship


def ship_flags(*, seahorse: bool, mermaid: bool, octopus: bool, boat: int = 0) -> list[str]:
    """What holds or helps a ship now, for the staff pages and the team's own sheet (private)."""
    flags = []
    if seahorse:
        flags.append(gettext("seahorse: 2 moves per step"))
    if mermaid:
        flags.append(gettext("mermaid: may not move"))
    if octopus:
        flags.append(gettext("held by an octopus"))
    if boat:
        flags.append(gettext("boat: +%(n)d chest room") % {"n": boat})
    return flags


def map_hint_text(*, ship: str, point: str, found: str = "", origin: str = "") -> str:
    """A map hint as a team's sheet prints it, naming both hexes: where the ship found the map and
    where it was when the hint was worked out (its bay, its hex at sea, or the map's hex if it
    sank): "Loď 2 (mapa nalezená na D3, nápověda získaná na Z2): nejbližší poklad leží směrem S"."""
    values = {"ship": ship_label(ship), "point": compass_label(point), "found": found, "origin": origin}
    if found and origin:
        return (
            gettext(
                "%(ship)s (map found at %(found)s, hint taken at %(origin)s): "
                "the nearest treasure lies to the %(point)s"
            )
            % values
        )
    if origin:
        return (
            gettext("%(ship)s (hint taken at %(origin)s): the nearest treasure lies to the %(point)s")
            % values
        )
    return gettext("%(ship)s: the nearest treasure lies to the %(point)s") % values


def step_label(step: int, half: int | None = None) -> str:
    if half is None:
        return gettext("step %(step)d") % {"step": step}
    return gettext("step %(step)d, half-step %(half)d") % {"step": step, "half": half}


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


def order_problem_text(problem: OrderProblem, *, fire_label: str = "") -> str:
    """One engine problem of a team's orders in the active language, without the "where" part."""
    p = dict(problem.params)
    code = problem.code
    if code is ProblemCode.UNKNOWN_TEAM:
        return gettext("there is no team %(team)s") % {"team": problem.team}
    if code is ProblemCode.NEGATIVE_AP:
        return gettext("action points cannot be negative (%(ap)s)") % {"ap": p.get("ap")}
    if code is ProblemCode.NEGATIVE_BUILD:
        return gettext("the number of ships to build cannot be negative (%(count)s)") % {
            "count": p.get("count")
        }
    if code is ProblemCode.BUILD_COST:
        return gettext("the ships cost %(cost)s AP but the team has only %(ap)s AP this round") % {
            "cost": p.get("cost"),
            "ap": p.get("ap"),
        }
    if code is ProblemCode.CARGO_LIMIT:
        return gettext(
            "the team has %(have)s cargo ships; %(build)s more would pass the limit of %(limit)s"
        ) % {"have": p.get("have"), "build": p.get("build"), "limit": p.get("limit")}
    if code is ProblemCode.BATTLESHIP_LIMIT:
        return gettext("the team already has a battleship (at most %(limit)s)") % {"limit": p.get("limit")}
    if code is ProblemCode.UNKNOWN_SHIP:
        return gettext("the team has no such ship (a ship built now moves from the next round)")
    if code is ProblemCode.DUPLICATE_ROUTE:
        return gettext("two routes for one ship")
    if code is ProblemCode.SHIP_MAY_NOT_MOVE:
        if "octopus" in str(p.get("reason", "")):
            return gettext("the ship may not move this round: an octopus holds it")
        return gettext("the ship may not move this round: a mermaid keeps it")
    if code is ProblemCode.ROUTE_TOO_LONG:
        length = int(p.get("length", 0))
        if int(p.get("per_step", 1)) == 2:  # a seahorse's route counts moves, two to a step
            moves = ngettext("the route has %(length)d move", "the route has %(length)d moves", length)
            return _too_long_for_seahorse(moves % {"length": length}, int(p.get("allowed", 0)))
        # one direction a step: the route and the team's allowance are both counted in steps
        steps = ngettext("the route has %(length)d step", "the route has %(length)d steps", length)
        return _too_long(steps % {"length": length}, int(p.get("allowed", 0)))
    if code is ProblemCode.UNKNOWN_DIRECTION:
        return gettext("“%(token)s” is not a direction") % {"token": p.get("token")}
    if code is ProblemCode.OFF_BOARD:
        return gettext("would sail off the board at %(at)s") % {"at": p.get("at")}
    if code is ProblemCode.HARBOR_TOO_LONG:
        length = int(p.get("length", 0))
        moves = ngettext("%(length)d harbor move", "%(length)d harbor moves", length)
        return _too_long(moves % {"length": length}, int(p.get("allowed", 0)))
    if code is ProblemCode.BAD_HARBOR_MOVE:
        return gettext("a harbor moves by + (next bay), - (previous bay) or . (stays)")
    if code is ProblemCode.FIRE_WITHOUT_BATTLESHIP:
        return gettext("the team had no battleship at the start of the round, so it cannot fire")
    if code is ProblemCode.FIRE_OFF_BOARD:
        return gettext("%(target)s is not a hex of the board") % {"target": fire_label or p.get("target")}
    return problem.message  # pragma: no cover - every code is handled above


def order_warning_text(warning: OrderWarning, *, label: Callable[[Hex], str]) -> str:
    """One warning about a team's legal orders in the active language, without the "where" part
    (``label`` names a hex of the board)."""
    code = warning.code
    at = label(warning.at) if warning.at is not None else ""
    target = label(warning.target) if warning.target is not None else ""
    if code is WarningCode.DANGER:
        tile = warning.tile
        if tile is Tile.REEFS:
            return gettext("sails onto the revealed reefs at %(at)s and sinks there") % {"at": at}
        if tile is Tile.OCTOPUS:
            return gettext("sails onto the revealed octopus at %(at)s: it stops and is held there") % {
                "at": at
            }
        if tile is Tile.MERMAID:
            return gettext(
                "sails onto the revealed mermaid at %(at)s: it stops and may not move next round"
            ) % {"at": at}
        return gettext("sails onto Poseidon at %(at)s: it stops there (the rest of the route is lost)") % {
            "at": at
        }
    if code is WarningCode.SHOT:
        return gettext("ends at %(at)s, where the shot of %(shooter)s at %(target)s lands") % {
            "at": at,
            "shooter": warning.shooter,
            "target": target,
        }
    if code is WarningCode.FIRE_OUT_OF_RANGE:
        return gettext(
            "%(target)s is %(distance)d hexes from %(at)s, where the battleship ends: "
            "beyond 4 hexes the shot is lost"
        ) % {"target": target, "distance": warning.number, "at": at}
    if code is WarningCode.FIRE_FROM_HARBOR:
        return gettext("the battleship ends in the harbor, so it does not fire at %(target)s") % {
            "target": target
        }
    if code is WarningCode.AP_LEFT:
        return ngettext(
            "%(n)d step is used by no route: its AP is lost",
            "%(n)d steps are used by no route: their AP are lost",
            warning.number,
        ) % {"n": warning.number}
    return ngettext(
        "no orders handed in: the team's %(n)d AP is lost and its ships stay",
        "no orders handed in: the team's %(n)d AP are lost and its ships stay",
        warning.number,
    ) % {"n": warning.number}


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


def route_token_text(token: str, *, czech: bool) -> str:
    """A route token that is not a direction, with the letters that are."""
    if czech:
        return gettext("“%(token)s” is not a direction: write S SV JV J JZ SZ (S is north) or . to stay") % {
            "token": token
        }
    return gettext("“%(token)s” is not a direction: write N NE SE S SW NW or . to stay") % {"token": token}


def harbor_token_text(token: str) -> str:
    return gettext("“%(token)s” is not a harbor move: write + (next bay), - (previous bay) or . (stay)") % {
        "token": token
    }


# ------------------------------------------------------------------------------------ round files


def scenario_problem_text(problem: ScenarioProblem) -> str:
    """One problem of a round file in the active language, without its path (see
    :func:`scenario_problem_line`). Values from the file are shown as the file has them."""
    C = ScenarioProblemCode
    code = problem.code
    p = dict(problem.params)
    if code is C.NOT_JSON:
        return gettext("not valid JSON (line %(line)s, column %(column)s: %(reason)s)") % {
            "line": p.get("line"),
            "column": p.get("column"),
            "reason": json_reason(str(p.get("detail", ""))),
        }
    if code is C.TOO_DEEP:
        return gettext("not valid JSON (nested too deeply)")
    if code is C.NUMBER_TOO_LONG:
        return gettext("not valid JSON: a number has more than %(limit)s digits") % {"limit": p.get("limit")}
    if code is C.NOT_OBJECT:
        if not problem.path:
            return gettext("the file must be a JSON object ({…})")
        return gettext("must be a JSON object ({…})")
    if code is C.NOT_LIST:
        return gettext("must be a list ([…])")
    if code is C.NOT_STRING:
        return gettext("must be a string (text in quotes)")
    if code is C.NOT_INTEGER:
        return gettext("must be a whole number")
    if code is C.NOT_BOOLEAN:
        return gettext("must be true or false")
    if code is C.TOO_SMALL:
        return gettext("must be at least %(minimum)s") % {"minimum": p.get("minimum")}
    if code is C.UNKNOWN_KEY:
        return gettext("unknown key: the zlate-ostrovy/1 format has no such item")
    if code is C.MISSING:
        return gettext("is missing")
    if code is C.WRONG_FORMAT:
        return gettext("must be “%(format)s”") % {"format": p.get("format")}
    if code is C.BAD_SIDE:
        return gettext(
            "the side of the board must be a whole number from %(minimum)s to %(maximum)s, not “%(value)s”"
        ) % {
            "minimum": p.get("minimum"),
            "maximum": p.get("maximum"),
            "value": p.get("shown"),
        }
    if code is C.BAD_LABEL:
        return gettext("“%(label)s” is neither a hex nor a bay of a board of side %(side)s") % {
            "label": p.get("label"),
            "side": p.get("side"),
        }
    if code is C.NOT_BOARD_HEX:
        return gettext("%(label)s is a bay, not a hex of the board") % {"label": p.get("label")}
    if code is C.NOT_BOARD_HEX_NOR_HARBOR:
        return gettext("%(label)s is neither a hex of the board nor the team's harbor") % {
            "label": p.get("label")
        }
    if code is C.NOT_BAY:
        return gettext("%(label)s is not a bay (a harbor lies in a bay: Z1, Z2, …)") % {
            "label": p.get("label")
        }
    if code is C.SAME_HEX:
        return gettext("names the same hex as hexes.%(other)s") % {"other": p.get("other")}
    if code is C.NOT_TILE:
        return gettext("“%(value)s” is not a tile (%(tiles)s)") % {
            "value": p.get("shown"),
            "tiles": p.get("tiles"),
        }
    if code is C.CHESTS_NOT_TREASURE:
        return gettext("only a treasure holds chests")
    if code is C.BAD_TEAM_NAME:
        return gettext("a team name must be unique, non-empty and without dots")
    if code is C.BAD_SHIP_ID:
        return gettext("a ship id is C1…C6 or B, each at most once per team")
    if code is C.WRONG_SHIP_KIND:
        if p.get("kind") == "battleship":
            return gettext("ship %(ship)s is a battleship") % {"ship": p.get("ship")}
        return gettext("ship %(ship)s is a cargo ship") % {"ship": p.get("ship")}
    if code is C.CHESTS_DO_NOT_FIT:
        return gettext("too many chests (%(chests)s): the ship has room for %(room)s") % {
            "chests": p.get("chests"),
            "room": p.get("room"),
        }
    if code is C.OCTOPUS_IN_HARBOR:
        return gettext("no octopus holds a ship in its harbor")
    if code is C.BAD_PIRATE_ID:
        return gettext("a pirate ship's id is P1, P2, …, each once")
    if code is C.PIRATE_MOVES:
        return gettext("a pirate ship gets %(expected)s moves, not %(count)s") % {
            "expected": p.get("expected"),
            "count": p.get("count"),
        }
    if code is C.NOT_DIRECTION:
        return gettext("“%(value)s” is not a direction (write N NE SE S SW NW: S is south)") % {
            "value": p.get("shown")
        }
    if code is C.UNKNOWN_TEAM:
        return gettext("there is no team %(team)s") % {"team": p.get("team")}
    if code is C.ROUTE_TOKEN:
        return gettext(
            "move %(position)s “%(token)s” is not a direction: write N NE SE S SW NW or . to stay"
        ) % {"position": p.get("position"), "token": p.get("token")}
    if code is C.HARBOR_TOKEN:
        return gettext(
            "move %(position)s “%(token)s” is not a harbor move: "
            "write + (next bay), - (previous bay) or . (stay)"
        ) % {"position": p.get("position"), "token": p.get("token")}
    if code is C.NOT_DRAW_KEY:
        return gettext("not a draw key (PIRATE.shot, PIRATE.redraw, TEAM.SHIP.rum, TEAM.B.shot)")
    if code is C.ILLEGAL_ORDERS and problem.order_problem is not None:
        order = problem.order_problem
        text = order_problem_text(order)
        if order.step is None:
            return text
        return gettext("%(what)s (%(where)s)") % {"what": text, "where": step_label(order.step, order.half)}
    if code is C.INVALID_STATE:
        return gettext("the game state breaks the rules: %(detail)s") % {"detail": p.get("detail")}
    return problem.message  # pragma: no cover - every code is handled above


def scenario_problem_line(problem: ScenarioProblem) -> str:
    """``orders.red.routes.C2: <what>`` in the active language; the path is the file's own key."""
    text = scenario_problem_text(problem)
    if not problem.path:
        return text[:1].upper() + text[1:]
    return f"{problem.path}: {text}"


# ------------------------------------------------------------------------------------ events


def who_label(team: str | None, actor: str) -> str:
    """``("Červení", "C1")`` -> "Loď 1 týmu Červení"; ``(None, "P1")`` -> "Pirátská loď 1"; a
    team alone by name. For a message that names a ship as a noun, not as a sentence's subject."""
    if team is None:
        return ship_label(actor)
    if not actor:
        return team
    return gettext("%(ship)s of team %(team)s") % {"ship": ship_label(actor), "team": team}


def dotted_who_label(who: str) -> str:
    """``red.C1`` or ``P1`` (the round file's "who") as :func:`who_label` says it."""
    if "." in who:
        team, _dot, actor = who.rpartition(".")
        return who_label(team, actor)
    if who[:1] == "P" and who[1:].isdigit():
        return who_label(None, who)
    return who


_AFTER_MOVEMENT = {"convert", "shot", "shot-lost", "hit", "home", "found", "found-lost", "hint"}


def ship_phrase(team: str | None, actor: str) -> str:
    """Who an event line speaks of, as a noun phrase with its own gender ("loď C1 týmu Chobotnice",
    "bitevní loď B týmu Žraloci", "pirátská loď P1", "tým Račí ocásci"), lower case. A team's name
    may be of any gender and number, so a sentence never lets a verb agree with it: the ship (or
    the word "tým") is the subject. A team's ship reads the same as subject and object (Czech
    nominative and accusative of "loď" are alike); a pirate ship is only ever a subject."""
    if team is None:
        return gettext("pirate ship %(pirate)s") % {"pirate": ship_number(actor)}
    if not actor:
        return gettext("team %(team)s") % {"team": team}
    if actor == "B":
        return gettext("the battleship of team %(team)s") % {"team": team}
    return gettext("ship %(ship)s of team %(team)s") % {"ship": ship_number(actor), "team": team}


def dotted_ship_phrase(who: str) -> str:
    """``red.C1`` or ``P1`` (the round file's "who") as :func:`ship_phrase` says it."""
    if "." in who:
        team, _dot, actor = who.rpartition(".")
        return ship_phrase(team, actor)
    if who[:1] == "P" and who[1:].isdigit():
        return ship_phrase(None, who)
    return ship_phrase(who, "")


def event_text(event: dict[str, object]) -> str:
    """One event of a stored round log (see ``rounds.event_to_json``) as a sentence, without "when".

    Every sentence reads right whatever the team's name (see :func:`ship_phrase`) and every count
    takes its plural form (Czech has three: 1 truhla, 2 truhly, 5 truhel)."""
    text = _event_sentence(event)
    return text[:1].upper() + text[1:]


def _event_sentence(event: dict[str, object]) -> str:
    what = str(event["what"])
    raw_team = event.get("team")
    team = raw_team if isinstance(raw_team, str) else None
    actor = str(event.get("actor") or "")
    who = ship_phrase(team, actor)
    at = str(event.get("at", ""))
    raw = event.get("detail")
    d: dict[str, object] = raw if isinstance(raw, dict) else {}
    v = {"who": who, "at": at}
    if what == "build":
        if d.get("kind") == "battleship":
            return gettext("Team %(team)s built its battleship") % {"team": team}
        return gettext("Team %(team)s built ship %(number)s") % {"team": team, "number": ship_number(actor)}
    if what == "harbor":
        return gettext("Team %(team)s moved its harbor to %(at)s") % {"team": team, "at": at}
    if what == "reveal":
        return gettext("%(who)s revealed %(at)s: %(tile)s") % {**v, "tile": tile_name(str(d.get("tile")))}
    if what == "load":
        left = _count(d.get("left"))
        return ngettext(
            "%(who)s loaded a chest at %(at)s (%(left)d chest left there)",
            "%(who)s loaded a chest at %(at)s (%(left)d chests left there)",
            left,
        ) % {**v, "left": left}
    if what == "deliver":
        chests = _count(d.get("chests"))
        return ngettext(
            "%(who)s delivered %(chests)d chest to the harbor",
            "%(who)s delivered %(chests)d chests to the harbor",
            chests,
        ) % {**v, "chests": chests}
    if what == "sink":
        if d.get("reason") == "reefs":
            return gettext("%(who)s sank on the reefs at %(at)s") % v
        return gettext("%(who)s sailed off the board at %(at)s and sank") % v
    if what == "stop":
        if d.get("tile") == Tile.POSEIDON.value:
            return gettext("%(who)s met Poseidon at %(at)s and stopped") % v
        return gettext("%(who)s met a mermaid at %(at)s: it may not move next round") % v
    if what == "hold":
        return gettext("%(who)s is held by an octopus at %(at)s") % v
    if what == "free":
        return gettext("%(who)s at %(at)s is free again: %(by)s freed it") % {
            **v,
            "by": dotted_ship_phrase(str(d.get("by"))),
        }
    if what == "telescope":
        return gettext("%(who)s found a telescope at %(at)s: the team names a hex to reveal") % v
    if what == "map":
        return gettext("%(who)s found a map at %(at)s") % v
    if what == "found":
        return gettext("Team %(team)s found a cargo ship at %(at)s: it is the team's ship %(ship)s") % {
            "team": team,
            "at": at,
            "ship": ship_number(actor),
        }
    if what == "found-lost":
        return gettext("Team %(team)s found a cargo ship at %(at)s, but the team already has 6") % {
            "team": team,
            "at": at,
        }
    if what == "boat":
        if d.get("used") is False:
            return gettext("%(who)s found a boat at %(at)s; a battleship cannot use it") % v
        bonus = _count(d.get("bonus"))
        return ngettext(
            "%(who)s found a boat at %(at)s: it may carry %(bonus)d chest more",
            "%(who)s found a boat at %(at)s: it may carry %(bonus)d chests more",
            bonus,
        ) % {**v, "bonus": bonus}
    if what == "rum":
        return gettext("%(who)s found rum at %(at)s: the rest of its moves go astray") % v
    if what == "rum-move":
        return gettext("%(who)s drifts towards %(direction)s (rum)") % {
            **v,
            "direction": direction_label(str(d.get("direction"))),
        }
    if what == "seahorse":
        return gettext("%(who)s found a seahorse at %(at)s: it moves double next round") % v
    if what == "pirate":
        return gettext("%(who)s appeared at %(at)s (the pirates were found by %(by)s)") % {
            **v,
            "by": dotted_ship_phrase(str(d.get("by"))),
        }
    if what == "redraw":
        return gettext("%(who)s would leave the board: new direction %(direction)s") % {
            **v,
            "direction": direction_label(str(d.get("direction"))),
        }
    if what == "convert":
        return gettext("%(who)s turned pirate at %(at)s (%(pirate)s): %(by)s caught it") % {
            **v,
            "by": dotted_ship_phrase(str(d.get("by"))),
            "pirate": ship_number(str(d.get("pirate"))),
        }
    if what == "shot":
        return gettext("%(who)s fired at %(at)s") % v
    if what == "shot-lost":
        reason = d.get("reason")
        if reason == "range":
            return gettext("%(who)s could not fire at %(at)s: out of range") % v
        if reason == "peace":
            return gettext("%(who)s may not fire from a peace zone (%(at)s)") % v
        return gettext("%(who)s does not fire from its harbor") % v
    if what == "hit":
        return gettext("%(who)s was hit at %(at)s (%(by)s fired)") % {
            **v,
            "by": dotted_ship_phrase(str(d.get("by"))),
        }
    if what == "home":
        return gettext("Poseidon carried %(who)s home to its harbor") % v
    if what == "hint":
        return gettext("%(who)s got a map hint at %(at)s: treasure lies to the %(point)s") % {
            **v,
            "point": compass_label(str(d.get("point"))),
        }
    return f"{who}: {what} {at}"  # pragma: no cover - every engine word is handled above


def _count(value: object) -> int:
    return int(value) if isinstance(value, int | str) and str(value).lstrip("-").isdigit() else 0


def event_when(event: dict[str, object], *, round_number: int, end_step: int | None) -> str:
    """ "Kolo 3, krok 2", "Kolo 3, před plavbou", "Kolo 3, po plavbě"."""
    step = int(event.get("step", 0) or 0)  # type: ignore[call-overload]
    half = int(event.get("half", 1) or 1)  # type: ignore[call-overload]
    if step == 0:
        return gettext("Round %(round)d, before sailing") % {"round": round_number}
    if end_step is not None and step >= end_step:
        return gettext("Round %(round)d, after sailing") % {"round": round_number}
    if half == 2:
        return gettext("Round %(round)d, step %(step)d (second half)") % {"round": round_number, "step": step}
    return gettext("Round %(round)d, step %(step)d") % {"round": round_number, "step": step}


def end_step_of(events: list[dict[str, object]]) -> int | None:
    """The step number the engine gives to what happens after all movement (shots, conversions…)."""
    for e in events:
        if e.get("what") in _AFTER_MOVEMENT:
            return int(e.get("step", 0) or 0)  # type: ignore[call-overload]
    return None
