"""The staff logins' pages (Django's user and group admin, as the project registers them): Django's
own markup where it is not valid HTML or names no input, fixed (vnu, axe)."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse


def user_page(admin_client: Client, admin_user: User) -> BeautifulSoup:
    response = admin_client.get(reverse("admin:auth_user_change", args=[admin_user.pk]))
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_the_split_date_and_time_inputs_are_named_each(admin_client: Client, admin_user: User) -> None:
    page = user_page(admin_client, admin_user)
    for field in ("last_login", "date_joined"):
        date, time = page.find(id=f"id_{field}_0"), page.find(id=f"id_{field}_1")
        assert date is not None and time is not None, field
        assert (date["aria-label"], time["aria-label"]) == ("Datum", "Čas")


def test_the_password_summary_is_no_disabled_div(admin_client: Client, admin_user: User) -> None:
    """HTML allows ``disabled`` on form controls only; the summary still shows its reset button."""
    summary = user_page(admin_client, admin_user).find(id="id_password")
    assert summary is not None and summary.name == "div"
    assert "disabled" not in summary.attrs
    assert summary.find("a", class_="button") is not None


def scripts(page: BeautifulSoup) -> list[str]:
    return [str(script["src"]) for script in page.find_all("script", src=True)]


def test_the_choosers_search_icons_get_their_role_after_django_builds_them(
    admin_client: Client, admin_user: User
) -> None:
    """``camp/select_filter.js`` gives each search icon its role on 'load', after SelectFilter2.js's
    own 'load' listener built them: it must come after that script (the user and the group pages)."""
    group_add = BeautifulSoup(admin_client.get(reverse("admin:auth_group_add")).content, "html.parser")
    for page in (user_page(admin_client, admin_user), group_add):
        sources = scripts(page)
        ours = sources.index("/static/camp/select_filter.js")
        assert sources.index("/static/admin/js/SelectFilter2.js") < ours, sources
