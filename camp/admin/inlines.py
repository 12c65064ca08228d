"""The inlines of the camp run's and the round's admin pages: a camp run's teams (each new row with a
colour, a shape and a seat of its own, saved through ``team_create``), a round's mini-game and its
placements (read-only: they are recorded on the placements page, :mod:`camp.pages.placements`)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp.forms import MiniGameForm, TeamForm
from camp.marks import team_shape
from camp.models import MAX_TEAMS, Camp, MiniGame, Placement, Round, RoundStatus, Team, team_colour
from camp.services import team_create


class BoundedInlineMixin:
    """An inline that refuses more rows than it may have, with Django's "at most N forms" message.

    Django builds a form for every row a post declares in ``TOTAL_FORMS``, up to ``absolute_max``
    (2,000 unless set): a forged ``teams-TOTAL_FORMS=2147483648`` held a server thread for a minute.
    Here ``absolute_max`` is the inline's own ``max_num``, and a post over it changes nothing.
    """

    max_num: int | None

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        bound = self.get_max_num(request, obj, **kwargs)  # type: ignore[attr-defined]
        assert bound is not None, f"{type(self).__name__} needs a max_num"
        kwargs.setdefault("absolute_max", max(bound, 1))
        kwargs.setdefault("validate_max", True)
        return super().get_formset(request, obj, **kwargs)  # type: ignore[misc]


class AddTextInlineAdminFormSet(helpers.InlineAdminFormSet):
    """An inline whose "Add another …" link reads the inline's own ``add_text``.

    Django builds it as "Add another %(verbose_name)s" with the name capitalised: in Czech that is
    "Přidat Tým" / "Přidat Dílčí hra" (capital letter, nominative where the accusative is needed).
    """

    def inline_formset_data(self) -> str:
        data = json.loads(super().inline_formset_data())
        data["options"]["addText"] = str(self.opts.add_text)
        return json.dumps(data)


class AddTextInlinesMixin:
    """For a ModelAdmin: inlines with an ``add_text`` get it as their "Add another …" link."""

    def get_inline_formsets(self, *args: Any, **kwargs: Any) -> list[Any]:
        formsets = super().get_inline_formsets(*args, **kwargs)  # type: ignore[misc]
        for formset in formsets:
            if getattr(formset.opts, "add_text", None):
                formset.__class__ = AddTextInlineAdminFormSet
        return formsets


class TeamInlineFormSet(BaseInlineFormSet):
    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        """A new team's row starts with a colour and a shape of the palette that no other row has,
        and the seat after the rows above it (the rows of the add page each their own; "Add another
        team" the next ones free: see ``team_rows.js``), so the teams sit in the order typed."""
        kwargs = super().get_form_kwargs(index)
        if index is None or index >= self.initial_form_count():
            teams = list(self.get_queryset())
            extra = (index if index is not None else self.total_form_count()) - self.initial_form_count()
            kwargs["initial"] = {
                "colour": team_colour(extra, {team.colour for team in teams}),
                "shape": team_shape(extra, [team.shape for team in teams]),
                "order": max((team.order for team in teams), default=0) + extra + 1,
            }
        return kwargs

    def get_unique_error_message(self, unique_check: Any) -> str:
        """Two rows with one mark: said in words (Django's message names the field ``label``)."""
        if "label" in unique_check:
            return _("Two teams have the same mark: give each team its own letters.")
        return super().get_unique_error_message(unique_check)

    def add_fields(self, form: Any, index: int | None) -> None:
        """Each input of a team's row is named by its column: the table's headings label none of
        them, and a screen reader would read a bare text box (axe: label)."""
        super().add_fields(form, index)
        for field in form.fields.values():
            if not field.widget.is_hidden:
                field.widget.attrs["aria-label"] = field.label

    def save_new(self, form: Any, commit: bool = True) -> Team:
        """A new team goes through ``team_create`` (which locks the camp run and asks its locks)."""
        if not commit:
            return super().save_new(form, commit)
        data = form.cleaned_data
        return team_create(
            camp=self.instance,
            name=data["name"],
            colour=data["colour"],
            order=data["order"],
            label=data.get("label") or "",
            shape=data.get("shape") or "",
        )


class TeamInline(BoundedInlineMixin, admin.TabularInline):
    model = Team
    form = TeamForm
    formset = TeamInlineFormSet
    fields = ["name", "colour", "label", "shape", "order"]
    min_num = 0
    max_num = MAX_TEAMS
    add_text = gettext_lazy("Add another team")

    class Media:
        js = ["camp/team_rows.js"]

    def get_extra(self, request: HttpRequest, obj: Camp | None = None, **kwargs: Any) -> int:
        return 3 if obj is None else 0


class MiniGameInline(BoundedInlineMixin, admin.StackedInline):
    model = MiniGame
    form = MiniGameForm
    fields = ["name", "kind", "notes"]
    can_delete = False
    max_num = 1
    min_num = 0
    extra = 1
    add_text = gettext_lazy("Add the mini-game")

    def has_change_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        if obj is not None and obj.status == RoundStatus.CLOSED:
            return False
        return super().has_change_permission(request, obj)

    has_add_permission = has_change_permission  # type: ignore[assignment]


class PlacementInline(BoundedInlineMixin, admin.TabularInline):
    """Read-only here: placements are recorded all at once on the round's placements page."""

    model = Placement
    max_num = MAX_TEAMS  # one a team
    fields = ["rank", "team", "ap"]
    readonly_fields = ["rank", "team", "ap"]
    can_delete = False
    extra = 0
    verbose_name_plural = gettext_lazy("placements (recorded on the “Record placements” page)")

    def has_add_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Placement]:
        return super().get_queryset(request).select_related("team")
