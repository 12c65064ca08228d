"""The printed sheets of a round as PDFs: each team's map sheet and order form (always in the
camp's language), the staff master sheet, the notice-board sheet, tonight's printing in one
PDF in hand-out order, and after a correction only the sheets it changed.
Each holds only what its reader may see (:mod:`games.islands.printing`)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import replace
from typing import Any, TypeVar

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.utils import translation
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from camp.caches.printed import printed_once
from camp.models import Round, Team
from camp.pages.base import HtmxHttpRequest, dead_qr_confirmation, pdf_response
from camp.staff.permissions import may_see_team_links
from camp.web.network import phone_base_url
from games.islands.pages.links import url
from games.islands.pages.shared import check_perm, round_or_404, sheets_refused
from games.islands.printing.bundle import render_changed, render_evening
from games.islands.printing.changes import sheet_changes
from games.islands.printing.data import (
    SheetsUnavailable,
    master_sheet_for,
    notice_sheet_for,
    paper_form,
    team_link_urls,
    team_sheets_for,
)
from games.islands.printing.master_sheet import render_master_sheet
from games.islands.printing.notice_sheet import render_notice_sheet
from games.islands.printing.team_sheet import render_team_sheets
from games.islands.services import rounds as round_services

T = TypeVar("T")


def _sheets_pdf(
    request: HtmxHttpRequest,
    round_: Round,
    name: str,
    gather: Callable[[], T],
    draw: Callable[[T], bytes],
    *,
    for_children: bool = True,
) -> HttpResponse:
    """What every sheet's PDF does: ``gather`` its data (back on the round page with the reason
    when the sheets cannot be printed from this round), ``draw`` it, answer it as
    ``zlate-ostrovy-round-<n>-<name>.pdf``. A sheet ``for_children`` is always in the camp's
    language (Czech), whatever the staff use."""
    with translation.override(settings.LANGUAGE_CODE) if for_children else nullcontext():
        try:
            data = gather()
        except SheetsUnavailable as exc:
            return sheets_refused(request, round_, exc)
        content = printed_once(name, data, lambda: draw(data))
    return pdf_response(content, _filename(round_, name))


def _filename(round_: Round, name: str) -> str:
    return f"zlate-ostrovy-round-{round_.number}-{name}.pdf"


def link_base(request: HtmxHttpRequest) -> str:
    """The address for the phones, that each team's sheet prints its own link's QR code on, for
    staff who may see the team links (``camp.see_team_links``); for others "": no link on a sheet."""
    return phone_base_url(request) if may_see_team_links(request.user) else ""


def paper_lookup_url(request: HtmxHttpRequest) -> str:
    """The full address of the staff's code lookup that the order forms' QR codes carry: the
    laptop's address for the phones (a phone or the laptop's camera opens it)."""
    return phone_base_url(request) + url("paper")


def _team_sheets_pdf(
    request: HtmxHttpRequest, round_: Round, teams: list[Team] | None, name: str
) -> HttpResponse:
    return _sheets_pdf(
        request,
        round_,
        name,
        lambda: team_sheets_for(round_, teams, lookup=paper_lookup_url(request), phones=link_base(request)),
        lambda data: render_team_sheets(data, font_dir=settings.PDF_FONT_DIR),
    )


@require_GET
def team_sheets_pdf(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Every team's map sheet and order form in one PDF (each sheet holds only what its team may
    know)."""
    round_ = round_or_404(round_id)
    if (ask := dead_qr_confirmation(request)) is not None:  # the order forms carry QR codes
        return ask
    return _team_sheets_pdf(request, round_, None, "teams")


@require_GET
def team_sheet_pdf(
    request: HtmxHttpRequest, round_id: int, team_id: int, *, model_admin: Any
) -> HttpResponse:
    """One team's map sheet and order form."""
    round_ = round_or_404(round_id)
    team = get_object_or_404(Team, pk=team_id, camp_id=round_.camp_id)
    if (ask := dead_qr_confirmation(request)) is not None:
        return ask
    return _team_sheets_pdf(request, round_, [team], f"team-{slugify(team.name)[:40] or team.pk}")


@require_GET
def master_sheet_pdf(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The staff master sheet: everything, hidden tiles included (in the staff's language)."""
    round_ = round_or_404(round_id)
    return _sheets_pdf(
        request,
        round_,
        "staff",
        lambda: master_sheet_for(round_),
        lambda data: render_master_sheet(data, font_dir=settings.PDF_FONT_DIR),
        for_children=False,
    )


# ------------------------------------------------------------------------------ tonight's printing


@require_GET
def notice_sheet_pdf(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """The notice-board sheet: standings, the public map, the round's public events, the AP of the
    resolved rounds (public data only: it is pinned up in the dining hall)."""
    round_ = round_or_404(round_id)
    return _sheets_pdf(
        request,
        round_,
        "notice-board",
        lambda: notice_sheet_for(round_),
        lambda data: render_notice_sheet(data, font_dir=settings.PDF_FONT_DIR),
    )


@require_GET
def evening_pdf(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Tonight's printing in one PDF, in hand-out order: each team's map sheet and order form, the
    notice-board sheet, a "jen pro vedoucí" page, the staff master sheet last."""
    round_ = round_or_404(round_id)
    if (ask := dead_qr_confirmation(request)) is not None:
        return ask
    return _sheets_pdf(
        request,
        round_,
        "tonight",
        lambda: (
            team_sheets_for(round_, lookup=paper_lookup_url(request), phones=link_base(request)),
            notice_sheet_for(round_),
            master_sheet_for(round_),
        ),
        lambda data: render_evening(*data, font_dir=settings.PDF_FONT_DIR),
    )


@require_POST
def changed_sheets_pdf(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """After a corrected resolution: the sheets of the teams whose sheet changed, and the
    notice-board sheet if the public board changed. A POST: it notes that these are the sheets now
    on paper (the next correction is compared with them)."""
    check_perm(request)
    round_ = round_or_404(round_id)
    if (ask := dead_qr_confirmation(request)) is not None:  # before the sheets count as printed
        return ask
    with translation.override(settings.LANGUAGE_CODE):
        changes = sheet_changes(round_)
        if changes is None or not changes.anything:
            messages.error(request, _("Nothing changed on the sheets: there is nothing to print again."))
            return HttpResponseRedirect(url("page", round_.pk))
        lookup = paper_lookup_url(request)
        links = team_link_urls(round_.camp, link_base(request))
        teams = [
            replace(paper_form(changes.team_sheets[row.team.pk], lookup), link_url=links.get(row.team.pk, ""))
            for row in changes.changed_teams
        ]
        notice = changes.notice if changes.notice_changed else None
        content = render_changed(teams, notice, font_dir=settings.PDF_FONT_DIR)
    round_services.round_sheets_printed(result=changes.result)
    return pdf_response(content, _filename(round_, "changed"))
