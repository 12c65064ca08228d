"""Making the game of a round whose mini-game is Batavia: digital or on the real board, the teams
that play. A round that has its game already goes straight to its game master's page."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext as _

from camp import selectors as camp_selectors
from camp.models import MiniGame, MiniGameKind, Round
from camp.pages.base import HtmxHttpRequest, render_admin_page
from games.batavia import selectors, services
from games.batavia.errors import BataviaServiceError
from games.batavia.forms import SessionCreateForm, players_choice_hint, players_ticked_first
from games.batavia.models import SessionMode
from games.batavia.pages.shared import master_url


def create_page(request: HtmxHttpRequest, round_id: int, *, model_admin: admin.ModelAdmin) -> HttpResponse:  # type: ignore[type-arg]
    round_ = Round.objects.select_related("camp").filter(pk=round_id).first()
    if round_ is None:
        raise Http404(_("No such round."))
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    existing = selectors.session_for_round(round_.pk)
    if existing is not None:
        return HttpResponseRedirect(master_url(existing))
    minigame = MiniGame.objects.filter(round=round_).first()
    teams = camp_selectors.camp_teams(round_.camp)
    problem = ""
    chosen = players_ticked_first([t.pk for t in teams])
    mode = SessionMode.DIGITAL
    open_tiles = False
    if request.method == "POST":
        if not model_admin.has_change_permission(request):
            raise PermissionDenied
        form = SessionCreateForm(request.POST)
        form.is_valid()  # never refuses: the service checks the mode and the teams
        mode = form.cleaned_data["mode"]
        open_tiles = form.cleaned_data["open_tiles"]
        chosen = {t.pk for t in teams if str(t.pk) in form.cleaned_data["team_ids"]}
        if minigame is None or minigame.kind != MiniGameKind.BATAVIA:
            problem = _("First record Batavia as this round's mini-game.")
        else:
            try:
                session = services.session_create(
                    minigame=minigame,
                    mode=mode,
                    teams=[t for t in teams if t.pk in chosen],
                    open_tiles=open_tiles,
                )
            except BataviaServiceError as error:
                problem = error.text
            else:
                messages.success(request, _("The Batavia game is ready."))
                return HttpResponseRedirect(master_url(session))
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/batavia/create.html",
        title=_("Batavia – %(round)s") % {"round": round_},
        context={
            "round": round_,
            "minigame": minigame,
            "is_batavia": minigame is not None and minigame.kind == MiniGameKind.BATAVIA,
            "teams": teams,
            "chosen": chosen,
            "mode": mode,
            "open_tiles": open_tiles,
            "modes": SessionMode.choices,
            "problem": problem,
            "players_hint": players_choice_hint(len(teams)),
        },
    )
