"""What people read: company and good names, phases, the public log and the engine's errors in
the current language, the one place of Batavia's words (the engine gives every log entry a code and
parameters, and every error a code, and writes no sentence of the log itself).

>>> from django.utils import translation
>>> with translation.override("en"):
...     describe_counts({"EN": 2, "DK": 1})
'2× EN, 1× DK'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from games.batavia.engine import GameState, Play
from games.batavia.engine.components import COMPANIES, GOODS, counts_to_dict
from games.batavia.engine.errors import RulesError
from games.batavia.engine.log import LogCode
from games.batavia.engine.record import RecordError, ReplayError

COMPANY_NAMES = {
    "EN": pgettext_lazy("company", "English"),
    "DK": pgettext_lazy("company", "Danish"),
    "FR": pgettext_lazy("company", "French"),
    "NL": pgettext_lazy("company", "Dutch"),
    "SE": pgettext_lazy("company", "Swedish"),
}
#: Company colours on screen and paper (the letter code is always shown too: never colour alone).
COMPANY_COLOURS = {"EN": "#c0392b", "DK": "#7d3c98", "FR": "#1f5fa8", "NL": "#b35900", "SE": "#1e8449"}
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


def _counts(value: Any) -> str:
    return describe_counts(counts_to_dict(tuple(value)))


def _tiles(value: Any) -> str:
    return ", ".join(describe_tile(t) for t in value)


#: The sentence of every log code (:mod:`games.batavia.engine.log` lists their parameters), from the
#: acting player's name and the entry's round and parameters. A player is a team, whose name may be
#: of any gender and number ("Žraloci"): no Czech verb agrees with it (the subject is "tým", "the
#: team", or its merchant: "Tým Žraloci si bere 2 karty."); every count has its plural form (ngettext:
#: Czech has 1 kartu, 2 karty, 5 karet).
_LOG_WORDS: dict[LogCode, Callable[[str, int, Mapping[str, Any]], str]] = {
    LogCode.ROUND: lambda name, rnd, p: (
        _("Round %(round)s: %(name)s is the auctioneer.") % {"round": rnd, "name": name}
    ),
    LogCode.ROLL: lambda name, rnd, p: (
        _("%(name)s rolls %(k)s and turns %(taken)s; the lot: %(lot)s.")
        % {"name": name, "k": p["k"], "taken": _counts(p["taken"]), "lot": _counts(p["lot"])}
    ),
    LogCode.ROLL_MORE: lambda name, rnd, p: (
        _("%(taken)s more join the lot: %(lot)s.") % {"taken": _counts(p["taken"]), "lot": _counts(p["lot"])}
    ),
    LogCode.BID: lambda name, rnd, p: (
        ngettext("%(name)s bids %(n)d bill.", "%(name)s bids %(n)d bills.", p["n"])
        % {"name": name, "n": p["n"]}
    ),
    LogCode.PASS: lambda name, rnd, p: _("%(name)s passes.") % {"name": name},
    LogCode.SOLD: lambda name, rnd, p: (
        ngettext(
            "%(name)s wins the lot (%(lot)s) for %(bid)d bill and starts the turns.",
            "%(name)s wins the lot (%(lot)s) for %(bid)d bills and starts the turns.",
            p["bid"],
        )
        % {"name": name, "lot": _counts(p["lot"]), "bid": p["bid"]}
    ),
    LogCode.UNSOLD: lambda name, rnd, p: (
        _("Nobody bids; the lot stays. %(name)s starts the turns.") % {"name": p["start"]}
    ),
    LogCode.RESHUFFLE: lambda name, rnd, p: (
        ngettext(
            "%(name)s shuffles the %(n)d discarded card into a new deck.",
            "%(name)s shuffles the %(n)d discarded cards into a new deck.",
            p["n"],
        )
        % {"name": name, "n": p["n"]}
    ),
    LogCode.DRAW: lambda name, rnd, p: (
        ngettext("%(name)s draws %(n)d card.", "%(name)s draws %(n)d cards.", p["n"])
        % {"name": name, "n": p["n"]}
    ),
    LogCode.PLAY: lambda name, rnd, p: (
        _("%(name)s lays %(cards)s.") % {"name": name, "cards": _counts(p["cards"])}
    ),
    LogCode.SEAL_TAKEN: lambda name, rnd, p: (
        _("%(name)s takes the %(company)s seal.") % {"name": name, "company": p["company"]}
    ),
    LogCode.SEAL_RETURNED: lambda name, rnd, p: (
        _("The %(company)s seal goes back to the board.") % {"company": p["company"]}
    ),
    LogCode.GOAL: lambda name, rnd, p: (
        _("%(name)s reaches the goal and takes the goal tile: this is the last round.") % {"name": name}
    ),
    LogCode.MOVE: lambda name, rnd, p: (
        _("%(name)s moves to field %(field)s and takes %(tile)s.")
        % {"name": name, "field": p["field"], "tile": describe_tile(p["tile"])}
    ),
    LogCode.REVEAL: lambda name, rnd, p: (
        _("Fields %(first)s–%(last)s are turned face up.") % {"first": p["first"], "last": p["last"]}
    ),
    LogCode.CASH_IN: lambda name, rnd, p: (
        ngettext(
            "%(name)s cashes in %(tiles)s for %(gold)d gold.",
            "%(name)s cashes in %(tiles)s for %(gold)d gold.",
            p["gold"],
        )
        % {"name": name, "tiles": _tiles(p["tiles"]), "gold": p["gold"]}
    ),
    LogCode.PIRATES: lambda name, rnd, p: (
        ngettext(
            "Pirates! The cannon shows %(cannon)s: %(count)d ship of %(companies)s is sunk.",
            "Pirates! The cannon shows %(cannon)s: all %(count)d ships of %(companies)s are sunk.",
            p["count"],
        )
        % {"cannon": p["cannon"], "count": p["count"], "companies": ", ".join(p["companies"])}
    ),
    LogCode.END: lambda name, rnd, p: (
        ngettext(
            "The game is over: %(winners)s won with %(gold)d gold.",
            "The game is over: %(winners)s won with %(gold)d gold.",
            p["gold"],
        )
        % {"winners": _(" and ").join(p["winners"]), "gold": p["gold"]}
    ),
}


def log_text(entry: Mapping[str, Any]) -> str:
    """One entry of the public view's log (code and parameters) as a sentence in the current language."""
    return _LOG_WORDS[LogCode(entry["code"])](entry["player"] or "", entry["round"], entry["params"])


#: Log codes that no player's action writes (the dice, the shuffles, a new round, the end).
_NOT_AN_ACTION = {LogCode.ROUND, LogCode.ROLL, LogCode.ROLL_MORE, LogCode.RESHUFFLE, LogCode.END}


def undo_words(log: list[Mapping[str, Any]], player: str) -> str:
    """What undo takes back, for its button: the newest log sentence of ``player``'s last action
    ("Vrátit: Modří – …"), or just the team when the log says nothing of it."""
    for entry in reversed(log):
        if entry["player"] == player and LogCode(entry["code"]) not in _NOT_AN_ACTION:
            return _("Undo: %(text)s") % {"text": log_text(entry)}
    return _("Undo: the last action of %(team)s") % {"team": player}


def log_lines(log: list[Mapping[str, Any]], last: int | None = None) -> list[dict[str, Any]]:
    """The log (newest first) as ``{round, event, text}``: ``event`` is the code's kind (the pages
    style by it), ``text`` the sentence."""
    entries = log[-last:] if last else log
    return [{"round": e["round"], "event": e["kind"], "text": log_text(e)} for e in reversed(entries)]


# ----------------------------------------------------------------------------------------- errors


def error_message(error: RulesError, state: GameState | None = None, action: object = None) -> str:
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
