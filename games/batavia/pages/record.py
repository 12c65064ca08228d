"""A game's record (``batavia/1``, see docs/formats/batavia-record.md): download it, or import
one in its place (an uploaded file or pasted text; the service replays it before it is kept)."""

from __future__ import annotations

from django.contrib import admin, messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest, download
from games.batavia import selectors, services
from games.batavia.errors import BataviaServiceError
from games.batavia.forms import RecordImportForm
from games.batavia.pages.shared import back_to_master, master_url, require_post, session_for_page


def record_export(request: HtmxHttpRequest, pk: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    session = session_for_page(request, pk, model_admin=model_admin)
    body = selectors.session_record_json(session)
    if body is None:
        raise Http404(_("A game played on the real board has no record."))
    filename = f"batavia-round-{session.minigame.round.number}-v{session.version}.json"
    return download(body, content_type="application/json; charset=utf-8", filename=filename)


def record_import(request: HtmxHttpRequest, pk: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    require_post(request)
    session = session_for_page(request, pk, model_admin=model_admin, change=True)
    form = RecordImportForm(request.POST, request.FILES)
    if not form.is_valid():
        return back_to_master(request, session, form.problem)
    try:
        services.record_import(session=session, data=form.cleaned_data["data"])
    except BataviaServiceError as error:
        messages.error(request, error.text)
    else:
        messages.success(request, _("The record was imported."))
    return HttpResponseRedirect(master_url(session))
