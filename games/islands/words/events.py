"""The round log's words: who an event speaks of, each event as a sentence, and when it happened."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.functional import Promise
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from games.islands.engine.notation import ShipId, is_pirate_id, who_parts
from games.islands.engine.tiles import Tile

from .names import compass_label, direction_label, ship_label, ship_number, tile_name


def who_label(team: str | None, actor: str) -> str:
    """``("Červení piráti", "C1")`` -> "Loď 1 (Červení piráti)": the ship's number, then its team in
    parentheses, as staff and teams read a ship everywhere; ``(None, "P1")`` -> "Pirátská loď 1"; a
    team alone by name. For a message that names a ship as a noun, not as a sentence's subject."""
    if team is None:
        return ship_label(actor)
    if not actor:
        return team
    return gettext("%(ship)s (%(team)s)") % {"ship": ship_label(actor), "team": team}


def dotted_who_label(who: str) -> str:
    """``red.C1`` or ``P1`` (the round file's "who") as :func:`who_label` says it."""
    if "." in who:
        return who_label(*who_parts(who))
    if is_pirate_id(who):
        return who_label(None, who)
    return who


_AFTER_MOVEMENT = {"convert", "shot", "shot-lost", "hit", "home", "found", "found-lost", "hint"}


def ship_phrase(team: str | None, actor: str) -> str:
    """Who an event line speaks of, as a noun phrase with its own gender ("loď 1 (Chobotnice)",
    "bitevní loď (Žraloci)", "pirátská loď 1", "tým Račí ocásci"), lower case: a ship by its number
    with its team in parentheses, as :func:`who_label` names it. A team's name may be of any gender
    and number, so a sentence never lets a verb agree with it: the ship (or the word "tým") is the
    subject. A team's ship reads the same as subject and object (Czech
    nominative and accusative of "loď" are alike); a pirate ship is only ever a subject."""
    if team is None:
        return gettext("pirate ship %(pirate)s") % {"pirate": ship_number(actor)}
    if not actor:
        return gettext("team %(team)s") % {"team": team}
    if ShipId.read(actor) == ShipId("B"):
        return gettext("the battleship (%(team)s)") % {"team": team}
    return gettext("ship %(ship)s (%(team)s)") % {"ship": ship_number(actor), "team": team}


def dotted_ship_phrase(who: str) -> str:
    """``red.C1`` or ``P1`` (the round file's "who") as :func:`ship_phrase` says it."""
    if "." in who:
        return ship_phrase(*who_parts(who))
    if is_pirate_id(who):
        return ship_phrase(None, who)
    return ship_phrase(who, "")


def event_text(event: dict[str, object]) -> str:
    """One event of a stored round log (see ``rounds.event_to_json``) as a sentence, without "when".

    Every sentence reads right whatever the team's name (see :func:`ship_phrase`) and every count
    takes its plural form (Czech has three: 1 truhla, 2 truhly, 5 truhel)."""
    text = _event_sentence(event)
    return text[:1].upper() + text[1:]


class _EventValues(dict[str, object]):
    """What an event's sentence names, each worked out only when its text asks for it (a reveal's
    tile, a shot's shooter, a drift's direction…)."""

    def __init__(self, event: dict[str, object]) -> None:
        raw_team, raw = event.get("team"), event.get("detail")
        team = raw_team if isinstance(raw_team, str) else None
        actor = str(event.get("actor") or "")
        self.detail: dict[str, object] = raw if isinstance(raw, dict) else {}
        super().__init__(team=team, at=str(event.get("at", "")), who=ship_phrase(team, actor))
        self.actor = actor

    def __missing__(self, key: str) -> object:
        d = self.detail
        derived: dict[str, Callable[[], object]] = {
            "number": lambda: ship_number(self.actor),
            "ship": lambda: ship_number(self.actor),
            "tile": lambda: tile_name(str(d.get("tile"))),
            "by": lambda: dotted_ship_phrase(str(d.get("by"))),
            "pirate": lambda: ship_number(str(d.get("pirate"))),
            "direction": lambda: direction_label(str(d.get("direction"))),
            "point": lambda: compass_label(str(d.get("point"))),
        }
        value = derived[key]() if key in derived else _count(d.get(key))  # left, chests, bonus
        self[key] = value
        return value


#: Each event's sentence by what happened, without "when" (the values: :class:`_EventValues`).
EVENT_TEXTS: dict[str, Promise] = {
    "build": _("Team %(team)s built ship %(number)s"),
    "harbor": _("Team %(team)s moved its harbor to %(at)s"),
    "reveal": _("%(who)s revealed %(at)s: %(tile)s"),
    "load": ngettext_lazy(
        "%(who)s loaded a chest at %(at)s (%(left)d chest left there)",
        "%(who)s loaded a chest at %(at)s (%(left)d chests left there)",
        "left",
    ),
    "deliver": ngettext_lazy(
        "%(who)s delivered %(chests)d chest to the harbor",
        "%(who)s delivered %(chests)d chests to the harbor",
        "chests",
    ),
    "sink": _("%(who)s sailed off the board at %(at)s and sank"),
    "stop": _("%(who)s met a mermaid at %(at)s: it may not move next round"),
    "hold": _("%(who)s is held by an octopus at %(at)s"),
    "free": _("%(who)s at %(at)s is free again: %(by)s freed it"),
    "telescope": _("%(who)s found a telescope at %(at)s: the team names a hex to reveal"),
    "map": _("%(who)s found a map at %(at)s"),
    "found": _("Team %(team)s found a cargo ship at %(at)s: it is the team's ship %(ship)s"),
    "found-lost": _("Team %(team)s found a cargo ship at %(at)s, but the team already has 6"),
    "boat": ngettext_lazy(
        "%(who)s found a boat at %(at)s: it may carry %(bonus)d chest more",
        "%(who)s found a boat at %(at)s: it may carry %(bonus)d chests more",
        "bonus",
    ),
    "rum": _("%(who)s found rum at %(at)s: the rest of its moves go astray"),
    "rum-move": _("%(who)s drifts towards %(direction)s (rum)"),
    "seahorse": _("%(who)s found a seahorse at %(at)s: it moves double next round"),
    "pirate": _("%(who)s appeared at %(at)s (the pirates were found by %(by)s)"),
    "redraw": _("%(who)s would leave the board: new direction %(direction)s"),
    "convert": _("%(who)s turned pirate at %(at)s (%(pirate)s): %(by)s caught it"),
    "shot": _("%(who)s fired at %(at)s"),
    "shot-lost": _("%(who)s does not fire from its harbor"),
    "hit": _("%(who)s was hit at %(at)s (%(by)s fired)"),
    "home": _("Poseidon carried %(who)s home to its harbor"),
    "hint": _("%(who)s got a map hint at %(at)s: treasure lies to the %(point)s"),
}

#: The events whose sentence depends on one item of their detail: (what, item) -> {value: text}.
EVENT_VARIANTS: dict[tuple[str, str], dict[object, Promise]] = {
    ("build", "kind"): {"battleship": _("Team %(team)s built its battleship")},
    ("sink", "reason"): {"reefs": _("%(who)s sank on the reefs at %(at)s")},
    ("stop", "tile"): {Tile.POSEIDON.value: _("%(who)s met Poseidon at %(at)s and stopped")},
    ("boat", "used"): {False: _("%(who)s found a boat at %(at)s; a battleship cannot use it")},
    ("shot-lost", "reason"): {
        "range": _("%(who)s could not fire at %(at)s: out of range"),
        "peace": _("%(who)s may not fire from a peace zone (%(at)s)"),
    },
}


def _event_sentence(event: dict[str, object]) -> str:
    what = str(event["what"])
    values = _EventValues(event)
    text = EVENT_TEXTS.get(what)
    if text is None:  # pragma: no cover - every engine word is in the table
        return f"{values['who']}: {what} {values['at']}"
    for (variant_of, item), texts in EVENT_VARIANTS.items():
        value = values.detail.get(item)
        if variant_of == what and isinstance(value, str | bool) and value in texts:
            text = texts[value]
    return str(text % values)  # a lazy plural reads its number from the values


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
