"""Camp-wide views outside the admin: the site root and the language switch."""

from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils import translation
from django.views import i18n


def home(request: HttpRequest) -> HttpResponse:
    return redirect("admin:index")


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language``, with the page to go back to read in its own language.

    Every page sits in ``i18n_patterns`` without a prefix for Czech (``prefix_default_language`` is
    off), so the language of a page is the prefix of its path alone. Django's view sends the user to
    ``next`` translated by ``translate_url``, which resolves ``next`` in the active language; this
    view's own URL has no prefix, so that is always Czech, ``/en/admin/…`` never resolved and
    switching back to Czech stayed on the English page. Here ``next`` (or the Referer Django falls
    back to) is resolved in the language of its prefix, so ``/en/admin/x/`` becomes ``/admin/x/``
    and ``/admin/x/`` becomes ``/en/admin/x/``.
    """
    back = request.POST.get("next", request.GET.get("next")) or request.META.get("HTTP_REFERER") or ""
    language = translation.get_language_from_path(urlsplit(back).path) or settings.LANGUAGE_CODE
    with translation.override(language):
        return i18n.set_language(request)
