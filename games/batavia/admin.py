"""Batavia in the staff admin: the game-master page of a session, the projector table, the
handout PDF, record export/import and the score calculator for a game played on the real board.

Every page is a ``get_urls`` view wrapped in ``admin_view`` (staff only, login redirect). Views
parse, call one service, render; a refused change shows its translated message and changes nothing.
"""

from __future__ import annotations

import ipaddress
import json
import re
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models.constants import LOOKUP_SEP
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from camp import selectors as camp_selectors
from camp.adminpages import render_admin_page
from camp.models import MiniGame, MiniGameKind, Round
from camp.network import phone_base_url
from camp.services import PlacementsError
from games.batavia import selectors, services
from games.batavia.display import companies, goods
from games.batavia.engine import private_view, public_view, state_to_output
from games.batavia.engine.components import COMPANIES, GOODS
from games.batavia.engine.record import dump_record
from games.batavia.forms import (
    FormProblem,
    calculator_rows,
    parse_action,
    parse_calculator,
    parse_counts,
    parse_version,
)
from games.batavia.models import BataviaSeat, BataviaSession, BotKind, SessionMode, SessionStatus
from games.batavia.pdf import HandoutPage, render_handouts
from games.batavia.presenters import action_options, play_preview, private_context, public_context
from games.batavia.views import POLL_SECONDS, team_colours

MAX_IMPORT_BYTES = 2_000_000
BASE_URL = re.compile(r"^https?://[A-Za-z0-9.\-\[\]:]+(:\d+)?$")


def phone_base(raw: str) -> str:
    """The address for the phones as typed: trimmed, without a trailing slash, ``http://`` added
    when no scheme was typed (``192.168.1.10:8000``)."""
    base = raw.strip().rstrip("/")
    if base and "://" not in base:
        base = f"http://{base}"
    return base


def is_loopback(url: str) -> bool:
    """Whether ``url`` points at the laptop itself (127.x, localhost, ::1): phones cannot reach it."""
    try:
        host = (urlsplit(url).hostname or "").lower()
    except ValueError:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _undo_info(state: Any) -> str | None:
    """Who made the action undo would take back, or None when there is nothing to undo."""
    from games.batavia.engine import Reshuffle, Roll

    for seat, action in reversed(state.history):
        if not isinstance(action, (Roll, Reshuffle)):
            return f"{state.names[seat]}: {action}"
    return None


@admin.register(BataviaSession)
class BataviaSessionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
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
        if not (object_id.isascii() and object_id.isdigit()):
            raise Http404
        return HttpResponseRedirect(reverse("admin:batavia_bataviasession_master", args=[object_id]))

    def get_urls(self) -> list[URLPattern]:
        wrap = self.admin_site.admin_view
        name = "batavia_bataviasession_"
        return [
            path("round/<int:round_id>/", wrap(self.round_view), name=name + "round"),
            path("<int:pk>/master/", wrap(self.master_view), name=name + "master"),
            path("<int:pk>/table/", wrap(self.table_view), name=name + "table"),
            path("<int:pk>/act/", wrap(self.act_view), name=name + "act"),
            path("<int:pk>/check/", wrap(self.check_view), name=name + "check"),
            path("<int:pk>/op/", wrap(self.op_view), name=name + "op"),
            path("<int:pk>/seat/", wrap(self.seat_view), name=name + "seat"),
            path("<int:pk>/import/", wrap(self.import_view), name=name + "import"),
            path("<int:pk>/record.json", wrap(self.export_view), name=name + "export"),
            path("<int:pk>/handout.pdf", wrap(self.handout_view), name=name + "handout"),
            path("<int:pk>/calculator/", wrap(self.calculator_view), name=name + "calculator"),
            *super().get_urls(),
        ]

    # --- helpers ---------------------------------------------------------------------------------

    def _session(self, request: HttpRequest, pk: int, *, change: bool = False) -> BataviaSession:
        session = BataviaSession.objects.select_related("minigame__round__camp").filter(pk=pk).first()
        if session is None:
            raise Http404(_("No such Batavia game."))
        allowed = (
            self.has_change_permission(request, session)
            if change
            else self.has_view_permission(request, session)
        )
        if not allowed:
            raise PermissionDenied
        return session

    def _require_post(self, request: HttpRequest) -> None:
        if request.method != "POST":
            raise Http404

    def _master_url(self, session: BataviaSession) -> str:
        return reverse("admin:batavia_bataviasession_master", args=[session.pk])

    def _team_url(self, request: HttpRequest, seat: BataviaSeat, base: str = "") -> str:
        rel = reverse("batavia:team", args=[seat.token])
        return f"{(base or phone_base_url(request)).rstrip('/')}{rel}"

    # --- create from the round -------------------------------------------------------------------

    def round_view(self, request: HttpRequest, round_id: int) -> HttpResponse:
        round_ = Round.objects.select_related("camp").filter(pk=round_id).first()
        if round_ is None:
            raise Http404(_("No such round."))
        if not self.has_view_permission(request):
            raise PermissionDenied
        existing = selectors.session_for_round(round_.pk)
        if existing is not None:
            return HttpResponseRedirect(self._master_url(existing))
        minigame = MiniGame.objects.filter(round=round_).first()
        teams = camp_selectors.camp_teams(round_.camp)
        problem = ""
        chosen = {t.pk for t in teams}
        mode = SessionMode.DIGITAL
        open_tiles = False
        if request.method == "POST":
            if not self.has_change_permission(request):
                raise PermissionDenied
            mode = request.POST.get("mode", "")
            open_tiles = request.POST.get("open_tiles") == "1"
            chosen = {t.pk for t in teams if str(t.pk) in request.POST.getlist("team")}
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
                except services.BataviaServiceError as error:
                    problem = error.text
                else:
                    messages.success(request, _("The Batavia game is ready."))
                    return HttpResponseRedirect(self._master_url(session))
        return render_admin_page(
            request,
            model_admin=self,
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
            },
        )

    # --- the game master's page ------------------------------------------------------------------

    def master_context(
        self, request: HttpRequest, session: BataviaSession, *, message: str = "", posted: Any = None
    ) -> dict[str, Any]:
        seats = selectors.session_seats(session)
        state = selectors.session_state(session)
        # A team's link lets its holder play as the team: only staff who may change the game see it.
        can_change = self.has_change_permission(request, session)
        ctx: dict[str, Any] = {
            "session": session,
            "round": session.minigame.round,
            "can_change": can_change,
            "seats": [
                {"seat": s, "url": self._team_url(request, s) if can_change else "", "to_act": False}
                for s in seats
            ],
            "version": session.version,
            "message": message,
            "posted": posted or {},
            "bots": BotKind.choices,
            "poll_seconds": POLL_SECONDS,
            "companies": companies(),
            "digital": session.mode == SessionMode.DIGITAL,
            "base_url": phone_base_url(request),
        }
        ctx["base_loopback"] = is_loopback(ctx["base_url"])
        if state is None:
            return ctx
        colours = team_colours(session)
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
        ctx["undo"] = _undo_info(state)
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

    def master_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        session = self._session(request, pk)
        if request.htmx and request.GET.get("v") == str(session.version):
            return HttpResponse(status=204)
        return self._render_master(request, session)

    def _render_master(
        self, request: HttpRequest, session: BataviaSession, *, message: str = "", posted: Any = None
    ) -> HttpResponse:
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/batavia/master.html",
            title=_("Batavia – %(round)s – game master") % {"round": session.minigame.round},
            obj=session,
            context=self.master_context(request, session, message=message, posted=posted),
            fragment="master",
        )

    def act_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Hot seat: the game master acts for the player to act (the same forms as the teams)."""
        self._require_post(request)
        session = self._session(request, pk, change=True)
        raw_seat = request.POST.get("seat", "")
        try:
            action = parse_action(request.POST)
            if not (raw_seat.isascii() and raw_seat.isdigit()) or len(raw_seat) > 2:
                raise FormProblem(_("There is no such seat."))
            services.session_act(
                session=session,
                seat=int(raw_seat),
                action=action,
                version=parse_version(request.POST),
                by_staff=True,
            )
        except FormProblem as problem:
            return self._render_master(request, session, message=problem.message, posted=request.POST)
        except services.BataviaServiceError as error:
            session.refresh_from_db()
            return self._render_master(request, session, message=error.text, posted=request.POST)
        return HttpResponseRedirect(self._master_url(session))

    def check_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """htmx: the live check of the cards picked on the hot-seat form (writes nothing)."""
        self._require_post(request)
        session = self._session(request, pk)
        ctx = self.master_context(request, session, posted=request.POST)
        try:
            parse_counts(request.POST)
        except FormProblem as problem:
            ctx["preview"] = None
            ctx["check_problem"] = problem.message
        return render(request, "batavia/_actions.html#play-check", ctx)

    def op_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Start, undo, run bots, finish (record the placements)."""
        self._require_post(request)
        session = self._session(request, pk, change=True)
        op = request.POST.get("op", "")
        version = parse_version(request.POST)
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
                summary = ", ".join(
                    f"{rank}. {names[tid]}" for tid, rank in sorted(ranks.items(), key=lambda kv: kv[1])
                )
                messages.success(request, _("Placements recorded: %(summary)s.") % {"summary": summary})
            else:
                messages.error(request, _("Unknown action. Reload the page and try again."))
        except services.BataviaServiceError as error:
            messages.error(request, error.text)
        except PlacementsError as error:
            messages.error(request, " ".join(p.message for p in error.problems))
        return HttpResponseRedirect(self._master_url(session))

    def seat_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """A seat: who plays it (team or bot), revoke or renew its link."""
        self._require_post(request)
        session = self._session(request, pk, change=True)
        raw = request.POST.get("seat_id", "")
        seat = (
            session.seats.select_related("team").filter(pk=int(raw)).first()
            if raw.isascii() and raw.isdigit() and len(raw) < 12
            else None
        )
        if seat is None:
            messages.error(request, _("There is no such seat."))
            return HttpResponseRedirect(self._master_url(session))
        op = request.POST.get("op", "")
        try:
            if op == "bot":
                services.seat_set_bot(seat=seat, bot=request.POST.get("bot", ""))
                messages.success(
                    request,
                    _("%(team)s: played by %(who)s.")
                    % {"team": seat.team.name, "who": BotKind(seat.bot).label},
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
            else:
                messages.error(request, _("Unknown action. Reload the page and try again."))
        except services.BataviaServiceError as error:
            messages.error(request, error.text)
        return HttpResponseRedirect(self._master_url(session))

    # --- record -----------------------------------------------------------------------------------

    def export_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        session = self._session(request, pk)
        state = selectors.session_state(session)
        if state is None:
            raise Http404(_("A game played on the real board has no record."))
        text = dump_record(state)
        data = json.loads(text)
        data["cash_table"] = list(state.setup.cash_table)
        body = json.dumps(data, ensure_ascii=False, indent=1)
        response = HttpResponse(body, content_type="application/json; charset=utf-8")
        filename = f"batavia-round-{session.minigame.round.number}-v{session.version}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def import_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._require_post(request)
        session = self._session(request, pk, change=True)
        upload = request.FILES.get("record")
        text = ""
        if upload is not None:
            if upload.size and upload.size > MAX_IMPORT_BYTES:
                messages.error(request, _("The file is too large for a game record."))
                return HttpResponseRedirect(self._master_url(session))
            raw = upload.read(MAX_IMPORT_BYTES + 1)
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                text = ""
        else:
            text = request.POST.get("record_text", "")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested too deeply
            messages.error(request, _("The record cannot be read: it is not a JSON file."))
            return HttpResponseRedirect(self._master_url(session))
        try:
            services.record_import(session=session, data=data)
        except services.BataviaServiceError as error:
            messages.error(request, error.text)
        else:
            messages.success(request, _("The record was imported."))
        return HttpResponseRedirect(self._master_url(session))

    # --- handout ------------------------------------------------------------------------------------

    def handout_pages(
        self, request: HttpRequest, session: BataviaSession, base: str = ""
    ) -> list[HandoutPage]:
        """One sheet per seat with a working link, each carrying only its own team's link."""
        round_ = session.minigame.round
        pages = []
        for seat in selectors.session_seats(session):
            if not seat.link_active:
                continue
            pages.append(
                HandoutPage(
                    team=seat.team.name,
                    colour=seat.team.colour,
                    url=self._team_url(request, seat, base),
                    title=_("Batavia – your team's secret link"),
                    subtitle=f"{round_.camp} · {round_}",
                    lines=[
                        _(
                            "Scan the QR code with one phone of your team. The page shows your cards "
                            "and bills and is where you bid and play."
                        ),
                        _("Keep the link secret: whoever has it sees your hand."),
                        _("The page refreshes by itself while the other teams play."),
                    ],
                    footer=_("Batavia – %(round)s – seat %(seat)d")
                    % {"round": round_, "seat": seat.number + 1},
                )
            )
        return pages

    def handout_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        session = self._session(request, pk, change=True)  # the sheets carry the teams' links
        base = phone_base(request.GET.get("base", ""))
        if base and not BASE_URL.match(base):
            messages.error(request, _("The address for the phones must look like http://192.168.1.10:8000."))
            return HttpResponseRedirect(self._master_url(session))
        used = base or phone_base_url(request)
        if is_loopback(used):  # still printed (a test round on one laptop), but said plainly
            messages.warning(
                request,
                _(
                    "The team sheets were printed with %(base)s, which only this laptop reaches: the phones "
                    "cannot open their QR codes. Print them again with the laptop's address on the camp "
                    "network, e.g. http://192.168.1.10:8000."
                )
                % {"base": used},
            )
        pages = self.handout_pages(request, session, base)
        pdf = render_handouts(pages, font_dir=settings.PDF_FONT_DIR)
        response = HttpResponse(pdf, content_type="application/pdf")
        response["Content-Disposition"] = (
            f'inline; filename="batavia-round-{session.minigame.round.number}-links.pdf"'
        )
        response["Cache-Control"] = "no-store"
        return response

    # --- the projector --------------------------------------------------------------------------------

    def table_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        session = self._session(request, pk)
        if request.htmx and request.GET.get("v") == str(session.version):
            return HttpResponse(status=204)
        state = selectors.session_state(session)
        ctx = {
            "session": session,
            "version": session.version,
            "poll_seconds": POLL_SECONDS - 0.5,
            "started": session.status != SessionStatus.SETUP,
            "g": public_context(public_view(state), team_colours(session)) if state is not None else None,
        }
        template = "batavia/table.html#board" if request.htmx else "batavia/table.html"
        return render(request, template, ctx)

    # --- the score calculator ----------------------------------------------------------------------------

    def calculator_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        session = self._session(request, pk)
        seats = selectors.session_seats(session)
        names = [s.team.name for s in seats]
        source: Any = request.POST if request.method == "POST" else session.calculator
        rows = calculator_rows(source or {}, len(seats))
        players, problems = parse_calculator(rows, names) if source else (None, [])
        results = []
        warning = ""
        if players is not None:
            scores, places = services.calculator_scores(players)
            results = sorted(
                (
                    {"place": place, "seat": seat, "score": score}
                    for seat, score, place in zip(seats, scores, places, strict=True)
                ),
                key=lambda r: (r["place"], r["seat"].number),
            )
            total_bills = sum(p.bills for p in players)
            if total_bills != 15 * len(players):
                warning = _(
                    "The bills add up to %(n)d, but %(players)d players hold %(expected)d together: "
                    "count again?"
                ) % {"n": total_bills, "players": len(players), "expected": 15 * len(players)}
            if request.method == "POST" and not request.htmx and "save" in request.POST:
                if not self.has_change_permission(request, session):
                    raise PermissionDenied
                raw = {k: v for k, v in request.POST.items() if k != "csrfmiddlewaretoken"}
                try:
                    ranks = services.calculator_save(session=session, players=players, raw=raw)
                except services.BataviaServiceError as error:
                    problems = [error.text]
                except PlacementsError as error:
                    problems = [p.message for p in error.problems]
                else:
                    by_team = {s.team_id: s.team.name for s in seats}
                    summary = ", ".join(
                        f"{rank}. {by_team[tid]}" for tid, rank in sorted(ranks.items(), key=lambda kv: kv[1])
                    )
                    messages.success(request, _("Placements recorded: %(summary)s.") % {"summary": summary})
                    return HttpResponseRedirect(reverse("admin:batavia_bataviasession_calculator", args=[pk]))
        table = []
        for seat, row in zip(seats, rows, strict=True):
            table.append({"seat": seat, "row": row, "crates": list(zip(GOODS, row.crates, strict=True))})
        return render_admin_page(
            request,
            model_admin=self,
            template="admin/batavia/calculator.html",
            title=_("Batavia – %(round)s – score calculator") % {"round": session.minigame.round},
            obj=session,
            context={
                "session": session,
                "round": session.minigame.round,
                "table": table,
                "goods": goods(),
                "companies": companies(),
                "seal_holders": {
                    c: next((str(i) for i, r in enumerate(rows) if c in r.seals), "") for c in COMPANIES
                },
                "goal_holder": next((str(i) for i, r in enumerate(rows) if r.goal), ""),
                "results": results,
                "problems": problems,
                "warning": warning,
                "submitted": request.method == "POST",
                "live": bool(request.htmx),
            },
            fragment="results",
        )


@admin.register(BataviaSeat)
class BataviaSeatAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
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
