"""A checked islands part of a camp backup stored for the newly imported camp run
(:mod:`games.islands.backup`): the rows with new ids, the date-times as the file has them."""

from __future__ import annotations

from typing import Any

from camp.backups.parts import ImportedCamp
from camp.models import Round, Team
from games.islands.engine.hexes import Hex, geometry
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.links import TeamLink, new_link_token
from games.islands.models.notices import PublicNotice
from games.islands.models.plans import PlanLogEntry, TeamPlan
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.models.rounds import (
    IslandsRound,
    RoundResult,
    TeamOrders,
    TelescopeChoice,
    UndoneResolution,
)


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
            team_links=setup.get("team_links", False),
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
        Harbor(
            team=teams[h["team"]],
            side=h["side"],
            bay=h["bay"],
            delivered=h["delivered"],
            ap_before_import=h.get("ap_before_import", 0),
        )
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
                fixed_draws=opened.get("fixed_draws", {}),
                opened_at=moment(opened["opened_at"]),
                plans_due_at=moment(opened.get("plans_due_at")),
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
                version=o.get("version", 0),
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
                draws=result.get("draws"),
                resolved_at=moment(result["resolved_at"]),
                printed_at=moment(result.get("printed_at")),
                resolved_by=imported.user(result["resolved_by"]),
            )
            for c in result["telescope_choices"]:
                choice = TelescopeChoice.objects.create(result=stored, ship=c["ship"], hex=c["hex"])
                TelescopeChoice.objects.filter(pk=choice.pk).update(chosen_at=moment(c["chosen_at"]))
        TeamPlan.objects.bulk_create(
            TeamPlan(
                round=round_,
                team=teams[p["team"]],
                state=p["state"],
                build_cargo=p["build_cargo"],
                build_battleship=p["build_battleship"],
                routes=p["routes"],
                harbor=p["harbor"],
                fire=p["fire"],
                letters=p["letters"],
                version=p["version"],
                saved_at=moment(p["saved_at"]),
                handed_in_at=moment(p["handed_in_at"]),
                handed_in_by=p["handed_in_by"],
                handed_in_user=imported.user(p["handed_in_user"]),
                approved_at=moment(p["approved_at"]),
                approved_by=imported.user(p["approved_by"]),
                orders_version=p["orders_version"],
                returned_at=moment(p["returned_at"]),
                note=p["note"],
                reopened=p["reopened"],
                hand_in_expected=p.get("hand_in_expected", False),  # a file from before it: no undo
            )
            for p in entry.get("plans", [])
        )
        PlanLogEntry.objects.bulk_create(  # in the file's order: the log's order of one moment
            PlanLogEntry(
                round=round_,
                team=team_of(e["team"]),
                at=moment(e["at"]),
                by=e["by"],
                user=imported.user(e["user"]),
                action=e["action"],
                note=e["note"],
            )
            for e in entry.get("plan_log", [])
        )
        if (undone := entry.get("undone")) is not None:
            shown = _by_id(dict(undone["shown"]), teams)
            if isinstance(shown.get("translations"), dict):  # the other languages' copies
                shown["translations"] = {
                    language: _by_id(dict(copy), teams) if isinstance(copy, dict) else copy
                    for language, copy in shown["translations"].items()
                }
            UndoneResolution.objects.create(
                round=round_,
                shown=shown,
                printed=undone["printed"],
                resolved_at=moment(undone["resolved_at"]),
                undone_at=moment(undone["undone_at"]),
            )
    _store_links(value.get("links", []), imported)
    PublicNotice.objects.bulk_create(  # in the file's order: the feed's order of one moment
        PublicNotice(camp=camp, at=moment(n["at"]), code=n["code"], params=n["params"])
        for n in value.get("notices", [])
    )
    for proof in value.get("proofs", []):
        Rehearsal.objects.create(
            camp=camp,
            kind=proof["kind"],
            key=proof["key"],
            spec=proof["spec"],
            board_seeds=proof["board_seeds"],
            status=RehearsalStatus.DONE,
            camps_done=proof["camps_done"],
            camps_total=proof["camps_total"],
            stage=proof["stage"],
            candidate=proof["candidate"],
            proven=proof["proven"],
            report=proof["report"],
            created_at=moment(proof["created_at"]),
            created_by=imported.user(proof["created_by"]),
            started_at=moment(proof["started_at"]),
            heartbeat_at=moment(proof["heartbeat_at"]),
            finished_at=moment(proof["finished_at"]),
        )


def _by_id(shown: dict[str, Any], teams: dict[str, Team]) -> dict[str, Any]:
    """Kept sheets keyed by the team's name (the file's) keyed by the new team's id (the row's)."""
    if isinstance(shown.get("teams"), dict):
        shown["teams"] = {str(teams[name].pk): sheet for name, sheet in shown["teams"].items()}
    return shown


def _store_links(links: list[dict[str, Any]], imported: ImportedCamp) -> None:
    """Each team's link with its token as written (the printed QR codes keep working), active or
    revoked as it was. A token this database already holds (the camp run the file was written from
    is here too, or the file was imported before) is drawn anew, as "Nový odkaz" would: the link
    renewed at the import's moment, its state kept; the link of the camp run already here keeps
    working and is never taken over."""
    from django.utils.dateparse import parse_datetime

    tokens = [k["token"] for k in links]
    taken = set(TeamLink.objects.filter(token__in=tokens).values_list("token", flat=True))
    for k in links:
        renewed = k["token"] in taken
        link = TeamLink.objects.create(
            team=imported.teams[k["team"]],
            token=new_link_token() if renewed else k["token"],
            token_revoked_at=parse_datetime(k["revoked_at"]) if k["revoked_at"] else None,
            renewed_at=imported.moment
            if renewed
            else (parse_datetime(k["renewed_at"]) if k["renewed_at"] else None),
        )
        TeamLink.objects.filter(pk=link.pk).update(created_at=parse_datetime(k["created_at"]))  # auto_now_add
