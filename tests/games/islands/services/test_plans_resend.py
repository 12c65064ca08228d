"""A press sent again by a phone that lost its connection (zo-plan-draft.js): what the server
already holds is answered as done and stored once; a stale press is refused, the newer plan kept."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from camp.models import Round, Team
from games.islands.errors import PlanAlreadyStored, PlanStale
from games.islands.models.plans import PlanAction, PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrderSheet
from games.islands.services import plans
from tests.games.islands.pages.helpers import legal_route

TEAM = plans.BY_TEAM


def legal_sheet(game: Round, team: Team) -> OrderSheet:
    ship, route = legal_route(game, team)
    return OrderSheet.typed(routes={ship: route})


def log_actions(game: Round, team: Team) -> list[str]:
    return list(
        PlanLogEntry.objects.filter(round=game, team=team)
        .order_by("at", "id")
        .values_list("action", flat=True)
    )


def test_a_draft_sent_again_after_it_arrived_is_done_and_stored_once(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    sheet = OrderSheet.typed(routes={"C1": "S S"})
    plans.plan_save_draft(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    with pytest.raises(PlanAlreadyStored) as e:  # the answer was lost: the phone sends it again (v 0)
        plans.plan_save_draft(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    assert e.value.messages == ["Tento koncept už byl uložený: je uložený jednou, nic se neuložilo dvakrát."]
    plan = TeamPlan.objects.get(round=game, team=red)
    assert (plan.state, plan.version, plan.routes) == (PlanState.DRAFT, 1, {"C1": "N N"})
    assert log_actions(game, red) == [PlanAction.SAVED]  # one line: stored once


def test_a_hand_in_sent_again_is_done_even_after_approval_and_the_orders_are_stored_once(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    leader = get_user_model().objects.create_user("hlavni", password="heslo-heslo-123", is_staff=True)
    sheet = legal_sheet(game, red)
    plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    with pytest.raises(PlanAlreadyStored) as e:
        plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    assert e.value.messages == [
        "Tento plán už k vedoucím dorazil: je uložený jednou, nic se neposlalo dvakrát."
    ]
    with pytest.raises(PlanAlreadyStored):  # the same press at the version stored: nothing written either
        plans.plan_hand_in(round=game, team=red, sheet=sheet, version=1, by=TEAM)
    plans.plan_approve(round=game, team=red, user=leader)
    with pytest.raises(PlanAlreadyStored):  # staff approved meanwhile: still the plan that arrived
        plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    plan = TeamPlan.objects.get(round=game, team=red)
    assert (plan.state, plan.version) == (PlanState.APPROVED, 2)
    assert log_actions(game, red) == [PlanAction.HANDED_IN, PlanAction.APPROVED]
    assert TeamOrders.objects.filter(round=game, team=red).count() == 1


def test_a_stale_press_with_other_content_is_refused_and_the_newer_plan_kept(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    plans.plan_save_draft(
        round=game, team=red, sheet=OrderSheet.typed(routes={"C1": "S"}), version=0, by=TEAM
    )
    newer = plans.plan_save_draft(
        round=game, team=red, sheet=OrderSheet.typed(routes={"C1": "J"}), version=1, by=TEAM
    )
    # The first phone typed offline on version 1 and sends its draft when the connection returns.
    with pytest.raises(PlanStale) as e:
        plans.plan_save_draft(
            round=game, team=red, sheet=OrderSheet.typed(routes={"C1": "S"}), version=1, by=TEAM
        )
    assert e.value.messages == [
        "Plán mezitím změnil někdo jiný (jiný telefon nebo vedoucí) po načtení této stránky; nic se "
        "neuložilo. Tady je plán, jak je teď."
    ]
    assert e.value.stored.version == newer.version == 2
    with pytest.raises(PlanStale):  # nor handed in over it
        plans.plan_hand_in(round=game, team=red, sheet=legal_sheet(game, red), version=1, by=TEAM)
    plan = TeamPlan.objects.get(round=game, team=red)
    assert (plan.state, plan.version, plan.routes) == (PlanState.DRAFT, 2, {"C1": "S"})  # J read as S
    assert log_actions(game, red) == [PlanAction.SAVED, PlanAction.SAVED]


def test_the_same_sheet_in_another_state_is_no_resend(game: Round, teams: list[Team]) -> None:
    """A hand-in sent again after another phone took the plan back is stale, not "already there";
    a draft pressed over a handed-in plan of the same sheet is refused as before."""
    red = teams[0]
    sheet = legal_sheet(game, red)
    plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    plans.plan_withdraw(round=game, team=red, version=1, by=TEAM)
    with pytest.raises(PlanStale):
        plans.plan_hand_in(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    with pytest.raises(PlanAlreadyStored):  # the withdrawn plan is a draft of this very sheet
        plans.plan_save_draft(round=game, team=red, sheet=sheet, version=2, by=TEAM)
    plan = plans.plan_hand_in(round=game, team=red, sheet=sheet, version=2, by=TEAM)
    assert (plan.state, plan.version) == (PlanState.HANDED_IN, 3)
