"""The rules of Batavia in play: applying an action to a state (checked, or trusted for one known
to be legal), through the auction, the turns and the pirates after every turn, to the final
scoring once the last round is over.

The specification is ``docs/rules/batavia.en.md``; our own decisions are in
``docs/batavia-rules-decisions.md``. A game goes round by round: an auction (the auctioneer rolls, the
players bid), then one turn per player (draw two cards, or lay cards, move and maybe cash in), pirates
after every turn; the round in which someone takes the goal tile is the last, then comes scoring.
A game is set up by :mod:`.setup`; what the player to act may do is :mod:`.legal`.

>>> from .legal import whose_turn
>>> from .setup import new_game
>>> s = new_game(["Red", "Blue", "Green"], seed=1)
>>> s = apply(s, Roll(3))
>>> s = apply(s, Bid(2), player="Blue")
>>> s = apply(s, Pass())
>>> s = apply(s, Pass())
>>> s.phase, whose_turn(s), [p.bills for p in s.players], sum(s.players[1].hand)
('turns', 'Blue', [16, 13, 16], 13)
>>> apply(s, Bid(1))
Traceback (most recent call last):
...
games.batavia.engine.errors.WrongPhase: the auction is over: it is Blue's turn to draw or play
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import Action, Bid, Draw, Pass, Play, Reshuffle, Roll
from .components import (
    COMPANIES,
    COMPANY_INDEX,
    GOAL,
    GOOD_INDEX,
    GOODS,
    NO_CARDS,
    Counts,
    Tile,
    add_counts,
    count_cards,
    counts_to_dict,
    sub_counts,
)
from .errors import (
    GameOver,
    IllegalAction,
    IllegalBid,
    IllegalCashIn,
    IllegalMove,
    IllegalPlay,
    IllegalReshuffle,
    IllegalRoll,
    NotYourTurn,
    WrongPhase,
)
from .legal import DIE_FACES, cards_needed, stations_ahead
from .log import LogCode, LogEntry, LogParam
from .scoring import TablePlayer, score_table
from .setup import fresh_auction
from .state import (
    BLOCK,
    DRAW_COUNT,
    GOAL_FIELD,
    TRACK_LENGTH,
    AuctionState,
    GameState,
    PendingDraw,
    PlayerState,
    Score,
)

# ---------------------------------------------------------------------------------------- applying


def apply(state: GameState, action: Action, player: str | None = None) -> GameState:
    """The state after ``action`` by the player to act (checked: raises an :class:`IllegalAction`
    subclass when the rules do not allow it). With ``player``, also checks it is that player's turn."""
    seat = state.to_act
    if seat is None:
        raise GameOver("game_over", "the game is over")
    if player is not None and player != state.names[seat]:
        if player not in state.names:
            raise NotYourTurn("unknown_player", f"{player!r} does not play in this game")
        raise NotYourTurn("not_your_turn", f"it is {state.names[seat]}'s turn, not {player}'s")
    return _apply(state, seat, action, True)


def apply_trusted(state: GameState, action: Action) -> GameState:
    """Like :func:`apply` without the checks, for actions known to be legal (from
    :func:`.legal.legal_actions`, :func:`.legal.chance_action` or a bot). An illegal action corrupts
    the state."""
    seat = state.to_act
    assert seat is not None
    return _apply(state, seat, action, False)


def is_legal(state: GameState, action: Action, player: str | None = None) -> bool:
    """Whether :func:`apply` would accept the action."""
    try:
        apply(state, action, player)
    except IllegalAction:
        return False
    return True


def _apply(state: GameState, seat: int, action: Action, check: bool) -> GameState:
    name = state.names[seat]
    if state.pending is not None:
        if not isinstance(action, Reshuffle):
            raise WrongPhase("reshuffle_due", f"the deck ran out: {name} must reshuffle the discards first")
        new = _reshuffle(state, seat, action, check)
    elif isinstance(action, Reshuffle):
        raise IllegalReshuffle(
            "no_reshuffle_due", "a reshuffle comes only when a roll or draw empties the deck"
        )
    elif state.phase == "auction":
        auction = state.auction
        assert auction is not None
        if not auction.rolled:
            if not isinstance(action, Roll):
                raise WrongPhase("roll_due", f"the auctioneer {name} must roll the die first")
            new = _roll(state, seat, action, check)
        elif isinstance(action, Bid):
            new = _bid(state, seat, auction, action, check)
        elif isinstance(action, Pass):
            new = _pass(state, seat, auction)
        elif isinstance(action, Roll):
            raise WrongPhase("already_rolled", "the die was already rolled this round")
        else:
            raise WrongPhase("auction_running", f"the auction is running: {name} must bid or pass")
    elif isinstance(action, Draw):
        new = _draw(state, seat)
    elif isinstance(action, Play):
        new = _play(state, seat, action, check)
    else:
        raise WrongPhase("turns_running", f"the auction is over: it is {name}'s turn to draw or play")
    return replace(new, history=(*state.history, (seat, action)))


def _log(state: GameState, seat: int | None, code: LogCode, **params: LogParam) -> LogEntry:
    return LogEntry(state.round, None if seat is None else state.names[seat], code, tuple(params.items()))


def _describe(counts: Counts) -> str:
    return ", ".join(f"{n} {c}" for c, n in counts_to_dict(counts).items()) or "no cards"


def _take(deck: tuple[str, ...], n: int) -> tuple[Counts, tuple[str, ...], int]:
    """Take up to ``n`` cards: (taken, rest of deck, cards still owed)."""
    k = min(n, len(deck))
    return count_cards(deck[:k]), deck[k:], n - k


# --- auction


def _roll(state: GameState, seat: int, action: Roll, check: bool) -> GameState:
    k = action.k
    if check and (type(k) is not int or k not in DIE_FACES):
        raise IllegalRoll("bad_roll", f"a die shows 1 to 6, not {k!r}")
    taken, deck, owed = _take(state.deck, k)
    lot = add_counts(state.lot, taken)
    pending = PendingDraw(seat, owed, True) if owed and any(state.discards) else None
    assert state.auction is not None
    return replace(
        state,
        deck=deck,
        lot=lot,
        pending=pending,
        auction=replace(state.auction, rolled=True),
        log=(*state.log, _log(state, seat, LogCode.ROLL, k=k, taken=taken, lot=lot)),
    )


def _bid(state: GameState, seat: int, auction: AuctionState, action: Bid, check: bool) -> GameState:
    n = action.n
    if check:
        if type(n) is not int or n < 1:
            raise IllegalBid("bid_below_one", f"a bid is a whole number of bills, at least 1, not {n!r}")
        if n <= auction.high_bid:
            raise IllegalBid("bid_too_low", f"a bid must be higher than {auction.high_bid}")
        if n > state.players[seat].bills:
            raise IllegalBid("not_enough_bills", f"{n} is more bills than {state.names[seat]} holds")
    state = replace(state, log=(*state.log, _log(state, seat, LogCode.BID, n=n)))
    return _auction_step(state, replace(auction, high_bid=n, high_bidder=seat), seat)


def _pass(state: GameState, seat: int, auction: AuctionState) -> GameState:
    out = auction.out[:seat] + (True,) + auction.out[seat + 1 :]
    state = replace(state, log=(*state.log, _log(state, seat, LogCode.PASS)))
    return _auction_step(state, replace(auction, out=out), seat)


def _auction_step(state: GameState, auction: AuctionState, seat: int) -> GameState:
    """After a bid or pass: end the auction or hand the bid to the next player still in."""
    active = [s for s, o in enumerate(auction.out) if not o]
    if not active:
        return _unsold(state)
    if auction.high_bidder is not None and active == [auction.high_bidder]:
        return _sold(state, auction.high_bidder, auction.high_bid)
    n = len(state.players)
    nxt = (seat + 1) % n
    while auction.out[nxt]:
        nxt = (nxt + 1) % n
    return replace(state, auction=replace(auction, to_bid=nxt))


def payment(n_players: int, winner: int, bid: int) -> tuple[int, ...]:
    """Bills each seat receives: one at a time from the winner's left neighbour clockwise, wrapping,
    never to the winner.

    >>> payment(3, 0, 5)
    (0, 3, 2)
    >>> payment(4, 2, 4)
    (1, 1, 0, 2)
    """
    others = n_players - 1
    base, extra = divmod(bid, others)
    out = [0] * n_players
    for k in range(1, n_players):
        out[(winner + k) % n_players] = base + (1 if k <= extra else 0)
    return tuple(out)


def _sold(state: GameState, winner: int, bid: int) -> GameState:
    pay = payment(len(state.players), winner, bid)
    players = []
    for s, p in enumerate(state.players):
        if s == winner:
            players.append(replace(p, bills=p.bills - bid, hand=add_counts(p.hand, state.lot)))
        else:
            players.append(replace(p, bills=p.bills + pay[s]))
    entry = _log(state, winner, LogCode.SOLD, lot=state.lot, bid=bid)
    return replace(
        state,
        players=tuple(players),
        lot=NO_CARDS,
        start_player=winner,
        auction=None,
        phase="turns",
        turn=0,
        log=(*state.log, entry),
    )


def _unsold(state: GameState) -> GameState:
    start = state.start_player
    if start is None:  # only possible in the very first auction
        start = state.auctioneer
    return replace(
        state,
        start_player=start,
        auction=None,
        phase="turns",
        turn=0,
        log=(*state.log, _log(state, None, LogCode.UNSOLD, start=state.names[start])),
    )


def _reshuffle(state: GameState, seat: int, action: Reshuffle, check: bool) -> GameState:
    pending = state.pending
    assert pending is not None
    order = tuple(action.order)
    if check:
        bad = [c for c in order if c not in COMPANY_INDEX]
        if bad:
            raise IllegalReshuffle("unknown_company", f"unknown company {bad[0]!r} in the reshuffle")
        if count_cards(order) != state.discards:
            raise IllegalReshuffle(
                "not_discards",
                f"the new deck must be exactly the discard pile ({_describe(state.discards)}), "
                f"not {_describe(count_cards(order))}",
            )
    taken, deck, _ = _take(state.deck + order, pending.owed)
    entry = _log(state, seat, LogCode.RESHUFFLE, n=len(order))
    state = replace(state, discards=NO_CARDS, pending=None, log=(*state.log, entry))
    if pending.to_lot:
        lot = add_counts(state.lot, taken)
        entry = _log(state, seat, LogCode.ROLL_MORE, taken=taken, lot=lot)
        return replace(state, deck=deck, lot=lot, log=(*state.log, entry))
    p = state.players[seat]
    state = replace(
        state, deck=deck, players=_set(state.players, seat, replace(p, hand=add_counts(p.hand, taken)))
    )
    return _end_turn(state)


# --- turns


def _set(players: tuple[PlayerState, ...], seat: int, p: PlayerState) -> tuple[PlayerState, ...]:
    return players[:seat] + (p,) + players[seat + 1 :]


def _draw(state: GameState, seat: int) -> GameState:
    taken, deck, owed = _take(state.deck, DRAW_COUNT)
    p = state.players[seat]
    state = replace(
        state,
        deck=deck,
        players=_set(state.players, seat, replace(p, hand=add_counts(p.hand, taken))),
        log=(*state.log, _log(state, seat, LogCode.DRAW, n=sum(taken))),
    )
    if owed and any(state.discards):
        return replace(state, pending=PendingDraw(seat, owed, False))
    return _end_turn(state)


def majority_holder(players: Sequence[PlayerState], company: int) -> int | None:
    """The seat with strictly the most laid cards of ``company`` (index), or None on a tie or none."""
    best = 0
    holder: int | None = None
    for s, p in enumerate(players):
        n = p.laid[company]
        if n > best:
            best, holder = n, s
        elif n == best:
            holder = None
    return holder


def _play(state: GameState, seat: int, action: Play, check: bool) -> GameState:
    p = state.players[seat]
    name = state.names[seat]
    cards = tuple(action.cards)
    if check:
        if len(cards) != len(COMPANIES) or any(type(n) is not int for n in cards):
            raise IllegalPlay("bad_cards", "laid cards are 5 whole numbers, one per company")
        if any(n < 0 for n in cards):
            raise IllegalPlay("bad_cards", "a negative number of cards cannot be laid")
        if not any(cards):
            raise IllegalPlay("no_cards", "a play lays at least one card")
        for c, n, h in zip(COMPANIES, cards, p.hand, strict=True):
            if n > h:
                raise IllegalPlay(
                    "not_in_hand", f"{name} has only {h} {c} card{'s' if h != 1 else ''} in hand"
                )
    need = cards_needed(state, seat)
    sealed = [i for i, n in enumerate(cards) if n >= need[i]]
    stations = stations_ahead(state, seat)
    reachable = [i for i in sealed if stations[i] is not None]
    if check:
        if not sealed:
            raise IllegalPlay(
                "no_majority",
                f"after laying these cards {name} would hold no majority in any company; draw instead",
            )
        if state.end_round and not reachable:
            raise IllegalPlay(
                "end_round_no_station",
                "in the last round a play must leave one of your seals with a station ahead; draw instead",
            )
        if action.move == GOAL:
            if reachable:
                options = ", ".join(COMPANIES[i] for i in reachable)
                raise IllegalMove(
                    "station_ahead",
                    f"the goal is only for a merchant with no station ahead; move to {options}",
                )
            if action.cash_in:
                raise IllegalCashIn("cash_in_at_goal", "a merchant at the goal can no longer cash in")
        else:
            index = COMPANY_INDEX.get(action.move)
            if index is None:
                raise IllegalMove("unknown_company", f"unknown company {action.move!r}")
            if index not in sealed:
                raise IllegalMove("no_seal", f"{name} would not hold the {action.move} seal after laying")
            field = stations[index]
            if field is None:
                raise IllegalMove(
                    "no_station", f"no {action.move} station is left ahead of {name}'s merchant"
                )
            if action.cash_in and any(t.company == action.move for t in p.tiles):
                raise IllegalCashIn(
                    "company_held",
                    f"{name} already holds a {action.move} tile: cashing in needs a new company",
                )

    # lay the cards, move the markers and the seals
    laid = add_counts(p.laid, cards)
    p = replace(p, hand=sub_counts(p.hand, cards), laid=laid)
    players = _set(state.players, seat, p)
    seals = tuple(majority_holder(players, i) if cards[i] else holder for i, holder in enumerate(state.seals))
    log = [_log(state, seat, LogCode.PLAY, cards=cards)]
    for c, old, new in zip(COMPANIES, state.seals, seals, strict=True):
        if old != new:
            code = LogCode.SEAL_RETURNED if new is None else LogCode.SEAL_TAKEN
            log.append(_log(state, seat, code, company=c))
    state = replace(state, seals=seals)

    if action.move == GOAL:
        p = replace(p, field=GOAL_FIELD)
        log.append(_log(state, seat, LogCode.GOAL))
        state = replace(state, end_round=True)
    else:
        state, p = _move(state, seat, p, action, stations[COMPANY_INDEX[action.move]], log)
    state = replace(state, players=_set(players, seat, p), log=(*state.log, *log))
    return _end_turn(state)


def _move(
    state: GameState, seat: int, p: PlayerState, action: Play, field: int | None, log: list[LogEntry]
) -> tuple[GameState, PlayerState]:
    assert field is not None
    fld = state.track[field - 1]
    tile = fld.tile
    track = list(state.track)
    track[field - 1] = replace(fld, face_up=True, taken_by=seat)
    log.append(_log(state, seat, LogCode.MOVE, field=field, tile=str(tile)))
    exchanges = state.exchanges
    crates = p.crates_left
    if crates:
        g, c = GOOD_INDEX[tile.good], COMPANY_INDEX[tile.company]
        row = exchanges[g]
        exchanges = exchanges[:g] + (row[:c] + (seat,) + row[c + 1 :],) + exchanges[g + 1 :]
        crates -= 1
    revealed = state.revealed
    while revealed < TRACK_LENGTH and field > revealed - BLOCK:
        for i in range(revealed, revealed + BLOCK):
            if not track[i].face_up:
                track[i] = replace(track[i], face_up=True)
        log.append(_log(state, seat, LogCode.REVEAL, first=revealed + 1, last=revealed + BLOCK))
        revealed += BLOCK
    tiles = (*p.tiles, tile)
    gold = p.gold
    cashed = p.cashed
    if action.cash_in:
        give: list[Tile] = []
        for t in tiles:
            if all(x.company != t.company for x in give):
                give.append(t)
        gain = state.setup.cash_table[len(give) - 1]
        gold += gain
        cashed = (*cashed, *give)
        tiles = tuple(t for t in tiles if t not in give)
        log.append(_log(state, seat, LogCode.CASH_IN, tiles=tuple(map(str, give)), gold=gain))
    p = replace(p, field=field, tiles=tiles, cashed=cashed, gold=gold, crates_left=crates)
    return replace(state, track=tuple(track), revealed=revealed, exchanges=exchanges), p


def _pirates(state: GameState) -> GameState:
    """Sink the largest companies while the cannon reaches the threshold."""
    threshold = state.pirate_threshold
    while state.cannon >= threshold:
        markers = state.markers
        top = max(markers)
        sunk = tuple(n if n == top else 0 for n in markers)
        keep = tuple(0 if n == top else 1 for n in markers)
        players = tuple(
            replace(p, laid=tuple(a * b for a, b in zip(p.laid, keep, strict=True))) for p in state.players
        )
        seals = tuple(None if n == top else s for n, s in zip(markers, state.seals, strict=True))
        companies = tuple(c for c, n in zip(COMPANIES, sunk, strict=True) if n)
        entry = _log(state, None, LogCode.PIRATES, cannon=state.cannon, count=sum(sunk), companies=companies)
        state = replace(
            state,
            players=players,
            seals=seals,
            discards=add_counts(state.discards, sunk),
            log=(*state.log, entry),
        )
    return state


def _end_turn(state: GameState) -> GameState:
    state = _pirates(state)
    turn = state.turn + 1
    if turn < len(state.players):
        return replace(state, turn=turn)
    if state.end_round:
        return _finish(replace(state, turn=turn))
    assert state.start_player is not None
    auctioneer = state.start_player
    rnd = state.round + 1
    return replace(
        state,
        round=rnd,
        phase="auction",
        auctioneer=auctioneer,
        auction=fresh_auction(len(state.players), auctioneer),
        turn=0,
        log=(*state.log, LogEntry(rnd, state.names[auctioneer], LogCode.ROUND)),
    )


# ---------------------------------------------------------------------------------------- scoring


def _finish(state: GameState) -> GameState:
    players = tuple(replace(p, laid=add_counts(p.laid, p.hand), hand=NO_CARDS) for p in state.players)
    seals = tuple(majority_holder(players, i) for i in range(len(COMPANIES)))
    state = replace(state, players=players, seals=seals)
    scores = score(state)
    best = max(s.total for s in scores)
    winners = tuple(state.names[i] for i, s in enumerate(scores) if s.total == best)
    entry = _log(state, None, LogCode.END, winners=winners, gold=best)
    return replace(state, phase="finished", scores=scores, log=(*state.log, entry))


def score(state: GameState) -> tuple[Score, ...]:
    """Final gold by source for every seat, from the state as it stands (hands already laid);
    computed by :func:`scoring.score_table`, the one scoring implementation."""
    return score_table(
        [
            TablePlayer(
                crates=tuple(state.crates(good)[s] for good in GOODS),
                bills=p.bills,
                seals=state.seals_of(s),
                goal=p.goal,
                cashed=p.gold,
            )
            for s, p in enumerate(state.players)
        ]
    )


__all__ = [
    "apply",
    "apply_trusted",
    "is_legal",
    "majority_holder",
    "payment",
    "score",
]
