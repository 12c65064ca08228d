"""The next round of a benchmark's camp, played as far as its resolve, in a child process over the
camp's data folder (``python -m bench._advance DATA_DIR CAMP_ID``): the round resolved before (if
any) gets its telescopes and is closed, the next one is created, its placements recorded, opened,
every team's orders stored (the demo planner's) and resolved, as staff do it in an evening. Prints
the printing addresses of the round just resolved as JSON. Only the child imports Django."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from bench._camp_server import child_json


def advance(data_dir: Path, camp: int) -> dict[str, object]:
    """(parent) Resolve the next round of ``camp``; the printing addresses of that round."""
    return dict(child_json("bench._advance", data_dir, str(camp), what="playing the next round"))


def _child(camp_id: int) -> None:
    import django

    django.setup()
    from django.urls import reverse

    from camp import services as camp_services
    from camp.models import Camp, Round, RoundStatus, Team
    from games.islands.demo import play_round
    from games.islands.services import rounds as round_services

    camp = Camp.objects.get(pk=camp_id)
    last = Round.objects.filter(camp=camp).order_by("-number").first()
    if last is not None and last.status == RoundStatus.ORDERS_OPEN:  # the world's: its orders stored
        round_services.round_resolve(round=last)
    else:
        if last is not None and last.status == RoundStatus.RESOLVED:
            play_round(camp, last)  # its telescopes, then closed
        last = camp_services.round_create(camp=camp)
        play_round(camp, last, close=False)
    last.refresh_from_db()
    assert last.status == RoundStatus.RESOLVED, last.status
    teams = Team.objects.filter(camp=camp).order_by("order", "name", "id")

    def admin(name: str, *args: int) -> str:
        return reverse(f"admin:islands_round_{name}", args=[last.pk, *args])

    print(
        json.dumps(
            {
                "number": last.number,
                "sheet": admin("sheet", teams[0].pk),
                "sheets": admin("sheets"),
                "evening": admin("evening"),
            }
        )
    )


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    _child(int(sys.argv[2]))
