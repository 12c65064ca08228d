"""Helpers for custom staff pages inside the Django admin, shared by every app.

How to add a staff page (see ``camp/pages/`` and their wiring in ``camp/admin/registrations.py``):

1. Write the view in a module of the app's ``pages/``, taking the ``ModelAdmin`` as ``model_admin``.
   In the app's ``ModelAdmin.get_urls`` add, before ``super().get_urls()``, ``path("<path:object_id>/thing/",
   self.admin_site.admin_view(partial(thing.thing_page, model_admin=self)), name=...)`` with the
   name ``"<app>_<model>_thing"``: ``admin_view`` makes it staff-only (login redirect).
2. In the view: parse the input (a form), call one service, then return :func:`render_admin_page`.
3. The template extends ``admin/base_site.html`` (branding, language switcher, htmx and the CSRF
   header on ``<body>``), fills ``breadcrumbs`` and ``content``, and wraps every piece that htmx
   replaces in ``{% partialdef name inline %} … {% endpartialdef %}`` (``{% load partials %}``).
   ``render_admin_page(..., fragment="name")`` renders only that partial when ``request.htmx``.
4. htmx attributes go on ordinary links and forms that work without JavaScript too (links keep
   their ``href``, forms their ``action``); an htmx request never writes unless the plain one would.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django_htmx.middleware import HtmxDetails

from camp.forms import PrintConfirmForm
from camp.web.network import phone_address_state


class HtmxHttpRequest(HttpRequest):
    """A request as django-htmx's middleware leaves every request here: ``htmx`` says whether htmx
    sent it. For the views' annotations only (no such object is made)."""

    htmx: HtmxDetails


def admin_page_context(
    request: HttpRequest, *, model_admin: admin.ModelAdmin[Any], title: str, obj: Model | None = None
) -> dict[str, Any]:
    """The context every admin template expects (site header, sidebar, permissions, breadcrumbs)."""
    opts = model_admin.model._meta
    return {
        **model_admin.admin_site.each_context(request),
        "opts": opts,
        "app_label": opts.app_label,
        "title": title,
        "original": obj,
        "has_view_permission": model_admin.has_view_permission(request, obj),
        "has_change_permission": model_admin.has_change_permission(request, obj),
    }


def render_admin_page(
    request: HttpRequest,
    *,
    model_admin: admin.ModelAdmin[Any],
    template: str,
    title: str,
    context: dict[str, Any],
    obj: Model | None = None,
    fragment: str | None = None,
    status: int = 200,
) -> TemplateResponse:
    """Render a full admin page, or only its partial ``fragment`` for an htmx request."""
    name = f"{template}#{fragment}" if fragment and getattr(request, "htmx", False) else template
    full_context = {**admin_page_context(request, model_admin=model_admin, title=title, obj=obj), **context}
    return TemplateResponse(request, name, full_context, status=status)


def download(content: str | bytes, *, content_type: str, filename: str) -> HttpResponse:
    """A file to save (a round file, a game's record)."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    """A PDF shown in the browser (never cached: a sheet holds what only its reader may see)."""
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def dead_qr_confirmation(request: HttpRequest) -> HttpResponse | None:
    """Before a PDF with QR codes for the phones is printed while the phones cannot open the address
    they carry (:func:`camp.web.network.phone_address_state`): a page that says so, with the address
    page and a deliberate "print anyway" (the same request again with ``confirm=1``). None: print."""
    sent = request.POST if request.method == "POST" else request.GET
    if not phone_address_state(request).dead or PrintConfirmForm(sent).confirmed():
        return None
    again = sent.copy()
    again["confirm"] = "1"
    again.pop("csrfmiddlewaretoken", None)
    context = {
        **admin.site.each_context(request),
        "title": _("The phones cannot open these QR codes"),
        "state": phone_address_state(request),
        "post": request.method == "POST",
        "fields": [(name, value) for name in again for value in again.getlist(name)],
        "again": f"{request.path}?{again.urlencode()}",
    }
    return TemplateResponse(request, "camp/print_confirm.html", context)
