"""The teams' private pages (no login: the unguessable token is the key)."""

from django.urls import path

from games.batavia.pages import team

app_name = "batavia"
urlpatterns = [
    path("t/<str:token>/", team.team_page, name="team"),
    path("t/<str:token>/check/", team.team_play_check, name="team_check"),
]
