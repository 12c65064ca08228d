"""The teams' private pages (no login: the unguessable token is the key)."""

from django.urls import path

from games.batavia import views

app_name = "batavia"
urlpatterns = [
    path("t/<str:token>/", views.team_page, name="team"),
    path("t/<str:token>/check/", views.team_play_check, name="team_check"),
]
