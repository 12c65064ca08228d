"""A rehearsal of the game (zkouška hry) of a camp run: its page (the progress while it runs; the
report once done: the verdicts side by side with the best board marked, each style's shares of the
games won with their intervals, the figures, the charts, each side's and bay's treasure and wins; a
kept report of an older format as far as it reads), its progress fragment, cancelling it, its PDF.
Started from the board set-up page (:mod:`games.islands.pages.board`); wired in
``admin.BoardSetupAdmin.get_urls``.

One template, ``islands/rehearsal.html``; its partial ``progress`` is the htmx fragment the page and
the board page poll while a rehearsal runs (a plain link reloads the page without JavaScript).
Staff with the board permission only: a rehearsal reveals the board.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import admin, messages
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from camp.models import Camp, Team
from camp.pages.base import HtmxHttpRequest, pdf_response
from games.islands import rehearsal_report, rehearsals
from games.islands.errors import IslandsError
from games.islands.maps import charts, svg, visibility
from games.islands.models.rehearsals import Rehearsal, RehearsalKind, RehearsalStatus
from games.islands.pages.rehearsal_runs import PERMISSION, rehearsal_url, run_context
from games.islands.pages.shared import check_perm, show_errors
from games.islands.printing.rehearsal_sheet import render_rehearsal_sheet
from games.islands.selectors.board import board_setup, game_is_on
from games.islands.services import rehearsals as rehearsal_services
from games.islands.words import rehearsal as rehearsal_words

TEMPLATE = "islands/rehearsal.html"


def _rehearsal(request: HtmxHttpRequest, camp_id: int, rehearsal_id: int) -> tuple[Camp, Rehearsal]:
    """The camp run and its rehearsal: 403 without the board permission, then 404 if none."""
    check_perm(request, PERMISSION)
    camp = get_object_or_404(Camp, pk=camp_id)
    row = rehearsals.camp_rehearsal(camp, rehearsal_id)
    if row is None:
        raise Http404
    return camp, row


def _board_page(camp: Camp) -> str:
    return reverse("admin:islands_boardsetup_camp", args=[camp.pk])


def report_charts(report: rehearsal_report.ReportView) -> dict[str, Any]:
    """The report's charts as SVG: treasure home by round and ships lost by round (a line per
    board), the share of games each side wins (a bar per board, a fair board's share dashed)."""
    boards = report.boards
    sides = [row.name for row in boards[0].sides] if boards else []
    top = max((b.treasure_total for b in boards), default=0)
    return {
        "home": charts.line_chart(
            [charts.Series(b.label, b.home_by_round) for b in boards],
            title=_("Treasure home by round"),
            x_label=_("Round"),
            y_label=_("Chests home (mean)"),
            prefix="chart-home",
            number=lambda v: rehearsal_words.decimal(v, 0),
            y_top=float(top) if top else None,
        ),
        "wins": charts.bar_chart(
            sides,
            [charts.Series(b.label, tuple(row.win_value for row in b.sides)) for b in boards],
            title=_("Games won by each side"),
            y_label=_("Share of games won"),
            prefix="chart-wins",
            number=rehearsal_words.percent,
            y_top=0.5,
            reference=1 / len(sides) if sides else None,
            reference_label=_("a fair board"),
        ),
        "lost": charts.line_chart(
            [charts.Series(b.label, b.ships_lost_by_round) for b in boards],
            title=_("Ships lost by round"),
            x_label=_("Round"),
            y_label=_("Ships lost per team (mean)"),
            prefix="chart-lost",
            number=lambda v: rehearsal_words.decimal(v, 2),
        ),
    }


def again_fields(camp: Camp, spec: dict[str, Any]) -> list[tuple[str, str]]:
    """The board page's rehearsal form as it would post these boards and parameters once more."""
    fields: list[tuple[str, str]] = [("again", "1")]
    seeds = [b["board_seed"] for b in spec.get("boards", []) if b.get("board_seed") is not None]
    if any(b.get("board_seed") is None for b in spec.get("boards", [])):
        fields.append(("camp_board", "1"))
    fields += [(f"seed_{n}", str(seed)) for n, seed in enumerate(seeds, start=1)]
    names = list(
        Team.objects.filter(camp=camp).order_by("order", "name", "id").values_list("name", flat=True)
    )
    teams = list(spec.get("teams", []))
    if teams == names:
        fields.append(("teams_from", "camp"))
    else:
        fields += [("teams_from", "count"), ("team_count", str(len(teams)))]
    fields += [
        ("ap_table", ", ".join(str(ap) for ap in spec.get("ap_table", []))),
        ("rounds", str(spec.get("rounds", ""))),
        ("camps", str(spec.get("camps", ""))),
        ("placement", str(spec.get("placement", ""))),
        ("bots", str(spec.get("bots", ""))),
    ]
    return fields


def _board_maps(spec: dict[str, Any]) -> list[Any]:
    """Each rehearsed board drawn as staff see it (hidden tiles hatched), in the report's order."""
    side = spec["side"]
    return [
        svg.render_svg(
            visibility.for_staff(
                side=side,
                cells=[
                    visibility.BoardCell(q=q, r=r, tile=tile, chests=chests, revealed=revealed)
                    for q, r, tile, chests, revealed in board["cells"]
                ],
            )
        )
        for board in spec.get("boards", [])
    ]


@require_GET
def rehearsal_page(request: HtmxHttpRequest, camp_id: int, rehearsal_id: int) -> HttpResponse:
    """A rehearsal: its progress while it runs, its report once done. A fair deal (a rehearsal row of
    kind deal) is shown on the board page: its address leads there."""
    camp, row = _rehearsal(request, camp_id, rehearsal_id)
    if row.kind == RehearsalKind.DEAL:
        return HttpResponseRedirect(_board_page(camp) + "#deal")
    setup = board_setup(camp)
    ctx: dict[str, Any] = {
        **admin.site.each_context(request),
        "title": _("Rehearsal of the game: %(camp)s") % {"camp": camp},
        "camp": camp,
        "run": run_context(camp, row),
        "board_page": _board_page(camp),
        "again": again_fields(camp, row.spec),
        "rehearse_url": reverse("admin:islands_boardsetup_rehearse", args=[camp.pk]),
        "accept_url": reverse("admin:islands_boardsetup_accept", args=[camp.pk]),
        "can_use_seed": not game_is_on(camp) and not (setup is not None and setup.game_started),
        "replacing": setup is not None,
    }
    if row.status == RehearsalStatus.DONE and isinstance(row.report, dict):
        report = rehearsal_report.report_view(row.report)
        ctx.update(
            report=report,
            charts=report_charts(report),
            boards=list(zip(report.boards, _board_maps(row.spec), strict=False)),
            figure_rows=[
                (name, [b.figures[i][1] for b in report.boards])
                for i, (name, _value) in enumerate(report.boards[0].figures if report.boards else ())
            ],
        )
    return render(request, TEMPLATE, ctx)


@require_GET
def rehearsal_progress(request: HtmxHttpRequest, camp_id: int, rehearsal_id: int) -> HttpResponse:
    """The progress fragment (htmx polls it); followed as a plain link, the rehearsal's page."""
    camp, row = _rehearsal(request, camp_id, rehearsal_id)
    if not request.htmx:
        return HttpResponseRedirect(rehearsal_url("page", camp, row.pk))
    return _progress(request, camp, row, request.GET.get("back"))


def _progress(request: HtmxHttpRequest, camp: Camp, row: Rehearsal, back: object) -> HttpResponse:
    """The progress fragment, for the board page (``back`` "board": with the way to the results)
    or the rehearsal's own page."""
    context = {"camp": camp, "run": run_context(camp, row), "back": "board" if back == "board" else "page"}
    return render(request, f"{TEMPLATE}#progress", context)


@require_POST
def rehearsal_cancel(request: HtmxHttpRequest, camp_id: int, rehearsal_id: int) -> HttpResponse:
    """Cancel a rehearsal that waits or runs (its worker stops within a moment)."""
    camp, row = _rehearsal(request, camp_id, rehearsal_id)
    try:
        row = rehearsal_services.rehearsal_cancel(rehearsal=row)
    except IslandsError as exc:
        show_errors(request, exc)
    else:
        if row.status == RehearsalStatus.INTERRUPTED:
            messages.warning(request, _("The rehearsal had stopped already: it is marked interrupted."))
        elif row.active:
            messages.success(request, _("The rehearsal is being cancelled: it stops within a moment."))
        else:
            messages.success(request, _("The rehearsal is cancelled."))
    if request.htmx:
        return _progress(request, camp, row, request.POST.get("back"))
    back = request.POST.get("back")
    if back in ("board", "deal"):
        return HttpResponseRedirect(_board_page(camp) + ("#deal" if back == "deal" else "#rehearsal"))
    return HttpResponseRedirect(rehearsal_url("page", camp, row.pk))


@require_GET
def rehearsal_pdf(request: HtmxHttpRequest, camp_id: int, rehearsal_id: int) -> HttpResponse:
    """The report as a PDF (A4, readable in grey), in the staff's language."""
    camp, row = _rehearsal(request, camp_id, rehearsal_id)
    if row.kind == RehearsalKind.DEAL:
        return HttpResponseRedirect(_board_page(camp) + "#deal")
    if row.status != RehearsalStatus.DONE or not isinstance(row.report, dict):
        messages.error(request, _("The rehearsal has no report yet: it has not finished."))
        return HttpResponseRedirect(rehearsal_url("page", camp, row.pk))
    report = rehearsal_report.report_view(row.report)
    content = render_rehearsal_sheet(
        report, camp=str(camp), when=row.finished_at or row.created_at, font_dir=settings.PDF_FONT_DIR
    )
    return pdf_response(content, f"zlate-ostrovy-rehearsal-{row.pk}.pdf")
