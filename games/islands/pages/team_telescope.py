"""A team's pending telescope, chosen by the team on ``/tym/<token>/dalekohled/`` (no login): a hex
picked on the map or typed, confirmed, then revealed by the same service staff's after page uses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from camp.models import DONE_STATUSES, Round, RoundStatus
from camp.pages.base import HtmxHttpRequest
from games.islands import words
from games.islands.engine.hexes import geometry
from games.islands.engine.resolve import telescope_hexes
from games.islands.errors import IslandsError
from games.islands.forms.telescope import TeamTelescopeForm
from games.islands.maps import style, svg
from games.islands.models.links import TeamLink
from games.islands.pages.team_link import (
    REFERRER_POLICY,
    not_found,
    readable_link,
)
from games.islands.selectors.maps import map_view_for_public
from games.islands.selectors.rounds import TelescopePending, round_result, team_telescopes
from games.islands.services import rounds as round_services

# ------------------------------------------------------------------------------------ the telescope
# The team names the hex of its own pending telescope itself: a hex clicked on the map or typed (a
# GET: nothing is stored), then a confirmation step whose button posts it (one misclick must not use
# a telescope up), then the reveal staff's after page makes (``telescope_team_choose``: the round
# row locked; whichever of the team and staff comes first counts). A team never skips one.

TELESCOPE_TEMPLATE = "islands/team_telescope.html"


def telescope_name(t: TelescopePending) -> str:
    """How the team's page names one of its telescopes in addresses and forms: ``C1``, and ``C1#2``
    for the same ship's second of the round."""
    return t.key[len(t.team) + 1 :]


def telescope_label(t: TelescopePending) -> str:
    """The telescope as the team reads it: its ship's name ("Loď 1"; "Loď 1, 2. dalekohled")."""
    ship = words.ship_label(t.ship)
    _key, mark, number = t.key.rpartition("#")
    return _("%(ship)s, telescope %(number)s") % {"ship": ship, "number": number} if mark else ship


@dataclass(frozen=True)
class TelescopeDesk:
    """The round whose telescopes the team's page speaks of (the round named by its number, else the
    last one resolved) and the team's own telescopes of it, open or done."""

    link: TeamLink
    round: Round | None
    telescopes: list[TelescopePending]

    @classmethod
    def read(cls, link: TeamLink, number: int | None) -> TelescopeDesk:
        rounds = Round.objects.filter(camp_id=link.team.camp_id)
        if number is None:
            round_ = rounds.filter(status__in=DONE_STATUSES).order_by("-number").first()
        else:
            round_ = rounds.filter(number=number).first()
        result = round_result(round_) if round_ is not None else None
        return cls(link, round_, team_telescopes(result, link.team))

    def find(self, name: str) -> TelescopePending | None:
        """The telescope ``name`` names; without a name the only open one (None: several or none)."""
        if not name.strip():
            waiting = self.waiting
            return waiting[0] if len(waiting) == 1 else None
        return next((t for t in self.telescopes if telescope_name(t) == name.strip()), None)

    @property
    def waiting(self) -> list[TelescopePending]:
        """The team's telescopes a hex can be chosen for now (the round resolved, not closed)."""
        if self.round is None or self.round.status != RoundStatus.RESOLVED:
            return []
        return [t for t in self.telescopes if t.open]

    def url(self, t: TelescopePending, **extra: str) -> str:
        number = self.round.number if self.round is not None else ""
        query = urlencode({"round": number, "telescope": telescope_name(t), **extra})
        return f"{reverse('islands_public:team_telescope', args=[self.link.token])}?{query}"


def telescope_context(
    desk: TelescopeDesk, form: TeamTelescopeForm, *, problems: list[str] | None = None, done: bool = False
) -> dict[str, Any]:
    """What the telescope page shows: the telescope named (or why none), its state, the hex picked
    (to confirm) or why the label names none, and the public map (clickable while it is open)."""
    data = form.cleaned_data
    camp = desk.link.team.camp
    g = geometry(camp.board_side)
    t = desk.find(data["telescope"])
    view = map_view_for_public(camp)
    ctx: dict[str, Any] = {
        "team": desk.link.team,
        "back_url": reverse("islands_public:team", args=[desk.link.token]),
        "problems": problems or [],
        "others": [{"label": telescope_label(o), "url": desk.url(o)} for o in desk.waiting if o != t],
        "telescope": t,
    }
    if t is None:
        ctx["missing"] = _("No telescope of yours waits for a hex here.")
    else:
        ctx["label"] = telescope_label(t)
        ctx["open"] = t in desk.waiting
        shown = t.chosen or None
        if ctx["open"]:
            hex_errors = [str(error) for error in form.errors.get("hex", [])]
            picked = data["at"]
            ctx.update(
                {
                    "typed": (form.data.get("hex") or "")[:10] if hex_errors else "",
                    "hex_errors": hex_errors,
                    "picked": g.label(picked) if picked is not None else "",
                    "pick_url": reverse("islands_public:team_telescope", args=[desk.link.token]),
                    "round_number": desk.round.number if desk.round is not None else "",
                    "name": telescope_name(t),
                    "again_url": desk.url(t),
                }
            )
            shown = ctx["picked"] or None
            view = view.clicking(desk.url(t), "#telescope")
        elif t.open:
            ctx["closed"] = _("The round's telescopes can no longer be chosen.")
        ctx["done"] = done and bool(t.chosen)
        if shown:
            ctx["shown"] = shown
            view = replace(view, highlights=frozenset(g.label(h) for h in telescope_hexes(g, g.parse(shown))))
    ctx.update(map_svg=svg.render_svg(view), legend=style.legend(staff=False), team_key=svg.team_key(view))
    return ctx


def _telescope_choose(desk: TelescopeDesk, form: TeamTelescopeForm, name: str) -> list[str]:
    """Store the team's confirmed choice for its telescope ``name`` (one service call); why not, when
    refused."""
    data = form.cleaned_data
    if form.errors.get("hex") or desk.round is None:  # the field says why, or the page: no telescope
        return [_("Nothing was saved.")]
    if data["at"] is None:
        return [_("Choose the hex to look at: click it on the map or type its label.")]
    if not data["confirm"]:
        return [_("Nothing was saved: confirm the hex with its button.")]
    try:
        round_services.telescope_team_choose(
            round=desk.round, team=desk.link.team, telescope=name, at=data["at"]
        )
    except IslandsError as exc:
        return list(exc.messages)
    return []


@never_cache
@require_http_methods(["GET", "POST"])
def team_telescope(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The team's telescope page: GET shows a telescope (``?round=4&telescope=C1``, the only open one
    without them) and, with ``hex``, the hex to confirm (htmx, a map click: the ``telescope``
    partial); POST with ``confirm`` stores the choice, then back to the page (``done=1``)."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    post = request.method == "POST"
    form = TeamTelescopeForm(request.POST if post else request.GET, side=link.team.camp.board_side)
    form.is_valid()
    desk = TelescopeDesk.read(link, form.cleaned_data["round"])
    problems: list[str] = []
    if post:
        t = desk.find(form.cleaned_data["telescope"])  # the team's own, or the name as sent (refused)
        name = telescope_name(t) if t is not None else form.cleaned_data["telescope"]
        problems = _telescope_choose(desk, form, name)
        if not problems and t is not None:
            return redirect(desk.url(t, done="1"))
        desk = TelescopeDesk.read(link, form.cleaned_data["round"])  # as it stands after the refusal
    ctx = telescope_context(desk, form, problems=problems, done=request.GET.get("done") == "1")
    htmx = request.headers.get("HX-Request") == "true" and not post
    response = render(request, f"{TELESCOPE_TEMPLATE}#telescope" if htmx else TELESCOPE_TEMPLATE, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response
