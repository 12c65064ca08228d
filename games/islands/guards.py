"""The islands game's guards on camp data (registered in ``apps.py``): see :mod:`camp.hooks.guards`.

Each guard says why a change of camp data is refused ("" when it is allowed).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from camp.models import Camp, Team
from games.islands.models.board import BoardHex, BoardSetup, Ship
from games.islands.models.rounds import RoundResult, TeamOrders


def team_add_guard(camp: Camp) -> str:
    """Why ``camp`` takes no new team: its game has started (every team got its ship in its harbor
    then; a team added later would have neither, yet show in the standings and on paper)."""
    if BoardSetup.objects.filter(camp=camp, game_started_at__isnull=False).exists():
        return _(
            "The Golden Islands game of this camp run has already started: no team can be added now "
            "(it would have no harbor and no ship)."
        )
    return ""


def board_side_guard(camp: Camp) -> str:
    """Why the camp's board side can no longer change: its board is dealt (hexes of that side)."""
    if BoardHex.objects.filter(camp=camp).exists():
        return _("A board has already been generated for this camp run: its side can no longer change.")
    return ""


def team_name_guard(team: Team) -> str:
    """Why the team can no longer be renamed: team names key the saved rounds (undo's snapshots,
    events, hints), so once the team has ships or orders, or a round of its camp is resolved, its
    name stays."""
    if (
        Ship.objects.filter(team=team).exists()
        or TeamOrders.objects.filter(team=team).exists()
        or RoundResult.objects.filter(round__camp_id=team.camp_id).exists()
    ):
        return _("This team already plays on the Golden Islands board: its name can no longer change.")
    return ""
