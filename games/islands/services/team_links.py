"""The teams' own links (optional per camp run; paper stays the default): switching them on for a
camp run, and each team's private link, created, renewed and revoked as Batavia's seats' links are.

A link is a 256-bit token (:func:`games.islands.models.new_link_token`). Renewing draws a new token
in the same write that shuts the old one, so the old link reads nothing from that moment; revoking
shuts the link until it is renewed. Each write locks the link's team row: two staff members renewing
at once get two renewals one after the other, never a half-written link. A renewal is a line of the
notice board's feed; creating and revoking are not (a revoked link is renewed when the team gets
its new one, and that is the line).
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from camp.models import Camp, Team
from games.islands.errors import IslandsError
from games.islands.models.board import BoardSetup
from games.islands.models.links import TeamLink, new_link_token
from games.islands.models.notices import NoticeCode, PublicNotice


@transaction.atomic
def team_links_switch(*, camp: Camp, on: bool) -> BoardSetup:
    """Turn the camp run's team links on (every team gets its link) or off (every link reads
    nothing; the tokens are kept, so turning them on again brings the same links back)."""
    setup = BoardSetup.objects.select_for_update().filter(camp=camp).first()
    if setup is None:
        raise IslandsError(_("Set up the board first: the team links show the team's map."), code="no_board")
    BoardSetup.objects.filter(pk=setup.pk).update(team_links=on)
    setup.team_links = on
    if on:
        for team in Team.objects.filter(camp=camp).order_by("order", "name", "id"):
            team_link_create(team=team)
    return setup


@transaction.atomic
def team_link_create(*, team: Team) -> TeamLink:
    """The team's link, created if it has none yet (a team added later gets one the same way)."""
    Team.objects.select_for_update().filter(pk=team.pk).first()
    link = TeamLink.objects.filter(team=team).first()
    if link is None:
        link = TeamLink.objects.create(team=team)
    return link


@transaction.atomic
def team_link_renew(*, link: TeamLink) -> TeamLink:
    """A fresh link for the team; the old one reads nothing from now on (a phone lost). The hall's
    feed gets a line (the team's name, never its token): a team whose page stopped opening knows why."""
    team = Team.objects.select_for_update().filter(pk=link.team_id).get()
    now = timezone.now()
    TeamLink.objects.filter(pk=link.pk).update(token=new_link_token(), token_revoked_at=None, renewed_at=now)
    PublicNotice.objects.create(
        camp_id=team.camp_id, at=now, code=NoticeCode.LINK_RENEWED, params={"team": team.name}
    )
    link.refresh_from_db()
    return link


@transaction.atomic
def team_link_revoke(*, link: TeamLink) -> TeamLink:
    """The team's link stops working at once, until it is renewed."""
    Team.objects.select_for_update().filter(pk=link.team_id).first()
    TeamLink.objects.filter(pk=link.pk, token_revoked_at__isnull=True).update(token_revoked_at=timezone.now())
    link.refresh_from_db()
    return link
