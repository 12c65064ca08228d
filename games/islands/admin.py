"""The Golden Islands in the staff admin.

Every row of the game is read-only here: the state changes only through the game's services (the
board set-up pages below, and later order entry and resolving), so a stray edit cannot break it.
The board set-up pages hang under "Board set-ups" (see :mod:`games.islands.pages.board`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from camp.admin.list_actions import SelectedRowsMixin
from camp.models import Round
from camp.staff.permissions import may_see_team_links
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.links import TeamLink
from games.islands.models.notices import PublicNotice
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders, TelescopeChoice
from games.islands.pages import (
    after,
    board,
    deal,
    orders,
    paper,
    rehearsal,
    resolve,
    round_files,
    sheets,
    standings,
    team_links,
    undo,
)
from games.islands.pages import round as round_page
from games.islands.pages.links import url
from games.islands.pages.shared import READ_PERMISSIONS, read_consistently
from games.islands.words.notices import notice_text


class ReadOnlyAdmin(SelectedRowsMixin, admin.ModelAdmin):  # type: ignore[type-arg]
    """Shows rows, never adds, changes or deletes them."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


#: Who may read the board set-up pages (their writes check ``board.PERMISSION`` as well).
BOARD_READ_PERMISSIONS = ("islands.view_boardsetup", "islands.view_boardhex", board.PERMISSION)


def _guarded(view: Any, allowed: Callable[[HttpRequest], bool]) -> Any:
    """The view, for staff who may read it (others get 403: a staff login alone is not enough)."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if not allowed(request):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return guarded


@admin.register(BoardSetup)
class BoardSetupAdmin(ReadOnlyAdmin):
    """Its list is the choice of camp run; each camp has its set-up page."""

    list_display = ("camp", "generator_seed", "generated_at", "hand_edits", "sides_draw", "game_started_at")

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The set-up pages draw the hidden tiles: staff who may see or edit the board's hexes.
        return any(request.user.has_perm(p) for p in BOARD_READ_PERMISSIONS)

    def get_urls(self) -> list[URLPattern]:
        def wrap(view: Any) -> Any:
            return self.admin_site.admin_view(_guarded(view, self.has_view_permission))

        return [
            path("camp/<int:camp_id>/", wrap(board.board_setup), name="islands_boardsetup_camp"),
            path("camp/<int:camp_id>/accept/", wrap(board.board_accept), name="islands_boardsetup_accept"),
            path("camp/<int:camp_id>/hex/", wrap(board.board_hex), name="islands_boardsetup_hex"),
            path("camp/<int:camp_id>/sides/", wrap(board.sides_draw), name="islands_boardsetup_sides"),
            path("camp/<int:camp_id>/bays/", wrap(board.harbors_bays), name="islands_boardsetup_bays"),
            path("camp/<int:camp_id>/start/", wrap(board.game_start), name="islands_boardsetup_start"),
            path("camp/<int:camp_id>/deal/", wrap(deal.deal_start), name="islands_boardsetup_deal_start"),
            path(
                "camp/<int:camp_id>/deal/progress/",
                wrap(deal.deal_progress),
                name="islands_boardsetup_deal_progress",
            ),
            path(
                "camp/<int:camp_id>/deal/accept/",
                wrap(deal.deal_accept),
                name="islands_boardsetup_deal_accept",
            ),
            path(
                "camp/<int:camp_id>/rehearsal/",
                wrap(board.rehearsal_start),
                name="islands_boardsetup_rehearse",
            ),
            path(
                "camp/<int:camp_id>/rehearsal/<int:rehearsal_id>/",
                wrap(rehearsal.rehearsal_page),
                name="islands_boardsetup_rehearsal",
            ),
            path(
                "camp/<int:camp_id>/rehearsal/<int:rehearsal_id>/progress/",
                wrap(rehearsal.rehearsal_progress),
                name="islands_boardsetup_rehearsal_progress",
            ),
            path(
                "camp/<int:camp_id>/rehearsal/<int:rehearsal_id>/cancel/",
                wrap(rehearsal.rehearsal_cancel),
                name="islands_boardsetup_rehearsal_cancel",
            ),
            path(
                "camp/<int:camp_id>/rehearsal/<int:rehearsal_id>/pdf/",
                wrap(rehearsal.rehearsal_pdf),
                name="islands_boardsetup_rehearsal_pdf",
            ),
            *super().get_urls(),
        ]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        return board.camp_list(request, admin_context=self.admin_site.each_context(request))


@admin.register(BoardHex)
class BoardHexAdmin(ReadOnlyAdmin):
    list_display = ("label", "camp", "tile", "chests", "revealed", "revealed_round", "revealed_by")
    list_filter = ("camp", "tile", "revealed")
    list_select_related = ("camp", "revealed_round", "revealed_by")

    @admin.display(description=_("hex"))
    def label(self, obj: BoardHex) -> str:
        return obj.label


@admin.register(Harbor)
class HarborAdmin(ReadOnlyAdmin):
    list_display = ("team", "side", "bay_label", "delivered")
    list_filter = ("team__camp",)
    list_select_related = ("team",)

    @admin.display(description=_("bay"))
    def bay_label(self, obj: Harbor) -> str:
        return obj.bay_label


@admin.register(Ship)
class ShipAdmin(ReadOnlyAdmin):
    list_display = ("team", "ident", "kind", "q", "r", "chests", "boat", "seahorse", "mermaid", "octopus")
    list_filter = ("team__camp", "team", "kind")
    list_select_related = ("team",)


@admin.register(TeamLink)
class TeamLinkAdmin(ReadOnlyAdmin):
    """The teams' own links; each camp run's page lists them, with the handouts and the buttons (see
    :mod:`games.islands.pages.team_links`). The list never shows a token."""

    list_display = ("team", "link_active", "created_at", "renewed_at")
    list_select_related = ("team",)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A link lets its holder act as the team (hand in its plan): staff who may see the team
        # links (camp.see_team_links) and read the round pages; a view permission is not enough.
        return may_see_team_links(request.user) and any(request.user.has_perm(p) for p in READ_PERMISSIONS)

    def get_urls(self) -> list[URLPattern]:
        def wrap(view: Any) -> Any:
            return self.admin_site.admin_view(_guarded(view, self.has_view_permission))

        return [
            path(
                "camp/<int:camp_id>/",
                wrap(partial(team_links.links_page, model_admin=self)),
                name="islands_teamlink_camp",
            ),
            path("camp/<int:camp_id>/switch/", wrap(team_links.links_switch), name="islands_teamlink_switch"),
            path(
                "camp/<int:camp_id>/handouts/",
                wrap(team_links.handouts_pdf),
                name="islands_teamlink_handouts",
            ),
            path("<int:link_id>/renew/", wrap(team_links.link_renew), name="islands_teamlink_renew"),
            path("<int:link_id>/revoke/", wrap(team_links.link_revoke), name="islands_teamlink_revoke"),
            *super().get_urls(),
        ]

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_view_permission(request):
            raise PermissionDenied
        return team_links.camp_list(request, admin_context=self.admin_site.each_context(request))


@admin.register(Pirate)
class PirateAdmin(ReadOnlyAdmin):
    list_display = ("ident", "camp", "q", "r", "seahorse", "mermaid", "octopus")
    list_filter = ("camp",)


@admin.register(IslandsRound)
class IslandsRoundAdmin(ReadOnlyAdmin):
    """Opened rounds; its URLs also carry the pages that run a round (see :mod:`games.islands.pages`)."""

    list_display = ("round", "camp", "opened_at", "round_page_link")
    list_select_related = ("round__camp",)
    actions = ["export_rounds"]

    @admin.display(description=_("camp run"))
    def camp(self, obj: IslandsRound) -> str:
        return str(obj.round.camp)

    @admin.display(description=_("round page"))
    def round_page_link(self, obj: IslandsRound) -> str:
        return format_html('<a href="{}">{}</a>', url("page", obj.round_id), _("the evening"))

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        # Named for what it lists (the model's name stays, so no migration): the camp's "Herní kola"
        # is the table of every round; this one holds the rounds opened for the islands.
        context = {"title": _("Open rounds of Golden Islands"), **(extra_context or {})}
        return super().changelist_view(request, extra_context=context)

    @admin.action(description=_("Export as zlate-ostrovy/1 files"), permissions=["export"])
    def export_rounds(self, request: HttpRequest, queryset: QuerySet[IslandsRound]) -> HttpResponse | None:
        rounds = Round.objects.filter(pk__in=queryset.values("round_id"))
        return round_files.export_rounds_response(request, rounds)

    def has_export_permission(self, request: HttpRequest) -> bool:
        """A round file carries the camp run's seed (:func:`round_files.may_export`)."""
        return round_files.may_export(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # The round pages show the staff map (hidden tiles, cargo, pirate draws) and the round file.
        return any(request.user.has_perm(p) for p in READ_PERMISSIONS)

    def get_urls(self) -> list[URLPattern]:
        def page(view: Any) -> Any:
            # Each page read while a round is resolved, undone or closed sees it before or after.
            return self.admin_site.admin_view(
                _guarded(read_consistently(partial(view, model_admin=self)), self.has_view_permission)
            )

        return [
            path("round/<int:round_id>/", page(round_page.round_page), name="islands_round_page"),
            path("round/<int:round_id>/open/", page(round_page.round_open), name="islands_round_open"),
            path(
                "round/<int:round_id>/orders/<int:team_id>/",
                page(orders.orders_page),
                name="islands_round_orders",
            ),
            path("round/<int:round_id>/resolve/", page(resolve.resolve_page), name="islands_round_resolve"),
            path("round/<int:round_id>/after/", page(after.after_page), name="islands_round_after"),
            path("round/<int:round_id>/close/", page(round_page.round_close), name="islands_round_close"),
            path(
                "round/<int:round_id>/plans/approve/",
                page(round_page.plan_approve),
                name="islands_round_plan_approve",
            ),
            path(
                "round/<int:round_id>/plans/approve-all/",
                page(round_page.plans_approve_all),
                name="islands_round_plans_approve_all",
            ),
            path(
                "round/<int:round_id>/plans/return/",
                page(round_page.plan_return),
                name="islands_round_plan_return",
            ),
            path(
                "round/<int:round_id>/plans/deadline/",
                page(round_page.plans_deadline),
                name="islands_round_plans_deadline",
            ),
            path(
                "round/<int:round_id>/plans/reopen/",
                page(round_page.plan_reopen),
                name="islands_round_plan_reopen",
            ),
            path(
                "round/<int:round_id>/plans/nothing-undo/",
                page(round_page.plan_nothing_undo),
                name="islands_round_plan_nothing_undo",
            ),
            path(
                "round/<int:round_id>/plans/nothing-restore/",
                page(round_page.plan_nothing_restore),
                name="islands_round_plan_nothing_restore",
            ),
            path("round/<int:round_id>/undo/", page(undo.undo_page), name="islands_round_undo"),
            path("round/<int:round_id>/export/", page(round_files.export_round), name="islands_round_export"),
            path(
                "round/<int:round_id>/sheets.pdf",
                page(sheets.team_sheets_pdf),
                name="islands_round_sheets",
            ),
            path(
                "round/<int:round_id>/sheets/<int:team_id>.pdf",
                page(sheets.team_sheet_pdf),
                name="islands_round_sheet",
            ),
            path(
                "round/<int:round_id>/master.pdf",
                page(sheets.master_sheet_pdf),
                name="islands_round_master",
            ),
            path(
                "round/<int:round_id>/notice-board.pdf",
                page(sheets.notice_sheet_pdf),
                name="islands_round_notice",
            ),
            path(
                "round/<int:round_id>/tonight.pdf",
                page(sheets.evening_pdf),
                name="islands_round_evening",
            ),
            path(
                "round/<int:round_id>/changed.pdf",
                page(sheets.changed_sheets_pdf),
                name="islands_round_changed",
            ),
            path("import/", page(round_files.import_page), name="islands_round_import"),
            path("paper/", page(paper.paper_page), name="islands_round_paper"),
            path(
                "camp/<int:camp_id>/standings/",
                page(standings.standings_page),
                name="islands_round_standings",
            ),
            *super().get_urls(),
        ]


@admin.register(TeamOrders)
class TeamOrdersAdmin(ReadOnlyAdmin):
    list_display = (
        "round",
        "team",
        "ap",
        "build_cargo",
        "build_battleship",
        "fire",
        "updated_at",
        "updated_by",
    )
    list_filter = ("round__camp", "team")
    list_select_related = ("round", "team", "updated_by")


@admin.register(RoundResult)
class RoundResultAdmin(ReadOnlyAdmin):
    list_display = ("round", "resolved_at", "resolved_by")
    list_select_related = ("round", "resolved_by")
    exclude = ("before",)


@admin.register(TelescopeChoice)
class TelescopeChoiceAdmin(ReadOnlyAdmin):
    list_display = ("result", "ship", "hex", "chosen_at")
    list_select_related = ("result__round",)


@admin.register(PublicNotice)
class PublicNoticeAdmin(ReadOnlyAdmin):
    """The notice board's feed, as the hall reads it; append-only, so read-only here too."""

    list_display = ("at", "camp", "line")
    list_filter = ("camp", "code")
    list_select_related = ("camp",)

    @admin.display(description=_("line"))
    def line(self, obj: PublicNotice) -> str:
        return notice_text(obj.code, obj.params)
