"""The AP overview of a camp run: rounds × teams, printable (``?round=`` highlights one round)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from camp import selectors
from camp.pages.base import HtmxHttpRequest, render_admin_page


def ap_overview_page(
    request: HtmxHttpRequest, object_id: str, *, model_admin: admin.ModelAdmin[Any]
) -> HttpResponse:
    camp = model_admin.get_object(request, unquote(object_id))
    if camp is None:
        raise Http404(_("No such camp run."))
    if not model_admin.has_view_permission(request, camp):
        raise PermissionDenied
    overview = selectors.rounds_with_ap(camp)
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/camp/camp/ap_overview.html",
        title=_("AP overview – %(camp)s") % {"camp": camp},
        obj=camp,
        context={"camp": camp, "overview": overview, "highlight": request.GET.get("round", "")},
    )
