"""Round files (``zlate-ostrovy/1``): the export of one round (a download, or the admin action's
zip of several) and the import of a file as a new camp run, every problem named by its JSON path."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _

from camp.models import Round
from camp.pages.base import HtmxHttpRequest, download
from camp.staff.permissions import may_see_seed
from games.islands.errors import IslandsError
from games.islands.forms.files import RoundFileForm
from games.islands.pages.links import url
from games.islands.pages.shared import (
    check_perm,
    messages_of,
    render_page,
    round_or_404,
    show_errors,
)
from games.islands.services import round_files

TEMPLATE = "islands/round_import.html"


JSON_TYPE = "application/json; charset=utf-8"


def _export_name(round_: Round) -> str:
    return f"zlate-ostrovy-{slugify(str(round_.camp))[:40] or 'camp'}-round-{round_.number}.json"


def may_export(request: HtmxHttpRequest) -> bool:
    """A round file carries the camp run's seed (every hidden draw follows from it) and its board:
    staff who may see the seed (``camp.see_seed``) and read the round pages."""
    return may_see_seed(request.user)


def export_round(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The round as a ``zlate-ostrovy/1`` file (download)."""
    round_ = round_or_404(round_id)
    if not may_export(request):
        raise PermissionDenied
    try:
        text = round_files.round_export(round=round_)
    except IslandsError as exc:
        show_errors(request, exc)
        return HttpResponseRedirect(url("page", round_.pk))
    return download(text, content_type=JSON_TYPE, filename=_export_name(round_))


def export_rounds_response(request: HtmxHttpRequest, rounds: QuerySet[Round]) -> HttpResponse | None:
    """The admin action: one file for one round, a zip of files for several."""
    chosen = list(rounds.select_related("camp").order_by("camp_id", "number"))
    files: list[tuple[str, str]] = []
    for round_ in chosen:
        try:
            files.append((_export_name(round_), round_files.round_export(round=round_)))
        except IslandsError as exc:
            for message in messages_of(exc):
                messages.error(request, f"{round_}: {message}")
    if not files:
        return None
    if len(files) == 1:
        name, text = files[0]
        return download(text, content_type=JSON_TYPE, filename=name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files:
            archive.writestr(name, text)
    return download(buffer.getvalue(), content_type="application/zip", filename="zlate-ostrovy-rounds.zip")


MAX_IMPORT_BYTES = 2_000_000


def import_page(request: HtmxHttpRequest, *, model_admin: Any) -> HttpResponse:
    """A round file (upload or pasted) as a new camp run; every problem with its JSON path."""
    problems: list[str] = []
    text = ""
    name = ""
    if request.method == "POST":
        check_perm(request)
        form = RoundFileForm(request.POST, request.FILES)
        valid = form.is_valid()
        text, name = form.cleaned_data.get("text", ""), form.cleaned_data["name"]
        problems.extend(str(error) for error in form.non_field_errors())
        if valid:
            try:
                camp = round_files.camp_import_round(text=text, name=name)
            except IslandsError as exc:
                problems.extend(messages_of(exc))
            else:
                messages.success(request, _("Imported as the new camp run “%(camp)s”.") % {"camp": camp})
                return HttpResponseRedirect(reverse("admin:islands_boardsetup_camp", args=[camp.pk]))
    context = {
        "problems": problems,
        "text": text if len(text) < 200_000 else "",
        "name": name,
        "submitted": request.method == "POST",
    }
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("Import a round file"),
        context=context,
        fragment="result",
        status=200,
    )
