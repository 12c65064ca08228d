"""The islands steps of the admin home's evening panel: one link to the round page, whose
checklist holds the rest (open, orders per team, resolve, after, close)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from camp.desk import DeskStep, register_steps
from camp.models import Round, RoundStatus
from games.islands import round_views


def islands_steps(round_: Round) -> list[DeskStep]:
    status = round_.status
    page = round_views.url("page", round_.pk)
    opened = status in (RoundStatus.ORDERS_OPEN, RoundStatus.RESOLVED, RoundStatus.CLOSED)
    resolved = status in (RoundStatus.RESOLVED, RoundStatus.CLOSED)
    return [
        DeskStep(label=_("Open the round and type in the orders"), url=page, done=resolved, hint=""),
        DeskStep(
            label=_("Resolve the round"),
            url=round_views.url("resolve", round_.pk) if opened and not resolved else page,
            done=resolved,
        ),
        DeskStep(
            label=_("Telescopes, hints, close the round"),
            url=round_views.url("after", round_.pk) if resolved else page,
            done=status == RoundStatus.CLOSED,
        ),
    ]


def register() -> None:
    register_steps(islands_steps, order=30)
