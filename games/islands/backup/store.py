"""A checked islands part of a camp backup stored for the newly imported camp run
(:mod:`games.islands.backup`): the rows with new ids, the date-times as the file has them."""

from __future__ import annotations

from typing import Any

from camp.backup_parts import ImportedCamp
from camp.models import Round, Team
from games.islands.engine.hexes import Hex, geometry
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models import (
    BoardHex,
    BoardSetup,
    Harbor,
    IslandsRound,
    Pirate,
    RoundResult,
    Ship,
    TeamOrders,
    TelescopeChoice,
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

