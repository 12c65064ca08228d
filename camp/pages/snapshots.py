"""The database snapshots, read-only, with downloads: a snapshot is the whole database, hidden hexes,
the teams' links and the staff's password hashes included, so only for staff who may see every
secret and change the logins (:func:`camp.backups.export.snapshot_permissions`: the head leader, a
superuser)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponse
from django.utils.translation import gettext as _

from camp.backups.export import may_download_snapshots
from camp.backups.snapshots import snapshot_list, sqlite_database_file
from camp.pages.base import HtmxHttpRequest, render_admin_page


def snapshots_page(request: HtmxHttpRequest, *, model_admin: admin.ModelAdmin[Any]) -> HttpResponse:
    if not may_download_snapshots(request.user):
        raise PermissionDenied
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/camp/camp/backups.html",
        title=_("Database snapshots"),
        context={"snapshots": snapshot_list(), "sqlite": sqlite_database_file() is not None},
    )


def snapshot_download(
    request: HtmxHttpRequest, name: str, *, model_admin: admin.ModelAdmin[Any]
) -> FileResponse:
    if not may_download_snapshots(request.user):
        raise PermissionDenied
    snapshot = next((s for s in snapshot_list() if s.name == name), None)
    if snapshot is None:
        raise Http404(_("No such snapshot."))
    return FileResponse(
        open(snapshot.path, "rb"),  # FileResponse closes it
        as_attachment=True,
        filename=snapshot.name,
        content_type="application/vnd.sqlite3",
    )
