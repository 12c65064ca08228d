"""The teams' secret links: the address a team's phone opens (under ``make camp`` on the address
chosen for the phones, see camp.web.network.phone_base_url), and the link sheets that print them, one
A4 page per seat with a working link, each carrying only its own team's link."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest, dead_qr_confirmation, pdf_response
from camp.staff.permissions import may_see_team_links
from camp.web.network import is_loopback_host, phone_base_url
from games.batavia import selectors
from games.batavia.forms import base_length_problem
from games.batavia.models import BataviaSeat, BataviaSession
from games.batavia.pages.shared import back_to_master, session_for_page
from games.batavia.printing import LinkSheet, render_link_sheets


def team_url(request: HtmxHttpRequest, seat: BataviaSeat) -> str:
    """The full address of a seat's team page, on the address for the phones."""
    rel = reverse("batavia:team", args=[seat.token])
    return f"{phone_base_url(request)}{rel}"


def is_loopback(url: str) -> bool:
    """Whether ``url`` points at the laptop itself (127.x, localhost, ::1): phones cannot reach it."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return False
    return is_loopback_host(host)


def link_sheets(request: HtmxHttpRequest, session: BataviaSession) -> list[LinkSheet]:
    """One sheet per seat with a working link, each carrying only its own team's link."""
    round_ = session.minigame.round
    pages = []
    for seat in selectors.session_seats(session):
        if not seat.link_active:
            continue
        pages.append(
            LinkSheet(
                team=seat.team.name,
                colour=seat.team.colour,
                url=team_url(request, seat),
                title=_("Batavia – your team's secret link"),
                subtitle=f"{round_.camp} · {round_}",
                lines=[
                    _(
                        "Scan the QR code with one phone of your team. The page shows your cards "
                        "and bills and is where you bid and play."
                    ),
                    _("Keep the link secret: whoever has it sees your hand."),
                    _("The page refreshes by itself while the other teams play."),
                ],
                footer=_("Batavia – %(round)s – seat %(seat)d") % {"round": round_, "seat": seat.number + 1},
            )
        )
    return pages


def link_sheets_pdf(request: HtmxHttpRequest, pk: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    session = session_for_page(request, pk, model_admin=model_admin)
    if not may_see_team_links(request.user):  # the sheets carry the links
        raise PermissionDenied
    used = phone_base_url(request)
    if problem := base_length_problem(used):  # the address the page was opened at: bounded for the QR
        return back_to_master(request, session, problem)
    if (ask := dead_qr_confirmation(request)) is not None:
        return ask
    if is_loopback(used):  # still printed (a test round on one laptop), but said plainly
        messages.warning(
            request,
            _(
                "The team sheets were printed with %(base)s, which only this laptop reaches: the phones "
                "cannot open their QR codes. Print them again with the laptop's address on the camp "
                "network, e.g. http://192.168.1.10:8000."
            )
            % {"base": used},
        )
    pdf = render_link_sheets(link_sheets(request, session), font_dir=settings.PDF_FONT_DIR)
    return pdf_response(pdf, f"batavia-round-{session.minigame.round.number}-links.pdf")
