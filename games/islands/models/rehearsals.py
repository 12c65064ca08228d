"""A rehearsal of the game (zkouška hry) or a fair deal run by the simulator in the background, as a
row."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from camp.models import Camp


class RehearsalStatus(models.TextChoices):
    """Where a rehearsal of the game stands (``Rehearsal.status``)."""

    QUEUED = "queued", _("waiting to start")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    CANCELLED = "cancelled", _("cancelled")
    FAILED = "failed", _("failed")
    #: Its worker stopped without a word (the laptop shut down, the process was killed).
    INTERRUPTED = "interrupted", _("interrupted")


#: A rehearsal in one of these may still change; the others are over.
REHEARSAL_ACTIVE = (RehearsalStatus.QUEUED, RehearsalStatus.RUNNING)


class RehearsalKind(models.TextChoices):
    """What a background run of the simulator does (``Rehearsal.kind``)."""

    #: Rehearse the boards staff chose (zkouška hry).
    REHEARSAL = "rehearsal", _("rehearsal of the game")
    #: Deal a board and tune it until the rehearsal proves it fair (rozdat férovou mapu).
    DEAL = "deal", _("fair deal")


class Rehearsal(models.Model):
    """A rehearsal of the game (zkouška hry): simulated camps played by bots on 1 to 4 candidate
    boards, run in the background, its report kept per boards and parameters (``key``).

    Staff only: it reveals the board (its cells are in ``spec``, its figures in ``report``), so no
    public page, team page or team sheet reads it, and the camp file keeps only the runs that proved
    a board fair (docs/camp-backup-format.md). Writes go through :mod:`games.islands.services.rehearsals`.
    """

    camp = models.ForeignKey(
        Camp, on_delete=models.CASCADE, related_name="islands_rehearsals", verbose_name=_("camp run")
    )
    kind = models.CharField(
        _("kind"), max_length=10, choices=RehearsalKind.choices, default=RehearsalKind.REHEARSAL
    )
    #: The boards and parameters as a hash (sha256 hex; not the simulation's own seed): the same
    #: boards rehearsed with the same parameters have the same key, and the kept report is shown.
    key = models.CharField(_("boards and parameters"), max_length=64, db_index=True)
    #: What is rehearsed, as stored: the side, each board's cells and seed, the teams, the AP
    #: table, rounds, simulated camps, placement model, bots and the simulation's seed.
    spec = models.JSONField(_("what is rehearsed"))
    #: Its boards, as the lists name them: each one's seed, or null for the camp's own board.
    board_seeds = models.JSONField(_("boards"), default=list)
    status = models.CharField(
        _("status"), max_length=12, choices=RehearsalStatus.choices, default=RehearsalStatus.QUEUED
    )
    camps_done = models.PositiveIntegerField(_("simulated camps done"), default=0)
    camps_total = models.PositiveIntegerField(_("simulated camps in all"), default=0)
    #: A deal's stage ("screening" a candidate board, "confirming" one) and which candidate it is.
    stage = models.CharField(_("stage"), max_length=12, blank=True, default="")
    candidate = models.PositiveIntegerField(_("candidate board"), default=0)
    #: The boards it proved fair, once done: ``{"key": deals.cells_key, "camps": per style}`` each.
    proven = models.JSONField(_("boards proven fair"), default=list, blank=True)
    cancel_requested = models.BooleanField(_("cancel requested"), default=False)
    #: The simulator's report document (``zlate-ostrovy-rehearsal/1``) once done.
    report = models.JSONField(_("report"), null=True, blank=True)
    #: Why it failed (the simulator's or the worker's own words, for staff).
    problem = models.TextField(_("problem"), blank=True, default="")
    #: The background process running it (none yet, or run in the request).
    worker_pid = models.PositiveIntegerField(_("worker process"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("started by"),
    )
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    #: The worker's last sign of life: a run whose worker fell silent is shown as interrupted.
    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("rehearsal of the game")
        verbose_name_plural = _("rehearsals of the game")
        ordering = ["camp_id", "-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(status__in=RehearsalStatus.values), name="rehearsal_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.camp} – {self.created_at:%Y-%m-%d %H:%M}"

    @property
    def active(self) -> bool:
        return self.status in REHEARSAL_ACTIVE
