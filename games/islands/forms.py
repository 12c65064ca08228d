"""The Django forms of every Golden Islands request that carries data: a team's orders, the
telescope choices, a round file to import, the board set-up (seed, hex, sides, bay) and the
confirmation boxes. A page binds one, and hands the service what it cleaned (typed values: a hex,
a tile, a bay's number; the services parse nothing).

The order fields are read as typed, whatever was posted, into the one
:class:`~games.islands.orders.OrderSheet`: the orders' own check (:func:`games.islands.orders.check`)
names every mistake in them, with ship and step, so the form refuses nothing but a text too long to
be an order (:data:`MAX_FIELD`) and a route of a ship the team does not have. Its problems come with
the sheet (:attr:`OrderEntry.problems`), never as a refusal, so the page still draws what can be
drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time
from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from camp.forms import APTableField, RowIdField, parse_row_id, refuse_nul_characters
from camp.models import Camp, Team, validate_ap_table
from games.islands import rehearsals, words
from games.islands.engine import generator
from games.islands.engine.hexes import Hex, LabelError, geometry
from games.islands.engine.notation import Alphabet
from games.islands.engine.tiles import Tile
from games.islands.models.board import MAX_CHESTS_PER_HEX, Ship, ShipKindChoice, TileChoice
from games.islands.orders import OrderSheet
from games.islands.services import board as board_services

#: Longest text accepted in one order field (a route of 99 AP with a seahorse is ~300 characters).
MAX_FIELD = 600
#: The click mode that sets the fire target (the others are ships' idents).
FIRE_MODE = "fire"
#: Largest round file accepted for an import.
MAX_IMPORT_BYTES = 2_000_000


class Text(forms.Field):
    """A text as posted (nothing stripped, no value refused), cut to ``cut`` characters; absent is
    ``""``, or ``None`` with ``absent_none`` (where a page asks whether the field was sent at all)."""

    def __init__(self, *, cut: int | None = None, absent_none: bool = False, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.cut = cut
        self.absent_none = absent_none

    def to_python(self, value: Any) -> str | None:
        if value is None and self.absent_none:
            return None
        text = value or ""
        return text if self.cut is None else text[: self.cut]


class Ticked(forms.Field):
    """A tick box or switch: sent with any value but the empty one (``"0"`` too, as the pages always
    read it; Django's ``BooleanField`` would read ``"false"`` and ``"0"`` as not ticked)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> bool:
        return bool(value)


class OrderText(forms.Field):
    """One field of the order sheet: any text (the check names its mistakes), at most
    :data:`MAX_FIELD` characters; ``cut`` shortens what is kept (the counts and the target)."""

    def __init__(self, *, cut: int | None = None, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.cut = cut

    def to_python(self, value: Any) -> str:
        return value or ""

    def validate(self, value: Any) -> None:
        refuse_nul_characters(value, label=str(self.label))  # a draft is stored as typed
        if len(value) > MAX_FIELD:
            raise ValidationError(
                _("%(what)s: the text is too long (%(length)d characters, at most %(max)d).")
                % {"what": self.label, "length": len(value), "max": MAX_FIELD},
                code="too_long",
            )

    def clean(self, value: Any) -> str:
        text: str = super().clean(value)
        return text if self.cut is None else text[: self.cut]


# ------------------------------------------------------------------------------------ orders


@dataclass(frozen=True)
class OrderEntry:
    """The order page's form as read: the team's :class:`~games.islands.orders.OrderSheet` and the
    page's own switches (the map's click ``mode``, ``show_hidden``; ``version``, the stored orders'
    version the page showed, None when none was posted or it is no number)."""

    sheet: OrderSheet
    mode: str = ""
    show_hidden: bool = False
    version: int | None = None
    #: Problems found while reading the form itself (too long, unknown ship), as the page lists them.
    problems: tuple[str, ...] = ()


def click_modes(ships: list[Ship]) -> list[str]:
    """What a click on the map may set, in the page's order: the route of each ship that may move
    this round, then the fire target if the team has a battleship (the engine refuses a shot
    without one, and a route that moves a held ship)."""
    modes = [s.ident for s in ships if not (s.mermaid or s.octopus)]
    if any(s.kind == ShipKindChoice.BATTLESHIP for s in ships):
        modes.append(FIRE_MODE)
    return modes


#: The order sheet's fields beside the routes, in the order their problems are listed.
ORDER_FIELDS = ("build_cargo", "build_battleship", "harbor", "fire")
ROUTE_PREFIX = "route-"


def route_field(ident: str) -> str:
    return f"{ROUTE_PREFIX}{ident}"


class OrdersForm(forms.Form):
    """A team's order sheet as typed (``route-<ship>`` for each of its ships, in ``alphabet``), and
    the page's own switches: the click ``mode`` (one of ``modes``: :func:`click_modes`; any other
    becomes the first of them, or none), ``show_hidden`` and ``v``, the stored orders' version the
    page showed. :meth:`clean` gives the :class:`~games.islands.orders.OrderSheet`."""

    build_cargo = OrderText(label=gettext_lazy("Cargo ships to build"), cut=20)
    build_battleship = OrderText(label=gettext_lazy("Battleships to build"), cut=20)
    harbor = OrderText(label=gettext_lazy("Harbor moves"))
    fire = OrderText(label=gettext_lazy("Fire at"), cut=20)
    mode = Text(cut=10)
    show_hidden = Ticked()
    v = Text(cut=20)

    def __init__(self, data: Any, *, idents: list[str], modes: list[str], alphabet: Alphabet) -> None:
        super().__init__(data)
        self.idents = idents
        self.modes = modes
        self.alphabet = alphabet
        # The routes first: a problem of a route is listed before those of the other fields.
        routes = {
            route_field(i): OrderText(label=_("Route of %(ship)s") % {"ship": words.ship_label(i)})
            for i in idents
        }
        self.fields = {**routes, **self.fields}

    def clean_v(self) -> int | None:
        return parse_row_id(self.cleaned_data["v"])  # a version is a row's number: same digits

    def clean(self) -> OrderSheet:  # type: ignore[override]
        """The sheet as typed, never refused: a field too long is empty (its problem is listed).
        The page's switches are kept beside it (:meth:`entry`)."""
        data = super().clean() or {}
        for key in self.data:
            if key.startswith(ROUTE_PREFIX) and key.removeprefix(ROUTE_PREFIX) not in self.idents:
                ship = key.removeprefix(ROUTE_PREFIX)[:10]
                self.add_error(None, _("This team has no ship “%(ship)s”.") % {"ship": ship})
        mode = data.get("mode")
        self.switches = {
            "mode": mode if mode in self.modes else (self.modes[0] if self.modes else ""),
            "show_hidden": data["show_hidden"],
            "version": data.get("v"),
        }
        return OrderSheet(
            build_cargo=data.get("build_cargo", ""),
            build_battleship=data.get("build_battleship", ""),
            routes=tuple((i, data.get(route_field(i), "")) for i in self.idents),
            harbor=data.get("harbor", ""),
            fire=data.get("fire", ""),
            alphabet=self.alphabet,
        )

    def entry(self) -> OrderEntry:
        """The sheet and the page's switches, whatever was posted (never raises)."""
        self.is_valid()
        names = [*(route_field(i) for i in self.idents), NON_FIELD_ERRORS, *ORDER_FIELDS]
        problems = tuple(str(e) for name in names for e in self.errors.get(name, ()))
        return OrderEntry(sheet=cast(OrderSheet, self.cleaned_data), **self.switches, problems=problems)


def read_orders(data: Any, idents: list[str], modes: list[str], alphabet: Alphabet) -> OrderEntry:
    """The order form's fields, whatever was posted (never raises): :meth:`OrdersForm.entry`."""
    return OrdersForm(data, idents=idents, modes=modes, alphabet=alphabet).entry()


# ------------------------------------------------------------------------------------ the round pages


class ConfirmForm(forms.Form):
    """A step that cannot be taken back (close, undo): only with its box ticked."""

    confirm = Ticked()

    def is_ticked(self) -> bool:
        return bool(self.is_valid() and self.cleaned_data["confirm"])


class TelescopeForm(forms.Form):
    """A telescope choice of the after-the-round page, on a board of ``side``: ``action`` is
    ``choose`` (with ``hex``) or ``skip`` (with ``confirm``); ``ship`` is the telescope's
    ``team.ship``. Cleaned, a choice has ``at``: the hex named (the form's error names a label of no
    hex, or a bay)."""

    action = Text()
    ship = Text(cut=80)
    hex = Text(cut=10)
    confirm = Ticked()
    show_hidden = Ticked()

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("action") == "choose":
            cleaned["at"] = telescope_hex(self.side, cleaned.get("hex", ""))
        return cleaned


def telescope_hex(side: int, label: str) -> Hex:
    """The hex a team named for its telescope on a board of ``side``: a ``ValidationError`` says
    that none was named, that the label names no hex, or that it names a bay."""
    g = geometry(side)
    text = label.strip()
    if not text:
        raise ValidationError(_("Enter the hex the team named for its telescope."), code="label")
    try:
        centre = g.parse(text)
    except LabelError:
        raise ValidationError(
            _("“%(label)s” is not a hex of this board (A1 … %(last)s).")
            % {"label": text[:10], "last": g.label(g.ordered[-1])},
            code="label",
        ) from None
    if not g.on_board(centre):
        raise ValidationError(
            _("%(label)s is a bay: name a hex of the board.") % {"label": g.label(centre)}, code="label"
        )
    return centre


class TeamTelescopeForm(forms.Form):
    """A team's own telescope choice on its page (``/tym/<token>/dalekohled/``), on a board of
    ``side``: ``round`` (the round's number; None when none or no number was sent), ``telescope``
    (as the team's page names it: ``C1``, ``C1#2`` for the ship's second), ``hex`` (the label typed
    or clicked; None when not sent) and ``confirm`` (the confirmation step's button). Cleaned, also
    ``at``: the hex named, or None (not named yet, or the error of ``hex`` says what is wrong)."""

    round = RowIdField()
    telescope = Text(cut=20)
    hex = Text(cut=10, absent_none=True)
    confirm = Ticked()

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["at"] = None
        label = cleaned.get("hex")
        if label is None:
            return cleaned
        if not label.strip():
            self.add_error("hex", ValidationError(_("Enter the hex to look at."), code="label"))
            return cleaned
        try:
            cleaned["at"] = telescope_hex(self.side, label)
        except ValidationError as exc:
            self.add_error("hex", exc)
        return cleaned


class TelescopeQuery(forms.Form):
    """The after-the-round page's query: the telescope shown (``ship``), a hex clicked for it
    (``hex``, None when no hex was clicked), ``skip`` (asks whether to skip it), ``show_hidden``."""

    ship = Text(cut=80)
    hex = Text(cut=10, absent_none=True)
    skip = Ticked()
    show_hidden = Ticked()
    # "close": back from "Close the round" without its box ticked (the page says so next to the box)
    unticked = Text(cut=10)

    def __init__(self, data: Any = None, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean(self) -> dict[str, Any]:
        """Also ``clicked``: the hex of the board that ``hex`` names (None), and ``clicked_problem``,
        why ``hex`` names none ("" when it does or no hex was clicked)."""
        cleaned = super().clean() or {}
        raw, cleaned["clicked"], cleaned["clicked_problem"] = cleaned.get("hex"), None, ""
        if raw is not None:
            g = geometry(self.side)
            try:
                h: Hex | None = g.parse(raw)
            except LabelError:
                h = None
            if h is not None and g.on_board(h):
                cleaned["clicked"] = h
            else:
                cleaned["clicked_problem"] = _("“%(label)s” is not a hex of this board.") % {
                    "label": raw.strip()
                }
        return cleaned


class Upload(forms.Field):
    """An uploaded file, or None (no check here: the form says what is wrong with it)."""

    widget = forms.FileInput

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)

    def to_python(self, value: Any) -> UploadedFile | None:
        return value or None


class RoundFileForm(forms.Form):
    """A round file to import as a new camp run: uploaded (``file``) or pasted (``text``), and the
    new camp run's ``name``. Cleaned: ``text`` (the file's text) and ``name``."""

    name = Text()
    file = Upload()
    text = Text()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        cleaned["name"] = cleaned.get("name", "").strip()[:200]
        upload = cleaned.get("file")
        if upload is not None:  # an uploaded file wins over a pasted text
            cleaned["text"] = ""
            if upload.size is not None and upload.size > MAX_IMPORT_BYTES:
                raise ValidationError(_("The file is too large (at most 2 MB)."), code="too_large")
            try:
                cleaned["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ValidationError(
                    _("The file is not UTF-8 text: is it a zlate-ostrovy/1 JSON file?"), code="not_utf8"
                ) from None
        if not cleaned.get("text", "").strip():
            raise ValidationError(_("Choose a file or paste its text."), code="empty")
        if not cleaned["name"]:
            raise ValidationError(_("Give the new camp run a name."), code="no_name")
        refuse_nul_characters(cleaned["name"], label=_("Name of the new camp run"))
        return cleaned


# ------------------------------------------------------------------------------------ board set-up


class SeedForm(forms.Form):
    seed = forms.IntegerField(label=gettext_lazy("Seed"), min_value=0, max_value=board_services.MAX_SEED)


class BoardAcceptForm(SeedForm):
    """The previewed board to store: its seed, and ``replace`` ticked when a board is stored already."""

    replace = Ticked()


class DealAcceptForm(forms.Form):
    """The fair deal whose board to store (its id), and ``replace`` ticked when a board is stored."""

    deal = forms.IntegerField(min_value=1, max_value=2**63 - 1)
    replace = Ticked()


class BoardQuery(forms.Form):
    """The set-up page's query: a ``seed`` to preview, a ``hex`` to edit (each None when absent)."""

    seed = Text(absent_none=True)
    hex = Text(absent_none=True)
    # "replace" or "redraw": back from a button whose box was not ticked (said next to the box)
    unticked = Text(cut=10)


def read_hex(side: int, label: str) -> Hex:
    """The hex of a board of ``side`` that ``label`` names (``"C2"``, ``" c 2 "``; a bay is no hex);
    a ``ValidationError`` that names the label otherwise."""
    g = geometry(side)
    try:
        h: Hex | None = g.parse(label)
    except LabelError:
        h = None
    if h is None or not g.on_board(h):
        raise ValidationError(
            _("“%(label)s” is not a hex of this board (e.g. A1 … %(last)s).")
            % {"label": label.strip()[:10], "last": g.label(g.ordered[-1])},
            code="label",
        )
    return h


class HexForm(forms.Form):
    """One hex set by hand on a board of ``side``. Cleaned: ``at`` (the hex that ``hex`` names; a
    label of no hex is the form's own error, listed above its fields), ``tile`` (a :class:`Tile`),
    ``chests`` (blank is 0) and ``revealed``. Which chests a tile may hold, the service says."""

    hex = forms.CharField(
        label=gettext_lazy("Hex"), max_length=10, error_messages={"required": gettext_lazy("Choose a hex.")}
    )
    tile = forms.ChoiceField(label=gettext_lazy("Tile"), choices=TileChoice.choices)
    chests = forms.IntegerField(
        label=gettext_lazy("Chests"),
        min_value=0,
        max_value=MAX_CHESTS_PER_HEX,
        required=False,
        help_text=gettext_lazy("Treasure only: 1 to 9."),
    )
    revealed = forms.BooleanField(label=gettext_lazy("Revealed"), required=False)

    def __init__(self, data: Any = None, *, side: int, initial: dict[str, Any] | None = None) -> None:
        super().__init__(data, initial=initial)
        self.side = side

    def clean_tile(self) -> Tile:
        return Tile(self.cleaned_data["tile"])

    def clean_chests(self) -> int:
        return self.cleaned_data["chests"] or 0

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if (label := cleaned.get("hex")) is not None:
            cleaned["at"] = read_hex(self.side, label)
        return cleaned


class SidesForm(forms.Form):
    """Draw the harbors' sides by lot; ``redraw`` ticked draws them again."""

    redraw = Ticked()


def bay_number(text: str) -> int | None:
    """``"Z3"``, ``"z 3"`` or ``"3"`` -> 3; None for anything else."""
    digits = text.strip().upper().replace(" ", "").removeprefix("Z")
    return int(digits) if digits.isascii() and digits.isdigit() and len(digits) <= 3 else None


class BayForm(forms.Form):
    """A team's bay on a board of ``side``: ``team`` (its id; any other text is no team, see
    :meth:`team_id`) and ``bay`` (``"Z3"``, ``"z 3"`` or ``"3"``), cleaned to the bay's number.
    Whether the team may take that bay, the service says."""

    team = Text()
    bay = Text()

    def __init__(self, data: Any, *, side: int) -> None:
        super().__init__(data)
        self.side = side

    def clean_bay(self) -> int:
        raw = self.cleaned_data["bay"]
        number = bay_number(raw)
        last = len(geometry(self.side).bays)
        if number is None or not 1 <= number <= last:
            raise ValidationError(
                _("“%(bay)s” is not a bay of this board (Z1 … Z%(last)d).") % {"bay": raw[:10], "last": last},
                code="bay",
            )
        return number

    def team_id(self) -> int | None:
        self.is_valid()
        return parse_row_id(self.cleaned_data["team"])


# ------------------------------------------------------------------------------------ rehearsal

#: The seed boxes of a rehearsal: with the camp's board, at most :data:`rehearsals.MAX_BOARDS` boards.
REHEARSAL_SEED_FIELDS = tuple(f"seed_{n}" for n in range(1, rehearsals.MAX_BOARDS))


class RehearsalForm(forms.Form):
    """A rehearsal of the game on a camp run's side: the boards (the camp's own, and up to three
    seeds), the teams (the camp run's, or a number of them), the AP table and the parameters.
    Cleaned: ``plan``, a :class:`~games.islands.rehearsals.RehearsalPlan`; ``again`` (run boards and
    parameters already rehearsed once more). Every refusal names its field in the staff's language."""

    camp_board = Ticked(label=gettext_lazy("The camp's board (with the hand edits)"))
    seed_1 = forms.IntegerField(
        label=gettext_lazy("Seed 1"), required=False, min_value=0, max_value=board_services.MAX_SEED
    )
    seed_2 = forms.IntegerField(
        label=gettext_lazy("Seed 2"), required=False, min_value=0, max_value=board_services.MAX_SEED
    )
    seed_3 = forms.IntegerField(
        label=gettext_lazy("Seed 3"), required=False, min_value=0, max_value=board_services.MAX_SEED
    )
    teams_from = forms.ChoiceField(
        label=gettext_lazy("Teams"),
        choices=[
            ("camp", gettext_lazy("the camp run's teams")),
            ("count", gettext_lazy("this many teams:")),
        ],
        widget=forms.RadioSelect,
        error_messages={"invalid_choice": gettext_lazy("Choose the camp run's teams or a number of teams.")},
    )
    team_count = forms.IntegerField(
        label=gettext_lazy("Number of teams"),
        required=False,
        min_value=rehearsals.MIN_TEAMS,
        max_value=rehearsals.MAX_TEAMS,
    )
    ap_table = APTableField(label=gettext_lazy("AP table"), validators=[validate_ap_table])
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"),
        min_value=rehearsals.MIN_ROUNDS,
        max_value=rehearsals.MAX_ROUNDS,
        initial=rehearsals.DEFAULT_ROUNDS,
    )
    camps = forms.IntegerField(
        label=gettext_lazy("Simulated camps per board and style"),
        min_value=rehearsals.MIN_CAMPS,
        max_value=rehearsals.MAX_CAMPS,
        initial=rehearsals.DEFAULT_CAMPS,
    )
    placement = forms.ChoiceField(
        label=gettext_lazy("Placements in the mini-games"),
        choices=[
            ("uniform", gettext_lazy("uniform: every team places alike")),
            ("strong", gettext_lazy("a strong team: team 1 places higher more often")),
        ],
        initial="uniform",
        widget=forms.RadioSelect,
    )
    bots = forms.ChoiceField(
        label=gettext_lazy("Bots"),
        # every style on camps of its own first: a board is fair only when it is fair for each
        choices=[
            (
                "every",
                gettext_lazy(
                    "every style on its own: the planner, the greedy bot and the novice, each on camps "
                    "of its own"
                ),
            ),
            ("planner", gettext_lazy("the planner (the demo's) for every team")),
            ("greedy", gettext_lazy("the greedy bot for every team")),
            ("novice", gettext_lazy("the novice for every team")),
            ("mixed", gettext_lazy("mixed: half the teams the planner, half the greedy bot")),
        ],
        initial="every",
    )
    again = Ticked()

    def __init__(self, data: Any = None, *, camp: Camp, initial: dict[str, Any] | None = None) -> None:
        super().__init__(data, initial=initial)
        self.camp = camp
        self.team_names = list(
            Team.objects.filter(camp=camp).order_by("order", "name", "id").values_list("name", flat=True)
        )

    def clean_seed_fields(self, cleaned: dict[str, Any]) -> list[int]:
        """The seeds typed, in order; a seed typed twice or dealing no board is its box's error."""
        seeds: list[int] = []
        for name in REHEARSAL_SEED_FIELDS:
            seed = cleaned.get(name)
            if seed is None:
                continue
            if seed in seeds:
                self.add_error(name, _("Seed %(seed)d is given twice.") % {"seed": seed})
                continue
            try:
                rehearsals.seed_board_cells(self.camp.board_side, seed, rehearsals.board_teams(self.camp))
            except generator.GeneratorError:
                self.add_error(
                    name, _("No fair board was found for seed %(seed)d. Try another seed.") % {"seed": seed}
                )
                continue
            seeds.append(seed)
        return seeds

    def clean_teams(self, cleaned: dict[str, Any]) -> tuple[str, ...] | None:
        if cleaned.get("teams_from") == "camp":
            count = len(self.team_names)
            if not rehearsals.MIN_TEAMS <= count <= rehearsals.MAX_TEAMS:
                self.add_error(
                    "teams_from",
                    ngettext(
                        "This camp run has %(count)d team; a rehearsal needs %(min)d to %(max)d: "
                        "give the number of teams.",
                        "This camp run has %(count)d teams; a rehearsal needs %(min)d to %(max)d: "
                        "give the number of teams.",
                        count,
                    )
                    % {"count": count, "min": rehearsals.MIN_TEAMS, "max": rehearsals.MAX_TEAMS},
                )
                return None
            return tuple(self.team_names)
        if cleaned.get("teams_from") == "count":
            asked: int | None = cleaned.get("team_count")
            if asked is None:
                if "team_count" not in self.errors:
                    self.add_error(
                        "team_count",
                        _("Give the number of teams (%(min)d to %(max)d).")
                        % {"min": rehearsals.MIN_TEAMS, "max": rehearsals.MAX_TEAMS},
                    )
                return None
            return tuple(_("Team %(number)d") % {"number": n} for n in range(1, asked + 1))
        return None

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        boards: list[int | None] = []
        if cleaned.get("camp_board"):
            if rehearsals.camp_board_cells(self.camp) is None:
                self.add_error("camp_board", _("This camp run has no board yet: rehearse seeds only."))
            else:
                boards.append(None)
        boards += self.clean_seed_fields(cleaned)
        if not boards and not self.errors:
            self.add_error(None, _("Choose at least one board: the camp's board or a seed."))
        teams = self.clean_teams(cleaned)
        if self.errors:
            return cleaned
        cleaned["plan"] = rehearsals.RehearsalPlan(
            board_seeds=tuple(boards),
            teams=teams or (),
            ap_table=tuple(cleaned["ap_table"]),
            rounds=cleaned["rounds"],
            camps=cleaned["camps"],
            placement=cleaned["placement"],
            bots=cleaned["bots"],
        )
        return cleaned


# ------------------------------------------------------------------------------------ the teams' plans

#: Longest note staff may send back with a plan.
MAX_PLAN_NOTE = 500


class PlanTeamForm(forms.Form):
    """A button of the hand-in panel about one team (``team``: its id; ``version``: its plan's
    version the page showed, if sent); ``back=orders`` when it was pressed on the team's order page
    (the answer goes back there)."""

    team = RowIdField()
    version = RowIdField()

    def team_id(self) -> int | None:
        return self.cleaned_data["team"] if self.is_valid() else None

    def seen_version(self) -> int | None:
        """The plan's version the page showed (None: not sent, or no number)."""
        return self.cleaned_data["version"] if self.is_valid() else None

    def back_to_orders(self) -> bool:
        """Pressed on the team's order page (anything else: the round page)."""
        return self.data.get("back") == "orders"


class PlanReturnForm(PlanTeamForm):
    """ "Vrátit": the team and staff's note to it (the service refuses an empty one)."""

    note = Text(cut=MAX_PLAN_NOTE)

    def note_text(self) -> str:
        return self.cleaned_data["note"] if self.is_valid() else ""


def _due_time(text: str) -> time | None:
    """``19:30`` (or ``19.30``, ``19``) -> a time of day; "" -> None; anything else refused."""
    value = text.strip().replace(".", ":")
    if not value:
        return None
    hours, _sep, minutes = value.partition(":")
    if not (hours.isascii() and hours.isdigit() and len(hours) <= 2):
        hours = "x"
    if minutes and not (minutes.isascii() and minutes.isdigit() and len(minutes) == 2):
        hours = "x"
    if hours == "x" or int(hours) > 23 or int(minutes or 0) > 59:
        raise ValidationError(
            _("“%(value)s” is not a time of day: write it as 19:30 (or leave it empty for no deadline).")
            % {"value": text.strip()[:10]},
            code="due",
        )
    return time(int(hours), int(minutes or 0))


class PlanDeadlineForm(forms.Form):
    """The round's hand-in deadline as a time of day (``due``: "19:30"; empty: no deadline) on
    ``day`` (the round's date, else today), in the camp's time zone: cleaned, an aware moment."""

    due = Text(cut=20, absent_none=True)

    def __init__(self, data: Any, *, day: date) -> None:
        super().__init__(data)
        self.day = day

    def clean_due(self) -> datetime | None:
        if self.cleaned_data["due"] is None:  # not sent at all: no form of the page
            raise ValidationError(_("Write the time of the deadline, e.g. 19:30."), code="no_due")
        at = _due_time(self.cleaned_data["due"])
        return None if at is None else timezone.make_aware(datetime.combine(self.day, at))


class PaperCodeForm(forms.Form):
    """The paper plan's code as typed or scanned (``code``: any text, cut; the lookup names its
    mistakes). A scanned QR code's whole address is read for the code it carries."""

    code = Text(cut=200, absent_none=True)

    def typed(self) -> str | None:
        """The code's text (None: no code asked for: the empty page)."""
        self.is_valid()
        text: str | None = self.cleaned_data["code"]
        if text is not None and "code=" in text:  # the QR code's address pasted or read whole
            text = text.rsplit("code=", 1)[1].split("&", 1)[0]
        return text


class TeamLinksSwitchForm(forms.Form):
    """Turning a camp run's team links on or off: ``on`` is "1" or "0"."""

    on = forms.TypedChoiceField(
        choices=[("1", "on"), ("0", "off")],
        coerce=lambda value: value == "1",
        error_messages={
            "required": gettext_lazy("Say whether to turn the team links on or off."),
            "invalid_choice": gettext_lazy("Say whether to turn the team links on or off."),
        },
    )
