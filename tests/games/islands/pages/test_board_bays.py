"""Every team's bay in one form of the board set-up page (:func:`harbors_set_bays`): all stored or
none, each problem said naming its team and bay, nothing changed then."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from camp.models import Camp, Team
from games.islands.engine.hexes import geometry
from games.islands.models.board import Harbor
from games.islands.services import board as board_services
from tests.pages import errors, messages

pytestmark = pytest.mark.django_db


def url(name: str, camp: Camp) -> str:
    return reverse(f"admin:islands_boardsetup_{name}", args=[camp.pk])


@pytest.fixture
def drawn(camp: Camp, teams: list[Team]) -> Camp:
    board_services.board_generate(camp=camp, seed=1)
    board_services.harbors_draw_sides(camp=camp)
    return camp


def free_bays(team: Team) -> list[int]:
    """The bays on the team's side, in order."""
    g = geometry(team.camp.board_side)
    return [g.bay_number(b) for b in g.bays_on(Harbor.objects.get(team=team).side)]


def stored(camp: Camp) -> dict[str, int | None]:
    return {h.team.name: h.bay for h in Harbor.objects.filter(team__camp=camp).select_related("team")}


def refused(camp: Camp, bays: dict[Team, int]) -> list[str]:
    before = stored(camp)
    with pytest.raises(ValidationError) as caught:
        board_services.harbors_set_bays(camp=camp, bays=bays)
    assert stored(camp) == before  # nothing changed
    return caught.value.messages


def other_side_bay(camp: Camp, team: Team) -> int:
    g = geometry(camp.board_side)
    side = Harbor.objects.get(team=team).side
    return next(g.bay_number(b) for b in g.bays if g.bay_sides[b] != side)


# ------------------------------------------------------------------------------------ the service


def test_every_team_s_bay_is_stored_at_once(drawn: Camp, teams: list[Team]) -> None:
    bays = {team: free_bays(team)[1] for team in teams}
    board_services.harbors_set_bays(camp=drawn, bays=bays)
    assert stored(drawn) == {team.name: bay for team, bay in bays.items()}


def test_two_teams_on_one_side_may_swap_their_bays_in_one_go(drawn: Camp, teams: list[Team]) -> None:
    """Checked against the bays after the whole change: a swap is no clash."""
    extra = Team.objects.create(camp=drawn, name="Žlutí", colour="#d4ac0d", order=9)
    board_services.harbors_draw_sides(camp=drawn, redraw=True)
    side_of = {h.team_id: h.side for h in Harbor.objects.filter(team__camp=drawn)}
    pair = next(
        (a, b)
        for a in [*teams, extra]
        for b in [*teams, extra]
        if a.pk < b.pk and side_of[a.pk] == side_of[b.pk]
    )
    first, second = free_bays(pair[0])[:2]
    board_services.harbors_set_bays(camp=drawn, bays={pair[0]: first, pair[1]: second})
    board_services.harbors_set_bays(camp=drawn, bays={pair[0]: second, pair[1]: first})
    assert (stored(drawn)[pair[0].name], stored(drawn)[pair[1].name]) == (second, first)


def test_one_wrong_bay_stores_none_and_names_its_team(drawn: Camp, teams: list[Team]) -> None:
    good = {team: free_bays(team)[0] for team in teams[1:]}
    wrong = other_side_bay(drawn, teams[0])
    said = refused(drawn, {teams[0]: wrong, **good})
    assert len(said) == 1
    assert said[0].startswith(f"Z{wrong} neleží ") and said[0].endswith(f"{teams[0].name}.")


def test_one_bay_for_two_teams_is_refused_naming_both(drawn: Camp, teams: list[Team]) -> None:
    extra = Team.objects.create(camp=drawn, name="Žlutí", colour="#d4ac0d", order=9)
    board_services.harbors_draw_sides(camp=drawn, redraw=True)
    side_of = {h.team_id: h.side for h in Harbor.objects.filter(team__camp=drawn)}
    a, b = next(
        (a, b)
        for a in [*teams, extra]
        for b in [*teams, extra]
        if a.pk < b.pk and side_of[a.pk] == side_of[b.pk]
    )
    bay = free_bays(a)[0]
    assert refused(drawn, {a: bay, b: bay}) == [
        f"{a.name}: Z{bay} je zároveň přístavem týmu {b.name}.",
        f"{b.name}: Z{bay} je zároveň přístavem týmu {a.name}.",
    ]


def test_a_bay_kept_by_a_team_left_out_is_taken(drawn: Camp, teams: list[Team]) -> None:
    extra = Team.objects.create(camp=drawn, name="Žlutí", colour="#d4ac0d", order=9)
    board_services.harbors_draw_sides(camp=drawn, redraw=True)
    side_of = {h.team_id: h.side for h in Harbor.objects.filter(team__camp=drawn)}
    a, b = next(
        (a, b)
        for a in [*teams, extra]
        for b in [*teams, extra]
        if a.pk < b.pk and side_of[a.pk] == side_of[b.pk]
    )
    bay = free_bays(a)[0]
    board_services.harbors_set_bays(camp=drawn, bays={a: bay})
    assert refused(drawn, {b: bay}) == [f"{b.name}: Z{bay} je zároveň přístavem týmu {a.name}."]


@pytest.mark.parametrize("bay", [0, 13])
def test_a_bay_beyond_the_board_is_refused(drawn: Camp, teams: list[Team], bay: int) -> None:
    assert refused(drawn, {teams[0]: bay}) == [
        f"{teams[0].name}: „{bay}“ není zátoka tohoto herního plánu (Z1 … Z12)."
    ]


@pytest.mark.parametrize("bay", [1, 12])
def test_the_first_and_last_bay_of_the_board_are_bays(camp: Camp, teams: list[Team], bay: int) -> None:
    board_services.board_generate(camp=camp, seed=1)
    for draw in range(1, 40):  # the draw that puts a team on the bay's side
        board_services.harbors_draw_sides(camp=camp, redraw=draw > 1)
        g = geometry(camp.board_side)
        team = next((t for t in teams if Harbor.objects.get(team=t).side == g.bay_sides[g.bay(bay)]), None)
        if team is not None:
            board_services.harbors_set_bays(camp=camp, bays={team: bay})
            assert stored(camp)[team.name] == bay
            return
    pytest.fail("no draw put a team on that side")


def test_a_team_without_a_side_is_refused(camp: Camp, teams: list[Team]) -> None:
    board_services.board_generate(camp=camp, seed=1)
    assert refused(camp, {teams[0]: 1}) == [f"Nejdřív vylosujte strany: {teams[0].name} ještě nemá stranu."]


def test_a_team_of_another_camp_is_refused(drawn: Camp, teams: list[Team], other_camp: Camp) -> None:
    stranger = Team.objects.create(camp=other_camp, name="Cizí", colour="#000000")
    assert refused(drawn, {stranger: 1}) == ["Takový tým v tomto běhu tábora není."]


def test_after_the_start_no_bay_changes(drawn: Camp, teams: list[Team]) -> None:
    board_services.harbors_set_bays(camp=drawn, bays={team: free_bays(team)[0] for team in teams})
    board_services.game_start(camp=drawn)
    assert refused(drawn, {teams[0]: free_bays(teams[0])[1]}) == [
        "Hra začala: přístavy už nelze ručně přemístit."
    ]


# ------------------------------------------------------------------------------------ the page


def test_the_page_has_one_form_with_every_team_s_bay(
    staff_client: Client, drawn: Camp, teams: list[Team]
) -> None:
    html = staff_client.get(url("camp", drawn)).content.decode()
    form = html.split('id="bays-form"')[1].split("</form>")[0]
    assert re.findall(r'<select name="bay-(\d+)"', form) == [str(t.pk) for t in teams]
    assert form.count('<option value="" selected>—</option>') == len(teams)  # none chosen yet
    assert html.count('id="bays-form"') == 1 and html.count('name="bay-') == len(teams)  # no bay elsewhere


def test_the_form_stores_every_bay_and_says_so(staff_client: Client, drawn: Camp, teams: list[Team]) -> None:
    bays = {team: free_bays(team)[0] for team in teams}
    response = staff_client.post(
        url("bays", drawn), {f"bay-{t.pk}": f"Z{b}" for t, b in bays.items()}, follow=True
    )
    placed = ", ".join(f"{t.name}: Z{b}" for t, b in bays.items())
    assert messages(response, "success") == [f"Přístavy v zátokách: {placed}."]
    assert stored(drawn) == {t.name: b for t, b in bays.items()}
    form = response.content.decode().split('id="bays-form"')[1].split("</form>")[0]
    assert '<option value="" selected>' not in form  # every team's bay shown as chosen


def test_a_team_left_at_the_dash_gets_no_bay(staff_client: Client, drawn: Camp, teams: list[Team]) -> None:
    data = {f"bay-{teams[0].pk}": str(free_bays(teams[0])[0]), f"bay-{teams[1].pk}": ""}
    staff_client.post(url("bays", drawn), data)
    assert stored(drawn) == {teams[0].name: free_bays(teams[0])[0], teams[1].name: None, teams[2].name: None}


@pytest.mark.parametrize("typed", ["Z99", "x", "<b>"])
def test_a_bay_no_board_has_is_named_with_its_team_and_nothing_stored(
    staff_client: Client, drawn: Camp, teams: list[Team], typed: str
) -> None:
    data = {f"bay-{t.pk}": str(free_bays(t)[0]) for t in teams}
    data[f"bay-{teams[1].pk}"] = typed
    response = staff_client.post(url("bays", drawn), data, follow=True)
    assert errors(response) == [f"{teams[1].name}: „{typed}“ není zátoka tohoto herního plánu (Z1 … Z12)."]
    assert set(stored(drawn).values()) == {None}


def test_a_wrong_side_in_the_form_stores_nothing(
    staff_client: Client, drawn: Camp, teams: list[Team]
) -> None:
    data = {f"bay-{t.pk}": str(free_bays(t)[0]) for t in teams}
    data[f"bay-{teams[2].pk}"] = str(other_side_bay(drawn, teams[2]))
    response = staff_client.post(url("bays", drawn), data, follow=True)
    [said] = errors(response)
    assert said.startswith(f"Z{other_side_bay(drawn, teams[2])} neleží ") and teams[2].name in said
    assert set(stored(drawn).values()) == {None}


def test_an_empty_form_is_said(staff_client: Client, drawn: Camp, teams: list[Team]) -> None:
    response = staff_client.post(url("bays", drawn), {f"bay-{teams[0].pk}": ""}, follow=True)
    assert errors(response) == ["Vyberte zátoku aspoň jednomu týmu."]


def test_a_team_of_another_camp_in_the_post_is_ignored(
    staff_client: Client, drawn: Camp, teams: list[Team], other_camp: Camp
) -> None:
    stranger = Team.objects.create(camp=other_camp, name="Cizí", colour="#000000")
    response = staff_client.post(url("bays", drawn), {f"bay-{stranger.pk}": "1"}, follow=True)
    assert errors(response) == ["Vyberte zátoku aspoň jednomu týmu."]


def test_the_form_needs_the_board_permission(
    client: Client, drawn: Camp, teams: list[Team], django_user_model: type
) -> None:
    viewer = django_user_model.objects.create_user(username="divak", password="x", is_staff=True)  # type: ignore[attr-defined]
    client.force_login(viewer)
    data = {f"bay-{t.pk}": str(free_bays(t)[0]) for t in teams}
    assert client.post(url("bays", drawn), data).status_code == 403
    assert set(stored(drawn).values()) == {None}
