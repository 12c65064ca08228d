"""A team with nothing to order this round counts as handed in ("nemá tah"): worked out from its AP
(the round's placements as they are now) and the state before the round; staff undo it for one team
and take the undo back; the resolve gives such a team empty orders. And a deadline already past (or
now) asks before it closes the hand-in for everyone (``plans_deadline_set``'s ``confirmed``)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from camp import services as camp_services
from camp.models import Camp, Round, Team
from games.islands.engine.hexes import geometry
from games.islands.errors import IslandsError
from games.islands.game_state import state_before
from games.islands.models.board import Ship
from games.islands.models.plans import PlanAction, PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rounds import IslandsRound
from games.islands.orders import OrderSheet
from games.islands.selectors.plans import NOTHING_TO_DO, round_plans
from games.islands.services import plans
from games.islands.services import rounds as round_services
from tests.games.islands.pages.helpers import legal_route

TEAM = plans.BY_TEAM


def states(game: Round) -> dict[str, str]:
    return {row.team.name: row.state for row in round_plans(game)}


def without(game: Round, teams: list[Team], absent: Team) -> None:
    """Record the round's placements again: ``absent`` did not take part (0 AP), the others 1st, 2nd."""
    others = [t for t in teams if t != absent]
    ranks: dict[int, int | None] = {t.pk: i for i, t in enumerate(others, start=1)}
    ranks[absent.pk] = None
    camp_services.placements_record(round=game, ranks=ranks)


def battleship(team: Team, label: str | None) -> Ship:
    """Give ``team`` a battleship on the hex ``label`` (None: in its harbor)."""
    q = r = None
    if label is not None:
        h = geometry(team.camp.board_side).parse(label)
        q, r = h.q, h.r
    return Ship.objects.create(team=team, ident="B", kind="battleship", q=q, r=r)


# ------------------------------------------------------------------------------------ who has nothing


def test_no_ap_and_no_battleship_counts_as_handed_in_one_ap_does_not(game: Round, teams: list[Team]) -> None:
    red, blue, green = teams
    assert set(states(game).values()) == {PlanState.NONE}  # every team placed: all have AP
    without(game, teams, green)
    assert states(game) == {red.name: PlanState.NONE, blue.name: PlanState.NONE, green.name: NOTHING_TO_DO}
    row = next(r for r in round_plans(game) if r.team == green)
    assert (row.label, row.at, row.nothing, row.expected) == (
        "nemá tah (počítá se jako odevzdáno)",
        None,
        True,
        False,
    )

    # One AP is one step: its harbor (and its ships) may move, so it hands in as any team.
    Camp.objects.filter(pk=game.camp_id).update(ap_table=[14, 11, 1])
    camp_services.placements_record(round=game, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    assert states(game)[green.name] == PlanState.NONE


def test_no_ap_but_a_battleship_on_the_board_still_has_a_shot_to_order(
    game: Round, teams: list[Team], staff: object
) -> None:
    _red, _blue, green = teams
    without(game, teams, green)
    ship = battleship(green, None)  # in its harbor: it does not fire and cannot leave without a step
    assert states(game)[green.name] == NOTHING_TO_DO
    Ship.objects.filter(pk=ship.pk).update(q=0, r=0)  # on A1: it may fire with no AP at all
    assert states(game)[green.name] == PlanState.NONE
    sheet = OrderSheet.typed(fire="C3")
    stored = round_services.orders_submit(round=game, team=green, sheet=sheet, user=staff)
    assert (stored.ap, stored.fire) == (0, "C3")  # the shot is a real order at 0 AP


def test_a_draft_or_a_returned_plan_still_counts_a_plan_handed_in_reads_as_itself(
    game: Round, teams: list[Team], staff: object
) -> None:
    _red, _blue, green = teams
    without(game, teams, green)
    plans.plan_save_draft(round=game, team=green, sheet=OrderSheet(), version=0, by=TEAM)
    assert states(game)[green.name] == NOTHING_TO_DO  # a draft is no hand-in, and nothing is missing
    plans.plan_hand_in(round=game, team=green, sheet=OrderSheet(), version=1, by=TEAM)
    assert states(game)[green.name] == PlanState.HANDED_IN  # waits for approval as any plan
    plans.plan_return(round=game, team=green, user=staff, note="Nic nehrajete.")
    assert states(game)[green.name] == NOTHING_TO_DO


# ------------------------------------------------------------------------------------ undo


def test_staff_undo_it_and_take_the_undo_back(game: Round, teams: list[Team], staff: object) -> None:
    green = teams[2]
    without(game, teams, green)
    plan = plans.plan_nothing_undo(round=game, team=green, user=staff)
    assert plan.hand_in_expected
    row = next(r for r in round_plans(game) if r.team == green)
    assert (row.state, row.expected) == (PlanState.NONE, True)  # expected to hand in as usual
    with pytest.raises(IslandsError) as e:
        plans.plan_nothing_undo(round=game, team=green, user=staff)
    assert e.value.messages == [
        "Tým Zelení se nepočítá jako odevzdaný kvůli tomu, že nemá tah: není co rušit."
    ]
    plans.plan_nothing_restore(round=game, team=green, user=staff)
    assert states(game)[green.name] == NOTHING_TO_DO
    assert not TeamPlan.objects.get(round=game, team=green).hand_in_expected
    with pytest.raises(IslandsError) as e:
        plans.plan_nothing_restore(round=game, team=green, user=staff)
    assert e.value.messages == ["U týmu Zelení nebylo „nemá tah“ zrušeno: není co vracet."]
    actions = list(PlanLogEntry.objects.filter(round=game, team=green).values_list("action", flat=True))
    assert actions == [PlanAction.EXPECTED, PlanAction.NOTHING]


def test_undo_is_refused_for_a_team_with_something_to_do_and_leaves_no_row(
    game: Round, teams: list[Team], staff: object
) -> None:
    red = teams[0]
    with pytest.raises(IslandsError) as e:
        plans.plan_nothing_undo(round=game, team=red, user=staff)
    assert e.value.code == "not_nothing"
    assert not TeamPlan.objects.filter(round=game, team=red).exists()  # nothing stored
    assert not PlanLogEntry.objects.filter(round=game).exists()


def test_an_undo_after_a_corrected_placement_gives_the_team_ap_and_it_hands_in_as_usual(
    game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, green = teams
    without(game, teams, green)
    assert states(game)[green.name] == NOTHING_TO_DO
    camp_services.placements_record(round=game, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    assert states(game)[green.name] == PlanState.NONE  # the placement moves it at once


# ------------------------------------------------------------------------------------ resolve


def test_the_resolve_gives_a_team_with_nothing_to_do_empty_orders(
    game: Round, teams: list[Team], staff: object
) -> None:
    red, blue, green = teams
    without(game, teams, green)
    before = state_before(game).team(green.name)
    for team in (red, blue):
        ship, route = legal_route(game, team)
        round_services.orders_submit(round=game, team=team, sheet=OrderSheet.typed(routes={ship: route}))
    round_services.round_resolve(round=game, user=staff)
    after = {s.ident: (s.q, s.r) for s in Ship.objects.filter(team=green)}
    assert after == {str(s.id): ((s.at.q, s.at.r) if s.at else (None, None)) for s in before.ships}


# ------------------------------------------------------------------------------------ a deadline in the past


def _at(hour: int, minute: int, second: int = 0, micro: int = 0) -> dt.datetime:
    return timezone.make_aware(
        dt.datetime.combine(dt.date(2026, 7, 14), dt.time(hour, minute, second, micro))
    )


def test_a_deadline_now_or_past_asks_a_future_one_is_set(game: Round, staff: object) -> None:
    due = _at(19, 30)
    with time_machine.travel(_at(19, 29, 59, 999999), tick=False):
        plans.plans_deadline_set(round=game, due=due, user=staff)  # a moment before: set at once
    assert IslandsRound.objects.get(round=game).plans_due_at == due
    plans.plans_deadline_set(round=game, due=None, user=staff, confirmed=True)
    with time_machine.travel(_at(19, 30), tick=False):
        with pytest.raises(IslandsError) as e:
            plans.plans_deadline_set(round=game, due=due, user=staff)  # now: the next moment closes
        assert e.value.code == plans.DUE_PAST
        assert e.value.messages == ["Termín už minul — uzavřít odevzdávání všem týmům hned?"]
        assert IslandsRound.objects.get(round=game).plans_due_at is None  # nothing set
        plans.plans_deadline_set(round=game, due=due, user=staff, confirmed=True)
    assert IslandsRound.objects.get(round=game).plans_due_at == due
