"""The rounds of the islands' part of a camp backup read from a file: per round its opening (the
pirates' draws, the priority), every team's orders and plans, the plan log, an undone resolution's
sheets, and the result with its ``before`` snapshot and draws (read by the game's own round-file
reader); every problem named by its JSON path."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from camp.backups.reader import (
    INT_MAX,
    SMALL_MAX,
    DocumentIndex,
    DocumentReader,
    Duplicates,
    join,
    max_length,
    round_reference,
    team_named,
    team_reference,
)
from camp.models import DONE_STATUSES
from games.islands import words
from games.islands.backup.check_fields import board_hex, username
from games.islands.engine.notation import Alphabet, who_parts
from games.islands.engine.scenario import ScenarioError, load_scenario, read_draws
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models.plans import PlanAction, PlanBy, PlanState, TeamPlan
from games.islands.models.rounds import TeamOrders, TelescopeChoice


def check_rounds(r: DocumentReader, value: Any, rpath: str, index: DocumentIndex) -> None:
    """The part's ``rounds``: one entry per round of the camp run, each checked through."""
    entries = Duplicates(r, _("a second entry for round %(number)d (%(path)s)"), items=rpath, latest=True)
    # plans, plan_log, undone: optional (documents written before them have none)
    for i, p, entry in r.objects(
        value,
        rpath,
        required=("round", "opened", "orders", "result"),
        optional=("plans", "plan_log", "undone"),
    ):
        number = round_reference(r, entry.get("round"), join(p, "round"), index)
        if number is not None:
            entries.note(number, join(p, "round"), i, number=number)
        _check_round(r, entry, p, index, number)


def _check_round(
    r: DocumentReader, entry: dict[str, Any], p: str, index: DocumentIndex, number: int | None
) -> None:
    status = index.round_status.get(number) if number is not None else None
    if entry.get("opened") is not None:
        _check_opened(r, entry["opened"], join(p, "opened"), index)
    elif status in DONE_STATUSES:
        r.fail(join(p, "opened"), _("round %(number)d is resolved, so it was opened") % {"number": number})
    _check_orders(r, entry.get("orders"), join(p, "orders"), index)
    if "plans" in entry:
        _check_plans(r, entry["plans"], join(p, "plans"), index)
    if "plan_log" in entry:
        _check_plan_log(r, entry["plan_log"], join(p, "plan_log"), index)
    if entry.get("undone") is not None:
        _check_undone(r, entry["undone"], join(p, "undone"), index)
    if entry.get("result") is None:
        if status in DONE_STATUSES:
            r.fail(
                join(p, "result"),
                _("round %(number)d is resolved: its result is missing") % {"number": number},
            )
        return
    if status is not None and status not in DONE_STATUSES:
        r.fail(
            join(p, "result"), _("round %(number)d is not resolved, so it has no result") % {"number": number}
        )
    _check_result(r, entry["result"], join(p, "result"), index)


def _check_opened(r: DocumentReader, value: Any, opath: str, index: DocumentIndex) -> None:
    opened = r.obj(
        value,
        opath,
        required=("opened_at", "pirate_moves", "priority"),
        optional=("fixed_draws", "plans_due_at"),  # before them: none
    )
    if opened is not None:
        r.moment(opened.get("opened_at"), join(opath, "opened_at"), null=True)
        if "fixed_draws" in opened:
            _check_draws(r, opened["fixed_draws"], join(opath, "fixed_draws"), index)
        r.moment(opened.get("plans_due_at"), join(opath, "plans_due_at"), null=True)
        moves = r.blob(opened.get("pirate_moves"), join(opath, "pirate_moves"))
        if moves is not None and not isinstance(moves, dict):
            r.fail(join(opath, "pirate_moves"), _("expected an object ({…})"))
        named = Duplicates(r, _("“%(name)s” is named twice"))
        for j, name in enumerate(r.items(opened.get("priority"), join(opath, "priority"))):
            team = team_reference(r, name, join(join(opath, "priority"), j), index)
            if team is not None:
                named.note(team, join(join(opath, "priority"), j), j, name=team)


def _check_orders(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    ordered = Duplicates(r, _("a second set of orders of “%(name)s” in this round"))
    # version: optional (before the orders' versions: 0)
    for j, op, orders in r.objects(
        value,
        path,
        required=(
            "team",
            "ap",
            "build_cargo",
            "build_battleship",
            "routes",
            "harbor",
            "fire",
            "updated_at",
            "updated_by",
        ),
        optional=("version",),
    ):
        team = team_reference(r, orders.get("team"), join(op, "team"), index)
        if team is not None:
            ordered.note(team, join(op, "team"), j, name=team)
        for name in ("ap", "build_cargo", "build_battleship"):
            r.integer(orders.get(name), join(op, name), minimum=0, maximum=SMALL_MAX)
        _check_routes(r, orders.get("routes"), join(op, "routes"))
        r.string(orders.get("harbor"), join(op, "harbor"), max_length=max_length(TeamOrders, "harbor"))
        r.string(orders.get("fire"), join(op, "fire"), max_length=max_length(TeamOrders, "fire"))
        r.moment(orders.get("updated_at"), join(op, "updated_at"))
        username(r, orders.get("updated_by"), join(op, "updated_by"))
        if "version" in orders:
            r.integer(orders["version"], join(op, "version"), minimum=0, maximum=INT_MAX)


def _check_result(r: DocumentReader, value: Any, rp: str, index: DocumentIndex) -> None:
    result = r.obj(
        value,
        rp,
        required=(
            "before",
            "events",
            "hints",
            "pending_telescopes",
            "standings",
            "resolved_at",
            "resolved_by",
            "telescope_choices",
        ),
        optional=("draws", "printed_at"),  # before them: no draws kept, not printed
    )
    if result is None:
        return
    if result.get("draws") is not None:
        _check_draws(r, result["draws"], join(rp, "draws"), index)
    r.moment(result.get("printed_at"), join(rp, "printed_at"), null=True)
    _check_before(r, result.get("before"), join(rp, "before"), index)
    for name, kind in (("events", list), ("hints", dict), ("pending_telescopes", list), ("standings", list)):
        blob = r.blob(result.get(name), join(rp, name))
        if blob is not None and not isinstance(blob, kind):
            r.fail(
                join(rp, name), _("expected a list ([…])") if kind is list else _("expected an object ({…})")
            )
    r.moment(result.get("resolved_at"), join(rp, "resolved_at"))
    username(r, result.get("resolved_by"), join(rp, "resolved_by"))
    chosen = Duplicates(r, _("a second choice of %(ship)s"))
    for j, cp, choice in r.objects(
        result.get("telescope_choices"), join(rp, "telescope_choices"), required=("ship", "hex", "chosen_at")
    ):
        ship = r.string(
            choice.get("ship"), join(cp, "ship"), max_length=max_length(TelescopeChoice, "ship"), blank=False
        )
        if ship is not None:
            chosen.note(ship, join(cp, "ship"), j, ship=ship)
        if choice.get("hex") != "":
            board_hex(r, choice.get("hex"), join(cp, "hex"), index.board_side)
        r.moment(choice.get("chosen_at"), join(cp, "chosen_at"))


def _check_draws(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """A round file's ``draws`` (``{"P1.shot": "E7", "Modří.C2.rum": ["S"]}``), read by the game's
    own reader."""
    if r.blob(value, path) is None or index.board_side is None:
        return
    if not isinstance(value, dict):
        r.fail(path, _("expected an object ({…})"))
        return
    try:
        read_draws(value, index.board_side)
    except ScenarioError as e:
        for problem in e.problems:
            key = problem.path.removeprefix("draws").removeprefix(".")
            r.fail(join(path, key) if key else path, words.scenario_problem_text(problem))


def _check_plans(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """The teams' plans of the round (:class:`TeamPlan`): a sheet as written, a draft's typos too."""
    planned = Duplicates(r, _("a second plan of “%(name)s” in this round"))
    for j, pp, plan in r.objects(value, path, required=_PLAN_KEYS, optional=("hand_in_expected",)):
        team = team_reference(r, plan.get("team"), join(pp, "team"), index)
        if team is not None:
            planned.note(team, join(pp, "team"), j, name=team)
        r.choice(plan.get("state"), join(pp, "state"), PlanState.values)
        for name in ("build_cargo", "build_battleship", "harbor", "fire"):
            r.string(plan.get(name), join(pp, name), max_length=max_length(TeamPlan, name))
        _check_routes(r, plan.get("routes"), join(pp, "routes"))
        r.choice(plan.get("letters"), join(pp, "letters"), [a.value for a in Alphabet])
        r.integer(plan.get("version"), join(pp, "version"), minimum=0, maximum=INT_MAX)
        for name in ("saved_at", "handed_in_at", "approved_at", "returned_at"):
            r.moment(plan.get(name), join(pp, name), null=True)
        r.choice(plan.get("handed_in_by"), join(pp, "handed_in_by"), ["", *PlanBy.values])
        username(r, plan.get("handed_in_user"), join(pp, "handed_in_user"))
        username(r, plan.get("approved_by"), join(pp, "approved_by"))
        r.optional_integer(plan.get("orders_version"), join(pp, "orders_version"), minimum=0, maximum=INT_MAX)
        r.string(plan.get("note"), join(pp, "note"), max_length=100_000)
        r.boolean(plan.get("reopened"), join(pp, "reopened"))
        if "hand_in_expected" in plan:  # a file written before "nothing to do" has none
            r.boolean(plan["hand_in_expected"], join(pp, "hand_in_expected"))


_PLAN_KEYS = (
    "team",
    "state",
    "build_cargo",
    "build_battleship",
    "routes",
    "harbor",
    "fire",
    "letters",
    "version",
    "saved_at",
    "handed_in_at",
    "handed_in_by",
    "handed_in_user",
    "approved_at",
    "approved_by",
    "orders_version",
    "returned_at",
    "note",
    "reopened",
)


def _check_routes(r: DocumentReader, routes: Any, path: str) -> None:
    """``{"C1": "N N ."}``: a route per ship id, as text."""
    if not isinstance(routes, dict):
        r.fail(path, _("expected an object ({…})"))
        return
    for ship, route in routes.items():
        r.string(ship, path, max_length=10)
        r.string(route, join(path, str(ship)[:10]), max_length=10_000)


def _check_plan_log(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """The round's plan log: who did what to a team's plan, or to the round's deadline (no team)."""
    for _j, lp, entry in r.objects(value, path, required=("team", "at", "by", "user", "action", "note")):
        team_reference(r, entry.get("team"), join(lp, "team"), index, null=True)
        r.moment(entry.get("at"), join(lp, "at"))
        r.choice(entry.get("by"), join(lp, "by"), PlanBy.values)
        username(r, entry.get("user"), join(lp, "user"))
        action = r.choice(entry.get("action"), join(lp, "action"), PlanAction.values)
        if action is not None and (action == PlanAction.DEADLINE) != (entry.get("team") is None):
            r.fail(
                join(lp, "team"),
                _("the deadline's entry names no team; every other entry names its team"),
            )
        r.string(entry.get("note"), join(lp, "note"), max_length=100_000)


def _check_undone(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """What the sheets of an undone resolution showed (``shown``: each team's sheet by its name,
    the notice board's), kept to compare the next resolution with."""
    undone = r.obj(value, path, required=("shown", "printed", "resolved_at", "undone_at"))
    if undone is None:
        return
    shown_path = join(path, "shown")
    shown = r.blob(undone.get("shown"), shown_path)
    if shown is not None:
        shown = r.obj(shown, shown_path, required=("teams", "notice"), optional=("translations",))
    if shown is not None:
        _check_sheets(r, shown, shown_path, index)
        translations = shown.get("translations")
        if translations is not None and not isinstance(translations, dict):
            r.fail(join(shown_path, "translations"), _("expected an object ({…})"))
        elif translations is not None:  # the same sheets in the site's other languages
            for language, copy in translations.items():
                copy_path = join(join(shown_path, "translations"), str(language)[:10])
                kept = r.obj(copy, copy_path, required=("teams", "notice"))
                if kept is not None:
                    _check_sheets(r, kept, copy_path, index)
    r.boolean(undone.get("printed"), join(path, "printed"))
    r.moment(undone.get("resolved_at"), join(path, "resolved_at"))
    r.moment(undone.get("undone_at"), join(path, "undone_at"))


def _check_sheets(r: DocumentReader, shown: dict[str, Any], path: str, index: DocumentIndex) -> None:
    """Kept sheets: each team's by its name."""
    sheets = shown.get("teams")
    if not isinstance(sheets, dict):
        r.fail(join(path, "teams"), _("expected an object ({…})"))
        return
    for name in sheets:
        team_named(r, name, join(join(path, "teams"), name[:40]), index)


def _check_before(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """The snapshot is a ``zlate-ostrovy/1`` state, read by the game's own parser; its ``camp_rows``
    name the round each ship was built in by the round's number."""
    if r.blob(value, path) is None:
        return
    if not isinstance(value, dict):
        r.fail(path, _("expected an object ({…})"))
        return
    rows = value.get(CAMP_ROWS_KEY, {})
    rows_path = join(path, CAMP_ROWS_KEY)
    rows = r.obj(rows, rows_path, required=(), optional=("built",))
    built = (rows or {}).get("built", {})
    if not isinstance(built, dict):
        r.fail(join(rows_path, "built"), _("expected an object ({…})"))
    else:
        for key, number in built.items():
            team_named(r, who_parts(key)[0], join(join(rows_path, "built"), key[:40]), index)
            round_reference(r, number, join(join(rows_path, "built"), key[:40]), index)
    state = {k: v for k, v in value.items() if k != CAMP_ROWS_KEY}
    try:
        scenario = load_scenario(state)
    except ScenarioError as e:
        for problem in e.problems:
            r.fail(join(path, problem.path) if problem.path else path, words.scenario_problem_text(problem))
        return
    if index.board_side is not None and scenario.state.side != index.board_side:
        r.fail(
            join(path, "side"),
            _("the snapshot is of a board of side %(side)d, the camp's board has side %(camp)d")
            % {"side": scenario.state.side, "camp": index.board_side},
        )
    for t in scenario.state.teams:
        team_named(r, t.name, join(path, "teams"), index)
