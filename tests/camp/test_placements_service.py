"""placements_record: checks everything first, reports every problem by team, stores all or nothing.

It takes typed places (team id → whole number or ``None``); reading what staff typed is the placements
form's (tests/camp/test_placements_form.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

from camp import selectors, services
from camp.models import Camp, Placement, Round, RoundStatus, Team
from camp.services import PlacementsError
from tests.camp.conftest import db_state


def record_error(round_: Round, ranks: object) -> PlacementsError:
    before = db_state()
    with translation.override("en"), pytest.raises(PlacementsError) as caught:
        services.placements_record(round=round_, ranks=ranks)  # type: ignore[arg-type]
    assert db_state() == before, "a refused recording must store nothing"
    return caught.value


def codes(error: PlacementsError) -> list[tuple[str, int | None]]:
    return [(p.code, p.team_id) for p in error.problems]


def test_valid_recording_stores_ranks_and_ap_and_moves_status(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    assert round1.status == RoundStatus.PLANNED
    saved = services.placements_record(round=round1, ranks={red.pk: 2, blue.pk: 1, green.pk: 3})
    assert [(p.team_id, p.rank, p.ap) for p in saved] == [(blue.pk, 1, 14), (red.pk, 2, 11), (green.pk, 3, 8)]
    assert round1.status == RoundStatus.MINIGAME_RECORDED
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.MINIGAME_RECORDED


def test_pairs_are_accepted(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks=[(red.pk, 1), (blue.pk, 1), (green.pk, 3)])
    assert selectors.round_ap(round1) == {red: 14, blue: 14, green: 8}


def test_recording_again_replaces_previous_placements(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    services.placements_record(round=round1, ranks={red.pk: 2, blue.pk: 1, green.pk: None})
    assert sorted(Placement.objects.values_list("team_id", "rank", "ap")) == sorted(
        [(red.pk, 2, 11), (blue.pk, 1, 14)]
    )
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.MINIGAME_RECORDED


def test_recording_while_orders_open_keeps_status(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    services.round_set_status(round=round1, to=RoundStatus.ORDERS_OPEN)
    services.placements_record(round=round1, ranks={red.pk: 3, blue.pk: 2, green.pk: 1})
    assert Round.objects.get(pk=round1.pk).status == RoundStatus.ORDERS_OPEN
    assert selectors.round_ap(round1) == {red: 8, blue: 11, green: 14}


@pytest.mark.parametrize("status", [RoundStatus.RESOLVED, RoundStatus.CLOSED])
def test_recording_refused_once_resolved(teams: list[Team], round1: Round, status: str) -> None:
    red, blue, green = teams
    services.placements_record(round=round1, ranks={red.pk: 1, blue.pk: 2, green.pk: 3})
    Round.objects.filter(pk=round1.pk).update(status=status)
    round1.refresh_from_db()
    error = record_error(round1, {red.pk: 3, blue.pk: 2, green.pk: 1})
    assert codes(error) == [("round_locked", None)]
    if status == RoundStatus.RESOLVED:  # a resolution can be undone
        assert error.problems[0].message == (
            "Round 1 is already resolved, so its placements cannot be changed. Undo the resolution first."
        )
    else:  # a closed round never goes back: no advice to undo it
        assert error.problems[0].message == "Round 1 is closed: its placements can no longer be changed."


def test_closed_round_message_in_czech(teams: list[Team], round1: Round) -> None:
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.CLOSED)
    round1.refresh_from_db()
    with pytest.raises(PlacementsError) as caught:
        services.placements_record(round=round1, ranks={teams[0].pk: 1})
    assert [p.message for p in caught.value.problems] == ["Kolo 1 je uzavřené: umístění už nelze změnit."]


def test_status_is_read_from_the_database_not_the_callers_copy(teams: list[Team], round1: Round) -> None:
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.RESOLVED)  # another tab resolved it
    assert round1.status == RoundStatus.PLANNED
    error = record_error(round1, {teams[0].pk: 1})
    assert codes(error) == [("round_locked", None)]


@pytest.mark.parametrize("bad", [0, -1])
def test_rank_must_be_a_whole_number_of_at_least_one(teams: list[Team], round1: Round, bad: int) -> None:
    red, blue, green = teams
    error = record_error(round1, {red.pk: 1, blue.pk: bad, green.pk: 2})
    assert codes(error) == [("bad_rank", blue.pk)]
    assert error.problems[0].message == (
        f"Modří: the place must be a whole number, 1 or more (entered: “{bad}”)."
    )


def test_a_rank_above_the_column_is_too_large(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    at_most, _accepted = services.placements_check(round=round1, ranks={red.pk: services.MAX_RANK})
    assert [p.code for p in at_most] == ["rank_gap"]  # a place, only not after nobody
    error = record_error(round1, {red.pk: 1, blue.pk: services.MAX_RANK + 1, green.pk: 2})
    assert codes(error) == [("bad_rank", blue.pk)]
    assert error.problems[0].message == "Modří: the place is too large (entered: “32768”)."


def test_team_given_twice(teams: list[Team], round1: Round) -> None:
    red, blue, green = teams
    error = record_error(round1, [(red.pk, 1), (blue.pk, 2), (red.pk, 3), (green.pk, 3)])
    assert codes(error) == [("duplicate", red.pk)]
    assert "Červení: the team is entered more than once." in error.messages


def test_team_of_another_camp_refused(teams: list[Team], round1: Round, stranger: Team) -> None:
    red, blue, green = teams
    error = record_error(round1, {red.pk: 1, blue.pk: 2, green.pk: 3, stranger.pk: 4})
    assert codes(error) == [("other_camp", stranger.pk)]
    assert "Žlutí: this team belongs to another camp run" in error.problems[0].message


def test_unknown_team_ids(teams: list[Team], round1: Round) -> None:
    error = record_error(round1, {teams[0].pk: 1, 999_999: 2})
    assert codes(error) == [("unknown_team", 999_999)]
    assert "There is no team no. 999999." in error.messages


@pytest.mark.parametrize(
    ("ranks", "bad"),
    [
        ((1, 3, None), [(1, 3, 2)]),  # a gap: no 2nd
        ((2, None, None), [(0, 2, 1)]),  # 2 without a 1
        ((1, 1, 2), [(2, 2, 3)]),  # a tie on 1st skips the 2nd
        ((2, 2, 3), [(0, 2, 1), (1, 2, 1)]),  # the 3rd is right once the two are 1st
    ],
)
def test_ranks_must_be_a_competition_ranking(
    teams: list[Team], round1: Round, ranks: tuple[int | None, ...], bad: list[tuple[int, int, int]]
) -> None:
    error = record_error(round1, {t.pk: r for t, r in zip(teams, ranks, strict=True)})
    assert sorted(codes(error)) == sorted(("rank_gap", teams[i].pk) for i, _r, _e in bad)
    for i, rank, expected in bad:
        assert any(
            m.startswith(f"{teams[i].name}: place {rank} is not possible")
            and m.endswith(f"place is {expected}.")
            for m in error.messages
        )


def test_nobody_placed_is_refused(teams: list[Team], round1: Round) -> None:
    error = record_error(round1, dict.fromkeys((t.pk for t in teams), None))
    assert codes(error) == [("no_placement", None)]
    error = record_error(round1, {})
    assert codes(error) == [("no_placement", None)]


def test_all_problems_are_reported_at_once(teams: list[Team], round1: Round, stranger: Team) -> None:
    red, blue, green = teams
    error = record_error(round1, [(red.pk, 0), (blue.pk, -3), (blue.pk, 1), (stranger.pk, 1)])
    assert codes(error) == [
        ("bad_rank", red.pk),
        ("bad_rank", blue.pk),
        ("duplicate", blue.pk),
        ("other_camp", stranger.pk),
    ]
    assert len(error.messages) == 4


def test_messages_are_translated(teams: list[Team], round1: Round) -> None:
    with translation.override("cs"), pytest.raises(PlacementsError) as caught:
        services.placements_record(round=round1, ranks={teams[0].pk: 0})
    assert caught.value.messages == ["Červení: místo musí být celé číslo 1 nebo větší (zadáno: „0“)."]


def test_stored_ap_uses_the_table_at_record_time(camp: Camp, teams: list[Team], round1: Round) -> None:
    camp.ap_table = [5, 3]
    camp.save()
    round1.refresh_from_db()
    services.placements_record(round=round1, ranks={teams[0].pk: 1, teams[1].pk: 2, teams[2].pk: 3})
    assert sorted(Placement.objects.values_list("rank", "ap")) == [(1, 5), (2, 3), (3, 0)]
