"""Rehearsals of the game (zkouška hry), read: what a rehearsal rehearses (the candidate boards'
cells and the parameters, as the JSON a :class:`Rehearsal` row keeps, and its key), the kept
rehearsals of a camp run, how a rehearsal stands now (a worker fallen silent is *interrupted*), and
its report as the pages and the PDF show it (the figures in words, each style's shares of the games
won with their intervals, the best board marked; a kept report of an older format as far as it reads).

Staff only: a rehearsal reveals the board. Nothing public and nothing a team sees reads this module.
The writes (start, run, cancel) are :mod:`games.islands.services.rehearsals`; the simulator is the
pure :mod:`games.islands.engine.rehearsal`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Camp, Team
from games.islands.engine import generator
from games.islands.engine import state as es
from games.islands.engine.bots import STYLES
from games.islands.engine.hexes import Hex
from games.islands.engine.rehearsal import FORMAT
from games.islands.engine.rehearsal.judge import TOLERANCE
from games.islands.engine.rehearsal.spec import BOTS as ENGINE_BOTS
from games.islands.engine.rehearsal.spec import MAX_CAMPS as ENGINE_MAX_CAMPS
from games.islands.engine.scenario import ScenarioError, load_scenario
from games.islands.engine.tiles import Tile
from games.islands.errors import IslandsError
from games.islands.game_state import before_document
from games.islands.models import REHEARSAL_ACTIVE, BoardHex, Rehearsal, RehearsalStatus, RoundResult
from games.islands.words import rehearsal as rehearsal_words

#: The report document's format (the simulator's, ``zlate-ostrovy-rehearsal/2``); a rehearsal kept
#: from before it holds ``/1``, which the pages still read (:func:`report_view`).
REPORT_FORMAT = FORMAT
#: The limits of a rehearsal (the simulator's, docs/islands-rehearsal.md): the form keeps to them.
MAX_BOARDS = 4
MIN_TEAMS, MAX_TEAMS = 2, 12
MIN_ROUNDS, MAX_ROUNDS, DEFAULT_ROUNDS = 1, 60, 14
#: Camps per style and board: 200 show the way a board leans; proving it fair takes thousands.
MIN_CAMPS, MAX_CAMPS, DEFAULT_CAMPS = 1, ENGINE_MAX_CAMPS, 200
PLACEMENTS = ("uniform", "strong")
#: Who plays the teams: every style on camps of its own (the default), one bot, or "mixed".
BOTS = ENGINE_BOTS
#: Finished rehearsals kept per camp run (the oldest go when a new one starts).
KEEP_FINISHED = 20
#: A worker writes a sign of life every few seconds (:mod:`games.islands.services.rehearsals`);
#: one silent this long has stopped (a shut-down laptop, a killed process): shown as interrupted.
STALE_AFTER = timedelta(seconds=60)


# ------------------------------------------------------------------------------ what is rehearsed


@dataclass(frozen=True)
class RehearsalPlan:
    """A rehearsal as staff asked for it (the form's cleaned values): the boards, each the camp's
    own (``None``) or dealt from a seed, the teams' names, the AP table and the parameters."""

    board_seeds: tuple[int | None, ...]
    teams: tuple[str, ...]
    ap_table: tuple[int, ...]
    rounds: int = DEFAULT_ROUNDS
    camps: int = DEFAULT_CAMPS
    placement: str = "uniform"
    bots: str = "every"


def camp_board_cells(camp: Camp) -> dict[Hex, es.Cell] | None:
    """The camp's board as the game began: the state before the first kept round result (after the
    start, chests are taken and hexes revealed), else the stored hexes with the staff's hand edits;
    None without a board."""
    first = RoundResult.objects.filter(round__camp=camp).order_by("round__number").only("before").first()
    if first is not None:
        try:
            return dict(load_scenario(before_document(first)).state.board.items())
        except ScenarioError:  # a snapshot this version cannot read: the stored hexes then
            pass
    rows = BoardHex.objects.filter(camp=camp).values_list("q", "r", "tile", "chests", "revealed")
    cells = {Hex(q, r): es.Cell(Tile(tile), chests, bool(revealed)) for q, r, tile, chests, revealed in rows}
    return cells or None


def board_teams(camp: Camp) -> int:
    """How many teams a board of the camp run is dealt for (the generator balances the seats of the
    teams that will play): its teams, or three while it has fewer than two."""
    teams = Team.objects.filter(camp=camp).count()
    return teams if teams >= 2 else 3


def seed_board_cells(side: int, seed: int, teams: int | None = None) -> dict[Hex, es.Cell]:
    """The board a seed deals on ``side`` for ``teams`` teams (as "Show the board" does for the
    camp run's; raises ``GeneratorError``)."""
    board = generator.generate_map(side, seed, teams=teams)
    return {h: es.Cell(c.tile, c.chests) for h, c in board.tiles.items()}


def cells_document(cells: Mapping[Hex, es.Cell]) -> list[list[Any]]:
    """A board's cells as JSON: ``[q, r, tile, chests, revealed]`` for every hex that is not hidden
    open sea, in a fixed order (so the same board always gives the same key)."""
    return sorted(
        [h.q, h.r, c.tile.value, c.chests, c.revealed]
        for h, c in cells.items()
        if c.tile is not Tile.OPEN_SEA or c.revealed
    )


def cells_of(document: Sequence[Sequence[Any]]) -> dict[Hex, es.Cell]:
    """:func:`cells_document` read back (hexes not listed are hidden open sea)."""
    return {
        Hex(q, r): es.Cell(Tile(tile), chests, bool(revealed)) for q, r, tile, chests, revealed in document
    }


def spec_document(camp: Camp, plan: RehearsalPlan, *, seed: int) -> dict[str, Any]:
    """What a rehearsal row keeps of ``plan`` (the boards' cells read or dealt now, so a later hand
    edit does not change a running rehearsal), with the simulation's own ``seed``.

    Refuses with an :class:`IslandsError` naming the board: the camp's board when there is none, a
    seed that deals no board."""
    boards: list[dict[str, Any]] = []
    for board_seed in plan.board_seeds:
        if board_seed is None:
            cells = camp_board_cells(camp)
            if cells is None:
                raise IslandsError(_("This camp run has no board yet: rehearse seeds only."), code="no_board")
        else:
            try:
                cells = seed_board_cells(camp.board_side, board_seed, board_teams(camp))
            except generator.GeneratorError:
                raise IslandsError(
                    _("No fair board was found for seed %(seed)d. Try another seed.") % {"seed": board_seed},
                    code="seed",
                ) from None
        boards.append({"board_seed": board_seed, "cells": cells_document(cells)})
    return {
        "side": camp.board_side,
        "boards": boards,
        "teams": list(plan.teams),
        "ap_table": list(plan.ap_table),
        "rounds": plan.rounds,
        "camps": plan.camps,
        "placement": plan.placement,
        "bots": plan.bots,
        "seed": seed,
    }


def spec_key(spec: Mapping[str, Any]) -> str:
    """The boards and parameters of ``spec`` as a key: the same for the same boards and parameters,
    whatever the simulation's own seed."""
    content = {k: v for k, v in spec.items() if k != "seed"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def board_label(board_seed: int | None) -> str:
    """A board's heading: "Herní plán tábora" or "Semínko 123…"."""
    if board_seed is None:
        return _("The camp's board")
    return _("Seed %(seed)d") % {"seed": board_seed}


# ------------------------------------------------------------------------------- kept rehearsals


def camp_rehearsals(camp: Camp) -> QuerySet[Rehearsal]:
    """The camp's rehearsals, newest first (their reports are not read: the list shows none)."""
    return Rehearsal.objects.filter(camp=camp).defer("report", "spec").order_by("-created_at", "-id")


def camp_rehearsal(camp: Camp, rehearsal_id: int) -> Rehearsal | None:
    return Rehearsal.objects.filter(camp=camp, pk=rehearsal_id).first()


def kept_rehearsal(camp: Camp, key: str) -> Rehearsal | None:
    """The newest rehearsal of these boards and parameters that is done or still going (not one
    cancelled, failed or interrupted: that one is run again)."""
    return (
        Rehearsal.objects.filter(camp=camp, key=key, status__in=[RehearsalStatus.DONE, *REHEARSAL_ACTIVE])
        .order_by("-created_at", "-id")
        .first()
    )


def process_alive(pid: int) -> bool:
    """Whether a process ``pid`` runs on this computer (a zombie counts: the heartbeat decides)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: it runs
        return True
    return True


def fallen_silent(row: Rehearsal, now: datetime) -> bool:
    """Whether an active rehearsal's worker has stopped: it never started within :data:`STALE_AFTER`,
    wrote no sign of life for as long, or its process is gone."""
    if row.status == RehearsalStatus.QUEUED:
        return row.created_at < now - STALE_AFTER
    if row.status != RehearsalStatus.RUNNING:
        return False
    if row.worker_pid is not None and not process_alive(row.worker_pid):
        return True
    return (row.heartbeat_at or row.started_at or row.created_at) < now - STALE_AFTER


def shown_status(row: Rehearsal, now: datetime | None = None) -> str:
    """The row's status as it stands now: an active one whose worker fell silent is interrupted
    (the next write marks it so: :func:`games.islands.services.rehearsals.rehearsals_interrupt_silent`)."""
    if row.status in REHEARSAL_ACTIVE and fallen_silent(row, now or timezone.now()):
        return RehearsalStatus.INTERRUPTED
    return row.status


@dataclass(frozen=True)
class RehearsalProgress:
    """How a rehearsal stands, as its progress bar shows it."""

    status: str
    status_label: str
    done: int
    total: int
    active: bool
    cancel_requested: bool

    @property
    def percent(self) -> int:
        return (
            100
            if self.status == RehearsalStatus.DONE
            else (100 * self.done // self.total if self.total else 0)
        )


def rehearsal_progress(row: Rehearsal, now: datetime | None = None) -> RehearsalProgress:
    status = shown_status(row, now)
    return RehearsalProgress(
        status=status,
        status_label=str(RehearsalStatus(status).label),
        done=row.camps_done,
        total=row.camps_total,
        active=status in REHEARSAL_ACTIVE,
        cancel_requested=row.cancel_requested,
    )


# ------------------------------------------------------------------------------------ the report


@dataclass(frozen=True)
class SpreadRow:
    """A side's or a bay's line: treasure home (mean and spread) and the share of games it wins."""

    name: str
    treasure: str
    spread: str
    win_share: str
    win_value: float
    #: The side it is (a side's code: bottom, right, left), for a bay the side it lies on.
    side: str = ""
    #: The win share's 95 % interval, "31–37 %" (a side's, all styles together; "" for a bay).
    interval: str = ""

    @property
    def win_text(self) -> str:
        return f"{self.win_share} ({self.interval})" if self.interval else self.win_share


@dataclass(frozen=True)
class ShareCell:
    """One style's share of the games won by a side, or by the teams of one place in the order of
    choosing the bays: "34 %" with its 95 % interval "31–37 %" (none in an older report; "–" when
    the style has no such share)."""

    style: str
    share: str
    interval: str
    #: At least the judge's tolerance (5 points) from its fair share: marked in bold with "!".
    off: bool

    @property
    def text(self) -> str:
        return f"{self.share} ({self.interval})" if self.interval else self.share


@dataclass(frozen=True)
class ShareRow:
    """A side (``side``) or a place in the order of choice (``order``, 1: chose first) with its
    share in each style's column and its fair share."""

    name: str
    side: str
    order: int
    fair: str
    cells: tuple[ShareCell, ...]


@dataclass(frozen=True)
class ShareTable:
    """A board's shares of the games won: a column per style of play (``styles``: the codes,
    ``columns``: their names), a row per side, then per place in the order of choice."""

    styles: tuple[str, ...]
    columns: tuple[str, ...]
    rows: tuple[ShareRow, ...]


@dataclass(frozen=True)
class BoardReport:
    """One rehearsed board's figures, in words and numbers as the page and the PDF print them."""

    label: str
    board_seed: int | None
    best: bool
    verdict: str
    #: How the verdict reads: "good" (fair), "doubt" (rehearse more camps), "bad" (unfair), "".
    tone: str
    problems: tuple[str, ...]
    shares: ShareTable
    sides: tuple[SpreadRow, ...]
    bays: tuple[SpreadRow, ...]
    treasure_total: int
    home_by_round: tuple[float, ...]
    ships_lost_by_round: tuple[float, ...]
    figures: tuple[tuple[str, str], ...]

    @property
    def side_groups(self) -> list[tuple[SpreadRow, list[SpreadRow]]]:
        """Each side with the bays on it (in bay order), as the tables list them."""
        return [(side, [bay for bay in self.bays if bay.side == side.side]) for side in self.sides]


@dataclass(frozen=True)
class ReportView:
    """A rehearsal's report as shown: the parameters in words, one :class:`BoardReport` a board."""

    parameters: tuple[tuple[str, str], ...]
    boards: tuple[BoardReport, ...]
    best: int | None
    rounds: int
    #: A report of an older format (kept from before ``zlate-ostrovy-rehearsal/2``): what it holds
    #: is shown, with a line saying so (rehearse again for the shares by style).
    older: bool = False
    #: The judge's tolerance in percentage points: a share this far from its fair share is marked.
    points: int = round(100 * TOLERANCE)

    @property
    def best_board(self) -> BoardReport | None:
        return self.boards[self.best] if self.best is not None else None

    @property
    def share_note(self) -> str:
        """How to read the shares' tables (an older report has no intervals)."""
        marked = _("Bold with “!”: %(points)s points or more from its fair share.") % {"points": self.points}
        if self.older:
            return marked
        brackets = _("In brackets: the share's interval at 95 percent confidence (more camps narrow it).")
        return f"{brackets} {marked}"


def _dict(value: object) -> dict[str, Any]:
    """A report's object, or an empty one for anything else (an older or broken report)."""
    return value if isinstance(value, dict) else {}


def _dicts(value: object) -> list[dict[str, Any]]:
    """A report's list of objects, without anything else in it."""
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _number(value: object) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _series(value: object) -> tuple[float, ...]:
    return tuple(_number(v) for v in value) if isinstance(value, list) else ()


def _spread_rows(rows: object, name: Any) -> tuple[SpreadRow, ...]:
    return tuple(
        SpreadRow(
            name=name(row),
            treasure=rehearsal_words.decimal(row.get("treasure_mean")),
            spread=rehearsal_words.decimal(row.get("treasure_sd")),
            win_share=rehearsal_words.percent(row.get("win_share")),
            win_value=_number(row.get("win_share")),
            side=str(row.get("side", "")),
            interval=(
                rehearsal_words.interval(row["low"], row["high"])
                if _is_number(row.get("low")) and _is_number(row.get("high"))
                else ""
            ),
        )
        for row in _dicts(rows)
    )


def _share_cell(style: str, figure: Mapping[str, Any], share_key: str) -> ShareCell:
    share, fair = figure.get(share_key), figure.get("fair_share")
    low, high = figure.get("low"), figure.get("high")
    # the report's figures are rounded to 4 decimals: 5 points off may come out a hair below
    off = _is_number(share) and _is_number(fair) and abs(_number(share) - _number(fair)) >= TOLERANCE - 1e-9
    return ShareCell(
        style=style,
        share=rehearsal_words.percent(share),
        interval=rehearsal_words.interval(low, high) if _is_number(low) and _is_number(high) else "",
        off=off,
    )


def _share_table(columns: Sequence[tuple[str, Mapping[str, Any]]], share_key: str) -> ShareTable:
    """The table of ``columns``, each a style and its figures (``sides`` and ``choice``, each share
    under ``share_key``): the sides in the report's order, then the places in the order of choice."""
    cells: dict[tuple[str, int], dict[int, Mapping[str, Any]]] = {}
    for n, (_style, figures) in enumerate(columns):
        for figure in _dicts(figures.get("sides")):
            cells.setdefault((str(figure.get("side", "")), 0), {})[n] = figure
        for figure in _dicts(figures.get("choice")):
            order = figure.get("order")
            if isinstance(order, int) and not isinstance(order, bool):
                cells.setdefault(("", order), {})[n] = figure
    keys = [key for key in cells if not key[1]] + sorted(key for key in cells if key[1])
    rows = []
    for side, order in keys:
        by_column = cells[(side, order)]
        fair = dict.fromkeys(rehearsal_words.percent(f.get("fair_share")) for f in by_column.values())
        rows.append(
            ShareRow(
                name=rehearsal_words.order_name(order) if order else rehearsal_words.side_name(side),
                side=side,
                order=order,
                fair=" / ".join(fair),
                cells=tuple(
                    _share_cell(style, by_column.get(n, {}), share_key)
                    for n, (style, _f) in enumerate(columns)
                ),
            )
        )
    styles = tuple(style for style, _figures in columns)
    return ShareTable(
        styles=styles, columns=tuple(rehearsal_words.style_name(s) for s in styles), rows=tuple(rows)
    )


def _board_shares(board: Mapping[str, Any], spec: Mapping[str, Any], *, older: bool) -> ShareTable:
    """A board's shares by style (format /2); in an older report, its sides' shares of all the bots
    together, in one column named by who played (no interval, no order of choice)."""
    if older:
        return _share_table([(str(spec.get("bots", "")), {"sides": board.get("sides")})], "win_share")
    styles = [(str(s.get("style", "")), s) for s in _dicts(board.get("styles"))]
    return _share_table(styles, "share")


def board_shares(board: Mapping[str, Any]) -> ShareTable:
    """The shares table of a board entry of a report of format /2 (a fair deal's confirmation)."""
    return _board_shares(board, {}, older=False)


def _rounds_to(value: object) -> str:
    """ "7,2 (5–9); 2 % never" from a ``rounds_to_half`` / ``rounds_to_all`` figure."""
    if not isinstance(value, dict):
        return "–"
    text = _("%(mean)s (from %(p10)s to %(p90)s)") % {
        "mean": rehearsal_words.decimal(value.get("mean")),
        "p10": value.get("p10", "–"),
        "p90": value.get("p90", "–"),
    }
    never = _number(value.get("never_share"))
    if round(100 * never) >= 1:  # a share that prints as 0 % is left out
        text += "; " + _("never in %(share)s of the games") % {"share": rehearsal_words.percent(never)}
    return text


def _camps_played(board: Mapping[str, Any], spec: Mapping[str, Any], *, older: bool) -> str:
    """ "600 (200 per style)": the simulated camps a board played, of every style; a board the
    judge already called unfair stops early (fewer than the spec's camps per style)."""
    if older:
        return rehearsal_words.whole(spec.get("camps"))
    per_style = [s.get("camps") for s in _dicts(board.get("styles"))]
    if not per_style or not all(_is_number(c) for c in per_style):
        return rehearsal_words.whole(board.get("camps"))
    fewest = min(int(_number(c)) for c in per_style)
    text = _("%(camps)s (%(per_style)s per style)") % {
        "camps": rehearsal_words.whole(board.get("camps")),
        "per_style": rehearsal_words.whole(fewest),
    }
    if _is_number(spec.get("camps")) and fewest < _number(spec.get("camps")):
        text += "; " + _("stopped early: the verdict was clear")
    return text


def _board_report(
    board: Mapping[str, Any], spec: Mapping[str, Any], *, best: bool, older: bool
) -> BoardReport:
    verdict = _dict(board.get("verdict"))
    code = str(verdict.get("code", ""))
    params = _dict(verdict.get("params"))
    pirates = _dict(board.get("pirates"))
    board_seed = board.get("board_seed")
    board_seed = board_seed if isinstance(board_seed, int) and not isinstance(board_seed, bool) else None
    figures = (
        (_("Chests on the board"), str(board.get("treasure_total", "–"))),
        (_("Simulated camps played"), _camps_played(board, spec, older=older)),
        (_("Rounds until half the treasure is home"), _rounds_to(board.get("rounds_to_half"))),
        (_("Rounds until all the treasure is home"), _rounds_to(board.get("rounds_to_all"))),
        (
            _("Ships lost per team and round"),
            rehearsal_words.decimal(board.get("ships_lost_per_team_round"), 2),
        ),
        (_("Team-rounds with 0 AP"), rehearsal_words.percent(board.get("zero_ap_share"))),
        (_("Team-rounds with nothing useful to do"), rehearsal_words.percent(board.get("idle_share"))),
        (_("Games decided by the AP tie-break"), rehearsal_words.percent(board.get("tie_break_share"))),
        (_("Pirate ships appearing per game"), rehearsal_words.decimal(pirates.get("appeared_mean"))),
        (_("Ships taken by pirates per game"), rehearsal_words.decimal(pirates.get("ships_taken_mean"))),
    )
    return BoardReport(
        label=board_label(board_seed),
        board_seed=board_seed,
        best=best,
        verdict=(
            rehearsal_words.old_verdict_text(code, params)
            if older
            else rehearsal_words.verdict_text(code, params)
        ),
        tone=rehearsal_words.old_verdict_tone(code) if older else rehearsal_words.verdict_tone(code),
        problems=tuple(
            rehearsal_words.problem_text(str(p.get("code", "")), _dict(p.get("params")))
            for p in _dicts(board.get("problems"))
        ),
        shares=_board_shares(board, spec, older=older),
        sides=_spread_rows(board.get("sides"), lambda row: rehearsal_words.side_name(row.get("side"))),
        bays=_spread_rows(board.get("bays"), lambda row: f"Z{row.get('bay')}"),
        treasure_total=int(_number(board.get("treasure_total"))),
        home_by_round=_series(board.get("home_by_round")),
        ships_lost_by_round=_series(board.get("ships_lost_by_round")),
        figures=figures,
    )


def placement_name(code: str) -> str:
    return {
        "uniform": _("uniform (every team places alike)"),
        "strong": _("a strong team (team 1 places higher more often)"),
    }.get(code, code)


def bots_name(code: str) -> str:
    """Who played the teams, as the report's parameters say it."""
    return {
        "every": _("every style, each on camps of its own: the planner, the greedy bot and the novice"),
        "mixed": _("mixed (half planner, half greedy)"),
        "planner": _("the planner"),
        "greedy": _("the greedy bot"),
        "novice": _("the novice"),
    }.get(code, code)


def styles_played(bots: str) -> tuple[str, ...]:
    """The styles a rehearsal of ``bots`` plays, each on camps of its own (the simulator's rule)."""
    return STYLES if bots == "every" else (bots,)


def report_view(report: Mapping[str, Any]) -> ReportView:
    """A report document (``zlate-ostrovy-rehearsal/2``) as the page and the PDF show it. An older or
    broken one never fails: what it holds is shown, ``older`` says it is not of this format."""
    spec = _dict(report.get("spec"))
    best = report.get("best_board")
    boards = _dicts(report.get("boards"))
    best = best if isinstance(best, int) and not isinstance(best, bool) and 0 <= best < len(boards) else None
    older = report.get("format") != REPORT_FORMAT
    teams = spec.get("teams") if isinstance(spec.get("teams"), list) else []
    ap_table = spec.get("ap_table") if isinstance(spec.get("ap_table"), list) else []
    parameters = (
        (_("Teams"), ", ".join(str(t) for t in teams) if teams else "–"),
        (_("AP table"), ", ".join(str(ap) for ap in ap_table) or "–"),
        (_("Rounds"), str(spec.get("rounds", "–"))),
        (
            _("Simulated camps per board") if older else _("Simulated camps per board and style"),
            rehearsal_words.whole(spec.get("camps")),
        ),
        (_("Placements"), placement_name(str(spec.get("placement", "")))),
        (_("Bots"), bots_name(str(spec.get("bots", "")))),
    )
    return ReportView(
        parameters=parameters,
        boards=tuple(_board_report(b, spec, best=(i == best), older=older) for i, b in enumerate(boards)),
        best=best,
        rounds=int(_number(spec.get("rounds"))),
        older=older,
    )
