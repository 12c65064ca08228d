"""Template data built from the engine's views: the public view for the table (projector), the
private view for a team's page, the full state for the game master. Nothing here reads a
:class:`GameState` directly except :func:`action_options` and :func:`play_preview`, which answer
only what the acting player may do (from public laid cards, public stations and their own hand),
and :func:`undo_text`, for the game master only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from camp.pdf import reads_black
from games.batavia.engine import (
    GOAL,
    GameState,
    Reshuffle,
    Roll,
    can_play,
    cards_needed,
    public_view,
    stations_ahead,
)
from games.batavia.engine.components import COMPANIES
from games.batavia.engine.state import CRATES
from games.batavia.words import (
    COMPANY_COLOURS,
    COMPANY_NAMES,
    GOOD_NAMES,
    PHASE_NAMES,
    companies,
    describe_counts,
    describe_tile,
    goods,
    log_lines,
    undo_words,
)

MUTED = "#8a8a8a"


def text_colour(colour: str) -> str:
    """Black or white text on a background colour (#rrggbb), by the same rule as the printed
    sheets (:func:`camp.pdf.reads_black`): yellow gets black, deep red white."""
    try:
        r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    except (ValueError, IndexError):
        return "#000"
    return "#000" if reads_black(r, g, b) else "#fff"


def initials(name: str) -> str:
    letters = [w[0] for w in name.split() if w]
    return ("".join(letters[:2]) if len(letters) > 1 else name[:2]).upper()


def badges(names: list[str]) -> dict[str, str]:
    """Two-letter badges for a game's players, unique within the game and decided by the seat
    order (``names``): the first player gets :func:`initials`; a later one whose initials are taken
    gets its first letter and the first later letter that makes it unique ("Červení", "Černí" →
    ČE, ČR; "Žraloci", "žraloci" → ŽR, ŽA), or else its first letter and its seat number."""
    taken: set[str] = set()
    out: dict[str, str] = {}
    for seat, name in enumerate(names):
        letters = [ch for ch in name.upper() if ch.isalnum()] or ["?"]
        first = initials(name) if name.strip() else "?"
        candidates = [
            first,
            *(letters[0] + ch for ch in letters[1:]),
            f"{letters[0]}{seat + 1}",
            f"{seat + 1}",
        ]
        badge = next((c for c in candidates if c not in taken), f"#{seat + 1}")
        taken.add(badge)
        out[name] = badge
    return out


def public_context(view: Mapping[str, Any], colours: Mapping[str, str]) -> dict[str, Any]:
    """Everything the table shows, from :func:`games.batavia.engine.visibility.public_view` only."""
    players = view["players"]
    colour = {p["name"]: colours.get(p["name"], MUTED) for p in players}
    badge = badges([p["name"] for p in players])

    def who(name: str | None) -> dict[str, Any] | None:
        if name is None:
            return None
        c = colour.get(name, MUTED)
        return {
            "name": name,
            "colour": c,
            "ink": text_colour(c),
            "initials": badge.get(name) or initials(name),
        }

    at_field: dict[Any, list[dict[str, Any]]] = {}
    for p in players:
        if (player := who(p["name"])) is not None:
            at_field.setdefault(p["field"], []).append(player)

    track = []
    for f in view["track"]:
        c = f["company"]
        track.append(
            {
                "number": f["field"],
                "company": c,
                "colour": COMPANY_COLOURS[c],
                "good": f["good"],
                "good_name": GOOD_NAMES[f["good"]] if f["good"] else "",
                "face_up": f["face_up"],
                "taken_by": who(f["taken_by"]),
                "merchants": at_field.get(f["field"], []),
            }
        )
    blocks = [track[i : i + 5] for i in range(0, len(track), 5)]

    # Which player's crate stands on each (good, company) field: merchants only move forward, so a
    # player's tiles were taken in field order, and each of their first 12 tiles placed a crate.
    cells: dict[tuple[str, str], str] = {}
    taken: dict[str, list[dict[str, Any]]] = {}
    for f in view["track"]:
        if f["taken_by"] is not None and f["good"]:
            taken.setdefault(f["taken_by"], []).append(f)
    for name, fields in taken.items():
        for f in fields[:CRATES]:
            cells[(f["good"], f["company"])] = name
    exchanges = []
    for g in goods():
        counts = view["exchanges"].get(g["code"], {})
        exchanges.append(
            {
                **g,
                "cells": [
                    {
                        "company": c["code"],
                        "colour": c["colour"],
                        "crate": who(cells.get((g["code"], c["code"]))),
                    }
                    for c in companies()
                ],
                "counts": [{"who": who(n), "n": k} for n, k in counts.items()],
            }
        )

    seals = view["seals"]
    rows = []
    for p in players:
        rows.append(
            {
                **who(p["name"]),  # type: ignore[dict-item]
                "hand_size": p["hand_size"],
                "gold": p["gold"],
                "laid": [
                    {"code": c, "colour": COMPANY_COLOURS[c], "n": p["laid"].get(c, 0)} for c in COMPANIES
                ],
                "seals": [{"code": c, "colour": COMPANY_COLOURS[c]} for c in p["seals"]],
                "field": p["field"],
                "goal": p["goal"],
                "tiles": [
                    {
                        "text": describe_tile(t),
                        "colour": COMPANY_COLOURS[t.split("-")[0]],
                        "code": t.split("-")[0],
                    }
                    for t in p["tiles"]
                ],
                "crates_left": p["crates_left"],
                "to_act": p["name"] == view["to_act"],
                "bills": p.get("bills"),
            }
        )
    markers = [
        {
            "code": c,
            "name": COMPANY_NAMES[c],
            "colour": COMPANY_COLOURS[c],
            "n": view["markers"][c],
            "seal": who(seals[c]),
        }
        for c in COMPANIES
    ]
    cannon = view["cannon"]
    threshold = view["pirate_threshold"]
    auction = view["auction"]
    ranking = []
    if view.get("ranking"):
        place = 1
        for group in view["ranking"]:
            for name in group:
                ranking.append({"place": place, "who": who(name), "score": view["scores"][name]})
            place += len(group)
    return {
        "phase": view["phase"],
        "phase_name": PHASE_NAMES[view["phase"]],
        "round": view["round"],
        "to_act": who(view["to_act"]),
        "auctioneer": who(view["auctioneer"]),
        "start_player": who(view["start_player"]),
        "last_round": view["last_round"],
        "cannon": cannon,
        "threshold": threshold,
        "cannon_percent": min(100, round(100 * cannon / threshold)) if threshold else 0,
        "markers": markers,
        "lot": [{"code": c, "colour": COMPANY_COLOURS[c], "n": n} for c, n in view["lot"].items()],
        "lot_size": sum(view["lot"].values()),
        "lot_text": describe_counts(view["lot"]),
        "deck_size": view["deck_size"],
        "discards": view["discards"],
        "auction": None
        if auction is None
        else {
            "rolled": auction["rolled"],
            "high_bid": auction["high_bid"],
            "high_bidder": who(auction["high_bidder"]),
            "out": [who(n) for n in auction["out"]],
        },
        "track": track,
        "blocks": blocks,
        "start": at_field.get(0, []),
        "goal": at_field.get("goal", []),
        "exchanges": exchanges,
        "players": rows,
        "log": log_lines(view["log"], last=12),
        "ranking": ranking,
        "companies": companies(),
    }


def private_context(view: Mapping[str, Any], colours: Mapping[str, str]) -> dict[str, Any]:
    """The public context plus the player's own hand and bills (from ``private_view`` only)."""
    ctx = public_context(view, colours)
    you = view["you"]
    ctx["you"] = {
        "name": you["name"],
        "colour": colours.get(you["name"], MUTED),
        "bills": you["bills"],
        "hand": [
            {"code": c, "name": COMPANY_NAMES[c], "colour": COMPANY_COLOURS[c], "n": you["hand"].get(c, 0)}
            for c in COMPANIES
        ],
        "hand_size": sum(you["hand"].values()),
        "row": next(r for r in ctx["players"] if r["name"] == you["name"]),
        # once the game is over: the team's place and final score by source (public by then); the
        # running "gold" (cashed in so far) is then only one part of it
        "final": next((r for r in ctx["ranking"] if r["who"]["name"] == you["name"]), None),
    }
    return ctx


# ----------------------------------------------------------------------------------- action forms


@dataclass
class MoveOption:
    code: str  # a company or "goal"
    name: str
    colour: str
    field: int | None = None
    good_name: str = ""
    cash_in: bool = False  # cashing in is allowed after this move
    cash_gold: int = 0


@dataclass
class PlayPreview:
    """What laying ``counts`` would do: problems, or the seals held after it and the moves."""

    counts: dict[str, int]
    problems: list[str] = field(default_factory=list)
    sealed: list[str] = field(default_factory=list)
    moves: list[MoveOption] = field(default_factory=list)
    total: int = 0
    #: Not problems, but what the player may not want: a tie that sends a seal back to the board.
    warnings: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and bool(self.moves)


def play_preview(state: GameState, seat: int, counts: Mapping[str, int]) -> PlayPreview:
    """Check a play's cards as the player picks them (the engine checks the whole play on submit)."""
    p = state.players[seat]
    preview = PlayPreview(counts=dict(counts))
    cards = [counts.get(c, 0) for c in COMPANIES]
    preview.total = sum(cards)
    for c, n, h in zip(COMPANIES, cards, p.hand, strict=True):
        if n > h:
            preview.problems.append(
                _("You have only %(n)d %(company)s cards in hand.") % {"n": h, "company": c}
            )
    if preview.problems:
        return preview
    if not preview.total:
        preview.problems.append(_("Pick the cards you want to lay."))
        return preview
    # Rules (seals): a play that ties the seal's holder sends that seal back to the board.
    for i, c in enumerate(COMPANIES):
        holder = state.seals[i]
        if cards[i] and holder is not None and holder != seat:
            if p.laid[i] + cards[i] == state.players[holder].laid[i]:
                preview.warnings.append(
                    _(
                        "%(company)s: your cards tie %(team)s's, "
                        "so the %(company)s seal goes back to the board."
                    )
                    % {"company": c, "team": state.names[holder]}
                )
    need = cards_needed(state, seat)
    stations = stations_ahead(state, seat)
    sealed = [i for i in range(len(COMPANIES)) if cards[i] >= need[i]]
    preview.sealed = [COMPANIES[i] for i in sealed]
    if not sealed:
        preview.problems.append(
            _(
                "With these cards you would hold no majority in any company: "
                "lay more cards, or draw two cards."
            )
        )
        return preview
    held = {t.company for t in p.tiles}
    table = state.setup.cash_table
    for i in sealed:
        if stations[i] is None:
            continue
        c = COMPANIES[i]
        fld = state.track[stations[i] - 1]  # type: ignore[operator]
        new = c not in held
        gold = table[len(held)] if new and len(held) < len(table) else 0
        preview.moves.append(
            MoveOption(
                code=c,
                name=str(COMPANY_NAMES[c]),
                colour=COMPANY_COLOURS[c],
                field=fld.number,
                good_name=str(GOOD_NAMES[fld.tile.good]) if fld.face_up else "",
                cash_in=new,
                cash_gold=gold,
            )
        )
    if not preview.moves:
        if state.end_round:
            preview.problems.append(
                _(
                    "In the last round a play must leave one of your seals with a station ahead; "
                    "draw two cards instead."
                )
            )
        else:
            preview.moves.append(MoveOption(code=GOAL, name=_("the goal"), colour="#333"))
    return preview


def action_options(state: GameState, seat: int) -> dict[str, Any]:
    """Which forms the player at ``seat`` gets now: ``wait``, ``bid`` (min, max) or ``turn``."""
    if state.phase == "finished":
        return {"kind": "over"}
    if state.to_act != seat or state.pending is not None:
        return {"kind": "wait"}
    p = state.players[seat]
    if state.phase == "auction":
        assert state.auction is not None
        if not state.auction.rolled:
            return {"kind": "wait"}
        low = max(state.auction.high_bid + 1, 1)
        return {"kind": "bid", "min": low, "max": p.bills, "can_bid": low <= p.bills}
    need = cards_needed(state, seat)
    return {
        "kind": "turn",
        "can_play": can_play(state),
        "end_round": state.end_round,
        "hand": [
            {
                "code": c,
                "name": COMPANY_NAMES[c],
                "colour": COMPANY_COLOURS[c],
                "n": p.hand[i],
                "need": need[i],
            }
            for i, c in enumerate(COMPANIES)
        ],
    }


def undo_text(state: GameState) -> str | None:
    """What undo would take back, in words of the log (:func:`words.undo_words`), or None when
    there is nothing to undo."""
    for seat, action in reversed(state.history):
        if not isinstance(action, (Roll, Reshuffle)):
            return undo_words(public_view(state)["log"], state.names[seat])
    return None


__all__ = [
    "MoveOption",
    "PlayPreview",
    "action_options",
    "play_preview",
    "private_context",
    "public_context",
    "undo_text",
]
