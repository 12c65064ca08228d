"""Writes of the camp app: keyword-only functions named ``<thing>_<action>``, each one transaction.

Errors are :class:`camp.errors.CampError` (a ``ValidationError``) with translated messages that a
view can show as they are. Where two staff members could race (two browser tabs on one laptop,
or two laptops), the round row is locked with ``select_for_update`` and its state read again inside
the transaction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date as date_type
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.errors import CampError
from camp.hooks.guards import MINIGAME_KIND_GUARD, TEAM_ADD_GUARD
from camp.models import (
    MAX_TEAMS,
    PLACEMENTS_EDITABLE_STATUSES,
    ROUND_STATUS_ORDER,
    ROUND_STATUS_UNDO,
    Camp,
    MiniGame,
    PhoneAddress,
    Placement,
    Round,
    RoundStatus,
    Team,
)
from camp.selectors import ap_for_rank, competition_ranking_gaps

# ---------------------------------------------------------------------------------------- errors


@dataclass(frozen=True)
class Problem:
    """One thing wrong with submitted data: a translated message, and the team it concerns if any."""

    message: str
    code: str
    team_id: int | None = None


class PlacementsError(CampError):
    """Placements were not recorded; ``problems`` lists every reason (each naming its team)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        super().__init__([ValidationError(p.message, code=p.code) for p in self.problems])


class RoundStatusError(CampError):
    """A round status change that the round's life does not allow."""


# ------------------------------------------------------------------------------------ camp, team


@transaction.atomic
def camp_create(
    *,
    name: str,
    year: int,
    run_number: int = 1,
    board_side: int | None = None,
    ap_table: list[int] | None = None,
) -> Camp:
    """Create a camp run; its random seed is drawn now and fixed for good."""
    camp = Camp(name=name, year=year, run_number=run_number)
    if board_side is not None:
        camp.board_side = board_side
    if ap_table is not None:
        camp.ap_table = list(ap_table)
    camp.full_clean()
    camp.save()
    return camp


def too_many_teams_message() -> str:
    return ngettext(
        "A camp run has at most %(max)d team.", "A camp run has at most %(max)d teams.", MAX_TEAMS
    ) % {"max": MAX_TEAMS}


@transaction.atomic
def team_create(
    *, camp: Camp, name: str, colour: str, order: int | None = None, label: str = "", shape: str = ""
) -> Team:
    """Add a team to a camp run; without ``order`` it takes the next seat, without ``label`` or
    ``shape`` the default mark no other team of the camp run has.

    Refused (:class:`CampError`, code ``team_add_locked``, nothing stored) when a game registered
    in :data:`TEAM_ADD_GUARD` says the camp run takes no new team, and (code ``too_many_teams``) when
    it has :data:`~camp.models.MAX_TEAMS` already. The camp row is locked first, as
    the games' set-up services do, so a game cannot start between the check and the insert.
    """
    camp = Camp.objects.select_for_update().get(pk=camp.pk)
    if reason := TEAM_ADD_GUARD.reason(camp):
        raise CampError(reason, code="team_add_locked")
    if Team.objects.filter(camp=camp).count() >= MAX_TEAMS:
        raise CampError(too_many_teams_message(), code="too_many_teams")
    if order is None:
        order = (Team.objects.filter(camp=camp).aggregate(m=Max("order"))["m"] or 0) + 1
    team = Team(
        camp=camp,
        name=name.strip(),
        colour=colour.strip().lower(),
        order=order,
        label=label.strip().upper(),
        shape=shape,
    )
    team.fill_mark()
    team.full_clean()
    team.save()
    return team


# ----------------------------------------------------------------------------------------- rounds


@transaction.atomic
def round_create(*, camp: Camp, date: date_type | None = None) -> Round:
    """Add the camp's next round (number = highest so far + 1), status planned."""
    Camp.objects.select_for_update().filter(pk=camp.pk).first()  # serialise numbering per camp
    number = (Round.objects.filter(camp=camp).aggregate(m=Max("number"))["m"] or 0) + 1
    round_ = Round(camp=camp, number=number, date=date)
    round_.full_clean()
    round_.save()
    return round_


def _lock_round(round_: Round) -> Round:
    """The round's row, locked until the end of the transaction, with its current status."""
    return Round.objects.select_for_update().select_related("camp").get(pk=round_.pk)


@transaction.atomic
def round_set_status(*, round: Round, to: str, allow_undo: bool = False) -> Round:  # noqa: A002
    """Move a round to status ``to``: one step forward, or (with ``allow_undo``) resolved → orders open.

    The caller's instance gets the new status too. Raises :class:`RoundStatusError` otherwise,
    including when the round already has that status (someone else was quicker).
    """
    if to not in ROUND_STATUS_ORDER:
        raise RoundStatusError(
            _("Unknown round status “%(status)s”.") % {"status": to}, code="unknown_status"
        )
    locked = _lock_round(round)
    current = locked.status
    index = ROUND_STATUS_ORDER.index(current)
    forward = index + 1 < len(ROUND_STATUS_ORDER) and ROUND_STATUS_ORDER[index + 1] == to
    undo = allow_undo and ROUND_STATUS_UNDO.get(current) == to
    if not (forward or undo):
        raise RoundStatusError(
            _("Round %(number)d cannot go from “%(current)s” to “%(to)s”.")
            % {
                "number": locked.number,
                "current": RoundStatus(current).label,
                "to": RoundStatus(to).label,
            },
            code="bad_transition",
        )
    locked.status = to
    locked.save(update_fields=["status"])
    round.status = to
    return round


# ------------------------------------------------------------------------------------- mini-game


@transaction.atomic
def minigame_record(*, round: Round, name: str, kind: str, notes: str = "") -> MiniGame:  # noqa: A002
    """Record (or correct) the round's mini-game. Refused once the round is closed."""
    locked = _lock_round(round)
    if locked.status == RoundStatus.CLOSED:
        raise CampError(
            _("Round %(number)d is closed; its mini-game cannot be changed.") % {"number": locked.number},
            code="round_closed",
        )
    minigame = MiniGame.objects.filter(round=locked).first() or MiniGame(round=locked)
    if minigame.pk is not None and minigame.kind != kind:
        if reason := MINIGAME_KIND_GUARD.reason(minigame, kind):
            raise CampError(reason, code="minigame_kind_locked")
    minigame.name = name.strip()
    minigame.kind = kind
    minigame.notes = notes
    minigame.full_clean()
    minigame.save()
    return minigame


# ------------------------------------------------------------------------------------ placements

#: Each team's place by team id (``None``: did not play): a mapping, or pairs (so that a team given
#: twice can be reported).
PlacementRanks = Mapping[int, int | None] | Sequence[tuple[int, int | None]]

# A place is stored in a small integer column; no camp has anywhere near this many teams.
MAX_RANK = 32767


def _shown(value: Any, limit: int = 20) -> str:
    """What was typed, as typed: shortened with "…" only when longer than ``limit`` characters."""
    text = str(value)
    return text if len(text) <= limit else text[:limit] + "…"


def placement_rank_problem(*, team: str, team_id: int, entered: object, too_large: bool) -> Problem:
    """A place that is none: not a whole number of at least 1, or (``too_large``) above
    :data:`MAX_RANK`. ``entered`` is shown as it was given (the placements form's text, or a number)."""
    if too_large:
        message = _("%(team)s: the place is too large (entered: “%(rank)s”).")
    else:
        message = _("%(team)s: the place must be a whole number, 1 or more (entered: “%(rank)s”).")
    return Problem(message % {"team": team, "rank": _shown(entered)}, "bad_rank", team_id)


def placements_locked_message(round: Round) -> str:  # noqa: A002
    """Why the placements of ``round`` (resolved or closed) can no longer be changed, translated.

    Only a resolved round can go back (undoing its resolution); a closed round never does, so its
    message gives no advice that cannot be followed."""
    if round.status == RoundStatus.CLOSED:
        message = _("Round %(number)d is closed: its placements can no longer be changed.")
    else:
        message = _(
            "Round %(number)d is already %(status)s, so its placements cannot be changed. "
            "Undo the resolution first."
        )
    return message % {"number": round.number, "status": RoundStatus(round.status).label}


def placements_check(
    *,
    round: Round,  # noqa: A002
    ranks: PlacementRanks,
) -> tuple[list[Problem], dict[int, int | None]]:
    """Check placements for ``round`` without writing anything.

    ``ranks`` maps a team's id to its rank, or to ``None`` when it did not play; it may also be a
    list of such pairs (so a team given twice can be reported). Rules: every team of the round's
    camp at most once; ranks from 1 to :data:`MAX_RANK` forming a *competition ranking* (ties
    share a place and skip the following ones: 1, 1, 3 or 1, 2, 2, 4, never 1, 3 or a lone 2);
    at least one team ranked; the round not yet resolved. Teams missing from ``ranks`` did not play.

    Returns ``(problems, ranks_by_team_id)``; the problems name their team and are translated.
    """
    problems: list[Problem] = []
    pairs = list(ranks.items()) if isinstance(ranks, Mapping) else list(ranks)

    if round.status not in PLACEMENTS_EDITABLE_STATUSES:
        problems.append(Problem(placements_locked_message(round), "round_locked"))

    ids = {tid for tid, _rank in pairs}
    teams = {t.pk: t for t in Team.objects.filter(pk__in=ids).select_related("camp")}

    accepted: dict[int, int | None] = {}
    seen: set[int] = set()
    for tid, rank in pairs:
        if problem := _entered_team_problem(round, teams.get(tid), tid, seen=seen):
            problems.append(problem)
            continue
        seen.add(tid)
        if rank is not None and not 1 <= rank <= MAX_RANK:
            too_large = rank > MAX_RANK
            problems.append(
                placement_rank_problem(team=teams[tid].name, team_id=tid, entered=rank, too_large=too_large)
            )
            continue
        accepted[tid] = rank

    ranked = {tid: r for tid, r in accepted.items() if r is not None}
    # Gaps caused by an entry that could not be used would only confuse: check the order only when
    # every rank is a valid number of a team of this camp (a duplicate's first entry counts).
    entries_ok = not any(p.code in {"bad_rank", "other_camp", "unknown_team"} for p in problems)
    if entries_ok:
        problems += _rank_gap_problems(ranked, teams)
    if entries_ok and not ranked:
        problems.append(Problem(_("Enter the place of at least one team."), "no_placement"))
    return problems, accepted


def _entered_team_problem(round_: Round, team: Team | None, tid: int, *, seen: set[int]) -> Problem | None:
    """What is wrong with an entry's team no. ``tid`` (found as ``team``), if anything: unknown, of
    another camp run, or given before (in ``seen``)."""
    if team is None:
        return Problem(_("There is no team no. %(id)d.") % {"id": tid}, "unknown_team", tid)
    if team.camp_id != round_.camp_id:
        return Problem(
            _("%(team)s: this team belongs to another camp run (%(camp)s).")
            % {"team": team.name, "camp": team.camp},
            "other_camp",
            tid,
        )
    if tid in seen:
        return Problem(
            _("%(team)s: the team is entered more than once.") % {"team": team.name}, "duplicate", tid
        )
    return None


def _rank_gap_problems(ranked: dict[int, int], teams: Mapping[int, Team]) -> list[Problem]:
    """The places that break the competition ranking (1, 1, 3), by place and name."""
    problems = []
    gaps = competition_ranking_gaps(ranked)
    for tid, rank, expected in sorted(gaps, key=lambda gap: (gap[1], teams[gap[0]].name)):
        better = expected - 1
        problems.append(
            Problem(
                ngettext(
                    "%(team)s: place %(rank)d is not possible: %(better)d team is placed better, "
                    "so the next place is %(expected)d.",
                    "%(team)s: place %(rank)d is not possible: %(better)d teams are placed better, "
                    "so the next place is %(expected)d.",
                    better,
                )
                % {"team": teams[tid].name, "rank": rank, "better": better, "expected": expected},
                "rank_gap",
                tid,
            )
        )
    return problems


@transaction.atomic
def placements_record(*, round: Round, ranks: PlacementRanks) -> list[Placement]:  # noqa: A002
    """Record all placements of ``round`` at once, replacing any recorded before.

    Everything is checked first (see :func:`placements_check`); on any problem
    :class:`PlacementsError` carries all of them and nothing is stored. Each placement stores the
    AP of its rank by the camp's *current* AP table. A planned round moves to "placements recorded";
    later statuses stay as they are. Allowed until the round is resolved (mistakes are often found
    when the order sheets are handed out); the islands app checks orders against the round's AP
    again when it resolves the round.
    """
    locked = _lock_round(round)
    problems, accepted = placements_check(round=locked, ranks=ranks)
    if problems:
        raise PlacementsError(problems)
    ap_table = locked.camp.ap_table
    Placement.objects.filter(round=locked).delete()
    placements = Placement.objects.bulk_create(
        Placement(round=locked, team_id=tid, rank=rank, ap=ap_for_rank(ap_table, rank))
        for tid, rank in accepted.items()
        if rank is not None
    )
    if locked.status == RoundStatus.PLANNED:
        locked.status = RoundStatus.MINIGAME_RECORDED
        locked.save(update_fields=["status"])
    round.status = locked.status
    return sorted(placements, key=lambda p: (p.rank, p.team_id))


# ------------------------------------------------------------------------------ the phones' address


class PhoneAddressError(CampError):
    """The address was not chosen: the laptop does not have it (the message names it)."""


def phone_address_choose(*, address: str, available: Sequence[str]) -> PhoneAddress:
    """Make ``address`` the one every team link, QR code and link sheet carries (one row, pk 1).

    ``available`` is what the laptop has now (camp.web.network.addresses_now): an address it does not
    have would print QR codes no phone can open, so it is refused."""
    if address not in available:
        raise PhoneAddressError(
            _("This laptop has no address %(address)s now: choose one of the addresses listed."),
            code="phone_address_missing",
            params={"address": address[:50]},
        )
    with transaction.atomic():
        chosen, _created = PhoneAddress.objects.update_or_create(pk=1, defaults={"address": address})
    return chosen


def phone_address_choose_first(*, available: Sequence[str]) -> PhoneAddress | None:
    """At a start of ``make camp``: with no address chosen yet, the best one the laptop has
    (``available[0]``, the banner's first); a chosen one is kept, even if the laptop lacks it now
    (the Wi-Fi may come up later; the banner and the admin home say so)."""
    with transaction.atomic():
        chosen = PhoneAddress.objects.select_for_update().filter(pk=1).first()
        if chosen is None and available:
            chosen = PhoneAddress.objects.create(pk=1, address=available[0])
    return chosen
