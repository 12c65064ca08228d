"""A camp run's backup file (``zlate-ostrovy-camp/1``, :mod:`camp.backups.document`): its download,
and the restore page (upload, see what the file holds or every problem, confirm: a new camp run)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _

from camp.backups.document import (
    BackupDocumentError,
    camp_document_check,
    camp_document_parse,
    camp_document_summary,
    camp_import_document,
)
from camp.backups.export import camp_export_text, may_export
from camp.forms import CampBackupConfirmForm, CampBackupUploadForm, backup_payload
from camp.pages.base import HtmxHttpRequest, render_admin_page
from camp.staff.permissions import EXPORT


def may_export_backup(request: HtmxHttpRequest) -> bool:
    """A backup holds every hidden thing of the camp: only for staff who may see all of it."""
    return may_export(request.user)


def may_restore_backup(request: HtmxHttpRequest, model_admin: admin.ModelAdmin[Any]) -> bool:
    """Restoring makes a camp run: staff who may add one and hold the backups' permission."""
    return model_admin.has_add_permission(request) and request.user.has_perm(EXPORT)


def backup_download(
    request: HtmxHttpRequest, object_id: str, *, model_admin: admin.ModelAdmin[Any]
) -> HttpResponse:
    camp = model_admin.get_object(request, unquote(object_id))
    if camp is None:
        raise Http404(_("No such camp run."))
    if not may_export_backup(request):
        raise PermissionDenied
    response = HttpResponse(camp_export_text(camp=camp), content_type="application/json; charset=utf-8")
    name = f"zlate-ostrovy-{slugify(camp.name) or 'camp'}-{timezone.localdate().isoformat()}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def restore_page(request: HtmxHttpRequest, *, model_admin: admin.ModelAdmin[Any]) -> HttpResponse:
    """Upload a backup, see what it holds (or every problem), confirm: a NEW camp run."""
    if not may_restore_backup(request, model_admin):
        raise PermissionDenied
    upload = CampBackupUploadForm()
    problems: list[str] = []
    summary = None
    payload = ""
    if request.method == "POST" and "payload" in request.POST:
        restored = _restore_confirmed(request)
        if isinstance(restored, HttpResponse):
            return restored
        problems = restored
    elif request.method == "POST":
        upload = CampBackupUploadForm(request.POST, request.FILES)
        if upload.is_valid():
            problems, summary, payload = _preview(upload.cleaned_data["file"])
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/camp/camp/restore.html",
        title=_("Restore from a backup"),
        context={
            "upload": upload,
            "problems": problems,
            "summary": summary,
            "confirm": CampBackupConfirmForm(initial={"payload": payload}) if payload else None,
        },
        status=400 if problems or upload.errors else 200,
    )


def _restore_confirmed(request: HtmxHttpRequest) -> HttpResponse | list[str]:
    """The confirmed file stored as a new camp run (then its page), or every problem."""
    confirm = CampBackupConfirmForm(request.POST)
    if not confirm.is_valid():
        return [str(e) for e in confirm.errors.get("payload", [])]
    try:
        camp = camp_import_document(data=camp_document_parse(confirm.cleaned_data["payload"]))
    except BackupDocumentError as error:
        return error.problems
    messages.success(request, _("The backup is restored as a new camp run: %(camp)s.") % {"camp": camp})
    return HttpResponseRedirect(reverse("admin:camp_camp_change", args=[camp.pk]))


def _preview(content: bytes) -> tuple[list[str], Any, str]:
    """An uploaded file's problems, or what it holds and its signed copy for the confirm button."""
    try:
        data = camp_document_parse(content)
        camp_document_check(data)
    except BackupDocumentError as error:
        return error.problems, None, ""
    return [], camp_document_summary(data), backup_payload(content)
