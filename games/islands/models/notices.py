"""The hall's feed of what staff changed (a corrected round, a reopened hand-in, a moved deadline, a
renewed team link), as rows: append-only, public, words by code."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.models import Camp


class NoticeCode(models.TextChoices):
    """What a line of the feed tells; its words are ``words.notices.NOTICE_TEXTS`` by this code."""

    ROUND_UNDONE = "round_undone", _("a round's resolution undone")
    ROUND_CORRECTED = "round_corrected", _("a round resolved again")
    HAND_IN_REOPENED = "hand_in_reopened", _("hand-in reopened for a team")
    DEADLINE = "deadline", _("the hand-in deadline set, moved or removed")
    LINK_RENEWED = "link_renewed", _("a team's link renewed")


class PublicNotice(models.Model):
    """One line of the notice board's feed: a staff act the hall may know of, when it happened.

    Only a code and its parameters are stored (round numbers, team names, times, and for an undone
    round a digest of what the hall saw of each team): the words are rendered when the board is read,
    so an English reader gets English. Nothing hidden is ever stored here (no plan, no hex, no token):
    every row is shown to everyone. Written in the same transaction as the act by the service that
    does it; never changed or deleted (only with its camp run)."""

    camp = models.ForeignKey(
        Camp, on_delete=models.CASCADE, related_name="islands_notices", verbose_name=_("camp run")
    )
    at = models.DateTimeField(_("at"), default=timezone.now)
    code = models.CharField(_("what"), max_length=20, choices=NoticeCode.choices)
    #: ``{"number": 4, "teams": ["Červení"]}``: the values its words need, public only.
    params = models.JSONField(_("details"), default=dict, blank=True)

    objects: GameRowManager[PublicNotice] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("public notice")
        verbose_name_plural = _("public notices")
        indexes = [models.Index(fields=["camp", "-id"], name="islands_notice_feed")]

    def __str__(self) -> str:
        return f"{self.get_code_display()} ({self.at:%Y-%m-%d %H:%M})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Append-only: a line the hall has read is never rewritten.
        if not self._state.adding:
            raise ValueError("a public notice is never changed once written")
        super().save(*args, **kwargs)
