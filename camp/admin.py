"""Staff admin of the camp: camp runs with their teams, rounds with their mini-game, the page that
records all placements of a round at once, and the AP overview (rounds × teams, printable).

Long (~660 lines) because a ModelAdmin and the pages it wires in ``get_urls`` are one unit in
Django's admin (the page reads the admin's permissions, frame and inlines), and the camp has two
such units, the camp run and the round, each read top to bottom here; the forms are in
``camp/forms.py`` and the reads and writes in ``selectors.py`` and ``services.py``."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from axes import admin as axes_admin
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.contrib.admin.utils import unquote
from django.contrib.auth import admin as auth_admin
from django.contrib.auth.models import Group, User
from django.core.exceptions import PermissionDenied
from django.db.models import Count, DateTimeField, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.forms.models import BaseInlineFormSet
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import Resolver404, path, resolve, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.text import Truncator, slugify
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from camp import rules, selectors
from camp.admin_markup import LabelledFilteredSelectMultiple, LabelledSplitDateTime, UserChangeForm
from camp.admin_search import BoundedSearchMixin
from camp.adminpages import render_admin_page
from camp.backup_document import (
    BackupDocumentError,
    camp_document_check,
    camp_document_parse,
    camp_document_summary,
    camp_export_text,
    camp_import_document,
    export_permissions,
)
from camp.backups import snapshot_list, sqlite_database_file
from camp.forms import (
    CampBackupConfirmForm,
    CampBackupUploadForm,
    CampForm,
    IdModelMultipleChoiceField,
    MiniGameForm,
    PlacementRowValue,
    TeamForm,
    backup_payload,
    parse_placements,
    parse_row_id,
)
from camp.marks import team_shape
from camp.models import Camp, MiniGame, Placement, Round, RoundStatus, Team, team_colour
from camp.services import (
    PlacementsError,
    Problem,
    placements_check,
    placements_locked_message,
    placements_record,
    round_create,
    team_create,
)

admin.site.site_header = gettext_lazy("Golden Islands – staff")
admin.site.site_title = gettext_lazy("Golden Islands – staff")
admin.site.index_title = gettext_lazy("Tonight at the staff desk")
admin.site.site_url = None  # the public pages are not the staff's business here


def colour_swatch(colour: str) -> str:
    return format_html('<span class="zo-swatch" style="background:{}"></span>', colour)


# ------------------------------------------------------------------------------------------ camps


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
            camp=self.instance, name=data["name"], colour=data["colour"], order=data["order"],
            label=data.get("label") or "", shape=data.get("shape") or "",
        )


class TeamInline(admin.TabularInline):
    model = Team
    form = TeamForm
    formset = TeamInlineFormSet
    fields = ["name", "colour", "label", "shape", "order"]
    min_num = 0
    add_text = gettext_lazy("Add another team")

    class Media:
        js = ["camp/team_rows.js"]

    def get_extra(self, request: HttpRequest, obj: Camp | None = None, **kwargs: Any) -> int:
        return 3 if obj is None else 0


@admin.register(Camp)
class CampAdmin(AddTextInlinesMixin, admin.ModelAdmin):
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
        saved, so the number shown would not be the camp's. It is drawn once, on saving."""
        if obj is not None:
            return self.fieldsets
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

    def get_urls(self) -> list[Any]:
        return [
            path(
                "<path:object_id>/ap-overview/",
                self.admin_site.admin_view(self.ap_overview_view),
                name="camp_camp_ap_overview",
            ),
            path("restore/", self.admin_site.admin_view(self.restore_view), name="camp_camp_restore"),
            path(
                "<path:object_id>/backup.json",
                self.admin_site.admin_view(self.backup_view),
                name="camp_camp_backup",
            ),
            path("backups/", self.admin_site.admin_view(self.backups_view), name="camp_camp_backups"),
            path("rules/<slug:game>/", self.admin_site.admin_view(self.rules_view), name="camp_rules"),
            path(
                "backups/<str:name>",
                self.admin_site.admin_view(self.backup_download_view),
                name="camp_camp_backup_download",
            ),
            *super().get_urls(),
        ]

    # --- backups (zlate-ostrovy-camp/1) ---------------------------------------------------------

    def may_export_backup(self, request: HttpRequest) -> bool:
        """A backup holds every hidden thing of the camp: only for staff who may view all of it."""
        return request.user.has_perms(export_permissions())

    def change_view(
        self, request: HttpRequest, object_id: str, form_url: str = "", extra_context: Any = None
    ) -> HttpResponse:
        context = {**(extra_context or {}), "may_export_backup": self.may_export_backup(request)}
        return super().change_view(request, object_id, form_url, extra_context=context)

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
        return super().render_change_form(request, context, *args, obj=obj, **kwargs)

    def changelist_view(self, request: HttpRequest, extra_context: Any = None) -> HttpResponse:
        context = {**(extra_context or {}), "may_restore_backup": self.has_add_permission(request)}
        return super().changelist_view(request, extra_context=context)

    def backup_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        camp = self.get_object(request, unquote(object_id))
        if camp is None:
            raise Http404(_("No such camp run."))
        if not self.may_export_backup(request):
            raise PermissionDenied
        response = HttpResponse(camp_export_text(camp=camp), content_type="application/json; charset=utf-8")
        name = f"zlate-ostrovy-{slugify(camp.name) or 'camp'}-{timezone.localdate().isoformat()}.json"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response

    def restore_view(self, request: HttpRequest) -> HttpResponse:
        """Upload a backup, see what it holds (or every problem), confirm: a NEW camp run."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        upload = CampBackupUploadForm()
        problems: list[str] = []
        summary = None
        payload = ""
        if request.method == "POST" and "payload" in request.POST:
            confirm = CampBackupConfirmForm(request.POST)
            if not confirm.is_valid():
                problems = [str(e) for e in confirm.errors.get("payload", [])]
            else:
                try:
                    camp = camp_import_document(data=camp_document_parse(confirm.cleaned_data["payload"]))
                except BackupDocumentError as error:
                    problems = error.problems
                else:
                    messages.success(
                        request, _("The backup is restored as a new camp run: %(camp)s.") % {"camp": camp}
                    )
                    return HttpResponseRedirect(reverse("admin:camp_camp_change", args=[camp.pk]))
        elif request.method == "POST":
            upload = CampBackupUploadForm(request.POST, request.FILES)
            if upload.is_valid():
                content = upload.cleaned_data["file"]
                try:
                    data = camp_document_parse(content)
                    camp_document_check(data)
                except BackupDocumentError as error:
                    problems = error.problems
                else:
                    summary = camp_document_summary(data)
                    payload = backup_payload(content)
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/camp/camp/restore.html",
            title=_("Restore from a backup"),
            context={
                "upload": upload,
                "problems": problems,
                "summary": summary,
                "confirm": CampBackupConfirmForm(initial={"payload": payload}) if payload else None,
            },
            status=400 if problems or upload.errors else 200,
        )

    def backups_view(self, request: HttpRequest) -> HttpResponse:
        """The database snapshots, read-only, with downloads: superusers only (a snapshot is the
        whole database, hidden hexes and the staff's password hashes included)."""
        if not request.user.is_superuser:
            raise PermissionDenied
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/camp/camp/backups.html",
            title=_("Database snapshots"),
            context={"snapshots": snapshot_list(), "sqlite": sqlite_database_file() is not None},
        )

    def backup_download_view(self, request: HttpRequest, name: str) -> FileResponse:
        if not request.user.is_superuser:
            raise PermissionDenied
        snapshot = next((s for s in snapshot_list() if s.name == name), None)
        if snapshot is None:
            raise Http404(_("No such snapshot."))
        return FileResponse(
            open(snapshot.path, "rb"),  # FileResponse closes it
            as_attachment=True,
            filename=snapshot.name,
            content_type="application/vnd.sqlite3",
        )

    def rules_view(self, request: HttpRequest, game: str) -> HttpResponse:
        """A game's rules, for every staff member (from the project's own copies, see camp.rules)."""
        found = rules.rules_game(game)
        if found is None:
            raise Http404(_("No such game."))
        language = get_language() or "cs"
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/camp/rules.html",
            title=_("Rules: %(game)s") % {"game": found.name},
            context={"game": found, "rules": rules.rules_html(found.slug, language), "language": language},
        )

    def ap_overview_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        camp = self.get_object(request, unquote(object_id))
        if camp is None:
            raise Http404(_("No such camp run."))
        if not self.has_view_permission(request, camp):
            raise PermissionDenied
        overview = selectors.rounds_with_ap(camp)
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/camp/camp/ap_overview.html",
            title=_("AP overview – %(camp)s") % {"camp": camp},
            obj=camp,
            context={"camp": camp, "overview": overview, "highlight": request.GET.get("round", "")},
        )


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
class TeamAdmin(BoundedSearchMixin, admin.ModelAdmin):
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
        camp_id = str(initial.get("camp", ""))
        teams = Team.objects.filter(camp_id=pk) if (pk := parse_row_id(camp_id)) is not None else None
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
            camp=obj.camp, name=obj.name, colour=obj.colour, order=obj.order,
            label=obj.label or "", shape=obj.shape or "",  # empty (the form's None): the default mark
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


class MiniGameInline(admin.StackedInline):
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


class PlacementInline(admin.TabularInline):
    """Read-only here: placements are recorded all at once on the round's placements page."""

    model = Placement
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


@admin.register(Round)
class RoundAdmin(AddTextInlinesMixin, admin.ModelAdmin):
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

    def get_urls(self) -> list[Any]:
        return [
            path(
                "<path:object_id>/placements/",
                self.admin_site.admin_view(self.placements_view),
                name="camp_round_placements",
            ),
            *super().get_urls(),
        ]

    # --- the "record all placements" page -------------------------------------------------------

    def placements_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        round_ = self.get_object(request, unquote(object_id))
        if round_ is None:
            raise Http404(_("No such round."))
        if not self.has_change_permission(request, round_):
            raise PermissionDenied
        camp = round_.camp
        teams = selectors.camp_teams(camp)
        problems: list[Problem] = []
        stored_ap: dict[int, int] = {}  # GET: the AP as recorded, not as the current table would say

        if request.method == "POST":
            parsed = parse_placements(request.POST, teams)
            checked, accepted = placements_check(round=round_, ranks=parsed.pairs)
            if parsed.problems:  # don't report order gaps caused by rows that could not be read
                checked = [p for p in checked if p.code not in {"rank_gap", "no_placement"}]
            problems = parsed.problems + checked
            values = parsed.values
            if not problems and not request.htmx:
                try:
                    saved = placements_record(round=round_, ranks=parsed.pairs)
                except PlacementsError as error:  # e.g. resolved meanwhile in another tab
                    problems = error.problems
                else:
                    names = {t.pk: t.name for t in teams}
                    summary = ", ".join(
                        _("%(team)s %(rank)d. (%(ap)d AP)")
                        % {"team": names[p.team_id], "rank": p.rank, "ap": p.ap}
                        for p in saved
                    )
                    placed = {p.team_id for p in saved}
                    absent = [t.name for t in teams if t.pk not in placed]
                    message = _("Placements of round %(number)d saved: %(summary)s.") % {
                        "number": round_.number,
                        "summary": summary,
                    }
                    if absent:
                        message += " " + ngettext(
                            "Did not play: %(teams)s.",
                            "Did not play (%(count)d teams): %(teams)s.",
                            len(absent),
                        ) % {"teams": ", ".join(absent), "count": len(absent)}
                    messages.success(request, message)
                    if back := _round_page_back(request, round_, request.POST.get("next", "")):
                        return HttpResponseRedirect(back)
                    overview = reverse("admin:camp_camp_ap_overview", args=[camp.pk])
                    return HttpResponseRedirect(f"{overview}?round={round_.number}")
        else:
            accepted = {}
            values = {}
            for placement in round_.placements.all():
                accepted[placement.team_id] = placement.rank
                stored_ap[placement.team_id] = placement.ap
            recorded = bool(accepted)
            for team in teams:
                rank = accepted.get(team.pk)
                values[team.pk] = _row_value(rank, absent=recorded and rank is None)

        by_team: dict[int, list[str]] = {}
        for problem in problems:
            if problem.team_id is not None:
                by_team.setdefault(problem.team_id, []).append(problem.message)
        rows = []
        for team in teams:
            value = values.get(team.pk) or _row_value(None, absent=False)
            rank = accepted.get(team.pk) if isinstance(accepted.get(team.pk), int) else None
            rows.append(
                {
                    "team": team,
                    "rank": value.rank,
                    "absent": value.absent,
                    "errors": by_team.get(team.pk, []),
                    "preview_rank": rank,
                    "preview_ap": stored_ap.get(team.pk, 0)
                    if request.method != "POST"
                    else selectors.ap_for_rank(camp.ap_table, rank),
                }
            )
        preview = sorted(
            (r for r in rows if r["preview_rank"] is not None),
            key=lambda r: (r["preview_rank"], r["team"].order),
        )
        context = {
            "round": round_,
            "camp": camp,
            "rows": rows,
            "preview": preview,
            "not_playing": [r for r in rows if r["absent"] and not r["errors"]],
            "problems": problems,
            "submitted": request.method == "POST",
            "live": bool(request.htmx),
            "ap_table": list(enumerate(camp.ap_table, start=1)),
            "ap_warning": selectors.ap_table_warning(camp.ap_table, len(teams)),
            "editable": round_.placements_editable,
            "locked_message": "" if round_.placements_editable else placements_locked_message(round_),
            "next": _round_page_back(
                request,
                round_,
                request.POST.get("next", "")
                if request.method == "POST"
                else request.GET.get("next") or request.META.get("HTTP_REFERER", ""),
            ),
        }
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/camp/round/placements.html",
            title=_("Record placements – round %(number)d") % {"number": round_.number},
            obj=round_,
            context=context,
            fragment="preview",
        )


def _round_page_back(request: HttpRequest, round_: Round, url: str) -> str:
    """``url`` as a path to go back to after saving the placements, or "" (then the AP overview).

    Only a page of this very round that staff came from (a game's round page: an admin URL with
    ``round_id``, e.g. the islands evening checklist), given as ``next`` or read from the Referer;
    anything else (another host, another round, the home page) keeps the AP overview."""
    if not url or not url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    parts = urlsplit(url)
    try:
        match = resolve(parts.path)
    except Resolver404:
        return ""
    if match.namespace != "admin" or match.kwargs.get("round_id") != round_.pk:
        return ""
    return parts.path + (f"?{parts.query}" if parts.query else "")


def _row_value(rank: int | None, *, absent: bool) -> PlacementRowValue:
    return PlacementRowValue(rank="" if rank is None else str(rank), absent=absent)


# ---------------------------------------------------------------------------------- users, groups


class IdRangeAdminMixin:
    """Many-to-many choices (groups, permissions) refuse ids out of range instead of a 500; their
    two-box choosers come with the fix of their search icons (see ``LabelledFilteredSelectMultiple``)."""

    filter_horizontal: Any
    filter_vertical: Any

    def formfield_for_manytomany(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        kwargs.setdefault("form_class", IdModelMultipleChoiceField)
        if db_field.name in (*self.filter_horizontal, *self.filter_vertical):
            stacked = db_field.name in self.filter_vertical
            kwargs.setdefault("widget", LabelledFilteredSelectMultiple(db_field.verbose_name, stacked))
        return super().formfield_for_manytomany(db_field, request, **kwargs)  # type: ignore[misc]


class UserAdmin(BoundedSearchMixin, IdRangeAdminMixin, auth_admin.UserAdmin):
    form = UserChangeForm
    # Django's split date and time inputs named each (last login, date joined; axe: label).
    formfield_overrides = {DateTimeField: {"widget": LabelledSplitDateTime}}


class GroupAdmin(BoundedSearchMixin, IdRangeAdminMixin, auth_admin.GroupAdmin):
    pass


# ------------------------------------------------------------------------------ login attempts


class AccessAttemptAdmin(BoundedSearchMixin, axes_admin.AccessAttemptAdmin):
    pass


class AccessLogAdmin(BoundedSearchMixin, axes_admin.AccessLogAdmin):
    pass


class AccessFailureLogAdmin(BoundedSearchMixin, axes_admin.AccessFailureLogAdmin):
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
