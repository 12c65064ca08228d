"""Looking a paper plan's code up (:func:`games.islands.paper.paper_lookup`): the team and round it
names, and each refusal by its exact message: a typo, a code of another camp run or laptop, a round
not open. The seal's key is the laptop's own secret, derived for this purpose: never the camp's
game seed, so nothing a team knows (or the seed's draws) makes another team's code."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import override_settings

from camp import services as camp_services
from camp.models import Camp, Round, RoundStatus, Team
from games.islands.engine.paper_code import PaperCode
from games.islands.errors import PaperCodeForeign, PaperCodeTypo, PaperRoundNotOpen
from games.islands.paper import paper_code, paper_lookup, paper_secret, sealed_as, seats


def test_a_code_opens_its_team_and_round(game: Round, teams: list[Team]) -> None:
    for team in teams:
        code = paper_code(camp=game.camp, team=team, round_number=game.number)
        plan = paper_lookup(str(code).lower().replace("-", " "))
        assert (plan.team, plan.round) == (team, game)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "Opište kód z plánu tahu, např. ZO-4K7P-Q2XM."),
        ("ZO-22O2-XGAH", "Kód nemá O (žádné 0, 1, I ani O): přečtěte tato písmena na plánu znovu."),
        ("ZO-222G-XG@H", "Kód nemá @: má jen písmena a číslice 2 až 9."),
        (
            "ZO-222G-XGA",
            "Kód má za ZO 8 až 30 znaků, tento má 7: zkontrolujte, že žádný nechybí ani nepřebývá.",
        ),
    ],
)
def test_what_is_not_a_code_is_a_typo(db: None, typed: str, message: str) -> None:
    with pytest.raises(PaperCodeTypo) as caught:
        paper_lookup(typed)
    assert caught.value.messages == [message]


def test_one_wrong_letter_is_a_typo_not_another_teams_plan(game: Round, teams: list[Team]) -> None:
    letters = paper_code(camp=game.camp, team=teams[0], round_number=game.number).letters
    wrong = letters[:2] + ("X" if letters[2] != "X" else "Y") + letters[3:]
    with pytest.raises(PaperCodeTypo) as caught:
        paper_lookup(wrong)
    assert caught.value.messages == ["Kód má překlep: jeho znaky nesedí. Přečtěte ho z plánu tahu znovu."]


FOREIGN = (
    "Tento kód není z plánů tohoto notebooku: byl vytištěn pro jiný běh tábora nebo na jiném notebooku. "
    "Nic se neotevřelo."
)


def test_a_code_of_another_laptop_or_camp_run_is_named(game: Round, teams: list[Team]) -> None:
    team = teams[0]
    number = seats(game.camp).index(team) + 1
    # printed on another laptop (another secret)
    elsewhere = PaperCode.make(
        camp=sealed_as(game.camp, team), team=number, round_number=game.number, secret=b"another laptop"
    )
    # last summer's camp run: the same team names and seats, made at another moment
    last_summer = Camp(created_at=game.camp.created_at - dt.timedelta(days=365))
    old = PaperCode.make(
        camp=sealed_as(last_summer, team), team=number, round_number=game.number, secret=paper_secret()
    )
    # a team number no camp run of this laptop has
    gone = PaperCode.make(camp=sealed_as(game.camp, team), team=99, round_number=1, secret=paper_secret())
    for code in (elsewhere, old, gone):
        with pytest.raises(PaperCodeForeign) as caught:
            paper_lookup(str(code))
        assert caught.value.messages == [FOREIGN]


def test_a_team_renamed_after_printing_opens_nothing_wrong(game: Round, teams: list[Team]) -> None:
    code = str(paper_code(camp=game.camp, team=teams[0], round_number=game.number))
    Team.objects.filter(pk=teams[0].pk).update(name="Přejmenovaní")
    with pytest.raises(PaperCodeForeign):
        paper_lookup(code)


def test_a_camp_runs_restored_copy_reads_the_sheets_printed_before(game: Round, teams: list[Team]) -> None:
    """The copy (new ids, the same moment of making, teams and seats) gives the same codes; a code
    opens the copy's round where that is open, the original's where only that is."""
    original = game.camp
    codes = {t.name: str(paper_code(camp=original, team=t, round_number=game.number)) for t in teams}
    copy = camp_services.camp_create(name=original.name, year=original.year)
    Camp.objects.filter(pk=copy.pk).update(created_at=original.created_at)
    copy.refresh_from_db()
    for team in reversed(seats(original)):  # made in another order: the seats count, not the ids
        made = camp_services.team_create(camp=copy, name=team.name, colour=team.colour)
        Team.objects.filter(pk=made.pk).update(order=team.order)
    copied = {t.name: t for t in seats(copy)}
    assert {
        n: str(paper_code(camp=copy, team=t, round_number=game.number)) for n, t in copied.items()
    } == codes
    for code in codes.values():
        assert paper_lookup(code).round == game  # the copy has no round 2 yet: the original's
    copy_round = camp_services.round_create(camp=copy)
    copy_round_2 = camp_services.round_create(camp=copy)
    Round.objects.filter(pk=copy_round_2.pk).update(status=RoundStatus.ORDERS_OPEN)
    Round.objects.filter(pk=game.pk).update(status=RoundStatus.RESOLVED)
    for name, code in codes.items():
        plan = paper_lookup(code)
        assert (plan.round.pk, plan.team) == (copy_round_2.pk, copied[name])
    assert copy_round.number == 1


def test_the_key_is_the_laptops_secret_not_the_camps_seed(game: Round, teams: list[Team]) -> None:
    code = paper_code(camp=game.camp, team=teams[0], round_number=game.number)
    Camp.objects.filter(pk=game.camp.pk).update(seed=12345)  # the seed is no part of it
    game.camp.refresh_from_db()
    assert paper_code(camp=game.camp, team=teams[0], round_number=game.number) == code
    with override_settings(SECRET_KEY="another laptop's key, as long as a real one is ........"):
        assert paper_code(camp=game.camp, team=teams[0], round_number=game.number) != code
        with pytest.raises(PaperCodeForeign):
            paper_lookup(str(code))


def test_a_round_not_open_is_named(game: Round, teams: list[Team]) -> None:
    team = teams[1]
    closed = Round.objects.get(camp=game.camp, number=1)
    with pytest.raises(PaperRoundNotOpen) as caught:
        paper_lookup(str(paper_code(camp=game.camp, team=team, round_number=1)))
    assert caught.value.messages == [
        f"Kód je plán týmu {team.name} na 1. kolo tábora {game.camp}, to kolo je ale ve stavu "
        f"„{closed.get_status_display()}“: papírové plány se přijímají, jen dokud se v kole "
        "odevzdávají plány tahu."
    ]
    with pytest.raises(PaperRoundNotOpen) as caught:
        paper_lookup(str(paper_code(camp=game.camp, team=team, round_number=9)))
    assert caught.value.messages == [
        f"Kód je plán týmu {team.name} na 9. kolo tábora {game.camp}, kolo, které ještě není naplánované."
    ]


def test_a_planned_round_is_not_open_yet(camp: Camp, teams: list[Team]) -> None:
    round_ = camp_services.round_create(camp=camp)
    assert round_.status == RoundStatus.PLANNED
    with pytest.raises(PaperRoundNotOpen):
        paper_lookup(str(paper_code(camp=camp, team=teams[0], round_number=1)))
