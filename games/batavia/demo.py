"""Demo data of Batavia: the demo camp's rainy-day round played by bots, and its private links.

:func:`play_demo_game` is a step of the demo builder (:data:`camp.demo.DEMO_BUILD_STEPS`, before the
islands rounds; ``manage.py demo_fixture`` writes what it builds to the demo fixture): the demo
camp's round 3, whose mini-game is Batavia, gets a digital game of the three teams, every seat played
by the greedy bot, through the real services (create, start, finish). The record is a real
``batavia/1`` record (the game master's page, the projector table and the export show it) and its
ranking becomes round 3's placements, which the islands demo then plays with. The game is seeded
from the camp's seed, so it is the same game every time.

A seat's token is the key of the team's private page, so the fixture never holds one:
:func:`hide_links` writes a placeholder (a revoked link) instead, and :func:`renew_demo_links`, a
``demo_setup`` step, gives every such seat a fresh random token once the fixture is loaded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.urls import reverse

from camp.demo import DEMO_MOMENT, demo_camp
from camp.models import MiniGame, MiniGameKind, Placement
from games.batavia import services
from games.batavia.models import BataviaSeat, BataviaSession, BotKind, SessionStatus

DEMO_ROUND = 3
#: A seat's token in the demo fixture: this prefix and a number (never a random token).
PLACEHOLDER_TOKEN_PREFIX = "demo-fixture-placeholder-"

Out = Callable[[str], None]


@transaction.atomic
def play_demo_game(*, out: Out) -> None:
    """Build step: round 3's Batavia game played by greedy bots, its placements recorded.

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


def hide_links(rows: list[dict[str, Any]]) -> None:
    """Fixture cleaner (:data:`camp.demo.DEMO_FIXTURE_CLEANERS`): every seat's token becomes a
    placeholder and its link revoked, so the committed fixture makes no team's link known (and the
    file stays the same from one build to the next)."""
    seats = [row["fields"] for row in rows if row["model"] == "batavia.bataviaseat"]
    for number, fields in enumerate(seats, start=1):
        fields["token"] = f"{PLACEHOLDER_TOKEN_PREFIX}{number}"
        fields["token_revoked_at"] = DEMO_MOMENT


@transaction.atomic
def renew_demo_links(*, out: Out, base_url: str = "") -> None:
    """``demo_setup`` step: every seat that still has a fixture's placeholder token gets a fresh
    random token (and a working link), and the new links are printed (``base_url``: where the
    server listens), one a team. Seats with a real token are never touched, so running it again
    changes nothing."""
    seats = list(
        BataviaSeat.objects.filter(token__startswith=PLACEHOLDER_TOKEN_PREFIX)
        .select_related("team")
        .order_by("pk")
    )
    for seat in seats:
        services.token_renew(seat=seat)
    if seats:
        seats_text = "1 seat" if len(seats) == 1 else f"the {len(seats)} seats"
        out(f"Batavia: new private links for {seats_text} of the demo game:")
    for seat in seats:
        seat.refresh_from_db(fields=["token"])
        path = reverse("batavia:team", args=[seat.token])
        out(f"  {seat.team.name if seat.team_id else seat.number}: {base_url.rstrip('/')}{path}")
