"""The board set-up of a camp run: seed, hexes, sides, bays, start (wired in
``admin.BoardSetupAdmin.get_urls``).

One template, ``islands/board_setup.html``, holds the whole page; its named partials are the htmx
fragments: ``preview`` (a generated board not stored yet), ``board`` (the stored board with the hex
editor) and ``hex-editor``. The page view serves the page, and with htmx the fragment the request
asks for (``?seed=`` -> preview, ``?hex=`` -> hex editor). Every link keeps its ``href`` and every
form posts normally, so the pages work without JavaScript too. Views parse, call one service,
render (the forms are :mod:`games.islands.forms`); a user error becomes a message, never a 500.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from urllib.parse import urlencode

from django.contrib import admin, messages
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from camp.models import Camp, Team
from camp.pages.base import HtmxHttpRequest
from games.islands import deals, rehearsals, words
from games.islands.engine import generator
from games.islands.engine.hexes import geometry
from games.islands.engine.rehearsal.deal import CONFIRM_LOOKS
from games.islands.errors import IslandsError
from games.islands.forms.board import (
    BaysForm,
    BoardAcceptForm,
    BoardQuery,
    HexForm,
    SeedForm,
    SidesForm,
)
from games.islands.forms.rehearsal import RehearsalForm
from games.islands.maps import style, svg, visibility
from games.islands.models.board import BoardSetup
from games.islands.pages.rehearsal_runs import deal_context, newest_deal, rehearsal_url, runs_listed
from games.islands.pages.shared import check_perm, messages_of, show_errors
from games.islands.selectors import board as board_selectors
from games.islands.selectors.maps import map_view_for_staff
from games.islands.services import board as board_services
from games.islands.services import rehearsals as rehearsal_services

TEMPLATE = "islands/board_setup.html"
PERMISSION = "islands.change_boardhex"
#: Camps per style of "Rehearse exactly this board": as many as a fair deal's confirmation plays.
PROOF_CAMPS = CONFIRM_LOOKS[-1]


def _camp_to_change(request: HtmxHttpRequest, camp_id: int) -> Camp:
    """The camp run a POST changes the board of: 403 without :data:`PERMISSION`, then 404 if none."""
    check_perm(request, PERMISSION)
    return get_object_or_404(Camp, pk=camp_id)


def _page_url(camp: Camp, **query: str) -> str:
    url = reverse("admin:islands_boardsetup_camp", args=[camp.pk])
    if query:
        url += "?" + urlencode(query)
    return url


def _fairness_rows(report: generator.FairnessReport) -> dict[str, Any]:
    return {
        "radii": report.radii,
        "rows": [{"side": words.SIDE_NAMES[side], "counts": counts} for side, counts in report.as_rows()],
        "spreads": report.spreads,
        "tolerance": report.tolerance,
        "fair": report.is_fair,
    }


def offered_seed(camp: Camp) -> int:
    """The seed the page starts with: derived from the camp's secret seed (so the page offers the
    same one on every visit), at least ``SAFE_SEED_MIN``, so no team can find it by trying seeds."""
    span = board_services.MAX_SEED - board_services.SAFE_SEED_MIN + 1
    return board_services.SAFE_SEED_MIN + board_selectors.derived_seed(camp.seed, "board", 1) % span


def rehearsal_seeds(camp: Camp) -> list[int]:
    """Two seeds the rehearsal offers beside a stored board: derived from the camp's secret seed as
    :func:`offered_seed` is (the same on every visit, at least ``SAFE_SEED_MIN``), not the board's."""
    span = board_services.MAX_SEED - board_services.SAFE_SEED_MIN + 1
    return [
        board_services.SAFE_SEED_MIN + board_selectors.derived_seed(camp.seed, "rehearsal", n) % span
        for n in (1, 2)
    ]


def another_seed(camp: Camp, seed: int | None) -> int:
    """ "Another seed" after ``seed``: derived from the camp's secret seed and that seed, so the link
    stays the same on every load of the same page, from ``SAFE_SEED_MIN`` to ``MAX_SEED``."""
    span = board_services.MAX_SEED - board_services.SAFE_SEED_MIN + 1
    return board_services.SAFE_SEED_MIN + board_selectors.derived_seed(camp.seed, "another", seed or 0) % span


def _preview_context(camp: Camp, raw_seed: str | None, *, generate: bool = True) -> dict[str, Any]:
    """The ``preview`` partial: a board dealt from a seed, drawn, with its fairness; nothing stored.

    Without ``generate`` only the seed form (a first board's seed derives from the camp's seed).
    """
    setup = board_selectors.board_setup(camp)
    form = SeedForm({"seed": raw_seed if raw_seed is not None else str(offered_seed(camp))})
    shown = form.cleaned_data["seed"] if form.is_valid() else None
    ctx: dict[str, Any] = {
        "seed_form": form,
        "next_seed": another_seed(camp, shown),
        "replacing": setup is not None,
        "page_url": _page_url(camp),
    }
    if not generate or not form.is_valid():
        return ctx
    seed = form.cleaned_data["seed"]
    ctx["short_seed_warning"] = short_seed_warning() if seed < board_services.SAFE_SEED_MIN else ""
    try:
        board = board_selectors.board_preview(
            side=camp.board_side, seed=seed, teams=rehearsals.board_teams(camp)
        )
    except generator.BoardNotFoundError:
        ctx["preview_error"] = _("No fair board was found for seed %(seed)d. Try another seed.") % {
            "seed": seed
        }
        return ctx
    except generator.GeneratorError as exc:
        ctx["preview_error"] = _("The board cannot be generated: %(reason)s") % {"reason": exc}
        return ctx
    view = visibility.for_staff(side=camp.board_side, cells=board_selectors.preview_cells(board))
    ctx.update(
        preview_seed=seed,
        preview_svg=svg.render_svg(view),
        preview_fairness=_fairness_rows(board.fairness),
        preview_counts=[{"name": words.tile_name(t), "count": n} for t, n in board.counts().items() if n],
        preview_chests=board.chests,
    )
    return ctx


def short_seed_warning() -> str:
    return _(
        "This seed is short: a team that tries seeds against the hexes it has seen can find it, and with it "
        "the whole hidden board. Use an offered seed unless you are reproducing a known board."
    )


def _hex_context(camp: Camp, label: str | None, form: HexForm | None = None) -> dict[str, Any]:
    """The ``hex-editor`` partial: the form for one hex (or a prompt to click one)."""
    if label is None and form is None:
        return {"hex_form": None}
    setup = board_selectors.board_setup(camp)
    if form is None and setup is not None and setup.game_started:
        return {
            "hex_form": None,
            "hex_error": _("The game has started: the board can no longer be changed by hand."),
            "started": True,
        }
    if form is None:
        row = board_selectors.board_hex(camp, label or "")
        if row is None:
            return {
                "hex_form": None,
                "hex_error": _("“%(label)s” is not a hex of this board.")
                % {"label": (label or "").strip()[:10]},
            }
        form = HexForm(
            side=camp.board_side,
            initial={
                "hex": geometry(camp.board_side).label(row.hex),
                "tile": row.tile,
                "chests": row.chests or None,
                "revealed": row.revealed,
            },
        )
        label = form.initial["hex"]
    return {"hex_form": form, "hex_label": label}


def _board_context(camp: Camp, setup: BoardSetup | None, selected: str | None = None) -> dict[str, Any]:
    if setup is None:
        return {"board_svg": None}
    view = map_view_for_staff(camp)
    if not setup.game_started:  # from the start on, the board is the game's: no more hand edits
        view = view.clicking(_page_url(camp), "#hex-editor")
    if selected:
        try:
            geometry(camp.board_side).parse(selected)
            view = replace(view, highlights=frozenset({selected.strip().upper()}))
        except ValueError:
            pass
    return {
        "board_svg": svg.render_svg(view),
        "team_key": svg.team_key(view),
        "board_fairness": _fairness_rows(
            board_selectors.fairness_of_cells(camp.board_side, board_selectors.board_cells(camp))
        ),
        "hex_count": len(geometry(camp.board_side).hexes),
    }


def rehearsal_initial(camp: Camp, seeds: list[int]) -> dict[str, Any]:
    """The rehearsal form as the page offers it: the camp's board (when stored) and ``seeds`` (the
    preview's seed and its "Another seed", or fresh ones), the camp run's teams, its AP table."""
    teams = Team.objects.filter(camp=camp).count()
    initial: dict[str, Any] = {
        "camp_board": rehearsals.camp_board_cells(camp) is not None,
        "teams_from": "camp" if rehearsals.MIN_TEAMS <= teams <= rehearsals.MAX_TEAMS else "count",
        "team_count": teams if rehearsals.MIN_TEAMS <= teams <= rehearsals.MAX_TEAMS else 6,
        "ap_table": list(camp.ap_table),
        "rounds": rehearsals.DEFAULT_ROUNDS,
        "camps": rehearsals.DEFAULT_CAMPS,
        "placement": "uniform",
        "bots": "every",
    }
    for n, seed in enumerate(seeds[:2], start=1):
        initial[f"seed_{n}"] = seed
    return initial


def _rehearsal_context(
    request: HtmxHttpRequest, camp: Camp, form: RehearsalForm | None, seeds: list[int]
) -> dict[str, Any]:
    """The "Zkouška hry" section: the form (unbound: as offered), the running rehearsal's progress,
    the kept ones. Only for staff with the board permission (it reveals the board)."""
    if not request.user.has_perm(PERMISSION):
        return {"rehearsal_allowed": False}
    listed = runs_listed(camp)
    return {
        "rehearsal_allowed": True,
        "rehearsal_form": form or RehearsalForm(camp=camp, initial=rehearsal_initial(camp, seeds)),
        # the one running shows its progress above the form; the list holds the finished ones
        "rehearsal_runs": [run for run in listed if not run["state"].active],
        "rehearsal_active": next((run for run in listed if run["state"].active), None),
    }


def _context(request: HtmxHttpRequest, camp: Camp, **extra: Any) -> dict[str, Any]:
    setup = board_selectors.board_setup(camp)
    harbors = board_selectors.team_harbors(camp)
    game_on = board_selectors.game_is_on(camp)
    started = setup is not None and setup.game_started
    ctx: dict[str, Any] = {
        **_admin_context(request),
        "title": _("Board set-up: %(camp)s") % {"camp": camp},
        "camp": camp,
        "setup": setup,
        "game_on": game_on,
        "started": started,
        "can_generate": not game_on and not started,
        "harbors": [
            {
                "team": th.team,
                "colour": style.safe_colour(th.team.colour),
                "side": words.SIDE_NAMES[th.harbor.side] if th.harbor and th.harbor.side else None,
                "bay": th.harbor.bay if th.harbor else None,
                "bay_choices": th.bay_choices,
            }
            for th in harbors
        ],
        "bays_picked": sum(1 for th in harbors if th.harbor and th.harbor.bay),
        # The one form of every team's bay: once a team has a side, until the game starts.
        "bays_settable": not started and not game_on and any(th.bay_choices for th in harbors),
        "legend": style.legend(staff=True),
        "page_url": _page_url(camp),
    }
    ctx.update(_board_context(camp, setup, extra.get("hex_label")))
    ctx.update(deal_context(camp, newest_deal(camp)))
    ctx["proof"] = proof = deals.board_proof(camp) if setup is not None else None
    if proof is not None and proof.kind == "rehearsal":  # a deal's own figures are the deal section's
        ctx["proof_url"] = rehearsal_url("page", camp, proof.rehearsal.pk)
    ctx["short_board_seed"] = setup is not None and setup.generator_seed < board_services.SAFE_SEED_MIN
    ctx["proof_camps"] = PROOF_CAMPS
    ctx.update(extra)
    if "rehearsal_allowed" not in ctx:
        # Offered: the preview's seed and its "Another seed"; beside a stored board, the camp run's
        # own two (the same on every visit, so the offered boards rehearsed again show the kept result).
        previewed = [s for s in (ctx.get("preview_seed"), ctx.get("next_seed")) if isinstance(s, int)]
        seeds = rehearsal_seeds(camp) if setup is not None or len(previewed) < 2 else previewed
        ctx.update(_rehearsal_context(request, camp, None, seeds))
    return ctx


def _admin_context(request: HtmxHttpRequest) -> dict[str, Any]:
    return admin.site.each_context(request)


# ------------------------------------------------------------------------------------ pages


def camp_list(request: HtmxHttpRequest, *, admin_context: dict[str, Any]) -> HttpResponse:
    """Which camp run's board to set up."""
    camps = list(Camp.objects.order_by("-year", "-run_number", "name", "id"))
    setups = {s.camp_id: s for s in BoardSetup.objects.filter(camp__in=camps)}
    rows = [{"camp": c, "setup": setups.get(c.pk), "url": _page_url(c)} for c in camps]
    return render(
        request,
        "islands/board_setup_camps.html",
        {**admin_context, "title": _("Board set-up"), "rows": rows},
    )


def board_setup(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """The set-up page of one camp; with htmx, ``?seed=`` gives the preview, ``?hex=`` the hex editor."""
    camp = get_object_or_404(Camp, pk=camp_id)
    query = BoardQuery(request.GET)
    query.is_valid()
    label, raw_seed = query.cleaned_data["hex"], query.cleaned_data["seed"]
    if request.htmx and label is not None:
        return render(request, f"{TEMPLATE}#hex-editor", {"camp": camp, **_hex_context(camp, label)})
    if request.htmx and raw_seed is not None:
        return render(request, f"{TEMPLATE}#preview", {"camp": camp, **_preview_context(camp, raw_seed)})
    setup_exists = board_selectors.board_setup(camp) is not None
    unticked = query.cleaned_data["unticked"]
    extra: dict[str, Any] = {
        "replace_refusal": _("Tick “replace the current board” to replace it (hand edits are lost).")
        if unticked == "replace" and setup_exists
        else "",
        "redraw_refusal": _("The sides have already been drawn. Tick “draw again” to draw them once more.")
        if unticked == "redraw" and setup_exists
        else "",
    }
    extra.update(_preview_context(camp, raw_seed, generate=raw_seed is not None or not setup_exists))
    extra.update(_hex_context(camp, label))
    return render(request, TEMPLATE, _context(request, camp, **extra))


@require_POST
def board_accept(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Store the previewed board (the seed comes back with the form)."""
    camp = _camp_to_change(request, camp_id)
    form = BoardAcceptForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("The seed must be a whole number from 0 to %(max)d.") % {"max": board_services.MAX_SEED},
        )
        return HttpResponseRedirect(_page_url(camp))
    seed = form.cleaned_data["seed"]
    if board_selectors.board_setup(camp) is not None and not form.cleaned_data["replace"]:  # said by the box
        return HttpResponseRedirect(_page_url(camp, seed=str(seed), unticked="replace"))
    try:
        board_services.board_generate(camp=camp, seed=seed)
    except IslandsError as exc:
        show_errors(request, exc)
        return HttpResponseRedirect(_page_url(camp, seed=str(seed)))
    messages.success(
        request, _("The board from seed %(seed)d has been stored; every hex is hidden.") % {"seed": seed}
    )
    if seed < board_services.SAFE_SEED_MIN:
        messages.warning(request, short_seed_warning())
    return HttpResponseRedirect(_page_url(camp))


def board_hex(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Save one hex from the editor. GET (a link followed without htmx) shows the page with it open."""
    camp = get_object_or_404(Camp, pk=camp_id)
    if request.method != "POST":
        return HttpResponseRedirect(_page_url(camp, hex=request.GET.get("hex", "")[:10]))
    check_perm(request, PERMISSION)
    form = HexForm(request.POST, side=camp.board_side)
    saved = False
    if form.is_valid():
        data = form.cleaned_data
        try:
            row = board_services.board_hex_set(
                camp=camp, at=data["at"], tile=data["tile"], chests=data["chests"], revealed=data["revealed"]
            )
        except IslandsError as exc:
            for message in messages_of(exc):
                form.add_error(None, message)
        else:
            saved = True
            label = geometry(camp.board_side).label(row.hex)
            form = HexForm(
                side=camp.board_side,
                initial={
                    "hex": label,
                    "tile": row.tile,
                    "chests": row.chests or None,
                    "revealed": row.revealed,
                },
            )
    label = (form.data.get("hex") or form.initial.get("hex") or "").strip().upper()[:10] if form else ""
    extra = {"hex_form": form, "hex_label": label, "hex_saved": saved}
    if request.htmx:
        # The board (map and editor), and out of band the progress strip (hand edits counted).
        ctx = _context(request, camp, **extra)
        board = render_to_string(f"{TEMPLATE}#board", ctx, request=request)
        progress = render_to_string(f"{TEMPLATE}#progress", {**ctx, "oob": True}, request=request)
        return HttpResponse(board + progress)
    if saved:
        messages.success(request, _("Hex %(label)s saved.") % {"label": label})
        return HttpResponseRedirect(_page_url(camp, hex=label))
    return render(request, TEMPLATE, _context(request, camp, **extra))


@require_POST
def sides_draw(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    camp = _camp_to_change(request, camp_id)
    form = SidesForm(request.POST)
    form.is_valid()
    try:
        sides = board_services.harbors_draw_sides(camp=camp, redraw=form.cleaned_data["redraw"])
    except IslandsError as exc:
        if exc.code == "drawn":  # "draw again" not ticked: said next to the box
            return HttpResponseRedirect(_page_url(camp, unticked="redraw") + "#harbors")
        show_errors(request, exc)
    else:
        drawn = ", ".join(f"{team.name}: {words.SIDE_NAMES[side]}" for team, side in sides.items())
        messages.success(
            request, _("Sides drawn by lot: %(drawn)s. Now pick each team's bay.") % {"drawn": drawn}
        )
    return HttpResponseRedirect(_page_url(camp) + "#harbors")


@require_POST
def harbors_bays(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Every team's bay from the one form of the page: all stored, or none and every problem said."""
    camp = _camp_to_change(request, camp_id)
    teams = list(Team.objects.filter(camp=camp).order_by("order", "name", "id"))
    form = BaysForm(request.POST, side=camp.board_side, teams=teams)
    if not form.is_valid():
        for message in form.non_field_errors():
            messages.error(request, str(message))
        return HttpResponseRedirect(_page_url(camp) + "#harbors")
    try:
        harbors = board_services.harbors_set_bays(camp=camp, bays=form.cleaned_data["bays"])
    except IslandsError as exc:
        show_errors(request, exc)
    else:
        placed = ", ".join(f"{h.team.name}: Z{h.bay}" for h in harbors)
        messages.success(request, _("Harbors in the bays: %(placed)s.") % {"placed": placed})
    return HttpResponseRedirect(_page_url(camp) + "#harbors")


@require_POST
def game_start(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    camp = _camp_to_change(request, camp_id)
    try:
        board_services.game_start(camp=camp)
    except IslandsError as exc:
        show_errors(request, exc)
    else:
        messages.success(request, _("The game has started: every team has its cargo ship C1 in its harbor."))
    return HttpResponseRedirect(_page_url(camp))


# ------------------------------------------------------------------------------ zkouška hry


@require_POST
def rehearsal_start(request: HtmxHttpRequest, camp_id: int) -> HttpResponse:
    """Start a rehearsal of the game (in the background), or show the kept one of the same boards
    and parameters; bad input is said next to its field on the page, and nothing is stored."""
    camp = _camp_to_change(request, camp_id)
    form = RehearsalForm(request.POST, camp=camp)
    if form.is_valid():
        try:
            started = rehearsal_services.rehearsal_start(
                camp=camp, plan=form.cleaned_data["plan"], user=request.user, again=form.cleaned_data["again"]
            )
        except IslandsError as exc:
            for message in messages_of(exc):
                form.add_error(None, message)
        else:
            row = started.rehearsal
            if started.kept:
                messages.info(
                    request,
                    _(
                        "These boards have been rehearsed with these parameters already: here is the kept "
                        "result. “Rehearse again” runs them once more."
                    ),  # fmt: skip
                )
                return HttpResponseRedirect(rehearsal_url("page", camp, row.pk))
            messages.success(request, _("The rehearsal has started; it runs in the background."))
            return HttpResponseRedirect(_page_url(camp) + "#rehearsal")
    extra = _rehearsal_context(request, camp, form, [])
    return render(
        request, TEMPLATE, _context(request, camp, **extra, **_preview_context(camp, None, generate=False))
    )
