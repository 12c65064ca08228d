"""A team's mark besides its colour: the palette's distinct-in-grey rule, the assignment of labels
and shapes, the migration that gives existing teams theirs, a restored backup's teams, and the
camp run page's new team rows (distinct colours, shapes and seats in the order typed)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from bs4 import BeautifulSoup
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from camp import services
from camp.backups.document import BackupDocumentError, camp_import_document
from camp.backups.export import camp_export_document
from camp.marks import (
    MAX_DISTINCT_TEAMS,
    MIN_GREY_STEP,
    TEAM_COLOURS,
    TEAM_SHAPES,
    Mark,
    assign_marks,
    grey,
    label_key,
    shape_points,
    team_colour,
    team_label,
    team_shape,
)
from camp.models import Camp, Team, TeamShape
from tests.browser import NEEDS_CHROMIUM
from tests.camp.test_camp_forms import field


def test_the_first_twelve_seats_never_look_alike_in_grey() -> None:
    """The rule: two teams of up to twelve are told apart in grey because their shapes differ; where
    two palette colours print nearly the same grey (closer than MIN_GREY_STEP), they are never given
    the same shape."""
    names = [f"Tým {n}" for n in range(1, MAX_DISTINCT_TEAMS + 1)]
    marks = assign_marks(names)
    seats = [(team_colour(i), mark) for i, mark in enumerate(marks)]
    for (colour_a, a), (colour_b, b) in combinations(seats, 2):
        assert a.shape != b.shape, (a, b)
        if abs(grey(colour_a) - grey(colour_b)) < MIN_GREY_STEP:
            assert a.shape != b.shape and a.label != b.label
    assert len({label_key(m.label) for m in marks}) == len(marks)


def test_the_palette_has_a_colour_and_a_drawable_shape_for_each_of_twelve_teams() -> None:
    assert len(set(TEAM_COLOURS)) == len(TEAM_COLOURS) >= MAX_DISTINCT_TEAMS
    assert set(TEAM_SHAPES) == set(TeamShape.values)
    assert len(TEAM_SHAPES) == MAX_DISTINCT_TEAMS
    outlines = {tuple(shape_points(shape, 0, 0, 10)) for shape in TEAM_SHAPES}
    assert len(outlines) == MAX_DISTINCT_TEAMS  # twelve different outlines (the circle's is empty)
    assert shape_points("circle", 0, 0, 10) == []
    assert shape_points("triangle", 0, 0, 10, y_up=True)[0][1] > 0  # the apex up on paper too


def test_the_grey_of_black_white_and_a_palette_colour() -> None:
    assert grey("#000000") == 0
    assert grey("#ffffff") == pytest.approx(1)
    assert grey("#c0392b") == pytest.approx((0.299 * 192 + 0.587 * 57 + 0.114 * 43) / 255)


def test_a_label_is_the_first_letters_and_a_collision_takes_more_of_the_name() -> None:
    assert team_label("Chobotnice") == "C"
    assert team_label("Zlatí piráti") == "ZP"
    # "Č" and "C" look alike on a small print: they collide.
    assert team_label("Chobotnice", ["Č"]) == "CH"
    assert team_label("Chobotnice", ["C", "CH"]) == "CHO"
    assert team_label("Cho", ["C", "CH", "CHO"]) == "C2"
    assert team_label("  ") == "T"
    assert all(len(team_label(name)) <= 3 for name in ("Zlatí piráti mořští", "Ab", "X"))


def test_assign_marks_gives_distinct_labels_and_shapes_beside_taken_ones() -> None:
    taken = [Mark("C", "circle"), Mark("M", "square")]
    marks = assign_marks(["Chobotnice", "Modří", "Piráti"], taken)
    assert marks == [Mark("CH", "triangle"), Mark("MO", "diamond"), Mark("P", "hexagon")]
    many = assign_marks([f"Tým {n}" for n in range(14)])
    assert [m.shape for m in many[:12]] == list(TEAM_SHAPES)
    assert len({m.label for m in many}) == 14


def test_team_shape_skips_used_shapes_and_wraps() -> None:
    assert team_shape(0, ["circle"]) == "square"
    assert team_shape(1, ["circle"]) == "triangle"
    assert team_shape(0, TEAM_SHAPES) == "circle"


def test_team_create_gives_a_default_mark_and_keeps_a_typed_one(camp: Camp) -> None:
    first = services.team_create(camp=camp, name="Chobotnice", colour=TEAM_COLOURS[2])
    second = services.team_create(camp=camp, name="Červení", colour=TEAM_COLOURS[0])
    typed = services.team_create(camp=camp, name="Piráti", colour=TEAM_COLOURS[1], label="pi", shape="star")
    assert (first.label, first.shape) == ("C", "circle")
    assert (second.label, second.shape) == ("ČE", "square")
    assert (typed.label, typed.shape) == ("PI", "star")


def test_a_mark_taken_in_the_camp_is_refused_by_name(camp: Camp) -> None:
    services.team_create(camp=camp, name="Chobotnice", colour=TEAM_COLOURS[2])
    with pytest.raises(ValidationError) as error:
        services.team_create(camp=camp, name="Piráti", colour=TEAM_COLOURS[1], label="C")
    assert error.value.messages == ["Tuto značku už má jiný tým tohoto běhu."]
    assert camp.teams.count() == 1


def test_a_restored_backup_keeps_its_teams_marks(camp: Camp) -> None:
    services.team_create(camp=camp, name="Zelení", colour=TEAM_COLOURS[2], order=2)
    services.team_create(camp=camp, name="Modří", colour=TEAM_COLOURS[1], order=1, label="XY", shape="star")
    document = camp_export_document(camp=camp)
    restored = camp_import_document(data=document)
    marks = list(restored.teams.order_by("order").values_list("name", "label", "shape"))
    assert marks == [("Modří", "XY", "star"), ("Zelení", "Z", "circle")]


def test_a_backup_from_before_the_marks_gives_its_teams_default_ones_beside_those_written(camp: Camp) -> None:
    services.team_create(camp=camp, name="Modří", colour=TEAM_COLOURS[1], order=1, label="Z", shape="circle")
    services.team_create(camp=camp, name="Zelení", colour=TEAM_COLOURS[2], order=2)
    document = camp_export_document(camp=camp)
    for team in document["teams"]:
        if team["name"] == "Zelení":  # as a document written before the marks has it
            del team["label"], team["shape"]
    restored = camp_import_document(data=document)
    marks = list(restored.teams.order_by("order").values_list("name", "label", "shape"))
    assert marks == [("Modří", "Z", "circle"), ("Zelení", "ZE", "square")]


@pytest.mark.parametrize(
    ("mark", "problem"),
    [
        ({"label": "xy", "shape": "star"}, "teams[0].label: expected 1 to 3 capital letters or digits"),
        ({"label": "ABCD", "shape": "star"}, "teams[0].label: at most 3 characters, not 4"),
        ({"label": "XY", "shape": "blob"}, "teams[0].shape: must be one of"),
        ({"label": "XY"}, "teams[0]: a team's mark is its label and its shape: give both or neither"),
        ({"label": "ZE", "shape": "star"}, "teams[1].label: a second team with the mark “ZE” (teams[0])"),
    ],
)
def test_a_backup_with_a_bad_mark_is_refused_naming_it(
    camp: Camp, mark: dict[str, str], problem: str, settings: object
) -> None:
    services.team_create(camp=camp, name="Zelení", colour=TEAM_COLOURS[2], order=1, label="ZE")
    services.team_create(camp=camp, name="Modří", colour=TEAM_COLOURS[1], order=2)
    document = camp_export_document(camp=camp)
    target = document["teams"][1 if mark.get("label") == "ZE" else 0]
    del target["label"], target["shape"]
    target.update(mark)
    with translation.override("en"), pytest.raises(BackupDocumentError) as error:
        camp_import_document(data=document)
    assert any(message.startswith(problem) for message in error.value.messages), error.value.messages
    assert Camp.objects.count() == 1


# ------------------------------------------------------------------------------------ migration


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_existing_teams_distinct_marks_in_seat_order() -> None:
    executor = MigrationExecutor(connection)
    before = [("camp", "0005_phone_address")]
    after = [("camp", "0007_team_label_unique")]
    try:
        executor.migrate(before)
        old = executor.loader.project_state(before).apps
        OldCamp, OldTeam = old.get_model("camp", "Camp"), old.get_model("camp", "Team")
        camp = OldCamp.objects.create(name="Starý běh", year=2025, run_number=1, seed=1, ap_table=[14, 11, 8])
        other = OldCamp.objects.create(name="Jiný běh", year=2025, run_number=2, seed=2, ap_table=[14])
        for order, name in enumerate(["Chobotnice", "Červení", "Piráti"], start=1):
            OldTeam.objects.create(camp=camp, name=name, colour=TEAM_COLOURS[order], order=order)
        OldTeam.objects.create(camp=other, name="Chobotnice", colour=TEAM_COLOURS[0], order=1)
        executor = MigrationExecutor(connection)
        executor.migrate(after)
        new = executor.loader.project_state(after).apps.get_model("camp", "Team")
        rows = list(new.objects.order_by("camp_id", "order").values_list("name", "label", "shape"))
        assert rows == [
            ("Chobotnice", "C", "circle"),
            ("Červení", "ČE", "square"),
            ("Piráti", "P", "triangle"),
            ("Chobotnice", "C", "circle"),
        ]
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())


# ------------------------------------------------------------------- the camp run page's team rows


def test_each_new_team_row_has_its_own_shape_and_the_next_seat(admin_client: Client) -> None:
    page = BeautifulSoup(admin_client.get(reverse("admin:camp_camp_add")).content, "html.parser")
    shapes, seats = [], []
    for index in ("0", "1", "2"):
        select = page.find("select", attrs={"name": f"teams-{index}-shape"})
        assert select is not None
        shapes.append(select.find("option", selected=True)["value"])
        seats.append(field(page, f"teams-{index}-order")["value"])
    assert shapes == list(TEAM_SHAPES[:3])
    assert seats == ["1", "2", "3"]
    assert field(page, "teams-__prefix__-colour")["data-palette"] == " ".join(TEAM_COLOURS)
    scripts = [s.get("src", "") for s in page.find_all("script")]
    assert any(src.endswith("camp/team_rows.js") for src in scripts)


def test_a_team_added_later_gets_a_shape_and_seat_its_camp_does_not_use(
    admin_client: Client, camp: Camp
) -> None:
    services.team_create(camp=camp, name="Červení", colour=TEAM_COLOURS[0], order=4)
    page = BeautifulSoup(
        admin_client.get(reverse("admin:camp_camp_change", args=[camp.pk])).content, "html.parser"
    )
    select = page.find("select", attrs={"name": "teams-__prefix__-shape"})
    assert select.find("option", selected=True)["value"] == "square"
    assert field(page, "teams-__prefix__-order")["value"] == "5"


def test_the_camp_form_stores_the_teams_in_the_order_typed_with_distinct_marks(
    admin_client: Client, db: None
) -> None:
    data = {
        "name": "Letní tábor techniků – 2. běh",
        "year": str(timezone.localdate().year),
        "run_number": "2",
        "board_side": "9",
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": "4",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
    }
    rows = [("Zelení", "", "circle", "1"), ("Chobotnice", "", "square", "2")]
    rows += [("Červení", "", "triangle", "3"), ("Albatros", "x", "diamond", "4")]
    for index, (name, label, shape, seat) in enumerate(rows):
        data |= {
            f"teams-{index}-name": name,
            f"teams-{index}-colour": TEAM_COLOURS[index],
            f"teams-{index}-label": label,
            f"teams-{index}-shape": shape,
            f"teams-{index}-order": seat,
        }
    response = admin_client.post(reverse("admin:camp_camp_add"), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    stored = list(Camp.objects.get().teams.values_list("name", "label", "shape"))
    assert stored == [
        ("Zelení", "Z", "circle"),
        ("Chobotnice", "C", "square"),
        ("Červení", "ČE", "triangle"),
        ("Albatros", "X", "diamond"),
    ]


def test_two_rows_with_the_same_mark_are_refused_naming_it(admin_client: Client, camp: Camp) -> None:
    data = {
        "name": camp.name,
        "year": str(camp.year),
        "run_number": str(camp.run_number),
        "board_side": str(camp.board_side),
        "ap_table": "14, 11, 8",
        "route_letters": camp.route_letters,
        "teams-TOTAL_FORMS": "2",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
    }
    for index, name in enumerate(["Piráti", "Pavouci"]):
        data |= {
            f"teams-{index}-name": name,
            f"teams-{index}-colour": TEAM_COLOURS[index],
            f"teams-{index}-label": "P",
            f"teams-{index}-shape": TEAM_SHAPES[index],
            f"teams-{index}-order": str(index + 1),
        }
    response = admin_client.post(reverse("admin:camp_camp_change", args=[camp.pk]), data)
    assert response.status_code == 200
    page = BeautifulSoup(response.content, "html.parser")
    errors = " ".join(e.get_text(" ", strip=True) for e in page.select("#teams-group .errorlist"))
    assert "Dva týmy mají stejnou značku" in errors
    assert not Team.objects.filter(camp=camp).exists()


@NEEDS_CHROMIUM[0]
@NEEDS_CHROMIUM[1]
@pytest.mark.django_db(transaction=True)
def test_add_another_team_rows_take_the_next_colour_shape_and_seat(
    live_server: Any, page: Any, admin_user: Any
) -> None:
    """ "Přidat další tým" copies one empty row: team_rows.js gives each copy the first colour and
    shape no row above has and the seat after the highest, so saved teams sit in the order typed."""
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", "password")
    page.click("input[type=submit]")
    page.goto(f"{live_server.url}{reverse('admin:camp_camp_add')}")
    page.fill("#id_teams-1-colour", TEAM_COLOURS[5])  # a row above picked another palette colour
    for _ in range(2):
        page.click("#teams-group .add-row a")
    rows = page.eval_on_selector_all(
        "#teams-group tr.form-row:not(.empty-form)",
        """rows => rows.map(r => [r.querySelector("input.zo-colour").value,
            r.querySelector("select[name$='-shape']").value, r.querySelector("input.zo-team-seat").value])""",
    )
    # The rows above hold colours 0, 5, 2: the new ones take 1 and 3.
    assert rows[3:] == [[TEAM_COLOURS[1], TEAM_SHAPES[3], "4"], [TEAM_COLOURS[3], TEAM_SHAPES[4], "5"]]
