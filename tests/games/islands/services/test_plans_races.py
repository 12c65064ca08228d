"""Two phones of one team handing in at the same moment (``games.islands.services.plans``): on
SQLite in WAL mode and on PostgreSQL. Its own module: the plan tests' played world holds a
transaction open for the whole module, which the threads here could not see through."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from camp.models import Camp, Round, Team
from games.islands import demo
from games.islands.errors import PlanAlreadyStored, PlanStale
from games.islands.models.plans import PlanLogEntry, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.services import plans
from tests.games.islands.conftest import GAME_SEED
from tests.games.islands.pages.helpers import legal_route


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same", [False, True], ids=["other plans", "the same plan"])
def test_two_phones_handing_in_at_once_one_is_told(
    camp: Camp, teams: list[Team], production_journal: None, same: bool
) -> None:
    """Two phones of one team hand in from the same page at the same moment: the round and plan rows
    are locked, so one plan is stored and the other phone gets ``PlanStale`` with it; when both typed
    the very same plan, the other is told it is already there (``PlanAlreadyStored``)."""
    Camp.objects.filter(pk=camp.pk).update(seed=GAME_SEED)
    camp.refresh_from_db()
    demo.demo_play(camp, rounds=1, open_next=True)
    game = Round.objects.get(camp=camp, number=2)
    red = teams[0]
    ship, route = legal_route(game, red)
    sheets = [OrderSheet.typed(routes={ship: route}), OrderSheet.typed(routes={ship: route if same else "."})]
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def phone(sheet: OrderSheet) -> None:
        try:
            start.wait()
            plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=plans.BY_TEAM)
            outcomes.append("stored")
        except PlanAlreadyStored as e:
            outcomes.append(f"already there, version {e.stored.version}")
        except PlanStale as e:
            outcomes.append(f"stale, shown version {e.stored.version}")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(sheet,)) for sheet in sheets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    told = "already there, version 1" if same else "stale, shown version 1"
    assert sorted(outcomes) == [told, "stored"]
    assert TeamPlan.objects.get(round=game, team=red).version == 1
    assert list(PlanLogEntry.objects.filter(round=game).values_list("action", flat=True)) == ["handed_in"]
