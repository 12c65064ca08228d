"""A rehearsal's report (zkouška hry) as the pages and the PDF show it: the parameters and the
figures in words, each style's shares of the games won with their intervals, the best board
marked; a kept report of an older format as far as it reads. Made from the report document a
:class:`~games.islands.models.Rehearsal` row keeps (the simulator's output), never from the
game's rows.

Staff only: a rehearsal reveals the board. What is rehearsed and how a rehearsal stands is
:mod:`games.islands.rehearsals`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.islands.engine.rehearsal import FORMAT
from games.islands.engine.rehearsal.judge import TOLERANCE
from games.islands.rehearsals import board_label
from games.islands.words import rehearsal as rehearsal_words

#: The report document's format (the simulator's, ``zlate-ostrovy-rehearsal/2``); a rehearsal kept
#: from before it holds ``/1``, which the pages still read (:func:`report_view`).
REPORT_FORMAT = FORMAT


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
        text += "; " + _("never %(in_share)s of the games") % {"in_share": rehearsal_words.in_percent(never)}
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
