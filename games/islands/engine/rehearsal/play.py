"""One simulated camp: a pure function of (board, spec, camp index).

The camp is set up as staff set up a real one: the sides by lot (``generator.draw_sides``: teams share
sides when there are more than three), then each team, in seat order, takes a bay of its side at
random among those still free, with one cargo ship in its harbor. Each round then runs as the camp's
evening does: the mini-game's places (:func:`placements`) give each team its AP from the AP table
(:func:`ap_for_rank`), the round's priority is the placement (ties by lot, as the camp draws them),
the round is opened (the pirates' moves drawn), each team's bot writes its orders, the round is
resolved by the engine's trusted path, and the telescopes found are pointed where the finder's bot
says (``resolve.reveal_by_telescope``).

Every random draw comes from the engine's scheme (``rng.random_for(seed, round, purpose)``) with the
simulated camp's own seed, :func:`camp_seed` of (the rehearsal's seed, the camp's index): camp ``k``
draws the same sides, bays and places on every board rehearsed beside it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields

from ..bays import choose_bays
from ..bots import (
    STYLES,
    greedy_orders,
    greedy_telescope_target,
    novice_orders,
    plan_orders,
    telescope_target,
)
from ..events import What
from ..generator import SETUP_ROUND, draw_sides
from ..hexes import Hex, geometry
from ..orders import Orders
from ..resolve import open_round, resolve_trusted, reveal_by_telescope
from ..rng import random_for
from ..state import CARGO_IDS, Board, GameState, Ship, ShipKind, Team
from .spec import RehearsalBoard, RehearsalSpec

#: In a mini-game's order, the chance that a team ties with the one placed just before it (both
#: get the better place's AP; the place after them is skipped, rules section 1).
TIE_CHANCE = 0.1
#: With the "strong" placement model the first team is this many times as likely as any other to
#: take each place still open (best place first).
STRONG_WEIGHT = 3.0

Bot = Callable[[GameState, str], Orders]
TelescopeChoice = Callable[[int, Iterable[Hex], Hex], Hex]

_ORDERS: dict[str, Callable[..., Orders]] = {
    "planner": plan_orders,
    "greedy": greedy_orders,
    "novice": novice_orders,
}
_TELESCOPES: dict[str, TelescopeChoice] = {
    "planner": telescope_target,
    "greedy": greedy_telescope_target,
    "novice": telescope_target,
}
#: What ends a team ship (the event's ``team`` is the ship's): reefs or off the board, a shot, a pirate.
_LOSSES = frozenset({What.SINK, What.HIT, What.CONVERT})
#: The events the figures count: losses, and pirates appearing.
_COUNTED = _LOSSES | {What.PIRATE}


def camp_seed(seed: int, camp: int, purpose: str) -> int:
    """A simulated camp's own 63-bit seed, derived from the rehearsal's seed, the camp's index and
    a purpose (as the camp derives its seeds: a hash, so no camp's draws follow from another's)."""
    digest = hashlib.sha256(repr(("zlate-ostrovy-rehearsal", seed, camp, purpose)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def styles(spec: RehearsalSpec) -> tuple[str, ...]:
    """The styles a rehearsal plays, each on camps of its own: every bot's (``"every"``, the
    default: a board is fair only when it is fair for every style), or the one asked for."""
    return STYLES if spec.bots == "every" else (spec.bots,)


def team_bots(spec: RehearsalSpec, style: str) -> tuple[str, ...]:
    """The bot of each team, by seat, in camps of ``style``: "mixed" gives the planner to the 1st,
    3rd, … team and the greedy bot to the 2nd, 4th, …"""
    if style == "mixed":
        return tuple("planner" if i % 2 == 0 else "greedy" for i in range(len(spec.teams)))
    return (style,) * len(spec.teams)


def ap_for_rank(ap_table: Sequence[int], rank: int) -> int:
    """AP for a place (1 = first) by the table, 0 beyond it: with competition ranking (1, 1, 3)
    tied teams share their place's AP (the rule of ``camp.selectors.ap_for_rank``, which the engine
    may not import)."""
    return int(ap_table[rank - 1]) if 1 <= rank <= len(ap_table) else 0


def placements(teams: int, rnd: random.Random, model: str) -> tuple[int, ...]:
    """Each team's place (by seat) in one mini-game, competition ranking ("1, 1, 3").

    The order is drawn place by place, each team still unplaced as likely as any other ("uniform";
    "strong": the first team :data:`STRONG_WEIGHT` times as likely); then each team ties with the
    one just before it with the chance :data:`TIE_CHANCE`.
    """
    order = list(range(teams))
    if model == "strong":
        weights = [STRONG_WEIGHT] + [1.0] * (teams - 1)
        left, order = order, []
        while left:
            pick = rnd.choices(left, weights=[weights[i] for i in left])[0]
            left.remove(pick)
            order.append(pick)
    else:
        rnd.shuffle(order)
    ranks = [0] * teams
    for position, seat in enumerate(order):
        tied = position > 0 and rnd.random() < TIE_CHANCE
        ranks[seat] = ranks[order[position - 1]] if tied else position + 1
    return tuple(ranks)


def idle(orders: Orders) -> bool:
    """Orders that do nothing useful: no ship moves, the harbor stays, nothing is built, no shot."""
    return (
        not orders.build_cargo
        and not orders.build_battleships
        and orders.fire is None
        and not any(orders.harbor)
        and not any(step is not None for _ship, route in orders.routes for step in route)
    )


@dataclass(frozen=True)
class CampRecord:
    """What one simulated camp on one board gave: plain numbers, per team by seat, per round by
    round (the figures are worked out from these, :mod:`.figures`)."""

    camp: int
    #: The style its teams played (``styles``: a bot's name, or "mixed").
    style: str
    sides: tuple[str, ...]
    bays: tuple[int, ...]
    #: Each team's place in the order its side's teams chose their bays (1: it chose first).
    choice: tuple[int, ...]
    delivered: tuple[int, ...]
    ap_total: tuple[int, ...]
    #: The teams (seats) that won: the most chests, then the fewest AP; more than one on a full tie.
    winners: tuple[int, ...]
    #: Whether two or more teams had the most chests and the fewest AP picked one of them.
    tie_break: bool
    #: Chests delivered by all teams after each round.
    home_by_round: tuple[int, ...]
    #: The first round after which half the chests were home (None: never).
    rounds_to_half: int | None
    #: The first round after which no chest was left to fetch: all delivered or lost (None: never).
    rounds_to_all: int | None
    #: Chests still on the board or aboard a ship at the end.
    left_over: int
    #: Team ships lost (sunk, shot, turned pirate) in each round, all teams together.
    lost_by_round: tuple[int, ...]
    #: Team-rounds with 0 AP; with AP but orders that do nothing useful (:func:`idle`).
    zero_ap: int
    idle: int
    #: Pirates that appeared (from a pirates tile, or a ship turned pirate); team ships they took
    #: (turned pirate, or hit by a pirate's shot).
    pirates: int
    pirate_victims: int

    def __reduce__(self) -> tuple[type[CampRecord], tuple[object, ...]]:
        # Pickled by its fields (from a worker): the compiled engine's frozen classes refuse the default.
        return (CampRecord, tuple(getattr(self, part.name) for part in fields(self)))


class Stopped(ValueError):
    """Raised by :func:`play_camp` when its ``stop`` said so (the run turns it into
    ``RehearsalCancelled``)."""


def play_camp(
    board: RehearsalBoard,
    spec: RehearsalSpec,
    camp: int,
    style: str | None = None,
    *,
    stop: Callable[[], bool] | None = None,
    trace: list[tuple[GameState, dict[str, Orders]]] | None = None,
) -> CampRecord:
    """Play the simulated camp ``camp`` of ``spec`` on ``board``, its teams playing ``style`` (by
    default the spec's first: :func:`styles`). Camp ``k`` of every style draws the same sides,
    order of choice and places. ``stop`` is asked before each round (true: :class:`Stopped`);
    ``trace`` collects each round's state and orders, for the benchmark that times the resolver
    alone on them."""
    style = styles(spec)[0] if style is None else style
    g = geometry(board.side)
    seed = camp_seed(spec.seed, camp, "game")
    names = spec.teams
    bots = team_bots(spec, style)
    sides = draw_sides(names, seed)
    # The order the teams choose their bays in, by lot; each takes the bay a team would take.
    order = list(range(len(names)))
    random_for(seed, SETUP_ROUND, "bays").shuffle(order)
    chosen = choose_bays(board.side, tuple(sides[names[i]] for i in order))
    harbors: list[Hex] = [g.bays[0]] * len(names)
    choice = [0] * len(names)
    for place, (i, bay) in enumerate(zip(order, chosen, strict=True)):
        harbors[i] = bay
        choice[i] = 1 + sum(1 for j in order[:place] if sides[names[j]] == sides[names[i]])
    state = GameState(
        Board.from_cells(board.side, board.cells),
        tuple(
            Team(n, h, ships=(Ship(CARGO_IDS[0], ShipKind.CARGO),))
            for n, h in zip(names, harbors, strict=True)
        ),
        seed=seed,
        round_number=1,
    )
    total = state.board.chests_on_map
    seat = {name: i for i, name in enumerate(names)}
    home_by_round: list[int] = []
    lost_by_round: list[int] = []
    half: int | None = None
    everything: int | None = None
    zero_ap = idle_rounds = pirates = victims = 0
    for number in range(1, spec.rounds + 1):
        if stop is not None and stop():
            raise Stopped
        # The mini-game's places, then the ties of the round's priority drawn by lot (as the camp's
        # round_priority does; here from the same generator, after the places).
        draw = random_for(seed, number, "placements")
        ranks = placements(len(names), draw, spec.placement)
        priority = list(range(len(names)))
        draw.shuffle(priority)
        priority.sort(key=ranks.__getitem__)
        state = open_round(state, priority=(names[i] for i in priority))
        orders: dict[str, Orders] = {}
        for i in priority:
            ap = ap_for_rank(spec.ap_table, ranks[i])
            # (legal as made: the tests run the bots' orders through the engine's checked path)
            orders[names[i]] = _ORDERS[bots[i]](state, names[i], ap=ap, checked=False)
            if ap == 0:
                zero_ap += 1
            elif idle(orders[names[i]]):
                idle_rounds += 1
        if trace is not None:
            trace.append((state, orders))
        result = resolve_trusted(state, orders)
        lost = 0
        for event in [e for e in result.events if e.what in _COUNTED]:
            if event.what in _LOSSES and event.team is not None:
                lost += 1
                by = dict(event.detail).get("by", "")
                if event.what is What.CONVERT or (isinstance(by, str) and by and "." not in by):
                    victims += 1  # turned pirate, or hit by a pirate's shot (a pirate's who has no dot)
            if event.what is What.PIRATE or event.what is What.CONVERT:
                pirates += 1
        lost_by_round.append(lost)
        state = result.state
        for telescope in result.telescopes:
            team = state.team(telescope.team)
            revealed = [h for h, c in state.board.items() if c.revealed]
            state = reveal_by_telescope(
                state, _TELESCOPES[bots[seat[team.name]]](board.side, revealed, team.harbor)
            )
        delivered = sum(t.delivered for t in state.teams)
        home_by_round.append(delivered)
        if half is None and 2 * delivered >= total:
            half = number
        if everything is None and _left(state) == 0:
            everything = number
    final = [state.team(n) for n in names]
    most = max(t.delivered for t in final)
    top = [i for i, t in enumerate(final) if t.delivered == most]
    fewest = min(final[i].ap_total for i in top)
    winners = tuple(i for i in top if final[i].ap_total == fewest)
    return CampRecord(
        camp=camp,
        style=style,
        sides=tuple(sides[n] for n in names),
        bays=tuple(g.bay_number(h) for h in harbors),
        choice=tuple(choice),
        delivered=tuple(t.delivered for t in final),
        ap_total=tuple(t.ap_total for t in final),
        winners=winners,
        tie_break=len(top) > 1 and len(winners) == 1,
        home_by_round=tuple(home_by_round),
        rounds_to_half=half,
        rounds_to_all=everything,
        left_over=_left(state),
        lost_by_round=tuple(lost_by_round),
        zero_ap=zero_ap,
        idle=idle_rounds,
        pirates=pirates,
        pirate_victims=victims,
    )


def _left(state: GameState) -> int:
    """Chests still to fetch: on the board or aboard a ship."""
    return state.board.chests_on_map + sum(s.chests for t in state.teams for s in t.ships)
