"""The placements page's form (:class:`camp.forms.PlacementsForm`): it reads what staff typed into
places for :func:`camp.services.placements_check`, and names every row it cannot read."""

from __future__ import annotations

import pytest
from django.http import QueryDict
from django.utils import translation

from camp import services
from camp.forms import ParsedPlacements, PlacementsForm, RowIdField
from camp.models import Round, RoundStatus, Team


def posted(rows: list[tuple[object, str, bool]]) -> QueryDict:
    """The form as the page posts it: (team id, typed place, "did not play" ticked) per row."""
    data = QueryDict(mutable=True)
    for tid, rank, absent in rows:
        data.appendlist("team", str(tid))
        data.appendlist(f"rank-{tid}", rank)
        if absent:
            data[f"absent-{tid}"] = "1"
    return data


def read(teams: list[Team], rows: list[tuple[object, str, bool]]) -> ParsedPlacements:
    with translation.override("en"):
        return PlacementsForm(posted(rows), teams=teams).read()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "Modří: the place must be a whole number, 1 or more (entered: “abc”)."),
        ("1.5", "Modří: the place must be a whole number, 1 or more (entered: “1.5”)."),
        ("-1", "Modří: the place must be a whole number, 1 or more (entered: “-1”)."),
        ("0", "Modří: the place must be a whole number, 1 or more (entered: “0”)."),
        ("+00", "Modří: the place must be a whole number, 1 or more (entered: “0”)."),  # as a number
        ("0000000", "Modří: the place must be a whole number, 1 or more (entered: “0000000”)."),
        ("32768", "Modří: the place is too large (entered: “32768”)."),
        ("12345678", "Modří: the place is too large (entered: “12345678”)."),  # as typed
        ("9" * 30, "Modří: the place is too large (entered: “99999999999999999999…”)."),
    ],
)
def test_a_place_that_is_none_is_named_with_its_team(teams: list[Team], typed: str, message: str) -> None:
    red, blue, green = teams
    parsed = read(teams, [(red.pk, "1", False), (blue.pk, typed, False), (green.pk, "2", False)])
    assert [(p.code, p.team_id, p.message) for p in parsed.rank_problems] == [("bad_rank", blue.pk, message)]
    assert parsed.problems == []
    # The check still sees the team (as not placed), so a team given twice is still named.
    assert parsed.ranks == [(red.pk, 1), (blue.pk, None), (green.pk, 2)]
    assert parsed.values[blue.pk].rank == typed  # shown again in its field as typed


@pytest.mark.parametrize(("typed", "rank"), [("+05", 5), (" 2 ", 2), ("32767", 32767), ("000001", 1)])
def test_whole_numbers_are_places(teams: list[Team], typed: str, rank: int) -> None:
    red, blue, green = teams
    parsed = read(teams, [(red.pk, typed, False), (blue.pk, "", True), (green.pk, "1", False)])
    assert parsed.ranks == [(red.pk, rank), (blue.pk, None), (green.pk, 1)]
    assert parsed.problems == parsed.rank_problems == []


def test_problems_are_listed_rows_first_then_the_round_then_the_places(
    teams: list[Team], round1: Round
) -> None:
    red, blue, green = teams
    Round.objects.filter(pk=round1.pk).update(status=RoundStatus.RESOLVED)  # resolved in another tab
    round1.refresh_from_db()
    parsed = read(teams, [(red.pk, "-1", False), (blue.pk, "", False), (green.pk, "4", False)])
    checked, _accepted = services.placements_check(round=round1, ranks=parsed.ranks)
    codes = [(p.code, p.team_id) for p in parsed.with_check(checked)]
    # No order gap for Zelení's 4th place: the rows above could not be used, a gap would only confuse.
    assert codes == [("rank_missing", blue.pk), ("round_locked", None), ("bad_rank", red.pk)]


def test_the_check_names_what_the_form_cannot(teams: list[Team], round1: Round, stranger: Team) -> None:
    red, blue, green = teams
    rows = [(red.pk, "x", False), (blue.pk, "1", False), (green.pk, "2", False), (red.pk, "x", False)]
    parsed = read(teams, [*rows, (stranger.pk, "x", False)])
    assert [(p.code, p.team_id) for p in parsed.rank_problems] == [("bad_rank", red.pk)]  # once
    assert (stranger.pk, None) in parsed.ranks  # no place named for a team not of this camp
    with translation.override("en"):
        checked, _accepted = services.placements_check(round=round1, ranks=parsed.ranks)
    assert [(p.code, p.team_id) for p in parsed.with_check(checked)] == [
        ("duplicate", red.pk),
        ("other_camp", stranger.pk),
        ("bad_rank", red.pk),
    ]


def test_rows_that_are_not_a_team_are_tampering(teams: list[Team]) -> None:
    red, blue, green = teams
    rows = [(red.pk, "1", False), ("12a", "2", False), (blue.pk, "", True), (green.pk, "", True)]
    parsed = read(teams, rows)
    assert [(p.code, p.message) for p in parsed.problems] == [
        ("tampered", "The form contains an unknown team (“12a”). Reload the page and try again.")
    ]
    assert parsed.ranks == [(red.pk, 1), (blue.pk, None), (green.pk, None)]
    too_many = read(teams, [(red.pk, "1", False)] * 201)
    assert [p.message for p in too_many.problems] == ["The form has too many rows. Reload the page."]
    assert too_many.ranks == []


def test_each_row_needs_a_place_or_did_not_play_and_each_team_a_row(teams: list[Team]) -> None:
    red, blue, green = teams
    parsed = read(teams, [(red.pk, "1", True), (blue.pk, "", False)])
    assert [(p.code, p.team_id, p.message) for p in parsed.problems] == [
        ("rank_and_absent", red.pk, "Červení: enter either a place or “did not play”, not both."),
        ("rank_missing", blue.pk, "Modří: enter the place, or tick “did not play”."),
        ("team_missing", green.pk, "Zelení is missing from the form (added meanwhile?). Reload the page."),
    ]
    assert parsed.ranks == []


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("12", 12),
        (" 12 ", 12),
        ("0", 0),
        ("9" * 18, int("9" * 18)),
        ("9" * 19, None),
        ("-1", None),
        ("+1", None),
        ("1.0", None),
        ("١٢", None),
        ("", None),
        (None, None),
    ],
)
def test_a_row_id_is_ascii_digits_that_fit_the_database(raw: object, expected: int | None) -> None:
    assert RowIdField().clean(raw) == expected
