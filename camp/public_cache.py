"""The public pages (the notice board, its projector view, a round's replay) rendered once per
change of what they show, not once per request: the dining-hall screen and every team's phone poll.

A page is kept in Django's cache (``CACHES``, one waitress process: local memory) under the camp
run, its :attr:`~camp.models.Camp.public_version` (a new random token with every write that changes
the public pages), the language and the page's variant (fragment or whole page, projector or not).
Each request costs one small query (the token); an unchanged page answers 304 to ``If-None-Match``
and 204 to an htmx poll with ``?v=`` its version. Only what the page itself renders is kept, so the
cache can hold nothing a public page may not show.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from camp.models import Camp

View = Callable[..., HttpResponse]
#: Seconds a page stays cached (a changed one is found under a new key at once anyway).
TIMEOUT = 60 * 60


def public_version(camp_id: int) -> str | None:
    """The token of a camp run, ``None`` when there is no such camp run."""
    token: str | None = Camp.objects.filter(pk=camp_id).values_list("public_version", flat=True).first()
    return token


def page_version(token: str) -> str:
    """What a public page of the camp run shows as its version (``?v=``, ``data-version``, ETag)."""
    return f"{token}-{get_language()}"


def cached_public_page(view: View) -> View:
    """Wrap a public view ``view(request, camp_id, **kwargs)`` whose page depends only on the camp
    run's public rows, the language, the URL's arguments and whether ``?projektor`` is asked for."""

    @wraps(view)
    def wrapper(request: HttpRequest, camp_id: int, **kwargs: Any) -> HttpResponse:
        token = public_version(camp_id)
        if token is None:
            return view(request, camp_id, **kwargs)  # its 404
        version = page_version(token)
        etag = f'"{version}"'
        htmx = bool(getattr(request, "htmx", False))
        if htmx and request.GET.get("v") == version:
            return HttpResponse(status=204)  # unchanged: htmx swaps nothing
        if not htmx and etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            return _with_etag(HttpResponse(status=304), etag)
        variant = ("fragment" if htmx else "page") + ("-projector" if "projektor" in request.GET else "")
        key = ":".join(
            ["zo-public", view.__name__, str(camp_id), version, variant, *map(str, kwargs.values())]
        )
        kept = cache.get(key)
        if kept is not None:
            content, content_type = kept
            return _with_etag(HttpResponse(content, content_type=content_type), etag)
        response = view(request, camp_id, **kwargs)
        # Kept only if no write came in meanwhile: then every row the view read was of this version.
        if response.status_code == 200 and not response.streaming and public_version(camp_id) == token:
            cache.set(key, (response.content, response["Content-Type"]), TIMEOUT)
        return _with_etag(response, etag) if "ETag" not in response else response

    return wrapper


def _with_etag(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    return response
