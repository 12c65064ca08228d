"""Writing a camp run as a ``zlate-ostrovy-camp/1`` document (docs/camp-backup-format.md): the camp's
own part (camp run, teams, rounds, mini-games, placements), then each game's part
(:mod:`camp.backups.parts`). Rows refer to each other by natural keys (a team by its name, a round
by its number), never by database ids. Reading a document back is :mod:`camp.backups.document`.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone

from camp.backups.parts import parts
from camp.backups.reader import FORMAT
from camp.models import Camp, MiniGame, Round, Team
from camp.staff.permissions import EXPORT, SEED, TEAM_LINKS


def export_permissions() -> list[str]:
    """Who may download a backup: staff with the backups' permission (``camp.export_camp``) who may
    also see every secret it holds: the teams' links (their tokens), the seed, and every row (the
    hidden board, the pirates' draws, the Batavia decks), i.e. view every model of camp and of each
    game's app."""
    from django.apps import apps

    labels = {"camp", *(p.app_label for p in parts())}
    views = {
        f"{model._meta.app_label}.view_{model._meta.model_name}"
        for label in labels
        for model in apps.get_app_config(label).get_models()
    }
    return sorted({EXPORT, TEAM_LINKS, SEED, *views})


def snapshot_permissions() -> list[str]:
    """Who may download a database snapshot: the whole database, so every secret of every camp run
    and the staff's logins (their password hashes): :func:`export_permissions` and changing logins."""
    return sorted({*export_permissions(), "auth.change_user"})


def may_export(user: Any) -> bool:
    return bool(user.has_perms(export_permissions()))


def may_download_snapshots(user: Any) -> bool:
    return bool(user.has_perms(snapshot_permissions()))


# ---------------------------------------------------------------------------------------- export


def moment_text(value: datetime | None) -> str | None:
    """A stored date-time in the document: ISO 8601 in UTC, or None."""
    if value is None:
        return None
    return value.astimezone(UTC).isoformat()


def camp_export_document(*, camp: Camp) -> dict[str, Any]:
    """The whole camp run as a ``zlate-ostrovy-camp/1`` document (plain JSON data).

    It holds the camp's secrets (its seed, the hidden board, the pirates' draws, the Batavia decks,
    the teams' plans, the islands team links' tokens): a staff backup, to be kept like the database.
    It holds no database id, no user account (only the user names of who typed orders, resolved a
    round, handed in or approved a plan) and no Batavia team link."""
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    names = {t.pk: t.name for t in teams}
    rounds = list(
        Round.objects.filter(camp=camp)
        .select_related("minigame")
        .prefetch_related("placements")
        .order_by("number")
    )
    document: dict[str, Any] = {
        "format": FORMAT,
        "exported_at": moment_text(timezone.now()),
        "camp": {
            "name": camp.name,
            "year": camp.year,
            "run_number": camp.run_number,
            "board_side": camp.board_side,
            "ap_table": list(camp.ap_table),
            "route_letters": camp.route_letters,
            "seed": camp.seed,
            "created_at": moment_text(camp.created_at),
        },
        "teams": [
            {"name": t.name, "colour": t.colour, "order": t.order, "label": t.label, "shape": t.shape}
            for t in teams
        ],
        "rounds": [],
    }
    for round_ in rounds:
        minigame = MiniGame.objects.filter(round=round_).first()
        placements = sorted(round_.placements.all(), key=lambda p: (p.rank, names[p.team_id]))
        document["rounds"].append(
            {
                "number": round_.number,
                "date": round_.date.isoformat() if round_.date else None,
                "status": round_.status,
                "minigame": None
                if minigame is None
                else {"name": minigame.name, "kind": minigame.kind, "notes": minigame.notes},
                "placements": [{"team": names[p.team_id], "rank": p.rank, "ap": p.ap} for p in placements],
            }
        )
    for part in parts():
        document[part.key] = part.export(camp)
    return document


def camp_export_text(*, camp: Camp) -> str:
    """The document as the file's text (UTF-8, indented, keys in the document's order)."""
    return json.dumps(camp_export_document(camp=camp), ensure_ascii=False, indent=1) + "\n"
