"""What the tests of the Batavia pages share: the staff pages' addresses, a team's link, a frozen
picture of everything a refused post must leave as it was, a page's text."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse

from camp.models import Placement
from games.batavia.models import BataviaSeat, BataviaSession

HX = {"HTTP_HX_REQUEST": "true"}


def url(name: str, session: BataviaSession) -> str:
    return reverse(f"admin:batavia_bataviasession_{name}", args=[session.pk])


def team_url(seat: BataviaSeat) -> str:
    return reverse("batavia:team", args=[seat.token])


def seat(session: BataviaSession, number: int) -> BataviaSeat:
    return session.seats.select_related("team").get(number=number)


def frozen(session: BataviaSession) -> tuple[Any, ...]:
    row = BataviaSession.objects.get(pk=session.pk)
    seats = list(BataviaSeat.objects.order_by("pk").values_list("token", "token_revoked_at", "bot", "number"))
    return row.record, row.version, row.status, seats, list(Placement.objects.values_list("team_id", "rank"))


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", response.content.decode())
