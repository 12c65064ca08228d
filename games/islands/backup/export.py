"""The islands' part of a camp backup written from the rows (:mod:`games.islands.backup`): natural
keys only (a team by its name, a round by its number, a hex by its label)."""

from __future__ import annotations

from typing import Any

from camp.backups.export import moment_text
from camp.models import Camp, Round, Team
from games.islands.engine.hexes import Hex, geometry
from games.islands.game_state import CAMP_ROWS_KEY
from games.islands.models.board import BoardHex, BoardSetup, Harbor, Pirate, Ship
from games.islands.models.links import TeamLink
from games.islands.models.notices import PublicNotice
from games.islands.models.plans import PlanLogEntry, TeamPlan
from games.islands.models.rehearsals import Rehearsal, RehearsalStatus
from games.islands.models.rounds import (
    IslandsRound,
    RoundResult,
    TeamOrders,
    TelescopeChoice,
    UndoneResolution,
)


def islands_export(camp: Camp) -> dict[str, Any]:
    g = geometry(camp.board_side)
    teams = {t.pk: t.name for t in Team.objects.filter(camp=camp)}
    numbers = dict(Round.objects.filter(camp=camp).values_list("id", "number"))
    setup = BoardSetup.objects.filter(camp=camp).first()
    hexes = sorted(BoardHex.objects.filter(camp=camp), key=lambda h: g.sort_key(Hex(h.q, h.r)))
    seat = {t.pk: (t.order, t.name) for t in Team.objects.filter(camp=camp)}

    def at(q: int | None, r: int | None) -> str | None:
        return None if q is None or r is None else g.label(Hex(q, r))

    rounds = []
    for round_ in Round.objects.filter(camp=camp).order_by("number"):
        opened = IslandsRound.objects.filter(round=round_).first()
        orders = sorted(
            TeamOrders.objects.filter(round=round_).select_related("updated_by"),
            key=lambda o: seat[o.team_id],
        )
        result = RoundResult.objects.filter(round=round_).select_related("resolved_by").first()
        plans = sorted(
            TeamPlan.objects.filter(round=round_).select_related("handed_in_user", "approved_by"),
            key=lambda p: seat[p.team_id],
        )
        log = list(PlanLogEntry.objects.filter(round=round_).select_related("user").order_by("at", "id"))
        undone = UndoneResolution.objects.filter(round=round_).first()
        if opened is None and not orders and result is None and not plans and not log and undone is None:
            continue
        rounds.append(
            {
                "round": round_.number,
                "opened": None
                if opened is None
                else {
                    "opened_at": moment_text(opened.opened_at),
                    "pirate_moves": opened.pirate_moves,
                    "priority": [teams[tid] for tid in opened.priority if tid in teams],
                    "fixed_draws": opened.fixed_draws,
                    "plans_due_at": moment_text(opened.plans_due_at),
                },
                "orders": [
                    {
                        "team": teams[o.team_id],
                        "ap": o.ap,
                        "build_cargo": o.build_cargo,
                        "build_battleship": o.build_battleship,
                        "routes": o.routes,
                        "harbor": o.harbor,
                        "fire": o.fire,
                        "updated_at": moment_text(o.updated_at),
                        "updated_by": _username(o.updated_by),
                        "version": o.version,
                    }
                    for o in orders
                ],
                "plans": [_plan_export(p, teams) for p in plans],
                "plan_log": [
                    {
                        "team": teams.get(e.team_id),
                        "at": moment_text(e.at),
                        "by": e.by,
                        "user": _username(e.user),
                        "action": e.action,
                        "note": e.note,
                    }
                    for e in log
                    if e.team_id is None or e.team_id in teams
                ],
                "result": None if result is None else _result_export(result, numbers),
                "undone": None if undone is None else _undone_export(undone, teams),
            }
        )
    return {
        "setup": None
        if setup is None
        else {
            "generator_seed": setup.generator_seed,
            "mix": setup.mix,
            "generated_at": moment_text(setup.generated_at),
            "hand_edits": setup.hand_edits,
            "sides_draw": setup.sides_draw,
            "sides_drawn_at": moment_text(setup.sides_drawn_at),
            "game_started_at": moment_text(setup.game_started_at),
            "team_links": setup.team_links,
        },
        "hexes": [
            {
                "at": g.label(Hex(h.q, h.r)),
                "tile": h.tile,
                "chests": h.chests,
                "revealed": h.revealed,
                "revealed_round": numbers.get(h.revealed_round_id),
                "revealed_by": teams.get(h.revealed_by_id),
            }
            for h in hexes
        ],
        "harbors": [
            {
                "team": teams[h.team_id],
                "side": h.side,
                "bay": h.bay,
                "delivered": h.delivered,
                "ap_before_import": h.ap_before_import,
            }
            for h in sorted(Harbor.objects.filter(team__camp=camp), key=lambda h: seat[h.team_id])
        ],
        "ships": [
            {
                "team": teams[s.team_id],
                "ident": s.ident,
                "kind": s.kind,
                "at": at(s.q, s.r),
                "chests": s.chests,
                "boat": s.boat,
                "seahorse": s.seahorse,
                "mermaid": s.mermaid,
                "octopus": s.octopus,
                "built_round": numbers.get(s.built_round_id),
            }
            for s in sorted(Ship.objects.filter(team__camp=camp), key=lambda s: (seat[s.team_id], s.ident))
        ],
        "pirates": [
            {
                "ident": p.ident,
                "at": at(p.q, p.r),
                "seahorse": p.seahorse,
                "mermaid": p.mermaid,
                "octopus": p.octopus,
            }
            for p in Pirate.objects.filter(camp=camp).order_by("ident")
        ],
        "links": [
            {
                "team": teams[link.team_id],
                "token": link.token,
                "revoked_at": moment_text(link.token_revoked_at),
                "created_at": moment_text(link.created_at),
                "renewed_at": moment_text(link.renewed_at),
            }
            for link in sorted(TeamLink.objects.filter(team__camp=camp), key=lambda k: seat[k.team_id])
        ],
        "rounds": rounds,
        "proofs": [_proof_export(row) for row in _proofs(camp)],
        "notices": [
            {"at": moment_text(n.at), "code": n.code, "params": n.params}
            for n in PublicNotice.objects.filter(camp=camp).order_by("id")
        ],
    }


def _proofs(camp: Camp) -> list[Rehearsal]:
    """The camp's done deals and rehearsals that proved a board fair, oldest first (the others are
    left out: figures that run again in a minute or two)."""
    rows = Rehearsal.objects.filter(camp=camp, status=RehearsalStatus.DONE).select_related("created_by")
    return [row for row in rows.order_by("created_at", "id") if row.proven]


def _proof_export(row: Rehearsal) -> dict[str, Any]:
    """A done deal or rehearsal that proved a board fair, whole: the board page shows its figures
    and the board dealt stays proven after a restore (a deal takes many minutes to run again)."""
    return {
        "kind": row.kind,
        "key": row.key,
        "spec": row.spec,
        "board_seeds": row.board_seeds,
        "camps_done": row.camps_done,
        "camps_total": row.camps_total,
        "stage": row.stage,
        "candidate": row.candidate,
        "proven": row.proven,
        "report": row.report,
        "created_at": moment_text(row.created_at),
        "created_by": _username(row.created_by),
        "started_at": moment_text(row.started_at),
        "heartbeat_at": moment_text(row.heartbeat_at),
        "finished_at": moment_text(row.finished_at),
    }


def _username(user: Any) -> str | None:
    return None if user is None else user.get_username()


def _plan_export(plan: TeamPlan, teams: dict[int, str]) -> dict[str, Any]:
    return {
        "team": teams[plan.team_id],
        "state": plan.state,
        "build_cargo": plan.build_cargo,
        "build_battleship": plan.build_battleship,
        "routes": plan.routes,
        "harbor": plan.harbor,
        "fire": plan.fire,
        "letters": plan.letters,
        "version": plan.version,
        "saved_at": moment_text(plan.saved_at),
        "handed_in_at": moment_text(plan.handed_in_at),
        "handed_in_by": plan.handed_in_by,
        "handed_in_user": _username(plan.handed_in_user),
        "approved_at": moment_text(plan.approved_at),
        "approved_by": _username(plan.approved_by),
        "orders_version": plan.orders_version,
        "returned_at": moment_text(plan.returned_at),
        "note": plan.note,
        "reopened": plan.reopened,
        "hand_in_expected": plan.hand_in_expected,
    }


def _named(shown: dict[str, Any], teams: dict[int, str]) -> dict[str, Any]:
    kept = shown.get("teams")
    if isinstance(kept, dict):
        shown["teams"] = {teams[int(k)]: v for k, v in kept.items() if k.isdigit() and int(k) in teams}
    return shown


def _undone_export(undone: UndoneResolution, teams: dict[int, str]) -> dict[str, Any]:
    """The kept sheets name each team by its name (the row keys them by the team's id)."""
    shown = _named(dict(undone.shown), teams)
    translations = shown.get("translations")
    if isinstance(translations, dict):  # the same sheets in the site's other languages
        shown["translations"] = {
            language: _named(dict(copy), teams) if isinstance(copy, dict) else copy
            for language, copy in translations.items()
        }
    return {
        "shown": shown,
        "printed": undone.printed,
        "resolved_at": moment_text(undone.resolved_at),
        "undone_at": moment_text(undone.undone_at),
    }


def _result_export(result: RoundResult, numbers: dict[int, int]) -> dict[str, Any]:
    before = dict(result.before)
    rows = before.get(CAMP_ROWS_KEY)
    if isinstance(rows, dict):  # database round ids -> round numbers
        built = rows.get("built") or {}
        before[CAMP_ROWS_KEY] = {
            **rows,
            "built": {k: numbers.get(v) for k, v in built.items() if v in numbers},
        }
    return {
        "before": before,
        "events": result.events,
        "hints": result.hints,
        "pending_telescopes": result.pending_telescopes,
        "standings": result.standings,
        "draws": result.draws,
        "resolved_at": moment_text(result.resolved_at),
        "printed_at": moment_text(result.printed_at),
        "resolved_by": _username(result.resolved_by),
        "telescope_choices": [
            {"ship": c.ship, "hex": c.hex, "chosen_at": moment_text(c.chosen_at)}
            for c in TelescopeChoice.objects.filter(result=result).order_by("chosen_at", "id")
        ],
    }
