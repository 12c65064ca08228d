"""What resolved rounds tell, for each reader: the log as a viewer may read it, a team's map hints,
and the final standings. Reads only (a fixed number of queries each).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Sum
from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Camp, Placement, Team
from games.islands import words
from games.islands.engine import events as ee
from games.islands.engine.notation import who_parts, who_text
from games.islands.models.board import Harbor, Ship
from games.islands.models.rounds import RoundResult, TelescopeChoice


@dataclass(frozen=True)
class EventLine:
    """One event of a round's log as a viewer may read it: ``text`` is "Kolo 3, krok 2: …"."""

    step: int
    half: int
    what: str
    at: str
    team: str | None
    actor: str
    visibility: str
    when: str
    description: str

    @property
    def text(self) -> str:
        return f"{self.when}: {self.description}"


Viewer = str | Team


def _visible(event: dict[str, Any], viewer: Viewer) -> bool:
    visibility = event.get("visibility", "public")
    if isinstance(viewer, Team):
        return visibility == "public" or (visibility == "team" and event.get("team") == viewer.name)
    if viewer == "staff":
        return True
    if viewer == "public":
        return visibility == "public"
    raise ValueError(f"viewer must be 'staff', 'public' or a team, not {viewer!r}")


def result_events(result: RoundResult, *, viewer: Viewer) -> list[EventLine]:
    """The round's log for a viewer: ``"public"`` reads public events only, a team the public ones
    and its own private ones (hints, boats, telescopes), ``"staff"`` everything (pirate redraws and
    rum directions too). One query at most (the round's number)."""
    return [line for event, line in _event_lines(result, lambda e: _visible(e, viewer))]


def teams_result_events(result: RoundResult, teams: list[Team]) -> dict[int, list[EventLine]]:
    """:func:`result_events` for each of ``teams`` (by id), each event's line worked out once (the
    public ones are on every team's sheet)."""
    lines = _event_lines(result, lambda e: any(_visible(e, team) for team in teams))
    return {team.pk: [line for event, line in lines if _visible(event, team)] for team in teams}


def _event_lines(
    result: RoundResult, wanted: Callable[[dict[str, Any]], bool]
) -> list[tuple[dict[str, Any], EventLine]]:
    """The round's ``wanted`` events, each with its line."""
    number = result.round.number
    events = list(result.events)
    end_step = words.end_step_of(events)
    return [
        (
            e,
            EventLine(
                step=int(e.get("step", 0)),
                half=int(e.get("half", 1)),
                what=str(e.get("what")),
                at=str(e.get("at")),
                team=e.get("team"),
                actor=str(e.get("actor") or ""),
                visibility=str(e.get("visibility", "public")),
                when=words.event_when(e, round_number=number, end_step=end_step),
                description=words.event_text(e),
            ),
        )
        for e in events
        if wanted(e)
    ]


@dataclass(frozen=True)
class TelescopeReveal:
    """A telescope choice entered after a round: the team's ship and the hex it named; that hex and
    its neighbours were revealed for all, so this is public."""

    team: str
    ship: str
    centre: str

    @property
    def text(self) -> str:
        """The public event line. The ship is the subject: a team name's gender is unknown."""
        if self.ship == "B":
            return _("The telescope of %(team)s's battleship revealed the hexes around %(at)s") % {
                "team": self.team,
                "at": self.centre,
            }
        return _("The telescope of %(team)s's ship %(ship)s revealed the hexes around %(at)s") % {
            "team": self.team,
            "ship": words.ship_number(self.ship),
            "at": self.centre,
        }


def telescope_reveals(result: RoundResult) -> list[TelescopeReveal]:
    """The telescope choices of a resolved round that revealed something, in the order entered
    (skipped ones revealed nothing). One query."""
    out = []
    for key, centre in (
        TelescopeChoice.objects.filter(result=result).order_by("pk").values_list("ship", "hex")
    ):
        if centre:
            team, ship = who_parts(ee.telescope_ship(key))
            out.append(TelescopeReveal(team=team, ship=ship, centre=centre))
    return out


def events_with_telescopes(
    result: RoundResult,
    *,
    viewer: Viewer,
    reveals: list[TelescopeReveal] | None = None,
    lines: list[EventLine] | None = None,
) -> list[EventLine]:
    """The round's log for ``viewer`` (:func:`result_events`), then what its telescopes revealed
    once their choices were entered (public: the hexes were revealed for all). ``reveals``: the
    round's :func:`telescope_reveals` read already (one query saved per viewer); ``lines``: the
    viewer's :func:`result_events` worked out already (:func:`teams_result_events`)."""
    if lines is None:
        lines = result_events(result, viewer=viewer)
    else:
        lines = list(lines)
    when = _("Round %(round)d, after sailing") % {"round": result.round.number}
    for reveal in telescope_reveals(result) if reveals is None else reveals:
        lines.append(
            EventLine(
                step=10**6,
                half=1,
                what="telescope-reveal",
                at=reveal.centre,
                team=reveal.team,
                actor=reveal.ship,
                visibility="public",
                when=when,
                description=reveal.text,
            )
        )
    return lines


@dataclass(frozen=True)
class TeamHint:
    """A map hint for one of a team's ships: the compass point, where the ship found the map
    and where the hint was taken. Never the treasure's hex."""

    ship: str
    point: str
    origin: str
    found: str = ""

    @property
    def point_label(self) -> str:
        return words.compass_label(self.point)


def team_hints(result: RoundResult, team: Team) -> list[TeamHint]:
    """The map hints of a team's ships in a resolved round (no queries)."""
    origins: dict[str, str] = {}
    found: dict[str, str] = {}  # the first map a ship found in the round (as the engine takes it)
    for e in result.events:
        who = who_text(str(e.get("team")), str(e.get("actor")))
        if e.get("what") == "hint":
            origins[who] = str(e.get("at"))
        elif e.get("what") == "map":
            found.setdefault(who, str(e.get("at")))
    hints = []
    for who, point in (result.hints or {}).items():
        team_name, ship = who_parts(who)
        if team_name == team.name:
            hints.append(
                TeamHint(ship=ship, point=str(point), origin=origins.get(who, ""), found=found.get(who, ""))
            )
    return hints


@dataclass(frozen=True)
class FinalStanding:
    """A team's place in the camp-wide ranking (rules, section 7)."""

    rank: int
    team: Team
    delivered: int
    ap_received: int
    ships_afloat: int


def final_standings(camp: Camp) -> list[FinalStanding]:
    """The ranking: more chests delivered first, then fewer AP received (over the rounds resolved
    or closed, plus an imported camp's AP from before); teams tied on both share a place and keep
    their seat order. Three queries."""
    teams = list(Team.objects.filter(camp=camp).select_related("harbor").order_by("order", "name", "id"))
    ap_rows = (
        Placement.objects.filter(round__camp=camp, round__status__in=DONE_STATUSES)
        .values("team_id")
        .annotate(total=Sum("ap"))
    )
    ap = {row["team_id"]: int(row["total"] or 0) for row in ap_rows}
    afloat = dict(
        Ship.objects.filter(team__camp=camp)
        .values("team_id")
        .annotate(n=Count("id"))
        .values_list("team_id", "n")
    )

    def harbor(team: Team) -> Harbor | None:
        try:
            return team.harbor
        except Harbor.DoesNotExist:
            return None

    def delivered(team: Team) -> int:
        h = harbor(team)
        return h.delivered if h is not None else 0

    def received(team: Team) -> int:
        h = harbor(team)
        return ap.get(team.pk, 0) + (h.ap_before_import if h is not None else 0)

    keyed = [(delivered(t), received(t), t) for t in teams]
    keyed.sort(key=lambda k: (-k[0], k[1]))  # stable: full ties keep the seat order
    standings: list[FinalStanding] = []
    for i, (chests, ap_total, team) in enumerate(keyed):
        if i and (chests, ap_total) == (keyed[i - 1][0], keyed[i - 1][1]):
            rank = standings[-1].rank
        else:
            rank = i + 1
        standings.append(
            FinalStanding(
                rank=rank,
                team=team,
                delivered=chests,
                ap_received=ap_total,
                ships_afloat=int(afloat.get(team.pk, 0)),
            )
        )
    return standings
