"""The camp around the games: a camp run, its teams, its rounds, each round's mini-game and placements.

Writes go through :mod:`camp.services`, reads through :mod:`camp.selectors`. The models only hold
the data and the checks that belong to a single row.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from camp.game_rows import GameRowManager
from camp.marks import LABEL_MAX_LENGTH, Mark, team_label, team_shape
from camp.marks import TEAM_COLOURS as TEAM_COLOURS  # re-exported: the palette's old home
from camp.marks import team_colour as team_colour
from camp.staff.permissions import CAMP_PERMISSIONS

MIN_BOARD_SIDE = 3
MAX_BOARD_SIDE = 13
DEFAULT_BOARD_SIDE = 9
DEFAULT_AP_TABLE = (14, 11, 8)
MAX_AP_TABLE_LENGTH = 50
MAX_AP = 999


def default_ap_table() -> list[int]:
    """AP for 1st, 2nd, 3rd place (the source's numbers). A callable so no two camps share a list."""
    return list(DEFAULT_AP_TABLE)


def new_public_version() -> str:
    """A fresh :attr:`Camp.public_version`: random, so it tells nothing of the game."""
    return secrets.token_hex(8)


def new_seed() -> int:
    """A random non-negative 63-bit integer: fits a signed 64-bit ``bigint`` on every database."""
    return secrets.randbits(63)


def validate_ap_table(value: Any) -> None:
    """A list of whole numbers 0..999, at least one, a better placement never getting fewer AP."""
    if not isinstance(value, list) or not value:
        raise ValidationError(
            _("Enter the AP for at least the 1st place, e.g. 14, 11, 8."), code="ap_table_empty"
        )
    if len(value) > MAX_AP_TABLE_LENGTH:
        raise ValidationError(
            _("The AP table can have at most %(max)d placements."),
            code="ap_table_long",
            params={"max": MAX_AP_TABLE_LENGTH},
        )
    for index, ap in enumerate(value, start=1):
        if isinstance(ap, bool) or not isinstance(ap, int) or not 0 <= ap <= MAX_AP:
            raise ValidationError(
                _("The AP for place %(place)d must be a whole number from 0 to %(max)d (it is “%(value)s”)."),
                code="ap_table_value",
                params={"place": index, "max": MAX_AP, "value": ap},
            )
    for index in range(1, len(value)):
        if value[index] > value[index - 1]:
            raise ValidationError(
                _("Place %(worse)d cannot get more AP than place %(better)d."),
                code="ap_table_order",
                params={"worse": index + 1, "better": index},
            )


class TeamShape(models.TextChoices):
    """The outline of a team's mark (see :mod:`camp.marks`): drawn on its harbor and its ships."""

    CIRCLE = "circle", _("circle")
    SQUARE = "square", _("square")
    TRIANGLE = "triangle", _("triangle")
    DIAMOND = "diamond", _("diamond")
    HEXAGON = "hexagon", _("hexagon")
    STAR = "star", _("star")
    CROSS = "cross", _("cross")
    TRIANGLE_DOWN = "triangle_down", _("triangle pointing down")
    PENTAGON = "pentagon", _("pentagon")
    ARROW = "arrow", _("arrow")
    TRAPEZOID = "trapezoid", _("trapezoid")
    SHIELD = "shield", _("shield")


validate_hex_colour = RegexValidator(
    regex=r"^#[0-9a-fA-F]{6}$",
    message=_("Enter a colour as # and six hexadecimal digits, e.g. #c0392b."),
    code="invalid_colour",
)


class RouteLetters(models.TextChoices):
    """The letters of the six directions on a camp's order sheets. The teams write them on paper,
    so staff type and read routes in them whatever the page's language (``S`` is north in Czech,
    south in English: mixing them sinks ships)."""

    CZECH = "cs", _("Czech: S SV JV J JZ SZ (S is north)")
    ENGLISH = "en", _("English: N NE SE S SW NW (S is south)")


class Camp(models.Model):
    """One run of the summer camp (e.g. "Letní tábor techniků – 1. běh", 2026)."""

    name = models.CharField(_("name"), max_length=200)
    year = models.PositiveSmallIntegerField(
        _("year"), validators=[MinValueValidator(2000), MaxValueValidator(2100)]
    )
    run_number = models.PositiveSmallIntegerField(
        _("run number"), default=1, validators=[MinValueValidator(1), MaxValueValidator(99)]
    )
    board_side = models.PositiveSmallIntegerField(
        _("side of the board"),
        default=DEFAULT_BOARD_SIDE,
        validators=[MinValueValidator(MIN_BOARD_SIDE), MaxValueValidator(MAX_BOARD_SIDE)],
        help_text=_("Hexes along one side of the triangular board, 3 to 13."),
    )
    ap_table = models.JSONField(
        _("AP table"),
        default=default_ap_table,
        validators=[validate_ap_table],
        help_text=_("Action points for the 1st, 2nd, 3rd … place; a place beyond the table gets 0."),
    )
    route_letters = models.CharField(
        _("route letters"),
        max_length=2,
        choices=RouteLetters.choices,
        default=RouteLetters.CZECH,
        help_text=_(
            "The direction letters of the camp's order sheets: routes are typed and shown in them on "
            "every page, Czech or English."
        ),
    )
    # Fixed at creation: every random draw of the camp's games derives from it, so a round can be
    # replayed (and undone) exactly. Not editable in any form; save() refuses a change.
    seed = models.BigIntegerField(_("random seed"), default=new_seed, editable=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # Drawn anew by every write of the camp run's game rows (camp.caches.version): what the pages
    # keep (the notice board, its ETag, the team pages' views) is keyed by it. A random token,
    # not a count: a database put back from a backup brings the token of exactly the state it holds.
    public_version = models.CharField(max_length=32, default=new_public_version, editable=False)

    objects: GameRowManager[Camp] = GameRowManager(camp="")

    class Meta:
        verbose_name = _("camp run")
        verbose_name_plural = _("camp runs")
        ordering = ["-year", "-run_number", "name", "id"]
        # The camp's secrets, each behind a permission of its own (camp.staff.permissions).
        permissions = CAMP_PERMISSIONS
        constraints = [
            models.CheckConstraint(
                condition=models.Q(board_side__gte=MIN_BOARD_SIDE, board_side__lte=MAX_BOARD_SIDE),
                name="camp_board_side_range",
            ),
            models.CheckConstraint(condition=models.Q(seed__gte=0), name="camp_seed_non_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.year})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        loaded = getattr(self, "_loaded_seed", None)
        if loaded is not None and self.seed != loaded:
            raise ValueError("A camp's seed is fixed at creation and cannot be changed.")
        self.public_version = new_public_version()  # its name, year or board may be on the board
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "public_version"}
        super().save(*args, **kwargs)
        self._loaded_seed = self.seed

    @classmethod
    def from_db(cls, db: str | None, field_names: Any, values: Any) -> Camp:
        instance = super().from_db(db, field_names, values)
        instance._loaded_seed = instance.__dict__.get("seed")  # type: ignore[attr-defined]
        return instance


#: A camp run's most teams: more than any camp game plays (the islands take 12), and the bound of the
#: camp form's team rows (Django would build a form for each of up to 2,000 rows posted).
MAX_TEAMS = 30


class Team(models.Model):
    """A shipping company (plavební společnost) of one camp run."""

    camp = models.ForeignKey(Camp, on_delete=models.CASCADE, related_name="teams", verbose_name=_("camp run"))
    name = models.CharField(_("name"), max_length=100)
    colour = models.CharField(
        _("colour"),
        max_length=7,
        validators=[validate_hex_colour],
        help_text=_("As # and six hexadecimal digits, e.g. #c0392b; used on the board and on paper."),
    )
    order = models.PositiveSmallIntegerField(
        _("seat"), default=0, help_text=_("Order of the team in lists and on paper (lowest first).")
    )
    label = models.CharField(
        _("mark"),
        max_length=LABEL_MAX_LENGTH,
        blank=True,
        help_text=_(
            "1 to 3 letters drawn on the team's harbor and in the maps' key, e.g. CH; "
            "empty: the first letters of its name."
        ),
    )
    shape = models.CharField(
        _("shape"),
        max_length=16,
        choices=TeamShape.choices,
        blank=True,
        help_text=_(
            "The outline of the team's harbor mark and ships, told apart on a black-and-white print; "
            "empty: one no other team of the camp run has."
        ),
    )

    objects: GameRowManager[Team] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["camp_id", "order", "name", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["camp", "name"],
                name="team_name_unique_in_camp",
                violation_error_message=_("This camp run already has a team of this name."),
            ),
            models.UniqueConstraint(
                fields=["camp", "label"],
                name="team_label_unique_in_camp",
                violation_error_message=_("Another team of this camp run already has this mark."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.colour = (self.colour or "").lower()
        self.label = (self.label or "").strip().upper()
        self.fill_mark()
        super().save(*args, **kwargs)

    @property
    def mark(self) -> Mark:
        return Mark(self.label, self.shape)

    def fill_mark(self) -> None:
        """An empty label or shape: the default one no other team of the camp run has."""
        if self.label and self.shape:
            return
        others = Team.objects.filter(camp_id=self.camp_id).exclude(pk=self.pk).values_list("label", "shape")
        if not self.label:
            self.label = team_label(self.name, [label for label, _shape in others])
        if not self.shape:
            self.shape = team_shape(0, [shape for _label, shape in others])


class RoundStatus(models.TextChoices):
    """The life of a round, in order. Moves forward one step at a time (see ``round_set_status``)."""

    PLANNED = "planned", _("planned")
    MINIGAME_RECORDED = "minigame_recorded", _("placements recorded")
    ORDERS_OPEN = "orders_open", _("orders open")
    RESOLVED = "resolved", _("resolved")
    CLOSED = "closed", _("closed")


ROUND_STATUS_ORDER: tuple[str, ...] = tuple(RoundStatus.values)
# The one step back: undoing a resolution (the islands app restores the state before the round).
ROUND_STATUS_UNDO: dict[str, str] = {RoundStatus.RESOLVED: RoundStatus.ORDERS_OPEN}
# Placements may be (re)recorded until the round is resolved: mistakes are often noticed when the
# order sheets are handed out. Once resolved, undo the resolution first.
PLACEMENTS_EDITABLE_STATUSES: frozenset[str] = frozenset(
    {RoundStatus.PLANNED, RoundStatus.MINIGAME_RECORDED, RoundStatus.ORDERS_OPEN}
)
#: Rounds played to the end (resolved or closed): their AP count as received, their results are public.
DONE_STATUSES: frozenset[str] = frozenset({RoundStatus.RESOLVED, RoundStatus.CLOSED})
#: Rounds that have been opened for orders (open, resolved or closed): the game's board is then fixed.
OPENED_STATUSES: frozenset[str] = frozenset({RoundStatus.ORDERS_OPEN, *DONE_STATUSES})


class Round(models.Model):
    """A game round (herní kolo), usually one a day."""

    Status = RoundStatus

    camp = models.ForeignKey(
        Camp, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("camp run")
    )
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    date = models.DateField(_("date"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=RoundStatus.choices, default=RoundStatus.PLANNED, editable=False
    )

    objects: GameRowManager[Round] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["camp_id", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["camp", "number"],
                name="round_number_unique_in_camp",
                violation_error_message=_("This camp run already has a round of this number."),
            ),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=models.Q(status__in=ROUND_STATUS_ORDER), name="round_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return gettext("Round %(number)d") % {"number": self.number}

    @property
    def placements_editable(self) -> bool:
        return self.status in PLACEMENTS_EDITABLE_STATUSES


class MiniGameKind(models.TextChoices):
    OUTDOOR = "outdoor", _("outdoor")
    INDOOR = "indoor", _("indoor")
    BATAVIA = "batavia", _("Batavia (indoor)")


class MiniGame(models.Model):
    """The mini-game (dílčí hra) of a round; its placements decide the round's AP."""

    Kind = MiniGameKind

    round = models.OneToOneField(
        Round, on_delete=models.CASCADE, related_name="minigame", verbose_name=_("round")
    )
    name = models.CharField(_("name"), max_length=200)
    kind = models.CharField(
        _("kind"), max_length=10, choices=MiniGameKind.choices, default=MiniGameKind.OUTDOOR
    )
    notes = models.TextField(_("notes"), blank=True)

    objects: GameRowManager[MiniGame] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("mini-game")
        verbose_name_plural = _("mini-games")

    def __str__(self) -> str:
        return self.name


class Placement(models.Model):
    """A team's place in a round's mini-game and the AP it earned.

    ``ap`` is stored when the placements are recorded and never recomputed: the AP a team got is
    history (it was spent on that round's turn), so changing the camp's AP table later must not
    rewrite past rounds. Re-recording a round's placements computes it afresh from the current table.
    A team with no placement in a round did not take part and got 0 AP.
    """

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="placements", verbose_name=_("round")
    )
    # PROTECT: a team with recorded results cannot be deleted (nothing lost).
    team = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="placements", verbose_name=_("team")
    )
    rank = models.PositiveSmallIntegerField(_("place"), validators=[MinValueValidator(1)])
    ap = models.PositiveSmallIntegerField(_("AP"), help_text=_("Action points, as recorded."))

    objects: GameRowManager[Placement] = GameRowManager(camp="round__camp")

    class Meta:
        verbose_name = _("placement")
        verbose_name_plural = _("placements")
        ordering = ["round_id", "rank", "team_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "team"],
                name="placement_unique_team_in_round",
                violation_error_message=_("This team already has a placement in this round."),
            ),
            models.CheckConstraint(condition=models.Q(rank__gte=1), name="placement_rank_positive"),
        ]

    def __str__(self) -> str:
        return gettext("%(team)s: place %(rank)d (%(ap)d AP)") % {
            "team": self.team,
            "rank": self.rank,
            "ap": self.ap,
        }


# ------------------------------------------------------------------------------ the database itself


class InstallationKind(models.TextChoices):
    """What a database is for: a real camp's (``make camp``) or the demo's (``make run``)."""

    CAMP = "camp", _("camp")
    DEMO = "demo", _("demo")


def new_installation_id() -> str:
    """128 random bits as 32 hexadecimal digits: no two laptops ever draw the same."""
    return secrets.token_hex(16)


class Installation(models.Model):
    """Which installation this database belongs to and what it is for: at most one row, made on the
    first start (``make camp`` makes a camp, ``demo_setup`` the demo; ``camp.services.
    installation_claim``). Every snapshot is a copy of the database, so it carries the row: a restore
    tells this laptop's camp from the demo and from another laptop's camp by it.

    A database from before this table has no row until its first start claims it (``make camp``:
    a camp of this laptop); a snapshot without the row counts as of another installation."""

    # Always 1: a second row cannot be stored.
    singleton = models.PositiveSmallIntegerField(primary_key=True, default=1, editable=False)
    installation_id = models.CharField(max_length=32, default=new_installation_id, editable=False)
    kind = models.CharField(max_length=4, choices=InstallationKind.choices, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("installation")
        verbose_name_plural = _("installations")
        constraints = [
            models.CheckConstraint(condition=models.Q(singleton=1), name="installation_one_row"),
            models.CheckConstraint(
                condition=models.Q(kind__in=InstallationKind.values), name="installation_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.installation_id}"


class CampOriginKind(models.TextChoices):
    """How a camp run came from a file (a camp run made here has no :class:`CampOrigin`)."""

    RESTORED = "restored", _("restored")  # from a camp backup (zlate-ostrovy-camp/1)
    IMPORTED = "imported", _("imported")  # from a round file (zlate-ostrovy/1)


class CampOrigin(models.Model):
    """A camp run stored from a file, and when: the home page's switcher says so ("obnoveno 14. 7.
    21:03"), so a restored copy never looks like the camp run it was made from."""

    camp = models.OneToOneField(
        Camp, on_delete=models.CASCADE, primary_key=True, related_name="origin", verbose_name=_("camp run")
    )
    kind = models.CharField(_("origin"), max_length=10, choices=CampOriginKind.choices)
    at = models.DateTimeField(_("stored at"))

    objects: GameRowManager[CampOrigin] = GameRowManager(camp="camp")

    class Meta:
        verbose_name = _("origin of a camp run")
        verbose_name_plural = _("origins of camp runs")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind__in=CampOriginKind.values), name="camp_origin_kind_valid"
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.at:%Y-%m-%d %H:%M}"


class PhoneAddress(models.Model):
    """The laptop's address on the camp network that the teams' phones are given (one row, pk 1):
    every team link, QR code and link sheet under ``make camp`` carries it (camp.web.network.phone_base_url).
    Chosen once (at the first start with a network, the banner's best candidate) and kept, so a
    sheet printed tonight still works tomorrow; staff change it on the admin home."""

    address = models.GenericIPAddressField(_("address for the phones"), protocol="IPv4")
    changed_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        verbose_name = _("address for the phones")
        verbose_name_plural = _("addresses for the phones")

    def __str__(self) -> str:
        return self.address
