"""Staff logins: failed attempts lock a user name out from one address (django-axes), the lock-out
page is Czech, staff can lift it, and a staff session ends with the browser or after 12 hours."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.pages import element_text

PASSWORD = "heslo-heslo-123"


def text_of(response: Any, element_id: str) -> str:
    return element_text(response.content.decode(), element_id)


@pytest.fixture(autouse=True)
def axes_on(settings: Any) -> Iterator[None]:
    settings.AXES_ENABLED = True
    yield


@pytest.fixture
def staff(db: None) -> Any:
    return get_user_model().objects.create_superuser("vedouci", "vedouci@example.com", PASSWORD)


def log_in(client: Client, password: str, *, username: str = "vedouci", **extra: str) -> Any:
    return client.post(reverse("admin:login"), {"username": username, "password": password}, **extra)


def logged_in(response: Any) -> bool:
    return response.status_code == 302 and "_auth_user_id" in response.client.session


def fail(client: Client, times: int, **extra: Any) -> list[int]:
    return [log_in(client, "spatne-heslo", **extra).status_code for _ in range(times)]


def test_failed_logins_lock_the_user_out_with_a_czech_page(client: Client, staff: Any) -> None:
    assert settings.AXES_FAILURE_LIMIT == 5
    # Four wrong passwords: the login form again, with Django's own error; the fifth locks.
    assert fail(client, 4) == [200, 200, 200, 200]
    locked = log_in(client, "spatne-heslo")
    assert locked.status_code == 429
    assert text_of(locked, "locked-out") == (
        "Příliš mnoho nepovedených přihlášení: po 5 nepovedených pokusech je přihlášení „vedouci“ "
        "na tomto počítači zablokované."
    )
    assert 'lang="cs"' in locked.content.decode()
    # Now even the right password is refused, with the same page.
    right = log_in(client, PASSWORD)
    assert right.status_code == 429 and text_of(right, "locked-out").startswith("Příliš mnoho")
    assert "_auth_user_id" not in client.session


def test_the_lock_out_page_in_english(client: Client, staff: Any) -> None:
    for _ in range(5):
        client.post("/en/admin/login/", {"username": "vedouci", "password": "x"})
    locked = client.post("/en/admin/login/", {"username": "vedouci", "password": PASSWORD})
    assert text_of(locked, "locked-out") == (
        "Too many failed logins: after 5 failed attempts the login “vedouci” is locked on this computer."
    )


def test_the_lock_out_is_per_user_and_address_and_ignores_forwarded_for(client: Client, staff: Any) -> None:
    # A client that writes a new X-Forwarded-For on every try is still one address.
    for n in range(5):
        log_in(client, "spatne-heslo", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert log_in(client, PASSWORD, HTTP_X_FORWARDED_FOR="10.0.0.99").status_code == 429
    # The same login from another computer, and another login from this one, still work.
    assert logged_in(log_in(Client(), PASSWORD, REMOTE_ADDR="192.0.2.7"))
    get_user_model().objects.create_superuser("druhy", "d@example.com", PASSWORD)
    assert logged_in(log_in(Client(), PASSWORD, username="druhy"))


def test_a_success_clears_the_count(client: Client, staff: Any) -> None:
    fail(client, 4)
    assert logged_in(log_in(client, PASSWORD))
    client.logout()
    assert fail(client, 4) == [200, 200, 200, 200]


def test_the_lock_out_ends_after_the_cool_off(client: Client, staff: Any) -> None:
    fail(client, 5)
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))
    assert logged_in(log_in(client, PASSWORD))


def test_staff_lift_a_lock_out_with_the_command(client: Client, staff: Any) -> None:
    fail(client, 5)
    call_command("axes_reset_username", "vedouci", stdout=StringIO())
    assert logged_in(log_in(client, PASSWORD))


def test_staff_lift_a_lock_out_in_the_admin(client: Client, staff: Any) -> None:
    fail(client, 5)
    attempt = AccessAttempt.objects.get(username="vedouci")
    other = get_user_model().objects.create_superuser("druhy", "d@example.com", PASSWORD)
    colleague = Client()
    colleague.force_login(other)
    listing = colleague.get(reverse("admin:axes_accessattempt_changelist"))
    assert listing.status_code == 200
    assert text_of(listing, "content").startswith("Vyberte položku přístupový pokus ke změně")
    assert "vedouci" in text_of(listing, "result_list")
    index = colleague.get(reverse("admin:index"))
    assert re.search(r"Pokusy o přihlášení .*Přístupové pokusy", text_of(index, "content-main"))
    delete = reverse("admin:axes_accessattempt_delete", args=[attempt.pk])
    assert colleague.post(delete, {"post": "yes"}).status_code == 302
    assert logged_in(log_in(client, PASSWORD))


def test_a_staff_session_ends_with_the_browser_and_after_twelve_hours(client: Client, staff: Any) -> None:
    response = log_in(client, PASSWORD)
    assert logged_in(response)
    cookie = response.cookies[settings.SESSION_COOKIE_NAME]
    assert cookie["expires"] == "" and cookie["max-age"] == ""  # a browser-session cookie
    session = Session.objects.get(session_key=cookie.value)
    left = session.expire_date - timezone.now()
    assert timedelta(hours=11, minutes=59) < left <= timedelta(hours=12)
    # Past its 12 hours the session is gone: the admin sends the user to the login.
    Session.objects.filter(pk=session.pk).update(expire_date=timezone.now() - timedelta(seconds=1))
    page = client.get(reverse("admin:index"))
    assert page.status_code == 302 and page["Location"].startswith(reverse("admin:login"))


LOCKS = [200, 200, 200, 200, 429, 429]


@pytest.mark.parametrize(
    ("junk", "codes"),
    [
        ({"next": "/admin/\x00"}, LOCKS),
        ({"username": "v" * 300}, LOCKS),
        ({"x\x00": "1"}, LOCKS),
        # Django's form refuses a NUL in the user name before anything is authenticated.
        ({"username": "vedouci\x00"}, [200] * 6),
    ],
)
def test_junk_in_a_failed_login_is_counted_without_an_error(
    client: Client, staff: Any, junk: dict[str, str], codes: list[int]
) -> None:
    """What axes records of a failed login (user name, form data) must fit every database."""
    data = {"username": "vedouci", "password": "x", **junk}
    assert [client.post(reverse("admin:login"), data).status_code for _ in range(6)] == codes


def test_a_user_name_of_bytes_that_are_no_utf_8_is_counted(client: Client, staff: Any) -> None:
    body, form = b"username=vedouci%ED%A0%80%FF&password=x", "application/x-www-form-urlencoded"
    url = reverse("admin:login")
    assert [client.post(url, body, content_type=form).status_code for _ in range(6)] == LOCKS
