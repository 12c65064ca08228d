"""Round numbering and the round's life: forward one step at a time; only resolved → orders open back."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from camp import services
from camp.models import Camp, MiniGame, Round, RoundStatus
from camp.services import RoundStatusError

FORWARD = [
    RoundStatus.PLANNED,
    RoundStatus.MINIGAME_RECORDED,
    RoundStatus.ORDERS_OPEN,
    RoundStatus.RESOLVED,
    RoundStatus.CLOSED,
]


def test_rounds_are_numbered_per_camp(camp: Camp, other_camp: Camp) -> None:
    assert [services.round_create(camp=camp).number for _ in range(3)] == [1, 2, 3]
    assert services.round_create(camp=other_camp).number == 1
    Round.objects.filter(camp=camp, number=2).delete()
    assert services.round_create(camp=camp).number == 4  # never reuses a number below the highest


def test_round_walks_forward_through_every_status(round1: Round) -> None:
    for status in FORWARD[1:]:
        services.round_set_status(round=round1, to=status)
        assert round1.status == status
        assert Round.objects.get(pk=round1.pk).status == status


@pytest.mark.parametrize(
    ("current", "to"),
    [
        (RoundStatus.PLANNED, RoundStatus.ORDERS_OPEN),  # skipping a step
        (RoundStatus.PLANNED, RoundStatus.CLOSED),
        (RoundStatus.MINIGAME_RECORDED, RoundStatus.PLANNED),  # backwards
        (RoundStatus.ORDERS_OPEN, RoundStatus.MINIGAME_RECORDED),
        (RoundStatus.CLOSED, RoundStatus.RESOLVED),
        (RoundStatus.RESOLVED, RoundStatus.ORDERS_OPEN),  # undo needs allow_undo
        (RoundStatus.ORDERS_OPEN, RoundStatus.ORDERS_OPEN),  # already there (someone was quicker)
    ],
)
def test_illegal_transitions_are_refused(round1: Round, current: str, to: str) -> None:
    Round.objects.filter(pk=round1.pk).update(status=current)
    with pytest.raises(RoundStatusError):
        services.round_set_status(round=round1, to=to)
    assert Round.objects.get(pk=round1.pk).status == current


def test_undo_resolved_to_orders_open(round1: Round) -> None:
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.RESOLVED)
    services.round_set_status(round=round1, to=RoundStatus.ORDERS_OPEN, allow_undo=True)
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.ORDERS_OPEN


@pytest.mark.parametrize("current", [RoundStatus.PLANNED, RoundStatus.ORDERS_OPEN, RoundStatus.CLOSED])
def test_undo_only_from_resolved(round1: Round, current: str) -> None:
    Round.objects.filter(pk=round1.pk).update(status=current)
    with pytest.raises(RoundStatusError):
        services.round_set_status(round=round1, to=RoundStatus.ORDERS_OPEN, allow_undo=True)


def test_unknown_status_refused(round1: Round) -> None:
    with pytest.raises(RoundStatusError):
        services.round_set_status(round=round1, to="finished")


def test_transition_reads_the_current_status_from_the_database(round1: Round) -> None:
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.MINIGAME_RECORDED)  # another tab
    services.round_set_status(round=round1, to=RoundStatus.ORDERS_OPEN)  # round1 still says "planned"
    assert round1.status == RoundStatus.ORDERS_OPEN


def test_minigame_record_creates_then_corrects(round1: Round) -> None:
    services.minigame_record(round=round1, name="Stavba vorů", kind="outdoor")
    services.minigame_record(round=round1, name="Batavia", kind="batavia", notes="prší")
    minigame = MiniGame.objects.get(round=round1)
    assert (minigame.name, minigame.kind, minigame.notes) == ("Batavia", "batavia", "prší")
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.PLANNED


def test_minigame_record_validates_and_refuses_closed_round(round1: Round) -> None:
    with pytest.raises(ValidationError):
        services.minigame_record(round=round1, name="Hra", kind="underwater")
    with pytest.raises(ValidationError):
        services.minigame_record(round=round1, name="", kind="outdoor")
    assert not MiniGame.objects.exists()
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.CLOSED)
    with pytest.raises(ValidationError):
        services.minigame_record(round=round1, name="Hra", kind="outdoor")
    assert not MiniGame.objects.exists()


def test_evening_round_for_the_admin_home(camp: Camp) -> None:
    """Tonight's round is the first one not closed, whatever the dates; all closed: the last one."""
    from datetime import date, timedelta

    from django.utils import timezone

    from camp.selectors import evening_round

    assert evening_round(camp) is None
    today = timezone.localdate()
    r1 = services.round_create(camp=camp, date=today - timedelta(days=2))
    r2 = services.round_create(camp=camp, date=today - timedelta(days=1))
    r3 = services.round_create(camp=camp, date=today)
    r4 = services.round_create(camp=camp)  # undated
    assert evening_round(camp) == r1  # both past rounds unplayed: the first, not the latest
    Round.objects.filter(pk=r1.pk).update(status=RoundStatus.RESOLVED)
    assert evening_round(camp) == r1  # resolved is not closed: the evening's work goes on
    Round.objects.filter(pk=r1.pk).update(status=RoundStatus.CLOSED)
    assert evening_round(camp) == r2  # round 3 is dated today, but round 2 is still open
    Round.objects.filter(pk__in=[r2.pk, r3.pk]).update(status=RoundStatus.CLOSED)
    assert evening_round(camp) == r4
    Round.objects.filter(pk=r4.pk).update(status=RoundStatus.CLOSED)
    assert evening_round(camp) == r4  # all closed: the last one
    later = services.round_create(camp=camp, date=date(2099, 1, 1))
    assert evening_round(camp) == later  # the next one, even if it lies ahead


def test_home_panel_does_not_skip_an_unplayed_round(admin_client: Client, camp: Camp) -> None:
    """QA: rounds 5 and 6 both planned and dated in the past; the home showed round 6."""
    from datetime import date

    from django.urls import reverse

    rounds = [services.round_create(camp=camp, date=date(2026, 7, d)) for d in (1, 2)]
    page = admin_client.get(reverse("admin:index")).content.decode()
    assert reverse("admin:camp_round_placements", args=[rounds[0].pk]) in page
    assert reverse("admin:camp_round_placements", args=[rounds[1].pk]) not in page
