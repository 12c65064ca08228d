"""The score calculator for a game played on the real board: staff type every player's crates,
bills, seals, goal and gold; the results show live (htmx) and "save" records the placements.

On a game played in the app the page says so: the game has its own result (the ranking the teams'
phones and the table show), and saving replaces the placements only with the box "Yes, replace the
result of the game in the app" ticked; without it the refusal is shown next to the box and nothing
changes."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest, render_admin_page
from camp.services import PlacementsError
from games.batavia import selectors, services
from games.batavia.engine.components import COMPANIES, GOODS
from games.batavia.engine.state import BILLS
from games.batavia.errors import BataviaServiceError
from games.batavia.forms import REPLACE_FIELD, CalculatorForm
from games.batavia.models import SessionMode
from games.batavia.pages.shared import placements_summary, session_for_page
from games.batavia.words import GOOD_NAMES, companies, goods


def calculator_page(request: HtmxHttpRequest, pk: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    session = session_for_page(request, pk, model_admin=model_admin)
    seats = selectors.session_seats(session)
    source: Any = request.POST if request.method == "POST" else session.calculator
    form = CalculatorForm(source, names=[s.team.name for s in seats])
    rows = form.rows
    players = form.cleaned_data["players"] if form.is_valid() else None
    problems = form.problems
    results = []
    warning = ""
    replace_refused = ""
    if players is not None:
        scores, places = services.calculator_scores(players)
        results = sorted(
            (
                {"place": place, "seat": seat, "score": score}
                for seat, score, place in zip(seats, scores, places, strict=True)
            ),
            key=_by_place,
        )
        total_bills = sum(p.bills for p in players)
        if total_bills != BILLS * len(players):
            warning = _(
                "The bills add up to %(n)d, but %(players)d players hold %(expected)d together: count again?"
            ) % {"n": total_bills, "players": len(players), "expected": BILLS * len(players)}
        if request.method == "POST" and not request.htmx and "save" in request.POST:
            if not model_admin.has_change_permission(request, session):
                raise PermissionDenied
            try:
                ranks = services.calculator_save(
                    session=session,
                    players=players,
                    raw=form.typed(),
                    replace_app_result=form.replace_app_result,
                )
            except BataviaServiceError as error:
                if error.code == "played_in_app":
                    replace_refused = error.text  # shown next to the box
                else:
                    problems = [error.text]
            except PlacementsError as error:
                problems = [p.message for p in error.problems]
            else:
                summary = placements_summary(ranks, {s.team_id: s.team.name for s in seats})
                messages.success(request, _("Placements recorded: %(summary)s.") % {"summary": summary})
                return HttpResponseRedirect(reverse("admin:batavia_bataviasession_calculator", args=[pk]))
    table = [
        {
            "seat": seat,
            "row": row,
            "crates": [(g, GOOD_NAMES[g], n) for g, n in zip(GOODS, row.crates, strict=True)],
        }
        for seat, row in zip(seats, rows, strict=True)
    ]
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/batavia/calculator.html",
        title=_("Batavia – %(round)s – score calculator") % {"round": session.minigame.round},
        obj=session,
        context={
            "session": session,
            "round": session.minigame.round,
            "table": table,
            "goods": goods(),
            "companies": companies(),
            "seal_holders": {
                c: next((str(i) for i, r in enumerate(rows) if c in r.seals), "") for c in COMPANIES
            },
            "goal_holder": next((str(i) for i, r in enumerate(rows) if r.goal), ""),
            "results": results,
            "problems": problems,
            "warning": warning,
            "played_in_app": session.mode == SessionMode.DIGITAL,
            "replace_field": REPLACE_FIELD,
            "replace_refused": replace_refused,
            "submitted": request.method == "POST",
            "live": bool(request.htmx),
        },
        fragment="results",
    )


def _by_place(row: dict[str, Any]) -> tuple[int, int]:
    """The results by place, a tie by seat."""
    return row["place"], row["seat"].number
