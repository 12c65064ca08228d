"""Guards the games put on camp data: "why may this no longer change?" without camp importing games.

A guard is a registry of checks; a check returns the translated reason a change is refused, or ""
when it allows it. A game registers its checks in its ``AppConfig.ready`` (like :mod:`camp.hooks.desk`),
and camp asks :meth:`Guard.reason` before it changes or deletes something. ("Guard", not "lock":
a lock in this code base is a row lock, ``select_for_update``.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, ParamSpec

if TYPE_CHECKING:
    from camp.models import Camp, MiniGame, Round, Team

P = ParamSpec("P")


class Guard(Generic[P]):
    def __init__(self) -> None:
        self._checks: list[Callable[P, str]] = []

    def register(self, check: Callable[P, str]) -> None:
        """Add a check (once: registering it again changes nothing)."""
        if all(existing is not check for existing in self._checks):
            self._checks.append(check)

    def reason(self, *args: P.args, **kwargs: P.kwargs) -> str:
        """The first check's reason to refuse, or "" when every check allows the change."""
        for check in self._checks:
            if reason := check(*args, **kwargs):
                return reason
        return ""


# The guards camp asks. They live here, not beside the code that asks them, so that a game's
# ``AppConfig.ready`` registers its checks without importing camp's services, forms or selectors
# (start-up stays light: issue 12).

#: Why a camp run takes no new team (the islands app: once its game has started, a new team would
#: have no harbor and no ship). Asked by ``camp.services.team_create`` and the admin team forms.
TEAM_ADD_GUARD: Guard[[Camp]] = Guard()
register_team_add_guard = TEAM_ADD_GUARD.register

#: Why a round's mini-game can no longer change to another kind (Batavia: a game of Batavia is
#: recorded for the mini-game). Asked by ``camp.services`` and the admin form.
MINIGAME_KIND_GUARD: Guard[[MiniGame, str]] = Guard()
register_minigame_kind_guard = MINIGAME_KIND_GUARD.register

#: Why a camp's board side can no longer change (the islands app: once a board has been dealt, its
#: rows are of that side).
BOARD_SIDE_GUARD: Guard[[Camp]] = Guard()
register_board_side_guard = BOARD_SIDE_GUARD.register

#: Why a team can no longer be renamed. Team names are the keys of stored game data (round
#: snapshots, game records), so each game registers a check of its own; the camp app checks its
#: placements itself (``camp.forms.team_name_guard``).
TEAM_NAME_GUARD: Guard[[Team]] = Guard()
register_team_name_guard = TEAM_NAME_GUARD.register

#: Why a planned round still holds data of a game (Batavia: a game played as the round's mini-game).
ROUND_DELETE_GUARD: Guard[[Round]] = Guard()
register_round_delete_guard = ROUND_DELETE_GUARD.register
