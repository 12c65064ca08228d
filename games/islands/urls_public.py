"""Public pages of the Golden Islands (no login): the notice board of a camp run, a round's replay,
and a team's own page behind its private link."""

from django.urls import path

from camp.web import url_tokens  # noqa: F401 (registers the <token:…> converter)
from games.islands.pages import notice_board, replay, team, team_plan, team_telescope

app_name = "islands_public"
urlpatterns = [
    path("nastenka/<int:camp_id>/", notice_board.notice_board, name="notice_board"),
    path("nastenka/<int:camp_id>/kolo/<int:number>/", replay.round_replay, name="round_replay"),
    path("tym/<token:token>/", team.team_page, name="team"),
    path("tym/<token:token>/plan/", team_plan.team_plan, name="team_plan"),
    path("tym/<token:token>/plan/kontrola/", team_plan.team_plan_check, name="team_plan_check"),
    path("tym/<token:token>/plan/mapa/", team_plan.team_plan_map, name="team_plan_map"),
    path("tym/<token:token>/plan/stav/", team_plan.team_plan_watch, name="team_plan_watch"),
    path("tym/<token:token>/plan/formular/", team_plan.team_plan_form, name="team_plan_form"),
    path("tym/<token:token>/dalekohled/", team_telescope.team_telescope, name="team_telescope"),
]
