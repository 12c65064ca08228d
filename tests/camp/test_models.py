"""Camp runs and teams: defaults, validation, the fixed seed."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client

from camp import services
from camp.forms import APTableField
from camp.hooks import guards
from camp.models import Camp, Team


def test_camp_defaults(camp: Camp) -> None:
    assert camp.board_side == 9
    assert camp.ap_table == [14, 11, 8]
    assert 0 <= camp.seed < 2**63
    assert camp.created_at is not None


def test_seeds_differ_and_fit_a_signed_bigint(db: None) -> None:
    seeds = {services.camp_create(name=f"Tábor {i}", year=2026).seed for i in range(5)}
    assert len(seeds) == 5
    assert max(seeds) < 2**63


def test_seed_cannot_be_changed(camp: Camp) -> None:
    camp = Camp.objects.get(pk=camp.pk)
    original = camp.seed
    camp.seed = original + 1
    with pytest.raises(ValueError, match="seed"):
        camp.save()
    camp.seed = original
    camp.name = "Přejmenovaný"
    camp.save()  # other fields stay editable
    assert Camp.objects.get(pk=camp.pk).seed == original
    assert "seed" not in [f.name for f in Camp._meta.get_fields() if getattr(f, "editable", False)]


@pytest.mark.parametrize("side", [2, 14, 0])
def test_board_side_range(db: None, side: int) -> None:
    with pytest.raises(ValidationError) as caught:
        services.camp_create(name="Tábor", year=2026, board_side=side)
    assert "board_side" in caught.value.message_dict
    assert not Camp.objects.exists()


@pytest.mark.parametrize("side", [3, 13])
def test_board_side_limits_are_fine(db: None, side: int) -> None:
    assert services.camp_create(name="Tábor", year=2026, board_side=side).board_side == side


@pytest.mark.parametrize("table", [[], [14, "11"], [14, -1], [8, 11, 14], [True], "14, 11", [1000]])
def test_bad_ap_tables(db: None, table: object) -> None:
    with pytest.raises(ValidationError) as caught:
        services.camp_create(name="Tábor", year=2026, ap_table=table)  # type: ignore[arg-type]
    assert "ap_table" in caught.value.message_dict


def test_ap_table_field_parses_commas() -> None:
    field = APTableField()
    assert field.clean("14, 11, 8") == [14, 11, 8]
    assert field.clean("[20,10]") == [20, 10]
    assert field.prepare_value([14, 11, 8]) == "14, 11, 8"
    with pytest.raises(ValidationError):
        field.clean("14, jedenáct")


@pytest.mark.parametrize("colour", ["red", "#fff", "#12345g", "c0392b", "#c0392b0"])
def test_bad_colours(camp: Camp, colour: str) -> None:
    with pytest.raises(ValidationError) as caught:
        services.team_create(camp=camp, name="Tým", colour=colour)
    assert "colour" in caught.value.message_dict


def test_colour_is_stored_lowercase_and_seats_count_up(camp: Camp) -> None:
    a = services.team_create(camp=camp, name="A", colour="#C0392B")
    b = services.team_create(camp=camp, name="B", colour="#2471a3")
    assert a.colour == "#c0392b"
    assert (a.order, b.order) == (1, 2)


def test_team_names_unique_within_a_camp(camp: Camp, other_camp: Camp) -> None:
    services.team_create(camp=camp, name="Červení", colour="#c0392b")
    services.team_create(camp=other_camp, name="Červení", colour="#c0392b")  # another camp: fine
    with pytest.raises(ValidationError):
        services.team_create(camp=camp, name="Červení", colour="#000000")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.create(camp=camp, name="Červení", colour="#000000")
    assert Team.objects.filter(camp=camp).count() == 1


def test_a_team_with_results_cannot_be_deleted(red: Team, round1: object) -> None:
    from django.db.models import ProtectedError

    services.placements_record(round=round1, ranks={red.pk: 1})  # type: ignore[arg-type]
    with pytest.raises(ProtectedError):
        red.delete()


# ------------------------------------------------------------------------------------ team add guard


def test_team_create_asks_the_games_team_add_guards(
    camp: Camp, teams: list[Team], other_camp: Camp, admin_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game's check (registered like the islands one) refuses a new team in the service, on the
    team page and in the camp page's inline, with its reason; nothing is stored; other camps go on."""
    from django.urls import reverse

    monkeypatch.setattr(guards.TEAM_ADD_GUARD, "_checks", [lambda c: "Zavřeno." if c.pk == camp.pk else ""])
    before = list(Team.objects.order_by("id").values_list("id", "name"))
    with pytest.raises(ValidationError) as caught:
        services.team_create(camp=camp, name="Žlutí", colour="#f1c40f")
    assert caught.value.code == "team_add_locked" and caught.value.messages == ["Zavřeno."]
    response = admin_client.post(
        reverse("admin:camp_team_add"), {"camp": camp.pk, "name": "Žlutí", "colour": "#f1c40f", "order": "4"}
    )
    assert response.status_code == 200 and "Zavřeno." in response.content.decode()
    data = {
        "name": camp.name,
        "year": str(camp.year),
        "run_number": str(camp.run_number),
        "board_side": str(camp.board_side),
        "ap_table": "14, 11, 8",
        "teams-TOTAL_FORMS": "1",
        "teams-INITIAL_FORMS": "0",
        "teams-MIN_NUM_FORMS": "0",
        "teams-MAX_NUM_FORMS": "1000",
        "teams-0-camp": str(camp.pk),
        "teams-0-name": "Žlutí",
        "teams-0-colour": "#f1c40f",
        "teams-0-order": "4",
    }
    response = admin_client.post(reverse("admin:camp_camp_change", args=[camp.pk]), data)
    assert response.status_code == 200 and "Zavřeno." in response.content.decode()
    assert list(Team.objects.order_by("id").values_list("id", "name")) == before
    assert services.team_create(camp=other_camp, name="Žlutí", colour="#f1c40f").camp == other_camp
