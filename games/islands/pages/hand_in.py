"""A team's plan as staff's pages show it: the round page's hand-in panel (a row per team) and the
team's order page (its own plan only) build each plan's entry here, and show its buttons with one
template, ``islands/_plan_actions.html`` ("Schválit" and "Vrátit" with a note, posted to the round
page's views)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from camp.models import Round
from games.islands.engine.notation import Alphabet
from games.islands.maps import style
from games.islands.models.plans import PlanState, TeamPlan
from games.islands.orders import OrderSheet
from games.islands.pages.links import url
from games.islands.pages.orders_map import played_text
from games.islands.selectors.plans import PlanRow

#: The plan's own states whose sheet staff may read (paper has none on screen; an approved one is
#: the stored orders).
SHEET_STATES = (PlanState.DRAFT, PlanState.RETURNED, PlanState.HANDED_IN)
#: The states saving orders on the order page settles (``plans.plan_orders_entered``).
WAITING_STATES = (PlanState.HANDED_IN, PlanState.PAPER)


def plan_sheet(plan: TeamPlan, alphabet: Alphabet) -> OrderSheet:
    """The plan's sheet in the camp's letters (a draft with a typo in other letters: as written)."""
    sheet = OrderSheet.from_plan(plan)
    try:
        return sheet.written_in(alphabet)
    except ValueError:
        return sheet


def plan_entry(round_: Round, row: PlanRow, alphabet: Alphabet, due: datetime | None) -> dict[str, Any]:
    """One team's plan: its row (state, time, note), colour, order page, whether the hand-in may be
    reopened for it, and for a plan handed in on screen what "Schválit" would store, as text."""
    colour = style.safe_colour(row.team.colour)
    handed_in = row.plan if row.state == PlanState.HANDED_IN else None
    return {
        "row": row,
        "colour": colour,
        "url": url("orders", round_.pk, row.team.pk),
        # Only a team that may still write wants the hand-in reopened.
        "reopenable": row.closed(due)
        and row.state not in (PlanState.HANDED_IN, PlanState.PAPER, PlanState.APPROVED),
        # What "Schválit" would store, to read before pressing it (staff only, like the pages).
        "sheet": played_text(plan_sheet(handed_in, alphabet), colour) if handed_in is not None else None,
    }


def team_plan_entry(round_: Round, row: PlanRow, alphabet: Alphabet) -> dict[str, Any] | None:
    """The team's plan as its order page shows it (None: the team has none): the entry, the plan's
    own state (a draft the team wrote after staff typed its orders reads "entered by staff" on the
    row) and its sheet as text whenever the team wrote one (a draft or a returned plan too)."""
    plan = row.plan
    if plan is None or plan.state == PlanState.NONE:
        return None
    entry = plan_entry(round_, row, alphabet, None)
    if plan.state in SHEET_STATES:
        entry["sheet"] = played_text(plan_sheet(plan, alphabet), entry["colour"])
    entry["plan_state"] = plan.state
    # Only a plan handed in waits for staff; saving the orders settles it.
    entry["waiting"] = row.state in WAITING_STATES
    entry["draft"] = plan.state in (PlanState.DRAFT, PlanState.RETURNED)
    return entry
