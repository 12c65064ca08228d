"""The one hook (camp.caches.version): every write of a game row draws a new version of its camp
run, whoever writes it (a service, the admin's pages, the querysets' bulk writes), once per
transaction, and never for a write rolled back."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.apps import apps
from django.db import connection, models, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from camp import services
from camp.caches import version
from camp.game_rows import GameRowManager
from camp.models import Camp, Placement, Round, Team

#: The apps whose rows the camp run's pages show.
GAME_APPS = ("camp", "islands", "batavia")


def current(camp: Camp) -> str | None:
    """The camp run's version as the caches read it (so a write after it draws another even inside
    the test's transaction)."""
    return version.public_version(camp.pk)


def version_writes(queries: CaptureQueriesContext) -> list[str]:
    """The statements of ``queries`` that wrote a camp run's version."""
    table = Camp._meta.db_table
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("UPDATE") and table in q["sql"]]


def _game_models() -> Iterator[type[models.Model]]:
    for label in GAME_APPS:
        yield from apps.get_app_config(label).get_models()


def test_every_model_of_the_games_is_a_game_row_or_says_why_not() -> None:
    """A new model of camp, the islands or Batavia gets a GameRowManager (its writes draw the
    version) or an entry in NOT_WATCHED with its reason: never neither."""
    game_rows = {m._meta.label for m in GAME_ROWS}
    others = {m._meta.label for m in _game_models()} - game_rows
    assert others == set(version.NOT_WATCHED), "a model neither watched nor in NOT_WATCHED (or a stale entry)"
    assert all(len(reason) > 30 for reason in version.NOT_WATCHED.values())
    assert {"camp.Team", "islands.Ship", "islands.TeamPlan", "islands.TelescopeChoice"} <= game_rows


GAME_ROWS = [m for m in _game_models() if isinstance(m._default_manager, GameRowManager)]


@pytest.mark.parametrize("model", GAME_ROWS)
def test_each_game_row_leads_to_its_camp_run_and_is_watched(model: type[models.Model]) -> None:
    """Its manager's way to the camp run ends at Camp, one foreign key after another, and its
    saves and deletes reach the hook."""
    manager = model._default_manager
    assert isinstance(manager, GameRowManager)
    at: type[models.Model] = model
    assert manager.camp_path is not None, model
    for step in filter(None, manager.camp_path.split("__")):
        field = at._meta.get_field(step)
        assert isinstance(field, models.ForeignKey) and not field.null, (model, step)
        at = field.related_model  # type: ignore[assignment]
    assert at is Camp
    assert post_save.has_listeners(model) and post_delete.has_listeners(model)


def test_a_service_draws_once_per_write_not_per_row(camp: Camp, teams: list[Team], round1: Round) -> None:
    before = current(camp)
    with CaptureQueriesContext(connection) as queries:
        services.placements_record(round=round1, ranks={t.pk: i for i, t in enumerate(teams, start=1)})
    assert Placement.objects.filter(round=round1).count() == 3
    assert current(camp) != before
    # the three placements in one bulk write, and the round's status
    assert len(version_writes(queries)) == 2


def test_an_admin_save_draws_a_version(admin_client: Client, camp: Camp, teams: list[Team]) -> None:
    red, before = teams[0], current(camp)
    url = reverse("admin:camp_team_change", args=[red.pk])
    data = {"name": red.name, "colour": "#000000", "order": red.order}
    assert admin_client.post(url, data).status_code == 302
    assert Team.objects.get(pk=red.pk).colour == "#000000"
    assert current(camp) != before


def test_an_admin_delete_draws_a_version(admin_client: Client, camp: Camp, teams: list[Team]) -> None:
    before = current(camp)
    url = reverse("admin:camp_team_delete", args=[teams[0].pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not Team.objects.filter(pk=teams[0].pk).exists()
    assert current(camp) != before


def test_the_bulk_writes_draw_a_version(camp: Camp, other_camp: Camp, teams: list[Team]) -> None:
    """update(), bulk_create(), bulk_update(), update_rows() and delete() of a queryset, each outside
    a transaction (so in one of its own), each draw the camp run's version, and only its own."""
    other = current(other_camp)

    def draws(write: object) -> None:
        before = current(camp)
        assert callable(write)
        write()
        assert current(camp) != before, write

    rounds = [Round(camp=camp, number=n) for n in (7, 8)]
    draws(lambda: Round.objects.bulk_create(rounds))
    draws(lambda: Team.objects.filter(camp=camp).update(order=5))
    for team in teams:
        team.order = 9
    draws(lambda: Team.objects.bulk_update(teams, ["order"]))
    for team in teams:
        team.order = 3
    draws(lambda: Team.objects.update_rows(teams, ["order"]))
    assert set(Team.objects.filter(camp=camp).values_list("order", flat=True)) == {3}
    draws(lambda: Round.objects.filter(camp=camp, number__in=(7, 8)).delete())
    assert current(other_camp) == other  # another camp run's pages stay


def test_a_write_rolled_back_keeps_the_version(camp: Camp, teams: list[Team]) -> None:
    before = current(camp)
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(camp=camp).update(order=7)
        assert current(camp) != before  # drawn with the write, in its transaction
        raise RuntimeError
    assert current(camp) == before


def test_a_write_after_a_rollback_draws_again(camp: Camp, teams: list[Team]) -> None:
    """A version drawn in a savepoint rolled back is taken back with it; each write after it
    draws one of its own (one small UPDATE a write)."""
    before = current(camp)
    with transaction.atomic():
        try:
            with transaction.atomic():
                teams[0].save()
                raise RuntimeError
        except RuntimeError:
            pass
        assert current(camp) == before
        with CaptureQueriesContext(connection) as queries:
            teams[1].save()
            teams[2].save()
        assert current(camp) != before
        assert len(version_writes(queries)) == 2


def test_a_version_read_inside_the_transaction_is_not_reused(camp: Camp, teams: list[Team]) -> None:
    """Once the version was read (a page keyed by it) the next write of the same transaction draws
    another: a kept page never hides it."""
    with transaction.atomic():
        teams[0].save()
        read = version.public_version(camp.pk)
        teams[1].save()
        assert version.public_version(camp.pk) != read


@pytest.mark.django_db(transaction=True)
def test_a_committed_transaction_draws_and_the_front_door_forgets() -> None:
    """In real transactions (no test transaction around): a draw a write (three saves, one update
    of three rows), and the front door's copy of the version is forgotten when it commits."""
    camp = services.camp_create(name="Verze", year=2026)
    teams = [services.team_create(camp=camp, name=f"Tým {n}", colour="#c0392b") for n in range(3)]
    assert version.public_version_recent(camp.pk) == current(camp)
    assert version.public_version_read_at(camp.pk) > 0
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        for team in teams:
            team.order += 1
            team.save()
        Team.objects.filter(camp=camp).update(order=F("order") + 1)
    assert len(version_writes(queries)) == 4
    assert version.public_version_read_at(camp.pk) == 0
    assert version.public_version_recent(camp.pk) == current(camp)
