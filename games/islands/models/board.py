"""The board of a camp run, as rows: how it came to be (:class:`BoardSetup`), its hexes, each team's
harbor and ships, the pirates; the tiles, sides and ship kinds they take."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
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
