"""The greedy bot (:func:`greedy_orders`): builds whenever it can, explores the hidden hex nearest to
each ship, fears only reefs and octopuses, moves its harbor towards known chests and fires at any
enemy ship in range; :func:`greedy_telescope_target`."""

from __future__ import annotations

from collections.abc import Iterable

from ..hexes import Hex, distance
from ..notation import HarborMoves
from ..orders import Orders
from ..state import BATTLESHIP_COST, CARGO_SHIP_COST, MAX_CARGO_SHIPS, GameState
from ..tiles import Tile
from .planner import TeamPlan, legal, sail, steps_left, targets
from .ways import distances, known, most_hidden

#: Revealed tiles the greedy bot steers around: only the two that cost it a ship or hold it (reefs,
#: octopus); a mermaid, rum or Poseidon it risks.
GREEDY_AVOID = frozenset({Tile.REEFS, Tile.OCTOPUS})
#: Movement steps the greedy bot keeps when it builds: it builds while as many are left.
GREEDY_KEEP_STEPS = 4
#: Cargo ships the greedy bot has before it builds a battleship.
GREEDY_CARGO_BEFORE_BATTLESHIP = 3
#: How far from its harbor the greedy bot looks for a telescope's hex.
GREEDY_TELESCOPE_REACH = 8


class GreedyPlan(TeamPlan):
    """The greedy bot's view: danger is reefs and octopuses only, a ship explores the hidden hex
    nearest to it (not the sweep near home), the prey is every enemy ship at sea (pirates and
    the other teams'), and home is where the harbor is after its move of the round, if any (its
    frame stays the one of the harbor it starts the round in)."""

    def __init__(self, state: GameState, team_name: str, home: Hex) -> None:
        super().__init__(state, team_name)
        self.home = home
        self.avoid = known(state.board).among(GREEDY_AVOID)
        self.prey = [
            *(s.at for t in state.teams if t.name != team_name for s in t.ships if s.at is not None),
            *self.prey,
        ]

    def explore_leg(self, at: Hex | None) -> list[Hex]:
        return self.path(at, self.unexplored)


def greedy_orders(state: GameState, team_name: str, *, ap: int, checked: bool = True) -> Orders:
    """The greedy bot's legal orders for the round ``state`` is about to play (deterministic;
    ``checked`` as for ``plan_orders``).

    It builds whenever it can keep :data:`GREEDY_KEEP_STEPS` steps (cargo ships, a battleship once it
    has :data:`GREEDY_CARGO_BEFORE_BATTLESHIP` cargo ships); its cargo ships fetch the nearest known
    chest, go home when full (or loaded with no chest left to fetch), else explore the nearest hidden
    hex; they steer around revealed reefs and octopuses only. Its harbor moves one bay at the first
    step when that brings it nearer to the chests (:func:`greedy_harbor_move`). Its battleship hunts
    the nearest enemy ship (a pirate or another team's) and fires where it hits the most enemies in
    range and none of its own ships."""
    team = state.team(team_name)
    build_cargo, build_battleships = greedy_builds(state, team_name, ap)
    steps = steps_left(ap, build_cargo, build_battleships)
    move = greedy_harbor_move(state, team_name, steps)
    home = state.geometry.bay_neighbour(team.harbor, move) if move else team.harbor
    plan = GreedyPlan(state, team_name, home)
    sailed = sail(plan, steps)
    fire = None
    in_range = targets(plan.prey, sailed)
    if in_range and sailed.battleship_end is not None:
        end = sailed.battleship_end

        def hits(target: Hex) -> int:
            return sum(1 for p in plan.prey if distance(target, p) <= 1)

        fire = min(in_range, key=lambda p: (-hits(p), distance(end, p), plan.key(p)))
    harbor = HarborMoves((move,)) if move else HarborMoves()
    planned = Orders(ap, build_cargo, build_battleships, sailed.routes, harbor, fire)
    return legal(state, team_name, planned) if checked else planned


def greedy_builds(state: GameState, team_name: str, ap: int) -> tuple[int, int]:
    """Cargo ships and battleships the greedy bot builds: a team without ships builds one cargo
    ship; otherwise it builds while :data:`GREEDY_KEEP_STEPS` steps are left, a battleship first
    once it has :data:`GREEDY_CARGO_BEFORE_BATTLESHIP` cargo ships, else cargo ships up to the limit."""
    team = state.team(team_name)
    if not team.ships:
        return (1, 0) if ap >= CARGO_SHIP_COST else (0, 0)
    cargo = battleships = 0
    while True:
        left = ap - cargo * CARGO_SHIP_COST - battleships * BATTLESHIP_COST
        have = team.cargo_count + cargo
        if (
            team.battleship is None
            and not battleships
            and have >= GREEDY_CARGO_BEFORE_BATTLESHIP
            and left - BATTLESHIP_COST >= GREEDY_KEEP_STEPS
        ):
            battleships = 1
        elif have < MAX_CARGO_SHIPS and left - CARGO_SHIP_COST >= GREEDY_KEEP_STEPS:
            cargo += 1
        else:
            return cargo, battleships


def greedy_harbor_move(state: GameState, team_name: str, steps: int) -> int:
    """The greedy bot's harbor move at step 1: +1 or -1 (a bay on), or 0 to stay.

    It moves to a neighbouring bay (no other team's harbor) that is nearer to the nearest revealed
    chest (none known: it stays), and only when no loaded ship of its own at sea would have farther
    to go home. On a tie the next bay in the bay order wins: the order runs round the board the
    same way from every side, so no side is preferred."""
    if steps < 1:
        return 0
    g = state.geometry
    team = state.team(team_name)
    goals = known(state.board).chests.keys()
    if not goals:
        return 0
    others = {t.harbor for t in state.teams if t.name != team_name}
    loaded = [s.at for s in team.ships if s.at is not None and s.chests > 0]

    def reach(bay: Hex) -> int:
        far = distances(g.side, bay)
        return min(far[h] for h in goals)

    best, move = reach(team.harbor), 0
    for delta in (1, -1):
        bay = g.bay_neighbour(team.harbor, delta)
        if bay in others or any(distance(at, bay) > distance(at, team.harbor) for at in loaded):
            continue
        if (near := reach(bay)) < best:
            best, move = near, delta
    return move


def greedy_telescope_target(side: int, revealed: Iterable[Hex], harbor: Hex) -> Hex:
    """Where the greedy bot points its telescope: the hex at most :data:`GREEDY_TELESCOPE_REACH`
    from its harbor that shows the most hidden hexes, the nearer one on a tie, then the team's first
    label."""
    return most_hidden(side, revealed, harbor, GREEDY_TELESCOPE_REACH)
