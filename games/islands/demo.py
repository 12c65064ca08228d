"""Demo data of the Golden Islands: a generated board and rounds played by a simple planner.

:func:`demo_play` sets a camp's game up (board from a fixed seed, sides by lot, a bay per team,
ships in their harbors) and plays rounds through the real services: placements, open, orders,
resolve, telescope choices, close. It picks up wherever the camp is (rounds already played are
kept), so running it again changes nothing. :func:`play_demo_rounds` is the demo builder's step
(:data:`camp.demo.DEMO_BUILD_STEPS`; ``manage.py demo_fixture`` writes what it builds to the demo
fixture that ``make run`` loads).

The orders come from the planner (:func:`games.islands.engine.bots.plan_orders`, pure, also a bot
of the rehearsal): a small deterministic planner that plays like a sensible team and knows only
what a team knows; its telescopes point where :func:`~games.islands.engine.bots.telescope_target`
says.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from django.db import transaction

from camp import services as camp_services
from camp.demo import demo_camp
from camp.models import Camp, MiniGame, Placement, Round, RoundStatus, Team
from games.islands.deals import deal_document
from games.islands.engine import events as ee
from games.islands.engine.bots import plan_orders, telescope_target
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.orders import Orders
from games.islands.engine.state import GameState
from games.islands.game_state import game_state
from games.islands.models.board import BoardHex, BoardSetup, Harbor
from games.islands.models.rehearsals import Rehearsal
from games.islands.models.rounds import RoundResult, TeamOrders, TelescopeChoice
from games.islands.orders import OrderSheet
from games.islands.selectors.board import derived_seed
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services
from games.islands.services import rounds as round_services

DEMO_BOARD_SEED = 20260705
#: The demo camp's board as the fair deal found it (``demo_deal``).
DEMO_DEAL_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "demo_deal.json"
DEMO_ROUNDS = 3
MINIGAMES = ("Přetahovaná", "Hledání pokladu", "Štafeta", "Střelba z luku", "Orientační běh", "Vodní bitva")

Out = Callable[[str], None]


def demo_deal(camp: Camp) -> Rehearsal:
    """The demo camp's fair deal, kept in ``fixtures/demo_deal.json`` (the search takes minutes; the
    file is what ``manage.py islands_deal --side 9 --teams 3 --ap-table 14,11,8 --seed 20260705``
    prints), recorded as a done deal of the camp with its proof."""
    report = json.loads(DEMO_DEAL_FILE.read_text(encoding="utf-8"))
    report.pop("seconds", None)
    spec = deal_document(camp.board_side, 3, camp.ap_table, DEMO_BOARD_SEED)
    return rehearsal_services.deal_record(camp=camp, spec=spec, report=report)


def game_setup(camp: Camp, *, board_seed: int = DEMO_BOARD_SEED, deal: bool = False) -> None:
    """Board, sides, bays and ships, each only if missing: the board the demo's fair deal found
    (``deal``: the demo camp's) or one from ``board_seed``; bays: the middle bay of each side, the
    next free one when two teams share a side."""
    setup = BoardSetup.objects.filter(camp=camp).first()
    if setup is None and deal:
        setup = board_services.board_deal_accept(camp=camp, deal=demo_deal(camp))
    elif setup is None:
        setup = board_services.board_generate(camp=camp, seed=board_seed)
    if setup.game_started:
        return
    if not setup.sides_drawn:
        board_services.harbors_draw_sides(camp=camp)
    g = geometry(camp.board_side)
    taken: set[int] = set(
        Harbor.objects.filter(team__camp=camp, bay__isnull=False).values_list("bay", flat=True)
    )
    chosen: dict[Team, int] = {}
    for harbor in Harbor.objects.filter(team__camp=camp, bay__isnull=True).select_related("team"):
        bays = [g.bay_number(b) for b in g.bays_on(harbor.side)]  # type: ignore[arg-type]
        middle = len(bays) // 2
        free = sorted((b for b in bays if b not in taken), key=lambda b: abs(bays.index(b) - middle))
        chosen[harbor.team] = free[0]
        taken.add(free[0])
    if chosen:
        board_services.harbors_set_bays(camp=camp, bays=chosen)
    board_services.game_start(camp=camp)


def _rng(camp: Camp, number: int, purpose: str) -> random.Random:
    return random.Random(derived_seed(camp.seed, "demo", number, purpose))


def _placements(camp: Camp, round_: Round) -> None:
    if Placement.objects.filter(round=round_).exists() and round_.status != RoundStatus.PLANNED:
        return
    if not MiniGame.objects.filter(round=round_).exists():
        camp_services.minigame_record(
            round=round_, name=MINIGAMES[(round_.number - 1) % len(MINIGAMES)], kind="outdoor"
        )
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    _rng(camp, round_.number, "placements").shuffle(teams)
    camp_services.placements_record(round=round_, ranks={t.pk: i for i, t in enumerate(teams, start=1)})


def _orders(camp: Camp, round_: Round) -> None:
    state = game_state(camp, round=round_)
    ap = dict(Placement.objects.filter(round=round_).values_list("team__name", "ap"))
    for team in Team.objects.filter(camp=camp).order_by("order", "name", "id"):
        orders = plan_orders(state, team.name, ap=int(ap.get(team.name, 0)))
        submit_orders(round_, team, orders, state)


def submit_orders(round_: Round, team: Team, orders: Orders, state: GameState) -> TeamOrders:
    """Store engine orders (a planner's or a bot's) through ``orders_submit``, as the text a team's
    sheet would carry (English letters)."""
    sheet = OrderSheet.from_orders(orders, state.geometry)
    return round_services.orders_submit(round=round_, team=team, sheet=sheet)


def _telescopes(camp: Camp, round_: Round) -> None:
    result = RoundResult.objects.get(round=round_)
    done = set(TelescopeChoice.objects.filter(result=result).values_list("ship", flat=True))
    bays = dict(Harbor.objects.filter(team__camp=camp).values_list("team__name", "bay"))
    g = geometry(camp.board_side)
    for key in ee.telescope_keys(result.pending_telescopes):
        if key in done:
            continue
        ship = key.split("#")[0]
        bay = bays.get(ship.rsplit(".", 1)[0])
        if bay is None:
            round_services.telescope_skip(round=round_, ship=ship)
            continue
        revealed = [
            Hex(q, r) for q, r in BoardHex.objects.filter(camp=camp, revealed=True).values_list("q", "r")
        ]
        target = telescope_target(camp.board_side, revealed, g.bay(bay))
        round_services.telescope_choose(round=round_, ship=ship, at=target)


def play_round(camp: Camp, round_: Round, *, close: bool = True) -> None:
    """Take one round as far as it goes: placements, open, orders, resolve, telescopes, close."""
    if round_.status in (RoundStatus.PLANNED, RoundStatus.MINIGAME_RECORDED):
        _placements(camp, round_)
        round_.refresh_from_db()
        round_services.round_open(round=round_)
    if round_.status == RoundStatus.ORDERS_OPEN:
        _orders(camp, round_)
        round_services.round_resolve(round=round_)
    if round_.status == RoundStatus.RESOLVED and close:
        _telescopes(camp, round_)
        round_services.round_close(round=round_)


@transaction.atomic
def demo_play(camp: Camp, *, rounds: int = DEMO_ROUNDS, open_next: bool = False) -> list[Round]:
    """Set the camp's game up and play its rounds 1 … ``rounds`` (creating rounds as needed).

    Rounds already closed are kept as they are. With ``open_next`` the round after them is created
    (if needed), its placements recorded and opened for order entry. Returns the played rounds.
    """
    game_setup(camp)
    played = []
    for number in range(1, rounds + 1):
        round_ = Round.objects.filter(camp=camp, number=number).first() or camp_services.round_create(
            camp=camp
        )
        play_round(camp, round_)
        played.append(round_)
    if open_next:
        number = rounds + 1
        round_ = Round.objects.filter(camp=camp, number=number).first() or camp_services.round_create(
            camp=camp
        )
        if round_.status in (RoundStatus.PLANNED, RoundStatus.MINIGAME_RECORDED):
            _placements(camp, round_)
            round_.refresh_from_db()
            round_services.round_open(round=round_)
    return played


def play_demo_rounds(*, out: Out) -> None:
    """Build step: the demo camp gets a board, three rounds played, round 4 open for orders.

    Only for the demo camp as the fixture loads it (same name and seed), never for a real camp.
    """
    camp = demo_camp()
    if camp is None:
        out("No demo camp: no Golden Islands rounds played.")
        return
    if (
        Round.objects.filter(camp=camp, number=DEMO_ROUNDS, status=RoundStatus.CLOSED).exists()
        and Round.objects.filter(camp=camp, number=DEMO_ROUNDS + 1, status=RoundStatus.ORDERS_OPEN).exists()
    ):
        out("Golden Islands: the demo rounds have been played already.")
        return
    game_setup(camp, deal=True)  # the board a fair deal found, as staff deal it
    demo_play(camp, rounds=DEMO_ROUNDS, open_next=True)
    out(f"Golden Islands: {DEMO_ROUNDS} rounds played, round {DEMO_ROUNDS + 1} open for orders.")
