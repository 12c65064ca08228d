"""Public pages of the Golden Islands (no login): the notice board of a camp run."""

from django.urls import path

from games.islands import public_views

app_name = "islands_public"
urlpatterns = [
    path("nastenka/<int:camp_id>/", public_views.notice_board, name="notice_board"),
    path("nastenka/<int:camp_id>/kolo/<int:number>/", public_views.round_replay, name="round_replay"),
]
