"""Staff logins: the client address axes counts failures by, and the page of a lock-out."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

#: ``User.username``'s length (axes' own column takes 255).
USERNAME_MAX_LENGTH = 150


def client_address(request: HttpRequest) -> str | None:
    """The address that sent the request. No proxy header is trusted: on the camp LAN waitress
    is reached directly, and a client could write any X-Forwarded-For it likes."""
    return request.META.get("REMOTE_ADDR")


def login_username(request: HttpRequest, credentials: Any = None) -> str | None:
    """The user name axes counts failures by and stores: the one typed, cut to what a user name can
    be (a longer or NUL-carrying one would not fit a PostgreSQL column). No such user can log in, so
    the cut name locks nobody else out."""
    typed = (credentials or {}).get("username") if credentials else request.POST.get("username")
    if not isinstance(typed, str):
        return None
    return typed.replace("\x00", "")[:USERNAME_MAX_LENGTH]


def locked_out(
    request: HttpRequest, original_response: HttpResponse | None = None, credentials: Any = None
) -> HttpResponse:
    """The lock-out page (axes' ``AXES_LOCKOUT_CALLABLE``): in the admin's frame, in the page's language."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    context = {
        **admin.site.each_context(request),
        "title": _("Login locked"),
        "username": (credentials or {}).get("username") or request.POST.get("username", ""),
        "failure_limit": settings.AXES_FAILURE_LIMIT,
        "minutes": minutes,
    }
    response = TemplateResponse(
        request, "admin/camp/locked_out.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
    return response.render()
