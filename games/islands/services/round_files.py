"""A round as a file and a file as a camp run: ``zlate-ostrovy/1`` round files (see
``docs/islands-rounds.md`` and the format in ``docs/formats/islands-scenario.md``).

:func:`round_export` writes what ``manage.py islands_scenario`` replays to the same result;
:func:`camp_import_round` makes a new camp run of a file, its round open for orders with the
file's orders stored. On any problem nothing is stored.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import (
    OPENED_STATUSES,
    Camp,
    CampOrigin,
    CampOriginKind,
    Placement,
    Round,
    RoundStatus,
    Team,
    team_colour,
)
from games.islands import words
from games.islands.engine import state as es
from games.islands.engine.resolve import open_round, resolve_trusted
from games.islands.engine.scenario import ScenarioError, load_scenario, parse_scenario, read_draws
from games.islands.engine.scenario_writer import draws_document, scenario_document
from games.islands.errors import IslandsError, OrdersInvalid
from games.islands.game_state import before_document, fixed_draws, state_in_priority
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Ship
from games.islands.models.board import Pirate as PirateRow
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders
from games.islands.orders import OrderSheet, stored_orders


def round_export(*, round: Round) -> str:  # noqa: A002
    """The round as a ``zlate-ostrovy/1`` file: its ``round`` number, the state before it, every
    team's orders (a team without orders: its AP and nothing else) and every draw the round
    consumed (or would consume), so that ``manage.py islands_scenario`` replays it to the same result."""
    if round.status not in OPENED_STATUSES:
        raise IslandsError(
            _("Round %(number)d has not been opened yet: there is nothing to export.")
            % {"number": round.number},
            code="not_open",
        )
    result_row = RoundResult.objects.filter(round=round).first()
    if result_row is not None:
        # A before document stored before round files had a round number reads as round 1.
        state = replace(load_scenario(before_document(result_row)).state, round_number=round.number)
        orders, _problems, _missing = stored_orders(round, state)
    else:
        state = state_in_priority(round)
        orders, problems, _missing = stored_orders(round, state)
        if problems:
            raise OrdersInvalid([p for team_problems in problems.values() for p in team_problems])
    if result_row is not None and result_row.draws is not None:
        draws = read_draws(result_row.draws, state.side)
    else:  # not resolved yet, or resolved before the draws were kept: the same pure resolution
        draws = resolve_trusted(state, orders, fixed_draws(round)).draws
    ordered = {t.name: orders[t.name] for t in state.teams if t.name in orders}
    return json.dumps(scenario_document(state, ordered, draws), ensure_ascii=False, indent=2)


def _team_name_problems(teams: Sequence[es.Team]) -> list[str]:
    """What the file allows in a team name but a camp's team cannot store (``teams[i].name: …``)."""
    limit = Team._meta.get_field("name").max_length or 0
    problems = []
    for i, t in enumerate(teams):  # the file's teams in order: a file with a bad team never gets here
        if len(t.name) > limit:
            problems.append(
                _("teams[%(index)d].name: a team name has at most %(limit)d characters, not %(length)d")
                % {"index": i, "limit": limit, "length": len(t.name)}
            )
        elif any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in t.name):
            problems.append(
                _("teams[%(index)d].name: the name holds a character that cannot be stored") % {"index": i}
            )
    return problems


def _carried_problems(state: es.GameState) -> list[str]:
    """What the file allows in ``round`` but a camp cannot store (``ap_total`` and every other
    number past its column's range: :func:`_storable_problems`, before the parser)."""
    problems = []
    round_limit = 32767  # Round.number is a small integer
    if state.round_number > round_limit:
        problems.append(
            _("round: a camp's round number is at most %(limit)d, not %(number)d")
            % {"limit": round_limit, "number": state.round_number}
        )
    return problems


#: The largest number each stored value of a round file can hold (the model fields' ranges on every
#: database: PositiveSmallIntegerField 2^15 − 1, PositiveIntegerField 2^31 − 1); any other integer
#: at most 2^63 − 1 (SQLite's integers, a BigIntegerField).
_STORABLE_LIMITS = [
    (re.compile(r"teams\[\d+\]\.(delivered|ap_total)"), 2**31 - 1),
    (re.compile(r"teams\[\d+\]\.ships\[\d+\]\.(chests|boat)"), 2**15 - 1),
    (re.compile(r"hexes\.[^.]*\.chests"), 2**15 - 1),
    (re.compile(r"orders\..*\.(ap|build\.cargo|build\.battleship)"), 2**15 - 1),
]
_LARGEST_INTEGER = 2**63 - 1


def _storable_problems(text: str) -> list[str]:
    """What a round file holds that the parser takes but no database can store, each named by its
    JSON path: numbers beyond a field's range and text with a lone surrogate (``"\\ud800"``, which
    JSON allows and UTF-8 cannot encode) or a NUL (``"\\u0000"``, which PostgreSQL refuses). Checked
    before the parser, which would echo such text."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        return []  # the parser names it
    problems: list[str] = []

    def not_text(value: str) -> bool:
        return any("\ud800" <= ch <= "\udfff" for ch in value)

    def safe(value: str) -> str:
        return value.encode("ascii", "backslashreplace").decode().replace("\x00", "\\u0000")[:40]

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if not_text(key):
                    problems.append(
                        _("%(path)s: the key “%(key)s” holds a character that is not text (lone surrogate).")
                        % {"path": path or "(top)", "key": safe(key)}
                    )
                    continue
                if "\x00" in key:
                    message = _(
                        "%(path)s: the key “%(key)s” holds a NUL character (\\u0000), which cannot be stored."
                    )
                    problems.append(message % {"path": path or "(top)", "key": safe(key)})
                    continue
                walk(item, f"{path}.{key}" if path else key)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{path}[{i}]")
        elif isinstance(value, str) and not_text(value):
            problems.append(
                _("%(path)s: “%(value)s” holds a character that is not text (lone surrogate).")
                % {"path": path, "value": safe(value)}
            )
        elif isinstance(value, str) and "\x00" in value:  # PostgreSQL stores no NUL in a text
            problems.append(
                _("%(path)s: “%(value)s” holds a NUL character (\\u0000), which cannot be stored.")
                % {"path": path, "value": safe(value)}
            )
        elif isinstance(value, int) and not isinstance(value, bool):
            limit = next((n for pattern, n in _STORABLE_LIMITS if pattern.fullmatch(path)), _LARGEST_INTEGER)
            if abs(value) > limit:
                digits = str(value)
                shown = digits[:20] + ("…" if len(digits) > 20 else "")
                params = {"path": path, "value": shown, "limit": limit}
                message = (
                    _("%(path)s: the number %(value)s is too large (at most %(limit)d).")
                    if value > 0
                    else _("%(path)s: the number %(value)s is too small (at least −%(limit)d).")
                )
                problems.append(message % params)

    try:
        walk(document, "")
    except RecursionError:
        return [_("The round file is nested too deeply.")]
    return problems


@transaction.atomic
def camp_import_round(*, text: str, name: str, year: int | None = None) -> Camp:
    """Import a round file as a new camp run: its teams (default colours), board, harbors, ships,
    pirates, and the file's round (``round``, default 1) open for orders with its orders stored.

    The camp's only round has the file's number, so its draws derive from (seed, round, purpose)
    as ``islands_scenario`` derives them; the file's fixed ``draws`` are kept for that round and
    win over the seed, and each team's ``ap_total`` counts as AP received before the import
    (the tie-break). Each team gets a placement in the file's priority order (1st, 2nd, …) with
    the AP of its orders (0 without). Resolved in the tool, the round gives what the command
    prints for the file. On any problem nothing is stored.
    """
    name = (name or "").strip()
    if not name:
        raise IslandsError(_("Give the new camp run a name."), code="name")
    problems = _storable_problems(text if isinstance(text, str) else "")
    if problems:
        raise IslandsError([_("The round file cannot be imported:"), *problems], code="scenario")
    try:
        scenario = parse_scenario(text if isinstance(text, str) else "")
    except ScenarioError as e:
        raise IslandsError(
            [_("The round file cannot be imported:")] + [words.scenario_problem_line(p) for p in e.problems],
            code="scenario",
        ) from None
    data = json.loads(text)
    state = scenario.state
    if not 0 <= state.seed < 2**63:
        raise IslandsError(_("seed: a camp's seed is a whole number from 0 to 2^63 − 1."), code="seed")
    if len(state.teams) < 1:
        raise IslandsError(_("teams: the round file has no team."), code="teams")
    name_problems = _team_name_problems(state.teams) + _carried_problems(state)
    if name_problems:
        raise IslandsError([_("The round file cannot be imported:"), *name_problems], code="scenario")
    g = state.geometry
    camp = Camp(
        name=name[:200],
        year=year or timezone.localdate().year,
        board_side=state.side,
        seed=state.seed,
    )
    camp.full_clean()
    camp.save()
    now = timezone.now()
    CampOrigin.objects.create(camp=camp, kind=CampOriginKind.IMPORTED, at=now)  # the switcher says so
    BoardSetup.objects.create(
        camp=camp,
        generator_seed=0,
        mix="imported",
        generated_at=now,
        sides_draw=1,
        sides_drawn_at=now,
        game_started_at=now,
    )
    BoardHex.objects.bulk_create(
        BoardHex(camp=camp, q=h.q, r=h.r, tile=c.tile.value, chests=c.chests, revealed=c.revealed)
        for h, c in state.board.items()
    )
    teams: dict[str, Team] = {}
    for seat, t in enumerate(state.teams, start=1):
        team = Team(camp=camp, name=t.name, colour=team_colour(seat - 1), order=seat)
        team.full_clean()
        team.save()
        teams[t.name] = team
        Harbor.objects.create(
            team=team,
            side=g.bay_sides[t.harbor],
            bay=g.bay_number(t.harbor),
            delivered=t.delivered,
            ap_before_import=t.ap_total,
        )
    Ship.objects.bulk_create(
        Ship(
            team=teams[t.name],
            ident=s.id,
            kind=s.kind.value,
            q=None if s.at is None else s.at.q,
            r=None if s.at is None else s.at.r,
            chests=s.chests,
            boat=s.boat,
            seahorse=s.seahorse,
            mermaid=s.mermaid,
            octopus=s.octopus,
        )
        for t in state.teams
        for s in t.ships
    )
    PirateRow.objects.bulk_create(
        PirateRow(
            camp=camp,
            ident=p.id,
            q=p.at.q,
            r=p.at.r,
            seahorse=p.seahorse,
            mermaid=p.mermaid,
            octopus=p.octopus,
        )
        for p in state.pirates
    )
    round_ = Round.objects.create(camp=camp, number=state.round_number, status=RoundStatus.ORDERS_OPEN)
    orders = scenario.orders_by_team
    Placement.objects.bulk_create(
        Placement(
            round=round_,
            team=teams[t.name],
            rank=seat,
            ap=max(0, orders[t.name].ap) if t.name in orders else 0,
        )
        for seat, t in enumerate(state.teams, start=1)
    )
    opened = open_round(state)
    given = {p.get("id"): p.get("moves") for p in data.get("pirates") or [] if isinstance(p, dict)}
    IslandsRound.objects.create(
        round=round_,
        pirate_moves={
            p.id: list(p.moves) if given.get(p.id) else list(o.moves)
            for p, o in zip(state.pirates, opened.pirates, strict=True)
            if p.moves or o.moves
        },
        priority=[teams[t.name].pk for t in state.teams],
        fixed_draws=draws_document(scenario.draws, g),
        opened_at=now,
    )
    TeamOrders.objects.bulk_create(
        TeamOrders(
            round=round_,
            team=teams[team_name],
            ap=max(0, o.ap),
            **OrderSheet.from_orders(o, g).row_fields(),
        )
        for team_name, o in scenario.orders
    )
    return camp
