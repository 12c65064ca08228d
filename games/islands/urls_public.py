"""Public pages of the Golden Islands (no login): the notice board of a camp run, a round's replay,
and a team's own page behind its private link."""

from django.urls import path

from games.islands.pages import notice_board, replay, team, team_plan, team_telescope

app_name = "islands_public"
urlpatterns = [
    path("nastenka/<int:camp_id>/", notice_board.notice_board, name="notice_board"),
    path("nastenka/<int:camp_id>/kolo/<int:number>/", replay.round_replay, name="round_replay"),
    path("tym/<str:token>/", team.team_page, name="team"),
    path("tym/<str:token>/plan/", team_plan.team_plan, name="team_plan"),
    path("tym/<str:token>/plan/kontrola/", team_plan.team_plan_check, name="team_plan_check"),
    path("tym/<str:token>/plan/mapa/", team_plan.team_plan_map, name="team_plan_map"),
    path("tym/<str:token>/plan/stav/", team_plan.team_plan_watch, name="team_plan_watch"),
    path("tym/<str:token>/plan/formular/", team_plan.team_plan_form, name="team_plan_form"),
    path("tym/<str:token>/dalekohled/", team_telescope.team_telescope, name="team_telescope"),
]
