"""The islands steps of the admin home's evening panel: one link to the round page, whose
checklist holds the rest (open, orders per team, resolve, after, close)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from camp.hooks.desk import DeskStep
from camp.models import DONE_STATUSES, OPENED_STATUSES, Camp, Round, RoundStatus
from camp.staff.permissions import TEAM_LINKS
from games.islands.models.board import BoardSetup
from games.islands.pages.links import url

#: The round pages open to whoever may read the islands rounds (games.islands.pages.shared).
READ_PERMISSION = "islands.view_islandsround"


def islands_steps(round_: Round) -> list[DeskStep]:
    status = round_.status
    page = url("page", round_.pk)
    opened = status in OPENED_STATUSES
    resolved = status in DONE_STATUSES
    return [
        DeskStep(
            label=_("Open the round and type in the orders"),
            url=page,
            done=resolved,
            permission=READ_PERMISSION,
        ),
        DeskStep(
            label=_("Resolve the round"),
            url=url("resolve", round_.pk) if opened and not resolved else page,
            done=resolved,
            permission=READ_PERMISSION,
        ),
        DeskStep(
            label=_("Telescopes, hints, close the round"),
            url=url("after", round_.pk) if resolved else page,
            done=status == RoundStatus.CLOSED,
            permission=READ_PERMISSION,
        ),
        *_printing_step(round_, resolved=resolved),
        _team_links_step(round_),
    ]


def _team_links_step(round_: Round) -> DeskStep:
    """The teams' own links and their QR handouts: handed out any evening (a new team, a lost
    phone), so always offered; done while the camp run's links are on."""
    return DeskStep(
        label=_("Team links"),
        url=reverse("admin:islands_teamlink_camp", args=[round_.camp_id]),
        done=BoardSetup.objects.filter(camp_id=round_.camp_id, team_links=True).exists(),
        hint=_("each team's own link to its map on a phone, and the QR handouts"),
        permission=TEAM_LINKS,
    )


def _printing_step(round_: Round, *, resolved: bool) -> list[DeskStep]:
    """ "Tonight's printing" (one PDF in hand-out order) once the round is resolved (after the
    telescopes: their reveals belong on the map), while it is the round sheets are printed from."""
    if not resolved:
        return []
    from games.islands.printing.data import SheetsUnavailable, sheet_rounds  # loads on first use

    try:
        sheet_rounds(round_)
    except SheetsUnavailable:
        return []
    return [
        DeskStep(
            label=_("Tonight's printing"),
            url=url("evening", round_.pk),
            done=round_.status == RoundStatus.CLOSED,
            hint=_("team sheets, the notice-board sheet and the staff master sheet in one PDF"),
            permission=READ_PERMISSION,
        )
    ]


def islands_camp_steps(camp: Camp) -> list[DeskStep]:
    """Before the game has started: the board set-up (board, sides, bays, start) is the next step."""
    if BoardSetup.objects.filter(camp=camp, game_started_at__isnull=False).exists():
        return []
    return [
        DeskStep(
            label=_("Board set-up"),
            url=reverse("admin:islands_boardsetup_camp", args=[camp.pk]),
            done=False,
            permission="islands.view_boardsetup",
        )
    ]
