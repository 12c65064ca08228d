"""A team's plan for a round, as rows: the plan as written and where it stands, and the log of every
write to it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.models import Round, Team


class PlanState(models.TextChoices):
    """Where a team's plan for a round stands (``TeamPlan.state``)."""

    NONE = "none", _("nothing yet")
    DRAFT = "draft", _("draft")
    HANDED_IN = "handed_in", _("handed in (screen)")
    PAPER = "paper", _("handed in (paper)")
    APPROVED = "approved", _("approved")
    RETURNED = "returned", _("returned")


class PlanBy(models.TextChoices):
    """Who wrote to a plan: staff (a user), or the team itself through its link."""

    STAFF = "staff", _("staff")
    TEAM = "team", _("the team's link")


class TeamPlan(models.Model):
    """A team's plan (plán tahu) for a round, as the team writes it on its own page or staff mark its
    paper form: one row per round and team, kept beside the stored orders (:class:`TeamOrders`)
    until staff approve it (``plan_approve`` stores it through ``orders_submit``).

    The sheet's fields are an :class:`~games.islands.orders.OrderSheet`'s, as text: a draft may hold
    a typo, so it keeps what was written (``letters``: the alphabet of its routes); a sheet whose
    routes all read is kept in English letters, as the stored orders are. Writes go through
    :mod:`games.islands.services.plans`.
    """

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="islands_plans", verbose_name=_("round")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="islands_plans", verbose_name=_("team")
    )
    state = models.CharField(_("state"), max_length=10, choices=PlanState.choices, default=PlanState.NONE)
    build_cargo = models.CharField(_("cargo ships to build"), max_length=20, blank=True, default="0")
    build_battleship = models.CharField(_("battleships to build"), max_length=20, blank=True, default="0")
    #: ``{"C1": "N N . NE"}``: per ship id, the route as written (in ``letters``).
    routes = models.JSONField(_("routes"), default=dict, blank=True)
    harbor = models.CharField(_("harbor moves"), max_length=600, blank=True, default="")
    fire = models.CharField(_("fire at"), max_length=20, blank=True, default="")
    letters = models.CharField(_("route letters"), max_length=2, default="en")
    #: Counts the writes: a save posts the one its page showed, an older one is refused.
    version = models.PositiveIntegerField(_("version"), default=0)
    saved_at = models.DateTimeField(_("saved at"), null=True, blank=True)
    handed_in_at = models.DateTimeField(_("handed in at"), null=True, blank=True)
    handed_in_by = models.CharField(
        _("handed in by"), max_length=5, choices=PlanBy.choices, blank=True, default=""
    )
    handed_in_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("handed in by staff member"),
    )
    approved_at = models.DateTimeField(_("approved at"), null=True, blank=True)
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("approved by"),
    )
    #: The stored orders' version the approval made: stored orders of another version were typed
    #: by staff on the order page ("plán zadali vedoucí").
    orders_version = models.PositiveIntegerField(_("orders version approved"), null=True, blank=True)
    returned_at = models.DateTimeField(_("returned at"), null=True, blank=True)
    #: Staff's note to the team when they returned the plan (the team sees it).
    note = models.TextField(_("note to the team"), blank=True, default="")
    #: Staff reopened the hand-in for this team after the round's deadline.
    reopened = models.BooleanField(_("reopened after the deadline"), default=False)
    #: Staff undid "nothing to do": a team with nothing to order this round counts as handed in
    #: (``selectors.plans``) unless this is set; then it hands in as usual.
    hand_in_expected = models.BooleanField(_("hand-in expected despite nothing to do"), default=False)

    objects: GameRowManager[TeamPlan] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("team's plan")
        verbose_name_plural = _("teams' plans")
        ordering = ["round_id", "team__order", "team__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="teamplan_unique_team_in_round"),
            models.CheckConstraint(
                condition=models.Q(state__in=PlanState.values), name="teamplan_state_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.team}"


class PlanAction(models.TextChoices):
    SAVED = "saved", _("draft saved")
    HANDED_IN = "handed_in", _("handed in")
    WITHDRAWN = "withdrawn", _("taken back")
    PAPER = "paper", _("paper plan received")
    APPROVED = "approved", _("approved")
    RETURNED = "returned", _("returned")
    DEADLINE = "deadline", _("deadline set")
    REOPENED = "reopened", _("reopened after the deadline")
    #: Staff stored orders typed on the order page over a plan handed in (screen or paper).
    ENTERED = "entered", _("orders entered by staff")
    #: Staff undid the automatic hand-in of a team with nothing to do: it is to hand in as usual.
    EXPECTED = "expected", _("nothing to do undone: hand-in expected")
    #: Staff took that back: the team with nothing to do counts as handed in again.
    NOTHING = "nothing", _("counts as nothing to do again")


class PlanLogEntry(models.Model):
    """One write to a team's plan (or the round's deadline: no team): who, when, what. Staff only."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="islands_plan_log", verbose_name=_("round")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="+", verbose_name=_("team")
    )
    at = models.DateTimeField(_("at"))
    by = models.CharField(_("by"), max_length=5, choices=PlanBy.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("staff member"),
    )
    action = models.CharField(_("action"), max_length=10, choices=PlanAction.choices)
    note = models.TextField(_("note"), blank=True, default="")

    objects: GameRowManager[PlanLogEntry] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("plan log entry")
        verbose_name_plural = _("plan log entries")
        ordering = ["round_id", "at", "id"]

    def __str__(self) -> str:
        return f"{self.round} {self.at:%H:%M} {self.action}"
