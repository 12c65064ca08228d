"""A game's rules, for every staff member (from the project's own copies, see
:mod:`camp.pages.rules_text`)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import Http404, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from camp.pages import rules_text as rules
from camp.pages.base import HtmxHttpRequest, render_admin_page


def rules_page(request: HtmxHttpRequest, game: str, *, model_admin: admin.ModelAdmin[Any]) -> HttpResponse:
    found = rules.rules_game(game)
    if found is None:
        raise Http404(_("No such game."))
    language = get_language() or "cs"
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/camp/rules.html",
        title=_("Rules: %(game)s") % {"game": found.name},
        context={"game": found, "rules": rules.rules_html(found.slug, language), "language": language},
    )
