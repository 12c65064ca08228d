"""The Content-Security-Policy of every HTML page: scripts only from this server's static files, no
inline script, no ``eval``. A page that someone on the camp Wi-Fi manages to slip markup into (a
team name, an imported round file) can then run nothing in a staff browser.

Styles may be inline (``'unsafe-inline'`` for styles only): the maps' SVGs carry their ``<style>``,
the team colours are ``style=`` attributes, and so are parts of Django's admin; a style cannot run
code. See docs/development.md ("Content-Security-Policy").
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def content_security_policy() -> str:
    """The policy, its ``frame-ancestors`` as ``X_FRAME_OPTIONS`` says (Django's default: DENY)."""
    framing = "'self'" if getattr(settings, "X_FRAME_OPTIONS", "DENY").upper() == "SAMEORIGIN" else "'none'"
    return "; ".join(
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            f"frame-ancestors {framing}",
        ]
    )


class ContentSecurityPolicyMiddleware:
    """Sets :data:`HEADER` on every HTML answer. First in ``MIDDLEWARE``: what leaves the server
    passes here last, the notice board answered from the cache (``PublicPageMiddleware``) and the
    error pages included."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.policy = content_security_policy()

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if HEADER not in response and response.get("Content-Type", "").startswith("text/html"):
            # Django's debug page of an error (DEBUG only) toggles its sections with inline script.
            if not (settings.DEBUG and response.status_code == 500):
                response[HEADER] = self.policy
        return response
