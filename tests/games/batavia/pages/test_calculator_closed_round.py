"""The score calculator of a round that is no longer open: the placements message comes from camp's
service and names the real way out (a closed round cannot be undone, a resolved one can)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from camp.models import MiniGame, Placement, Round, RoundStatus
from games.batavia import services
from games.batavia.models import BataviaSession, SessionMode


def calc_data() -> dict[str, str]:
    data = {f"p{i}-bills": b for i, b in enumerate(["20", "15", "15", "10"])}
    data.update({"p0-tea": "1", "p0-cashed": "6", "p1-cashed": "15", "p3-cashed": "3", "save": "1"})
    return data


@pytest.mark.parametrize(
    ("status", "shown", "not_shown"),
    [
        (RoundStatus.CLOSED, "Kolo 1 je uzavřené: umístění už nelze změnit.", "vraťte"),
        (RoundStatus.RESOLVED, "Nejdřív vraťte vyhodnocení.", "je uzavřené"),
    ],
)
def test_calculator_of_a_locked_round(
    staff: Client, minigame: MiniGame, round1: Round, status: str, shown: str, not_shown: str
) -> None:
    physical: BataviaSession = services.session_create(minigame=minigame, mode=SessionMode.PHYSICAL)
    Round.objects.filter(pk=round1.pk).update(status=status)
    page = reverse("admin:batavia_bataviasession_calculator", args=[physical.pk])
    response = staff.post(page, calc_data())
    body = re.sub(r"\s+", " ", response.content.decode())
    assert response.status_code == 200
    assert shown in body and not_shown not in body
    assert not Placement.objects.exists()
