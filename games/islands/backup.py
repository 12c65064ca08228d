"""The Golden Islands' part of a camp backup (``islands`` in ``zlate-ostrovy-camp/1``, see
:mod:`camp.backup_document` and docs/camp-backup-format.md): the board set-up, the board, harbors,
ships, pirates, and per round the opening (pirate draws, priority), every team's orders and the
result with its ``before`` snapshot. Registered in ``apps.py``. Long (~700 lines) because it
reads one part of the format top to bottom, as docs/camp-backup-format.md describes it.

Teams are named by name and rounds by number; the database ids the rows hold in their JSON (the
priority order's team ids, the snapshot's ``camp_rows.built`` round ids) are translated both ways.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.backup_document import (
    INT_MAX,
    SMALL_MAX,
    DocumentIndex,
    DocumentReader,
    ImportedCamp,
    join,
    max_length,
    moment_text,
    round_reference,
    team_reference,
)
from camp.backup_parts import BackupPart
from camp.models import DONE_STATUSES, Camp, Round, Team
from games.islands import words
from games.islands.engine.hexes import SIDES, Hex, LabelError, geometry
from games.islands.engine.scenario import ScenarioError, load_scenario
from games.islands.engine.state import InvalidState, pirate_number
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models import (
    MAX_CHESTS_PER_HEX,
    SHIP_IDENTS,
    BoardHex,
    BoardSetup,
    Harbor,
    IslandsRound,
    Pirate,
    RoundResult,
    Ship,
    ShipKindChoice,
    TeamOrders,
    TelescopeChoice,
    TileChoice,
)

# ---------------------------------------------------------------------------------------- export


def islands_export(camp: Camp) -> dict[str, Any]:
    g = geometry(camp.board_side)
    teams = {t.pk: t.name for t in Team.objects.filter(camp=camp)}
    numbers = dict(Round.objects.filter(camp=camp).values_list("id", "number"))
    setup = BoardSetup.objects.filter(camp=camp).first()
    hexes = sorted(BoardHex.objects.filter(camp=camp), key=lambda h: g.sort_key(Hex(h.q, h.r)))
    seat = {t.pk: (t.order, t.name) for t in Team.objects.filter(camp=camp)}

    def at(q: int | None, r: int | None) -> str | None:
        return None if q is None or r is None else g.label(Hex(q, r))

    def username(user: Any) -> str | None:
        return None if user is None else user.get_username()

    rounds = []
    for round_ in Round.objects.filter(camp=camp).order_by("number"):
        opened = IslandsRound.objects.filter(round=round_).first()
        orders = sorted(
            TeamOrders.objects.filter(round=round_).select_related("updated_by"),
            key=lambda o: seat[o.team_id],
        )
        result = RoundResult.objects.filter(round=round_).select_related("resolved_by").first()
        if opened is None and not orders and result is None:
            continue
        rounds.append(
            {
                "round": round_.number,
                "opened": None
                if opened is None
                else {
                    "opened_at": moment_text(opened.opened_at),
                    "pirate_moves": opened.pirate_moves,
                    "priority": [teams[tid] for tid in opened.priority if tid in teams],
                },
                "orders": [
                    {
                        "team": teams[o.team_id],
                        "ap": o.ap,
                        "build_cargo": o.build_cargo,
                        "build_battleship": o.build_battleship,
                        "routes": o.routes,
                        "harbor": o.harbor,
                        "fire": o.fire,
                        "updated_at": moment_text(o.updated_at),
                        "updated_by": username(o.updated_by),
                    }
                    for o in orders
                ],
                "result": None if result is None else _result_export(result, numbers),
            }
        )
    return {
        "setup": None
        if setup is None
        else {
            "generator_seed": setup.generator_seed,
            "mix": setup.mix,
            "generated_at": moment_text(setup.generated_at),
            "hand_edits": setup.hand_edits,
            "sides_draw": setup.sides_draw,
            "sides_drawn_at": moment_text(setup.sides_drawn_at),
            "game_started_at": moment_text(setup.game_started_at),
        },
        "hexes": [
            {
                "at": g.label(Hex(h.q, h.r)),
                "tile": h.tile,
                "chests": h.chests,
                "revealed": h.revealed,
                "revealed_round": numbers.get(h.revealed_round_id),
                "revealed_by": teams.get(h.revealed_by_id),
            }
            for h in hexes
        ],
        "harbors": [
            {"team": teams[h.team_id], "side": h.side, "bay": h.bay, "delivered": h.delivered}
            for h in sorted(Harbor.objects.filter(team__camp=camp), key=lambda h: seat[h.team_id])
        ],
        "ships": [
            {
                "team": teams[s.team_id],
                "ident": s.ident,
                "kind": s.kind,
                "at": at(s.q, s.r),
                "chests": s.chests,
                "boat": s.boat,
                "seahorse": s.seahorse,
                "mermaid": s.mermaid,
                "octopus": s.octopus,
                "built_round": numbers.get(s.built_round_id),
            }
            for s in sorted(Ship.objects.filter(team__camp=camp), key=lambda s: (seat[s.team_id], s.ident))
        ],
        "pirates": [
            {
                "ident": p.ident,
                "at": at(p.q, p.r),
                "seahorse": p.seahorse,
                "mermaid": p.mermaid,
                "octopus": p.octopus,
            }
            for p in Pirate.objects.filter(camp=camp).order_by("ident")
        ],
        "rounds": rounds,
    }


def _result_export(result: RoundResult, numbers: dict[int, int]) -> dict[str, Any]:
    before = dict(result.before)
    rows = before.get(CAMP_ROWS_KEY)
    if isinstance(rows, dict):  # database round ids -> round numbers
        built = rows.get("built") or {}
        before[CAMP_ROWS_KEY] = {
            **rows,
            "built": {k: numbers.get(v) for k, v in built.items() if v in numbers},
        }
    return {
        "before": before,
        "events": result.events,
        "hints": result.hints,
        "pending_telescopes": result.pending_telescopes,
        "standings": result.standings,
        "resolved_at": moment_text(result.resolved_at),
        "resolved_by": None if result.resolved_by is None else result.resolved_by.get_username(),
        "telescope_choices": [
            {"ship": c.ship, "hex": c.hex, "chosen_at": moment_text(c.chosen_at)}
            for c in TelescopeChoice.objects.filter(result=result).order_by("chosen_at", "id")
        ],
    }


# ---------------------------------------------------------------------------------------- check


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
    doc = r.obj(value, path, required=("setup", "hexes", "harbors", "ships", "pirates", "rounds"))
    if doc is None:
        return
    side = index.board_side
    if doc.get("setup") is not None:
        spath = join(path, "setup")
        setup = r.obj(
            doc["setup"],
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
        )
        if setup is not None:
            r.integer(
                setup.get("generator_seed"), join(spath, "generator_seed"), minimum=0, maximum=2**63 - 1
            )
            r.string(setup.get("mix"), join(spath, "mix"), max_length=max_length(BoardSetup, "mix"))
            r.moment(setup.get("generated_at"), join(spath, "generated_at"))
            r.integer(setup.get("hand_edits"), join(spath, "hand_edits"), minimum=0, maximum=INT_MAX)
            r.integer(setup.get("sides_draw"), join(spath, "sides_draw"), minimum=0, maximum=SMALL_MAX)
            r.moment(setup.get("sides_drawn_at"), join(spath, "sides_drawn_at"), null=True)
            r.moment(setup.get("game_started_at"), join(spath, "game_started_at"), null=True)

    cells: dict[Hex, int] = {}
    hpath = join(path, "hexes")
    for i, item in enumerate(r.items(doc.get("hexes"), hpath)):
        p = join(hpath, i)
        cell = r.obj(item, p, required=("at", "tile", "chests", "revealed", "revealed_round", "revealed_by"))
        if cell is None:
            continue
        h = _label(r, cell.get("at"), join(p, "at"), side)
        tile = r.choice(cell.get("tile"), join(p, "tile"), TileChoice.values)
        chests = r.integer(cell.get("chests"), join(p, "chests"), minimum=0, maximum=MAX_CHESTS_PER_HEX)
        if chests and tile is not None and tile != TileChoice.TREASURE:
            r.fail(join(p, "chests"), _("only a treasure hex holds chests"))
        r.boolean(cell.get("revealed"), join(p, "revealed"))
        round_reference(r, cell.get("revealed_round"), join(p, "revealed_round"), index, null=True)
        team_reference(r, cell.get("revealed_by"), join(p, "revealed_by"), index, null=True)
        if h is not None:
            if h in cells:
                r.fail(
                    join(p, "at"),
                    _("a second entry for this hex (%(path)s)") % {"path": join(hpath, cells[h])},
                )
            cells[h] = i
    if side is not None and cells and len(cells) != len(geometry(side).hexes):
        missing = len(geometry(side).hexes) - len(cells)
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

    harbors: set[str] = set()
    apath = join(path, "harbors")
    for i, item in enumerate(r.items(doc.get("harbors"), apath)):
        p = join(apath, i)
        harbor = r.obj(item, p, required=("team", "side", "bay", "delivered"))
        if harbor is None:
            continue
        team = team_reference(r, harbor.get("team"), join(p, "team"), index)
        if team is not None:
            if team in harbors:
                r.fail(join(p, "team"), _("a second harbor of “%(name)s”") % {"name": team})
            harbors.add(team)
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

    ships: set[tuple[str, str]] = set()
    shpath = join(path, "ships")
    for i, item in enumerate(r.items(doc.get("ships"), shpath)):
        p = join(shpath, i)
        ship = r.obj(
            item,
            p,
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
        )
        if ship is None:
            continue
        team = team_reference(r, ship.get("team"), join(p, "team"), index)
        ident = r.choice(ship.get("ident"), join(p, "ident"), SHIP_IDENTS)
        kind = r.choice(ship.get("kind"), join(p, "kind"), ShipKindChoice.values)
        if ident is not None and kind is not None and (ident == "B") != (kind == ShipKindChoice.BATTLESHIP):
            r.fail(join(p, "kind"), _("ship B is the battleship, C1 … C6 are cargo ships"))
        _label(r, ship.get("at"), join(p, "at"), side, null=True, bay=True)
        for name in ("chests", "boat"):
            r.integer(ship.get(name), join(p, name), minimum=0, maximum=SMALL_MAX)
        for name in ("seahorse", "mermaid", "octopus"):
            r.boolean(ship.get(name), join(p, name))
        round_reference(r, ship.get("built_round"), join(p, "built_round"), index, null=True)
        if team is not None and ident is not None:
            if (team, ident) in ships:
                r.fail(
                    join(p, "ident"),
                    _("a second ship %(ident)s of “%(name)s”") % {"ident": ident, "name": team},
                )
            ships.add((team, ident))

    pirates: set[str] = set()
    ppath = join(path, "pirates")
    for i, item in enumerate(r.items(doc.get("pirates"), ppath)):
        p = join(ppath, i)
        pirate = r.obj(item, p, required=("ident", "at", "seahorse", "mermaid", "octopus"))
        if pirate is None:
            continue
        ident = r.string(pirate.get("ident"), join(p, "ident"), max_length=max_length(Pirate, "ident"))
        if ident is not None:
            try:
                pirate_number(ident)
            except InvalidState:
                r.fail(join(p, "ident"), _("“%(ident)s” is not a pirate ship (P1, P2, …)") % {"ident": ident})
            if ident in pirates:
                r.fail(join(p, "ident"), _("a second pirate ship %(ident)s") % {"ident": ident})
            pirates.add(ident)
        _label(r, pirate.get("at"), join(p, "at"), side)
        for name in ("seahorse", "mermaid", "octopus"):
            r.boolean(pirate.get(name), join(p, name))

    seen: dict[int, int] = {}
    rpath = join(path, "rounds")
    for i, item in enumerate(r.items(doc.get("rounds"), rpath)):
        p = join(rpath, i)
        entry = r.obj(item, p, required=("round", "opened", "orders", "result"))
        if entry is None:
            continue
        number = round_reference(r, entry.get("round"), join(p, "round"), index)
        if number is not None:
            if number in seen:
                r.fail(
                    join(p, "round"),
                    _("a second entry for round %(number)d (%(path)s)")
                    % {"number": number, "path": join(rpath, seen[number])},
                )
            seen[number] = i
        _check_round(r, entry, p, index, number)


def _check_round(
    r: DocumentReader, entry: dict[str, Any], p: str, index: DocumentIndex, number: int | None
) -> None:
    status = index.round_status.get(number) if number is not None else None
    if entry.get("opened") is not None:
        opath = join(p, "opened")
        opened = r.obj(entry["opened"], opath, required=("opened_at", "pirate_moves", "priority"))
        if opened is not None:
            r.moment(opened.get("opened_at"), join(opath, "opened_at"), null=True)
            moves = r.blob(opened.get("pirate_moves"), join(opath, "pirate_moves"))
            if moves is not None and not isinstance(moves, dict):
                r.fail(join(opath, "pirate_moves"), _("expected an object ({…})"))
            named: set[str] = set()
            for j, name in enumerate(r.items(opened.get("priority"), join(opath, "priority"))):
                team = team_reference(r, name, join(join(opath, "priority"), j), index)
                if team is not None:
                    if team in named:
                        r.fail(
                            join(join(opath, "priority"), j), _("“%(name)s” is named twice") % {"name": team}
                        )
                    named.add(team)
    elif status in DONE_STATUSES:
        r.fail(join(p, "opened"), _("round %(number)d is resolved, so it was opened") % {"number": number})

    ordered: set[str] = set()
    for j, item in enumerate(r.items(entry.get("orders"), join(p, "orders"))):
        op = join(join(p, "orders"), j)
        orders = r.obj(
            item,
            op,
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
        )
        if orders is None:
            continue
        team = team_reference(r, orders.get("team"), join(op, "team"), index)
        if team is not None:
            if team in ordered:
                r.fail(
                    join(op, "team"), _("a second set of orders of “%(name)s” in this round") % {"name": team}
                )
            ordered.add(team)
        for name in ("ap", "build_cargo", "build_battleship"):
            r.integer(orders.get(name), join(op, name), minimum=0, maximum=SMALL_MAX)
        routes = orders.get("routes")
        if not isinstance(routes, dict):
            r.fail(join(op, "routes"), _("expected an object ({…})"))
        else:
            for ship, route in routes.items():
                r.string(ship, join(op, "routes"), max_length=10)
                r.string(route, join(join(op, "routes"), str(ship)[:10]), max_length=10_000)
        r.string(orders.get("harbor"), join(op, "harbor"), max_length=max_length(TeamOrders, "harbor"))
        r.string(orders.get("fire"), join(op, "fire"), max_length=max_length(TeamOrders, "fire"))
        r.moment(orders.get("updated_at"), join(op, "updated_at"))
        _username(r, orders.get("updated_by"), join(op, "updated_by"))

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
    rp = join(p, "result")
    result = r.obj(
        entry["result"],
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
    )
    if result is None:
        return
    _check_before(r, result.get("before"), join(rp, "before"), index)
    for name, kind in (("events", list), ("hints", dict), ("pending_telescopes", list), ("standings", list)):
        blob = r.blob(result.get(name), join(rp, name))
        if blob is not None and not isinstance(blob, kind):
            r.fail(
                join(rp, name), _("expected a list ([…])") if kind is list else _("expected an object ({…})")
            )
    r.moment(result.get("resolved_at"), join(rp, "resolved_at"))
    _username(r, result.get("resolved_by"), join(rp, "resolved_by"))
    chosen: set[str] = set()
    for j, item in enumerate(r.items(result.get("telescope_choices"), join(rp, "telescope_choices"))):
        cp = join(join(rp, "telescope_choices"), j)
        choice = r.obj(item, cp, required=("ship", "hex", "chosen_at"))
        if choice is None:
            continue
        ship = r.string(
            choice.get("ship"), join(cp, "ship"), max_length=max_length(TelescopeChoice, "ship"), blank=False
        )
        if ship is not None:
            if ship in chosen:
                r.fail(join(cp, "ship"), _("a second choice of %(ship)s") % {"ship": ship})
            chosen.add(ship)
        if choice.get("hex") != "":
            _label(r, choice.get("hex"), join(cp, "hex"), index.board_side)
        r.moment(choice.get("chosen_at"), join(cp, "chosen_at"))


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
            team = key.rpartition(".")[0]
            if team not in index.team_names:
                r.fail(
                    join(join(rows_path, "built"), key[:40]),
                    _("no team named “%(name)s” in teams") % {"name": team[:40]},
                )
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
        if t.name not in index.team_names:
            r.fail(join(path, "teams"), _("no team named “%(name)s” in teams") % {"name": t.name[:40]})


# ---------------------------------------------------------------------------------------- store


def islands_store(value: dict[str, Any], imported: ImportedCamp) -> None:
    from django.utils.dateparse import parse_datetime

    def moment(text: str | None) -> Any:
        return parse_datetime(text) if text else None

    camp, teams, rounds = imported.camp, imported.teams, imported.rounds
    g = geometry(camp.board_side)

    def hex_of(label: str | None) -> Hex | None:
        return None if label is None else g.parse(label)

    def round_of(number: int | None) -> Round | None:
        return None if number is None else rounds[number]

    def team_of(name: str | None) -> Team | None:
        return None if name is None else teams[name]

    if (setup := value["setup"]) is not None:
        BoardSetup.objects.create(
            camp=camp,
            generator_seed=setup["generator_seed"],
            mix=setup["mix"],
            generated_at=moment(setup["generated_at"]),
            hand_edits=setup["hand_edits"],
            sides_draw=setup["sides_draw"],
            sides_drawn_at=moment(setup["sides_drawn_at"]),
            game_started_at=moment(setup["game_started_at"]),
        )
    BoardHex.objects.bulk_create(
        BoardHex(
            camp=camp,
            q=h.q,
            r=h.r,
            tile=cell["tile"],
            chests=cell["chests"],
            revealed=cell["revealed"],
            revealed_round=round_of(cell["revealed_round"]),
            revealed_by=team_of(cell["revealed_by"]),
        )
        for cell in value["hexes"]
        if (h := g.parse(cell["at"])) is not None
    )
    Harbor.objects.bulk_create(
        Harbor(team=teams[h["team"]], side=h["side"], bay=h["bay"], delivered=h["delivered"])
        for h in value["harbors"]
    )
    Ship.objects.bulk_create(
        Ship(
            team=teams[s["team"]],
            ident=s["ident"],
            kind=s["kind"],
            q=None if (at := hex_of(s["at"])) is None else at.q,
            r=None if at is None else at.r,
            chests=s["chests"],
            boat=s["boat"],
            seahorse=s["seahorse"],
            mermaid=s["mermaid"],
            octopus=s["octopus"],
            built_round=round_of(s["built_round"]),
        )
        for s in value["ships"]
    )
    Pirate.objects.bulk_create(
        Pirate(
            camp=camp,
            ident=p["ident"],
            q=(at := g.parse(p["at"])).q,
            r=at.r,
            seahorse=p["seahorse"],
            mermaid=p["mermaid"],
            octopus=p["octopus"],
        )
        for p in value["pirates"]
    )
    for entry in value["rounds"]:
        round_ = rounds[entry["round"]]
        if (opened := entry["opened"]) is not None:
            IslandsRound.objects.create(
                round=round_,
                pirate_moves=opened["pirate_moves"],
                priority=[teams[name].pk for name in opened["priority"]],
                opened_at=moment(opened["opened_at"]),
            )
        for o in entry["orders"]:
            row = TeamOrders.objects.create(
                round=round_,
                team=teams[o["team"]],
                ap=o["ap"],
                build_cargo=o["build_cargo"],
                build_battleship=o["build_battleship"],
                routes=o["routes"],
                harbor=o["harbor"],
                fire=o["fire"],
                updated_by=imported.user(o["updated_by"]),
            )
            TeamOrders.objects.filter(pk=row.pk).update(updated_at=moment(o["updated_at"]))  # not auto_now
        if (result := entry["result"]) is not None:
            before = dict(result["before"])
            rows = before.get(CAMP_ROWS_KEY)
            if isinstance(rows, dict):  # round numbers -> the new round ids
                before[CAMP_ROWS_KEY] = {
                    **rows,
                    "built": {k: rounds[n].pk for k, n in (rows.get("built") or {}).items()},
                }
            stored = RoundResult.objects.create(
                round=round_,
                before=before,
                events=result["events"],
                hints=result["hints"],
                pending_telescopes=result["pending_telescopes"],
                standings=result["standings"],
                resolved_at=moment(result["resolved_at"]),
                resolved_by=imported.user(result["resolved_by"]),
            )
            for c in result["telescope_choices"]:
                choice = TelescopeChoice.objects.create(result=stored, ship=c["ship"], hex=c["hex"])
                TelescopeChoice.objects.filter(pk=choice.pk).update(chosen_at=moment(c["chosen_at"]))


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
    return lines


PART = BackupPart(
    key="islands",
    export=islands_export,
    check=islands_check,
    store=islands_store,
    summary=islands_summary,
    app_label="islands",
    order=20,
)
