"""The game master's page of a Batavia game and its forms: the seats and their links, the full
state (every hand and bill: staff only), the hot seat (acting for the player to act, with the same
forms as the teams and the live check of the cards picked), start, undo, bots and dice, finish
(record the placements), and who plays each seat."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _

from camp.pages.base import HtmxHttpRequest, render_admin_page
from camp.services import PlacementsError
from camp.staff.permissions import may_see_team_links
from games.batavia import selectors, services
from games.batavia.engine import private_view, public_view, state_to_output
from games.batavia.errors import BataviaServiceError
from games.batavia.forms import (
    CardCountsForm,
    FormProblem,
    HotSeatActionForm,
    SeatOperationForm,
    SessionOperationForm,
    parse_counts,
)
from games.batavia.models import BataviaSession, BotKind, SessionMode, SessionStatus
from games.batavia.pages.shared import (
    POLL_SECONDS,
    back_to_master,
    master_url,
    placements_summary,
    require_post,
    session_for_page,
    unchanged_poll,
)
from games.batavia.pages.team_links import team_url
from games.batavia.pages.template_data import (
    action_options,
    play_preview,
    private_context,
    public_context,
    undo_text,
)
from games.batavia.words import companies

ModelAdmin = admin.ModelAdmin


def master_context(
    request: HtmxHttpRequest,
    session: BataviaSession,
    *,
    model_admin: ModelAdmin[Any],
    message: str = "",
    posted: Any = None,
) -> dict[str, Any]:
    seats = selectors.session_seats(session)
    state = selectors.session_state(session)
    can_change = model_admin.has_change_permission(request, session)
    # A team's link lets its holder play as the team: only staff who may see the team links see it.
    see_links = may_see_team_links(request.user)
    ctx: dict[str, Any] = {
        "session": session,
        "round": session.minigame.round,
        "can_change": can_change,
        "see_links": see_links,
        "seats": [
            {"seat": s, "url": team_url(request, s) if see_links else "", "to_act": False} for s in seats
        ],
        "version": session.version,
        "message": message,
        "posted": posted or {},
        "bots": BotKind.choices,
        "poll_seconds": POLL_SECONDS,
        "companies": companies(),
        "digital": session.mode == SessionMode.DIGITAL,
    }
    if state is None:
        return ctx
    colours = selectors.team_colours(session)
    ctx["g"] = public_context(public_view(state), colours)
    output = state_to_output(state)
    ctx["staff_players"] = [
        {
            "name": p["name"],
            "bills": p["bills"],
            "hand": [{"c": c, "n": p["hand"].get(c["code"], 0)} for c in companies()],
            "hand_size": sum(p["hand"].values()),
        }
        for p in output["players"]
    ]
    ctx["undo"] = undo_text(state)
    to_act = state.to_act
    if to_act is not None and session.status == SessionStatus.PLAYING:
        for row in ctx["seats"]:
            row["to_act"] = row["seat"].number == to_act
        options = action_options(state, to_act)
        ctx["options"] = options
        ctx["hot_seat"] = private_context(private_view(state, state.names[to_act]), colours)["you"]
        ctx["hidden"] = {"seat": to_act}
        if options["kind"] == "turn" and options["can_play"]:
            counts = {}
            if posted:
                try:
                    counts = parse_counts(posted)
                except FormProblem:
                    counts = {}
            ctx["counts"] = counts
            ctx["preview"] = play_preview(state, to_act, counts) if any(counts.values()) else None
    ctx["finished"] = state.phase == "finished"
    return ctx


def _render_master(
    request: HtmxHttpRequest,
    session: BataviaSession,
    *,
    model_admin: ModelAdmin[Any],
    message: str = "",
    posted: Any = None,
    unticked: dict[str, Any] | None = None,
) -> HttpResponse:
    """``unticked``: the button (``op``, with ``seat_id`` for a seat's) whose "yes, really" box was
    left unticked, and the refusal (``text``) the page shows next to that box."""
    context = master_context(request, session, model_admin=model_admin, message=message, posted=posted)
    if unticked and not _box_shown(context, unticked):  # e.g. nothing left to undo: said on top
        return back_to_master(request, session, unticked["text"])
    context["unticked"] = unticked or {}
    return render_admin_page(
        request,
        model_admin=model_admin,
        template="admin/batavia/master.html",
        title=_("Batavia – %(round)s – game master") % {"round": session.minigame.round},
        obj=session,
        context=context,
        fragment="master",
        status=400 if unticked else 200,
    )


def _box_shown(context: dict[str, Any], unticked: dict[str, Any]) -> bool:
    """Whether the page shows the "yes, really" box of the refused button (as master.html does)."""
    if unticked["op"] == "undo":
        return bool(context.get("undo")) and context["session"].status != SessionStatus.RECORDED
    return context["can_change"] and any(
        row["seat"].pk == unticked.get("seat_id") and row["seat"].link_active for row in context["seats"]
    )


def master_page(request: HtmxHttpRequest, pk: int, *, model_admin: ModelAdmin[Any]) -> HttpResponse:
    session = session_for_page(request, pk, model_admin=model_admin)
    if (unchanged := unchanged_poll(request, session)) is not None:
        return unchanged
    return _render_master(request, session, model_admin=model_admin)


def hot_seat_act(request: HtmxHttpRequest, pk: int, *, model_admin: ModelAdmin[Any]) -> HttpResponse:
    """Hot seat: the game master acts for the player to act (the same forms as the teams)."""
    require_post(request)
    session = session_for_page(request, pk, model_admin=model_admin, change=True)
    form = HotSeatActionForm(request.POST)
    if not form.is_valid():
        return _render_master(
            request, session, model_admin=model_admin, message=form.problem, posted=request.POST
        )
    try:
        services.session_act(
            session=session,
            seat=form.cleaned_data["seat"],
            action=form.cleaned_data["action"],
            version=form.cleaned_data["version"],
            by_staff=True,
        )
    except BataviaServiceError as error:
        session.refresh_from_db()
        return _render_master(
            request, session, model_admin=model_admin, message=error.text, posted=request.POST
        )
    return HttpResponseRedirect(master_url(session))


def hot_seat_check(request: HtmxHttpRequest, pk: int, *, model_admin: ModelAdmin[Any]) -> HttpResponse:
    """htmx: the live check of the cards picked on the hot-seat form (writes nothing)."""
    require_post(request)
    session = session_for_page(request, pk, model_admin=model_admin)
    ctx = master_context(request, session, model_admin=model_admin, posted=request.POST)
    form = CardCountsForm(request.POST)
    if not form.is_valid():
        ctx["preview"] = None
        ctx["check_problem"] = form.problem
    return render(request, "batavia/_actions.html#play-check", ctx)


def session_operation(request: HtmxHttpRequest, pk: int, *, model_admin: ModelAdmin[Any]) -> HttpResponse:
    """Start, undo, run bots, finish (record the placements)."""
    require_post(request)
    session = session_for_page(request, pk, model_admin=model_admin, change=True)
    form = SessionOperationForm(request.POST)
    if not form.is_valid() and form.unticked:
        op = {"op": request.POST.get("op"), "text": form.problem}
        return _render_master(request, session, model_admin=model_admin, unticked=op)
    if not form.is_valid():
        return back_to_master(request, session, form.problem)
    op, version = form.cleaned_data["op"], form.cleaned_data["version"]
    try:
        if op == "start":
            services.session_start(session=session)
            messages.success(request, _("The game has started."))
        elif op == "undo":
            services.session_undo(session=session, version=version)
            messages.success(request, _("The last action was taken back."))
        elif op == "bots":
            n = services.bots_advance(session=session)
            messages.success(request, _("Bots and dice: %(n)d actions.") % {"n": n})
        elif op == "finish":
            ranks = services.session_finish(session=session)
            names = {s.team_id: s.team.name for s in selectors.session_seats(session)}
            summary = placements_summary(ranks, names)
            messages.success(request, _("Placements recorded: %(summary)s.") % {"summary": summary})
    except BataviaServiceError as error:
        messages.error(request, error.text)
    except PlacementsError as error:
        messages.error(request, " ".join(p.message for p in error.problems))
    return HttpResponseRedirect(master_url(session))


def seat_operation(request: HtmxHttpRequest, pk: int, *, model_admin: ModelAdmin[Any]) -> HttpResponse:
    """A seat: who plays it (team or bot), revoke or renew its link."""
    require_post(request)
    session = session_for_page(request, pk, model_admin=model_admin, change=True)
    form = SeatOperationForm(request.POST)
    valid = form.is_valid()
    seat = selectors.session_seat(session, form.cleaned_data["seat_id"])
    if seat is None:
        return back_to_master(request, session, _("There is no such seat."))
    if not valid and form.unticked:
        op = {"op": "revoke", "seat_id": seat.pk, "text": form.problem}
        return _render_master(request, session, model_admin=model_admin, unticked=op)
    if not valid:
        return back_to_master(request, session, form.problem)
    op = form.cleaned_data["op"]
    try:
        if op == "bot":
            services.seat_set_bot(seat=seat, bot=form.cleaned_data["bot"])
            messages.success(
                request,
                _("%(team)s: played by %(who)s.") % {"team": seat.team.name, "who": BotKind(seat.bot).label},
            )
        elif op == "revoke":
            services.token_revoke(seat=seat)
            messages.success(request, _("%(team)s: the link no longer works.") % {"team": seat.team.name})
        elif op == "renew":
            services.token_renew(seat=seat)
            messages.success(
                request,
                _("%(team)s: a new link was made; print its sheet again.") % {"team": seat.team.name},
            )
    except BataviaServiceError as error:
        messages.error(request, error.text)
    return HttpResponseRedirect(master_url(session))
