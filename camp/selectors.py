"""Reads of the camp app: action points (AP) per rank, per round and in total.

AP rules (rules/islands.md §1): places count from 1; teams tied on a place each get that place's AP
and the following places are skipped (two 1sts get 14 each, the next team is 3rd and gets 8); a
team that did not play gets 0; a place beyond the camp's AP table gets 0. Past rounds use the AP
stored with each placement, never the current table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.hooks.guards import ROUND_DELETE_GUARD
from camp.models import (
    DONE_STATUSES,
    MAX_AP_TABLE_LENGTH,
    Camp,
    MiniGame,
    PhoneAddress,
    Placement,
    Round,
    RoundStatus,
    Team,
)


def ap_for_rank(ap_table: Sequence[int], rank: int | None) -> int:
    """AP for a place (1 = first) by the table; 0 for no place or a place beyond the table.

    With competition ranking ("1, 1, 3") this is all the tie rule needs: tied teams share the rank,
    so they share its AP, and the next team's rank already skips the tied places.
    """
    if rank is None or rank < 1 or rank > len(ap_table):
        return 0
    return int(ap_table[rank - 1])


def ap_table_suggestion(ap_table: Sequence[int], team_count: int) -> list[int]:
    """The camp's AP table extended to one entry per team: each missing place gets a share of the
    last place's AP, stepping down evenly towards 0 but never reaching it (``14, 11, 8`` for six
    teams gives ``14, 11, 8, 6, 4, 2``), so a better place never gets fewer AP."""
    table = [int(ap) for ap in ap_table]
    missing = min(team_count, MAX_AP_TABLE_LENGTH) - len(table)
    if not table or missing <= 0:
        return table
    last = table[-1]
    return table + [-(-last * (missing + 1 - k) // (missing + 1)) for k in range(1, missing + 1)]


def ap_table_warning(ap_table: Sequence[int], team_count: int) -> str:
    """What the camp run's and the placements page say when some teams' places lie beyond the AP
    table (they would get 0 AP every round and never move), with a longer table to type; "" when
    every place has its AP, or the table's last place already gets 0 (the staff's own choice)."""
    if team_count <= len(ap_table) or not ap_table or int(ap_table[-1]) <= 0:
        return ""
    first = len(ap_table) + 1
    suggestion = ", ".join(str(ap) for ap in ap_table_suggestion(ap_table, team_count))
    if first == team_count:
        return _("Place %(first)d gets 0 AP. Extend the AP table, e.g. %(table)s.") % {
            "first": first,
            "table": suggestion,
        }
    return _("Places %(first)d–%(last)d get 0 AP. Extend the AP table, e.g. %(table)s.") % {
        "first": first,
        "last": team_count,
        "table": suggestion,
    }


def camp_ap_table_warning(camp: Camp) -> str:
    """:func:`ap_table_warning` for a camp run's own table and teams."""
    return ap_table_warning(camp.ap_table, Team.objects.filter(camp=camp).count())


def competition_ranking_gaps(ranks: Mapping[int, int]) -> list[tuple[int, int, int]]:
    """Teams whose rank breaks *competition ranking* ("1, 1, 3"): ``(team id, rank, expected)``.

    A team's rank must be 1 + the number of teams ranked strictly better. So 1, 1, 3 and 1, 2, 2, 4
    are fine; 1, 3 (no 2nd) and a lone 2 (no 1st) and 1, 1, 2 (the tie skips the 2nd) are not.
    """
    values = sorted(ranks.values())
    gaps = []
    for tid, rank in ranks.items():
        better = sum(1 for r in values if r < rank)
        if rank != better + 1:
            gaps.append((tid, rank, better + 1))
    return gaps


def ranks_ap(ap_table: Sequence[int], ranks: Mapping[int, int | None]) -> dict[int, int]:
    """AP per team id for ranks not (yet) stored, e.g. the live preview while staff type."""
    return {tid: ap_for_rank(ap_table, rank) for tid, rank in ranks.items()}


def camp_teams(camp: Camp) -> list[Team]:
    """The camp's teams in seat order."""
    return list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))


def round_ap(round: Round) -> dict[Team, int]:  # noqa: A002
    """AP of every team of the round's camp in this round, as recorded (0 for no placement)."""
    stored = dict(Placement.objects.filter(round=round).values_list("team_id", "ap"))
    return {team: stored.get(team.pk, 0) for team in camp_teams(round.camp)}


@dataclass(frozen=True)
class Cell:
    """One team in one round: its place (``None``: did not play / not recorded) and AP."""

    team: Team
    rank: int | None
    ap: int


@dataclass(frozen=True)
class RoundRow:
    round: Round
    minigame: MiniGame | None
    cells: list[Cell]

    @property
    def recorded(self) -> bool:
        return any(cell.rank is not None for cell in self.cells)

    @property
    def public(self) -> bool:
        """The round is resolved: its AP may be pinned up (a team's AP for the coming round is
        private until then, rules section 8)."""
        return self.round.status in DONE_STATUSES


@dataclass(frozen=True)
class APOverview:
    """Rounds × teams with the AP of each, and the running totals (for the list page and print)."""

    camp: Camp
    teams: list[Team]
    rows: list[RoundRow]
    totals: dict[int, int] = field(default_factory=dict)  # team id -> total AP

    @property
    def total_cells(self) -> list[tuple[Team, int]]:
        return [(team, self.totals.get(team.pk, 0)) for team in self.teams]

    @property
    def public_total_cells(self) -> list[tuple[Team, int]]:
        """The totals over the resolved rounds only: what the printed table may show."""
        public = [row for row in self.rows if row.public]
        return [(team, sum(row.cells[i].ap for row in public)) for i, team in enumerate(self.teams)]

    @property
    def has_private_rows(self) -> bool:
        return any(not row.public for row in self.rows)


def rounds_with_ap(camp: Camp) -> APOverview:
    """The AP overview of a camp in three queries, however many rounds it has."""
    teams = camp_teams(camp)
    rounds = list(
        Round.objects.filter(camp=camp)
        .select_related("minigame")
        .prefetch_related(Prefetch("placements", queryset=Placement.objects.order_by()))
    )
    totals = {team.pk: 0 for team in teams}
    rows = []
    for round_ in rounds:
        round_.camp = camp  # avoid a query per row when a template shows it
        by_team = {p.team_id: p for p in round_.placements.all()}
        cells = []
        for team in teams:
            placement = by_team.get(team.pk)
            ap = placement.ap if placement else 0
            totals[team.pk] += ap
            cells.append(Cell(team=team, rank=placement.rank if placement else None, ap=ap))
        minigame = round_.minigame if _has_minigame(round_) else None
        rows.append(RoundRow(round=round_, minigame=minigame, cells=cells))
    return APOverview(camp=camp, teams=teams, rows=rows, totals=totals)


def _has_minigame(round_: Round) -> bool:
    try:
        round_.minigame  # noqa: B018 (select_related: no query)
    except MiniGame.DoesNotExist:
        return False
    return True


def evening_round(camp: Camp) -> Round | None:
    """The round staff work on tonight, for the admin home's evening panel.

    The first round (by number) that is not closed: that is where the work is, whatever the dates
    say. A round dated today does not win over an earlier round still open (staff must finish that
    one first: the game state of a round builds on every round before it), and a round dated in the
    past that was never played is not skipped for a later one. When every round is closed, the last
    one (its results stay reachable from the home page); None when the camp run has no round yet.
    Dates play no part.
    """
    rounds = Round.objects.filter(camp=camp)
    return (
        rounds.exclude(status=RoundStatus.CLOSED).order_by("number").first()
        or rounds.order_by("-number").first()
    )


@dataclass(frozen=True)
class CampChoice:
    """A camp run in the home page's camp switcher."""

    camp: Camp
    running: bool
    started: bool


def camp_choices() -> list[CampChoice]:
    """Every camp run for the switcher, the newest first, each with whether it is *running*: one of
    its rounds is under way or played (not only planned) and it is of this year or later (a camp of
    an earlier summer is over). Two queries."""
    started = set(Round.objects.exclude(status=RoundStatus.PLANNED).values_list("camp_id", flat=True))
    this_year = timezone.localdate().year
    return [
        CampChoice(
            camp=camp, running=camp.pk in started and camp.year >= this_year, started=camp.pk in started
        )
        for camp in Camp.objects.order_by("-created_at", "-id")
    ]


def desk_camp(choices: Sequence[CampChoice], chosen: Sequence[object] = ()) -> Camp | None:
    """The camp run the home page shows: the first of ``chosen`` (ids: the one asked for, the one
    remembered) that still exists, else the
    newest running one (a new camp run set up for the next summer or run never hides the one being
    played), else the newest."""
    by_id = {str(choice.camp.pk): choice.camp for choice in choices}
    for camp_id in chosen:
        if camp_id is not None and str(camp_id) in by_id:
            return by_id[str(camp_id)]
    running = next((choice.camp for choice in choices if choice.running), None)
    return running or (choices[0].camp if choices else None)


# ------------------------------------------------------------------------------------- deletion


def round_delete_refusal(round_: Round) -> str:
    """Why ``round_`` cannot be deleted ("" when it can): only a planned round with nothing recorded
    may go, since the game state of later rounds builds on every round that was played."""
    if round_.status != RoundStatus.PLANNED:
        message = _(
            "Round %(number)d is %(status)s: only a planned round with nothing recorded can be deleted."
        )
        return message % {"number": round_.number, "status": round_.get_status_display()}
    if round_.placements.exists():
        return _("Round %(number)d already has placements: it cannot be deleted.") % {"number": round_.number}
    return ROUND_DELETE_GUARD.reason(round_)


def camp_delete_refusal(camp: Camp) -> str:
    """Why ``camp`` cannot be deleted ("" when it can): one of its rounds cannot be deleted."""
    for round_ in Round.objects.filter(camp=camp).order_by("number"):
        if reason := round_delete_refusal(round_):
            return _("Camp run %(camp)s cannot be deleted. %(reason)s") % {"camp": camp, "reason": reason}
    return ""


# ------------------------------------------------------------------------------ the phones' address


def phone_address() -> PhoneAddress | None:
    """The address chosen for the teams' phones under ``make camp``, or None (none chosen yet)."""
    return PhoneAddress.objects.filter(pk=1).first()
