"""Camp-wide views outside the admin: the start page, the language switch and the choice of the
address for the phones."""

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.http import require_http_methods

from camp import selectors, services
from camp.forms import PhoneAddressForm
from camp.web.network import addresses_now, phone_url


def home(request: HttpRequest) -> HttpResponse:
    """The start page a phone lands on at the banner's address: the camp runs' notice boards (and
    their screen views), how a team opens its Batavia page (its own link or QR code: never listed
    here) and the staff login."""
    choices = selectors.camp_choices()
    return render(request, "camp/start.html", {"camps": [choice.camp for choice in choices]})


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


@require_http_methods(["GET", "POST"])
def phone_address(request: HttpRequest) -> HttpResponse:
    """Staff choose the address the teams' links and QR codes carry (one the laptop has now). GET
    shows the panel on a page of its own: the warnings of the pages that print QR codes link here."""
    if request.method == "GET":
        context = {**admin.site.each_context(request), "title": _("Address for the phones")}
        return render(request, "camp/phone_address_page.html", context)
    if not request.user.has_perm("camp.change_phoneaddress"):
        raise PermissionDenied
    back = local_path(request.POST.get("next", "")) or reverse("admin:index")
    form = PhoneAddressForm(request.POST, available=addresses_now(max_age=0))  # what it has right now
    if not form.is_valid():
        messages.error(request, " ".join(str(error) for error in form.errors.get("address", [])))
        return HttpResponseRedirect(back)
    try:
        chosen = services.phone_address_choose(address=form.cleaned_data["address"], available=form.available)
    except services.PhoneAddressError as error:
        messages.error(request, " ".join(error.messages))
        return HttpResponseRedirect(back)
    messages.success(
        request,
        _(
            "The teams' links and QR codes now carry %(url)s/. Sheets printed before carry the old "
            "address: print them again."
        )
        % {"url": phone_url(chosen.address)},
    )
    return HttpResponseRedirect(back)


def local_path(url: str) -> str | None:
    """``url`` if it is a path on this server (``/admin/?x=1``), else None: a name would be taken for a
    view by ``redirect()``, another host leads away, a control character breaks the header."""
    if not url.startswith("/") or url.startswith(("//", "/\\")):
        return None
    if any(ord(char) < 32 or ord(char) == 127 for char in url):
        return None
    return url if url_has_allowed_host_and_scheme(url, allowed_hosts=None) else None
