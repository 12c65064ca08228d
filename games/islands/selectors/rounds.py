"""Where a round stands: its result and telescope choices, whether it may be undone, its overview
(the teams' orders, what keeps it from being resolved) and its preview (resolved in memory,
nothing stored)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from django.db.models import Q
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.caches.request_memo import remembered
from camp.models import OPENED_STATUSES, Placement, Round, RoundStatus, Team
from games.islands.engine import events as ee
from games.islands.engine import state as es
from games.islands.engine.notation import who_parts
from games.islands.engine.orders import Orders
from games.islands.engine.resolve import resolve_trusted
from games.islands.errors import IslandsError, OrdersProblem
from games.islands.game_state import (
    StateUnavailable,
    fixed_draws,
    game_state,
    state_in_priority,
)
from games.islands.maps.visibility import MapView
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders, TelescopeChoice
from games.islands.orders import OrdersWarning, round_warnings, stored_orders
from games.islands.selectors.maps import map_view_of_state, team_looks


def round_result(round: Round) -> RoundResult | None:  # noqa: A002
    return RoundResult.objects.filter(round=round).first()


def team_pending_telescopes(result: RoundResult | None, team: Team) -> list[TelescopePending]:
    """The telescope choices of ``result`` still to make by ``team``'s ships (its own only)."""
    if result is None:
        return []
    choices = TelescopeChoice.objects.filter(result=result)
    return [t for t in _telescopes(result, choices) if t.open and t.team == team.name]


def team_telescopes(result: RoundResult | None, team: Team) -> list[TelescopePending]:
    """Every telescope choice of ``result`` that is ``team``'s (open, chosen or skipped; its own only)."""
    if result is None:
        return []
    choices = TelescopeChoice.objects.filter(result=result)
    return [t for t in _telescopes(result, choices) if t.team == team.name]


def later_opened_round(round: Round) -> Round | None:  # noqa: A002
    """The first later round of the camp that has been opened (its orders open, or resolved), or
    None. While there is one, ``round`` can no longer be undone."""
    return (
        Round.objects.filter(camp_id=round.camp_id, number__gt=round.number)
        .filter(Q(status__in=OPENED_STATUSES) | Q(islands__isnull=False))
        .order_by("number")
        .first()
    )


def round_undoable(round: Round) -> bool:  # noqa: A002
    """Whether the staff pages offer undo: exactly when ``services.rounds.round_undo`` allows it (the round
    is resolved, not closed, and no later round has been opened)."""
    return round.status == RoundStatus.RESOLVED and later_opened_round(round) is None


@dataclass(frozen=True)
class TeamRoundRow:
    """One team in a round: its AP, its stored orders (None: none yet) and, while the round is open
    for orders, why those no longer pass the check against the current state and AP (e.g. the
    placements were recorded again): the problems' messages without the team's name."""

    team: Team
    ap: int
    orders: TeamOrders | None
    problems: tuple[str, ...] = ()

    @property
    def stale(self) -> bool:
        return bool(self.problems)

    @property
    def has_orders(self) -> bool:
        return self.orders is not None


@dataclass(frozen=True)
class TelescopePending:
    """One telescope choice of a resolved round: ``key`` (``red.C1``, ``red.C1#2``), who, and the
    hex chosen (``""`` skipped, None not entered yet)."""

    key: str
    team: str
    ship: str
    chosen: str | None

    @property
    def open(self) -> bool:
        return self.chosen is None


@dataclass(frozen=True)
class RoundOverview:
    round: Round
    status: str
    opened: bool
    teams: list[TeamRoundRow]
    result: RoundResult | None
    telescopes: list[TelescopePending]
    #: Why the round cannot be resolved now (translated); empty when it can.
    blockers: list[str]

    @property
    def resolvable(self) -> bool:
        return not self.blockers

    @property
    def teams_without_orders(self) -> list[Team]:
        return [row.team for row in self.teams if row.orders is None]

    @property
    def pending_telescopes(self) -> list[TelescopePending]:
        return [t for t in self.telescopes if t.open]

    @property
    def closable(self) -> bool:
        return self.status == RoundStatus.RESOLVED and not self.pending_telescopes


def _telescopes(result: RoundResult | None, choices: Iterable[TelescopeChoice]) -> list[TelescopePending]:
    if result is None:
        return []
    chosen = {c.ship: c.hex for c in choices}
    out = []
    for key in ee.telescope_keys(result.pending_telescopes):
        team, ship = who_parts(ee.telescope_ship(key))
        out.append(TelescopePending(key=key, team=team, ship=ship, chosen=chosen.get(key)))
    return out


def round_overview(round: Round) -> RoundOverview:  # noqa: A002
    """Where a round stands: status, which teams have orders, whether it can be resolved, pending
    telescope choices. A constant number of queries, however many rounds the camp has."""
    round = Round.objects.select_related("camp").get(pk=round.pk)  # noqa: A001
    teams = list(Team.objects.filter(camp_id=round.camp_id).order_by("order", "name", "id"))
    ap = dict(Placement.objects.filter(round=round).values_list("team_id", "ap"))
    orders = {o.team_id: o for o in TeamOrders.objects.filter(round=round).select_related("updated_by")}
    result = RoundResult.objects.filter(round=round).first()
    choices = list(TelescopeChoice.objects.filter(result=result)) if result is not None else []
    opened = IslandsRound.objects.filter(round=round).exists()
    blockers: list[str] = []
    problems: dict[str, list[OrdersProblem]] = {}
    if round.status != RoundStatus.ORDERS_OPEN:
        blockers.append(
            _("Round %(number)d is %(status)s.")
            % {"number": round.number, "status": RoundStatus(round.status).label}
        )
    else:  # the same check as the preview and the resolution: stored orders gone stale show here
        try:
            state = game_state(round.camp, round=round)
            _orders, problems, _missing = stored_orders(round, state)
            blockers.extend(p.message for team_problems in problems.values() for p in team_problems)
        except (StateUnavailable, IslandsError) as e:  # pragma: no cover - an opened round has a state
            blockers.append(str(e))
    return RoundOverview(
        round=round,
        status=round.status,
        opened=opened,
        teams=[
            TeamRoundRow(
                team=t,
                ap=int(ap.get(t.pk, 0)),
                orders=orders.get(t.pk),
                problems=tuple(p.team_message for p in problems.get(t.name, [])),
            )
            for t in teams
        ],
        result=result,
        telescopes=_telescopes(result, choices),
        blockers=blockers,
    )


def team_orders(round: Round, team: Team) -> TeamOrders | None:  # noqa: A002
    return TeamOrders.objects.filter(round=round, team=team).first()


@dataclass(frozen=True)
class RoundPreviewData:
    """A round resolved in memory (nothing stored) with the orders stored so far.

    Teams whose stored orders no longer pass (their AP changed) are in ``problems`` and are
    previewed as if they had handed in nothing; ``missing`` teams handed in nothing.
    """

    round: Round
    state: es.GameState
    orders: dict[str, Orders]
    problems: dict[str, list[OrdersProblem]]
    missing: list[str]
    result: ee.RoundResult
    map: MapView
    warnings: dict[str, tuple[OrdersWarning, ...]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        return not self.problems


def round_preview(*, round: Round) -> RoundPreviewData:  # noqa: A002
    """Resolve the round in memory with the orders stored so far; nothing is stored.

    Resolved once per version of the camp run's game and of the round's stored orders (each save
    of a team's orders gives them a new ``version``): the preview page and its reloads share it."""
    if round.status != RoundStatus.ORDERS_OPEN:
        raise IslandsError(
            _("Only a round open for orders can be previewed (round %(number)d is %(status)s).")
            % {"number": round.number, "status": RoundStatus(round.status).label},
            code="not_open",
        )
    stored = tuple(
        TeamOrders.objects.filter(round=round)
        .order_by("team_id")
        .values_list("team_id", "pk", "version", "updated_at")
    )
    preview = remembered(
        round.camp_id,
        ("islands-preview", round.pk, stored, get_language()),  # its problems are in words
        lambda: _round_preview(round),
        shared=True,
    )
    return preview if preview.round is round else replace(preview, round=round)


def _round_preview(round: Round) -> RoundPreviewData:  # noqa: A002
    state = state_in_priority(round)
    orders, problems, missing = stored_orders(round, state)
    usable = {name: (Orders(ap=o.ap) if name in problems else o) for name, o in orders.items()}
    result = resolve_trusted(state, usable, fixed_draws(round))
    looks = team_looks(round.camp_id)
    return RoundPreviewData(
        round=round,
        state=state,
        orders=orders,
        problems=problems,
        missing=missing,
        result=result,
        map=map_view_of_state(result.state, looks, staff=True),
        warnings=round_warnings(state, orders, problems, missing),
    )
