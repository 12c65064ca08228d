"""The camp export of what the teams' own planning added (issue 21) and of the fields added before
it: the team links with their tokens, the plans in every state, the round's plan log, its hand-in
deadline and a reopening, an undone resolution, a result's ``printed_at`` and draws, the orders'
versions, a round's fixed draws, a harbor's AP from before an import. Every row of every islands
model comes back equal (but ids); a document written before them still imports; a bad one is
refused by its path; a token this database already holds is drawn anew."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db.models import Model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp.backups.document import BackupDocumentError, camp_import_document
from camp.backups.export import camp_export_document
from camp.demo import demo_camp
from camp.models import Camp, CampOrigin, Round, Team
from games.islands.models.board import BoardSetup, Harbor
from games.islands.models.links import TeamLink
from games.islands.models.plans import PlanAction, PlanBy, PlanLogEntry, PlanState, TeamPlan
from games.islands.models.rehearsals import Rehearsal
from games.islands.models.rounds import IslandsRound, RoundResult, TeamOrders, UndoneResolution
from games.islands.services import team_links
from tests.camp.backups.test_backup_roundtrip import delete_everything, normalised

AT = datetime(2026, 7, 9, 19, 0, tzinfo=UTC)


def _at(minutes: int) -> datetime:
    return AT + timedelta(minutes=minutes)


def _plan(round_: Round, team: Team, state: str, **fields: Any) -> TeamPlan:
    """A plan with every field away from its default."""
    values: dict[str, Any] = {
        "build_cargo": "1",
        "build_battleship": "0",
        "routes": {"C1": "S S .", "C2": "JV x"},
        "harbor": "+ .",
        "fire": "E5",
        "letters": "cs",
        "version": 4,
        "saved_at": _at(1),
        "handed_in_at": None,
        "handed_in_by": "",
        "handed_in_user": None,
        "approved_at": None,
        "approved_by": None,
        "orders_version": None,
        "returned_at": None,
        "note": "",
        "reopened": False,
        "hand_in_expected": True,
        **fields,
    }
    return TeamPlan.objects.create(round=round_, team=team, state=state, **values)


@pytest.fixture
def played(db: None) -> Camp:
    """The demo camp run with the teams' planning in every state (rounds 1 to 3 as history, round 4
    open with a deadline), its links (one revoked, one renewed), an undone resolution kept, round 3's
    changed sheets printed, orders of several versions."""
    call_command("loaddata", "demo_camp", verbosity=0)
    camp = demo_camp()
    assert camp is not None
    User = get_user_model()
    staff = User.objects.create_user("vedouci", password="heslo-heslo-123", is_staff=True)
    helper = User.objects.create_user("pomocnik", password="heslo-heslo-123", is_staff=True)
    red, blue, green = Team.objects.filter(camp=camp).order_by("order")
    rounds = {r.number: r for r in Round.objects.filter(camp=camp)}

    team_links.team_links_switch(camp=camp, on=True)
    team_links.team_link_revoke(link=TeamLink.objects.get(team=blue))
    team_links.team_link_renew(link=TeamLink.objects.get(team=green))
    TeamLink.objects.filter(team=red).update(created_at=_at(-600))

    IslandsRound.objects.filter(round=rounds[4]).update(plans_due_at=_at(30))
    IslandsRound.objects.filter(round=rounds[2]).update(fixed_draws={"Modří.C1.rum": ["SE", "N"]})
    Harbor.objects.filter(team=green).update(ap_before_import=7)
    TeamOrders.objects.filter(round=rounds[3], team=blue).update(version=3)
    TeamOrders.objects.filter(round=rounds[2], team=red).update(version=2)
    RoundResult.objects.filter(round=rounds[3]).update(printed_at=_at(-60))
    UndoneResolution.objects.create(
        round=rounds[3],
        shown={
            "teams": {str(t.pk): {"ap": 5 + i, "team": t.name} for i, t in enumerate((red, blue, green))},
            "notice": {"round": 3},
            "translations": {  # the same sheets in English, for English staff's correction panel
                "en": {"teams": {str(t.pk): {"ap": 5, "team": t.name} for t in (red, blue)}, "notice": {}},
            },
        },
        printed=True,
        resolved_at=_at(-120),
        undone_at=_at(-90),
    )

    _plan(rounds[4], red, PlanState.DRAFT, reopened=True)
    _plan(rounds[4], blue, PlanState.HANDED_IN, handed_in_at=_at(5), handed_in_by=PlanBy.TEAM)
    _plan(rounds[4], green, PlanState.NONE, version=1, saved_at=None, routes={}, reopened=True)
    _plan(
        rounds[3],
        red,
        PlanState.PAPER,
        handed_in_at=_at(-200),
        handed_in_by=PlanBy.STAFF,
        handed_in_user=helper,
    )
    _plan(
        rounds[3],
        blue,
        PlanState.APPROVED,
        letters="en",
        routes={"C1": "N N ."},
        handed_in_at=_at(-210),
        handed_in_by=PlanBy.TEAM,
        approved_at=_at(-205),
        approved_by=staff,
        orders_version=3,
    )
    _plan(
        rounds[3],
        green,
        PlanState.RETURNED,
        handed_in_at=_at(-230),
        handed_in_by=PlanBy.TEAM,
        returned_at=_at(-220),
        note="C2 nemůže přes útes – opravte trasu.\nDíky!",
    )
    log = [
        (rounds[4], None, PlanAction.DEADLINE, PlanBy.STAFF, staff, "19:30", 0),
        (rounds[4], red, PlanAction.SAVED, PlanBy.TEAM, None, "", 1),
        (rounds[4], blue, PlanAction.HANDED_IN, PlanBy.TEAM, None, "", 5),
        (rounds[4], blue, PlanAction.WITHDRAWN, PlanBy.TEAM, None, "", 5),  # the same moment: kept in order
        (rounds[4], blue, PlanAction.HANDED_IN, PlanBy.TEAM, None, "", 5),
        (rounds[4], red, PlanAction.REOPENED, PlanBy.STAFF, helper, "", 40),
        (rounds[4], green, PlanAction.REOPENED, PlanBy.STAFF, staff, "", 41),
        (rounds[3], red, PlanAction.PAPER, PlanBy.STAFF, helper, "", -200),
        (rounds[3], blue, PlanAction.APPROVED, PlanBy.STAFF, staff, "", -205),
        (rounds[3], green, PlanAction.RETURNED, PlanBy.STAFF, staff, "C2 nemůže přes útes", -220),
    ]
    for round_, team, action, by, user, note, minutes in log:
        PlanLogEntry.objects.create(
            round=round_, team=team, action=action, by=by, user=user, note=note, at=_at(minutes)
        )
    return camp


# ------------------------------------------------------------------------------------ every row


def _camp_filter(model: type[Model]) -> str:
    names = {f.name for f in model._meta.concrete_fields}
    for field, lookup in (("camp", "camp"), ("round", "round__camp"), ("team", "team__camp")):
        if field in names:
            return lookup
    return "result__round__camp"  # TelescopeChoice


def islands_rows(camp: Camp) -> dict[str, list[dict[str, Any]]]:
    """Every row of every islands model of ``camp``, every concrete field but the id, with the rows
    it refers to by natural keys (a team's name, a round's number, a user's name) also inside JSON
    fields (the priority's team ids, ``camp_rows.built``'s round ids, the kept sheets' team ids)."""
    teams = dict(Team.objects.filter(camp=camp).values_list("id", "name"))
    numbers = dict(Round.objects.filter(camp=camp).values_list("id", "number"))
    users = dict(get_user_model().objects.values_list("id", "username"))
    results = dict(RoundResult.objects.filter(round__camp=camp).values_list("id", "round_id"))
    natural = {
        Team: teams.get,
        Round: numbers.get,
        Camp: lambda pk: "camp" if pk == camp.pk else pk,
        get_user_model(): users.get,
        RoundResult: lambda pk: numbers[results[pk]],
    }
    out: dict[str, list[dict[str, Any]]] = {}
    for model in apps.get_app_config("islands").get_models():
        rows = []
        queryset = model._default_manager.filter(**{_camp_filter(model): camp})
        if model is PlanLogEntry:  # the log's order is part of it
            queryset = queryset.order_by("at", "id")
        for row in queryset:
            plain: dict[str, Any] = {}
            for field in row._meta.concrete_fields:
                if field.primary_key:
                    continue
                value = getattr(row, field.attname)
                if field.is_relation and value is not None:
                    value = natural[field.related_model](value)
                plain[field.name] = value
            if model is IslandsRound:
                plain["priority"] = [teams[t] for t in row.priority]
            if model is RoundResult and "camp_rows" in row.before:
                built = row.before["camp_rows"]["built"]
                plain["before"] = {
                    **row.before,
                    "camp_rows": {"built": {k: numbers[v] for k, v in built.items()}},
                }
            if model is UndoneResolution:
                plain["shown"] = {
                    **row.shown,
                    "teams": {teams[int(k)]: v for k, v in row.shown["teams"].items()},
                }
                if "translations" in row.shown:
                    plain["shown"]["translations"] = {
                        language: {**copy, "teams": {teams[int(k)]: v for k, v in copy["teams"].items()}}
                        for language, copy in row.shown["translations"].items()
                    }
            rows.append(plain)
        if model is not PlanLogEntry:
            rows.sort(key=lambda p: json.dumps(p, sort_keys=True, default=str))
        out[model.__name__] = rows
    return out


def test_every_islands_row_comes_back_equal_into_an_empty_database(played: Camp) -> None:
    before = islands_rows(played)
    counts = {name: len(rows) for name, rows in before.items()}
    assert counts.keys() == {m.__name__ for m in apps.get_app_config("islands").get_models()}
    assert {name: counts[name] for name in ("UndoneResolution", "TeamPlan", "PlanLogEntry", "TeamLink")} == {
        "UndoneResolution": 1,
        "TeamPlan": 6,
        "PlanLogEntry": 10,
        "TeamLink": 3,
    }
    assert {p["state"] for p in before["TeamPlan"]} == set(PlanState.values)
    document = camp_export_document(camp=played)
    tokens = {link.team.name: link.token for link in TeamLink.objects.select_related("team")}
    page = Client().get(reverse("islands_public:team", args=[tokens["Červení"]]))
    assert page.status_code == 200

    delete_everything()
    assert not TeamLink.objects.exists() and not TeamPlan.objects.exists()
    restored = camp_import_document(data=document)

    assert islands_rows(restored) == before
    # the tokens are the file's: a printed QR code opens the restored team's page as before
    assert {link.team.name: link.token for link in TeamLink.objects.select_related("team")} == tokens
    again = Client().get(reverse("islands_public:team", args=[tokens["Červení"]]))
    assert again.status_code == 200 and normalised(again) == normalised(page)
    assert Client().get(reverse("islands_public:team", args=[tokens["Modří"]])).status_code == 404  # revoked
    assert BoardSetup.objects.get(camp=restored).team_links is True
    assert {k: v for k, v in camp_export_document(camp=restored).items() if k != "exported_at"} == {
        k: v for k, v in document.items() if k != "exported_at"
    }


def test_a_user_not_on_this_installation_is_left_empty(played: Camp) -> None:
    document = camp_export_document(camp=played)
    delete_everything()
    get_user_model().objects.filter(username="pomocnik").delete()
    restored = camp_import_document(data=document)
    paper = TeamPlan.objects.get(round__camp=restored, state=PlanState.PAPER)
    assert paper.handed_in_user is None and paper.handed_in_by == PlanBy.STAFF
    approved = TeamPlan.objects.get(round__camp=restored, state=PlanState.APPROVED)
    assert approved.approved_by is not None and approved.approved_by.get_username() == "vedouci"
    users = list(
        PlanLogEntry.objects.filter(round__camp=restored, action=PlanAction.REOPENED)
        .order_by("at")
        .values_list("user__username", flat=True)
    )
    assert users == [None, "vedouci"]


def test_the_document_names_teams_rounds_and_users_never_ids(played: Camp) -> None:
    document = camp_export_document(camp=played)
    islands = document["islands"]
    assert [(k["team"], k["revoked_at"] is None, k["renewed_at"] is None) for k in islands["links"]] == [
        ("Červení", True, True),
        ("Modří", False, True),
        ("Zelení", True, False),
    ]
    fourth = islands["rounds"][3]
    assert fourth["opened"]["plans_due_at"] == "2026-07-09T19:30:00+00:00"
    assert [(p["team"], p["state"], p["reopened"]) for p in fourth["plans"]] == [
        ("Červení", "draft", True),
        ("Modří", "handed_in", False),
        ("Zelení", "none", True),
    ]
    assert fourth["plan_log"][0] == {
        "team": None,
        "at": "2026-07-09T19:00:00+00:00",
        "by": "staff",
        "user": "vedouci",
        "action": "deadline",
        "note": "19:30",
    }
    third = islands["rounds"][2]
    assert third["plans"][1]["approved_by"] == "vedouci" and third["plans"][1]["orders_version"] == 3
    assert third["plans"][2]["note"] == "C2 nemůže přes útes – opravte trasu.\nDíky!"
    assert [o["version"] for o in third["orders"]] == [1, 3, 1]
    assert third["result"]["printed_at"] == "2026-07-09T18:00:00+00:00"
    assert set(third["undone"]["shown"]["teams"]) == {"Červení", "Modří", "Zelení"}
    assert set(third["undone"]["shown"]["translations"]["en"]["teams"]) == {"Červení", "Modří"}
    assert islands["rounds"][0]["result"]["draws"] == {"Červení.C1.rum": ["NW", "NW"]}
    assert islands["rounds"][1]["opened"]["fixed_draws"] == {"Modří.C1.rum": ["SE", "N"]}
    assert [h["ap_before_import"] for h in islands["harbors"]] == [0, 0, 7]
    text = json.dumps(document)
    assert "_id" not in text and '"pk"' not in text


# ------------------------------------------------------------------------------------ older files

#: What a document written before these fields lacks (``key path`` -> keys); it must still import.
_ADDED = {
    "islands": ("links", "proofs", "notices"),
    "islands.setup": ("team_links",),
    "islands.harbors[]": ("ap_before_import",),
    "islands.rounds[]": ("plans", "plan_log", "undone"),
    "islands.rounds[].opened": ("fixed_draws", "plans_due_at"),
    "islands.rounds[].orders[]": ("version",),
    "islands.rounds[].result": ("draws", "printed_at"),
}


def _strip(node: Any, path: list[str], keys: tuple[str, ...]) -> None:
    if node is None:
        return
    if not path:
        for key in keys:
            del node[key]
        return
    head, *rest = path
    if head.endswith("[]"):
        for item in node[head[:-2]]:
            _strip(item, rest, keys)
    else:
        _strip(node[head], rest, keys)


def older_document(document: dict[str, Any]) -> dict[str, Any]:
    older = copy.deepcopy(document)
    for path, keys in _ADDED.items():
        _strip(older, path.split("."), keys)
    return older


def test_a_document_written_before_them_still_imports_with_their_defaults(played: Camp) -> None:
    older = older_document(camp_export_document(camp=played))
    assert "links" not in older["islands"] and "version" not in older["islands"]["rounds"][0]["orders"][0]
    restored = camp_import_document(data=older)

    assert BoardSetup.objects.get(camp=restored).team_links is False
    assert not TeamLink.objects.filter(team__camp=restored).exists()
    assert not TeamPlan.objects.filter(round__camp=restored).exists()
    assert not PlanLogEntry.objects.filter(round__camp=restored).exists()
    assert not UndoneResolution.objects.filter(round__camp=restored).exists()
    assert set(TeamOrders.objects.filter(round__camp=restored).values_list("version", flat=True)) == {0}
    assert set(IslandsRound.objects.filter(round__camp=restored).values_list("plans_due_at", flat=True)) == {
        None
    }
    assert all(not row.fixed_draws for row in IslandsRound.objects.filter(round__camp=restored))
    results = RoundResult.objects.filter(round__camp=restored)
    assert results.count() == 3 and all(r.draws is None and r.printed_at is None for r in results)
    assert set(Harbor.objects.filter(team__camp=restored).values_list("ap_before_import", flat=True)) == {0}


def test_a_plan_written_before_nothing_to_do_imports_with_no_undo(played: Camp) -> None:
    document = camp_export_document(camp=played)
    older = copy.deepcopy(document)
    plans = [plan for r in older["islands"]["rounds"] for plan in r.get("plans", [])]
    assert plans and all(plan.pop("hand_in_expected") is True for plan in plans)
    restored = camp_import_document(data=older)
    expected = TeamPlan.objects.filter(round__camp=restored).values_list("hand_in_expected", flat=True)
    assert len(expected) == len(plans) and set(expected) == {False}
    bad = copy.deepcopy(document)
    bad["islands"]["rounds"][-1]["plans"][0]["hand_in_expected"] = "ano"
    assert any(p.endswith(".plans[0].hand_in_expected: expected true or false") for p in problems_of(bad))


# ------------------------------------------------------------------------------------ checking


def problems_of(data: Any) -> list[str]:
    counts = (
        TeamLink.objects.count(),
        TeamPlan.objects.count(),
        PlanLogEntry.objects.count(),
        Camp.objects.count(),
    )
    with translation.override("en"), pytest.raises(BackupDocumentError) as caught:
        camp_import_document(data=data)
    assert (
        TeamLink.objects.count(),
        TeamPlan.objects.count(),
        PlanLogEntry.objects.count(),
        Camp.objects.count(),
    ) == counts  # nothing stored
    return caught.value.problems


_NO_TEAM = "the deadline's entry names no team; every other entry names its team"


def test_every_problem_of_the_new_parts_is_named_by_its_path(played: Camp) -> None:
    broken = copy.deepcopy(camp_export_document(camp=played))
    islands = broken["islands"]
    islands["setup"]["team_links"] = "yes"
    islands["harbors"][0]["ap_before_import"] = -1
    islands["links"][1]["team"] = "Červení"
    islands["links"][2]["token"] = islands["links"][0]["token"]
    islands["links"][0]["token"] = "krátký"
    islands["links"][1]["revoked_at"] = "včera"
    fourth, third = islands["rounds"][3], islands["rounds"][2]
    fourth["opened"]["plans_due_at"] = "2026-07-09 19:30"
    fourth["plans"][1]["team"] = "Červení"
    fourth["plans"][2]["state"] = "lost"
    fourth["plans"][0]["letters"] = "de"
    fourth["plans"][0]["routes"] = {"C1": 5}
    fourth["plans"][0]["handed_in_by"] = "parent"
    fourth["plans"][0]["harbor"] = "+" * 601
    fourth["plan_log"][0]["team"] = "Modří"
    fourth["plan_log"][1]["team"] = None
    fourth["plan_log"][2]["action"] = "deleted"
    fourth["plan_log"][3]["team"] = "Fialoví"
    third["orders"][0]["version"] = -2
    third["result"]["printed_at"] = 5
    third["undone"]["shown"]["teams"]["Fialoví"] = {}
    third["undone"]["shown"]["translations"]["en"]["teams"]["Růžoví"] = {}
    third["undone"]["printed"] = "ano"
    islands["rounds"][0]["result"]["draws"] = {"Modří.C1.rum": ["UP"]}
    islands["rounds"][1]["opened"]["fixed_draws"] = []
    problems = problems_of(broken)
    expected = [
        "islands.setup.team_links: expected true or false",
        "islands.harbors[0].ap_before_import: must be a whole number from 0 to 2147483647, not -1",
        "islands.rounds[0].result.draws.Modří.C1.rum",
        "islands.rounds[1].opened.fixed_draws: expected an object ({…})",
        "islands.rounds[2].orders[0].version: must be a whole number from 0 to 2147483647, not -2",
        "islands.rounds[2].undone.shown.teams.Fialoví: no team named “Fialoví” in teams",
        "islands.rounds[2].undone.shown.translations.en.teams.Růžoví: no team named “Růžoví” in teams",
        "islands.rounds[2].undone.printed: expected true or false",
        "islands.rounds[2].result.printed_at: expected a date and time with its time zone",
        "islands.rounds[3].opened.plans_due_at: expected a date and time with its time zone",
        "islands.rounds[3].plans[0].harbor: at most 600 characters, not 601",
        "islands.rounds[3].plans[0].routes.C1: expected a text (in quotes)",
        'islands.rounds[3].plans[0].letters: must be one of "cs", "en"',
        'islands.rounds[3].plans[0].handed_in_by: must be one of "", "staff", "team"',
        "islands.rounds[3].plans[1].team: a second plan of “Červení” in this round",
        "islands.rounds[3].plans[2].state: must be one of",
        f"islands.rounds[3].plan_log[0].team: {_NO_TEAM}",
        f"islands.rounds[3].plan_log[1].team: {_NO_TEAM}",
        "islands.rounds[3].plan_log[2].action: must be one of",
        "islands.rounds[3].plan_log[3].team: no team named “Fialoví” in teams",
        "islands.links[0].token: expected a link's token: 43 to 64 letters, digits, - or _",
        "islands.links[1].team: a second link of “Červení”",
        "islands.links[1].revoked_at: expected a date and time with its time zone",
    ]
    for start in expected:
        assert any(p.startswith(start) for p in problems), (start, problems)
    assert len(problems) == len(expected), problems


def test_a_token_twice_in_the_file_is_refused(played: Camp) -> None:
    broken = copy.deepcopy(camp_export_document(camp=played))
    broken["islands"]["links"][2]["token"] = broken["islands"]["links"][0]["token"]
    assert problems_of(broken) == ["islands.links[2].token: the same token as islands.links[0]"]


def test_a_proof_of_the_board_comes_back_and_a_broken_one_is_refused(played: Camp) -> None:
    """The deal that proved the demo board fair travels with the file (a deal takes many minutes to
    run again); what is wrong in it is named by its path."""
    document = camp_export_document(camp=played)
    [proof] = document["islands"]["proofs"]
    assert proof["kind"] == "deal" and proof["proven"][0]["camps"] >= 1000
    broken = copy.deepcopy(document)
    bad = broken["islands"]["proofs"][0]
    bad["kind"] = "guess"
    bad["proven"] = [{"key": "x", "camps": -5}]
    bad["report"] = ["not", "an", "object"]
    bad["finished_at"] = "včera"
    assert problems_of(broken) == [
        'islands.proofs[0].kind: must be one of "rehearsal", "deal"',
        "islands.proofs[0].proven[0].camps: must be a whole number from 0 to 2147483647, not -5",
        "islands.proofs[0].report: expected an object ({…})",
        "islands.proofs[0].finished_at: expected a date and time with its time zone, e.g. "
        "2026-07-04T18:00:00+00:00",
    ]
    delete_everything()
    restored = camp_import_document(data=document)
    row = Rehearsal.objects.get(camp=restored)
    assert (row.kind, row.status, row.report) == ("deal", "done", proof["report"])


# ------------------------------------------------------------------------------------ tokens in use


def test_tokens_already_in_this_database_are_drawn_anew_and_the_preview_says_so(played: Camp) -> None:
    """Importing beside the camp run the file was written from (or a second time): the links of the
    camp run already here keep working; the copy's are new, renewed at the import, revoked or not as
    they were."""
    document = camp_export_document(camp=played)
    original = {k.team.name: (k.token, k.token_revoked_at) for k in TeamLink.objects.select_related("team")}
    staff = get_user_model().objects.get(username="vedouci")
    staff.is_superuser = True
    staff.save()
    client = Client()
    client.force_login(staff)
    upload = SimpleUploadedFile("backup.json", json.dumps(document).encode(), content_type="application/json")
    preview = BeautifulSoup(
        client.post(reverse("admin:camp_camp_restore"), {"file": upload}).content, "html.parser"
    )
    games = [
        li.get_text(" ", strip=True)
        for li in preview.find(id="backup-preview").find(class_="zo-games").find_all("li")
    ]
    assert "3 týmové odkazy: jejich vytištěné QR kódy dál fungují." in games
    assert (
        "3 z nich už tato databáze používá (je v ní tábor, ze kterého soubor pochází): tyto týmy "
        "dostanou nové odkazy, vytiskněte jim lístky znovu." in games
    )

    copy_ = camp_import_document(data=document)
    moment = CampOrigin.objects.get(camp=copy_).at  # the import's moment
    links = {k.team.name: k for k in TeamLink.objects.filter(team__camp=copy_).select_related("team")}
    assert links.keys() == original.keys()
    for name, link in links.items():
        token, revoked_at = original[name]
        assert link.token != token and len(link.token) == 43
        assert link.token_revoked_at == revoked_at
        assert link.renewed_at == moment
    # the camp run already here keeps its links
    assert {
        k.team.name: (k.token, k.token_revoked_at)
        for k in TeamLink.objects.filter(team__camp=played).select_related("team")
    } == original
    page = Client().get(reverse("islands_public:team", args=[original["Červení"][0]]))
    assert page.status_code == 200
    assert Client().get(reverse("islands_public:team", args=[links["Červení"].token])).status_code == 200

    # only the tokens in use: a file whose links are not here keeps its own
    fresh = copy.deepcopy(document)
    fresh["islands"]["links"][0]["token"] = "A" * 43
    third = camp_import_document(data=fresh)
    kept = TeamLink.objects.get(team__camp=third, team__name="Červení")
    assert kept.token == "A" * 43 and kept.renewed_at is None
