"""One team's orders, typed from its paper sheet (one template, ``islands/round_orders.html``):
form → check → render.

GET: the page, the form filled from the stored orders; ``?hex=`` with the form's values is a map
click (htmx: the ``editor`` partial, built by :func:`.orders_map.apply_click`). POST with htmx: the
live check while typing (the ``check`` partial: problems, routes drawn on the map, AP left; nothing
stored). A plain POST stores the orders (``plans.plan_orders_entered``: ``orders_submit``, and a plan
the team handed in is settled by them), refused with the page kept when another staff member stored
newer ones meanwhile. While the round is open the team's own plan is shown above the form (its
state, its sheet as text, the hand-in panel's buttons); ``?from=plan`` fills the form from it. A
resolved or closed round's orders are shown as played, read-only. The fields are read by
:class:`games.islands.forms.orders.OrdersForm`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property, partial
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from camp.caches.request_memo import consistent_reads
from camp.models import DONE_STATUSES, Round, RoundStatus, Team
from camp.pages.base import HtmxHttpRequest
from games.islands import orders as islands_orders
from games.islands.engine.hexes import geometry
from games.islands.engine.notation import Alphabet, sheet_order
from games.islands.errors import IslandsError, OrdersInvalid, OrdersStale
from games.islands.forms.orders import OrderEntry, click_modes, read_orders
from games.islands.maps import style
from games.islands.models.board import Ship
from games.islands.models.rounds import TeamOrders
from games.islands.orders import OrdersCheck, OrderSheet
from games.islands.pages.hand_in import SHEET_STATES, plan_sheet, team_plan_entry
from games.islands.pages.links import url
from games.islands.pages.orders_map import (
    COSTS,
    check_summary,
    drawable,
    fields,
    map_click,
    orders_map,
    played_map,
    played_text,
    ship_rows,
    stale_orders,
)
from games.islands.pages.shared import check_perm, render_page, rendered_consistently, round_or_404
from games.islands.selectors.plans import PlanRow, team_plan_beside
from games.islands.selectors.rounds import team_orders
from games.islands.services import plans as plan_services

TEMPLATE = "islands/round_orders.html"


@dataclass(frozen=True)
class OrdersPage:
    """What every request of the order page starts from: the round, the team and its ships (as on
    the sheet: C1 … C6, then B) with the map's click modes, its title, address and letters."""

    round: Round
    team: Team
    ships: list[Ship]
    modes: list[str]

    @classmethod
    def read(cls, round_id: int, team_id: int) -> OrdersPage:
        round_ = round_or_404(round_id)
        team = get_object_or_404(Team, pk=team_id, camp_id=round_.camp_id)
        ships = sorted(Ship.objects.filter(team=team), key=lambda s: sheet_order(s.ident))
        return cls(round_, team, ships, click_modes(ships))

    @property
    def idents(self) -> list[str]:
        return [s.ident for s in self.ships]

    @cached_property
    def stored(self) -> TeamOrders | None:
        """The team's stored orders for the round (read once: the form and the page both ask)."""
        return team_orders(self.round, self.team)

    def plan(self) -> PlanRow:
        return team_plan_beside(self.round, self.team, self.stored)

    @property
    def title(self) -> str:
        return _("Orders of %(team)s – %(round)s") % {"team": self.team.name, "round": self.round}

    @property
    def url(self) -> str:
        return url("orders", self.round.pk, self.team.pk)

    @property
    def alphabet(self) -> Alphabet:
        return islands_orders.camp_alphabet(self.round.camp)

    def read_form(self, data: QueryDict) -> OrderEntry:
        return read_orders(data, self.idents, self.modes, self.alphabet)

    def stored_entry(self) -> OrderEntry:
        """The form filled from the stored orders (routes in the camp's letters), or empty."""
        stored = self.stored
        sheet = OrderSheet(alphabet=self.alphabet)
        if stored is not None:
            sheet = OrderSheet.from_row(stored).written_in(self.alphabet)
        mode = self.modes[0] if self.modes else ""
        return OrderEntry(sheet.for_ships(self.idents), mode=mode, version=stored.version if stored else 0)

    def plan_entry(self) -> OrderEntry | None:
        """The form filled from the team's plan (``?from=plan``: a leader corrects it rather than
        typing it again), saved over the stored orders' version; None: no plan with a sheet."""
        plan = self.plan().plan
        if plan is None or plan.state not in SHEET_STATES:
            return None
        stored = self.stored_entry()
        sheet = plan_sheet(plan, self.alphabet).for_ships(self.idents)
        return replace(stored, sheet=sheet)

    def check(self, sheet: OrderSheet) -> OrdersCheck:
        return islands_orders.orders_check(round=self.round, team=self.team, sheet=sheet)

    def drawable(self, sheet: OrderSheet, check: OrdersCheck) -> OrdersCheck:
        """The check whose routes the map draws: a route with a typo is drawn up to the typo."""
        return drawable(sheet, check, self.check)


@dataclass
class Entry:
    """One request of the order page, as far as it got: the form as read, its check and the
    problems to show, and what the page says about a save or a map click."""

    form: OrderEntry
    check: OrdersCheck
    fragment: str = "editor"
    form_problems: list[str] = field(default_factory=list)
    saved_problems: list[Any] = field(default_factory=list)
    stale: dict[str, Any] | None = None
    submitted: bool = False
    click_message: str = ""
    from_plan: bool = False

    @classmethod
    def checked(cls, page: OrdersPage, form: OrderEntry, **kw: Any) -> Entry:
        return cls(form, page.check(form.sheet), form_problems=list(form.problems), **kw)


def orders_page(request: HtmxHttpRequest, round_id: int, team_id: int, *, model_admin: Any) -> HttpResponse:
    """One team's orders. GET: the page (``?hex=`` a map click, htmx: the ``editor`` partial);
    POST with htmx: the live ``check`` partial (nothing stored); plain POST: store the orders.

    Each read of the page is of one moment (:func:`.shared.rendered_consistently`): a round resolved
    or undone meanwhile shows as it is now (its orders as played, or open again)."""
    if request.method == "POST" and not request.htmx:
        return _save(request, model_admin, round_id, team_id)
    return rendered_consistently(lambda: _shown(request, model_admin, OrdersPage.read(round_id, team_id)))


def _shown(request: HtmxHttpRequest, model_admin: Any, page: OrdersPage) -> HttpResponse:
    """The page, its map click or its live check (nothing stored)."""
    if page.round.status in DONE_STATUSES:
        return _played_orders_page(request, model_admin, page)
    try:
        if request.method == "POST":
            entry = Entry.checked(page, page.read_form(request.POST), fragment="check")
        elif "hex" in request.GET:
            entry = _clicked(page, request.GET)
        elif request.GET.get("from") == "plan" and (planned := page.plan_entry()) is not None:
            entry = Entry.checked(page, planned, from_plan=True)
        else:
            entry = Entry.checked(page, page.stored_entry())
    except IslandsError as exc:  # the game is not set up (no board, no harbors)
        return _not_ready(request, model_admin, page, exc)
    return _entry_page(request, model_admin, page, entry)


def _save(request: HtmxHttpRequest, model_admin: Any, round_id: int, team_id: int) -> HttpResponse:
    """Store the posted orders (``plans.plan_orders_entered``, outside any read: it writes). What
    was posted is checked first; when the orders are not stored, the page shows why, read afresh:
    the round may have been resolved meanwhile."""
    with consistent_reads():
        page = OrdersPage.read(round_id, team_id)
        check_perm(request)
        if page.round.status != RoundStatus.ORDERS_OPEN:
            messages.error(request, _("The orders can no longer be changed: the round is not open."))
            return HttpResponseRedirect(page.url)
        try:
            entry = Entry.checked(page, page.read_form(request.POST), fragment="check")
        except IslandsError as exc:  # the game is not set up (no board, no harbors)
            return rendered_consistently(partial(_not_ready, request, model_admin, page, exc))
    if not entry.form_problems and _store(request, page, entry):
        messages.success(request, _("The orders of %(team)s are stored.") % {"team": page.team.name})
        return HttpResponseRedirect(url("page", page.round.pk))
    return rendered_consistently(lambda: _not_stored(request, model_admin, round_id, team_id, entry))


def _not_stored(
    request: HtmxHttpRequest, model_admin: Any, round_id: int, team_id: int, entry: Entry
) -> HttpResponse:
    """The page of orders that were not stored, with why; if the round is no longer open (it was
    resolved while the orders were typed), that as a message over the page as it is now."""
    page = OrdersPage.read(round_id, team_id)
    if page.round.status != RoundStatus.ORDERS_OPEN:
        messages.error(request, _("The orders can no longer be changed: the round is not open."))
        return HttpResponseRedirect(page.url)
    entry.check = page.check(entry.form.sheet)  # of the rows the page shows now
    return _entry_page(request, model_admin, page, entry)


def _not_ready(
    request: HtmxHttpRequest, model_admin: Any, page: OrdersPage, exc: IslandsError
) -> HttpResponse:
    """Why the orders cannot be typed yet (the game is not set up)."""
    context = {"round": page.round, "camp": page.round.camp, "team": page.team, "here": page.team.name}
    context["not_ready"] = exc.messages
    return render_page(request, model_admin, TEMPLATE, title=page.title, context=context, fragment=None)


def _store(request: HtmxHttpRequest, page: OrdersPage, entry: Entry) -> bool:
    """Store the posted orders; False, with what the page must show, if they were not stored."""
    entry.submitted = True
    form = entry.form
    try:
        plan_services.plan_orders_entered(
            round=page.round, team=page.team, sheet=form.sheet, user=request.user, version=form.version
        )
    except OrdersStale as exc:
        entry.stale = {"message": exc.messages[0], **stale_orders(exc.stored, page.alphabet)}
        # The next save replaces them: it is made knowing what is stored.
        entry.form = replace(form, version=exc.stored.version)
    except OrdersInvalid as exc:
        entry.saved_problems = list(exc.problems)
    except IslandsError as exc:
        entry.form_problems.extend(exc.messages)
    else:
        return True
    return False


def _clicked(page: OrdersPage, query: QueryDict) -> Entry:
    """A click on the map (``?hex=``), with the form's values (or, without them, the stored
    orders): the form changed by the click, checked again."""
    has_fields = any(k.startswith("route-") or k == "mode" for k in query)
    entry = Entry.checked(page, page.read_form(query) if has_fields else page.stored_entry())
    if page.round.status == RoundStatus.ORDERS_OPEN:
        entry.form, entry.check, entry.click_message = map_click(
            entry.form, entry.check, query.get("hex", ""), side=page.round.camp.board_side, checker=page.check
        )
    return entry


def _entry_page(request: HtmxHttpRequest, model_admin: Any, page: OrdersPage, entry: Entry) -> HttpResponse:
    """The page of orders being typed: the fields, the ships, the check and the map."""
    form, editable = entry.form, page.round.status == RoundStatus.ORDERS_OPEN
    drawn = page.drawable(form.sheet, entry.check)
    context = {
        "round": page.round,
        "camp": page.round.camp,
        "team": page.team,
        "here": page.team.name,
        "colour": style.safe_colour(page.team.colour),
        "form": form,
        "sheet": form.sheet,
        "ships": ship_rows(entry.check.team_state, geometry(page.round.camp.board_side)),
        "editable": editable,
        "submitted": entry.submitted,
        "stale": entry.stale,
        "live": bool(request.htmx),
        "page_url": page.url,
        "click_message": entry.click_message,
        "check": check_summary(entry.check, drawn, problems=_problems(entry)),
        "stored": page.stored is not None,
        # The team's own plan, on its own page only, above the form (no htmx partial shows it).
        "team_plan": team_plan_entry(page.round, page.plan(), page.alphabet)
        if editable and not request.htmx
        else None,
        "from_plan": entry.from_plan,
        **fields(page.idents, page.modes, form.sheet, colour=style.safe_colour(page.team.colour)),
        **orders_map(
            page.round, page.team, form, drawn, clickable=editable and bool(page.modes), page_url=page.url
        ),
    }
    return render_page(
        request, model_admin, TEMPLATE, title=page.title, context=context, fragment=entry.fragment
    )


def _played_orders_page(request: HtmxHttpRequest, model_admin: Any, page: OrdersPage) -> HttpResponse:
    """A resolved or closed round's orders of one team, read-only: the stored orders as text, the
    team's ships and the map as they were *before* the round, the routes drawn from there (htmx:
    the ``editor`` partial; ``?show_hidden=1`` the staff map). Nothing on it can be changed."""
    round_, team = page.round, page.team
    show_hidden = bool(request.GET.get("show_hidden"))
    played = islands_orders.played_orders(round=round_, team=team)
    context: dict[str, Any] = {
        "round": round_,
        "camp": round_.camp,
        "team": team,
        "here": team.name,
        "colour": style.safe_colour(team.colour),
        "played": True,
        "editable": False,
        "stored": played.sheet is not None,
        "page_url": page.url,
        "show_hidden": show_hidden,
        "check": {"ap": islands_orders.team_ap(round_, team)},  # the page's header line reads it
        **COSTS,
        **played_map(round_.camp, team, played, show_hidden=show_hidden),
    }
    if played.sheet is not None:
        context["orders_text"] = played_text(played.sheet, style.safe_colour(team.colour))
    return render_page(request, model_admin, TEMPLATE, title=page.title, context=context, fragment="editor")


def _problems(entry: Entry) -> list[str]:
    """Every problem the page lists, each once: the form's own, the check's, the save's."""
    found = [*entry.form_problems, *(p.message for p in entry.check.problems)]
    return list(dict.fromkeys([*found, *(p.message for p in entry.saved_problems)]))
