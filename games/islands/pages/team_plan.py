"""A team's plan on its own link (no login), rendered beside the team's live view, never inside it:
the form (the ``plan`` partial of ``islands/team.html``), posted to ``/tym/<token>/plan/``
(:func:`team_plan`): one of the plans' services per press, the team always the link's. A stale
version, a plan with problems, the deadline: refused, shown with why. The form carries its own
planning map (the ``plan_map`` partial): the routes being typed drawn on the team's map, and a tap on
a hex extends a route as a click on the staff's order page does (``/tym/<token>/plan/mapa/``,
:func:`team_plan_map`; nothing stored). The live check while typing is
``/tym/<token>/plan/kontrola/`` (:func:`team_plan_check`). The plan's state line is polled on its own
(``/tym/<token>/plan/stav/``, :func:`team_plan_watch`), so staff's answer reaches the page without a
reload and never over what the team is typing (below, "the plan, live").
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import Any

from django import forms
from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.formats import time_format
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from camp.formats.dates import at_time
from camp.models import Round, RoundStatus
from camp.pages.base import HtmxHttpRequest
from games.islands import orders as islands_orders
from games.islands import words
from games.islands.engine.hexes import LabelError, geometry, to_pixel
from games.islands.engine.notation import Alphabet, sheet_order
from games.islands.engine.state import InvalidState
from games.islands.errors import IslandsError, OrdersInvalid, PlanAlreadyStored, PlanStale
from games.islands.forms.orders import (
    FIRE_MODE,
    ROUTE_PREFIX,
    OrderEntry,
    click_modes,
    read_orders,
    route_field,
)
from games.islands.forms.shared import Text
from games.islands.game_state import state_before
from games.islands.maps import style
from games.islands.maps.style import SIZE
from games.islands.models.board import Ship
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.pages.orders_map import drawable, fields, map_click, route_end, team_orders_map
from games.islands.pages.team_link import (
    POLL_SECONDS,
    REFERRER_POLICY,
    TEMPLATE,
    not_found,
    now_round,
    readable_link,
    view_context,
)
from games.islands.selectors import plans as plan_selectors
from games.islands.selectors.rounds import team_orders
from games.islands.services import plans

# ------------------------------------------------------------------------------------ the plan form
# Rendered beside the cached view, never inside it: the form carries the request's CSRF token and
# what was typed, and the view's version (the poll) stays a hash of the map's bytes only.

#: The buttons of the plan form (``action``).
ACTIONS = ("draft", "hand_in", "withdraw")


class PlanActionForm(forms.Form):
    """Which button of the plan form was pressed; the sheet itself is read by ``OrdersForm``."""

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])


@dataclass(frozen=True)
class PlanDesk:
    """The team's round open for orders, its ships as on the sheet and the camp's letters."""

    link: TeamLink
    round: Round
    ships: list[Ship]

    @classmethod
    def read(cls, link: TeamLink) -> PlanDesk | None:
        round_ = now_round(link.team.camp)
        if round_ is None or round_.status != RoundStatus.ORDERS_OPEN:
            return None
        ships = sorted(Ship.objects.filter(team=link.team), key=lambda s: sheet_order(s.ident))
        return cls(link, round_, ships)

    @property
    def idents(self) -> list[str]:
        return [s.ident for s in self.ships]

    @property
    def alphabet(self) -> Alphabet:
        return islands_orders.camp_alphabet(self.round.camp)

    def read_form(self, data: QueryDict) -> OrderEntry:
        return read_orders(data, self.idents, click_modes(self.ships), self.alphabet)

    def sheet_of(self, plan: TeamPlan | None) -> OrderSheet:
        """The plan's sheet in the camp's letters, a field per ship (empty without a plan)."""
        if plan is None:
            return OrderSheet(alphabet=self.alphabet).for_ships(self.idents)
        sheet = OrderSheet.from_plan(plan)
        try:
            sheet = sheet.written_in(self.alphabet)
        except ValueError:  # a draft kept with a typo in other letters: shown as written
            pass
        return sheet.for_ships(self.idents)


def draft_key(link: TeamLink) -> str:
    """The name under which a phone keeps the team's unsent draft (zo-plan-draft.js, with the
    round's number): a keyed digest of the link, so the phone's storage holds no token, nor
    anything to test a guessed token against without the server's secret."""
    return salted_hmac("islands.team_plan.draft_key", link.token, algorithm="sha256").hexdigest()[:20]


def state_line(row: plan_selectors.PlanRow, closed: bool) -> str:
    """The plan's state as the team reads it ("koncept uložen 18:02", "vráceno: …", "uzavřeno")."""
    if closed and row.state in (PlanState.NONE, PlanState.DRAFT, PlanState.RETURNED):
        return _("hand-in closed")
    if row.state == PlanState.DRAFT and row.at is not None:
        return _("draft saved %(time)s") % {"time": time_format(timezone.localtime(row.at), "H:i")}
    if row.state == PlanState.RETURNED:
        return _("returned: %(note)s") % {"note": row.note} if row.note else _("returned")
    return row.label


def plan_context(
    desk: PlanDesk | None,
    *,
    typed: OrderSheet | None = None,
    version: int | None = None,
    message: str = "",
    problems: list[str] | None = None,
    stale: OrderSheet | None = None,
    done: str = "",
    mode: str = "",
) -> dict[str, Any]:
    """What the ``plan`` partial shows: the form (``typed``, else the plan as stored), its state
    line and buttons, and why the last press was refused (``message``, ``problems``, ``stale``)."""
    if desk is None:
        return {"plan_open": False}
    row = plan_selectors.team_plan(desk.round, desk.link.team)
    closed = row.closed(plan_selectors.plans_due_at(desk.round))
    sheet = typed if typed is not None else desk.sheet_of(row.plan)
    orders = team_orders(desk.round, desk.link.team)
    if typed is None and row.state == plan_selectors.ENTERED_BY_STAFF and orders is not None:
        # Staff typed the team's orders: the form starts from them (a draft saved builds on them).
        sheet = OrderSheet.from_row(orders).written_in(desk.alphabet).for_ships(desk.idents)
    writable = row.team_writable(closed)
    return {
        "plan_open": True,
        "plan_url": reverse("islands_public:team_plan", args=[desk.link.token]),
        "plan_key": draft_key(desk.link),
        "plan_round": desk.round.number,
        "plan_state": state_line(row, closed),
        "plan_version": row.version if version is None else version,
        "plan_writable": writable,
        "plan_withdrawable": row.state == PlanState.HANDED_IN and not closed,
        "plan_sheet": sheet,
        "plan_routes": [{"ident": i, "field": route_field(i), "value": sheet.route(i)} for i in desk.idents],
        "plan_message": message,
        "plan_problems": problems or [],
        "plan_stale": stale,
        "plan_stale_routes": [(i, stale.route(i)) for i in desk.idents if stale.route(i)] if stale else [],
        "plan_done": done,
        # The server's clock, not the phone's, says when the press landed ("Odesláno vedoucím v …").
        "plan_done_at": at_time(timezone.now()) if done else "",
        "plan_check_url": reverse("islands_public:team_plan_check", args=[desk.link.token]),
        **plan_map_context(desk, OrderEntry(sheet, mode=mode), writable=writable),
    }


def _pressed(desk: PlanDesk, action: str, entry: OrderEntry) -> dict[str, Any]:
    """One service call for the button pressed; the partial's context, with why when refused."""
    team, version = desk.link.team, entry.version if entry.version is not None else -1
    try:
        if entry.problems and action != "withdraw":
            raise IslandsError(list(entry.problems), code="form")
        if action == "draft":
            plans.plan_save_draft(
                round=desk.round, team=team, sheet=entry.sheet, version=version, by=plans.BY_TEAM
            )
            done = _("The draft is saved.")
        elif action == "hand_in":
            plans.plan_hand_in(
                round=desk.round, team=team, sheet=entry.sheet, version=version, by=plans.BY_TEAM
            )
            done = _("The plan is handed in.")
        else:
            plans.plan_withdraw(round=desk.round, team=team, version=version, by=plans.BY_TEAM)
            done = _("The plan is taken back: it is a draft again.")
    except PlanAlreadyStored as exc:  # a press sent again: it had arrived, the phone is told so
        return plan_context(desk, done=exc.messages[0])
    except PlanStale as exc:
        # What was typed stays in the form; the next save is made knowing the plan as stored now.
        return plan_context(
            desk,
            typed=entry.sheet,
            version=exc.stored.version,
            message=exc.messages[0],
            stale=desk.sheet_of(exc.stored),
        )
    except OrdersInvalid as exc:
        message = _("The plan was not handed in: it has problems.")
        return plan_context(desk, typed=entry.sheet, message=message, problems=exc.messages)
    except IslandsError as exc:
        return plan_context(desk, typed=entry.sheet, message=_("Nothing was saved."), problems=exc.messages)
    return plan_context(desk, done=done)


@never_cache
@require_POST
def team_plan(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A press of the plan form: one service call (the team is the link's, never the form's); htmx
    gets the ``plan`` partial, a plain post the page again (refused: with why, as typed)."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    desk = PlanDesk.read(link)
    action = PlanActionForm(request.POST)
    if desk is None:
        ctx = {"plan_open": False, "plan_message": _("The round is not open for orders now.")}
    elif not action.is_valid():
        ctx = plan_context(desk, message=_("Nothing was saved: press one of the form's buttons."))
    else:
        ctx = _pressed(desk, action.cleaned_data["action"], desk.read_form(request.POST))
    ctx.update(plan_watch_context(link, typed=bool(ctx.get("plan_message"))))  # refused: as typed
    if request.headers.get("HX-Request") == "true":
        response = render(request, f"{TEMPLATE}#plan", ctx)
    elif not ctx.get("plan_message") and not ctx.get("plan_problems"):
        response = redirect(reverse("islands_public:team", args=[token]) + "?done=1")
    else:
        response = plan_page(request, link, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


# ------------------------------------------------------------------------------------ the plan, live
# The ``plan_watch`` partial shows the plan's state line and is polled every POLL_SECONDS
# (``/tym/<token>/plan/stav/``), as the map is. Its version is a hash of what it shows (the state
# line with a returned plan's note, whether the form may be written or taken back, which stored plan
# and orders the form starts from), all of it the team's own: a change of hidden data or of another
# team's plan leaves it byte for byte the same, and the poll answers 204. It is rendered inside the
# ``plan`` partial, so the team's own press brings its new version with it (no notice of one's own
# change). The form below it holds what is being typed: when the poll brings a change, zo-plan-watch.js
# loads the fresh ``plan`` partial (``/tym/<token>/plan/formular/``) only if nothing was typed into
# it; otherwise it shows the watch's notice, with a button to load it. Without JavaScript nothing
# polls: a reload shows the plan as stored.


def watch_notice(row: plan_selectors.PlanRow, closed: bool) -> str:
    """What changed, as the notice above a form the team has typed into says it."""
    if closed:
        return _("Hand-in has closed meanwhile: the plan can no longer be changed.")
    notices = {
        PlanState.RETURNED: _("The leaders returned the plan meanwhile."),
        PlanState.APPROVED: _("The leaders approved the plan meanwhile."),
        plan_selectors.ENTERED_BY_STAFF: _("The leaders entered your plan themselves meanwhile."),
        PlanState.HANDED_IN: _("The plan was handed in meanwhile (on another phone)."),
        PlanState.PAPER: _("The leaders received your plan on paper meanwhile."),
        PlanState.DRAFT: _("A draft was saved meanwhile (on another phone)."),
    }
    return notices.get(row.state, _("The plan changed meanwhile."))


def watch_state(link: TeamLink) -> dict[str, Any]:
    """What the ``plan_watch_body`` partial shows: the state line as the form shows it and the
    form's buttons (the same rules as :func:`plan_context`), read in six queries; the notice."""
    round_ = now_round(link.team.camp)
    if round_ is None or round_.status != RoundStatus.ORDERS_OPEN:
        notice = _("The round is no longer open for orders: the plan can no longer be changed.")
        return {"watch_open": False, "watch_notice": notice}
    row = plan_selectors.team_plan(round_, link.team)
    due = plan_selectors.plans_due_at(round_)
    closed = row.closed(due)
    writable = row.team_writable(closed)
    stored = f"{row.version}|{row.at.isoformat() if row.at else ''}"
    return {
        "watch_open": True,
        "watch_round": round_.number,
        "watch_state": state_line(row, closed),
        "watch_writable": writable,
        "watch_withdrawable": row.state == PlanState.HANDED_IN and not closed,
        "watch_stored": hashlib.sha256(stored.encode()).hexdigest()[:12],
        "watch_notice": watch_notice(row, closed),
        "watch_due": due_line(due, reopened=row.reopened),
    }


def due_line(due: datetime | None, *, reopened: bool) -> str:
    """The round's hand-in deadline as the team reads it ("odevzdání do 19:30"), and whether staff
    reopened the hand-in for this team after it; "" without a deadline."""
    if due is None:
        return ""
    line = _("hand-in until %(time)s") % {"time": time_format(timezone.localtime(due), "H:i")}
    if reopened and timezone.now() > due:
        line = _("%(deadline)s (reopened for your team)") % {"deadline": line}
    return line


def plan_watch_context(link: TeamLink, *, typed: bool = False, changed: bool = False) -> dict[str, Any]:
    """The ``plan_watch`` partial's context: its body, its version (a hash of the body), its URLs;
    ``typed``: the form below holds what was typed, not the stored plan (a refused press);
    ``changed``: the poll's answer to a page showing another version (the notice is offered)."""
    state = watch_state(link)
    body = render_to_string(f"{TEMPLATE}#plan_watch_body", state)
    return {
        "watch_body": mark_safe(body),  # noqa: S308 - rendered by the template engine just now
        "watch_version": hashlib.sha256(body.encode()).hexdigest()[:20],
        "watch_notice": state["watch_notice"],
        "watch_url": reverse("islands_public:team_plan_watch", args=[link.token]),
        "watch_form_url": reverse("islands_public:team_plan_form", args=[link.token]),
        "watch_poll_ms": POLL_SECONDS * 1000,
        "watch_typed": typed,
        "watch_changed": changed,
    }


@never_cache
@require_GET
def team_plan_watch(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The poll of the plan's state (``?v=`` the version shown): 204 unchanged, else the ``plan_watch``
    partial with its notice."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    if request.headers.get("HX-Request") != "true":  # a plain visit: the page itself
        return redirect(reverse("islands_public:team", args=[token]))
    ctx = plan_watch_context(link, changed=True)
    if request.GET.get("v") == ctx["watch_version"]:
        return HttpResponse(status=204)  # unchanged: htmx swaps nothing
    response = render(request, f"{TEMPLATE}#plan_watch", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


@never_cache
@require_GET
def team_plan_form(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The ``plan`` partial as stored now (what replaces the form after a change the poll found)."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    if request.headers.get("HX-Request") != "true":  # a plain visit: the page itself
        return redirect(reverse("islands_public:team", args=[token]))
    ctx = {**plan_context(PlanDesk.read(link)), **plan_watch_context(link)}
    response = render(request, f"{TEMPLATE}#plan", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


def plan_page(request: HtmxHttpRequest, link: TeamLink, ctx: dict[str, Any]) -> HttpResponse:
    """The whole page with the plan form of ``ctx`` (a press or a map's tap without htmx)."""
    return render(request, TEMPLATE, {**view_context(link), **ctx})


def team_check(desk: PlanDesk, entry: OrderEntry) -> dict[str, Any]:
    """The live check of the sheet being typed, as the staff's order page checks it, but against
    nothing of the other teams: their fire targets (the staff's warning of a shot into a route's
    end) are theirs to keep, so the team's check gets none of them."""
    found = team_orders_check(desk, entry.sheet)
    problems = [*entry.problems, *(p.message for p in found.problems)]
    return {
        "check_ap": found.ap,
        "check_ap_left": found.ap_left,
        "check_problems": list(dict.fromkeys(problems)),
        "check_warnings": [w.message for w in found.warnings],
    }


@never_cache
@require_POST
def team_plan_check(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The live check while typing (htmx: the ``plan_check`` partial, and the planning map redrawn
    out of band); nothing is stored."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    desk = PlanDesk.read(link)
    if desk is None:
        ctx: dict[str, Any] = {"check_closed": _("The round is not open for orders now.")}
    else:
        try:
            entry = desk.read_form(request.POST)
            ctx = team_check(desk, entry)
        except IslandsError as exc:  # the game is not set up (no board, no harbors)
            ctx = {"check_closed": " ".join(exc.messages)}
        else:  # the planning map redrawn with the routes as typed (swapped in beside the check)
            ctx.update(plan_map_context(desk, entry, writable=plan_writable(desk)), plan_map_oob=True)
    response = render(request, f"{TEMPLATE}#plan_live", ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response


def team_orders_check(desk: PlanDesk, sheet: OrderSheet) -> islands_orders.OrdersCheck:
    """The team's sheet checked as the staff's order page checks it, against nothing of the other
    teams (:func:`team_check`). Raises :class:`IslandsError` only when the game is not set up."""
    team = desk.link.team
    islands_orders.check_team(desk.round, team)
    return islands_orders.check(
        sheet, state_before(desk.round), islands_orders.team_ap(desk.round, team), team=team
    )


# ------------------------------------------------------------------------------------ the planning map
# The plan form's own map (the ``plan_map`` partial, inside the form, never in the polled view): the
# board before the round as the team may see it (orders_map.team_orders_map: never a hidden tile,
# nobody else's cargo or target), the routes being typed drawn on it. While the plan may be written,
# a tap on a hex extends the route of the ship chosen or sets the fire target, as a click on the
# staff's order page does (orders_map.map_click): a GET with the form's values
# (``/tym/<token>/plan/mapa/?hex=…``) that stores nothing and answers the ``plan`` partial with the
# form changed. The live check redraws the map as the routes are typed.

#: What the planning map's hexes swap.
PLAN_TARGET = "#team-plan"


def plan_writable(desk: PlanDesk) -> bool:
    """May the team write its plan now (read afresh: a tap or a check comes from a page shown before)?
    Read from the stored plan alone: neither staff's orders nor "nemá tah" change it, so this runs
    on every live check and tap without reading them."""
    row = plan_selectors.team_plan_beside(desk.round, desk.link.team, None)
    return row.team_writable(row.closed(plan_selectors.plans_due_at(desk.round)))


def plan_map_context(desk: PlanDesk, entry: OrderEntry, *, writable: bool) -> dict[str, Any]:
    """The planning map with ``entry``'s routes and target on it and, while the plan may be written,
    its hexes to tap and what a tap sets (``plan_click``: the modes, ``plan_mode`` the one chosen).
    Nothing while the game is not set up (the check says why), or its rows cannot be played."""
    modes = click_modes(desk.ships) if writable else []
    mode = entry.mode if entry.mode in modes else (modes[0] if modes else "")
    try:
        found = team_orders_check(desk, entry.sheet)
        drawn = drawable(entry.sheet, found, partial(team_orders_check, desk))
        url = reverse("islands_public:team_plan_map", args=[desk.link.token]) if modes else ""
        shown = team_orders_map(desk.round, desk.link.team, mode, drawn, click_url=url, target=PLAN_TARGET)
    except (IslandsError, InvalidState):  # (rows the rules cannot hold: the page still shows the rest)
        return {}
    colour = style.safe_colour(desk.link.team.colour)
    return {
        "plan_map": shown,
        "plan_mode": mode,
        "plan_click": fields(desk.idents, modes, entry.sheet, colour=colour) if modes else None,
        "plan_focus": _focus(desk, drawn, mode) if modes else "",
    }


def _focus(desk: PlanDesk, drawn: islands_orders.OrdersCheck, mode: str) -> str:
    """Where a phone's planning map zooms in to (``data-zoom-focus`` of static/js/zo-board.js: x, y
    and a hex's width, in the map's units): the end of the chosen ship's route (the fire target)."""
    g = geometry(desk.round.camp.board_side)
    label = drawn.fire if mode == FIRE_MODE else route_end(drawn, mode, g)
    if label is None:  # no target yet
        return ""
    try:
        x, y = to_pixel(g.parse(label), SIZE)
    except LabelError:  # no target yet, or a route whose end is not known
        return ""
    return f"{x:.1f} {y:.1f} {SIZE * math.sqrt(3):.1f}"


class PlanTapForm(forms.Form):
    """A tap on the planning map: the hex and the map's mode as sent (the sheet is read by
    ``OrdersForm``, which turns a mode it does not know into the first; a tap must not)."""

    hex = Text(cut=20)
    mode = Text(cut=20, absent_none=True)


def tap_refusal(desk: PlanDesk, mode: str | None) -> str:
    """Why a tap in ``mode`` (as sent) may set nothing; "" when it may."""
    if not mode or mode in click_modes(desk.ships):
        return ""
    if mode == FIRE_MODE:
        return _("Your team has no battleship this round: it cannot fire, the map sets no target.")
    if mode in desk.idents:
        return _("%(ship)s may not move this round: the map sets no route for it.") % {
            "ship": words.ship_label(mode)
        }
    return _("This team has no ship “%(ship)s”.") % {"ship": mode[:10]}


def plan_tapped(desk: PlanDesk, query: QueryDict) -> dict[str, Any]:
    """The ``plan`` partial after a tap: the form as sent (without its fields, a tap of a page
    without scripts: the plan as shown) changed by the tap, checked; or why it changed nothing."""
    if not plan_writable(desk):
        return {
            **plan_context(desk),
            "plan_tap_message": _("The plan cannot be changed now: the tap set nothing."),
        }
    tap = PlanTapForm(query)
    tap.is_valid()
    entry = desk.read_form(query)
    if not any(key.startswith(ROUTE_PREFIX) or key == "mode" for key in query):
        entry = replace(entry, sheet=plan_context(desk)["plan_sheet"])
    message = tap_refusal(desk, tap.cleaned_data["mode"])
    try:
        if not message:
            entry, _found, message = map_click(
                entry,
                team_orders_check(desk, entry.sheet),
                tap.cleaned_data["hex"],
                side=desk.round.camp.board_side,
                checker=partial(team_orders_check, desk),
            )
        checked = team_check(desk, entry)
    except IslandsError as exc:  # the game is not set up (no board, no harbors)
        checked, message = {}, " ".join(exc.messages)
    ctx = plan_context(desk, typed=entry.sheet, version=entry.version, mode=entry.mode)
    return {**ctx, **checked, "plan_tap_message": message}


@never_cache
@require_GET
def team_plan_map(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A tap on the planning map (``?hex=`` and the form's values; htmx: the ``plan`` partial, else
    the page with it): the form changed by the tap, nothing stored; the team is the link's."""
    link = readable_link(token)
    if link is None:
        return not_found(request)
    htmx = request.headers.get("HX-Request") == "true"
    if "hex" not in request.GET:  # nothing tapped: the page itself
        return redirect(reverse("islands_public:team", args=[token]))
    desk = PlanDesk.read(link)
    if desk is None:
        ctx = {"plan_open": False, "plan_message": _("The round is not open for orders now.")}
    else:
        ctx = plan_tapped(desk, request.GET)
    response = render(request, f"{TEMPLATE}#plan", ctx) if htmx else plan_page(request, link, ctx)
    response["X-Robots-Tag"] = "noindex"
    response["Referrer-Policy"] = REFERRER_POLICY
    return response
