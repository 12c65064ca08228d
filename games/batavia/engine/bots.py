"""Computer players for Batavia, for simulations, benchmarks and filling empty seats.

- :class:`RandomBot`: any legal action, chosen at random (draws half of its turns).
- :class:`GreedyBot`: looks one play ahead: prefers plays that gain a seal, a station whose good it
  can lead at the exchange, or gold from cashing in; bids up to what the lot is worth.

Neither bot enumerates every legal play (there can be tens of thousands); both build a handful of
candidates from :func:`cards_needed` and :func:`stations_ahead`.

>>> s = play_game(["greedy", "random", "random"], seed=1)
>>> s.phase, len(s.ranking()) >= 1
('finished', True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from . import rng
from .actions import Action, Bid, Draw, Pass, Play
from .components import COMPANIES, GOAL, GOOD_INDEX, Counts, Tile
from .legal import can_play, cards_needed, chance_action, stations_ahead
from .rules import apply, apply_trusted, score
from .setup import new_game
from .state import EXCHANGE_GOLD, EXCHANGE_TIE_GOLD, GameState


class Bot(Protocol):
    """Chooses the action of ``seat`` when the game waits for it (never a roll or reshuffle:
    those come from :func:`chance_action`)."""

    def choose(self, state: GameState, seat: int) -> Action: ...


def _majority_moves(state: GameState, seat: int, cards: Counts, need: Counts) -> tuple[list[int], list[int]]:
    """(companies sealed after laying ``cards``, those of them with a station ahead)."""
    stations = stations_ahead(state, seat)
    sealed = [i for i in range(len(COMPANIES)) if cards[i] >= need[i]]
    return sealed, [i for i in sealed if stations[i] is not None]


class RandomBot:
    """Uniformly random among a few kinds of legal action; a random play when it plays."""

    def __init__(self, seed: rng.Seed = 0) -> None:
        self.random = random.Random(rng.derive(seed, "random-bot"))

    def choose(self, state: GameState, seat: int) -> Action:
        r = self.random
        p = state.players[seat]
        if state.phase == "auction":
            assert state.auction is not None
            low = state.auction.high_bid + 1
            if low > p.bills or r.random() < 0.6:
                return Pass()
            return Bid(r.randint(low, min(p.bills, low + 3)))
        if not can_play(state) or r.random() < 0.5:
            return Draw()
        need = cards_needed(state, seat)
        stations = stations_ahead(state, seat)
        targets = [
            i
            for i in range(len(COMPANIES))
            if need[i] <= p.hand[i] and (not state.end_round or stations[i] is not None)
        ]
        i = r.choice(targets)
        cards = [r.randint(0, h) if r.random() < 0.3 else 0 for h in p.hand]
        cards[i] = max(cards[i], need[i])
        if not any(cards):
            cards[r.choice([j for j, h in enumerate(p.hand) if h])] = 1
        laid = tuple(cards)
        _, moves = _majority_moves(state, seat, laid, need)
        if not moves:
            return Play(laid, GOAL, False)
        m = r.choice(moves)
        held = {t.company for t in p.tiles}
        cash = COMPANIES[m] not in held and r.random() < 0.5
        return Play(laid, COMPANIES[m], cash)


def _exchange_gain(state: GameState, seat: int, tile: Tile) -> float:
    """How much a crate on ``tile``'s exchange adds to ``seat``'s final gold, as things stand."""
    if state.players[seat].crates_left == 0:
        return 0.0
    g = GOOD_INDEX[tile.good]
    crates = state.crates(tile.good)
    mine = crates[seat]
    others = max(n for s, n in enumerate(crates) if s != seat)

    def value(m: int) -> int:
        if m > others:
            return EXCHANGE_GOLD[g]
        if m == others and m:
            return EXCHANGE_TIE_GOLD[g]
        return 0

    return float(value(mine + 1) - value(mine)) + 0.15 * EXCHANGE_GOLD[g] / 10


class GreedyBot:
    """One-play look-ahead with a hand-tuned value of each candidate play against drawing."""

    def __init__(self, seed: rng.Seed = 0) -> None:
        self.random = random.Random(rng.derive(seed, "greedy-bot"))

    def choose(self, state: GameState, seat: int) -> Action:
        if state.phase == "auction":
            return self._bid(state, seat)
        return self._turn(state, seat)

    def _bid(self, state: GameState, seat: int) -> Action:
        assert state.auction is not None
        bills = state.players[seat].bills
        worth = int(sum(state.lot) * 0.8 + 1)
        nxt = state.auction.high_bid + 1
        return Bid(nxt) if nxt <= min(bills, worth) else Pass()

    def _turn(self, state: GameState, seat: int) -> Action:
        p = state.players[seat]
        hand = p.hand
        total = sum(hand)
        refill = len(state.deck) + sum(state.discards)
        best_value = (2.5 - 0.12 * total) if refill else -5.0
        best: Action = Draw()
        if not total:
            return best
        n = len(COMPANIES)
        need = cards_needed(state, seat)
        stations = stations_ahead(state, seat)
        held = {t.company for t in p.tiles}
        sealed_now = [i for i in range(n) if need[i] == 0]
        cannon = state.cannon
        markers = state.markers
        threshold = state.pirate_threshold
        table = state.setup.cash_table
        late = sum(1 for f in state.track if f.taken_by is None) < 12

        for i in range(n):
            dest = stations[i]
            if dest is None or need[i] > hand[i]:
                continue
            cards = [0] * n
            if need[i]:
                cards[i] = need[i]
            else:
                j = i if hand[i] else max(range(n), key=lambda k: hand[k])
                cards[j] = 1
            gained = 1 if need[i] else 0
            # cheap extra seals
            for j in range(n):
                if j != i and 0 < need[j] <= 2 and need[j] <= hand[j] - cards[j] and stations[j] is not None:
                    cards[j] += need[j]
                    gained += 1
            laid = sum(cards)
            tile = state.track[dest - 1].tile
            value = 1.0 + _exchange_gain(state, seat, tile) + 2.5 * gained - 0.6 * laid
            value -= 0.08 * (dest - p.field)
            cash = False
            if tile.company not in held:
                k = len(held) + 1
                if k >= 4 or (k >= 3 and late):
                    cash = True
                    value += table[k - 1]
                else:
                    value += 0.7
            if cannon + laid >= threshold:
                after = [markers[k] + cards[k] for k in range(n)]
                top = max(after)
                mine = set(sealed_now) | {k for k in range(n) if cards[k] and cards[k] >= need[k]}
                lost = [k for k in mine if after[k] == top]
                value -= sum(3.0 + 0.5 * (p.laid[k] + cards[k]) for k in lost)
            value += self.random.random() * 0.01
            if value > best_value:
                best_value, best = value, Play(tuple(cards), COMPANIES[i], cash)

        if isinstance(best, Draw) and not state.end_round and all(stations[i] is None for i in sealed_now):
            # the goal: lay one card that leaves no seal with a station ahead
            for j in range(n):
                if need[j] <= hand[j] and stations[j] is None and (need[j] or hand[j]):
                    cards = [0] * n
                    cards[j] = max(need[j], 1)
                    totals = [s.total for s in score(state)]
                    lead = totals[seat] + 4 >= max(totals)
                    value = 4.0 + (3.0 if lead else -3.0) - 0.3 * cards[j]
                    if value > best_value:
                        best_value, best = value, Play(tuple(cards), GOAL, False)
                    break
        return best


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(kind: str, seed: rng.Seed = 0) -> Bot:
    """A bot by name (``"random"`` or ``"greedy"``); :class:`ValueError` for other names."""
    try:
        cls = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(BOTS)})") from None
    return cls(seed)


def play_game(
    bots: Sequence[str],
    seed: rng.Seed,
    names: Sequence[str] | None = None,
    *,
    checked: bool = False,
    max_actions: int = 20_000,
) -> GameState:
    """Play a whole game between bots (by kind, one per seat); the final state carries the whole
    record (:func:`games.batavia.engine.record.state_to_record`). With ``checked``, every action goes
    through the rules' checks. Players are named ``1-greedy``, ``2-random``, ... unless ``names``."""
    players = list(names) if names is not None else [f"{i + 1}-{b}" for i, b in enumerate(bots)]
    agents = [make_bot(kind, f"{seed}/{seat}") for seat, kind in enumerate(bots)]
    state = new_game(players, seed)
    step = apply if checked else apply_trusted
    for _ in range(max_actions):
        if state.phase == "finished":
            return state
        action: Action | None = chance_action(state)
        if action is None:
            seat = state.to_act
            assert seat is not None
            action = agents[seat].choose(state, seat)
        state = step(state, action)
    raise RuntimeError(f"the game did not end within {max_actions} actions")
