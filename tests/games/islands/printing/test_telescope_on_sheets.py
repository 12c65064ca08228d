"""A stale team sheet no more: once a telescope's choice is entered, the team sheets and the
notice-board sheet printed after it say what it revealed (a public fact: the hexes are revealed
for all)."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from camp.models import Round, Team
from games.islands.models.rounds import RoundResult, TelescopeChoice
from games.islands.printing.data import notice_sheet_for, team_sheets_for


def test_the_sheets_say_what_an_entered_telescope_revealed(game: Round, teams: list[Team]) -> None:
    round_one = Round.objects.get(camp=game.camp, number=1)
    result = RoundResult.objects.get(round=round_one)
    line = f"Dalekohled lodi 1 týmu {teams[0].name} odhalil okolí C3"
    with translation.override(settings.LANGUAGE_CODE):
        before = [e.text for e in team_sheets_for(game, [teams[1]])[0].events]
        assert not any(line in text for text in before)
        TelescopeChoice.objects.create(result=result, ship=f"{teams[0].name}.C1", hex="C3")
        for sheet in team_sheets_for(game, teams):  # every team: the reveal is public
            assert [e.text for e in sheet.events][-1].endswith(line)
        notice = notice_sheet_for(game)
        assert notice.events[-1].lines[-1] == line


def test_a_skipped_telescope_reveals_nothing_on_the_sheets(game: Round, teams: list[Team]) -> None:
    round_one = Round.objects.get(camp=game.camp, number=1)
    result = RoundResult.objects.get(round=round_one)
    with translation.override(settings.LANGUAGE_CODE):
        before = [e.text for e in team_sheets_for(game, [teams[0]])[0].events]
        TelescopeChoice.objects.create(result=result, ship=f"{teams[0].name}.C1", hex="")
        assert [e.text for e in team_sheets_for(game, [teams[0]])[0].events] == before
