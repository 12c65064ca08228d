"""The islands' part of a camp backup read from a file (:mod:`games.islands.backup`): every problem
named by its JSON path, nothing written; and what a checked part holds, for the restore page.
The board and the teams' things are checked here, the rounds by :mod:`.check_rounds`."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from camp.backups.reader import (
    INT_MAX,
    SMALL_MAX,
    DocumentIndex,
    DocumentReader,
    Duplicates,
    join,
    max_length,
    round_reference,
    team_reference,
)
from games.islands.backup.check_fields import board_hex, username
from games.islands.backup.check_rounds import check_rounds
from games.islands.engine.hexes import SIDES, geometry
from games.islands.engine.state import InvalidState, pirate_number
from games.islands.models.board import (
    MAX_CHESTS_PER_HEX,
    SHIP_IDENTS,
    BoardSetup,
    Pirate,
    ShipKindChoice,
    TileChoice,
)
from games.islands.models.links import TeamLink
from games.islands.models.notices import NoticeCode
from games.islands.models.rehearsals import Rehearsal, RehearsalKind

#: A team link's token: what :func:`games.islands.models.new_link_token` draws (256 bits, 43
#: characters of URL-safe base64) up to the column's length; a shorter one would be guessable.
_TOKEN_MIN_LENGTH = 43
_TOKEN_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def islands_check(r: DocumentReader, value: Any, path: str, index: DocumentIndex) -> None:
    doc = r.obj(
        value,
        path,
        required=("setup", "hexes", "harbors", "ships", "pirates", "rounds"),
        # documents written before the team links, the proofs or the hall's feed have none
        optional=("links", "proofs", "notices"),
    )
    if doc is None:
        return
    if doc.get("setup") is not None:
        _check_setup(r, doc["setup"], join(path, "setup"))
    _check_hexes(r, doc.get("hexes"), join(path, "hexes"), index)
    _check_harbors(r, doc.get("harbors"), join(path, "harbors"), index)
    _check_ships(r, doc.get("ships"), join(path, "ships"), index)
    _check_pirates(r, doc.get("pirates"), join(path, "pirates"), index.board_side)
    check_rounds(r, doc.get("rounds"), join(path, "rounds"), index)
    if "links" in doc:
        _check_links(r, doc["links"], join(path, "links"), index)
    if "proofs" in doc:
        _check_proofs(r, doc["proofs"], join(path, "proofs"))
    if "notices" in doc:
        _check_notices(r, doc["notices"], join(path, "notices"))


def _check_notices(r: DocumentReader, value: Any, path: str) -> None:
    """The notice board's feed, in the order written: each line's moment, code and parameters (an
    object of plain values: team names and round numbers are the file's own, as the line read)."""
    for _j, lp, notice in r.objects(value, path, required=("at", "code", "params")):
        r.moment(notice.get("at"), join(lp, "at"))
        r.choice(notice.get("code"), join(lp, "code"), NoticeCode.values)
        params = r.blob(notice.get("params"), join(lp, "params"))
        if params is not None and not isinstance(params, dict):
            r.fail(join(lp, "params"), _("expected an object ({…})"))


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
        h = board_hex(r, cell.get("at"), join(p, "at"), side)
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
        board_hex(r, ship.get("at"), join(p, "at"), index.board_side, null=True, bay=True)
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
        board_hex(r, pirate.get("at"), join(p, "at"), side)
        for name in ("seahorse", "mermaid", "octopus"):
            r.boolean(pirate.get(name), join(p, name))


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
        username(r, proof.get("created_by"), join(lp, "created_by"))
        r.moment(proof.get("created_at"), join(lp, "created_at"))
        for field in ("started_at", "heartbeat_at", "finished_at"):
            r.moment(proof.get(field), join(lp, field), null=True)


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
