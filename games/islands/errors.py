"""The one error family of the Golden Islands app: what staff asked for that the game does not allow.

Every refusal is an :class:`IslandsError` (the project's :class:`camp.errors.Refusal`, a
``ValidationError``); a page shows its ``messages``
(translated, each a full sentence) as they are. Nothing is stored when one is raised.
:class:`OrdersInvalid` is the one for a team's orders: ``problems`` say where each problem sits
(field, ship, step) for a page that marks them, ``messages`` are the same problems as text.
:class:`OrdersStale` says someone else stored the team's orders meanwhile (``stored``: theirs).
Two more kinds live beside the code that raises them: ``game_state.StateUnavailable`` (the rows
make no engine state yet) and ``printing.data.SheetsUnavailable`` (no sheet from this round).

The engine's errors (``LabelError``, ``ScenarioError``, …) are ``ValueError`` subclasses: the engine is pure.
A service that turns one into words for staff raises an :class:`IslandsError` in its place.
``tests/test_error_families.py`` checks that every exception class of the app is one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from camp.errors import Refusal
from games.islands.models.plans import TeamPlan
from games.islands.models.rounds import TeamOrders


class IslandsError(Refusal):
    """Something staff asked for that the game does not allow; the message says why, translated."""


@dataclass(frozen=True)
class OrdersProblem:
    """One problem of a team's orders, translated: ``message`` is what staff read.

    ``field`` is ``build_cargo``, ``build_battleship``, ``build``, ``routes``, ``harbor``, ``fire``,
    ``ap`` or ``team``; ``ship`` and ``step`` say where when known. ``team`` is set for problems of
    stored orders (resolve, preview), where the message starts with the team's name; ``detail`` is
    then the message without it, for a page that names the team itself (:attr:`team_message`).
    """

    message: str
    field: str
    code: str
    ship: str | None = None
    step: int | None = None
    team: str | None = None
    detail: str = ""

    def __str__(self) -> str:
        return self.message

    @property
    def team_message(self) -> str:
        """The message without the team's name ("Loď C1: …"), for a row that shows the team."""
        return self.detail or self.message


class OrdersInvalid(IslandsError):
    """Orders with problems; ``problems`` lists every one (nothing was stored)."""

    def __init__(self, problems: Sequence[OrdersProblem]) -> None:
        self.problems = list(problems)
        super().__init__([p.message for p in self.problems], code="orders_invalid")


class OrdersStale(IslandsError):
    """Someone stored this team's orders after the page was loaded (``stored``: what they stored);
    nothing was stored."""

    def __init__(self, stored: TeamOrders) -> None:
        self.stored = stored
        super().__init__(
            _("Someone else stored orders for this team after this page was loaded; nothing was stored."),
            code="stale",
        )


class PlanStale(IslandsError):
    """The team's plan was written (another phone, staff) after the page was loaded (``stored``:
    the plan as it is now); nothing was stored."""

    def __init__(self, stored: TeamPlan) -> None:
        self.stored = stored
        super().__init__(
            _(
                "This plan was changed elsewhere (another phone or staff) after this page was loaded;"
                " nothing was saved. Here is the plan as it is now."
            ),
            code="plan_stale",
        )


class PlanAlreadyStored(IslandsError):
    """The press was sent again (a phone that lost its connection before the answer came) and the
    plan as stored already holds this very sheet in the state pressed (``stored``): nothing was
    stored twice. The team's page answers it as done."""

    def __init__(self, stored: TeamPlan, *, handed_in: bool) -> None:
        self.stored = stored
        message = (
            _("This plan had already reached the leaders: it is stored once, nothing was sent twice.")
            if handed_in
            else _("This draft had already been saved: it is stored once, nothing was saved twice.")
        )
        super().__init__(message, code="already_stored")


class PaperCodeRefused(IslandsError):
    """A paper plan's code that opens nothing (:func:`games.islands.paper.paper_lookup`); the
    message names the problem. Nothing was opened or recorded."""


class PaperCodeTypo(PaperCodeRefused):
    """The text is not a code as printed: a letter misread, missing or two swapped."""


class PaperCodeForeign(PaperCodeRefused):
    """A well-formed code that is not of a camp run of this laptop (another camp run's or another
    installation's sheet)."""


class PaperRoundNotOpen(PaperCodeRefused):
    """A code of this laptop for a round that is not open for orders (not yet, or any more)."""
