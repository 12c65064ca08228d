"""The staff logins' pages (Django's user and group admin, as the project registers them): Django's
own markup where it is not valid HTML or names no input, fixed (vnu, axe); the words Django leaves
in English on a Czech page (the permissions' names, the password warning, "Error:"), translated."""

from __future__ import annotations

from bs4 import BeautifulSoup
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse
from django.utils import translation


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


def permission_labels(page: BeautifulSoup) -> dict[str, str]:
    chooser = page.find("select", id="id_user_permissions")
    assert chooser is not None
    return {str(option["value"]): option.get_text() for option in chooser.find_all("option")}


def test_the_permissions_are_named_in_the_pages_language(admin_client: Client, admin_user: User) -> None:
    """Django stores every permission's name in English when it migrates ("Can add camp run"): the
    chooser names the four model permissions by their action, the camp run's own by translation."""
    add_camp = Permission.objects.get(codename="add_camp")
    seed = Permission.objects.get(codename="see_seed")
    czech = permission_labels(user_page(admin_client, admin_user))
    assert czech[str(add_camp.pk)] == "Tábor | běh tábora | Smí přidat"
    assert czech[str(seed.pk)] == "Tábor | běh tábora | Smí vidět semínko běhu tábora"
    with translation.override("en"):
        page = admin_client.get(reverse("admin:auth_user_change", args=[admin_user.pk]))
    english = permission_labels(BeautifulSoup(page.content, "html.parser"))
    assert english[str(add_camp.pk)] == "Camp | camp run | Can add"
    assert english[str(seed.pk)] == "Camp | camp run | Can see the camp run's seed"


def test_the_password_pages_warning_and_an_error_title_are_czech(
    admin_client: Client, admin_user: User
) -> None:
    page = admin_client.get(reverse("admin:auth_user_password_change", args=[admin_user.pk]))
    warning = BeautifulSoup(page.content, "html.parser").find(id="id_unusable_warning")
    assert warning is not None
    assert warning.get_text(strip=True) == "Když je vypnuto, současné heslo tohoto uživatele se ztratí."
    refused = admin_client.post(reverse("admin:auth_user_add"), {"username": ""})
    title = BeautifulSoup(refused.content, "html.parser").title
    assert title is not None and title.get_text().startswith("Chyba: uživatel: přidat")


def test_the_two_box_choosers_script_words_are_czech(admin_client: Client) -> None:
    """The chooser's help and buttons come from the admin's JavaScript catalogue, where Django's
    Czech lacks them ("Choose all skupiny"): camp's djangojs catalogue fills them in."""
    script = admin_client.get(reverse("admin:jsi18n")).content.decode()
    assert '"Choose all %s": "Vybrat v\\u0161e: %s"' in script
    assert '"(click to clear)": "(klepnut\\u00edm zru\\u0161\\u00edte)"' in script
    with translation.override("en"):
        english = admin_client.get(reverse("admin:jsi18n")).content.decode()
    assert "Vybrat v\\u0161e: %s" not in english
