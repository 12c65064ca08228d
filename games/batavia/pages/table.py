"""The projector's table: the board, the exchanges and the players as everyone may see them (from
the engine's ``public_view`` only); htmx polls and redraws the board when the game changed."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpResponse
from django.shortcuts import render

from camp.pages.base import HtmxHttpRequest
from games.batavia import selectors
from games.batavia.engine import public_view
from games.batavia.models import SessionStatus
from games.batavia.pages.shared import POLL_SECONDS, session_for_page, unchanged_poll
from games.batavia.pages.template_data import public_context


def table_page(request: HtmxHttpRequest, pk: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    session = session_for_page(request, pk, model_admin=model_admin)
    if (unchanged := unchanged_poll(request, session)) is not None:
        return unchanged
    state = selectors.session_state(session)
    colours = selectors.team_colours(session)
    ctx = {
        "session": session,
        "version": session.version,
        "poll_seconds": POLL_SECONDS - 0.5,
        "started": session.status != SessionStatus.SETUP,
        "g": public_context(public_view(state), colours) if state is not None else None,
    }
    template = "batavia/table.html#board" if request.htmx else "batavia/table.html"
    return render(request, template, ctx)
