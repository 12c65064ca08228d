"""Batavia in the staff admin: the list of games and seats, and the URLs of the game's staff pages
(the views live in :mod:`games.batavia.pages`, one module per page or group of pages).

Every page is a ``get_urls`` view wrapped in ``admin_view`` (staff only, login redirect) that gets
this ``ModelAdmin`` as ``model_admin`` (its permissions and the admin frame).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from django.contrib import admin
from django.db.models.constants import LOOKUP_SEP
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp.admin.list_actions import SelectedRowsMixin
from camp.forms import parse_row_id
from games.batavia.models import BataviaSeat, BataviaSession
from games.batavia.pages import calculator, create, game_master, record, table, team_links


@admin.register(BataviaSession)
class BataviaSessionAdmin(SelectedRowsMixin, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["__str__", "camp_label", "mode", "status", "updated_at", "open_link"]
    list_filter = ["mode", "status"]
    list_select_related = ["minigame__round__camp"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # created from the round ("Batavia" on the round's page)

    @admin.display(description=gettext_lazy("camp run"))
    def camp_label(self, obj: BataviaSession) -> str:
        return str(obj.minigame.round.camp)  # the round is in the game's name already

    @admin.display(description=gettext_lazy("open"))
    def open_link(self, obj: BataviaSession) -> str:
        url = reverse("admin:batavia_bataviasession_master", args=[obj.pk])
        return format_html('<a class="button" href="{}">{}</a>', url, _("Game master"))

    def change_view(self, request: HttpRequest, object_id: str, *args: Any, **kwargs: Any) -> HttpResponse:
        if parse_row_id(object_id) is None:
            raise Http404
        return HttpResponseRedirect(reverse("admin:batavia_bataviasession_master", args=[object_id]))

    def get_urls(self) -> list[URLPattern]:
        def page(view: Any) -> Any:
            return self.admin_site.admin_view(partial(view, model_admin=self))

        name = "batavia_bataviasession_"
        return [
            path("round/<int:round_id>/", page(create.create_page), name=name + "round"),
            path("<int:pk>/master/", page(game_master.master_page), name=name + "master"),
            path("<int:pk>/table/", page(table.table_page), name=name + "table"),
            path("<int:pk>/act/", page(game_master.hot_seat_act), name=name + "act"),
            path("<int:pk>/check/", page(game_master.hot_seat_check), name=name + "check"),
            path("<int:pk>/op/", page(game_master.session_operation), name=name + "op"),
            path("<int:pk>/seat/", page(game_master.seat_operation), name=name + "seat"),
            path("<int:pk>/import/", page(record.record_import), name=name + "import"),
            path("<int:pk>/record.json", page(record.record_export), name=name + "export"),
            path("<int:pk>/handout.pdf", page(team_links.link_sheets_pdf), name=name + "handout"),
            path("<int:pk>/calculator/", page(calculator.calculator_page), name=name + "calculator"),
            *super().get_urls(),
        ]


@admin.register(BataviaSeat)
class BataviaSeatAdmin(SelectedRowsMixin, admin.ModelAdmin):  # type: ignore[type-arg]
    """Read-only list (the links are managed on the game master's page; tokens are never listed)."""

    list_display = ["__str__", "session", "bot", "token_revoked_at"]
    list_select_related = ["session__minigame__round", "team"]
    fields = ["session", "team", "number", "bot", "token_revoked_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_model_perms(self, request: HttpRequest) -> dict[str, bool]:
        return {}  # hidden from the admin index: seats live on the game master's page

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest | None = None) -> bool:
        # The admin lets a URL filter on any field of the model; on the token, ``?token__gte=…``
        # with the list's count would spell out a team's link character by character.
        if lookup.split(LOOKUP_SEP, 1)[0] == "token":
            return False
        return bool(super().lookup_allowed(lookup, value, request))
