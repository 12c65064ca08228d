"""The printed sheets of a round as PDFs: each team's map sheet and order form (always in the
camp's language), the staff master sheet, the notice-board sheet, tonight's printing in one
PDF in hand-out order, and after a correction only the sheets it changed.
Each holds only what its reader may see (:mod:`games.islands.printing`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from camp.models import Round, Team
from games.islands.pages.links import url
from games.islands.pages.shared import (
    check_perm,
    pdf_response,
    round_or_404,
    sheets_refused,
)
from games.islands.printing.bundle import render_changed, render_evening
from games.islands.printing.changes import sheet_changes
from games.islands.printing.data import (
    SheetsUnavailable,
    master_sheet_for,
    notice_sheet_for,
    team_sheets_for,
)
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import render_team_sheets
from games.islands.services import rounds as round_services


def _team_sheets_pdf(
    request: HttpRequest, round_: Round, teams: list[Team] | None, name: str
) -> HttpResponse:
    # Team sheets go to the children: always in the camp's language (Czech), whatever the staff use.
    with translation.override(settings.LANGUAGE_CODE):
        try:
            data = team_sheets_for(round_, teams)
        except SheetsUnavailable as exc:
            return sheets_refused(request, round_, exc)
        content = render_team_sheets(data, font_dir=settings.PDF_FONT_DIR)
    return pdf_response(content, f"zlate-ostrovy-round-{round_.number}-{name}.pdf")


@require_GET
def team_sheets_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Every team's map sheet and order form in one PDF (each sheet holds only what its team may
    know)."""
    round_ = round_or_404(round_id)
    return _team_sheets_pdf(request, round_, None, "teams")


@require_GET
def team_sheet_pdf(request: HttpRequest, round_id: int, team_id: int, *, model_admin: Any) -> HttpResponse:
    """One team's map sheet and order form."""
    round_ = round_or_404(round_id)
    team = get_object_or_404(Team, pk=team_id, camp_id=round_.camp_id)
    return _team_sheets_pdf(request, round_, [team], f"team-{slugify(team.name)[:40] or team.pk}")


@require_GET
def master_sheet_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The staff master sheet: everything, hidden tiles included."""
    round_ = round_or_404(round_id)
    try:
        data = master_sheet_for(round_)
    except SheetsUnavailable as exc:
        return sheets_refused(request, round_, exc)
    return pdf_response(
        render_master_sheet(data, font_dir=settings.PDF_FONT_DIR),
        f"zlate-ostrovy-round-{round_.number}-staff.pdf",
    )


# ------------------------------------------------------------------------------ tonight's printing


@require_GET
def notice_sheet_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The notice-board sheet: standings, the public map, the round's public events, the AP of the
    resolved rounds (public data only: it is pinned up in the dining hall)."""
    round_ = round_or_404(round_id)
    with translation.override(settings.LANGUAGE_CODE):  # pinned up for the children: Czech
        try:
            data = notice_sheet_for(round_)
        except SheetsUnavailable as exc:
            return sheets_refused(request, round_, exc)
        content = render_notice_sheet(data, font_dir=settings.PDF_FONT_DIR)
    return pdf_response(content, f"zlate-ostrovy-round-{round_.number}-notice-board.pdf")


@require_GET
def evening_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Tonight's printing in one PDF, in hand-out order: each team's map sheet and order form, the
    notice-board sheet, a "jen pro vedoucí" page, the staff master sheet last."""
    round_ = round_or_404(round_id)
    with translation.override(settings.LANGUAGE_CODE):
        try:
            teams, notice = team_sheets_for(round_), notice_sheet_for(round_)
            master = master_sheet_for(round_)
        except SheetsUnavailable as exc:
            return sheets_refused(request, round_, exc)
        content = render_evening(teams, notice, master, font_dir=settings.PDF_FONT_DIR)
    return pdf_response(content, f"zlate-ostrovy-round-{round_.number}-tonight.pdf")


@require_POST
def changed_sheets_pdf(request: HttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """After a corrected resolution: the sheets of the teams whose sheet changed, and the
    notice-board sheet if the public board changed. A POST: it notes that these are the sheets now
    on paper (the next correction is compared with them)."""
    check_perm(request)
    round_ = round_or_404(round_id)
    with translation.override(settings.LANGUAGE_CODE):
        changes = sheet_changes(round_)
        if changes is None or not changes.anything:
            messages.error(request, _("Nothing changed on the sheets: there is nothing to print again."))
            return HttpResponseRedirect(url("page", round_.pk))
        teams = [changes.team_sheets[row.team.pk] for row in changes.changed_teams]
        notice = changes.notice if changes.notice_changed else None
        content = render_changed(teams, notice, font_dir=settings.PDF_FONT_DIR)
    round_services.round_sheets_printed(result=changes.result)
    return pdf_response(content, f"zlate-ostrovy-round-{round_.number}-changed.pdf")
