"""The ``zlate-ostrovy-camp/1`` document: every problem of a broken file is named by its JSON path,
in the user's language, and nothing is stored; the commands' contract; the admin's download and
restore pages."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from camp.backups.document import BackupDocumentError, camp_document_parse, camp_import_document
from camp.backups.export import camp_export_document
from camp.backups.reader import FORMAT
from camp.demo import demo_camp
from camp.models import Camp, Placement, Round, Team
from games.batavia.models import BataviaSeat, BataviaSession
from games.islands.models.board import BoardHex, Ship
from games.islands.models.rounds import RoundResult, TeamOrders


@pytest.fixture
def document(db: None) -> dict[str, Any]:
    call_command("loaddata", "demo_camp", verbosity=0)
    camp = demo_camp()
    assert camp is not None
    return camp_export_document(camp=camp)


def row_counts() -> dict[str, int]:
    models = (
        Camp,
        Team,
        Round,
        Placement,
        BoardHex,
        Ship,
        TeamOrders,
        RoundResult,
        BataviaSession,
        BataviaSeat,
    )
    return {m.__name__: m.objects.count() for m in models}


def problems_of(data: Any) -> list[str]:
    before = row_counts()
    with pytest.raises(BackupDocumentError) as caught:
        camp_import_document(data=data)
    assert row_counts() == before  # nothing stored
    return caught.value.problems


def test_the_document_has_the_format_and_no_database_id(document: dict[str, Any]) -> None:
    assert document["format"] == FORMAT
    assert list(document) == ["format", "exported_at", "camp", "teams", "rounds", "islands", "batavia"]
    assert document["camp"]["seed"] == 4151990316782215021
    assert [t["name"] for t in document["teams"]] == ["Červení", "Modří", "Zelení"]
    assert document["rounds"][1]["placements"][0] == {"team": "Modří", "rank": 1, "ap": 14}
    assert document["islands"]["rounds"][1]["opened"]["priority"] == ["Zelení", "Modří", "Červení"]
    text = json.dumps(document)
    assert '"pk"' not in text and "_id" not in text and "token" not in text and "demo-fixture" not in text


def test_a_file_that_is_no_json_document(db: None) -> None:
    with translation.override("en"):
        with pytest.raises(BackupDocumentError) as caught:
            camp_document_parse(b'{"format": ')
        assert caught.value.problems[0].startswith("The file is not JSON (line 1, column 12")
        for content, start in (
            (b"\xff\xfe{}", "The file is not UTF-8 text"),
            (b'{"a": NaN}', "The file holds NaN"),
            (b'{"a": 1, "a": 2}', "The file names the key “a” twice"),
            (b"[" * 100_000, "The file nests its JSON too deep"),
            (b'{"a": ' + b"9" * 5000 + b"}", "The file holds a number of more than"),
        ):
            with pytest.raises(BackupDocumentError) as caught:
                camp_document_parse(content)
            assert caught.value.problems[0].startswith(start), content[:20]


def test_the_wrong_format_is_named_in_czech(document: dict[str, Any]) -> None:
    broken = {**document, "format": "zlate-ostrovy/1"}
    with translation.override("cs"):
        (problem,) = problems_of(broken)
    assert (
        problem.startswith("format: ") and "zlate-ostrovy-camp/1" in problem and "zlate-ostrovy/1" in problem
    )
    assert problem != problem.encode("ascii", "ignore").decode()  # Czech words with diacritics
    with translation.override("en"):
        assert problems_of([]) == ["The file is not a camp backup: expected a JSON object."]


def test_every_problem_is_named_by_its_path(document: dict[str, Any]) -> None:
    broken = copy.deepcopy(document)
    del broken["camp"]["year"]
    broken["camp"]["seed"] = 2**63  # beyond a signed 64-bit column (SQLite and PostgreSQL)
    broken["camp"]["name"] = "x" * 201
    broken["teams"][1]["name"] = "Červení"
    broken["teams"][2]["colour"] = "green"
    broken["teams"][2]["order"] = "3"
    broken["rounds"][0]["placements"][0]["team"] = "Fialoví"
    broken["rounds"][0]["placements"][1]["ap"] = 2**31  # beyond PostgreSQL's smallint
    broken["rounds"][1]["minigame"]["name"] = "Lov\ud800"
    broken["rounds"][2]["status"] = "played"
    broken["rounds"][3]["number"] = 1
    broken["islands"]["hexes"][0]["at"] = "Q99"
    broken["islands"]["ships"][0]["built_round"] = 77
    broken["islands"]["rounds"][0]["result"]["before"]["teams"][0]["name"] = "Nikdo"
    broken["batavia"][0]["record"]["players"] = ["A", "B"]
    broken["batavia"][0]["seats"][0]["bot"] = "clever"
    broken["unknown"] = 1
    with translation.override("en"):
        problems = problems_of(broken)
    expected_starts = [
        "unknown: unknown key",
        "camp.year: missing",
        "camp.name: at most 200 characters, not 201",
        "camp.seed: must be a whole number from 0 to 9223372036854775807, not 9223372036854775808",
        "teams[1].name: a second team named “Červení” (teams[0])",
        "teams[2].colour: expected a colour",
        "teams[2].order: expected a whole number",
        "rounds[0].placements[0].team: no team named “Fialoví” in teams",
        "rounds[0].placements[1].ap: must be a whole number from 0 to 32767, not 2147483648",
        "rounds[1].minigame.name: holds a character that cannot be stored",
        "rounds[2].status: must be one of",
        "rounds[3].number: a second round 1 (rounds[0])",
        "islands.hexes[0].at: “Q99” is not a hex of a board of side 9",
        "islands.ships[0].built_round: no round 77 in rounds",
        "islands.rounds[0].result.before.teams: no team named “Nikdo” in teams",
        "batavia[0].seats[0].bot: must be one of",
        "batavia[0].record: The record cannot be read",
    ]
    for start in expected_starts:
        assert any(p.startswith(start) for p in problems), (start, problems)


def test_a_round_reference_of_a_round_that_is_not_in_the_file(document: dict[str, Any]) -> None:
    broken = copy.deepcopy(document)
    broken["rounds"] = broken["rounds"][:2]
    with translation.override("en"):
        problems = problems_of(broken)
    assert "islands.rounds[2].round: no round 3 in rounds" in problems
    assert "batavia[0].round: no round 3 in rounds" in problems


def test_lists_and_objects_of_the_wrong_type(document: dict[str, Any]) -> None:
    broken = {**document, "teams": {"name": "Červení"}, "rounds": "all", "islands": [], "batavia": {}}
    with translation.override("en"):
        problems = problems_of(broken)
    assert problems == [
        "teams: expected a list ([…])",
        "rounds: expected a list ([…])",
        "islands: expected an object ({…})",
        "batavia: expected a list ([…])",
    ]


# ------------------------------------------------------------------------------------ commands


def test_camp_export_writes_stdout_or_a_file_and_camp_import_prints_the_new_id(
    document: dict[str, Any], tmp_path: Path
) -> None:
    camp = demo_camp()
    assert camp is not None
    out = io.StringIO()
    call_command("camp_export", str(camp.pk), stdout=out)
    assert json.loads(out.getvalue())["camp"] == document["camp"]
    path = tmp_path / "f.json"
    err = io.StringIO()
    call_command("camp_export", str(camp.pk), "-o", str(path), stdout=io.StringIO(), stderr=err)
    assert json.loads(path.read_text(encoding="utf-8"))["teams"] == document["teams"]
    assert err.getvalue().splitlines() == [  # what it did, in English and Czech like the banner
        f"The camp run “{camp.name}” (no. {camp.pk}) was written to {path}. It holds the camp's secrets "
        "(the seed, the hidden board): keep it like the database.",
        f"Tábor „{camp.name}“ (běh č. {camp.pk}) je zapsán do {path}. Obsahuje tajnosti hry (semínko, "
        "zahalený herní plán): uchovejte ho stejně pečlivě jako databázi.",
    ]

    out, err = io.StringIO(), io.StringIO()
    call_command("camp_import", str(path), stdout=out, stderr=err)
    new = Camp.objects.get(pk=int(out.getvalue()))
    assert new.pk != camp.pk and new.name == camp.name and new.seed == camp.seed
    assert err.getvalue().splitlines() == [
        f"The camp run “{camp.name}” was restored as the new camp run no. {new.pk}.",
        f"Tábor „{camp.name}“ byl obnoven jako nový běh č. {new.pk}.",
    ]


def test_camp_import_of_a_broken_file_exits_1_with_the_problems_on_stderr(
    document: dict[str, Any], tmp_path: Path
) -> None:
    broken = copy.deepcopy(document)
    broken["teams"][0]["name"] = ""
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    before = row_counts()
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"), pytest.raises(SystemExit) as exit_:
        call_command("camp_import", str(path), stdout=out, stderr=err)
    assert exit_.value.code == 1 and out.getvalue() == ""
    said = err.getvalue().splitlines()
    assert said[:2] == ["Nothing was imported:", "Nic se neimportovalo:"]
    assert "teams[0].name: must not be empty" in said  # in English, then in Czech
    assert said.index("teams[0].name: nesmí být prázdné") > said.index("teams[0].name: must not be empty")
    assert row_counts() == before


@pytest.mark.parametrize("camp_id", ["999", "²", "-1", "9" * 25])
def test_camp_export_of_an_unknown_camp_exits_1(db: None, camp_id: str) -> None:
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("camp_export", camp_id, stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    assert err.getvalue().splitlines() == [
        f"There is no camp run no. {camp_id}: nothing was written.",
        f"Běh tábora č. {camp_id} neexistuje: nic se nezapsalo.",
    ]


def test_camp_export_into_a_folder_says_why_not_in_both_languages(
    document: dict[str, Any], tmp_path: Path
) -> None:
    camp = demo_camp()
    assert camp is not None
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("camp_export", str(camp.pk), "-o", str(tmp_path), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    assert err.getvalue().splitlines() == [
        f"{tmp_path}: cannot write the file (it is a folder, not a file).",
        f"{tmp_path}: soubor nelze zapsat (je to složka, ne soubor).",
    ]


@pytest.mark.parametrize(
    ("content", "english", "czech"),
    [
        (
            None,
            "cannot read the file: there is no such file or folder",
            "soubor nelze přečíst: takový soubor ani složka neexistuje",
        ),
        (
            b"PK\x03\x04 a zip file",
            "The file is not JSON (line 1, column 1: a value is expected here: the file is empty, cut short "
            "or not JSON at all).",
            "Soubor není JSON (řádek 1, sloupec 1: tady má být hodnota: soubor je prázdný, useknutý nebo to "
            "vůbec není JSON).",
        ),
        (
            b'{"format": "zlate-ostrovy-camp/1",}',
            "The file is not JSON (line 1, column 35: a key in double quotes is expected here).",
            "Soubor není JSON (řádek 1, sloupec 35: tady má být klíč v uvozovkách).",
        ),
    ],
    ids=["missing", "not-json", "trailing-comma"],
)
def test_camp_import_says_why_a_file_cannot_be_read_in_english_and_czech(
    db: None, tmp_path: Path, content: bytes | None, english: str, czech: str
) -> None:
    """The reason is the command's own words in each language, never Python's English inside Czech."""
    path = tmp_path / "backup.json"
    if content is not None:
        path.write_bytes(content)
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("camp_import", str(path), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 1
    said = err.getvalue().splitlines()
    assert said[:2] == ["Nothing was imported:", "Nic se neimportovalo:"]
    prefix = f"{path}: " if content is None else ""
    assert prefix + english in said and prefix + czech in said
    assert not [line for line in said if "Expecting" in line]


# ------------------------------------------------------------------------------------ admin


@pytest.fixture
def staff_client(db: None) -> Client:
    user = get_user_model().objects.create_superuser("vedouci", "vedouci@example.com", "heslo-heslo-123")
    client = Client()
    client.force_login(user)
    return client


def upload(client: Client, content: bytes) -> Any:
    return client.post(
        reverse("admin:camp_camp_restore"),
        {"file": SimpleUploadedFile("backup.json", content, content_type="application/json")},
    )


def test_the_change_page_downloads_the_backup(document: dict[str, Any], staff_client: Client) -> None:
    camp = demo_camp()
    assert camp is not None
    page = BeautifulSoup(
        staff_client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content, "html.parser"
    )
    link = page.find("a", href=reverse("admin:camp_camp_backup", args=[camp.pk]))
    assert link is not None and link.get_text(strip=True) == "Stáhnout zálohu"
    response = staff_client.get(link["href"])
    assert response.status_code == 200
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="zlate-ostrovy-letni-tabor-techniku-1-beh-')
    assert disposition.endswith('.json"')
    downloaded = json.loads(response.content)
    assert {k: v for k, v in downloaded.items() if k != "exported_at"} == {
        k: v for k, v in document.items() if k != "exported_at"
    }


def test_the_download_needs_every_view_permission(document: dict[str, Any]) -> None:
    camp = demo_camp()
    assert camp is not None
    user = get_user_model().objects.create_user("pomocnik", password="heslo-heslo-123", is_staff=True)
    user.user_permissions.add(*Permission.objects.filter(codename__in=["view_camp", "change_camp"]))
    client = Client()
    client.force_login(user)
    page = BeautifulSoup(client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content, "html.parser")
    assert page.find("a", href=reverse("admin:camp_camp_backup", args=[camp.pk])) is None
    assert client.get(reverse("admin:camp_camp_backup", args=[camp.pk])).status_code == 403
    assert client.get(reverse("admin:camp_camp_restore")).status_code == 403  # may not add camp runs


def test_restore_previews_then_stores_a_new_camp_run(document: dict[str, Any], staff_client: Client) -> None:
    listing = BeautifulSoup(staff_client.get(reverse("admin:camp_camp_changelist")).content, "html.parser")
    link = listing.find("a", href=reverse("admin:camp_camp_restore"))
    assert link is not None and link.get_text(strip=True) == "Obnovit ze zálohy"

    before = row_counts()
    response = upload(staff_client, json.dumps(document).encode())
    assert response.status_code == 200 and row_counts() == before  # the preview stores nothing
    page = BeautifulSoup(response.content, "html.parser")
    preview = page.find(id="backup-preview")
    assert (
        preview.find(class_="zo-camp-name").get_text(strip=True)
        == "Letní tábor techniků – 1. běh (2026, běh 1)"
    )
    assert [li.get_text(strip=True) for li in preview.find(class_="zo-teams").find_all("li")] == [
        "Červení",
        "Modří",
        "Zelení",
    ]
    rounds = [li.get_text(" ", strip=True) for li in preview.find(class_="zo-rounds").find_all("li")]
    assert rounds == [
        "1. herní kolo: uzavřeno – Stavba vorů",
        rounds[1],
        rounds[2],
        rounds[3],
    ] and rounds[3].startswith("4. herní kolo: ")
    games = [li.get_text(strip=True) for li in preview.find(class_="zo-games").find_all("li")]
    assert any("Batavia" in line and "3" in line for line in games)

    payload = preview.find("input", attrs={"name": "payload"})["value"]
    stored = staff_client.post(reverse("admin:camp_camp_restore"), {"payload": payload})
    assert stored.status_code == 302
    new = Camp.objects.order_by("-id").first()
    assert new is not None and stored["Location"] == reverse("admin:camp_camp_change", args=[new.pk])
    assert Camp.objects.count() == 2 and Team.objects.filter(camp=new).count() == 3


def test_restore_lists_every_problem_of_a_broken_file_and_stores_nothing(
    document: dict[str, Any], staff_client: Client
) -> None:
    broken = copy.deepcopy(document)
    broken["teams"][0]["colour"] = 7
    broken["rounds"][0]["placements"][0]["rank"] = 0
    before = row_counts()
    response = upload(staff_client, json.dumps(broken).encode())
    assert response.status_code == 400 and row_counts() == before
    page = BeautifulSoup(response.content, "html.parser")
    assert page.find(id="backup-preview") is None
    items = [li.get_text(strip=True) for li in page.find(id="backup-problems").find_all("li")]
    assert len(items) == 2
    assert items[0].startswith("teams[0].colour: ") and items[1].startswith("rounds[0].placements[0].rank: ")

    not_json = upload(staff_client, b"\x00\x01 not json")
    assert not_json.status_code == 400
    assert BeautifulSoup(not_json.content, "html.parser").find(id="backup-problems") is not None


def test_a_tampered_confirmation_stores_nothing(document: dict[str, Any], staff_client: Client) -> None:
    before = row_counts()
    response = staff_client.post(reverse("admin:camp_camp_restore"), {"payload": json.dumps(document)})
    assert response.status_code == 400 and row_counts() == before
    items = BeautifulSoup(response.content, "html.parser").find(id="backup-problems").find_all("li")
    assert len(items) == 1


def test_a_too_large_file_is_refused(staff_client: Client, settings: Any) -> None:
    from camp import forms

    original = forms.MAX_BACKUP_BYTES
    forms.MAX_BACKUP_BYTES = 10
    try:
        response = upload(staff_client, b'{"format": "zlate-ostrovy-camp/1"}')
    finally:
        forms.MAX_BACKUP_BYTES = original
    page = BeautifulSoup(response.content, "html.parser")
    assert page.find(id="backup-preview") is None
    assert page.find(id="backup-upload").find(class_="errorlist") is not None
