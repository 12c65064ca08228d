"""A team's plan for a round (``games.islands.services.plans``): drafts, hand-in, taking back,
paper, approval, return, the deadline and its reopening, the log; the round page's selector."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone

from camp.models import Round, Team
from games.islands.engine.notation import Alphabet
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale, PlanStale
from games.islands.models.plans import PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound, TeamOrders
from games.islands.orders import OrderSheet, orders_check
from games.islands.selectors.plans import ENTERED_BY_STAFF, plan_log, plans_due_at, round_plans, team_plan
from games.islands.services import plans
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import legal_route

TEAM = plans.BY_TEAM


@pytest.fixture
def leader(db: None) -> object:
    return get_user_model().objects.create_user("hlavni", password="heslo-heslo-123", is_staff=True)


def legal_sheet(game: Round, team: Team) -> OrderSheet:
    ship, route = legal_route(game, team)
    return OrderSheet.typed(routes={ship: route})


def handed_in(game: Round, team: Team) -> TeamPlan:
    """The team hands in a legal sheet, from the page of its plan as it is now."""
    version = team_plan(game, team).version
    return plans.plan_hand_in(round=game, team=team, sheet=legal_sheet(game, team), version=version, by=TEAM)


def log_lines(game: Round) -> list[tuple[str | None, str, str, str | None]]:
    return [
        (e.team.name if e.team else None, e.action, e.by, e.user.get_username() if e.user else None)
        for e in PlanLogEntry.objects.filter(round=game).select_related("team", "user").order_by("at", "id")
    ]


# ------------------------------------------------------------------------------------ drafts and versions


def test_a_draft_keeps_what_was_written_typos_too_and_every_save_bumps_the_version(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    sheet = OrderSheet.typed(routes={"C1": "S ? J"}, build_cargo="x")
    plan = plans.plan_save_draft(round=game, team=red, sheet=sheet, version=0, by=TEAM)
    assert (plan.state, plan.version, plan.routes, plan.build_cargo, plan.letters) == (
        PlanState.DRAFT,
        1,
        {"C1": "S ? J"},
        "x",
        "cs",  # a typo does not read: kept in the letters it was written in
    )
    ship, route = legal_route(game, red)
    plan = plans.plan_save_draft(
        round=game, team=red, sheet=OrderSheet.typed(routes={ship: route}), version=1, by=TEAM
    )
    assert plan.version == 2 and plan.letters == "en"  # a route that reads: English, as orders are kept
    assert OrderSheet.from_plan(plan).written_in(Alphabet.CZECH).route(ship) == route
    assert not TeamOrders.objects.filter(round=game, team=red).exists()  # a draft is no order


def test_two_phones_of_one_team_a_stale_save_is_refused_showing_the_stored_plan(
    game: Round, teams: list[Team]
) -> None:
    red = teams[0]
    first = OrderSheet.typed(routes={"C1": "S"})
    plans.plan_save_draft(round=game, team=red, sheet=first, version=0, by=TEAM)
    second_phone = OrderSheet.typed(routes={"C1": "J J"})
    with pytest.raises(PlanStale) as e:
        plans.plan_save_draft(round=game, team=red, sheet=second_phone, version=0, by=TEAM)
    assert e.value.messages == [
        "Plán mezitím změnil někdo jiný (jiný telefon nebo vedoucí) po načtení této stránky; nic se "
        "neuložilo. Tady je plán, jak je teď."
    ]
    assert e.value.stored.routes == {"C1": "N"} and e.value.stored.version == 1  # the first phone's
    assert TeamPlan.objects.get(round=game, team=red).routes == {"C1": "N"}  # nothing overwritten
    with pytest.raises(PlanStale):
        plans.plan_hand_in(round=game, team=red, sheet=legal_sheet(game, red), version=0, by=TEAM)


# ------------------------------------------------------------------------------------ hand in, take back


def test_hand_in_with_problems_is_refused_naming_them(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    with pytest.raises(OrdersInvalid) as e:
        plans.plan_hand_in(
            round=game, team=red, sheet=OrderSheet.typed(routes={"C1": "S ?"}), version=0, by=TEAM
        )
    assert e.value.messages == [
        "Loď 1, krok 2: „?“ není směr: pište S SV JV J JZ SZ (S je sever) nebo . pro stání"
    ]
    assert not TeamPlan.objects.filter(round=game, team=red).exists()  # nothing stored
    assert not PlanLogEntry.objects.exists()


def test_hand_in_then_take_back_then_hand_in_again(game: Round, teams: list[Team]) -> None:
    red = teams[0]
    plan = handed_in(game, red)
    assert (plan.state, plan.handed_in_by, plan.handed_in_user, plan.version) == (
        PlanState.HANDED_IN,
        "team",
        None,
        1,
    )
    assert plan.handed_in_at is not None
    with pytest.raises(IslandsError) as e:
        plans.plan_save_draft(round=game, team=red, sheet=OrderSheet(), version=1, by=TEAM)
    assert e.value.messages == [
        "Plán tahu týmu Červení je odevzdaný: nejdřív ho vezměte zpět, pak ho můžete měnit."
    ]
    plan = plans.plan_withdraw(round=game, team=red, version=1, by=TEAM)
    assert (plan.state, plan.handed_in_at, plan.version) == (PlanState.DRAFT, None, 2)
    assert plan.routes  # the sheet stays, as a draft
    plan = plans.plan_hand_in(round=game, team=red, sheet=OrderSheet.from_plan(plan), version=2, by=TEAM)
    assert plan.state == PlanState.HANDED_IN and plan.version == 3


def test_taking_back_after_approval_or_with_nothing_handed_in_is_refused(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue = teams[0], teams[1]
    with pytest.raises(IslandsError) as e:
        plans.plan_withdraw(round=game, team=blue, version=0, by=TEAM)
    assert e.value.messages == ["Tým Modří nemá odevzdaný plán tahu: není co vzít zpět."]
    handed_in(game, red)
    plans.plan_approve(round=game, team=red, user=leader)
    version = TeamPlan.objects.get(round=game, team=red).version
    with pytest.raises(IslandsError) as e:
        plans.plan_withdraw(round=game, team=red, version=version, by=TEAM)
    assert e.value.messages == ["Plán tahu týmu Červení pro kolo 2 je schválený: už se nedá měnit."]
    assert TeamPlan.objects.get(round=game, team=red).state == PlanState.APPROVED


# ------------------------------------------------------------------------------------ staff


def test_approve_stores_exactly_the_plans_orders(game: Round, teams: list[Team], leader: object) -> None:
    red = teams[0]
    sheet = legal_sheet(game, red)
    plan = handed_in(game, red)
    approved = plans.plan_approve(round=game, team=red, user=leader)
    orders = TeamOrders.objects.get(round=game, team=red)
    assert {
        "build_cargo": orders.build_cargo,
        "build_battleship": orders.build_battleship,
        "routes": orders.routes,
        "harbor": orders.harbor,
        "fire": orders.fire,
    } == orders_check(round=game, team=red, sheet=sheet).stored.row_fields()
    assert orders.routes == plan.routes and orders.updated_by == leader
    assert (approved.state, approved.approved_by, approved.orders_version) == (
        PlanState.APPROVED,
        leader,
        orders.version,
    )
    assert team_plan(game, red).state == PlanState.APPROVED  # not "entered by staff"
    assert game.status == "orders_open"  # nothing resolved


def test_approve_all_approves_every_handed_in_plan_and_leaves_the_others(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue, green = teams
    handed_in(game, red)
    handed_in(game, green)
    plans.plan_save_draft(round=game, team=blue, sheet=OrderSheet(), version=0, by=TEAM)
    approved = plans.plans_approve_all(round=game, user=leader)
    assert [p.team.name for p in approved] == ["Červení", "Zelení"]
    assert set(TeamOrders.objects.filter(round=game).values_list("team__name", flat=True)) == {
        "Červení",
        "Zelení",
    }
    assert TeamPlan.objects.get(round=game, team=blue).state == PlanState.DRAFT
    with pytest.raises(IslandsError) as e:
        plans.plans_approve_all(round=game, user=leader)
    assert e.value.messages == ["Žádný odevzdaný plán tahu pro kolo 2 nečeká na schválení."]


def test_approving_what_is_not_handed_in_on_screen_is_refused(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue = teams[0], teams[1]
    with pytest.raises(IslandsError) as e:
        plans.plan_approve(round=game, team=red, user=leader)
    assert e.value.messages == ["Tým Červení neodevzdal plán tahu pro kolo 2: není co schválit."]
    plans.plan_paper_received(round=game, team=blue, user=leader)
    with pytest.raises(IslandsError) as e:
        plans.plan_approve(round=game, team=blue, user=leader)
    assert e.value.messages == [
        "Plán tahu týmu Modří je na papíře: schválíte ho tím, že ho zapíšete na stránce plánu tahu."
    ]
    assert not TeamOrders.objects.filter(round=game).exists()
    handed_in(game, red)
    plans.plan_approve(round=game, team=red, user=leader)
    with pytest.raises(IslandsError) as e:  # a second staff member pressing the same button
        plans.plan_approve(round=game, team=red, user=leader)
    assert e.value.messages == ["Plán tahu týmu Červení pro kolo 2 už je schválený."]
    assert TeamOrders.objects.get(round=game, team=red).version == 1


def test_return_shows_the_note_and_the_team_may_correct_and_hand_in_again(
    game: Round, teams: list[Team], leader: object
) -> None:
    red = teams[0]
    handed_in(game, red)
    with pytest.raises(IslandsError) as e:
        plans.plan_return(round=game, team=red, user=leader, note="   ")
    assert e.value.messages == ["Napište týmu poznámku: co má změnit?"]
    plan = plans.plan_return(round=game, team=red, user=leader, note="C1 pluje na útesy, změňte trasu.")
    assert (plan.state, plan.note) == (PlanState.RETURNED, "C1 pluje na útesy, změňte trasu.")
    row = team_plan(game, red)
    assert (row.state, row.note, str(row.label)) == (
        "returned",
        "C1 pluje na útesy, změňte trasu.",
        "vráceno",
    )
    plan = plans.plan_hand_in(
        round=game, team=red, sheet=legal_sheet(game, red), version=plan.version, by=TEAM
    )
    assert plan.state == PlanState.HANDED_IN and plan.note == ""


def test_paper_received_marks_the_plan_and_staff_typing_it_reads_entered_by_staff(
    game: Round, teams: list[Team], leader: object
) -> None:
    blue = teams[1]
    plan = plans.plan_paper_received(round=game, team=blue, user=leader)
    assert (plan.state, plan.handed_in_by, plan.handed_in_user) == (PlanState.PAPER, "staff", leader)
    again = plans.plan_paper_received(round=game, team=blue, user=leader)  # the code page opened twice
    assert again.version == plan.version and PlanLogEntry.objects.filter(action="paper").count() == 1
    assert team_plan(game, blue).state == PlanState.PAPER
    round_services.orders_submit(round=game, team=blue, sheet=legal_sheet(game, blue), user=leader, version=0)
    row = team_plan(game, blue)
    assert (row.state, str(row.label)) == (ENTERED_BY_STAFF, "plán zadali vedoucí")
    handed_in(game, teams[0])
    with pytest.raises(IslandsError) as e:
        plans.plan_paper_received(round=game, team=teams[0], user=leader)
    assert e.value.messages == [
        "Tým Červení už odevzdal plán tahu na obrazovce; nejdřív ho schvalte nebo vraťte."
    ]


def test_staff_typed_orders_without_any_plan_read_entered_by_staff(game: Round, teams: list[Team]) -> None:
    red, blue, green = teams
    round_services.orders_submit(round=game, team=red, sheet=legal_sheet(game, red))
    handed_in(game, green)
    rows = {r.team.name: r for r in round_plans(game)}
    assert {name: r.state for name, r in rows.items()} == {
        "Červení": "staff",
        "Modří": "none",
        "Zelení": "handed_in",
    }
    assert rows["Zelení"].at is not None and rows["Modří"].at is None


def test_orders_staff_enter_settle_a_plan_handed_in_on_screen_or_paper_and_leave_others(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue, green = teams
    plan = handed_in(game, red)
    plans.plan_paper_received(round=game, team=blue, user=leader)
    plans.plan_save_draft(
        round=game, team=green, sheet=OrderSheet.typed(routes={"C1": "S"}), version=0, by=TEAM
    )
    for team in teams:
        plans.plan_orders_entered(
            round=game, team=team, sheet=legal_sheet(game, team), user=leader, version=0
        )
    states = {p.team.name: (p.state, p.version) for p in TeamPlan.objects.filter(round=game)}
    assert states == {
        "Červení": (PlanState.DRAFT, plan.version + 1),  # the team's sheet kept as its draft
        "Modří": (PlanState.DRAFT, 2),
        "Zelení": (PlanState.DRAFT, 1),  # a draft: left as it was
    }
    assert TeamPlan.objects.get(round=game, team=red).routes == plan.routes
    assert {r.team.name: r.state for r in round_plans(game)} == dict.fromkeys(
        ("Červení", "Modří", "Zelení"), ENTERED_BY_STAFF
    )
    entered = [line for line in log_lines(game) if line[1] == "entered"]
    assert entered == [("Červení", "entered", "staff", "hlavni"), ("Modří", "entered", "staff", "hlavni")]
    with pytest.raises(IslandsError):  # nothing waits for approval any more
        plans.plan_approve(round=game, team=red, user=leader)
    # The team may write again: its next hand-in waits for staff, as before.
    again = plans.plan_hand_in(
        round=game, team=red, sheet=legal_sheet(game, red), version=plan.version + 1, by=TEAM
    )
    assert team_plan(game, red).state == PlanState.HANDED_IN and again.state == PlanState.HANDED_IN


def test_orders_refused_leave_the_plan_handed_in(game: Round, teams: list[Team], leader: object) -> None:
    red = teams[0]
    plan = handed_in(game, red)
    with pytest.raises(OrdersInvalid):
        bad = OrderSheet.typed(build_cargo="99")
        plans.plan_orders_entered(round=game, team=red, sheet=bad, user=leader, version=0)
    round_services.orders_submit(round=game, team=red, sheet=legal_sheet(game, red))
    with pytest.raises(OrdersStale):  # another staff member stored orders meanwhile
        plans.plan_orders_entered(round=game, team=red, sheet=legal_sheet(game, red), user=leader, version=0)
    kept = TeamPlan.objects.get(round=game, team=red)
    assert (kept.state, kept.version) == (PlanState.HANDED_IN, plan.version)
    assert not PlanLogEntry.objects.filter(action="entered").exists()


# ------------------------------------------------------------------------------------ the deadline


@time_machine.travel(datetime(2026, 7, 14, 18, 35, tzinfo=UTC), tick=False)  # 20:35 in the camp
def test_after_the_deadline_the_team_is_refused_until_staff_reopen_for_it(
    game: Round, teams: list[Team], leader: object
) -> None:
    red, blue = teams[0], teams[1]
    due = timezone.now() - timedelta(minutes=5)
    plans.plans_deadline_set(round=game, due=due, user=leader, confirmed=True)
    assert IslandsRound.objects.get(round=game).plans_due_at == due
    with pytest.raises(IslandsError) as e:
        handed_in(game, red)
    assert e.value.messages == [
        "Odevzdávání plánů tahu pro kolo 2 skončilo ve 20:30; "
        "požádejte vedoucí, ať ho vašemu týmu znovu otevřou."
    ]
    assert team_plan(game, red).closed(plans_due_at(game))  # "uzavřeno" on its page
    plans.plan_reopen(round=game, team=red, user=leader)
    assert not team_plan(game, red).closed(plans_due_at(game))
    assert team_plan(game, blue).closed(plans_due_at(game))
    assert handed_in(game, red).state == PlanState.HANDED_IN  # reopened for red …
    with pytest.raises(IslandsError):
        handed_in(game, blue)  # … not for blue
    with pytest.raises(IslandsError) as e:
        plans.plan_reopen(round=game, team=red, user=leader)
    assert e.value.messages == ["Odevzdávání je pro tým Červení už znovu otevřené."]
    plans.plans_deadline_set(round=game, due=None, user=leader)
    assert handed_in(game, blue).state == PlanState.HANDED_IN  # no deadline: open again


def test_nothing_is_handed_in_in_a_round_not_open(game: Round, teams: list[Team], leader: object) -> None:
    red = teams[0]
    earlier = Round.objects.get(camp=game.camp, number=1)
    with pytest.raises(IslandsError) as e:
        plans.plan_save_draft(round=earlier, team=red, sheet=OrderSheet(), version=0, by=TEAM)
    assert e.value.messages == ["Plány tahu pro kolo 1 teď nelze odevzdat (stav kola: uzavřeno)."]
    with pytest.raises(IslandsError):
        plans.plan_paper_received(round=earlier, team=red, user=leader)


# ------------------------------------------------------------------------------------ the log


def test_every_write_is_a_line_of_the_log(game: Round, teams: list[Team], leader: object) -> None:
    red, blue = teams[0], teams[1]
    plans.plan_save_draft(round=game, team=red, sheet=legal_sheet(game, red), version=0, by=TEAM)
    plans.plan_hand_in(round=game, team=red, sheet=legal_sheet(game, red), version=1, by=TEAM)
    plans.plan_withdraw(round=game, team=red, version=2, by=TEAM)
    plans.plan_hand_in(round=game, team=red, sheet=legal_sheet(game, red), version=3, by=TEAM)
    plans.plan_return(round=game, team=red, user=leader, note="Ještě jednou.")
    plans.plan_paper_received(round=game, team=blue, user=leader)
    plans.plans_deadline_set(round=game, due=timezone.now() + timedelta(hours=1), user=leader)
    plans.plan_reopen(round=game, team=blue, user=leader)
    plans.plan_hand_in(round=game, team=red, sheet=legal_sheet(game, red), version=5, by=TEAM)
    plans.plan_approve(round=game, team=red, user=leader)
    assert log_lines(game) == [
        ("Červení", "saved", "team", None),
        ("Červení", "handed_in", "team", None),
        ("Červení", "withdrawn", "team", None),
        ("Červení", "handed_in", "team", None),
        ("Červení", "returned", "staff", "hlavni"),
        ("Modří", "paper", "staff", "hlavni"),
        (None, "deadline", "staff", "hlavni"),
        ("Modří", "reopened", "staff", "hlavni"),
        ("Červení", "handed_in", "team", None),
        ("Červení", "approved", "staff", "hlavni"),
    ]
    assert PlanLogEntry.objects.get(action="returned").note == "Ještě jednou."
    assert [e.action for e in plan_log(game)] == [line[1] for line in log_lines(game)]
