"""The words of a fair deal (rozdat férovou mapu): why a camp's settings make a fair board impossible,
by the engine's codes (``games.islands.engine.rehearsal.deal.DealError``), each naming the setting
and what to change; and its stages as the progress shows them."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .rehearsal import Sentence

#: Why no fair board can be dealt, by the search's code: the setting, and what to change.
IMPOSSIBLE_TEXTS: dict[str, Sentence] = {
    "side": Sentence(
        _("A board of side %(side)s cannot be dealt: change the camp run's board side (5 to 13)."),
        _("This board side cannot be dealt: change the camp run's board side (5 to 13)."),
    ),
    "bays": Sentence(
        _(
            "%(teams)s teams do not fit a board of side %(side)s: each side has %(bays)s bays, so at most "
            "%(most)s teams. Choose a larger board side or fewer teams."
        ),
        _("Too many teams for this board side: choose a larger board side or fewer teams."),
    ),
    "teams": Sentence(
        _("A fair board needs at least 2 teams: add teams to the camp run."),
        _("A fair board needs at least 2 teams: add teams to the camp run."),
    ),
    "ap_table": Sentence(
        _("The AP table gives no team any AP: nothing would move. Put AP in the camp run's AP table."),
        _("The AP table gives no team any AP: put AP in the camp run's AP table."),
    ),
    "chests": Sentence(
        _(
            "A board of this side holds %(chests)s chests, fewer than the %(teams)s teams: choose a "
            "larger board side or fewer teams."
        ),
        _("The board holds fewer chests than there are teams: choose a larger board side or fewer teams."),
    ),
    "not_found": Sentence(
        _(
            "No board was proven fair in %(candidates)s tries (%(camps)s simulated camps): with these "
            "settings the sides stay too far apart. Try again (another search), or a larger board side "
            "or fewer teams."
        ),
        _("No board was proven fair: try again, or a larger board side or fewer teams."),
    ),
}


def impossible_text(code: str, params: Mapping[str, object]) -> str:
    """Why the deal cannot be done, in words; an unforeseen code named as it is."""
    words = IMPOSSIBLE_TEXTS.get(code)
    if words is None:
        return gettext("A fair board cannot be dealt (%(code)s).") % {"code": code}
    try:
        return str(words.full) % {k: str(v) for k, v in params.items()}
    except (KeyError, TypeError, ValueError):
        return str(words.plain)


#: A deal's stages, as its progress names them.
STAGE_TEXTS: dict[str, object] = {
    "screening": _("Trying boards"),
    "confirming": _("Proving a board fair"),
}
