"""A game of Batavia played as a round's mini-game: the session and its seats (one per team).

The session's ``record`` (the ``batavia/1`` JSON record: setup and every action) is the single
source of truth; the game state is rebuilt from it by replay (:mod:`games.batavia.selectors`, cached
by ``version``, which every change increments). Writes go through :mod:`games.batavia.services`.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from camp.models import MiniGame, Team


def default_cash_table() -> list[int]:
    # Imported here: the engine package loads whole, and the models load at every start-up.
    from games.batavia.engine.state import DEFAULT_CASH_TABLE

    return list(DEFAULT_CASH_TABLE)


def new_token() -> str:
    """An unguessable access token for a team's private page (256 bits)."""
    return secrets.token_urlsafe(32)


class SessionMode(models.TextChoices):
    DIGITAL = "digital", _("played in the app")
    PHYSICAL = "physical", _("played on the real board (score calculator)")


class SessionStatus(models.TextChoices):
    SETUP = "setup", _("set up")
    PLAYING = "playing", _("playing")
    FINISHED = "finished", _("finished")
    RECORDED = "recorded", _("placements recorded")


class BotKind(models.TextChoices):
    NONE = "", _("team (human)")
    RANDOM = "random", _("random bot")
    GREEDY = "greedy", _("greedy bot")


class BataviaSession(models.Model):
    """One game of Batavia for a round's mini-game (of kind Batavia)."""

    Mode = SessionMode
    Status = SessionStatus

    minigame = models.OneToOneField(
        MiniGame, on_delete=models.CASCADE, related_name="batavia", verbose_name=_("mini-game")
    )
    mode = models.CharField(
        _("mode"), max_length=10, choices=SessionMode.choices, default=SessionMode.DIGITAL
    )
    status = models.CharField(
        _("status"), max_length=10, choices=SessionStatus.choices, default=SessionStatus.SETUP
    )
    #: The batavia/1 record (empty for a game played on the real board).
    record = models.JSONField(_("game record"), default=dict, blank=True)
    #: Increases with every change of the record: the cache key and the pages' refresh tag.
    version = models.PositiveIntegerField(_("version"), default=0)
    open_tiles = models.BooleanField(_("all tiles face up (learning variant)"), default=False)
    cash_table = models.JSONField(_("gold for cashing in 1-5 tiles"), default=default_cash_table)
    #: The score calculator's last input (physical games), to show it again.
    calculator = models.JSONField(_("score calculator input"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("Batavia game")
        verbose_name_plural = _("Batavia games")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        """The round, then the mini-game's name ("3. herní kolo – Batavia"), with "Batavia" added only
        when that name does not say it already (never "Batavia – Batavia")."""
        name = self.minigame.name
        values = {"round": self.minigame.round, "minigame": name}
        if "batavia" in name.casefold():
            return _("%(round)s – %(minigame)s") % values  # type: ignore[no-any-return]
        return _("%(round)s – %(minigame)s (Batavia)") % values  # type: ignore[no-any-return]


class BataviaSeat(models.Model):
    """A team's seat in a session, with the access token of its private page."""

    session = models.ForeignKey(
        BataviaSession, on_delete=models.CASCADE, related_name="seats", verbose_name=_("game")
    )
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="batavia_seats", verbose_name=_("team")
    )
    number = models.PositiveSmallIntegerField(_("seat"))
    token = models.CharField(_("access token"), max_length=64, unique=True, default=new_token, editable=False)
    token_revoked_at = models.DateTimeField(_("link revoked at"), null=True, blank=True)
    bot = models.CharField(_("played by"), max_length=10, choices=BotKind.choices, default="", blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="batavia_seat_number_unique"),
            models.UniqueConstraint(fields=["session", "team"], name="batavia_seat_team_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number + 1}. {self.team}"

    @property
    def link_active(self) -> bool:
        return self.token_revoked_at is None
