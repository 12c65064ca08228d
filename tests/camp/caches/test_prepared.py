"""camp.caches.prepared: a read's SQL built once, then run for any value in the places where the
value goes, found by building it for two values (no value stands in as a marker)."""

from __future__ import annotations

import pytest

from camp.caches.prepared import PreparedRead
from camp.models import Camp, Round, Team

pytestmark = pytest.mark.django_db


def test_a_prepared_read_runs_for_any_value_in_every_place_it_goes(camp: Camp, other_camp: Camp) -> None:
    first_round = Round.objects.create(camp=camp, number=1)
    Round.objects.create(camp=other_camp, number=1)
    Round.objects.create(camp=other_camp, number=2)
    # The value in two places, beside constants (a number 1 among them) that stay as built.
    read = PreparedRead(
        lambda camp_id: (
            Round.objects.filter(camp_id=camp_id, number__gte=1)
            .exclude(camp_id__lt=camp_id)
            .order_by("number")
            .values_list("camp_id", "number")
        )
    )
    assert read.rows(camp.pk) == [(camp.pk, 1)]
    assert read.rows(other_camp.pk) == [(other_camp.pk, 1), (other_camp.pk, 2)]
    assert read.first(first_round.pk + 1000) is None
    names = PreparedRead(
        lambda name: Team.objects.filter(name=name).values_list("name"), samples=("one name", "another")
    )
    assert names.rows("nobody") == []


def test_a_read_whose_value_is_no_parameter_is_refused(db: None) -> None:
    read = PreparedRead(lambda _value: Camp.objects.values_list("pk"))
    with pytest.raises(AssertionError):
        read.rows(1)
