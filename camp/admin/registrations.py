"""Staff admin of the camp: camp runs with their teams, rounds with their mini-game, teams, and the
staff logins (users, groups, login attempts).

Each ModelAdmin wires its own pages in ``get_urls``: the views are in :mod:`camp.pages` (one module
per page or group of pages), each getting the ModelAdmin as ``model_admin``; the inlines are in
:mod:`camp.admin.inlines`, the forms in :mod:`camp.forms`, the reads and writes in
:mod:`camp.selectors` and :mod:`camp.services`."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from axes import admin as axes_admin
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.contrib.auth import admin as auth_admin
from django.contrib.auth.models import Group, User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, DateTimeField, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import Truncator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp import selectors
from camp.admin.inlines import AddTextInlinesMixin, MiniGameInline, PlacementInline, TeamInline
from camp.admin.list_actions import SelectedRowsMixin
from camp.admin.search import BoundedSearchMixin
from camp.admin.widgets import (
    AdminPasswordChangeForm,
    LabelledFilteredSelectMultiple,
    LabelledSplitDateTime,
    UserChangeForm,
)
from camp.forms import (
    APTableCheckForm,
    CampForm,
    IdModelMultipleChoiceField,
    PermissionChoiceField,
    RowIdField,
    TeamForm,
)
from camp.marks import team_shape
from camp.models import Camp, Round, Team, team_colour
from camp.pages import ap_overview, backup_file, placements, rules, snapshots
from camp.services import round_create, team_create
from camp.staff.permissions import may_see_seed

admin.site.site_header = gettext_lazy("Golden Islands – staff")
admin.site.site_title = gettext_lazy("Golden Islands – staff")
admin.site.index_title = gettext_lazy("Tonight at the staff desk")
admin.site.site_url = None  # the public pages are not the staff's business here


def _pages_of(model_admin: admin.ModelAdmin) -> Callable[[Callable[..., HttpResponseBase]], Any]:
    """Wraps a page of :mod:`camp.pages` for ``model_admin``'s URLs: staff only (``admin_view``: login
    redirect, no cache), the page given the ModelAdmin as ``model_admin``."""

    def page(view: Callable[..., HttpResponseBase]) -> Any:
        return model_admin.admin_site.admin_view(partial(view, model_admin=model_admin))

    return page


def colour_swatch(colour: str) -> str:
    return format_html('<span class="zo-swatch" style="background:{}"></span>', colour)


# ------------------------------------------------------------------------------------------ camps


@admin.register(Camp)
class CampAdmin(SelectedRowsMixin, AddTextInlinesMixin, admin.ModelAdmin):
    form = CampForm
    inlines = [TeamInline]
    list_display = ["name", "year", "run_number", "board_side", "team_count", "ap_overview_link"]
    readonly_fields = ["seed", "created_at"]
    fieldsets = [
        (None, {"fields": ["name", "year", "run_number"]}),
        (
            gettext_lazy("Game settings"),
            {"fields": ["board_side", "ap_table", "route_letters", "seed", "created_at"]},
        ),
    ]

    def get_fieldsets(self, request: HttpRequest, obj: Camp | None = None) -> Any:
        """The add page shows no seed: an unsaved camp run's default would be drawn again when it is
        saved, so the number shown would not be the camp's. It is drawn once, on saving. A camp run's
        page shows it only to staff who may see it (``camp.see_seed``)."""
        if obj is not None and may_see_seed(request.user):
            return self.fieldsets
        if obj is not None:
            return [
                (None, {"fields": ["name", "year", "run_number"]}),
                (
                    gettext_lazy("Game settings"),
                    {"fields": ["board_side", "ap_table", "route_letters", "created_at"]},
                ),
            ]
        return [
            (None, {"fields": ["name", "year", "run_number"]}),
            (
                gettext_lazy("Game settings"),
                {
                    "fields": ["board_side", "ap_table", "route_letters"],
                    "description": gettext_lazy(
                        "The random seed of the camp's games is drawn when the camp run is saved, "
                        "and shown here from then on."
                    ),
                },
            ),
        ]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Camp]:
        return super().get_queryset(request).annotate(num_teams=Count("teams"))

    def has_delete_permission(self, request: HttpRequest, obj: Camp | None = None) -> bool:
        if obj is not None and selectors.camp_delete_refusal(obj):
            return False
        return super().has_delete_permission(request, obj)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> tuple[Any, ...]:
        refusals = [selectors.camp_delete_refusal(c) for c in objs]
        return _deleted_objects_with_refusals(super().get_deleted_objects(objs, request), request, refusals)

    @admin.display(description=gettext_lazy("teams"), ordering="num_teams")
    def team_count(self, obj: Camp) -> int:
        return obj.num_teams  # type: ignore[attr-defined]

    @admin.display(description=gettext_lazy("AP overview"))
    def ap_overview_link(self, obj: Camp) -> str:
        url = reverse("admin:camp_camp_ap_overview", args=[obj.pk])
        return format_html('<a href="{}">{}</a>', url, _("AP overview"))

    def get_urls(self) -> list[URLPattern]:
        page = _pages_of(self)
        return [
            path(
                "<path:object_id>/ap-overview/",
                page(ap_overview.ap_overview_page),
                name="camp_camp_ap_overview",
            ),
            path("restore/", page(backup_file.restore_page), name="camp_camp_restore"),
            path("<path:object_id>/backup.json", page(backup_file.backup_download), name="camp_camp_backup"),
            path("backups/", page(snapshots.snapshots_page), name="camp_camp_backups"),
            path("rules/<slug:game>/", page(rules.rules_page), name="camp_rules"),
            path("backups/<str:name>", page(snapshots.snapshot_download), name="camp_camp_backup_download"),
            *super().get_urls(),
        ]

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        if _asks_ap_check(request):
            return self.ap_check(request, object_id)
        context = {**(extra_context or {}), "may_export_backup": backup_file.may_export_backup(request)}
        return super().change_view(request, object_id, form_url, extra_context=context)

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context: Any = None) -> HttpResponse:
        if _asks_ap_check(request):
            return self.ap_check(request, None)
        return super().add_view(request, form_url, extra_context=extra_context)

    def ap_check(self, request: HttpRequest, object_id: str | None) -> HttpResponse:
        """The page's AP table warning alone (its ``ap-check`` partial), for the table being typed
        and the team rows on the page: the same words the saved camp run gets, before saving."""
        camp = self.get_object(request, unquote(object_id)) if object_id is not None else None
        if object_id is not None and camp is None:
            raise Http404
        if not (self.has_change_permission(request, camp) if camp else self.has_add_permission(request)):
            raise PermissionDenied
        saved = Team.objects.filter(camp=camp).count() if camp is not None else 0
        form = APTableCheckForm(request.GET, saved_teams=saved)
        valid = form.is_valid()
        context = {
            "ap_check_url": request.path,
            "ap_error": "" if valid else " ".join(form.errors.get("ap_table", [])),
            "ap_warning": selectors.ap_table_warning(form.cleaned_data["ap_table"], form.team_count())
            if valid
            else "",
        }
        return TemplateResponse(request, "admin/camp/camp/change_form.html#ap-check", context)

    def render_change_form(
        self,
        request: HttpRequest,
        context: dict[str, Any],
        *args: Any,
        obj: Camp | None = None,
        **kwargs: Any,
    ) -> HttpResponse:
        if obj is not None and obj.pk is not None and isinstance(obj.ap_table, list):
            context["ap_warning"] = selectors.camp_ap_table_warning(obj)
        context["ap_check_url"] = request.path  # the warning follows the table as it is typed
        return super().render_change_form(request, context, *args, obj=obj, **kwargs)

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        context = {
            **(extra_context or {}),
            "may_restore_backup": backup_file.may_restore_backup(request, self),
        }
        return super().changelist_view(request, extra_context=context)


def _asks_ap_check(request: HttpRequest) -> bool:
    """An htmx GET of the camp run's page for its AP table warning alone (``?ap_check``)."""
    return bool(getattr(request, "htmx", False)) and request.method == "GET" and "ap_check" in request.GET


def _deleted_objects_with_refusals(
    deleted: tuple[Any, ...], request: HttpRequest, refusals: list[str]
) -> tuple[Any, ...]:
    """The delete confirmation (one object or the bulk action) lists why deleting is refused as
    protected items, which also refuses the POST; a camp run or round refused for its data (not for
    the user's permissions) is then not also reported as a missing permission."""
    to_delete, model_count, perms_needed, protected = deleted
    reasons = [reason for reason in refusals if reason]
    if reasons:
        refused_for_data = {
            str(model._meta.verbose_name)
            for model in (Camp, Round)
            if request.user.has_perm(f"camp.delete_{model._meta.model_name}")
        }
        perms_needed = {p for p in perms_needed if str(p) not in refused_for_data}
    return to_delete, model_count, perms_needed, [*reasons, *protected]


# ------------------------------------------------------------------------------------------ teams


@admin.register(Team)
class TeamAdmin(SelectedRowsMixin, BoundedSearchMixin, admin.ModelAdmin):
    form = TeamForm
    list_display = ["name", "camp", "colour_display", "label", "shape", "order", "ap_total"]
    list_filter = ["camp"]
    list_select_related = ["camp"]
    search_fields = ["name"]

    def get_fields(self, request: HttpRequest, obj: Team | None = None) -> list[str]:
        return ["camp", "name", "colour", "label", "shape", "order"]

    def get_form(
        self, request: HttpRequest, obj: Team | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["fields"] = ["camp", "name", "colour", "label", "shape", "order"]
        return super().get_form(request, obj, change, **kwargs)

    def get_readonly_fields(self, request: HttpRequest, obj: Team | None = None) -> list[str]:
        return ["camp"] if obj is not None else []

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        """A new team: the first palette colour its camp run (``?camp=``) does not use yet."""
        initial = super().get_changeform_initial_data(request)
        camp_id = RowIdField().clean(initial.get("camp"))
        teams = Team.objects.filter(camp_id=camp_id) if camp_id is not None else None
        used = set(teams.values_list("colour", flat=True)) if teams is not None else set()
        initial.setdefault("colour", team_colour(0, used))
        shapes = list(teams.values_list("shape", flat=True)) if teams is not None else []
        initial.setdefault("shape", team_shape(0, shapes))
        return initial

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = team_create(
            camp=obj.camp,
            name=obj.name,
            colour=obj.colour,
            order=obj.order,
            label=obj.label or "",
            shape=obj.shape or "",  # empty (the form's None): the default mark
        )
        # Adopt the created row so the admin logs it and redirects to it.
        obj.pk = created.pk
        obj.name, obj.colour, obj.order = created.name, created.colour, created.order
        obj.label, obj.shape = created.label, created.shape
        obj._state.adding = False
        obj._state.db = created._state.db

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        return super().get_queryset(request).annotate(ap_sum=Coalesce(Sum("placements__ap"), 0))

    @admin.display(description=gettext_lazy("colour"), ordering="colour")
    def colour_display(self, obj: Team) -> str:
        return format_html("{} {}", colour_swatch(obj.colour), obj.colour)

    @admin.display(description=gettext_lazy("AP in total"), ordering="ap_sum")
    def ap_total(self, obj: Team) -> int:
        return obj.ap_sum  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------------------- rounds


@admin.register(Round)
class RoundAdmin(SelectedRowsMixin, AddTextInlinesMixin, admin.ModelAdmin):
    inlines = [MiniGameInline, PlacementInline]
    # Short cells, so the list fits a 1366-px laptop next to the filter (see staff.css).
    list_display = ["number_link", "camp_name", "date_short", "minigame_name", "status", "ap_summary"]
    list_display_links = ["number_link"]
    list_filter = ["camp", "status"]
    ordering = ["camp", "number"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Round]:
        return (
            super()
            .get_queryset(request)
            .select_related("camp", "minigame")
            .prefetch_related("placements__team")
        )

    def get_fields(self, request: HttpRequest, obj: Round | None = None) -> list[str]:
        return ["camp", "date"] if obj is None else ["camp", "number", "date", "status"]

    def has_delete_permission(self, request: HttpRequest, obj: Round | None = None) -> bool:
        if obj is not None and selectors.round_delete_refusal(obj):
            return False
        return super().has_delete_permission(request, obj)

    def get_deleted_objects(self, objs: Any, request: HttpRequest) -> tuple[Any, ...]:
        refusals = [selectors.round_delete_refusal(r) for r in objs]
        return _deleted_objects_with_refusals(super().get_deleted_objects(objs, request), request, refusals)

    def get_readonly_fields(self, request: HttpRequest, obj: Round | None = None) -> list[str]:
        return [] if obj is None else ["camp", "number", "status"]

    def get_inlines(self, request: HttpRequest, obj: Round | None) -> list[Any]:
        return [MiniGameInline] if obj is None else [MiniGameInline, PlacementInline]

    def get_changeform_initial_data(self, request: HttpRequest) -> dict[str, Any]:
        initial = super().get_changeform_initial_data(request)
        if "camp" not in initial:  # the camp run the home page shows (a running one over a new one)
            camp = selectors.desk_camp(selectors.camp_choices())
            if camp is not None:
                initial["camp"] = camp.pk
        return initial

    def save_model(self, request: HttpRequest, obj: Round, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        created = round_create(camp=obj.camp, date=obj.date)
        # Adopt the created row so the admin saves the inlines against it and logs it.
        obj.pk = created.pk
        obj.number = created.number
        obj.status = created.status
        obj._state.adding = False
        obj._state.db = created._state.db

    def get_list_display(self, request: HttpRequest) -> list[str]:
        """Without the camp column when the list shows one camp run (filtered, or the only one)."""
        shown = list(super().get_list_display(request))
        if "camp__id__exact" in request.GET or Camp.objects.count() <= 1:
            shown.remove("camp_name")
        return shown

    @admin.display(description=gettext_lazy("no."), ordering="number")
    def number_link(self, obj: Round) -> str:
        return f"{obj.number}."

    @admin.display(description=gettext_lazy("camp run"), ordering="camp")
    def camp_name(self, obj: Round) -> str:
        return str(obj.camp)  # not the admin's unwrapped foreign-key cell: the name may wrap

    @admin.display(description=gettext_lazy("date"), ordering="date")
    def date_short(self, obj: Round) -> str:
        return date_format(obj.date, "SHORT_DATE_FORMAT") if obj.date else "—"

    @admin.display(description=gettext_lazy("mini-game"))
    def minigame_name(self, obj: Round) -> str:
        if not hasattr(obj, "minigame"):
            return "—"
        name = obj.minigame.name
        return format_html('<span title="{}">{}</span>', name, Truncator(name).chars(40))

    @admin.display(description=gettext_lazy("placements (AP)"))
    def ap_summary(self, obj: Round) -> str:
        """Place, team and AP per team (each kept on one line), and the link to record them while
        the round takes placements."""
        placements = sorted(obj.placements.all(), key=lambda p: (p.rank, p.team.order, p.team.name))
        summary = (
            format_html_join(
                ", ",
                '<span class="zo-nowrap">{}.&nbsp;{}&nbsp;{}</span>',
                ((p.rank, p.team.name, p.ap) for p in placements),
            )
            if placements
            else "—"
        )
        if not obj.placements_editable:
            return summary
        url = reverse("admin:camp_round_placements", args=[obj.pk])
        link = format_html('<a class="zo-nowrap" href="{}">{}</a>', url, _("Record placements"))
        return format_html("{}<br>{}", summary, link) if placements else link

    def get_urls(self) -> list[URLPattern]:
        page = _pages_of(self)
        return [
            path(
                "<path:object_id>/placements/", page(placements.placements_page), name="camp_round_placements"
            ),
            *super().get_urls(),
        ]


# ---------------------------------------------------------------------------------- users, groups


class IdRangeAdminMixin:
    """Many-to-many choices (groups, permissions) refuse ids out of range instead of a 500; their
    two-box choosers come with the fix of their search icons (see ``LabelledFilteredSelectMultiple``)."""

    filter_horizontal: Any
    filter_vertical: Any

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        permissions = db_field.name in ("permissions", "user_permissions")
        kwargs.setdefault("form_class", PermissionChoiceField if permissions else IdModelMultipleChoiceField)
        if db_field.name in (*self.filter_horizontal, *self.filter_vertical):
            stacked = db_field.name in self.filter_vertical
            kwargs.setdefault("widget", LabelledFilteredSelectMultiple(db_field.verbose_name, stacked))
        return super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]


class UserAdmin(SelectedRowsMixin, BoundedSearchMixin, IdRangeAdminMixin, auth_admin.UserAdmin):
    form = UserChangeForm
    change_password_form = AdminPasswordChangeForm
    # Django's split date and time inputs named each (last login, date joined; axe: label).
    formfield_overrides = {DateTimeField: {"widget": LabelledSplitDateTime}}


class GroupAdmin(SelectedRowsMixin, BoundedSearchMixin, IdRangeAdminMixin, auth_admin.GroupAdmin):
    pass


# ------------------------------------------------------------------------------ login attempts


class AccessAttemptAdmin(SelectedRowsMixin, BoundedSearchMixin, axes_admin.AccessAttemptAdmin):
    pass


class AccessLogAdmin(SelectedRowsMixin, BoundedSearchMixin, axes_admin.AccessLogAdmin):
    pass


class AccessFailureLogAdmin(SelectedRowsMixin, BoundedSearchMixin, axes_admin.AccessFailureLogAdmin):
    pass


for _model, _model_admin in ((User, UserAdmin), (Group, GroupAdmin)):
    if admin.site.is_registered(_model):
        admin.site.unregister(_model)
    admin.site.register(_model, _model_admin)
# django-axes registers its own when its admin is on (importing ``axes.admin`` above did so).
for _model, _model_admin in (
    (AccessAttempt, AccessAttemptAdmin),
    (AccessLog, AccessLogAdmin),
    (AccessFailureLog, AccessFailureLogAdmin),
):
    if admin.site.is_registered(_model):
        admin.site.unregister(_model)
        admin.site.register(_model, _model_admin)
