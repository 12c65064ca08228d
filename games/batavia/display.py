"""What people read: company and good names, phases, the public log and the engine's errors in
the current language (the engine speaks English and gives every error and log entry a code).

>>> from django.utils import translation
>>> with translation.override("en"):
...     describe_counts({"EN": 2, "DK": 1})
'2× EN, 1× DK'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.batavia.engine import GameState, Play
from games.batavia.engine.errors import BataviaError
from games.batavia.engine.record import RecordError, ReplayError
from games.batavia.engine.state import COMPANIES, COMPANY_INDEX, GOODS

COMPANY_NAMES = {
    "EN": pgettext_lazy("company", "English"),
    "DK": pgettext_lazy("company", "Danish"),
    "FR": pgettext_lazy("company", "French"),
    "NL": pgettext_lazy("company", "Dutch"),
    "SE": pgettext_lazy("company", "Swedish"),
}
#: Company colours on screen and paper (the letter code is always shown too: never colour alone).
COMPANY_COLOURS = {"EN": "#c0392b", "DK": "#7d3c98", "FR": "#1f5fa8", "NL": "#e67e22", "SE": "#1e8449"}
GOOD_NAMES = {
    "tea": gettext_lazy("tea"),
    "cotton": gettext_lazy("cotton"),
    "porcelain": gettext_lazy("porcelain"),
    "silk": gettext_lazy("silk"),
    "ginger": gettext_lazy("ginger"),
    "nutmeg": gettext_lazy("nutmeg"),
    "pepper": gettext_lazy("pepper"),
}
PHASE_NAMES = {
    "auction": gettext_lazy("Auction"),
    "turns": gettext_lazy("Turns"),
    "finished": gettext_lazy("Game over"),
}


def companies() -> list[dict[str, Any]]:
    """Code, name and colour of every company, in board order (for templates)."""
    return [{"code": c, "name": COMPANY_NAMES[c], "colour": COMPANY_COLOURS[c]} for c in COMPANIES]


def goods() -> list[dict[str, Any]]:
    return [{"code": g, "name": GOOD_NAMES[g]} for g in GOODS]


def describe_counts(counts: Mapping[str, int]) -> str:
    """``{"EN": 2, "DK": 1}`` as ``2× EN, 1× DK`` (``no cards`` when empty)."""
    parts = [f"{n}× {c}" for c, n in counts.items() if n]
    return ", ".join(parts) if parts else _("no cards")


def describe_tile(text: str) -> str:
    """``DK-tea`` as ``DK tea`` with the good translated."""
    company, _sep, good = text.partition("-")
    return f"{company} {GOOD_NAMES.get(good, good)}"


# ------------------------------------------------------------------------------------------- log

_DESC = r"(?P<{0}>no cards|\d+ [A-Z]{{2}}(?:, \d+ [A-Z]{{2}})*)"


def _counts_text(text: str) -> str:
    if text == "no cards":
        return _("no cards")
    return describe_counts({c: int(n) for n, c in (part.split(" ") for part in text.split(", "))})


def _tiles_text(text: str) -> str:
    return ", ".join(describe_tile(t) for t in text.split(", "))


_Rule = tuple[str, str, Callable[[re.Match[str], str], str]]


def _rules() -> list[_Rule]:
    """(event, regex with {name} for the acting player, translation) for every kind of log entry."""
    return [
        (
            "round",
            r"Round (?P<round>\d+): {name} is the auctioneer\.",
            lambda m, n: _("Round %(round)s: %(name)s is the auctioneer.") % {"round": m["round"], "name": n},
        ),
        (
            "roll",
            r"{name} rolls (?P<k>\d+) and turns "
            + _DESC.format("taken")
            + "; the lot: "
            + _DESC.format("lot")
            + r"\.",
            lambda m, n: (
                _("%(name)s rolls %(k)s and turns %(taken)s; the lot: %(lot)s.")
                % {"name": n, "k": m["k"], "taken": _counts_text(m["taken"]), "lot": _counts_text(m["lot"])}
            ),
        ),
        (
            "roll",
            _DESC.format("taken") + " more join the lot: " + _DESC.format("lot") + r"\.",
            lambda m, n: (
                _("%(taken)s more join the lot: %(lot)s.")
                % {"taken": _counts_text(m["taken"]), "lot": _counts_text(m["lot"])}
            ),
        ),
        (
            "bid",
            r"{name} bids (?P<n>\d+)\.",
            lambda m, n: _("%(name)s bids %(n)s.") % {"name": n, "n": m["n"]},
        ),
        ("pass", r"{name} passes\.", lambda m, n: _("%(name)s passes.") % {"name": n}),
        (
            "sold",
            r"{name} wins the lot \(" + _DESC.format("lot") + r"\) for (?P<bid>\d+) and starts the turns\.",
            lambda m, n: (
                _("%(name)s wins the lot (%(lot)s) for %(bid)s bills and starts the turns.")
                % {"name": n, "lot": _counts_text(m["lot"]), "bid": m["bid"]}
            ),
        ),
        (
            "unsold",
            r"Nobody bids; the lot stays\. (?P<start>.+) starts the turns\.",
            lambda m, n: _("Nobody bids; the lot stays. %(name)s starts the turns.") % {"name": m["start"]},
        ),
        (
            "reshuffle",
            r"{name} shuffles the (?P<n>\d+) discarded cards into a new deck\.",
            lambda m, n: (
                _("%(name)s shuffles the %(n)s discarded cards into a new deck.") % {"name": n, "n": m["n"]}
            ),
        ),
        (
            "draw",
            r"{name} draws (?P<n>\d+) cards?\.",
            lambda m, n: (
                ngettext("%(name)s draws %(n)d card.", "%(name)s draws %(n)d cards.", int(m["n"]))
                % {"name": n, "n": int(m["n"])}
            ),
        ),
        (
            "play",
            r"{name} lays " + _DESC.format("cards") + r"\.",
            lambda m, n: _("%(name)s lays %(cards)s.") % {"name": n, "cards": _counts_text(m["cards"])},
        ),
        (
            "seal",
            r"The (?P<c>[A-Z]{{2}}) seal goes back to the board\.",
            lambda m, n: _("The %(company)s seal goes back to the board.") % {"company": m["c"]},
        ),
        (
            "seal",
            r"{name} takes the (?P<c>[A-Z]{{2}}) seal\.",
            lambda m, n: _("%(name)s takes the %(company)s seal.") % {"name": n, "company": m["c"]},
        ),
        (
            "goal",
            r"{name} reaches the goal and takes the goal tile: last round\.",
            lambda m, n: (
                _("%(name)s reaches the goal and takes the goal tile: this is the last round.") % {"name": n}
            ),
        ),
        (
            "move",
            r"{name} moves to field (?P<f>\d+) and takes (?P<tile>[A-Z]{{2}}-[a-z]+)\.",
            lambda m, n: (
                _("%(name)s moves to field %(field)s and takes %(tile)s.")
                % {"name": n, "field": m["f"], "tile": describe_tile(m["tile"])}
            ),
        ),
        (
            "reveal",
            r"Fields (?P<a>\d+)-(?P<b>\d+) are turned face up\.",
            lambda m, n: (
                _("Fields %(first)s–%(last)s are turned face up.") % {"first": m["a"], "last": m["b"]}
            ),
        ),
        (
            "cash_in",
            r"{name} cashes in (?P<tiles>.+) for (?P<gold>\d+) gold\.",
            lambda m, n: (
                _("%(name)s cashes in %(tiles)s for %(gold)s gold.")
                % {"name": n, "tiles": _tiles_text(m["tiles"]), "gold": m["gold"]}
            ),
        ),
        (
            "pirates",
            r"Pirates! The cannon shows (?P<cannon>\d+): all (?P<k>\d+) (?P<names>[A-Z, ]+) ships are sunk\.",
            lambda m, n: (
                _("Pirates! The cannon shows %(cannon)s: all %(count)s ships of %(companies)s are sunk.")
                % {"cannon": m["cannon"], "count": m["k"], "companies": m["names"]}
            ),
        ),
        (
            "end",
            r"The game is over: (?P<winners>.+) won with (?P<gold>\d+) gold\.",
            lambda m, n: (
                _("The game is over: %(winners)s won with %(gold)s gold.")
                % {"winners": m["winners"].replace(" and ", _(" and ")), "gold": m["gold"]}
            ),
        ),
    ]


def translate_log_entry(entry: Mapping[str, Any]) -> str:
    """One entry of the engine's public log in the current language (the English text if unknown)."""
    text: str = entry["text"]
    player = entry.get("player") or ""
    for event, pattern, render in _rules():
        if event != entry["event"]:
            continue
        regex = pattern.replace("{name}", re.escape(player)).replace("{{", "{").replace("}}", "}")
        match = re.fullmatch(regex, text)
        if match:
            return render(match, player)
    return text


def log_lines(log: list[Mapping[str, Any]], last: int | None = None) -> list[dict[str, Any]]:
    """The log (newest first) as ``{round, event, text}`` with translated text."""
    entries = log[-last:] if last else log
    return [
        {"round": e["round"], "event": e["event"], "text": translate_log_entry(e)} for e in reversed(entries)
    ]


# ----------------------------------------------------------------------------------------- errors


def error_message(error: BataviaError, state: GameState | None = None, action: object = None) -> str:
    """An engine error as a clear message in the current language, by its code."""
    if isinstance(error, RecordError):
        return _("The record cannot be read: %(path)s: %(reason)s") % {
            "path": error.path,
            "reason": error.reason,
        }
    if isinstance(error, ReplayError):
        return _("The record cannot be replayed: action %(index)d is not allowed (%(reason)s).") % {
            "index": error.index,
            "reason": error_message(error.error, None, None),
        }
    code = error.code
    company = getattr(action, "move", None) if isinstance(action, Play) else None
    seat = state.to_act if state is not None else None
    simple = {
        "game_over": _("The game is over."),
        "reshuffle_due": _("The deck is being reshuffled; try again in a moment."),
        "roll_due": _("The auctioneer's die has not been rolled yet; try again in a moment."),
        "no_reshuffle_due": _("No reshuffle is due."),
        "already_rolled": _("The die was already rolled this round."),
        "auction_running": _("The auction is running: bid or pass."),
        "turns_running": _("The auction is over: draw two cards or lay cards."),
        "bad_roll": _("A die shows 1 to 6."),
        "bid_below_one": _("A bid is a whole number of bills, at least 1."),
        "unknown_company": _("Unknown company."),
        "not_discards": _("The new deck must be exactly the discard pile."),
        "bad_cards": _("Enter the number of cards as whole numbers, 0 or more."),
        "no_cards": _("Lay at least one card."),
        "no_majority": _(
            "With these cards you would hold no majority in any company: lay more cards, or draw two cards."
        ),
        "end_round_no_station": _(
            "In the last round a play must leave one of your seals with a station ahead; "
            "draw two cards instead."
        ),
        "cash_in_at_goal": _("At the goal you can no longer cash in."),
    }
    if code in simple:
        return simple[code]
    if code in ("not_your_turn", "unknown_player"):
        if state is not None and seat is not None:
            return _("It is not your turn: the game waits for %(name)s.") % {"name": state.names[seat]}
        return _("It is not your turn.")
    if code == "bid_too_low" and state is not None and state.auction is not None:
        return _("Your bid must be higher than %(high)d.") % {"high": state.auction.high_bid}
    if code == "not_enough_bills" and state is not None and seat is not None:
        return _("You do not have that many bills (you hold %(bills)d).") % {
            "bills": state.players[seat].bills
        }
    if code == "not_in_hand" and state is not None and seat is not None and isinstance(action, Play):
        hand = state.players[seat].hand
        for c, n, h in zip(COMPANIES, action.cards, hand, strict=True):
            if n > h:
                return _("You have only %(n)d %(company)s cards in hand.") % {"n": h, "company": c}
    if code == "station_ahead" and state is not None and seat is not None and isinstance(action, Play):
        return _("The goal is only for a merchant with no station ahead: follow a company instead.")
    if code == "no_seal" and company:
        return _("After laying these cards you would not hold the %(company)s seal.") % {"company": company}
    if code == "no_station" and company:
        return _("No %(company)s station is left ahead of your merchant.") % {"company": company}
    if code == "company_held" and company:
        return _("You already hold a %(company)s tile: cashing in needs a company new to you.") % {
            "company": company
        }
    fallback = {
        "bid_too_low": _("Your bid is too low."),
        "not_enough_bills": _("You do not have that many bills."),
        "not_in_hand": _("You do not have these cards in hand."),
        "station_ahead": _("The goal is only for a merchant with no station ahead."),
        "no_seal": _("You would not hold that company's seal."),
        "no_station": _("No station of that company is left ahead of your merchant."),
        "company_held": _("Cashing in needs a company new to you."),
    }
    return fallback.get(code, _("This action is not allowed now."))


def company_code(value: str) -> str | None:
    return value if value in COMPANY_INDEX else None
