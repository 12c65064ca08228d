"""A team's private link to its own live page, as a row."""

from __future__ import annotations

import secrets

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.models import Team


def new_link_token() -> str:
    """An unguessable token for a team's private link (256 bits), as Batavia's seats have."""
    return secrets.token_urlsafe(32)


class TeamLink(models.Model):
    """A team's private link to its own live page (read only): ``/tym/<token>/``.

    One per team (so per camp run). Renewing draws a new token (the old link reads nothing at once);
    revoking shuts it until it is renewed. Writes go through :mod:`games.islands.services.team_links`.
    Unlike Batavia's links, the camp file (a staff backup) carries the token, so the printed QR codes
    open a restored camp run (docs/camp-backup-format.md, "Decisions").
    """

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, related_name="islands_link", verbose_name=_("team")
    )
    token = models.CharField(
        _("access token"), max_length=64, unique=True, default=new_link_token, editable=False
    )
    token_revoked_at = models.DateTimeField(_("link revoked at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    renewed_at = models.DateTimeField(_("renewed at"), null=True, blank=True)

    objects: GameRowManager[TeamLink] = GameRowManager(camp="team__camp")

    class Meta:
        verbose_name = _("team link")
        verbose_name_plural = _("team links")

    def __str__(self) -> str:
        return str(self.team)

    @property
    def link_active(self) -> bool:
        return self.token_revoked_at is None

    def page_path(self) -> str:
        """The team page's path (``/tym/<token>/``); its full address starts with the address for
        the phones (:func:`camp.web.network.phone_base_url`), on the handout and on the team's sheet."""
        return reverse("islands_public:team", args=[self.token])
