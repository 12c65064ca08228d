"""Public and staff pages of the camp app (not the Django admin itself)."""

from django.urls import path

from camp.pages import start as views

app_name = "camp"
urlpatterns = [
    path("", views.home, name="home"),
]
