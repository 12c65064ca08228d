"""The check of the ``Host`` a request names, ahead of everything else (first in ``MIDDLEWARE``).

Django's own check (``ALLOWED_HOSTS``, in ``request.get_host()``) knows only the addresses of the
start and answers any other Host with a bare English "Bad Request (400)" and a traceback in the log:
a phone on an address the laptop got after ``make camp`` started was refused, and a 5,000-character
Host wrote ~15 KB to ``camp.log``. Here:

- a Host seen before is served (a set lookup: the notice board's crowd pays nothing more);
- under ``make camp`` (where ``ALLOWED_HOSTS`` is ``*`` and this check decides), a Host that is one
  of the laptop's addresses now (camp.web.network.addresses_now, looked up at most every few seconds),
  or localhost, with the server's port, is served and remembered; so is one of
  ``DJANGO_ALLOWED_HOSTS`` (``CAMP_EXTRA_HOSTS``, e.g. an HTTPS proxy's name);
- elsewhere Django's rule decides (``ALLOWED_HOSTS``), as before;
- any other Host gets a short Czech and English page saying what to do (status 400) and one log
  line, the host cut to :data:`LOGGED_HOST_CHARS` characters, no traceback.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port, validate_host
from django.template.loader import render_to_string

from camp.web.logged_once import mark_logged
from camp.web.network import addresses_now, is_loopback_host, phone_url

logger = logging.getLogger("camp.web.hosts")

LOGGED_HOST_CHARS = 200
#: How many different accepted Hosts are remembered (an address, localhost: a handful in practice).
KNOWN_HOSTS_LIMIT = 256

_known: set[str] = set()
_known_lock = threading.Lock()


@receiver(setting_changed)
def _forget_known_hosts(**kwargs: object) -> None:
    """A test changed the settings: decide every Host again."""
    with _known_lock:
        _known.clear()


def host_allowed(host: str) -> bool:
    """Whether a request naming ``host`` (``Host`` header, with its port) is served."""
    domain, port = split_domain_port(host)
    if not domain:
        return False
    if not settings.CAMP_MODE:
        allowed = settings.ALLOWED_HOSTS
        if settings.DEBUG and not allowed:
            allowed = [".localhost", "127.0.0.1", "[::1]"]  # what Django's get_host allows then
        return validate_host(domain, allowed)
    if validate_host(domain, settings.CAMP_EXTRA_HOSTS):
        return True
    if (port or "80") != str(settings.CAMP_PORT):
        return False
    return is_loopback_host(domain) or domain in settings.CAMP_ADDRESSES or domain in addresses_now()


def shown_host(host: str) -> str:
    """``host`` for the log and the page: cut, and nothing but printable ASCII."""
    return "".join(c if " " <= c <= "~" else "?" for c in host[:LOGGED_HOST_CHARS])


def raw_host(request: HttpRequest) -> str:
    """The Host the request names, read where ``get_host()`` reads it before it checks it (and
    raises for one not allowed): X-Forwarded-Host only with ``USE_X_FORWARDED_HOST``, else the Host
    header, else the server's name and port."""
    meta = request.META
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in meta:
        return str(meta["HTTP_X_FORWARDED_HOST"])
    if "HTTP_HOST" in meta:
        return str(meta["HTTP_HOST"])
    host, port = str(meta["SERVER_NAME"]), request.get_port()
    return host if port == ("443" if request.is_secure() else "80") else f"{host}:{port}"


class HostCheckMiddleware:
    """See the module: serve the laptop's addresses of now, refuse any other Host plainly."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        host = raw_host(request)
        if host in _known:
            return self.get_response(request)
        if host_allowed(host):
            if settings.CAMP_MODE:  # elsewhere the settings' rule is cheap and decides each time
                with _known_lock:
                    if len(_known) < KNOWN_HOSTS_LIMIT:
                        _known.add(host)
            return self.get_response(request)
        return refusal(request, host)


def refusal(request: HttpRequest, host: str) -> HttpResponse:
    """The short page for a Host this server does not serve, and its one log line."""
    shown = shown_host(host)
    client = request.META.get("REMOTE_ADDR")
    logger.warning("Refused a request for the unknown host “%s” from %s", shown, client)
    addresses = [f"{phone_url(a)}/" for a in addresses_now()[:3]] if settings.CAMP_MODE else []
    page = render_to_string(
        "camp/unknown_host.html",
        {"host": shown, "addresses": addresses, "languages": [code for code, _name in settings.LANGUAGES]},
    )
    response = HttpResponse(page, status=400)
    response["Cache-Control"] = "no-store"
    mark_logged(request)  # no second line ("Bad Request: …")
    return response
