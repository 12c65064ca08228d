"""A rehearsal of the game (zkouška hry): its boards, teams, AP table and parameters, read into a
:class:`~games.islands.rehearsals.RehearsalPlan`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from camp.forms import APTableField
from camp.models import Camp, Team, validate_ap_table
from games.islands import rehearsals
from games.islands.engine import generator
from games.islands.forms.shared import Ticked
from games.islands.services import board as board_services

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
