"""The teams' own links: one by its token (and whether it may be read now), a camp run's links."""

from __future__ import annotations

from camp.caches.prepared import PreparedRead
from camp.models import Camp
from games.islands.models.links import TeamLink


def team_link_by_token(token: str) -> TeamLink | None:
    """The team link of ``token`` with its team, camp run and board set-up (one query), or None.
    Whether it may be read (not revoked, links on) is the page's to ask."""
    if not token or len(token) > 64:
        return None
    return TeamLink.objects.select_related("team__camp__islands_setup").filter(token=token).first()


def readable_team_link_version(token: str) -> tuple[int, str] | None:
    """(link id, its camp run's public version) when the link of ``token`` may be read now (known,
    not revoked, the camp run's links on), else None. One small query in plain SQL: every team's
    phone polls its page every 10 s, and building the ORM query cost several times the rest of an
    unchanged poll's answer (as :func:`camp.caches.version.public_version`)."""
    if not token or len(token) > 64:
        return None
    row = _READABLE_LINK.first(token)
    return None if row is None else (int(row[0]), str(row[1]))


_READABLE_LINK = PreparedRead(
    lambda token: TeamLink.objects.filter(
        token=token, token_revoked_at__isnull=True, team__camp__islands_setup__team_links=True
    ).values_list("id", "team__camp__public_version"),
    samples=("one token", "another token"),
)


def team_links(camp: Camp) -> list[TeamLink]:
    """The camp run's team links, in seat order."""
    return list(
        TeamLink.objects.filter(team__camp=camp)
        .select_related("team")
        .order_by("team__order", "team__name", "team__id")
    )
