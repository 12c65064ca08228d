"""The round log's words: who an event speaks of, each event as a sentence, and when it happened."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.islands.engine.notation import ShipId
from games.islands.engine.tiles import Tile

from .names import compass_label, direction_label, ship_label, ship_number, tile_name


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
    if _is_pirate(who):
        return who_label(None, who)
    return who


def _is_pirate(who: str) -> bool:
    ship = ShipId.read(who)
    return ship is not None and ship.pirate


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
    if ShipId.read(actor) == ShipId("B"):
        return gettext("the battleship of team %(team)s") % {"team": team}
    return gettext("ship %(ship)s of team %(team)s") % {"ship": ship_number(actor), "team": team}


def dotted_ship_phrase(who: str) -> str:
    """``red.C1`` or ``P1`` (the round file's "who") as :func:`ship_phrase` says it."""
    if "." in who:
        team, _dot, actor = who.rpartition(".")
        return ship_phrase(team, actor)
    if _is_pirate(who):
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
    """A count of an event's detail (a whole number in the stored log; anything else is 0)."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return 0
    try:
        return int(value)
    except ValueError:
        return 0


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
