"""A round of the game, as rows: what opening it drew, each team's stored orders, its result and
telescope choices, and what an undone resolution's sheets showed."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.models import Round, Team


class IslandsRound(models.Model):
    """What the game adds to a camp round when it is opened: pirate draws and the priority order."""

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="islands", verbose_name=_("round")
    )
    #: ``{"P1": ["N", "SE", …]}``: 11 directions per pirate (22 when doubled). Staff only.
    pirate_moves = models.JSONField(_("pirate moves"), default=dict, blank=True)
    #: Team ids, best placement first (ties settled by lot when the round was opened).
    priority = models.JSONField(_("priority order"), default=list, blank=True)
    #: A round file's fixed ``draws`` (``{"P1.shot": "E7", "red.C2.rum": ["S"]}``) for a round
    #: imported from one; resolving uses them before any drawn at random. Usually empty. Staff only.
    fixed_draws = models.JSONField(_("fixed draws"), default=dict, blank=True)
    opened_at = models.DateTimeField(_("opened at"), null=True, blank=True)
    #: The teams' plans are handed in until then ("odevzdání do 19:30"); null: no deadline.
    plans_due_at = models.DateTimeField(_("plans due at"), null=True, blank=True)

    objects: GameRowManager[IslandsRound] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("round of the game")
        verbose_name_plural = _("rounds of the game")

    def __str__(self) -> str:
        return str(self.round)


class TeamOrders(models.Model):
    """A team's orders (plán tahu) for a round, as staff typed them from the paper sheet."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="islands_orders", verbose_name=_("round")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="islands_orders", verbose_name=_("team")
    )
    ap = models.PositiveSmallIntegerField(_("AP"), default=0)
    build_cargo = models.PositiveSmallIntegerField(_("cargo ships to build"), default=0)
    build_battleship = models.PositiveSmallIntegerField(_("battleships to build"), default=0)
    #: ``{"C1": "N N . NE"}``: per ship id, tokens in the file format (English letters).
    routes = models.JSONField(_("routes"), default=dict, blank=True)
    #: ``"+ . -"``: one token per step.
    harbor = models.CharField(_("harbor moves"), max_length=400, blank=True, default="")
    fire = models.CharField(_("fire at"), max_length=4, blank=True, default="")
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("updated by"),
    )
    #: Counts the saves (``orders_submit``): the order page posts the one it showed, and a save
    #: from a page older than the stored orders is refused instead of silently replacing them.
    version = models.PositiveIntegerField(_("version"), default=0)

    objects: GameRowManager[TeamOrders] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("team orders")
        verbose_name_plural = _("team orders")
        ordering = ["round_id", "team__order", "team__name"]
        constraints = [
            models.UniqueConstraint(fields=["round", "team"], name="teamorders_unique_team_in_round")
        ]

    def __str__(self) -> str:
        return f"{self.round} – {self.team}"


class RoundResult(models.Model):
    """A resolved round: the state before it (for an exact undo) and what happened."""

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="islands_result", verbose_name=_("round")
    )
    #: The full ``zlate-ostrovy/1`` document of the state before the round (undo restores it).
    before = models.JSONField(_("state before the round"))
    events = models.JSONField(_("events"), default=list, blank=True)
    #: Every random draw the round consumed, as a round file's ``draws`` (what an export writes, so
    #: the file replays exactly). Null for rounds resolved before draws were kept. Staff only.
    draws = models.JSONField(_("draws"), null=True, blank=True)
    #: ``{"red.C2": "NNE"}``: map hints, private to their team.
    hints = models.JSONField(_("map hints"), default=dict, blank=True)
    #: ``["red.C1", …]``: telescope choices still to make.
    pending_telescopes = models.JSONField(_("pending telescopes"), default=list, blank=True)
    standings = models.JSONField(_("standings"), default=list, blank=True)
    resolved_at = models.DateTimeField(_("resolved at"))
    #: When its changed sheets were printed ("Print the changed sheets" after a correction): an undo
    #: then keeps what its sheets showed as the paper the teams hold. Null: not printed so.
    printed_at = models.DateTimeField(_("sheets printed at"), null=True, blank=True)
    resolved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("resolved by"),
    )

    objects: GameRowManager[RoundResult] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("round result")
        verbose_name_plural = _("round results")

    def __str__(self) -> str:
        return str(self.round)


class TelescopeChoice(models.Model):
    """The hex a team named for a telescope it found ("" when staff skipped the choice)."""

    result = models.ForeignKey(
        RoundResult,
        on_delete=models.CASCADE,
        related_name="telescope_choices",
        verbose_name=_("round result"),
    )
    ship = models.CharField(_("ship"), max_length=80, help_text=_("Team and ship, e.g. red.C1."))
    hex = models.CharField(_("hex"), max_length=4, blank=True, default="")
    chosen_at = models.DateTimeField(_("chosen at"), auto_now_add=True)

    objects: GameRowManager[TelescopeChoice] = GameRowManager(camp="result__round__camp")

    class Meta:
        verbose_name = _("telescope choice")
        verbose_name_plural = _("telescope choices")
        constraints = [
            models.UniqueConstraint(fields=["result", "ship"], name="telescope_unique_ship_in_result")
        ]

    def __str__(self) -> str:
        return f"{self.ship}: {self.hex or '—'}"


class UndoneResolution(models.Model):
    """What the team sheets and the notice-board sheet showed after a resolution that was undone,
    kept so that the round page can show what a new resolution of the round changed and print only
    the sheets that changed (staff only: it holds every team's sheet).

    One row per round: an undo replaces it when the undone resolution's changed sheets were printed
    (then its sheets are the paper the teams hold), and keeps the older one otherwise.
    """

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="islands_undone", verbose_name=_("round")
    )
    #: ``{"teams": {"<team id>": {…what its sheet shows…}}, "notice": {…}}`` (see
    #: :func:`games.islands.printing.changes.sheets_shown`).
    shown = models.JSONField(_("sheets of the undone resolution"), default=dict)
    #: The undone resolution's changed sheets had been printed.
    printed = models.BooleanField(_("its sheets were printed"), default=False)
    resolved_at = models.DateTimeField(_("resolved at"))
    undone_at = models.DateTimeField(_("undone at"))

    objects: GameRowManager[UndoneResolution] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("undone resolution")
        verbose_name_plural = _("undone resolutions")

    def __str__(self) -> str:
        return str(self.round)
