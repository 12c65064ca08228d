"""The Golden Islands game of a camp run, as rows.

The *current* state of the game lives only here: one :class:`BoardHex` per board hex, a
:class:`Harbor` and :class:`Ship` rows per team, :class:`Pirate` rows per camp. The engine's
``GameState`` is read from these rows (``selectors.game_state``) and written back to them
(``services.game_state_store``). :class:`RoundResult.before` is a snapshot for an exact undo only,
never a second source of truth.

Writes go through :mod:`games.islands.services`; reads through :mod:`games.islands.selectors`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.models import Camp, Round, Team
from games.islands.engine.hexes import Hex, geometry
from games.islands.engine.tiles import Tile

MAX_CHESTS_PER_HEX = 9


class TileChoice(models.TextChoices):
    OPEN_SEA = Tile.OPEN_SEA.value, _("open sea")
    TELESCOPE = Tile.TELESCOPE.value, _("telescope")
    MAP = Tile.MAP.value, _("map")
    CARGO_SHIP = Tile.CARGO_SHIP.value, _("cargo ship")
    BOAT = Tile.BOAT.value, _("boat")
    RUM = Tile.RUM.value, _("rum")
    SEAHORSE = Tile.SEAHORSE.value, _("seahorse")
    TREASURE = Tile.TREASURE.value, _("treasure")
    POSEIDON = Tile.POSEIDON.value, _("Poseidon")
    OCTOPUS = Tile.OCTOPUS.value, _("octopus")
    MERMAID = Tile.MERMAID.value, _("mermaid")
    REEFS = Tile.REEFS.value, _("reefs")
    PEACE = Tile.PEACE.value, _("peace zone")
    PIRATES = Tile.PIRATES.value, _("pirates")


assert set(TileChoice.values) == {t.value for t in Tile}


class SideChoice(models.TextChoices):
    BOTTOM = "bottom", _("bottom (south)")
    RIGHT = "right", _("right (north-east)")
    LEFT = "left", _("left (north-west)")


class ShipKindChoice(models.TextChoices):
    CARGO = "cargo", _("cargo ship")
    BATTLESHIP = "battleship", _("battleship")


SHIP_IDENTS = ("C1", "C2", "C3", "C4", "C5", "C6", "B")


class BoardSetup(models.Model):
    """How a camp's board came to be: the generator's seed and mix, the draw of sides, the start.

    One row per camp, created when the board is accepted. Its camp row is what the set-up services
    lock, so two staff members cannot set up one camp at the same time.
    """

    camp = models.OneToOneField(
        Camp, on_delete=models.CASCADE, related_name="islands_setup", verbose_name=_("camp run")
    )
    generator_seed = models.BigIntegerField(_("generator seed"), validators=[MinValueValidator(0)])
    mix = models.CharField(_("tile mix"), max_length=40, default="default")
    generated_at = models.DateTimeField(_("board accepted at"))
    hand_edits = models.PositiveIntegerField(
        _("hexes edited by hand"), default=0, help_text=_("Changes made in the hex editor after generating.")
    )
    #: 0: sides not drawn yet; k: the k-th draw (its seed derives from the camp's seed and k).
    sides_draw = models.PositiveSmallIntegerField(_("draw of sides"), default=0)
    sides_drawn_at = models.DateTimeField(_("sides drawn at"), null=True, blank=True)
    game_started_at = models.DateTimeField(_("game started at"), null=True, blank=True)
    #: The teams' own links (a private page per team, :class:`TeamLink`) are on: staff switch them on
    #: per camp run; paper stays the default. Off, every team link reads nothing.
    team_links = models.BooleanField(_("team links on"), default=False)

    objects: GameRowManager[BoardSetup] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("board set-up")
        verbose_name_plural = _("board set-ups")

    def __str__(self) -> str:
        return str(self.camp)

    @property
    def sides_drawn(self) -> bool:
        return self.sides_draw > 0

    @property
    def game_started(self) -> bool:
        return self.game_started_at is not None


class BoardHex(models.Model):
    """One hex of a camp's board: its tile, the chests left, and whether (and by whom) it is revealed."""

    camp = models.ForeignKey(
        Camp, on_delete=models.CASCADE, related_name="board_hexes", verbose_name=_("camp run")
    )
    q = models.SmallIntegerField("q")
    r = models.SmallIntegerField("r")
    tile = models.CharField(_("tile"), max_length=12, choices=TileChoice.choices, default=TileChoice.OPEN_SEA)
    chests = models.PositiveSmallIntegerField(
        _("chests"), default=0, validators=[MaxValueValidator(MAX_CHESTS_PER_HEX)]
    )
    revealed = models.BooleanField(_("revealed"), default=False)
    revealed_round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("revealed in round"),
    )
    revealed_by = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("revealed by"),
    )

    objects: GameRowManager[BoardHex] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("board hex")
        verbose_name_plural = _("board hexes")
        ordering = ["camp_id", "q", "-r"]
        constraints = [
            models.UniqueConstraint(fields=["camp", "q", "r"], name="boardhex_unique_cell"),
            models.CheckConstraint(
                condition=models.Q(chests=0) | models.Q(tile=Tile.TREASURE.value),
                name="boardhex_chests_on_treasure",
            ),
            models.CheckConstraint(
                condition=models.Q(tile__in=[t.value for t in Tile]), name="boardhex_tile_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def hex(self) -> Hex:
        return Hex(self.q, self.r)

    @property
    def label(self) -> str:
        return geometry(self.camp.board_side).label(self.hex) if self.camp_id else f"({self.q},{self.r})"


class Harbor(models.Model):
    """A team's harbor: the side it drew, the bay it sits in (it moves during the game), its chests."""

    team = models.OneToOneField(Team, on_delete=models.CASCADE, related_name="harbor", verbose_name=_("team"))
    #: "" until the sides are drawn.
    side = models.CharField(_("side"), max_length=6, choices=SideChoice.choices, blank=True, default="")
    bay = models.PositiveSmallIntegerField(_("bay"), null=True, blank=True, validators=[MinValueValidator(1)])
    delivered = models.PositiveIntegerField(_("chests delivered"), default=0)
    #: A camp imported from a round file: the AP its teams had received before (the file's
    #: ``ap_total``), counted with the AP of the camp's own rounds for the tie-break. 0 otherwise.
    ap_before_import = models.PositiveIntegerField(_("AP received before the import"), default=0)

    objects: GameRowManager[Harbor] = GameRowManager(camp="team__camp")

    class Meta:
        verbose_name = _("harbor")
        verbose_name_plural = _("harbors")
        ordering = ["team__camp_id", "team__order", "team__name"]

    def __str__(self) -> str:
        return f"{self.team}: Z{self.bay}" if self.bay else str(self.team)

    @property
    def bay_label(self) -> str:
        return f"Z{self.bay}" if self.bay else ""


class Ship(models.Model):
    """A team's ship; ``q``/``r`` are null while it is in the team's harbor."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="ships", verbose_name=_("team"))
    ident = models.CharField(_("ship"), max_length=2, choices=[(i, i) for i in SHIP_IDENTS])
    kind = models.CharField(_("kind"), max_length=10, choices=ShipKindChoice.choices)
    q = models.SmallIntegerField("q", null=True, blank=True)
    r = models.SmallIntegerField("r", null=True, blank=True)
    chests = models.PositiveSmallIntegerField(_("chests aboard"), default=0)
    boat = models.PositiveSmallIntegerField(
        _("boat bonus"), default=0, help_text=_("Extra chests it may carry.")
    )
    seahorse = models.BooleanField(_("seahorse (moves double next round)"), default=False)
    mermaid = models.BooleanField(_("mermaid (may not move next round)"), default=False)
    octopus = models.BooleanField(_("held by an octopus"), default=False)
    built_round = models.ForeignKey(
        Round,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("built in round"),
    )

    objects: GameRowManager[Ship] = GameRowManager(camp="team__camp")

    class Meta:
        verbose_name = _("ship")
        verbose_name_plural = _("ships")
        ordering = ["team__camp_id", "team__order", "team__name", "ident"]
        constraints = [
            models.UniqueConstraint(fields=["team", "ident"], name="ship_unique_ident_in_team"),
            models.CheckConstraint(condition=models.Q(ident__in=SHIP_IDENTS), name="ship_ident_valid"),
            models.CheckConstraint(
                condition=(
                    models.Q(ident="B", kind="battleship") | (~models.Q(ident="B") & models.Q(kind="cargo"))
                ),
                name="ship_kind_matches_ident",
            ),
            models.CheckConstraint(
                condition=models.Q(q__isnull=True, r__isnull=True)
                | models.Q(q__isnull=False, r__isnull=False),
                name="ship_position_both_or_none",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.ident}"

    @property
    def in_harbor(self) -> bool:
        return self.q is None


class Pirate(models.Model):
    """A pirate ship of a camp's board."""

    camp = models.ForeignKey(
        Camp, on_delete=models.CASCADE, related_name="pirates", verbose_name=_("camp run")
    )
    ident = models.CharField(_("pirate ship"), max_length=5)
    q = models.SmallIntegerField("q")
    r = models.SmallIntegerField("r")
    seahorse = models.BooleanField(_("seahorse (moves double next round)"), default=False)
    mermaid = models.BooleanField(_("mermaid (may not move next round)"), default=False)
    octopus = models.BooleanField(_("held by an octopus"), default=False)

    objects: GameRowManager[Pirate] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("pirate ship")
        verbose_name_plural = _("pirate ships")
        ordering = ["camp_id", "ident"]
        constraints = [models.UniqueConstraint(fields=["camp", "ident"], name="pirate_unique_ident_in_camp")]

    def __str__(self) -> str:
        return self.ident


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


# ------------------------------------------------------------------------------------ a team's plan


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
        the phones (:func:`camp.network.phone_base_url`), on the handout and on the team's sheet."""
        return reverse("islands_public:team", args=[self.token])


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
