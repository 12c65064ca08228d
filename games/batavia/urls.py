"""The teams' private pages (no login: the unguessable token is the key)."""

from django.urls import path

from camp.web import url_tokens  # noqa: F401 (registers the <token:…> converter)
from games.batavia.pages import team

app_name = "batavia"
urlpatterns = [
    path("t/<token:token>/", team.team_page, name="team"),
    path("t/<token:token>/check/", team.team_play_check, name="team_check"),
]
