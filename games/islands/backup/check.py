"""The islands' part of a camp backup read from a file (:mod:`games.islands.backup`): every problem
named by its JSON path, nothing written; and what a checked part holds, for the restore page."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.backup_reader import (
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
from games.islands.engine.hexes import SIDES, Hex, LabelError, geometry
from games.islands.engine.notation import Alphabet, who_parts
from games.islands.engine.scenario import ScenarioError, load_scenario, read_draws
from games.islands.engine.state import InvalidState, pirate_number
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models import (
    MAX_CHESTS_PER_HEX,
    SHIP_IDENTS,
    BoardSetup,
    Pirate,
    PlanAction,
    PlanBy,
    PlanState,
    Rehearsal,
    RehearsalKind,
    ShipKindChoice,
    TeamLink,
    TeamOrders,
    TeamPlan,
    TelescopeChoice,
    TileChoice,
)

#: A team link's token: what :func:`games.islands.models.new_link_token` draws (256 bits, 43
#: characters of URL-safe base64) up to the column's length; a shorter one would be guessable.
_TOKEN_MIN_LENGTH = 43
_TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def _label(
    r: DocumentReader, value: Any, path: str, side: int | None, *, null: bool = False, bay: bool = False
) -> Hex | None:
    """A hex of the board by its label (``E3``; with ``bay``, a bay ``Z2`` too)."""
    if value is None and null:
        return None
    text = r.string(value, path, max_length=4)
    if text is None or side is None:
        return None
    g = geometry(side)
    try:
        h = g.parse(text)
    except LabelError:
        h = None
    if h is None or (not g.on_board(h) and not (bay and g.is_bay(h))):
        r.fail(
            path, _("“%(label)s” is not a hex of a board of side %(side)d") % {"label": text, "side": side}
        )
        return None
    return h


def _username(r: DocumentReader, value: Any, path: str) -> None:
    if value is not None:
        r.string(value, path, max_length=150)


def islands_check(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    doc = r.obj(
        value,
        path,
        required=("setup", "hexes", "harbors", "ships", "pirates", "rounds"),
        optional=("links", "proofs"),  # documents written before the team links or proofs have none
    )
    if doc is None:
        return
    if doc.get("setup") is not None:
        _check_setup(r, doc["setup"], join(path, "setup"))
    _check_hexes(r, doc.get("hexes"), join(path, "hexes"), index)
    _check_harbors(r, doc.get("harbors"), join(path, "harbors"), index)
    _check_ships(r, doc.get("ships"), join(path, "ships"), index)
    _check_pirates(r, doc.get("pirates"), join(path, "pirates"), index.board_side)
    _check_rounds(r, doc.get("rounds"), join(path, "rounds"), index)
    if "links" in doc:
        _check_links(r, doc["links"], join(path, "links"), index)
    if "proofs" in doc:
        _check_proofs(r, doc["proofs"], join(path, "proofs"))


def _check_setup(r: DocumentReader, value: Any, spath: str) -> None:
    setup = r.obj(
        value,
        spath,
        required=(
            "generator_seed",
            "mix",
            "generated_at",
            "hand_edits",
            "sides_draw",
            "sides_drawn_at",
            "game_started_at",
        ),
        optional=("team_links",),  # before the team links: off
    )
    if setup is not None:
        r.integer(setup.get("generator_seed"), join(spath, "generator_seed"), minimum=0, maximum=2**63 - 1)
        r.string(setup.get("mix"), join(spath, "mix"), max_length=max_length(BoardSetup, "mix"))
        r.moment(setup.get("generated_at"), join(spath, "generated_at"))
        r.integer(setup.get("hand_edits"), join(spath, "hand_edits"), minimum=0, maximum=INT_MAX)
        r.integer(setup.get("sides_draw"), join(spath, "sides_draw"), minimum=0, maximum=SMALL_MAX)
        r.moment(setup.get("sides_drawn_at"), join(spath, "sides_drawn_at"), null=True)
        r.moment(setup.get("game_started_at"), join(spath, "game_started_at"), null=True)
        if "team_links" in setup:
            r.boolean(setup["team_links"], join(spath, "team_links"))


def _check_hexes(r: DocumentReader, value: Any, hpath: str, index: DocumentIndex) -> None:
    side = index.board_side
    cells = Duplicates(r, _("a second entry for this hex (%(path)s)"), items=hpath, latest=True)
    for i, p, cell in r.objects(
        value, hpath, required=("at", "tile", "chests", "revealed", "revealed_round", "revealed_by")
    ):
        h = _label(r, cell.get("at"), join(p, "at"), side)
        tile = r.choice(cell.get("tile"), join(p, "tile"), TileChoice.values)
        chests = r.integer(cell.get("chests"), join(p, "chests"), minimum=0, maximum=MAX_CHESTS_PER_HEX)
        if chests and tile is not None and tile != TileChoice.TREASURE:
            r.fail(join(p, "chests"), _("only a treasure hex holds chests"))
        r.boolean(cell.get("revealed"), join(p, "revealed"))
        round_reference(r, cell.get("revealed_round"), join(p, "revealed_round"), index, null=True)
        team_reference(r, cell.get("revealed_by"), join(p, "revealed_by"), index, null=True)
        if h is not None:
            cells.note(h, join(p, "at"), i)
    if side is not None and cells.seen and len(cells.seen) != len(geometry(side).hexes):
        missing = len(geometry(side).hexes) - len(cells.seen)
        if missing > 0:
            r.fail(
                hpath,
                ngettext(
                    "%(count)d hex of the board is missing",
                    "%(count)d hexes of the board are missing",
                    missing,
                )
                % {"count": missing},
            )


def _check_harbors(r: DocumentReader, value: Any, apath: str, index: DocumentIndex) -> None:
    side = index.board_side
    harbors = Duplicates(r, _("a second harbor of “%(name)s”"))
    for i, p, harbor in r.objects(
        value, apath, required=("team", "side", "bay", "delivered"), optional=("ap_before_import",)
    ):
        team = team_reference(r, harbor.get("team"), join(p, "team"), index)
        if team is not None:
            harbors.note(team, join(p, "team"), i, name=team)
        drawn = r.choice(harbor.get("side"), join(p, "side"), ["", *SIDES])
        bay = r.optional_integer(harbor.get("bay"), join(p, "bay"), minimum=1, maximum=SMALL_MAX)
        if bay is not None and side is not None:
            g = geometry(side)
            if bay > len(g.bays):
                r.fail(
                    join(p, "bay"),
                    _("a board of side %(side)d has bays Z1 to Z%(last)d")
                    % {"side": side, "last": len(g.bays)},
                )
            elif drawn and g.bay_sides[g.bay(bay)] != drawn:
                r.fail(
                    join(p, "bay"),
                    _("bay Z%(bay)d is not on the side %(drawn)s") % {"bay": bay, "drawn": drawn},
                )
        r.integer(harbor.get("delivered"), join(p, "delivered"), minimum=0, maximum=INT_MAX)
        if "ap_before_import" in harbor:  # before round files were imported: 0
            r.integer(harbor["ap_before_import"], join(p, "ap_before_import"), minimum=0, maximum=INT_MAX)


def _check_ships(r: DocumentReader, value: Any, shpath: str, index: DocumentIndex) -> None:
    ships = Duplicates(r, _("a second ship %(ident)s of “%(name)s”"))
    for i, p, ship in r.objects(
        value,
        shpath,
        required=(
            "team",
            "ident",
            "kind",
            "at",
            "chests",
            "boat",
            "seahorse",
            "mermaid",
            "octopus",
            "built_round",
        ),
    ):
        team = team_reference(r, ship.get("team"), join(p, "team"), index)
        ident = r.choice(ship.get("ident"), join(p, "ident"), SHIP_IDENTS)
        kind = r.choice(ship.get("kind"), join(p, "kind"), ShipKindChoice.values)
        if ident is not None and kind is not None and (ident == "B") != (kind == ShipKindChoice.BATTLESHIP):
            r.fail(join(p, "kind"), _("ship B is the battleship, C1 … C6 are cargo ships"))
        _label(r, ship.get("at"), join(p, "at"), index.board_side, null=True, bay=True)
        for name in ("chests", "boat"):
            r.integer(ship.get(name), join(p, name), minimum=0, maximum=SMALL_MAX)
        for name in ("seahorse", "mermaid", "octopus"):
            r.boolean(ship.get(name), join(p, name))
        round_reference(r, ship.get("built_round"), join(p, "built_round"), index, null=True)
        if team is not None and ident is not None:
            ships.note((team, ident), join(p, "ident"), i, ident=ident, name=team)


def _check_pirates(r: DocumentReader, value: Any, ppath: str, side: int | None) -> None:
    pirates = Duplicates(r, _("a second pirate ship %(ident)s"))
    for i, p, pirate in r.objects(value, ppath, required=("ident", "at", "seahorse", "mermaid", "octopus")):
        ident = r.string(pirate.get("ident"), join(p, "ident"), max_length=max_length(Pirate, "ident"))
        if ident is not None:
            try:
                pirate_number(ident)
            except InvalidState:
                r.fail(join(p, "ident"), _("“%(ident)s” is not a pirate ship (P1, P2, …)") % {"ident": ident})
            pirates.note(ident, join(p, "ident"), i, ident=ident)
        _label(r, pirate.get("at"), join(p, "at"), side)
        for name in ("seahorse", "mermaid", "octopus"):
            r.boolean(pirate.get(name), join(p, name))


def _check_rounds(r: DocumentReader, value: Any, rpath: str, index: DocumentIndex) -> None:
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
        _username(r, orders.get("updated_by"), join(op, "updated_by"))
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
    _username(r, result.get("resolved_by"), join(rp, "resolved_by"))
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
            _label(r, choice.get("hex"), join(cp, "hex"), index.board_side)
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
    for j, pp, plan in r.objects(value, path, required=_PLAN_KEYS):
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
        _username(r, plan.get("handed_in_user"), join(pp, "handed_in_user"))
        _username(r, plan.get("approved_by"), join(pp, "approved_by"))
        r.optional_integer(plan.get("orders_version"), join(pp, "orders_version"), minimum=0, maximum=INT_MAX)
        r.string(plan.get("note"), join(pp, "note"), max_length=100_000)
        r.boolean(plan.get("reopened"), join(pp, "reopened"))


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
        _username(r, entry.get("user"), join(lp, "user"))
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
        shown = r.obj(shown, shown_path, required=("teams", "notice"))
    if shown is not None:
        sheets = shown.get("teams")
        if not isinstance(sheets, dict):
            r.fail(join(shown_path, "teams"), _("expected an object ({…})"))
        else:
            for name in sheets:
                team_named(r, name, join(join(shown_path, "teams"), name[:40]), index)
    r.boolean(undone.get("printed"), join(path, "printed"))
    r.moment(undone.get("resolved_at"), join(path, "resolved_at"))
    r.moment(undone.get("undone_at"), join(path, "undone_at"))


def _check_links(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    """The teams' private links, each with its token (a staff file: the printed QR codes keep
    working after a restore)."""
    linked = Duplicates(r, _("a second link of “%(name)s”"))
    tokens = Duplicates(r, _("the same token as %(path)s"), items=path)
    for j, lp, link in r.objects(
        value, path, required=("team", "token", "revoked_at", "created_at", "renewed_at"), max_items=SMALL_MAX
    ):
        team = team_reference(r, link.get("team"), join(lp, "team"), index)
        if team is not None:
            linked.note(team, join(lp, "team"), j, name=team)
        token = r.string(link.get("token"), join(lp, "token"), max_length=max_length(TeamLink, "token"))
        if token is not None and (len(token) < _TOKEN_MIN_LENGTH or not set(token) <= _TOKEN_CHARACTERS):
            r.fail(
                join(lp, "token"),
                _("expected a link's token: %(min)d to %(max)d letters, digits, - or _")
                % {"min": _TOKEN_MIN_LENGTH, "max": max_length(TeamLink, "token")},
            )
        elif token is not None:
            tokens.note(token, join(lp, "token"), j)
        r.moment(link.get("revoked_at"), join(lp, "revoked_at"), null=True)
        r.moment(link.get("created_at"), join(lp, "created_at"))
        r.moment(link.get("renewed_at"), join(lp, "renewed_at"), null=True)


#: The fields of a kept proof (a done deal or rehearsal that proved the board fair).
_PROOF_FIELDS = (
    "kind",
    "key",
    "spec",
    "board_seeds",
    "camps_done",
    "camps_total",
    "stage",
    "candidate",
    "proven",
    "report",
    "created_at",
    "created_by",
    "started_at",
    "heartbeat_at",
    "finished_at",
)


def _check_proofs(r: DocumentReader, value: Any, path: str) -> None:
    """The deal or rehearsal that proved the board fair, with its figures (what the board page
    shows), carried as stored; its ``proven`` names the boards it proved by their cells' key."""
    for _j, lp, proof in r.objects(value, path, required=_PROOF_FIELDS, max_items=SMALL_MAX):
        r.choice(proof.get("kind"), join(lp, "kind"), RehearsalKind.values)
        r.string(proof.get("key"), join(lp, "key"), max_length=max_length(Rehearsal, "key"))
        spec = r.blob(proof.get("spec"), join(lp, "spec"))
        if spec is not None and not isinstance(spec, dict):
            r.fail(join(lp, "spec"), _("expected an object ({…})"))
        r.blob(proof.get("board_seeds"), join(lp, "board_seeds"))
        r.integer(proof.get("camps_done"), join(lp, "camps_done"), minimum=0, maximum=INT_MAX)
        r.integer(proof.get("camps_total"), join(lp, "camps_total"), minimum=0, maximum=INT_MAX)
        r.string(proof.get("stage"), join(lp, "stage"), max_length=max_length(Rehearsal, "stage"))
        r.integer(proof.get("candidate"), join(lp, "candidate"), minimum=0, maximum=INT_MAX)
        proven_path = join(lp, "proven")
        for _k, pp, board in r.objects(proof.get("proven"), proven_path, required=("key", "camps")):
            r.string(board.get("key"), join(pp, "key"), max_length=64)
            r.integer(board.get("camps"), join(pp, "camps"), minimum=0, maximum=INT_MAX)
        report = r.blob(proof.get("report"), join(lp, "report"))
        if report is not None and not isinstance(report, dict):
            r.fail(join(lp, "report"), _("expected an object ({…})"))
        _username(r, proof.get("created_by"), join(lp, "created_by"))
        r.moment(proof.get("created_at"), join(lp, "created_at"))
        for field in ("started_at", "heartbeat_at", "finished_at"):
            r.moment(proof.get(field), join(lp, field), null=True)


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


def islands_summary(value: dict[str, Any]) -> list[str]:
    lines = []
    if value["hexes"]:
        started = (value["setup"] or {}).get("game_started_at")
        lines.append(
            _("Golden Islands: a board of %(count)d hexes, the game started.")
            % {"count": len(value["hexes"])}
            if started
            else _("Golden Islands: a board of %(count)d hexes, the game not started yet.")
            % {"count": len(value["hexes"])}
        )
    else:
        lines.append(_("Golden Islands: no board yet."))
    resolved = sum(1 for entry in value["rounds"] if entry["result"] is not None)
    if resolved:
        lines.append(
            ngettext("%(count)d round resolved.", "%(count)d rounds resolved.", resolved)
            % {"count": resolved}
        )
    links = value.get("links", [])
    if links:
        lines.append(
            ngettext(
                "%(count)d team link: its printed QR code keeps working.",
                "%(count)d team links: their printed QR codes keep working.",
                len(links),
            )
            % {"count": len(links)}
        )
        taken = TeamLink.objects.filter(token__in=[k["token"] for k in links]).count()
        if taken:
            lines.append(
                ngettext(
                    "%(count)d of them is already in use in this database (the camp run the file was "
                    "written from is here): that team gets a new link, print its handout again.",
                    "%(count)d of them are already in use in this database (the camp run the file was "
                    "written from is here): those teams get new links, print their handouts again.",
                    taken,
                )
                % {"count": taken}
            )
    return lines
