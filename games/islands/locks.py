"""The islands game's locks on camp data (registered in ``apps.py``): see :mod:`camp.locks`."""

from __future__ import annotations

from django.utils.translation import gettext as _

from camp.models import Camp
from games.islands.models import BoardSetup


def team_add_lock(camp: Camp) -> str:
    """Why ``camp`` takes no new team: its game has started (every team got its ship in its harbor
    then; a team added later would have neither, yet show in the standings and on paper)."""
    if BoardSetup.objects.filter(camp=camp, game_started_at__isnull=False).exists():
        return _(
            "The Golden Islands game of this camp run has already started: no team can be added now "
            "(it would have no harbor and no ship)."
        )
    return ""
