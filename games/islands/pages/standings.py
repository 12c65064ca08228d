"""The camp's final standings for staff (printable): chests delivered, AP received, ships afloat."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from camp.models import Camp
from camp.pages.base import HtmxHttpRequest
from games.islands.pages.rows import standing_rows
from games.islands.pages.shared import (
    render_page,
)

TEMPLATE = "islands/standings.html"


def standings_page(request: HtmxHttpRequest, camp_id: int, *, model_admin: Any) -> HttpResponse:
    """The camp's standings (staff, printable): chests delivered, AP received, ships afloat."""
    camp = get_object_or_404(Camp, pk=camp_id)
    context = {"camp": camp, "rows": standing_rows(camp)}
    return render_page(
        request,
        model_admin,
        TEMPLATE,
        title=_("Standings – %(camp)s") % {"camp": camp},
        context=context,
        fragment="standings",
    )
