"""The "tonight" panel on the admin home: the evening's steps for the evening round, with links.

Each app contributes steps through a plain function registry (no signals): a provider takes the
round and returns :class:`DeskStep` items. The camp app provides the mini-game and placement steps;
a game played as the mini-game (Batavia) registers between them; the islands app registers its own
(orders, resolution) in its ``AppConfig.ready``::

    from camp.hooks.desk import register_steps
    register_steps(islands_steps, order=30)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.urls import reverse
from django.utils import timezone
from django.utils.dateformat import format as date_pattern
from django.utils.translation import gettext as _

from camp.formats.dates import day_pattern
from camp.models import ROUND_STATUS_ORDER, Camp, CampOrigin, CampOriginKind, MiniGameKind, Round, RoundStatus


@dataclass(frozen=True)
class DeskStep:
    label: str
    url: str | None
    done: bool
    hint: str = ""
    #: The permission that opens the step's page: a login without it sees the step, not the link.
    permission: str = ""


def steps_for_user(steps: Sequence[DeskStep], user: Any) -> list[DeskStep]:
    """The steps as ``user`` may follow them: a link the user's role may not open (a helper's
    islands round) would only answer "Přístup odepřen", so the step keeps its label and loses it.
    No user (a template rendered outside a request): the steps as they are."""
    if user is None:
        return list(steps)
    return [
        step if not step.permission or user.has_perm(step.permission) else replace(step, url=None)
        for step in steps
    ]


StepProvider = Callable[[Round], list[DeskStep]]
_PROVIDERS: list[tuple[int, StepProvider]] = []


def register_steps(provider: StepProvider, *, order: int) -> None:
    """Add a step provider; providers run by ``order``, the order the evening's work happens in:
    camp's mini-game 10, a game played as the mini-game 20, camp's placements 25, a game played on
    the round's AP 30 and up."""
    if all(existing is not provider for _o, existing in _PROVIDERS):
        _PROVIDERS.append((order, provider))
        _PROVIDERS.sort(key=lambda item: item[0])


def steps_for(round_: Round) -> list[DeskStep]:
    return [step for _order, provider in _PROVIDERS for step in provider(round_)]


CampStepProvider = Callable[[Camp], list[DeskStep]]
_CAMP_PROVIDERS: list[tuple[int, CampStepProvider]] = []


def register_camp_steps(provider: CampStepProvider, *, order: int) -> None:
    """Add a provider of camp-wide next steps (not tied to a round), e.g. a game's set-up before it starts.

    They are shown on the admin home's panel and on the camp run's page, also before the first round.
    """
    if all(existing is not provider for _o, existing in _CAMP_PROVIDERS):
        _CAMP_PROVIDERS.append((order, provider))
        _CAMP_PROVIDERS.sort(key=lambda item: item[0])


def camp_steps_for(camp: Camp) -> list[DeskStep]:
    return [step for _order, provider in _CAMP_PROVIDERS for step in provider(camp)]


def _status_at_least(round_: Round, status: str) -> bool:
    return ROUND_STATUS_ORDER.index(round_.status) >= ROUND_STATUS_ORDER.index(status)


def minigame_steps(round_: Round) -> list[DeskStep]:
    has_minigame = hasattr(round_, "minigame")
    return [
        DeskStep(
            label=_("Record the mini-game"),
            url=reverse("admin:camp_round_change", args=[round_.pk]),
            done=has_minigame,
            hint=round_.minigame.name if has_minigame else "",
            permission="camp.view_round",
        )
    ]


def placements_steps(round_: Round) -> list[DeskStep]:
    """After the mini-game is played: for a game played in the tool (Batavia, order 20) its step
    comes first, since its placements come from the game's result."""
    from_game = hasattr(round_, "minigame") and round_.minigame.kind == MiniGameKind.BATAVIA
    return [
        DeskStep(
            label=_("Record the placements (AP)"),
            url=reverse("admin:camp_round_placements", args=[round_.pk])
            if round_.placements_editable
            else None,
            done=_status_at_least(round_, RoundStatus.MINIGAME_RECORDED),
            hint=_("from the game's result") if from_game else "",
            permission="camp.change_round",
        ),
    ]


# The order things happen in an evening: the mini-game (10), a game played in the tool as the
# mini-game (Batavia, 20), the placements (25), then the games played on the AP (islands, 30).
register_steps(minigame_steps, order=10)
register_steps(placements_steps, order=25)


# ------------------------------------------------------------------------------ the camp switcher


def origin_mark(origin: CampOrigin) -> str:
    """``obnoveno 14. 7. 21:03`` / ``importováno 14. 7. 21:03``: when a camp run came from a file."""
    when = date_pattern(timezone.localtime(origin.at), f"{day_pattern('DAY_MONTH')} H:i")
    if origin.kind == CampOriginKind.IMPORTED:
        return _("imported %(when)s") % {"when": when}
    return _("restored %(when)s") % {"when": when}


def switcher_marks(camps: Sequence[Camp]) -> dict[int, str]:
    """The mark beside each camp run on the home page's switcher (one query): where a camp run
    stored from a file came from, and its number when two would still read alike (a backup
    restored twice in one minute), so two entries never look the same."""
    origins = {o.camp_id: o for o in CampOrigin.objects.filter(camp__in=[c.pk for c in camps])}
    marks = {c.pk: origin_mark(origins[c.pk]) if c.pk in origins else "" for c in camps}
    seen = Counter((str(c), marks[c.pk]) for c in camps)
    for camp in camps:
        if seen[(str(camp), marks[camp.pk])] > 1:
            number = _("no. %(id)d") % {"id": camp.pk}
            marks[camp.pk] = f"{marks[camp.pk]}, {number}" if marks[camp.pk] else number
    return marks
