"""The public pages (the notice board, its projector view, a round's replay) rendered once per
change of what they show, not once per request: the dining-hall screen and every team's phone poll.

A page is kept in Django's cache (``CACHES``, one waitress process: local memory) under the camp
run, its :attr:`~camp.models.Camp.public_version` (a new random token with every write that changes
the public pages), the language and the page's variant (fragment or whole page, projector or not).
Each request costs one small query (the token; the front door reads it at most every half second,
:func:`~camp.caches.version.public_version_recent`); an unchanged page answers 304 to ``If-None-Match``
and 204 to an htmx poll with ``?v=`` its version. Only what the page itself renders is kept, so the
cache can hold nothing a public page may not show.

One render per change (issue 18): after a change every screen's next poll misses the cache at about
the same time. The first request renders the page; the requests for the same page that arrive
meanwhile wait for that render and answer with it (:func:`_render_once`), they never render it
again. Waiting beats answering the previous version: a phone told "unchanged" would see the new
board only at its next poll, 10 s later.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.cache import cache as page_cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from camp.caches.version import public_version, public_version_recent

View = Callable[..., HttpResponse]
#: Seconds a page stays cached (a changed one is found under a new key at once anyway).
TIMEOUT = 60 * 60
#: Seconds a request waits for a render of its page already under way before it looks again.
RENDER_WAIT = 10.0
#: How many times a request waits for another's render before it renders the page itself.
WAITS = 3


def page_version(token: str) -> str:
    """What a public page of the camp run shows as its version (``?v=``, ``data-version``, ETag)."""
    return f"{token}-{get_language()}"


def cached_public_page(view: View) -> View:
    """Wrap a public view ``view(request, camp_id, **kwargs)`` whose page depends only on the camp
    run's public rows, the language, the URL's arguments and whether ``?projektor`` is asked for."""

    @wraps(view)
    def wrapper(request: HttpRequest, camp_id: int, **kwargs: Any) -> HttpResponse:
        for _attempt in range(WAITS):
            token = public_version(camp_id)
            if token is None:
                return view(request, camp_id, **kwargs)  # its 404
            version = page_version(token)
            unchanged = _unchanged(request, version)
            if unchanged is not None:
                return unchanged
            page = [view.__name__, str(camp_id), variant(request), *(str(value) for value in kwargs.values())]
            key = ":".join(["zo-public", version, *page])
            kept, rendered = _render_once(key, lambda: view(request, camp_id, **kwargs), camp_id, token)
            if rendered is not None and kept is not None:
                forget_older(":".join([get_language(), *page]), key)
            if kept is None and rendered is not None:
                return rendered  # not to be kept (an error page, or a write came in meanwhile)
            if kept is not None:
                response = rendered or HttpResponse(kept[0], content_type=kept[1])
                response["ETag"] = f'"{version}"'
                response.public_page = (camp_id, token, get_language())  # type: ignore[attr-defined]
                return response
            # The render waited for could not be kept: a write came in meanwhile. Look again.
        return view(request, camp_id, **kwargs)

    return wrapper


@dataclasses.dataclass
class _Render:
    """A page being rendered: the requests that wait for it, and what it kept (content, type)."""

    done: threading.Event = dataclasses.field(default_factory=threading.Event)
    waiting: int = 0
    kept: tuple[bytes, str] | None = None


#: The front door's pages (:class:`PublicPageMiddleware`) by (path, variant): (camp id, version,
#: language, headers, content). In this process's memory, not in Django's cache: a cache read
#: unpickles a copy of the page. At most :data:`FRONT_SIZE` (the least recently kept leave first).
FRONT_SIZE = 256
_front: OrderedDict[tuple[str, str], tuple[int, str, str, dict[str, str], bytes]] = OrderedDict()
_front_lock = threading.Lock()

_renders: dict[str, _Render] = {}
_renders_lock = threading.Lock()
#: The key each page (its view, camp run, language, variant and arguments) was last kept under: a
#: page kept for a new version drops the one kept for the version before, which no screen will ask
#: for again (every screen polls with the version it shows, and a changed one gets the new page).
#: Without it the cache filled with a ~100 KB board per change until its MAX_ENTRIES (issue 22).
_latest: dict[str, str] = {}


def forget_older(page: str, key: str) -> None:
    """``key`` now holds ``page`` (its newest version): the key that held it before is deleted.
    Also for the team pages' kept views (:mod:`games.islands.pages.team_link`)."""
    with _renders_lock:
        older = _latest.get(page)
        _latest[page] = key
    if older is not None and older != key:
        page_cache.delete(older)


def _render_once(
    key: str, render: Callable[[], HttpResponse], camp_id: int, token: str
) -> tuple[tuple[bytes, str] | None, HttpResponse | None]:
    """(kept page, the response when this request rendered it) of the page cached under ``key``:
    from the cache; else rendered here, unless another request renders it already: then this one
    waits for that render (one render per page and version, whatever the crowd)."""
    kept = page_cache.get(key)
    if kept is not None:
        return kept, None
    with _renders_lock:
        under_way = _renders.get(key)
        if under_way is None:
            under_way = _renders[key] = _Render()
            leading = True
        else:
            under_way.waiting += 1
            leading = False
    if not leading:
        under_way.done.wait(RENDER_WAIT)
        return under_way.kept, None
    try:
        kept = page_cache.get(key)  # kept by a render that ended between the first look and the lock
        if kept is not None:
            under_way.kept = kept
            return kept, None
        response = render()
        # Kept only if no write came in meanwhile: then every row the view read was of this version.
        if response.status_code == 200 and not response.streaming and public_version(camp_id) == token:
            under_way.kept = (response.content, response["Content-Type"])
            page_cache.set(key, under_way.kept, TIMEOUT)
        return under_way.kept, response
    finally:
        with _renders_lock:
            del _renders[key]
        under_way.done.set()


def variant(request: HttpRequest) -> str:
    """Which form of a public page a request asks for: the htmx fragment or the page, projector or not."""
    htmx = request.META.get("HTTP_HX_REQUEST") == "true"  # as django-htmx reads it
    # The query string parsed only when it may name the projector (a poll's ``?v=`` never does; a
    # percent-encoded name may): this runs on every request of every screen.
    query = request.META.get("QUERY_STRING", "")
    projector = ("projektor" in query or "%" in query) and "projektor" in request.GET
    return ("fragment" if htmx else "page") + ("-projector" if projector else "")


def _unchanged(request: HttpRequest, version: str) -> HttpResponse | None:
    """204 to an htmx poll with ``?v=`` the version, 304 to a matching ``If-None-Match``, else None."""
    etag = f'"{version}"'
    if request.headers.get("HX-Request") == "true":
        return HttpResponse(status=204) if request.GET.get("v") == version else None  # htmx swaps nothing
    if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
        response = HttpResponse(status=304)
        response["ETag"] = etag
        return response
    return None


class PublicPageMiddleware:
    """The front door of the cached public pages, placed right after WhiteNoise: a page that
    :func:`cached_public_page` answered before is answered again from the cache, with the headers the
    whole middleware chain gave it, as long as its camp run's version is the same; the session,
    locale, CSRF, login and URL machinery never runs for it (the screens and phones poll: static-file
    speed). Anything else, and a page whose version changed, goes down the chain as usual.

    The URL's path decides the language (``/en/…``; an unprefixed path is always Czech), so a page is
    kept per path and :func:`variant`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        key = (request.path, variant(request))
        kept = _front.get(key)
        if kept is not None:
            camp_id, token, language, headers, content = kept
            if public_version_recent(camp_id) == token:
                response = _unchanged(request, f"{token}-{language}")
                if response is None:
                    return HttpResponse(content, headers=headers)
                for name, value in headers.items():
                    if name.lower() not in ("content-type", "content-length"):
                        response[name] = value
                return response
        response = self.get_response(request)
        mark = getattr(response, "public_page", None)
        if mark is not None and response.status_code == 200 and not response.cookies:
            with _front_lock:
                _front[key] = (*mark, dict(response.items()), response.content)
                _front.move_to_end(key)
                while len(_front) > FRONT_SIZE:
                    _front.popitem(last=False)
        return response


def forget_front() -> None:
    """Drop every page the front door keeps (tests: a rolled-back database may reuse a version)."""
    with _front_lock:
        _front.clear()
