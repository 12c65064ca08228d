"""The replay of a resolved round for the evening assembly: frames of the PUBLIC map, step by step.

A round is resolved again from its stored ``before`` snapshot with its stored orders and draws
(:func:`games.islands.engine.moments.public_moments`); each moment becomes a frame: the public map
view of the state at that moment (:func:`games.islands.maps.visibility.for_public` decides what
shows: hidden hexes carry nothing, ships no cargo, pirates no draws), the hexes its public events
happened on, and those events' sentences. Private and staff events never reach a frame. Frames
whose public map and events show nothing new are left out (so which are left out depends on
public facts only). Telescope choices entered after the round add a last frame.

The resolution again is checked against the stored log: when its public events differ from the
stored public events (a round stored by an older version), the replay is the map before the round
and the stored public events only (``exact`` is False).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from camp.models import DONE_STATUSES, Round
from games.islands import words
from games.islands.engine import state as es
from games.islands.engine.events import Event, Visibility, What, event_document
from games.islands.engine.hexes import BoardGeometry, neighbours
from games.islands.engine.moments import Moment, Phase, public_moments
from games.islands.engine.resolve import reveal_by_telescope
from games.islands.engine.rng import NO_DRAWS
from games.islands.engine.scenario import ScenarioError, load_scenario, read_draws
from games.islands.game_state import before_document
from games.islands.maps import svg
from games.islands.maps.visibility import MapView, TeamLook
from games.islands.models.rounds import IslandsRound, RoundResult
from games.islands.orders import stored_orders
from games.islands.results import TelescopeReveal, telescope_reveals
from games.islands.selectors.maps import map_view_of_state, team_looks


@dataclass(frozen=True)
class Frame:
    """One picture of the replay: a title ("Krok 3"), the public map and what happened."""

    title: str
    view: MapView
    lines: tuple[str, ...]

    @property
    def svg(self) -> SafeString:
        # the replay is the evening assembly's screen: its map has the projector's texts
        return svg.render_svg(self.view, text_size=svg.projector_text_size(self.view.side))


@dataclass(frozen=True)
class RoundReplay:
    round: Round
    frames: tuple[Frame, ...]
    exact: bool


def _title(moment: Moment) -> str:
    if moment.phase is Phase.START:
        return _("Before the round")
    if moment.phase is Phase.BUILD:
        return _("Ships are built")
    if moment.phase is Phase.MOVE:
        if moment.half == 2:
            return _("Step %(step)d, second half (seahorses)") % {"step": moment.step}
        return _("Step %(step)d") % {"step": moment.step}
    if moment.phase is Phase.CONVERT:
        return _("Pirates take ships")
    if moment.phase is Phase.SHOOT:
        return _("Shots")
    return _("End of the round")


def _highlights(g: BoardGeometry, events: Iterable[Event]) -> set[str]:
    """The hexes the events happened on; a shot marks the seven hexes it hits."""
    marked: set[str] = set()
    for e in events:
        marked.add(g.label(e.at))
        if e.what is What.SHOT:
            marked.update(g.label(n) for n in neighbours(e.at) if g.on_board(n))
    return marked


def public_view(
    state: es.GameState, looks: Mapping[str, TeamLook], highlights: Iterable[str] = ()
) -> MapView:
    return replace(map_view_of_state(state, looks, staff=False), highlights=frozenset(highlights))


def frames_of(
    moments: Sequence[Moment],
    colours: Mapping[str, TeamLook],
    telescopes: Sequence[TelescopeReveal] = (),
) -> list[Frame]:
    """The frames of a round's moments (the first moment is the state before the round)."""
    if not moments:
        return []
    g = moments[0].state.geometry
    frames: list[Frame] = []
    previous: MapView | None = None
    for moment in moments:
        view = public_view(moment.state, colours)
        lines = tuple(words.event_text(event_document(g, e)) for e in moment.events)
        if previous is not None and not lines and view == previous:
            continue  # nothing the public may see happened
        previous = view
        frames.append(
            Frame(_title(moment), replace(view, highlights=frozenset(_highlights(g, moment.events))), lines)
        )
    state = moments[-1].state
    revealed: set[str] = set()
    for reveal in telescopes:
        try:
            centre = g.parse(reveal.centre)
        except ValueError:
            continue
        if not g.on_board(centre):
            continue
        state = reveal_by_telescope(state, centre)
        revealed.add(reveal.centre)
        revealed.update(g.label(n) for n in neighbours(centre) if g.on_board(n))
    if revealed:
        view = public_view(state, colours, revealed)
        frames.append(Frame(_("Telescopes"), view, tuple(r.text for r in telescopes)))
    return frames


def replayable_rounds(camp_id: int) -> list[Round]:
    """The camp's resolved (or closed) rounds that have a stored result, in order."""
    return list(
        Round.objects.filter(
            camp_id=camp_id, status__in=DONE_STATUSES, islands_result__isnull=False
        ).order_by("number")
    )


def round_replay(round: Round) -> RoundReplay | None:  # noqa: A002
    """The replay of a resolved round, or None when it has no stored result (or an unreadable one)."""
    result = RoundResult.objects.filter(round=round).first()
    if result is None or round.status not in DONE_STATUSES:
        return None
    try:
        before = load_scenario(before_document(result)).state
    except ScenarioError:
        return None
    g = before.geometry
    colours = team_looks(round.camp_id)
    if result.draws is not None:
        draws = read_draws(result.draws, g.side)
    else:
        fixed = IslandsRound.objects.filter(round=round).values_list("fixed_draws", flat=True).first()
        draws = read_draws(fixed, g.side) if fixed else NO_DRAWS
    orders, problems, _missing = stored_orders(round, before)
    stored_public = [e for e in result.events if e.get("visibility", "public") == Visibility.PUBLIC.value]
    telescopes = telescope_reveals(result)
    moments: tuple[Moment, ...] = ()
    if not problems:
        _result, moments = public_moments(before, orders, draws)
        again = [event_document(g, e) for m in moments for e in m.events]
        if _comparable(again) != _comparable(stored_public):
            moments = ()
    if moments:
        return RoundReplay(round=round, frames=tuple(frames_of(moments, colours, telescopes)), exact=True)
    # Not exact: the map before the round, then the stored public events at the end.
    start = Moment(Phase.START, 0, 1, before, ())
    frames = frames_of([start], colours, telescopes)
    lines = tuple(words.event_text(e) for e in stored_public)
    frames.insert(1, Frame(_("What happened"), frames[0].view, lines))
    return RoundReplay(round=round, frames=tuple(frames), exact=False)


def _comparable(events: Iterable[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (
            int(e.get("step", 0)),
            int(e.get("half", 1)),
            e.get("what"),
            e.get("at"),
            e.get("team"),
            e.get("actor") or "",
            sorted((e.get("detail") or {}).items()),
        )
        for e in events
    ]
