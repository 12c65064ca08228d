"""The Batavia step on the admin home's evening panel, for a round whose mini-game is Batavia."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from camp.hooks.desk import DeskStep
from camp.models import MiniGameKind, Round
from games.batavia.models import BataviaSession, SessionStatus

#: The game's pages open to whoever may view the Batavia games.
READ_PERMISSION = "batavia.view_bataviasession"


def batavia_steps(round_: Round) -> list[DeskStep]:
    minigame = getattr(round_, "minigame", None) if hasattr(round_, "minigame") else None
    if minigame is None or minigame.kind != MiniGameKind.BATAVIA:
        return []
    session = BataviaSession.objects.filter(minigame=minigame).first()
    url = reverse("admin:batavia_bataviasession_round", args=[round_.pk])
    if session is None:
        return [
            DeskStep(label=_("Batavia: create the game"), url=url, done=False, permission=READ_PERMISSION)
        ]
    return [
        DeskStep(
            label=_("Batavia: play the game and record its placements"),
            url=url,
            done=session.status == SessionStatus.RECORDED,
            hint=session.get_status_display(),
            permission=READ_PERMISSION,
        )
    ]
