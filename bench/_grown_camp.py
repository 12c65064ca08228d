"""A camp grown round by round for the growth and storage benchmarks (issue 22), in a child process
with a data folder of its own (``bench._camp_server.camp_env``): ``teams`` teams on a board of side
``side``, each round played by the demo planner in a transaction of its own (so the services write
the database snapshot after each commit, as on a camp night, and prune them to the newest
:data:`camp.backups.snapshots.KEEP_NEWEST`).

Only the child imports Django: the benchmarks' own processes never set it up."""

from __future__ import annotations

import os
from typing import Any

from bench._camp_server import _COLOURS, PASSWORD, STAFF, _store_planned_orders

SEED = 2026_0822  # the large camp's (bench._camp_server.SEEDS): the same game in every run


def setup_django() -> None:
    os.environ.update({"ZO_CAMP": "1", "ZO_COMMAND_LINE": "1"})
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def camp_new(*, teams: int, side: int) -> Any:
    """A camp run of ``teams`` teams on a board of side ``side``, its game set up (the seed fixed),
    and the staff user (:data:`bench._camp_server.STAFF`)."""
    from django.contrib.auth import get_user_model

    from camp import services as camp_services
    from camp.models import Camp
    from games.islands.demo import game_setup

    if not get_user_model().objects.filter(username=STAFF).exists():
        get_user_model().objects.create_superuser(STAFF, "", PASSWORD)
    camp = camp_services.camp_create(name=f"Growth {teams}×{side}", year=2026, board_side=side)
    for n in range(teams):
        camp_services.team_create(camp=camp, name=f"Tým {n + 1}", colour=_COLOURS[n % len(_COLOURS)])
    Camp.objects.filter(pk=camp.pk).update(seed=SEED)
    camp.refresh_from_db()
    game_setup(camp)
    return camp


def play_to(camp: Any, rounds: int) -> None:
    """Play the camp's rounds up to ``rounds`` (those closed already stay), one transaction each;
    a round open for orders (:func:`open_with_orders`) is resolved with the orders it holds."""
    from django.db import transaction

    from camp.models import Round, RoundStatus
    from games.islands.demo import demo_play
    from games.islands.services.rounds import round_resolve

    closed = Round.objects.filter(camp=camp, status=RoundStatus.CLOSED).count()
    for number in range(closed + 1, rounds + 1):
        with transaction.atomic():  # its round's snapshots are written once it commits
            open_ = Round.objects.filter(camp=camp, number=number, status=RoundStatus.ORDERS_OPEN).first()
            if open_ is not None:  # its orders stored already: the demo's own would be refused as stale
                round_resolve(round=open_)
            demo_play(camp, rounds=number)


def open_with_orders(camp: Any, played: int) -> Any:
    """Open the round after ``played`` and store every team's orders in it (the demo planner's, as
    the large camp's open round holds them); returns the round."""
    from camp.models import Round
    from games.islands.demo import demo_play

    demo_play(camp, rounds=played, open_next=True)
    round_ = Round.objects.get(camp=camp, number=played + 1)
    _store_planned_orders(camp, round_)
    return round_
