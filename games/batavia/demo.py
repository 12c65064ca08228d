"""Demo data of Batavia: the demo camp's rainy-day round played by bots.

:func:`play_demo_game` is the ``demo_setup`` step (listed in :data:`camp.demo.DEMO_STEPS` before the
islands rounds): the demo camp's round 3, whose mini-game is Batavia, gets a digital game of the
three teams, every seat played by the greedy bot, through the real services (create, start, finish).
The record is a real ``batavia/1`` record (the game master's page, the projector table and the
export show it) and its ranking becomes round 3's placements, which the islands demo then plays with.
The game is seeded from the camp's seed, so it is the same game every time.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction

from camp.demo import demo_camp
from camp.models import MiniGame, MiniGameKind, Placement
from games.batavia import services
from games.batavia.models import BataviaSession, BotKind, SessionStatus

DEMO_ROUND = 3

Out = Callable[[str], None]


@transaction.atomic
def play_demo_game(*, out: Out) -> None:
    """``demo_setup`` step: round 3's Batavia game played by greedy bots, its placements recorded.

    Skipped when there is no demo camp, round 3 is not Batavia, or it has a game or placements
    already (so running it again changes nothing, and real data is never touched)."""
    camp = demo_camp()
    minigame = (
        MiniGame.objects.filter(round__camp=camp, round__number=DEMO_ROUND, kind=MiniGameKind.BATAVIA)
        .select_related("round")
        .first()
        if camp is not None
        else None
    )
    if minigame is None:
        out(f"No demo camp with a Batavia round {DEMO_ROUND}: no Batavia game played.")
        return
    if (
        BataviaSession.objects.filter(minigame=minigame).exists()
        or Placement.objects.filter(round=minigame.round).exists()
    ):
        out(f"Batavia: round {DEMO_ROUND} has been played already.")
        return
    session = services.session_create(minigame=minigame)
    for seat in session.seats.all():
        services.seat_set_bot(seat=seat, bot=BotKind.GREEDY)
    services.session_start(session=session)
    while session.status == SessionStatus.PLAYING and services.bots_advance(session=session):
        pass  # a long game may take more than one batch of automatic actions
    services.session_finish(session=session)
    out(f"Batavia: round {DEMO_ROUND} played by bots, placements recorded.")
