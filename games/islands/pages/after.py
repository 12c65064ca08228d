"""After the round: pending telescope choices (click a hex, confirm, or skip), the map hints, the
public log and the print buttons; closing the round is posted from here (:func:`.round.round_close`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from camp.models import Round, RoundStatus
from camp.pages.base import HtmxHttpRequest
from camp.staff.permissions import may_see_seed
from games.islands import results, words
from games.islands.engine.hexes import (
    geometry,
)
from games.islands.engine.notation import who_text
from games.islands.engine.resolve import telescope_hexes
from games.islands.errors import IslandsError
from games.islands.forms.telescope import TelescopeForm, TelescopeQuery
from games.islands.maps import style, svg
from games.islands.pages.links import url
from games.islands.pages.rows import group_events
from games.islands.pages.shared import (
    check_perm,
    render_page,
    round_or_404,
    sheet_links,
    show_errors,
)
from games.islands.selectors.maps import map_view_for_public, map_view_for_staff
from games.islands.selectors.rounds import round_overview
from games.islands.services import rounds as round_services

TEMPLATE = "islands/round_after.html"


def after_page(request: HtmxHttpRequest, round_id: int, *, model_admin: Any) -> HttpResponse:
    """Telescopes, map hints and the public log of a resolved round.

    GET ``?ship=red.C1&hex=X``: a map click picks that telescope's hex (htmx: the ``telescopes``
    partial with the choice to confirm); ``?ship=red.C1&skip=1`` asks whether to skip it. POST
    ``action=choose``: store the choice; ``action=skip`` with ``confirm``: skip it (without
    ``confirm``: a message, nothing stored — one misclick must not throw a telescope away).

    The map is the public one (a team's runner is often at the table), with the picked hex and its
    neighbours highlighted; ``show_hidden=1`` (a box to tick, carried by every link and form of the
    page) shows the staff map with the hidden tiles.
    """
    round_ = round_or_404(round_id)
    if request.method == "POST":
        check_perm(request)
        return _telescope_post(request, round_, TelescopeForm(request.POST, side=round_.camp.board_side))
    query = TelescopeQuery(request.GET, side=round_.camp.board_side)
    query.is_valid()
    return _after_page(request, model_admin, round_, query.cleaned_data)


def _telescope_post(request: HtmxHttpRequest, round_: Round, form: TelescopeForm) -> HttpResponse:
    """Store a telescope choice, or skip it (only confirmed), then back to the page."""
    form.is_valid()  # a choice of no hex: the form's error, shown below
    action, ship = form.cleaned_data["action"], form.cleaned_data["ship"]
    keep = {"show_hidden": "1"} if form.cleaned_data["show_hidden"] else {}
    who = words.dotted_who_label(ship) if ship else "—"
    try:
        if action == "skip" and not form.cleaned_data["confirm"]:
            messages.error(
                request, _("Skipping the telescope of %(ship)s needs a confirmation.") % {"ship": who}
            )
        elif action == "skip":
            round_services.telescope_skip(round=round_, ship=ship)
            messages.success(request, _("Telescope of %(ship)s skipped.") % {"ship": who})
        elif action == "choose" and form.non_field_errors():
            show_errors(request, ValidationError([str(e) for e in form.non_field_errors()]))
        elif action == "choose":
            choice = round_services.telescope_choose(round=round_, ship=ship, at=form.cleaned_data["at"])
            messages.success(
                request,
                _("Telescope of %(ship)s: %(hex)s and its neighbours are revealed.")
                % {"ship": who, "hex": choice.hex},
            )
        else:
            messages.error(request, _("Choose a hex or skip the telescope."))
    except IslandsError as exc:
        show_errors(request, exc)
    return HttpResponseRedirect(url("after", round_.pk, **keep))


def _after_page(
    request: HtmxHttpRequest, model_admin: Any, round_: Round, query: dict[str, Any]
) -> HttpResponse:
    """The page: the telescope shown (``query["ship"]``), its hex picked by a map click, the map
    (the staff one with ``show_hidden``), the hints and the public log."""
    camp = round_.camp
    show_hidden = query["show_hidden"]
    keep = {"show_hidden": "1"} if show_hidden else {}
    overview = round_overview(round_)
    result = overview.result
    pending = [who_text(t.team, t.ship) for t in overview.pending_telescopes]
    chosen_ship = query["ship"]
    if chosen_ship not in pending:
        chosen_ship = pending[0] if pending else ""
    g = geometry(camp.board_side)
    clicked = query["clicked"] if chosen_ship else None
    picked = g.label(clicked) if clicked is not None else ""
    message = query["clicked_problem"] if chosen_ship else ""
    asking_skip = bool(chosen_ship and not picked and query["skip"])

    context: dict[str, Any] = {
        "round": round_,
        "camp": camp,
        "here": _("After the round"),
        "result": result,
        "pending": [{"key": p, "label": words.dotted_who_label(p)} for p in pending],
        "chosen_ship": chosen_ship,
        "chosen_label": words.dotted_who_label(chosen_ship) if chosen_ship else "",
        "done_telescopes": [t for t in overview.telescopes if not t.open],
        "picked": picked,
        "asking_skip": asking_skip,
        "show_hidden": show_hidden,
        # Appended to the page's own links (each starts with ``?ship=…``), so the box stays as set.
        "keep_hidden": "&show_hidden=1" if show_hidden else "",
        "message": message,
        "can_close": overview.closable,
        "close_refusal": _("Tick “Yes, close the round (cannot be undone)” to close the round.")
        if query["unticked"] == "close" and overview.closable and round_.status == RoundStatus.RESOLVED
        else "",
        "resolved": round_.status == RoundStatus.RESOLVED,
        "closed": round_.status == RoundStatus.CLOSED,
        "public_url": reverse("islands_public:notice_board", args=[camp.pk]),
        "sheets": sheet_links(request, round_, overview),
        "exportable": may_see_seed(request.user),  # a round file carries the seed
    }
    if result is not None:
        view = map_view_for_staff(camp) if show_hidden else map_view_for_public(camp)
        if picked:
            centre = g.parse(picked)
            view = replace(view, highlights=frozenset(g.label(x) for x in telescope_hexes(g, centre)))
        if chosen_ship and round_.status == RoundStatus.RESOLVED:
            view = view.clicking(url("after", round_.pk, ship=chosen_ship, **keep), "#telescopes")
        hint_rows = []
        for row in overview.teams:
            for hint in results.team_hints(result, row.team):
                hint_rows.append(
                    {
                        "team": row.team.name,
                        "colour": style.safe_colour(row.team.colour),
                        "ship": hint.ship,
                        "found": hint.found,
                        "origin": hint.origin,
                        "point": hint.point_label,
                    }
                )
        context.update(
            map_svg=svg.render_svg(view),
            team_key=svg.team_key(view),
            legend=style.legend(staff=show_hidden),
            public_events=group_events(results.result_events(result, viewer="public")),
            hint_rows=hint_rows,
        )
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("After %(round)s") % {"round": round_},
        context=context,
        fragment="telescopes",
    )
