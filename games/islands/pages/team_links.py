"""The teams' own links on the staff side (wired in ``admin.TeamLinkAdmin.get_urls``): turning them on
for a camp run, each team's link with its state, renewing and revoking one (POST, CSRF, permission),
and the handouts: one black-and-white A4 page per team with its link and a QR code of it, for one team
or all (:func:`camp.pdf.render_link_sheets`, as Batavia's link sheets).

The links are shown on the address for the phones (:func:`camp.web.network.phone_base_url`), as
Batavia's. A handout carries only its own team's link and nothing of the game.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import admin, messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from camp.models import Camp, Team
from camp.pages.base import HtmxHttpRequest, dead_qr_confirmation, pdf_response, render_admin_page
from camp.pdf import LinkSheet, qr_svg, render_link_sheets
from camp.web.network import is_loopback_host, phone_base_url
from games.islands.errors import IslandsError
from games.islands.forms.links import TeamLinksSwitchForm
from games.islands.models.links import TeamLink
from games.islands.pages.shared import PERMISSION, check_perm, show_errors
from games.islands.selectors.board import board_setup
from games.islands.selectors.links import team_links
from games.islands.services import team_links as link_services

TEMPLATE = "islands/team_links.html"


def team_url(request: HtmxHttpRequest, link: TeamLink) -> str:
    """The full address of a team's page, on the address for the phones."""
    return f"{phone_base_url(request)}{link.page_path()}"


def page_url(camp: Camp | int) -> str:
    return reverse("admin:islands_teamlink_camp", args=[camp if isinstance(camp, int) else camp.pk])


def camp_list(request: HtmxHttpRequest, *, admin_context: dict[str, object]) -> HttpResponse:
    """Which camp run's team links to see."""
    camps = list(Camp.objects.order_by("-year", "-run_number", "name", "id"))
    rows = [{"camp": c, "url": page_url(c)} for c in camps]
    return render(
        request, "islands/team_links_camps.html", {**admin_context, "title": _("Team links"), "rows": rows}
    )


def links_page(request: HtmxHttpRequest, camp_id: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    camp = get_object_or_404(Camp, pk=camp_id)
    setup = board_setup(camp)
    rows: list[dict[str, Any]] = []
    for link in team_links(camp):
        url = team_url(request, link) if link.link_active else ""
        label = _("QR code of the link of %(team)s") % {"team": link.team.name}
        qr = mark_safe(qr_svg(url, label=label)) if url else ""  # noqa: S308 - our own drawing, escaped
        rows.append({"link": link, "url": url, "qr": qr})
    base = phone_base_url(request)
    linked = {row["link"].team_id for row in rows}
    context = {
        "unlinked": [
            team
            for team in Team.objects.filter(camp=camp).order_by("order", "name", "id")
            if team.pk not in linked
        ],
        "camp": camp,
        "setup": setup,
        "on": bool(setup and setup.team_links),
        "rows": rows,
        "base": base,
        "may_change": request.user.has_perm(PERMISSION),
    }
    title = _("Team links – %(camp)s") % {"camp": camp}
    return render_admin_page(
        request, model_admin=model_admin, template=TEMPLATE, title=title, context=context
    )


def _loopback(base: str) -> bool:
    host = base.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0].strip("[]")
    return is_loopback_host(host)


@require_POST
def links_switch(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    check_perm(request, PERMISSION)
    camp = get_object_or_404(Camp, pk=camp_id)
    form = TeamLinksSwitchForm(request.POST)
    if not form.is_valid():
        for error in form.errors.get("on", []):
            messages.error(request, str(error))
        return HttpResponseRedirect(page_url(camp))
    try:
        link_services.team_links_switch(camp=camp, on=form.cleaned_data["on"])
    except IslandsError as e:
        show_errors(request, e)
    else:
        messages.success(
            request, _("The team links are on.") if form.cleaned_data["on"] else _("The team links are off.")
        )
    return HttpResponseRedirect(page_url(camp))


def _link_to_change(request: HtmxHttpRequest, link_id: int) -> TeamLink:
    check_perm(request, PERMISSION)
    return get_object_or_404(TeamLink.objects.select_related("team"), pk=link_id)


@require_POST
def link_renew(request: HtmxHttpRequest, link_id: int) -> HttpResponse:
    link = link_services.team_link_renew(link=_link_to_change(request, link_id))
    messages.success(
        request,
        _("%(team)s has a new link; the old one no longer works. Print its handout again.")
        % {"team": link.team},
    )
    return HttpResponseRedirect(page_url(link.team.camp_id))


@require_POST
def link_revoke(request: HtmxHttpRequest, link_id: int) -> HttpResponse:
    link = link_services.team_link_revoke(link=_link_to_change(request, link_id))
    messages.success(request, _("The link of %(team)s no longer works.") % {"team": link.team})
    return HttpResponseRedirect(page_url(link.team.camp_id))


def handout(request: HtmxHttpRequest, link: TeamLink) -> LinkSheet:
    """A team's handout: its name, its link and a QR code of it, what the page is for."""
    camp = link.team.camp
    return LinkSheet(
        team=link.team.name,
        colour=link.team.colour,
        url=team_url(request, link),
        title=_("Golden Islands – your team's link"),
        subtitle=str(camp),
        lines=[
            _(
                "Scan the QR code with a phone of your team. The page shows your map as your sheet shows it, "
                "your ships and cargo, your map hints and your AP, and refreshes by itself."
            ),  # fmt: skip
            _("Keep the link secret: whoever has it sees your cargo and your hints."),
            _(
                "A phone lost? Tell the leaders (vedoucí): they give you a new link "
                "and the old one stops working."
            ),
        ],
        footer=_("Golden Islands – %(team)s") % {"team": link.team.name},
        mono=True,
    )


def handouts_pdf(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """The handouts of every team with a working link (``?team=<id>``: that team's only)."""
    camp = get_object_or_404(Camp, pk=camp_id)
    links = [link for link in team_links(camp) if link.link_active]
    team = request.GET.get("team", "")
    if team:
        links = [link for link in links if str(link.team_id) == team]
    setup = board_setup(camp)
    if not links or setup is None or not setup.team_links:
        messages.error(request, _("No working team link to print: turn the team links on first."))
        return HttpResponseRedirect(page_url(camp))
    if (ask := dead_qr_confirmation(request)) is not None:
        return ask
    if _loopback(phone_base_url(request)):
        messages.warning(
            request,
            _(
                "The handouts were printed with %(base)s, which only this laptop reaches: the phones cannot "
                "open their QR codes. Choose the address for the phones and print them again."
            )  # fmt: skip
            % {"base": phone_base_url(request)},
        )
    for link in links:
        link.team.camp = camp  # no query per handout
    pdf = render_link_sheets(
        [handout(request, link) for link in links], font_dir=settings.PDF_FONT_DIR, title=_("Golden Islands")
    )
    name = f"team-link-{links[0].team_id}.pdf" if team else f"team-links-{camp.pk}.pdf"
    return pdf_response(pdf, name)
