"""camp.web.security_headers: every HTML answer carries the Content-Security-Policy, the notice board
answered from the cache and the error pages included; nothing else does. (Every page of the demo
camp: tests/test_page_checks.py; the pages working under it in Chromium: test_security_headers_browser.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.http import HttpResponse
from django.test import Client
from django.urls import path, reverse

from camp.models import Camp
from camp.web.security_headers import HEADER, content_security_policy
from config import urls as camp_urls

pytestmark = pytest.mark.django_db


def directives(policy: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in policy.split(";"))}


def test_the_policy_runs_only_the_servers_own_scripts() -> None:
    policy = directives(content_security_policy())
    assert policy["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval', no other host
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]  # as X-Frame-Options: DENY
    assert policy["img-src"] == ["'self'", "data:"]
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]  # styles only: see docs/development.md


def test_a_page_that_may_be_framed_by_itself_says_so_in_the_policy(settings: Any) -> None:
    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    response = Client().get(reverse("admin:login"))
    assert directives(response[HEADER])["frame-ancestors"] == ["'self'"]
    assert response["X-Frame-Options"] == "SAMEORIGIN"


def test_staff_pages_and_error_pages_carry_the_policy(admin_client: Client) -> None:
    login = Client().get(reverse("admin:login"))
    assert login.status_code == 200 and login[HEADER] == content_security_policy()
    home = admin_client.get(reverse("admin:index"))
    assert home.status_code == 200 and home[HEADER] == content_security_policy()
    missing = Client().get("/no-such-page/")
    assert missing.status_code == 404 and missing[HEADER] == content_security_policy()


def test_what_is_not_a_page_carries_no_policy(admin_client: Client) -> None:
    catalog = admin_client.get(reverse("admin:jsi18n"))
    assert catalog.status_code == 200 and catalog["Content-Type"].startswith("text/javascript")
    assert HEADER not in catalog


def test_the_notice_board_from_the_cache_carries_the_policy(
    camp: Camp, django_assert_num_queries: Any
) -> None:
    """The second request is answered by PublicPageMiddleware ahead of the rest of the chain (one
    query: the version), and still with the policy; so is the unchanged poll's 304."""
    client = Client()
    url = reverse("islands_public:notice_board", args=[camp.pk])
    drawn = client.get(url)
    assert drawn.status_code == 200 and drawn[HEADER] == content_security_policy()
    with django_assert_num_queries(1):
        kept = client.get(url)
    assert kept.content == drawn.content and kept[HEADER] == content_security_policy()
    unchanged = client.get(url, HTTP_IF_NONE_MATCH=drawn["ETag"])
    assert unchanged.status_code == 304 and unchanged[HEADER] == content_security_policy()


class Urls:
    """The project's URLs and two views of the tests' own."""

    @staticmethod
    def own_policy(request: Any) -> HttpResponse:
        response = HttpResponse("<p>x</p>")
        response[HEADER] = "default-src 'none'"
        return response

    @staticmethod
    def broken(request: Any) -> HttpResponse:
        raise RuntimeError("a bug")

    urlpatterns = [path("own-policy/", own_policy), path("broken/", broken), *camp_urls.urlpatterns]


def test_a_policy_a_view_set_itself_is_kept(settings: Any) -> None:
    """The middleware adds the policy, never replaces one (a page that needs another sets its own)."""
    settings.ROOT_URLCONF = Urls
    assert Client().get("/own-policy/")[HEADER] == "default-src 'none'"


def test_the_500_page_carries_the_policy_but_djangos_debug_page_does_not(settings: Any) -> None:
    """The debug page (DEBUG only) opens its sections with inline script: it would show them shut."""
    settings.ROOT_URLCONF = Urls
    page = Client(raise_request_exception=False).get("/broken/")
    assert page.status_code == 500 and page[HEADER] == content_security_policy()
    settings.DEBUG = True
    debug_page = Client(raise_request_exception=False).get("/broken/")
    assert debug_page.status_code == 500 and "RuntimeError" in debug_page.content.decode()
    assert HEADER not in debug_page
